package svg

import (
	"bytes"
	"encoding/xml"
	"errors"
	"io"
	"maps"
	"strings"
	"testing"

	"gattai/layouts"
)

// TestTable adds kinds to a copy of the table the way a new kind is
// added: one draws a line and a clue outside the grid, which widens the
// margin; one fails, and Write says which constraint.
func TestTable(t *testing.T) {
	table := maps.Clone(painters)
	table["line"] = painter{outside: true, draw: func(b *board, c *layouts.Constraint) error {
		b.cellLine(layerLines, c.Cells, "#3a3", 8)
		x, y := b.centre(layouts.Pos{Row: -1, Col: 0}) // above the grid
		b.layers[layerClues].WriteString(`<text x="` + num(float64(x)) + `" y="` + num(float64(y)) + `">7</text>`)
		return nil
	}}
	table["helpers"] = painter{outside: true, draw: func(b *board, c *layouts.Constraint) error {
		b.edgeText(layouts.Pos{Row: 0, Col: 0}, layouts.Pos{Row: 0, Col: 1}, "X")
		b.edgeText(layouts.Pos{Row: 1, Col: 0}, layouts.Pos{Row: 2, Col: 0}, "V")
		b.cornerDigits(layouts.Pos{Row: 1, Col: 1}, []string{"1", "2", "3", "4"})
		b.cornerDigits(layouts.Pos{Row: 2, Col: 2}, []string{"5", "6", "7"})
		b.cornerDigits(layouts.Pos{Row: 0, Col: 2}, []string{"8", "9"})
		b.cornerDigits(layouts.Pos{Row: 2, Col: 0}, []string{"1"})
		b.outsideText(layouts.Pos{Row: -1, Col: 2}, "12")
		b.outsideText(layouts.Pos{Row: 1, Col: 4}, "3")
		b.diagonalClue(layouts.Pos{Row: -1, Col: -1}, 1, 1, "30")
		b.diagonalClue(layouts.Pos{Row: 4, Col: 1}, -1, 1, "7")
		b.diagonalClue(layouts.Pos{Row: 0, Col: 4}, 1, -1, "9")
		return nil
	}}
	table["broken"] = painter{draw: func(*board, *layouts.Constraint) error { return errors.New("boom") }}
	m, err := layouts.Compile(layouts.Classic(4, layouts.Shape{Rows: 2, Cols: 2}))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name        string
		constraints []layouts.Constraint
		want        []string // in the output
		err         string
	}{
		{"line", []layouts.Constraint{{Kind: "line", Cells: []layouts.Pos{{Row: 0, Col: 0}, {Row: 1, Col: 1}}}},
			[]string{`viewBox="0 0 240 240"`, `d="M60 60L100 100"`, `<text x="60" y="20">7</text>`}, ""},
		{"helpers", []layouts.Constraint{{Kind: "helpers"}, {Kind: "arrow", Cells: []layouts.Pos{{Row: 3, Col: 0}},
			Lines: [][]layouts.Pos{{{Row: 3, Col: 0}, {Row: 3, Col: 1}, {Row: 2, Col: 2}}}}},
			[]string{`viewBox="0 0 240 240"`, `>X</text>`, `<text x="125" y="128">4</text>`, `>12</text>`, `>30</text>`}, ""},
		{"broken", []layouts.Constraint{{Kind: "antiking"}, {Kind: "broken"}}, nil, "constraint 2 (broken): boom"},
		{"unknown", []layouts.Constraint{{Kind: "line2"}}, []string{`viewBox="0 0 180 `, "+ line2 rules, not<"}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m.Layout.Constraints = tt.constraints
			var buf bytes.Buffer
			err := write(&buf, layouts.NewPuzzle(m), nil, Options{}, table)
			got := ""
			if err != nil {
				got = err.Error()
			}
			if got != tt.err {
				t.Fatalf("error %q, want %q", got, tt.err)
			}
			dec := xml.NewDecoder(bytes.NewReader(buf.Bytes()))
			for {
				_, err := dec.Token()
				if err == io.EOF {
					break
				}
				if err != nil {
					t.Fatalf("not XML: %v", err)
				}
			}
			for _, w := range tt.want {
				if !strings.Contains(buf.String(), w) {
					t.Errorf("no %s in\n%s", w, buf.String())
				}
			}
		})
	}
}

func TestNum(t *testing.T) {
	for _, tt := range []struct {
		f    float64
		want string
	}{{0, "0"}, {-0.001, "0"}, {10, "10"}, {5.2, "5.2"}, {1.126, "1.13"}, {-3.5, "-3.5"}, {100, "100"}} {
		if got := num(tt.f); got != tt.want {
			t.Errorf("num(%v) = %q, want %q", tt.f, got, tt.want)
		}
	}
}

package layouts

import (
	"bytes"
	"errors"
	"io"
	"strconv"
	"strings"
	"testing"
)

// pattern is a valid grid of n symbols with boxes br x n/br, as numbers.
func pattern(n, br int) [][]int {
	bc := n / br
	g := make([][]int, n)
	for r := range g {
		g[r] = make([]int, n)
		for c := range g[r] {
			g[r][c] = (bc*(r%br)+r/br+c)%n + 1
		}
	}
	return g
}

// styled writes g in a rows style: each cell by cell (0 empty), blank
// before cell c of a row, and rule before row r (or "" for none); a
// cell is emptied when hole says so.
func styled(g [][]int, cellText func(d int) string, gap func(c int) string, rule func(r int) string, hole func(r, c int) bool) string {
	var b strings.Builder
	n := len(g)
	for r := 0; r <= n; r++ {
		if s := rule(r); s != "" {
			b.WriteString(s + "\n")
		}
		if r == n {
			break
		}
		for c := 0; c <= n; c++ {
			b.WriteString(gap(c))
			if c < n {
				d := g[r][c]
				if hole(r, c) {
					d = 0
				}
				b.WriteString(cellText(d))
			}
		}
		b.WriteString("\n")
	}
	return b.String()
}

// A rows puzzle comes back in the style it was written in: read, write
// the puzzle (the same text) and its grid (the same text, digits filled).
func TestRowsStyle(t *testing.T) {
	holes := func(r, c int) bool { return (r*7+c*3)%5 < 2 }
	none := func(int, int) bool { return false }
	sym := func(empty string) func(int) string {
		return func(d int) string {
			if d == 0 {
				return empty
			}
			return Symbol(d)
		}
	}
	num := func(w int) func(int) string {
		return func(d int) string {
			s := strconv.Itoa(d)
			return strings.Repeat(" ", max(0, w-len(s))) + s
		}
	}
	every := func(k int, at, between, end string, n int) func(int) string {
		return func(c int) string {
			switch {
			case c == 0:
				return at
			case c == n:
				return end
			case c%k == 0:
				return between
			}
			return ""
		}
	}
	spaced := func(n int) func(int) string {
		return func(c int) string {
			if c == 0 || c == n {
				return ""
			}
			return " "
		}
	}
	noRule := func(int) string { return "" }
	rulesEvery := func(k, n int, text string, ends bool) func(int) string {
		return func(r int) string {
			if r%k == 0 && (ends || r > 0 && r < n) {
				return text
			}
			return ""
		}
	}
	bars9 := func(c int) string {
		switch {
		case c == 0 || c == 9:
			return ""
		case c%3 == 0:
			return "|"
		}
		return ""
	}
	spacedBars9 := func(c int) string {
		switch {
		case c == 0:
			return "| "
		case c == 9:
			return " |"
		case c%3 == 0:
			return " | "
		}
		return " "
	}
	g4, g9, g16, g6 := pattern(4, 2), pattern(9, 3), pattern(16, 4), pattern(6, 2)
	tests := []struct {
		name  string
		g     [][]int
		cell  func(int) string
		gap   func(int) string
		rule  func(int) string
		blank string
	}{
		{"bars and rules", g9, sym("."), bars9, rulesEvery(3, 9, "---+---+---", false), ""},
		{"framed, spaced", g9, sym("."), spacedBars9, rulesEvery(3, 9, "+-------+-------+-------+", true), ""},
		{"spaced 4x4", g4, sym("."), spaced(4), noRule, ""},
		{"spaced 4x4, zeros", g4, sym("0"), spaced(4), noRule, ""},
		{"spaced dashes", g9, sym("-"), spaced(9), noRule, ""},
		{"compact zeros", g9, sym("0"), every(9, "", "", "", 9), noRule, ""},
		{"numbers 16x16", g16, num(0), spaced(16), noRule, ""},
		{"aligned numbers 16x16", g16, num(2), spaced(16), noRule, ""},
		{"numbers, bars", g16, num(0), func(c int) string { return every(4, "", " | ", "", 16)(c) + spaced(16)(c)[:min(1, c%4)] }, rulesEvery(4, 16, "------------+-------------+-------------+------------", false), ""},
		{"gap in 6x6", g6, sym("."), every(3, "", " ", "", 6), noRule, ""},
		{"letters 16x16 with bars", g16, sym("."), every(4, "|", "|", "|", 16), noRule, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := styled(tt.g, tt.cell, tt.gap, tt.rule, holes)
			full := styled(tt.g, tt.cell, tt.gap, tt.rule, none)
			ps, err := ReadAll(strings.NewReader(in), ReadOptions{File: "x.txt", Format: FormatRows})
			if err != nil || len(ps) != 1 {
				t.Fatalf("%d puzzles, %v:\n%s", len(ps), err, in)
			}
			p := ps[0]
			var b bytes.Buffer
			if err := WritePuzzle(&b, p); err != nil {
				t.Fatal(err)
			}
			if b.String() != in {
				t.Errorf("puzzle written as\n%s\nwant\n%s", b.String(), in)
			}
			sol, err := ReadAll(strings.NewReader(full), ReadOptions{Format: FormatRows, Model: p.Model})
			if err != nil {
				t.Fatal(err)
			}
			b.Reset()
			if err := WriteGrid(&b, p, Grid{Model: p.Model, Digits: sol[0].Givens}); err != nil {
				t.Fatal(err)
			}
			if b.String() != full {
				t.Errorf("grid written as\n%s\nwant\n%s", b.String(), full)
			}
		})
	}
}

// The one-grid formats refuse to write a layout of several grids, as
// they refuse to read one (they wrote a canvas, which read back failed).
func TestWriteOneGridFormats(t *testing.T) {
	l, err := Builtin("samurai", 9, Shape{})
	if err != nil {
		t.Fatal(err)
	}
	m, err := Compile(l)
	if err != nil {
		t.Fatal(err)
	}
	p := NewPuzzle(m)
	for _, f := range []Format{FormatRows, FormatPOJ, FormatEuler} {
		p.Source.Format = f
		var b bytes.Buffer
		if err := WritePuzzle(&b, p); err == nil || !strings.Contains(err.Error(), "holds a single grid") || b.Len() != 0 {
			t.Errorf("%s: %v, wrote %q", f, err, b.String())
		}
	}
	for _, f := range []Format{FormatLine, FormatCanvas, FormatAuto} {
		p.Source.Format = f
		if err := WritePuzzle(&bytes.Buffer{}, p); err != nil {
			t.Errorf("%s: %v", f, err)
		}
	}
}

// A digit beyond the layout's is refused, not written as another symbol
// ("200", "C" in a 9x9) that would read back as other givens.
func TestWriteDigitBeyond(t *testing.T) {
	m := compiled(t, "classic", 9, Shape{})
	p := NewPuzzle(m)
	p.Givens[1] = 200
	if err := WritePuzzle(io.Discard, p); !errors.Is(err, ErrPuzzle) {
		t.Errorf("WritePuzzle: %v", err)
	}
	g := Grid{Model: m, Digits: make([]uint8, len(m.Cells))}
	g.Digits[0] = 12
	if err := WriteGrid(io.Discard, NewPuzzle(m), g); !errors.Is(err, ErrPuzzle) {
		t.Errorf("WriteGrid: %v", err)
	}
}

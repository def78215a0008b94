package encode_test

import (
	"strings"
	"testing"
	"unicode/utf16"

	"gattai/layouts"
)

// puzzle builds a puzzle on a built-in layout from canvas rows: at each
// cell's position a symbol or '.', anything elsewhere ignored.
func puzzle(t testing.TB, name string, n int, canvas string) *layouts.Puzzle {
	t.Helper()
	return variant(t, name, n, nil, canvas)
}

// variant is puzzle on the built-in layout with constraints added.
func variant(t testing.TB, name string, n int, constraints []layouts.Constraint, canvas string) *layouts.Puzzle {
	t.Helper()
	l, err := layouts.Builtin(name, n, layouts.Shape{})
	if err != nil {
		t.Fatal(err)
	}
	l.Constraints = constraints
	m, err := layouts.Compile(l)
	if err != nil {
		t.Fatal(err)
	}
	p := layouts.NewPuzzle(m)
	rows := strings.Split(strings.TrimRight(canvas, "\n"), "\n")
	for c, pos := range m.Cells {
		if pos.Row >= len(rows) || pos.Col >= len(rows[pos.Row]) {
			continue
		}
		d := layouts.SymbolDigit(rows[pos.Row][pos.Col])
		if d < 0 || d > n {
			t.Fatalf("%s: %q is not a symbol", pos, rows[pos.Row][pos.Col])
		}
		p.Givens[c] = uint8(d)
	}
	return p
}

// tiny is the 4x4 puzzle of the examples and goldens; its one solution
// is tinySolution.
var tiny = `
.2.4
3.1.
...3
4.2.
`[1:]

var tinySolution = `
1234
3412
2143
4321
`[1:]

// pattern is a filled grid of n = box.Rows*box.Cols symbols on the
// classic layout: the shifted-rows construction.
func pattern(t testing.TB, box layouts.Shape) layouts.Grid {
	t.Helper()
	n := box.Rows * box.Cols
	m, err := layouts.Compile(layouts.Classic(n, box))
	if err != nil {
		t.Fatal(err)
	}
	g := layouts.Grid{Model: m, Digits: make([]uint8, len(m.Cells))}
	for c, pos := range m.Cells {
		g.Digits[c] = uint8((box.Cols*(pos.Row%box.Rows)+pos.Row/box.Rows+pos.Col)%n + 1)
	}
	if err := layouts.Check(layouts.NewPuzzle(m), g); err != nil {
		t.Fatal(err)
	}
	return g
}

// pos reads cells in "r1c1" form.
func pos(cells ...string) []layouts.Pos {
	out := make([]layouts.Pos, len(cells))
	for i, s := range cells {
		p, err := layouts.ParsePos(s)
		if err != nil {
			panic(err)
		}
		out[i] = p
	}
	return out
}

// powerShell is s as Windows PowerShell 5 redirects a program's output
// into a file: UTF-16, little-endian, byte-order mark first.
func powerShell(s string) string {
	b := []byte{0xFF, 0xFE}
	for _, u := range utf16.Encode([]rune(s)) {
		b = append(b, byte(u), byte(u>>8))
	}
	return string(b)
}

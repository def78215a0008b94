package encode_test

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"testing"
	"time"

	"gattai/encode"
	"gattai/internal/testkit"
	"gattai/layouts"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// six is a 6x6 (2x3 boxes) puzzle with few givens, so that its groups
// are bigger than the ones the compact encodings leave pairwise.
var six = `
1.....
...2..
..3...
......
....5.
.6....
`[1:]

// twodoku4 is a twodoku of 4x4 grids: two grids sharing a corner box.
// It has NO solution, on purpose: a golden of an unsatisfiable instance.
// Row 1 needs its 1 at r1c1 and the box of r3c4 its 1 there, so r2c3=3
// leaves the top right box no place for its 1 (gattai explain:
// r1c1=1 r2c3=3 r3c4=1). TestGoldenSolved holds a solver to UNSAT.
var twodoku4 = `
1...
..3.
.3.1..
4...2.
  ..4.
  .2..
`[1:]

type golden struct {
	name        string // testdata/name.cnf
	layout      string
	n           int
	canvas      string
	amo         encode.AMO
	constraints []layouts.Constraint
	sum         encode.Sum
	solution    string // the one solution in canvas form; "" when several, "unsat" when none
}

func (g golden) puzzle(t *testing.T) *layouts.Puzzle {
	return variant(t, g.layout, g.n, g.constraints, g.canvas)
}

// variant4 is a 4x4 puzzle with a constraint of every kind that makes
// rules but nonconsecutive (no 4x4 grid has it), two killer cages, one
// with a given: its one solution is variant4Solution.
var variant4 = []layouts.Constraint{
	{Kind: "killer", Cells: pos("r1c1", "r2c1"), Sum: 4},
	{Kind: "killer", Cells: pos("r3c3", "r3c4", "r4c4"), Sum: 8},
	{Kind: "thermo", Cells: pos("r3c2", "r3c1", "r2c1")},
	{Kind: "kropki", White: [][]layouts.Pos{pos("r1c3", "r1c4")}, Black: [][]layouts.Pos{pos("r2c3", "r2c4")}},
	{Kind: "parity", Even: pos("r1c2"), Odd: pos("r4c2")},
}

const variant4Canvas = `
....
....
...3
....
`

const variant4Solution = `
1234
3412
2143
4321
`

var goldens = []golden{
	{name: "tiny.pairwise", layout: "classic", n: 4, canvas: tiny, amo: encode.Pairwise, solution: tinySolution},
	{name: "tiny.sequential", layout: "classic", n: 4, canvas: tiny, amo: encode.Sequential, solution: tinySolution},
	{name: "twodoku4.pairwise", layout: "twodoku", n: 4, canvas: twodoku4, amo: encode.Pairwise, solution: "unsat"},
	{name: "six.pairwise", layout: "classic", n: 6, canvas: six, amo: encode.Pairwise},
	{name: "six.sequential", layout: "classic", n: 6, canvas: six, amo: encode.Sequential},
	{name: "six.commander", layout: "classic", n: 6, canvas: six, amo: encode.Commander},
	{name: "six.binary", layout: "classic", n: 6, canvas: six, amo: encode.Binary},
	{name: "variant4.pairwise", layout: "classic", n: 4, canvas: variant4Canvas[1:], amo: encode.Pairwise, constraints: variant4, solution: variant4Solution[1:]},
	{name: "variant4.counter", layout: "classic", n: 4, canvas: variant4Canvas[1:], amo: encode.Pairwise, constraints: variant4, sum: encode.SumCounter, solution: variant4Solution[1:]},
}

func TestGolden(t *testing.T) {
	for _, tc := range goldens {
		t.Run(tc.name, func(t *testing.T) {
			f, err := encode.Puzzle(tc.puzzle(t), encode.Options{AMO: tc.amo, Sum: tc.sum})
			if err != nil {
				t.Fatal(err)
			}
			var buf bytes.Buffer
			if err := f.WriteDIMACS(&buf); err != nil {
				t.Fatal(err)
			}
			file := filepath.Join("testdata", tc.name+".cnf")
			if *update {
				if err := os.WriteFile(file, buf.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(buf.Bytes(), want) {
				t.Errorf("WriteDIMACS differs from %s (go test -update to rewrite):\n%s", file, buf.Bytes())
			}
		})
	}
}

// TestRoundTrip writes a formula, reads it back, and writes it again.
func TestRoundTrip(t *testing.T) {
	wide := pattern(t, layouts.Shape{Rows: 6, Cols: 6}).Puzzle()
	for c := range wide.Givens {
		if c%37 == 0 {
			wide.Givens[c] = 0
		}
	}
	cases := []struct {
		name string
		p    *layouts.Puzzle
	}{
		{"wide 36x36", wide},
		{"empty 4x4", puzzle(t, "classic", 4, "")},
		{"samurai 4x4", puzzle(t, "samurai", 4, "1")},
		{"conflict", puzzle(t, "classic", 4, "11")},
	}
	for _, tc := range goldens {
		cases = append(cases, struct {
			name string
			p    *layouts.Puzzle
		}{tc.name, tc.puzzle(t)})
	}
	for _, tc := range cases {
		for _, amo := range encode.AMOs() {
			t.Run(tc.name+"/"+amo.String(), func(t *testing.T) {
				f, err := encode.Puzzle(tc.p, encode.Options{AMO: amo})
				if err != nil {
					t.Fatal(err)
				}
				var a, b bytes.Buffer
				if err := f.WriteDIMACS(&a); err != nil {
					t.Fatal(err)
				}
				g, err := encode.ParseDIMACS(bytes.NewReader(a.Bytes()))
				if err != nil {
					t.Fatal(err)
				}
				if err := g.WriteDIMACS(&b); err != nil {
					t.Fatal(err)
				}
				if a.String() != b.String() {
					t.Fatalf("second write differs:\n%s\nfirst:\n%s", b.String(), a.String())
				}
				if !slices.Equal(g.Puzzle.Givens, f.Puzzle.Givens) || g.NumVars != f.NumVars ||
					g.CellVars != f.CellVars || g.AMO != f.AMO || g.Sum != f.Sum || !reflect.DeepEqual(g.Clauses, f.Clauses) ||
					!reflect.DeepEqual(g.Puzzle.Model.Rules, f.Puzzle.Model.Rules) || !reflect.DeepEqual(g.Puzzle.Model.Units, f.Puzzle.Model.Units) {
					t.Errorf("read back %v, wrote %v", g, f)
				}
				for v := 1; v <= f.CellVars; v++ {
					c1, d1, _ := f.CellDigit(v)
					c2, d2, _ := g.CellDigit(v)
					if c1 != c2 || d1 != d2 || g.Var(c2, d2) != v {
						t.Fatalf("variable %d: wrote cell %d digit %d, read cell %d digit %d", v, c1, d1, c2, d2)
					}
				}
			})
		}
	}
}

// TestNumbering checks the variables: none for a given cell, none for a
// digit a given peer holds, one for every other (cell, digit), numbered
// by cell then digit, and auxiliary variables after them.
func TestNumbering(t *testing.T) {
	for _, amo := range encode.AMOs() {
		t.Run(amo.String(), func(t *testing.T) {
			p := puzzle(t, "twodoku", 4, twodoku4)
			m := p.Model
			f, err := encode.Puzzle(p, encode.Options{AMO: amo})
			if err != nil {
				t.Fatal(err)
			}
			v := 0
			for c := range m.Cells {
				for d := 1; d <= m.N; d++ {
					open := p.Givens[c] == 0 && !slices.ContainsFunc(m.Peers[c], func(q int) bool { return int(p.Givens[q]) == d })
					got := f.Var(c, d)
					if !open {
						if got != 0 {
							t.Fatalf("%s digit %d is decided by the givens but has variable %d", m.Cells[c], d, got)
						}
						continue
					}
					v++
					if got != v {
						t.Fatalf("%s digit %d: variable %d, want %d", m.Cells[c], d, got, v)
					}
					if c2, d2, ok := f.CellDigit(v); !ok || c2 != c || d2 != d {
						t.Fatalf("CellDigit(%d) = %d, %d, %v; want %d, %d", v, c2, d2, ok, c, d)
					}
				}
			}
			if f.CellVars != v {
				t.Errorf("CellVars = %d, want %d", f.CellVars, v)
			}
			if _, _, ok := f.CellDigit(v + 1); ok {
				t.Errorf("CellDigit(%d) is a cell variable beyond CellVars", v+1)
			}
			maxVar := 0
			for _, cl := range f.Clauses {
				for _, lit := range cl {
					maxVar = max(maxVar, lit, -lit)
				}
			}
			if maxVar != f.NumVars {
				t.Errorf("largest variable in the clauses is %d, NumVars %d", maxVar, f.NumVars)
			}
		})
	}
}

// TestUnsat: givens that make the puzzle impossible give the empty
// clause, and only they do.
func TestUnsat(t *testing.T) {
	for _, tc := range []struct {
		name, canvas string
		unsat        bool
	}{
		{"solvable", tiny, false},
		{"empty grid", "", false},
		{"digit given twice", "1..1", true},
		{"open cell with no digit", "123.\n...4", true},
		{"no place for a digit in a row", "12..\n..3.", true},
	} {
		for _, amo := range encode.AMOs() {
			t.Run(tc.name+"/"+amo.String(), func(t *testing.T) {
				f, err := encode.Puzzle(puzzle(t, "classic", 4, tc.canvas), encode.Options{AMO: amo})
				if err != nil {
					t.Fatal(err)
				}
				if f.Unsat() != tc.unsat {
					t.Errorf("Unsat() = %v, want %v", f.Unsat(), tc.unsat)
				}
			})
		}
	}
}

func TestPuzzleErrors(t *testing.T) {
	good := puzzle(t, "classic", 4, tiny)
	for _, tc := range []struct {
		name string
		p    *layouts.Puzzle
	}{
		{"short givens", &layouts.Puzzle{Model: good.Model, Givens: good.Givens[:3]}},
		{"digit beyond n", &layouts.Puzzle{Model: good.Model, Givens: append([]uint8{5}, good.Givens[1:]...)}},
		{"no model", &layouts.Puzzle{}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := encode.Puzzle(tc.p, encode.Options{})
			if !errors.Is(err, encode.ErrPuzzle) {
				t.Errorf("err = %v, want ErrPuzzle", err)
			}
		})
	}
	if _, err := encode.Puzzle(good, encode.Options{AMO: 99}); err == nil {
		t.Error("unknown encoding: no error")
	}
}

func TestBlock(t *testing.T) {
	p := puzzle(t, "classic", 4, tiny)
	f, err := encode.Puzzle(p, encode.Options{})
	if err != nil {
		t.Fatal(err)
	}
	g := puzzle(t, "classic", 4, tinySolution)
	grid := layouts.Grid{Model: g.Model, Digits: g.Givens}
	block := f.Block(grid)
	var want []int
	for c, d := range p.Givens {
		if d == 0 {
			want = append(want, -f.Var(c, int(grid.Digits[c])))
		}
	}
	if !slices.Equal(block, want) || len(block) != 16-p.Clues() {
		t.Errorf("Block = %v, want %v", block, want)
	}
	full, _ := encode.Puzzle(grid.Puzzle(), encode.Options{})
	if b := full.Block(grid); len(b) != 0 {
		t.Errorf("Block of a fully given grid = %v, want the empty clause", b)
	}
}

func TestParseAMO(t *testing.T) {
	for _, a := range append(encode.AMOs(), encode.Auto) {
		got, err := encode.ParseAMO(a.String())
		if err != nil || got != a {
			t.Errorf("ParseAMO(%q) = %v, %v", a.String(), got, err)
		}
	}
	if _, err := encode.ParseAMO("ladder"); err == nil {
		t.Error(`ParseAMO("ladder"): no error`)
	}
}

// TestPuzzleContext: encoding a 64x64 (seconds) stops within
// milliseconds of its deadline, and a context that is never done
// changes nothing.
func TestPuzzleContext(t *testing.T) {
	if testing.Short() {
		t.Skip("encodes part of a 64x64")
	}
	l, err := layouts.Builtin("classic", 64, layouts.Shape{})
	if err != nil {
		t.Fatal(err)
	}
	m, err := layouts.Compile(l)
	if err != nil {
		t.Fatal(err)
	}
	p := layouts.NewPuzzle(m)
	for _, amo := range []encode.AMO{encode.Pairwise, encode.Sequential} {
		ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
		start := time.Now()
		f, err := encode.PuzzleContext(ctx, p, encode.Options{AMO: amo})
		cancel()
		if d := time.Since(start); f != nil || !errors.Is(err, context.DeadlineExceeded) || d > 2*time.Second {
			t.Errorf("%s: %v after %v, want the deadline within 2s", amo, err, d)
		}
	}
	small := puzzle(t, "samurai", 4, "1")
	a, err := encode.PuzzleContext(context.Background(), small, encode.Options{})
	if err != nil {
		t.Fatal(err)
	}
	b, err := encode.Puzzle(small, encode.Options{})
	if err != nil || !slices.EqualFunc(a.Clauses, b.Clauses, slices.Equal) {
		t.Errorf("PuzzleContext and Puzzle differ: %v, %v", a, err)
	}
}

// RuleOut adds a unit clause for an open candidate, nothing for one the
// givens rule out or out of range, and the empty clause for a given's
// own digit.
func TestRuleOut(t *testing.T) {
	p := layouts.NewPuzzle(testkit.Model(t, "classic", 4))
	p.Givens[0] = 1 // and cell 1, in its row, cannot hold 1
	const none, unit, empty = 0, 1, 2
	for _, c := range []struct{ cell, digit, want int }{
		{1, 2, unit},
		{1, 1, none},
		{0, 2, none},
		{0, 1, empty},
		{-1, 1, none},
		{16, 1, none},
		{1, 5, none},
	} {
		f, err := encode.Puzzle(p, encode.Options{})
		if err != nil {
			t.Fatal(err)
		}
		n := len(f.Clauses)
		f.RuleOut(c.cell, c.digit)
		var want [][]int
		switch c.want {
		case unit:
			want = [][]int{{-f.Var(c.cell, c.digit)}}
		case empty:
			want = [][]int{{}}
		}
		if got := f.Clauses[n:]; !reflect.DeepEqual(got, want) && (len(got) != 0 || len(want) != 0) {
			t.Errorf("cell %d digit %d: added %v, want %v", c.cell, c.digit, got, want)
		}
	}
}

package sat_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"gattai/backtrack"
	"gattai/encode"
	"gattai/internal/gen"
	"gattai/internal/testkit"
	"gattai/layouts"
	"gattai/sat"
)

// keeps are the fractions of a filled grid's cells kept as givens;
// after each a variant with one given changed (often no solution).
var keeps = []float64{0, 0.15, 0.25, 0.35, 0.45, 0.55, 0.65, 0.8, 1}

// TestDifferential counts random puzzles of every built-in layout with
// grids of 4, 6 and 9 symbols, up to 2, with gophersat (rotating through
// the encodings) and with the native engine: the counts agree, and so
// do the grids when there is exactly one.
func TestDifferential(t *testing.T) {
	for li, info := range layouts.Builtins() {
		for _, n := range []int{4, 6, 9} {
			t.Run(fmt.Sprintf("%s/%d", info.Name, n), func(t *testing.T) {
				t.Parallel()
				m := testkit.Model(t, info.Name, n)
				rng := rand.New(rand.NewPCG(uint64(li), uint64(n)))
				grids := 3
				if n == 9 {
					grids = 1
				}
				compareFilled(t, m, rng, grids)
			})
		}
	}
}

// TestDifferentialRegions does the same on layouts with extra regions:
// the diagonals of an X-sudoku (full units) and small partial regions.
func TestDifferentialRegions(t *testing.T) {
	diag := func(n int, anti bool) layouts.Region {
		r := layouts.Region{Name: "diagonal"}
		for i := range n {
			c := i
			if anti {
				c = n - 1 - i
			}
			r.Cells = append(r.Cells, layouts.Pos{Row: i, Col: c})
		}
		return r
	}
	partial := layouts.Region{Name: "corners", Cells: []layouts.Pos{{Row: 0, Col: 0}, {Row: 0, Col: 5}, {Row: 5, Col: 0}, {Row: 5, Col: 5}}}
	knight := layouts.Region{Name: "knight", Cells: []layouts.Pos{{Row: 1, Col: 1}, {Row: 2, Col: 3}, {Row: 4, Col: 4}}}
	for i, l := range []*layouts.Layout{
		{Name: "x", Size: 4, Box: layouts.Shape{Rows: 2, Cols: 2}, Grids: []layouts.Placement{{}}, Regions: []layouts.Region{diag(4, false), diag(4, true)}},
		{Name: "x", Size: 9, Box: layouts.Shape{Rows: 3, Cols: 3}, Grids: []layouts.Placement{{}}, Regions: []layouts.Region{diag(9, false), diag(9, true)}},
		{Name: "partial", Size: 6, Box: layouts.Shape{Rows: 2, Cols: 3}, Grids: []layouts.Placement{{}}, Regions: []layouts.Region{partial, knight}},
	} {
		t.Run(fmt.Sprintf("%s/%d", l.Name, l.Size), func(t *testing.T) {
			m, err := layouts.Compile(l)
			if err != nil {
				t.Fatal(err)
			}
			compareFilled(t, m, rand.New(rand.NewPCG(uint64(i), 99)), 3)
		})
	}
}

// compareFilled fills grids random grids of m and compares the engines
// on puzzles that keep each fraction in keeps of a grid, before and
// after changeOne, going round the at-most-one encodings.
func compareFilled(t *testing.T, m *layouts.Model, rng *rand.Rand, grids int) {
	t.Helper()
	k := 0
	for range grids {
		filled := gen.Filled(m, rng)
		for _, keep := range keeps {
			p := subset(filled, keep, rng)
			compare(t, p, encode.AMOs()[k%4])
			changeOne(p, rng)
			compare(t, p, encode.AMOs()[(k+1)%4])
			k++
		}
	}
}

// subset keeps a random fraction keep of g's cells as givens.
func subset(g layouts.Grid, keep float64, rng *rand.Rand) *layouts.Puzzle {
	p := layouts.NewPuzzle(g.Model)
	for _, c := range rng.Perm(len(p.Givens))[:int(keep*float64(len(p.Givens)))] {
		p.Givens[c] = g.Digits[c]
	}
	return p
}

// changeOne gives a random cell a random digit.
func changeOne(p *layouts.Puzzle, rng *rand.Rand) {
	p.Givens[rng.IntN(len(p.Givens))] = uint8(1 + rng.IntN(p.Model.N))
}

func compare(t *testing.T, p *layouts.Puzzle, amo encode.AMO) {
	t.Helper()
	ctx := context.Background()
	got, err := sat.Count(ctx, p, sat.Options{Encoding: amo, Limit: 2})
	if err != nil {
		t.Fatalf("sat.Count (%s): %v\n%s", amo, err, p)
	}
	want, err := backtrack.Count(ctx, p, 2)
	if err != nil {
		t.Fatalf("backtrack.Count: %v\n%s", err, p)
	}
	if got.Count != want.Count {
		t.Fatalf("sat.Count (%s) = %d, backtrack.Count = %d\n%s", amo, got.Count, want.Count, p)
	}
	if got.Count == 0 {
		return
	}
	if err := layouts.Check(p, got.Grid); err != nil {
		t.Fatalf("sat grid: %v\n%s", err, got.Grid)
	}
	if got.Count == 1 && got.Grid.String() != want.Grid.String() {
		t.Fatalf("sat (%s) and backtrack disagree on the one grid of\n%s\nsat:\n%s\nbacktrack:\n%s", amo, p, got.Grid, want.Grid)
	}
}

// FuzzDifferential: on small layouts, any givens, sat and backtrack
// agree on the count up to 2 and on the grid when it is unique.
func FuzzDifferential(f *testing.F) {
	f.Add(uint8(0), uint8(0), []byte(".2.43.1....34.2."))
	f.Add(uint8(1), uint8(1), []byte("1...............2"))
	f.Add(uint8(2), uint8(2), []byte("11"))
	names := []string{"classic", "twodoku", "samurai", "butterfly"}
	f.Fuzz(func(t *testing.T, layout, amo uint8, givens []byte) {
		m := testkit.Model(t, names[int(layout)%len(names)], 4)
		p := layouts.NewPuzzle(m)
		for c := range min(len(givens), len(p.Givens)) {
			if d := layouts.SymbolDigit(givens[c]); d > 0 && d <= 4 {
				p.Givens[c] = uint8(d)
			}
		}
		compare(t, p, encode.AMOs()[int(amo)%4])
	})
}

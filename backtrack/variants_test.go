package backtrack_test

import (
	"bytes"
	"context"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"gattai/backtrack"
	"gattai/internal/gen"
	"gattai/internal/testkit"
	"gattai/layouts"
)

// A variant is a puzzle in testdata/variants that needs one kind of
// constraint: with it the puzzle has one solution, without it (the same
// givens, the constraints of that kind dropped) two or more. -update
// makes them again:
//
//	go test ./backtrack/ -run TestVariants -update
type variant struct {
	name   string // testdata/variants/NAME.json, NAME.txt, NAME.solution.txt
	layout string // the built-in layout, of 9x9 grids, under the constraints
	kind   string // the kind the puzzle needs

	// Either constraints the solution is searched under, or constraints
	// read off a solution of the plain layout.
	fixed func(rng *rand.Rand) []layouts.Constraint
	read  func(m *layouts.Model, g []uint8, rng *rand.Rand) []layouts.Constraint
}

// variantsDir holds the files of the variants.
var variantsDir = filepath.Join("..", "testdata", "variants")

func fixed(cs ...layouts.Constraint) func(*rand.Rand) []layouts.Constraint {
	return func(*rand.Rand) []layouts.Constraint { return cs }
}

var variants = []variant{
	{name: "diagonal-classic", layout: "classic", kind: "diagonal", fixed: fixed(layouts.Constraint{Kind: "diagonal"})},
	{name: "region-classic", layout: "classic", kind: "region", fixed: fixed(layouts.Constraint{Kind: "region", Preset: "windoku"})},
	{name: "jigsaw-classic", layout: "classic", kind: "jigsaw", fixed: func(rng *rand.Rand) []layouts.Constraint {
		return []layouts.Constraint{{Kind: "jigsaw", Pieces: gen.Pieces(9, rng)}}
	}},
	{name: "antiknight-classic", layout: "classic", kind: "antiknight", fixed: fixed(layouts.Constraint{Kind: "antiknight"})},
	{name: "antiking-classic", layout: "classic", kind: "antiking", fixed: fixed(layouts.Constraint{Kind: "antiking"})},
	{name: "nonconsecutive-classic", layout: "classic", kind: "nonconsecutive", fixed: fixed(layouts.Constraint{Kind: "nonconsecutive"})},
	{name: "killer-classic", layout: "classic", kind: "killer", read: func(m *layouts.Model, g []uint8, rng *rand.Rand) []layouts.Constraint {
		return gen.Cages(m, g, rng, 2, 4)
	}},
	{name: "thermo-classic", layout: "classic", kind: "thermo", read: func(m *layouts.Model, g []uint8, rng *rand.Rand) []layouts.Constraint {
		return gen.Thermos(m, g, rng, 6, 4)
	}},
	{name: "kropki-classic", layout: "classic", kind: "kropki", read: func(m *layouts.Model, g []uint8, rng *rand.Rand) []layouts.Constraint {
		return []layouts.Constraint{gen.Dots(m, g, rng, 1)}
	}},
	{name: "parity-classic", layout: "classic", kind: "parity", read: func(m *layouts.Model, g []uint8, rng *rand.Rand) []layouts.Constraint {
		return []layouts.Constraint{gen.Parity(m, g, rng, 0.5)}
	}},
	{name: "arrow-classic", layout: "classic", kind: "arrow", read: many("arrow", 8)},
	{name: "xv-classic", layout: "classic", kind: "xv", read: many("xv", 1)},
	{name: "littlekiller-classic", layout: "classic", kind: "littlekiller", read: func(m *layouts.Model, g []uint8, rng *rand.Rand) []layouts.Constraint {
		return gen.LittleKillers(m, g, rng, 0.5)
	}},
	{name: "sandwich-classic", layout: "classic", kind: "sandwich", read: many("sandwich", 8)},
	{name: "whispers-classic", layout: "classic", kind: "whispers", read: many("whispers", 6)},
	{name: "renban-classic", layout: "classic", kind: "renban", read: many("renban", 6)},
	{name: "palindrome-classic", layout: "classic", kind: "palindrome", read: many("palindrome", 6)},
	{name: "clone-classic", layout: "classic", kind: "clone", read: many("clone", 6)},
	{name: "quadruple-classic", layout: "classic", kind: "quadruple", read: many("quadruple", 8)},
	{name: "minimum-classic", layout: "classic", kind: "minimum", read: many("minimum", 1)},
	{name: "maximum-classic", layout: "classic", kind: "maximum", read: many("maximum", 1)},
	{name: "between-classic", layout: "classic", kind: "between", read: many("between", 6)},
	{name: "entropic-classic", layout: "classic", kind: "entropic", read: many("entropic", 6)},
	{name: "regionsum-classic", layout: "classic", kind: "regionsum", read: many("regionsum", 6)},
	{name: "xsum-classic", layout: "classic", kind: "xsum", read: many("xsum", 8)},
	{name: "skyscraper-classic", layout: "classic", kind: "skyscraper", read: many("skyscraper", 8)},
	{name: "diagonal-samurai", layout: "samurai", kind: "diagonal", fixed: fixed(layouts.Constraint{Kind: "diagonal"})},
	{name: "region-samurai", layout: "samurai", kind: "region", fixed: fixed(layouts.Constraint{Kind: "region", Preset: "windoku"})},
	{name: "killer-samurai", layout: "samurai", kind: "killer", read: func(m *layouts.Model, g []uint8, rng *rand.Rand) []layouts.Constraint {
		return gen.Cages(m, g, rng, 2, 5)
	}},
}

// many reads constraints of kind off a grid with gen.Random, times
// calls' worth.
func many(kind string, times int) func(m *layouts.Model, g []uint8, rng *rand.Rand) []layouts.Constraint {
	return func(m *layouts.Model, g []uint8, rng *rand.Rand) []layouts.Constraint {
		var out []layouts.Constraint
		for range times {
			cs, ok := gen.Random(kind, m, g, true, rng)
			if !ok {
				panic("no generator for " + kind)
			}
			for _, c := range cs {
				l := *m.Layout
				l.Constraints = append(slices.Clone(out), c)
				if _, err := layouts.Compile(&l); err == nil {
					out = l.Constraints
				}
			}
		}
		return out
	}
}

// without drops the constraints of a kind from a layout. A jigsaw
// replaces the boxes, so dropping it leaves pieces that are the rows:
// a Latin square, which no box constrains.
func without(l *layouts.Layout, kind string) *layouts.Layout {
	out := *l
	out.Constraints = nil
	for _, c := range l.Constraints {
		switch {
		case c.Kind != kind:
			out.Constraints = append(out.Constraints, c)
		case kind == "jigsaw":
			rows := make([]string, l.Size)
			for r := range rows {
				rows[r] = string(bytes.Repeat([]byte{byte('A' + r)}, l.Size))
			}
			c.Pieces = rows
			out.Constraints = append(out.Constraints, c)
		}
	}
	return &out
}

// TestVariants solves each variant: one solution, the stored one, none
// of its givens can go, and two or more solutions once its kind is
// dropped.
func TestVariants(t *testing.T) {
	for _, v := range variants {
		t.Run(v.name, func(t *testing.T) {
			if *update {
				makeVariant(t, v)
			}
			p, want := testkit.ReadVariant(t, variantsDir, v.name)
			m := p.Model
			s := backtrack.New(m)
			start := time.Now()
			r := checkCount(t, s, p, 2, 1)
			t.Logf("%d givens, %d rules, counted to 2 in %v, %d nodes", p.Clues(), len(m.Rules), time.Since(start), r.Nodes)
			if !slices.Equal(r.Grid.Digits, want.Digits) {
				t.Fatalf("solution:\n%s\nwant:\n%s", r.Grid, want)
			}
			checkCount(t, backtrack.CheckSolutions(backtrack.New(m)), p, 2, 1)
			// Propagators allocate nothing: a count costs the result grid.
			if a := testing.AllocsPerRun(2, func() { count(t, s, p, 2) }); a > 1 {
				t.Errorf("%v allocations per count, want at most 1", a)
			}
			if !testing.Short() { // minimal: no given can go
				q := clone(p)
				for c, d := range p.Givens {
					if d != 0 {
						q.Givens[c] = 0
						checkCount(t, s, q, 2, 2)
						q.Givens[c] = d
					}
				}
			}
			plain, err := layouts.Compile(without(m.Layout, v.kind))
			if err != nil {
				t.Fatal(err)
			}
			q := &layouts.Puzzle{Model: plain, Givens: p.Givens}
			checkCount(t, backtrack.New(plain), q, 2, 2)
		})
	}
}

// makeVariant generates a variant from seeds 1, 2, ... until its kind
// is needed, and writes its files.
func makeVariant(t *testing.T, v variant) {
	base, err := layouts.Builtin(v.layout, 9, layouts.Shape{})
	if err != nil {
		t.Fatal(err)
	}
	base.Name = v.name
	for seed := uint64(1); seed <= 20; seed++ {
		rng := rand.New(rand.NewPCG(2026, seed))
		l := *base
		var solution []uint8
		if v.fixed != nil {
			l.Constraints = v.fixed(rng)
		} else {
			plain, err := layouts.Compile(base)
			if err != nil {
				t.Fatal(err)
			}
			solution = gen.Filled(plain, rng).Digits
			l.Constraints = v.read(plain, solution, rng)
		}
		m, err := layouts.Compile(&l)
		if err != nil {
			t.Fatal(err)
		}
		if solution == nil {
			if count(t, backtrack.New(m), layouts.NewPuzzle(m), 1).Count == 0 {
				continue // a jigsaw with no filling
			}
			solution = gen.Filled(m, rng).Digits
		}
		p := gen.Reduce(m, solution, rng, 0)
		plain, err := layouts.Compile(without(&l, v.kind))
		if err != nil {
			t.Fatal(err)
		}
		if count(t, backtrack.New(plain), &layouts.Puzzle{Model: plain, Givens: p.Givens}, 2).Count < 2 {
			continue
		}
		if err := os.MkdirAll(variantsDir, 0o755); err != nil {
			t.Fatal(err)
		}
		write := func(name string, data []byte) {
			if err := os.WriteFile(filepath.Join(variantsDir, name), data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		write(v.name+".json", l.MarshalFile())
		write(v.name+".txt", []byte(p.String()))
		write(v.name+".solution.txt", []byte(layouts.Grid{Model: m, Digits: solution}.String()))
		t.Logf("seed %d: %d givens", seed, p.Clues())
		return
	}
	t.Fatalf("no seed makes a puzzle that needs %s", v.kind)
}

// BenchmarkKillerSamurai counts the killer samurai of testdata/variants
// (109 cages of 2 to 5 cells over the 369 cells, 5 givens) to 2,
// proving it unique.
//
//	go test -run='^$' -bench=KillerSamurai -cpu=1 ./backtrack/
func BenchmarkKillerSamurai(b *testing.B) {
	p, _ := testkit.ReadVariant(b, variantsDir, "killer-samurai")
	s := backtrack.New(p.Model)
	ctx := context.Background()
	var nodes int64
	b.ReportAllocs()
	for b.Loop() {
		r, err := s.Count(ctx, p, 2)
		if err != nil || r.Count != 1 {
			b.Fatalf("count %d, %v", r.Count, err)
		}
		nodes += r.Nodes
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "puzzles/s")
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
}

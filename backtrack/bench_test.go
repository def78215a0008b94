package backtrack_test

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"gattai/backtrack"
	"gattai/internal/gen"
	"gattai/internal/testkit"
	"gattai/layouts"
)

var update = flag.Bool("update", false, "regenerate the benchmark sets in testdata/bench and the puzzles in testdata/variants")

// A benchSet is a file of puzzles on one built-in layout. Generated sets
// are made by gen from a fixed seed and kept in testdata/bench, so that
// a change to the solver (whose search gen uses) does not change the
// data it is measured on; -update makes them again.
type benchSet struct {
	name   string // the file, testdata/NAME.txt
	layout string
	n      int
	unique bool // every puzzle has one solution
	slow   bool // seconds a puzzle: benchmarked, not tested

	// For generated sets: how many, and how each is made.
	count int
	about string
	make  func(*layouts.Model, *rand.Rand) *layouts.Puzzle
}

func unique(m *layouts.Model, rng *rand.Rand) *layouts.Puzzle { return gen.Unique(m, rng) }

// uniqueAt stops gen.UniqueMin at a fraction of the cells.
func uniqueAt(frac float64) func(*layouts.Model, *rand.Rand) *layouts.Puzzle {
	return func(m *layouts.Model, rng *rand.Rand) *layouts.Puzzle {
		return gen.UniqueMin(m, rng, int(frac*float64(len(m.Cells))))
	}
}

func keep(frac float64) func(*layouts.Model, *rand.Rand) *layouts.Puzzle {
	return func(m *layouts.Model, rng *rand.Rand) *layouts.Puzzle { return gen.Puzzle(m, rng, frac) }
}

var benchSets = []benchSet{
	{name: "seeds/samurai-problem1", layout: "samurai", n: 9, unique: true},
	{name: "seeds/samurai-problem2", layout: "samurai", n: 9, unique: true},
	{name: "examples/samurai", layout: "samurai", n: 9, unique: true},
	{name: "examples/sumo", layout: "sumo", n: 9, unique: true},
	{name: "examples/shogun", layout: "shogun", n: 9, unique: true},
	{name: "bench/samurai-unique", layout: "samurai", n: 9, unique: true,
		count: 200, about: "gen.Unique: minimal", make: unique},
	{name: "bench/sumo-unique", layout: "sumo", n: 9, unique: true,
		count: 10, about: "gen.Unique: minimal", make: unique},
	{name: "bench/classic16-unique", layout: "classic", n: 16, unique: true,
		count: 20, about: "gen.Unique: minimal", make: unique},
	{name: "bench/classic16-keep45", layout: "classic", n: 16,
		count: 20, about: "gen.Puzzle keeping 45% of a grid", make: keep(0.45)},
	{name: "bench/classic16-keep40", layout: "classic", n: 16,
		count: 20, about: "gen.Puzzle keeping 40% of a grid", make: keep(0.40)},
	{name: "bench/classic25-unique50", layout: "classic", n: 25, unique: true,
		count: 10, about: "gen.UniqueMin down to 50% of the cells", make: uniqueAt(0.50)},
	{name: "bench/classic25-hard", layout: "classic", n: 25, unique: true, slow: true},
	{name: "bench/classic25-keep45", layout: "classic", n: 25,
		count: 10, about: "gen.Puzzle keeping 45% of a grid", make: keep(0.45)},
	{name: "bench/classic25-keep40", layout: "classic", n: 25,
		count: 10, about: "gen.Puzzle keeping 40% of a grid", make: keep(0.40)},
}

// TestBenchSets checks that every benchmark set reads, and that its
// puzzles have a solution, exactly one where the set says so. With
// -update it first makes the generated sets again.
func TestBenchSets(t *testing.T) {
	for _, set := range benchSets {
		t.Run(set.name, func(t *testing.T) {
			m := testkit.Model(t, set.layout, set.n)
			if *update && set.make != nil {
				writeSet(t, m, set)
			}
			if set.slow || testing.Short() && set.n > 9 {
				t.Skip("slow")
			}
			s := backtrack.New(m)
			for i, p := range testkit.ReadPuzzles(t, "../testdata/"+set.name+".txt", m) {
				r := count(t, s, p, 2)
				if r.Count == 0 || set.unique && r.Count != 1 {
					t.Fatalf("puzzle %d: count %d", i+1, r.Count)
				}
				if err := layouts.Check(p, r.Grid); err != nil {
					t.Fatalf("puzzle %d: %v", i+1, err)
				}
			}
		})
	}
}

func writeSet(t *testing.T, m *layouts.Model, set benchSet) {
	var b bytes.Buffer
	fmt.Fprintf(&b, "# %d puzzles on %s %dx%d, %s, seed 2026\n", set.count, set.layout, set.n, set.n, set.about)
	rng := rand.New(rand.NewPCG(2026, uint64(set.n)))
	for i := range set.count {
		if i > 0 {
			b.WriteString(layouts.FormatCanvas.Separator())
		}
		p := set.make(m, rng)
		p.Source.Format = layouts.FormatCanvas
		if err := layouts.WritePuzzle(&b, p); err != nil {
			t.Fatal(err)
		}
	}
	path := filepath.Join("..", "testdata", set.name+".txt")
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// BenchmarkCount counts each set's puzzles to 2, proving uniqueness,
// with one reused solver; an op is one puzzle.
//
//	go test -run='^$' -bench=Count -cpu=1 ./backtrack/
func BenchmarkCount(b *testing.B) {
	for _, set := range benchSets {
		b.Run(filepath.Base(set.name), func(b *testing.B) {
			m := testkit.Model(b, set.layout, set.n)
			ps := testkit.ReadPuzzles(b, "../testdata/"+set.name+".txt", m)
			b.ReportAllocs()
			benchCount(b, backtrack.New(m), ps)
		})
	}
}

// BenchmarkMatching counts the generated sets with the all-different
// matcher from several search nodes on (-1: never): the measurement
// behind matchFrom.
//
//	go test -run='^$' -bench=Matching -cpu=1 ./backtrack/
func BenchmarkMatching(b *testing.B) {
	for _, set := range benchSets {
		if set.count == 0 && !set.slow {
			continue // the single puzzles
		}
		for _, from := range []int64{-1, 0, 30, 100, 300} {
			b.Run(fmt.Sprintf("%s/from=%d", filepath.Base(set.name), from), func(b *testing.B) {
				m := testkit.Model(b, set.layout, set.n)
				ps := testkit.ReadPuzzles(b, "../testdata/"+set.name+".txt", m)
				benchCount(b, backtrack.MatchFrom(backtrack.New(m), from), ps)
			})
		}
	}
}

// benchCount counts ps to 2 in turn, an op a puzzle, and reports
// puzzles/s and search nodes per puzzle.
func benchCount(b *testing.B, s *backtrack.Solver, ps []*layouts.Puzzle) {
	var nodes int64
	for i := 0; b.Loop(); i++ {
		r, err := s.Count(context.Background(), ps[i%len(ps)], 2)
		if err != nil || r.Count == 0 {
			b.Fatalf("puzzle %d: count %d, %v", i%len(ps)+1, r.Count, err)
		}
		nodes += r.Nodes
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "puzzles/s")
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
}

package backtrack_test

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"

	"gattai/backtrack"
	"gattai/internal/testkit"
	"gattai/layouts"
)

// A benchSet is a file of puzzles on one built-in layout. The generated
// sets in testdata/bench are made by internal/cmd/gendata from a fixed
// seed, so that a change to the solver (whose search internal/gen uses)
// does not change the data it is measured on.
type benchSet struct {
	name   string // the file, testdata/NAME.txt
	layout string
	n      int
	unique bool // every puzzle has one solution
	slow   bool // seconds a puzzle: benchmarked; tests only read it
	many   bool // a generated set, not one puzzle
}

var benchSets = []benchSet{
	{name: "seeds/samurai-problem1", layout: "samurai", n: 9, unique: true},
	{name: "seeds/samurai-problem2", layout: "samurai", n: 9, unique: true},
	{name: "examples/samurai", layout: "samurai", n: 9, unique: true},
	{name: "examples/sumo", layout: "sumo", n: 9, unique: true},
	{name: "examples/shogun", layout: "shogun", n: 9, unique: true},
	{name: "bench/classic9-unique", layout: "classic", n: 9, unique: true, many: true},
	{name: "bench/samurai-unique", layout: "samurai", n: 9, unique: true, many: true},
	{name: "bench/sumo-unique", layout: "sumo", n: 9, unique: true, many: true},
	{name: "bench/shogun-unique", layout: "shogun", n: 9, unique: true, many: true},
	{name: "bench/classic16-unique", layout: "classic", n: 16, unique: true, many: true},
	{name: "bench/classic16-keep45", layout: "classic", n: 16, many: true},
	{name: "bench/classic16-keep40", layout: "classic", n: 16, many: true},
	{name: "bench/classic25-unique50", layout: "classic", n: 25, unique: true, many: true},
	{name: "bench/classic25-hard", layout: "classic", n: 25, unique: true, slow: true},
	{name: "bench/classic25-keep45", layout: "classic", n: 25, many: true},
	{name: "bench/classic25-keep40", layout: "classic", n: 25, many: true},
}

// TestBenchSets checks that every benchmark set reads, and that its
// puzzles have a solution, exactly one where the set says so; a slow
// set, counted in seconds a puzzle, is only read (gendata checked it).
func TestBenchSets(t *testing.T) {
	for _, set := range benchSets {
		t.Run(set.name, func(t *testing.T) {
			m := testkit.Model(t, set.layout, set.n)
			ps := testkit.ReadPuzzles(t, "../testdata/"+set.name+".txt", m)
			if set.slow || testing.Short() && set.n > 9 {
				return
			}
			s := backtrack.New(m)
			for i, p := range ps {
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
		if !set.many && !set.slow {
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
	cpuStart, cpuOK := testkit.CPUTime()
	for i := 0; b.Loop(); i++ {
		r, err := s.Count(context.Background(), ps[i%len(ps)], 2)
		if err != nil || r.Count == 0 {
			b.Fatalf("puzzle %d: count %d, %v", i%len(ps)+1, r.Count, err)
		}
		nodes += r.Nodes
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "puzzles/s")
	if cpuEnd, ok := testkit.CPUTime(); ok && cpuOK && cpuEnd > cpuStart {
		b.ReportMetric(float64(cpuEnd-cpuStart)/1e3/float64(b.N), "cpu-µs/puzzle")
	}
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
}

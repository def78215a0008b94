package sat_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gattai/encode"
	"gattai/internal/testkit"
	"gattai/layouts"
	"gattai/sat"
)

// benchSets are the data sets of the encoding figures in encode/doc.go.
func benchSets(b *testing.B) []struct {
	name    string
	puzzles []*layouts.Puzzle
} {
	nine := testkit.Model(b, "classic", 9)
	r, err := os.Open("testdata/hardest11.txt")
	if err != nil {
		b.Fatal(err)
	}
	defer r.Close()
	hardest, err := layouts.ReadAll(r, layouts.ReadOptions{File: "testdata/hardest11.txt", Format: layouts.FormatLine, Model: nine})
	if err != nil {
		b.Fatal(err)
	}
	samurai := testkit.Model(b, "samurai", 9)
	return []struct {
		name    string
		puzzles []*layouts.Puzzle
	}{
		{"9x9-hardest11", hardest},
		{"samurai-seeds", append(testkit.ReadPuzzles(b, "../testdata/seeds/samurai-problem1.txt", samurai),
			testkit.ReadPuzzles(b, "../testdata/seeds/samurai-problem2.txt", samurai)...)},
		{"16x16", testkit.ReadPuzzles(b, "testdata/classic16.txt", testkit.Model(b, "classic", 16))},
		{"25x25", testkit.ReadPuzzles(b, "testdata/classic25.txt", testkit.Model(b, "classic", 25))},
	}
}

// BenchmarkEncodings runs gophersat on every data set under each
// at-most-one encoding, to find the grid (solve) and to prove it unique
// (count2: Count with limit 2), reporting per puzzle the formula's size,
// the conflicts, and the time (ms/puzzle). The figures in encode/doc.go
// come from:
//
//	go test ./sat -run '^$' -bench Encodings -benchtime 3x -timeout 1h
func BenchmarkEncodings(b *testing.B) {
	for _, set := range benchSets(b) {
		for _, amo := range encode.AMOs() {
			for _, op := range []struct {
				name  string
				limit int
			}{{"solve", 1}, {"count2", 2}} {
				b.Run(fmt.Sprintf("%s/%s/%s", set.name, amo, op.name), func(b *testing.B) {
					benchCount(b, set.puzzles, sat.Options{Encoding: amo, Limit: op.limit})
				})
			}
		}
	}
}

// killerSets are the data sets of the killer sum figures in
// encode/doc.go: the puzzles of testdata/killers (made by
// internal/cmd/gendata) and the killers of ../testdata/variants.
func killerSets(b *testing.B) []struct {
	name    string
	puzzles []*layouts.Puzzle
} {
	read := func(globs ...string) []*layouts.Puzzle {
		var ps []*layouts.Puzzle
		for _, g := range globs {
			files, err := filepath.Glob(g)
			if err != nil || len(files) == 0 {
				b.Fatalf("no %s: %v", g, err)
			}
			for _, f := range files {
				m := testkit.LayoutFile(b, f)
				ps = append(ps, testkit.ReadPuzzles(b, strings.TrimSuffix(f, ".json")+".txt", m)...)
			}
		}
		return ps
	}
	return []struct {
		name    string
		puzzles []*layouts.Puzzle
	}{
		{"classic", read("testdata/killers/killer-classic-*.json", "../testdata/variants/killer-classic.json")},
		{"small-cages", read("testdata/killers/killer-small-*.json")},
		{"samurai", read("testdata/killers/killer-samurai-*.json", "../testdata/variants/killer-samurai.json")},
	}
}

// BenchmarkKiller runs gophersat on the killer puzzles under each sum
// encoding, to find the grid (solve) and to prove it unique (count2),
// reporting per puzzle the formula's size, the conflicts and the time.
// The figures in encode/doc.go come from:
//
//	go test ./sat -run '^$' -bench Killer -benchtime 5x -timeout 1h
func BenchmarkKiller(b *testing.B) {
	for _, set := range killerSets(b) {
		for _, sum := range encode.Sums() {
			for _, op := range []struct {
				name  string
				limit int
			}{{"solve", 1}, {"count2", 2}} {
				b.Run(fmt.Sprintf("%s/%s/%s", set.name, sum, op.name), func(b *testing.B) {
					benchCount(b, set.puzzles, sat.Options{Sum: sum, Limit: op.limit})
				})
			}
		}
	}
}

// BenchmarkVariants counts each puzzle of ../testdata/variants to 2
// with gophersat, reporting the formula's size and the conflicts. The
// narrowing figures in encode/doc.go come from:
//
//	go test ./sat -run '^$' -bench Variants -benchtime 20x
func BenchmarkVariants(b *testing.B) {
	ctx := context.Background()
	for _, name := range testkit.Variants(b, variantsDir) {
		p, _ := testkit.ReadVariant(b, variantsDir, name)
		b.Run(name, func(b *testing.B) {
			var r sat.Result
			for b.Loop() {
				var err error
				if r, err = sat.Count(ctx, p, sat.Options{Limit: 2}); err != nil || r.Count != 1 {
					b.Fatalf("%d grids, %v", r.Count, err)
				}
			}
			b.ReportMetric(float64(r.Vars), "vars")
			b.ReportMetric(float64(r.Clauses), "clauses")
			b.ReportMetric(float64(r.Conflicts), "conflicts")
			b.ReportMetric(float64(b.Elapsed().Microseconds())/1000/float64(b.N), "ms/puzzle")
			b.ReportMetric(0, "ns/op")
		})
	}
}

// benchCount counts each puzzle, which must be unique, with opts and
// reports per puzzle the formula's size, the conflicts and the time
// (ms/puzzle; ns/op, per data set, is zeroed).
func benchCount(b *testing.B, puzzles []*layouts.Puzzle, opts sat.Options) {
	ctx := context.Background()
	var vars, clauses, conflicts int64
	for b.Loop() {
		vars, clauses, conflicts = 0, 0, 0
		for _, p := range puzzles {
			r, err := sat.Count(ctx, p, opts)
			if err != nil || r.Count != 1 {
				b.Fatalf("%d grids, %v", r.Count, err)
			}
			vars += int64(r.Vars)
			clauses += int64(r.Clauses)
			conflicts += r.Conflicts
		}
	}
	k := float64(len(puzzles))
	b.ReportMetric(float64(vars)/k, "vars")
	b.ReportMetric(float64(clauses)/k, "clauses")
	b.ReportMetric(float64(conflicts)/k, "conflicts")
	b.ReportMetric(float64(b.Elapsed().Microseconds())/1000/float64(b.N)/k, "ms/puzzle")
	b.ReportMetric(0, "ns/op")
}

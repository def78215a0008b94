package sat_test

import (
	"context"
	"fmt"
	"os"
	"testing"

	"gattai/encode"
	"gattai/layouts"
	"gattai/sat"
)

// benchSets are the data sets of the encoding figures in encode/doc.go.
func benchSets(b *testing.B) []struct {
	name    string
	puzzles []*layouts.Puzzle
} {
	nine := model(b, "classic", 9)
	r, err := os.Open("testdata/hardest11.txt")
	if err != nil {
		b.Fatal(err)
	}
	defer r.Close()
	hardest, err := layouts.ReadAll(r, layouts.ReadOptions{File: "testdata/hardest11.txt", Format: layouts.FormatLine, Model: nine})
	if err != nil {
		b.Fatal(err)
	}
	samurai := model(b, "samurai", 9)
	return []struct {
		name    string
		puzzles []*layouts.Puzzle
	}{
		{"9x9-hardest11", hardest},
		{"samurai-seeds", append(readPuzzles(b, "../testdata/seeds/samurai-problem1.txt", samurai),
			readPuzzles(b, "../testdata/seeds/samurai-problem2.txt", samurai)...)},
		{"16x16", readPuzzles(b, "testdata/classic16.txt", model(b, "classic", 16))},
		{"25x25", readPuzzles(b, "testdata/classic25.txt", model(b, "classic", 25))},
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
	ctx := context.Background()
	for _, set := range benchSets(b) {
		for _, amo := range encode.AMOs() {
			for _, op := range []struct {
				name  string
				limit int
			}{{"solve", 1}, {"count2", 2}} {
				b.Run(fmt.Sprintf("%s/%s/%s", set.name, amo, op.name), func(b *testing.B) {
					var vars, clauses, conflicts int64
					for b.Loop() {
						vars, clauses, conflicts = 0, 0, 0
						for _, p := range set.puzzles {
							r, err := sat.Count(ctx, p, sat.Options{Encoding: amo, Limit: op.limit})
							if err != nil || r.Count != 1 {
								b.Fatalf("%d grids, %v", r.Count, err)
							}
							vars += int64(r.Vars)
							clauses += int64(r.Clauses)
							conflicts += r.Conflicts
						}
					}
					k := float64(len(set.puzzles))
					b.ReportMetric(float64(vars)/k, "vars")
					b.ReportMetric(float64(clauses)/k, "clauses")
					b.ReportMetric(float64(conflicts)/k, "conflicts")
					b.ReportMetric(float64(b.Elapsed().Microseconds())/1000/float64(b.N)/k, "ms/puzzle")
					b.ReportMetric(0, "ns/op") // per data set: ms/puzzle says it
				})
			}
		}
	}
}

package backtrack_test

import (
	"context"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"gattai/backtrack"
	"gattai/internal/gen"
	"gattai/internal/testkit"
	"gattai/layouts"
)

// variantsDir holds the variants: puzzles that need one kind of
// constraint (internal/cmd/gendata makes them): NAME is KIND-LAYOUT.
var variantsDir = filepath.Join("..", "testdata", "variants")

// TestVariants solves each variant: one solution, the stored one, none
// of its givens can go, and two or more solutions once its kind is
// dropped.
func TestVariants(t *testing.T) {
	for _, name := range testkit.Variants(t, variantsDir) {
		kind, _, _ := strings.Cut(name, "-")
		t.Run(name, func(t *testing.T) {
			testkit.SkipSlowVariant(t, name)
			p, want := testkit.ReadVariant(t, variantsDir, name)
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
			plain, err := layouts.Compile(gen.Without(m.Layout, kind))
			if err != nil {
				t.Fatal(err)
			}
			q := &layouts.Puzzle{Model: plain, Givens: p.Givens}
			checkCount(t, backtrack.New(plain), q, 2, 2)
		})
	}
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

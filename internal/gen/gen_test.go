package gen_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"gattai/backtrack"
	"gattai/internal/gen"
	"gattai/internal/testkit"
	"gattai/layouts"
)

func count(t *testing.T, p *layouts.Puzzle, limit int) int {
	t.Helper()
	r, err := backtrack.Count(context.Background(), p, limit)
	if err != nil {
		t.Fatal(err)
	}
	return r.Count
}

var models = []struct {
	name string
	n    int
}{{"classic", 4}, {"classic", 6}, {"samurai", 4}, {"classic", 9}, {"samurai", 9}, {"sohei", 6}}

func TestFilled(t *testing.T) {
	for _, tc := range models {
		t.Run(fmt.Sprintf("%s/%d", tc.name, tc.n), func(t *testing.T) {
			m := testkit.Model(t, tc.name, tc.n)
			seen := map[string]bool{}
			for seed := range uint64(4) {
				g := gen.Filled(m, rand.New(rand.NewPCG(seed, 0)))
				if err := layouts.Check(layouts.NewPuzzle(m), g); err != nil {
					t.Fatalf("seed %d: %v\n%s", seed, err, g)
				}
				again := gen.Filled(m, rand.New(rand.NewPCG(seed, 0)))
				if !slices.Equal(g.Digits, again.Digits) {
					t.Fatalf("seed %d: not deterministic", seed)
				}
				seen[string(g.Digits)] = true
			}
			if len(seen) < 3 {
				t.Fatalf("%d different grids from 4 seeds", len(seen))
			}
		})
	}
}

func TestPuzzle(t *testing.T) {
	for _, tc := range models {
		t.Run(fmt.Sprintf("%s/%d", tc.name, tc.n), func(t *testing.T) {
			m := testkit.Model(t, tc.name, tc.n)
			for _, keep := range []float64{0, 0.3, 1} {
				p := gen.Puzzle(m, rand.New(rand.NewPCG(1, 2)), keep)
				g := gen.Filled(m, rand.New(rand.NewPCG(1, 2)))
				if err := layouts.Check(p, g); err != nil {
					t.Fatalf("keep %v: the givens are not the grid's: %v", keep, err)
				}
				k, want := p.Clues(), keep*float64(len(m.Cells))
				if float64(k) < want*0.7-2 || float64(k) > want*1.3+2 {
					t.Fatalf("keep %v: %d givens of %d cells", keep, k, len(m.Cells))
				}
				if count(t, p, 1) != 1 {
					t.Fatalf("keep %v: no solution", keep)
				}
			}
		})
	}
}

func TestUnique(t *testing.T) {
	for _, tc := range models {
		t.Run(fmt.Sprintf("%s/%d", tc.name, tc.n), func(t *testing.T) {
			m := testkit.Model(t, tc.name, tc.n)
			p := gen.Unique(m, rand.New(rand.NewPCG(3, 4)))
			if got := count(t, p, 2); got != 1 {
				t.Fatalf("count %d, want 1", got)
			}
			again := gen.Unique(m, rand.New(rand.NewPCG(3, 4)))
			if !slices.Equal(p.Givens, again.Givens) {
				t.Fatal("not deterministic")
			}
			// Minimal: no given can go.
			for c, d := range p.Givens {
				if d == 0 {
					continue
				}
				p.Givens[c] = 0
				if got := count(t, p, 2); got != 2 {
					t.Fatalf("without the given at %s: count %d, want 2", m.Cells[c], got)
				}
				p.Givens[c] = d
			}

			min := len(m.Cells) / 2
			q := gen.UniqueMin(m, rand.New(rand.NewPCG(3, 4)), min)
			if q.Clues() != min || count(t, q, 2) != 1 {
				t.Fatalf("UniqueMin(%d): %d givens, count %d", min, q.Clues(), count(t, q, 2))
			}
		})
	}
}

package gattai

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"

	"gattai/backtrack"
	"gattai/internal/testkit"
	"gattai/layouts"
)

// withoutSolvers are the solvers CountWithout is held to: auto racing
// its second engine from the start, backtrack confirmed by gophersat,
// gophersat, and minisat and cadical where found (or required).
func withoutSolvers(t *testing.T) map[string]*Solver {
	t.Helper()
	opts := map[string]Options{
		"auto":      {},
		"backtrack": {Engine: EngineBacktrack, Verify: VerifyOn},
		"sat":       {Engine: EngineSAT},
	}
	for _, name := range []string{"minisat", "cadical"} {
		t.Run("find "+name, func(t *testing.T) {
			testkit.NeedSolver(t, name)
			opts[name] = Options{Engine: EngineExternal, Solver: name}
		})
	}
	out := map[string]*Solver{}
	for name, o := range opts {
		s, err := New(o)
		if err != nil {
			t.Fatal(err)
		}
		s.budget = atOnce
		out[name] = s
	}
	return out
}

// TestCountWithout holds every engine's CountWithout to what counts
// say: the solutions with another digit at a cell are all the puzzle's
// less those with that digit there. The puzzles are examples less a
// given (several solutions), on the classic 9x9, linked and general
// paths, and a killer for the rules of the SAT encoding.
func TestCountWithout(t *testing.T) {
	solvers := withoutSolvers(t)
	type source struct {
		name string
		p    *layouts.Puzzle
		sol  []uint8
	}
	var sources []source
	for _, name := range []string{"classic", "samurai", "twodoku"} {
		m := testkit.Model(t, name, 9)
		sources = append(sources, source{
			name,
			testkit.ReadPuzzle(t, "testdata/examples/"+name+".txt", m),
			testkit.ReadPuzzle(t, "testdata/examples/"+name+".solution.txt", m).Givens,
		})
	}
	p, g := testkit.ReadVariant(t, "testdata/variants", "killer-classic")
	sources = append(sources, source{"killer", p, g.Digits})
	const many = 200
	for _, src := range sources {
		// Less the first given that leaves a few solutions.
		p := src.p
		for c, d := range src.p.Givens {
			q := &layouts.Puzzle{Model: p.Model, Givens: slices.Clone(src.p.Givens)}
			q.Givens[c] = 0
			if n := countAll(t, q, many); d != 0 && n > 1 && n < many {
				p = q
				break
			}
		}
		all := countAll(t, p, many)
		if all < 2 {
			t.Fatalf("%s: %d solutions: no puzzle of several", src.name, all)
		}
		var cells []int
		for c, d := range p.Givens {
			if d == 0 && len(cells) < 3 || d != 0 && len(cells) == 3 {
				cells = append(cells, c)
			}
		}
		for _, c := range cells {
			for _, d := range []uint8{src.sol[c], src.sol[c]%uint8(p.Model.N) + 1} {
				// q: p with d at c.
				q := &layouts.Puzzle{Model: p.Model, Givens: slices.Clone(p.Givens)}
				q.Givens[c] = d
				with := 0
				if p.Givens[c] == 0 || p.Givens[c] == d {
					with = countAll(t, q, many)
				}
				want := all - with
				for name, s := range solvers {
					what := fmt.Sprintf("%s, %s, without %d at cell %d", src.name, name, d, c)
					for _, limit := range []int{1, 3} {
						r, err := s.CountWithout(context.Background(), p, limit, c, d)
						if err != nil {
							t.Fatalf("%s: %v", what, err)
						}
						if r.Count != min(want, limit) {
							t.Fatalf("%s: count to %d: %d, want %d", what, limit, r.Count, min(want, limit))
						}
						if r.Count > 0 && r.Grid.Digits[c] == d {
							t.Fatalf("%s: a grid with it", what)
						}
					}
					// The candidate is ruled out for that call only: then
					// p with it has its solutions.
					if r, err := s.Count(context.Background(), q, 1); err != nil || r.Count != min(with, 1) {
						t.Fatalf("%s: then a count with it: %d, %v; want %d", what, r.Count, err, min(with, 1))
					}
				}
			}
		}
	}
}

// countAll counts p's solutions with backtrack, up to limit.
func countAll(t *testing.T, p *layouts.Puzzle, limit int) int {
	t.Helper()
	r, err := backtrack.Count(context.Background(), p, limit)
	if err != nil {
		t.Fatal(err)
	}
	return r.Count
}

// A cell or digit out of range is refused, and an engine that returns
// a grid with the candidate ruled out fails the check.
func TestCountWithoutErrors(t *testing.T) {
	m := testkit.Model(t, "classic", 6)
	p := layouts.NewPuzzle(m)
	s, err := New(Options{Engine: EngineSAT})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		cell  int
		digit uint8
	}{{-1, 1}, {36, 1}, {0, 0}, {0, 7}} {
		if _, err := s.CountWithout(context.Background(), p, 1, c.cell, c.digit); !errors.Is(err, layouts.ErrPuzzle) {
			t.Errorf("cell %d digit %d: %v, want ErrPuzzle", c.cell, c.digit, err)
		}
	}
	if _, err := s.CountWithout(context.Background(), nil, 1, 0, 1); !errors.Is(err, layouts.ErrPuzzle) {
		t.Errorf("no puzzle: %v, want ErrPuzzle", err)
	}
	// An engine that ignores the candidate: its grid holds it.
	r, err := backtrack.Count(context.Background(), p, 1)
	if err != nil {
		t.Fatal(err)
	}
	s.sat = ignores{r.Grid}
	s.opts.Verify = VerifyOff
	if _, err := s.CountWithout(context.Background(), p, 1, 0, r.Grid.Digits[0]); !errors.Is(err, ErrEngine) {
		t.Errorf("a grid with the candidate ruled out: %v, want ErrEngine", err)
	}
	if _, err := s.Count(context.Background(), p, 1); err != nil {
		t.Errorf("then a count: %v", err)
	}
}

// ignores is an engine that answers one grid, whatever it is asked.
type ignores struct{ g layouts.Grid }

func (ignores) Name() string { return "ignores" }

func (e ignores) Count(_ context.Context, _ *layouts.Puzzle, limit int) (Result, error) {
	return Result{Engine: "ignores", Limit: limit, Count: 1, Grid: e.g}, nil
}

// Package gen makes puzzles for tests and benchmarks: random filled
// grids, puzzles that keep a fraction of a grid's digits, and puzzles
// with a unique solution. Everything is deterministic for a given
// random source, so a test names its puzzles by a seed.
//
// The making is package generate's; gen gives it backtrack as the
// counter (NewCounter) and spares tests the context and the errors.
// It leans on backtrack for the search, so backtrack's own code must not
// import it (its external tests may).
package gen

import (
	"context"
	"errors"
	"math/rand/v2"

	"gattai/backtrack"
	"gattai/generate"
	"gattai/layouts"
)

// Counter is a backtrack solver as a generate.Counter.
type Counter struct{ *backtrack.Solver }

// NewCounter is a Counter for m, for generate.Generate.
func NewCounter(m *layouts.Model) generate.Counter { return Counter{backtrack.New(m)} }

// Count is the solver's Count.
func (c Counter) Count(ctx context.Context, p *layouts.Puzzle, limit int) (int, layouts.Grid, error) {
	r, err := c.Solver.Count(ctx, p, limit)
	return r.Count, r.Grid, err
}

// CountWithin is Count bounded by nodes search nodes (see
// generate.BoundedCounter).
func (c Counter) CountWithin(ctx context.Context, p *layouts.Puzzle, limit int, nodes int64) (int, layouts.Grid, int64, bool, error) {
	c.MaxNodes = nodes
	defer func() { c.MaxNodes = 0 }()
	r, err := c.Solver.Count(ctx, p, limit)
	if errors.Is(err, backtrack.ErrNodes) {
		return 0, layouts.Grid{}, nodes, false, nil
	}
	return r.Count, r.Grid, r.Nodes, err == nil, err
}

// CountWithout is the solver's CountWithout (see
// generate.WithoutCounter).
func (c Counter) CountWithout(ctx context.Context, p *layouts.Puzzle, limit int, cell int, digit uint8) (int, error) {
	r, err := c.Solver.CountWithout(ctx, p, limit, cell, digit)
	return r.Count, err
}

// Filled returns a random complete valid grid of the model
// (generate.Grow with backtrack), deterministic for rng.
func Filled(m *layouts.Model, rng *rand.Rand) layouts.Grid {
	return filled(NewCounter(m), m, rng)
}

func filled(c generate.Counter, m *layouts.Model, rng *rand.Rand) layouts.Grid {
	g, err := generate.Grow(context.Background(), m, c, rng)
	if err != nil {
		panic(err) // a test's layout has grids, and Background is never done
	}
	return g
}

// Puzzle keeps a random fraction of a filled grid's digits as givens
// (it may have several solutions: good for differential tests).
func Puzzle(m *layouts.Model, rng *rand.Rand, keep float64) *layouts.Puzzle {
	g := Filled(m, rng)
	p := layouts.NewPuzzle(m)
	for c, d := range g.Digits {
		if rng.Float64() < keep {
			p.Givens[c] = d
		}
	}
	return p
}

// Unique removes givens from a filled grid in random order while the
// puzzle stays unique; the result has exactly one solution, and no
// given can be removed without losing that.
func Unique(m *layouts.Model, rng *rand.Rand) *layouts.Puzzle {
	return UniqueMin(m, rng, 0)
}

// UniqueMin is Unique stopping early once the puzzle is down to min
// givens.
func UniqueMin(m *layouts.Model, rng *rand.Rand, min int) *layouts.Puzzle {
	c := NewCounter(m)
	return reduce(c, filled(c, m, rng).Puzzle(), rng, min)
}

// Reduce is UniqueMin from a given solution, the digits of every cell
// of m: it must hold to m's units and rules, which makes the full
// puzzle unique. The solution may come from another model of the same
// cells, as when a variant's constraints are read off a plain grid.
func Reduce(m *layouts.Model, solution []uint8, rng *rand.Rand, min int) *layouts.Puzzle {
	p := &layouts.Puzzle{Model: m, Givens: append([]uint8(nil), solution...)}
	return reduce(NewCounter(m), p, rng, min)
}

// reduce is generate.Reduce with no symmetry.
func reduce(c generate.Counter, p *layouts.Puzzle, rng *rand.Rand, min int) *layouts.Puzzle {
	if err := generate.Reduce(context.Background(), c, p, rng, generate.NoSymmetry, min); err != nil {
		panic(err) // unreachable: Background is never done
	}
	return p
}

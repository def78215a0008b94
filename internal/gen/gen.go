// Package gen makes puzzles for tests and benchmarks: random filled
// grids, puzzles that keep a fraction of a grid's digits, and puzzles
// with a unique solution. Everything is deterministic for a given
// random source, so a test names its puzzles by a seed.
//
// It leans on backtrack for the search, so backtrack's own code must not
// import it (its external tests may).
package gen

import (
	"context"
	"math/rand/v2"

	"gattai/backtrack"
	"gattai/layouts"
)

// Filled returns a random complete valid grid of the model (random digit
// order + backtracking), deterministic for rng.
//
// It visits a quarter of the cells in random order and gives each a
// random digit that still leaves the puzzle solvable, then completes
// the grid with the solver's first solution.
func Filled(m *layouts.Model, rng *rand.Rand) layouts.Grid {
	return filled(backtrack.New(m), m, rng)
}

func filled(s *backtrack.Solver, m *layouts.Model, rng *rand.Rand) layouts.Grid {
	p := layouts.NewPuzzle(m)
	sol := count(s, p, 1).Grid
	cells := rng.Perm(len(m.Cells))[:max(len(m.Cells)/4, 1)]
	digits := make([]int, m.N)
	for _, c := range cells {
		// Try the digits in random order; the digit of the current
		// solution always works, so the loop ends.
		for i, d := range rng.Perm(m.N) {
			digits[i] = d + 1
		}
		for _, d := range digits {
			if peerHolds(p, c, uint8(d)) {
				continue
			}
			p.Givens[c] = uint8(d)
			if sol.Digits[c] == uint8(d) {
				break
			}
			if r := count(s, p, 1); r.Count > 0 {
				sol = r.Grid
				break
			}
			p.Givens[c] = 0
		}
	}
	return sol
}

// peerHolds reports whether a peer of c is given digit d.
func peerHolds(p *layouts.Puzzle, c int, d uint8) bool {
	for _, q := range p.Model.Peers[c] {
		if p.Givens[q] == d {
			return true
		}
	}
	return false
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
	s := backtrack.New(m)
	return reduce(s, filled(s, m, rng).Puzzle(), rng, min)
}

// Reduce is UniqueMin from a given solution, the digits of every cell
// of m: it must hold to m's units and rules, which makes the full
// puzzle unique. The solution may come from another model of the same
// cells, as when a variant's constraints are read off a plain grid.
func Reduce(m *layouts.Model, solution []uint8, rng *rand.Rand, min int) *layouts.Puzzle {
	p := &layouts.Puzzle{Model: m, Givens: append([]uint8(nil), solution...)}
	return reduce(backtrack.New(m), p, rng, min)
}

// reduce removes givens from p, which has one solution, in random
// order while it keeps one, down to min givens.
func reduce(s *backtrack.Solver, p *layouts.Puzzle, rng *rand.Rand, min int) *layouts.Puzzle {
	left := p.Clues()
	for _, c := range rng.Perm(len(p.Givens)) {
		if left <= min {
			break
		}
		d := p.Givens[c]
		if d == 0 {
			continue
		}
		p.Givens[c] = 0
		if count(s, p, 2).Count != 1 {
			p.Givens[c] = d
			continue
		}
		left--
	}
	return p
}

// count runs the solver with no deadline: the puzzles here are small
// enough, and a context that is never done gives no error.
func count(s *backtrack.Solver, p *layouts.Puzzle, limit int) backtrack.Result {
	r, err := s.Count(context.Background(), p, limit)
	if err != nil {
		panic(err) // unreachable: Background is never done
	}
	return r
}

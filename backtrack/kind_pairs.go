package backtrack

import (
	"fmt"
	"math/bits"

	"gattai/layouts"
)

// pair holds two cells to a symmetric relation between their digits,
// by arc consistency: a digit of one cell stays only if some digit of
// the other allows it. allows[d-1] is the mask of the digits that digit
// d allows beside it, a table that all pairs of one relation share.
// Revising a against b and then b against a reaches the fixpoint: a
// digit of b that some digit left in a allows is allowed back by it.
type pair struct {
	cells  [2]int32 // a and b
	allows []uint64
}

// newNonconsecutive: orthogonal neighbours never differ by 1, what a
// white dot asks.
func newNonconsecutive(s *Solver, r *layouts.Rule) propagator {
	return newPair(s, r, "nonconsecutive", layouts.NonconsecutiveHolds)
}

// newKropki: a white dot, a black dot, or (negative) neither.
func newKropki(s *Solver, r *layouts.Rule) propagator {
	return newPair(s, r, "kropki "+r.Dot.String(), func(x, y int) bool { return layouts.DotHolds(r.Dot, x, y) })
}

func newPair(s *Solver, r *layouts.Rule, relation string, holds func(x, y int) bool) propagator {
	if len(r.Cells) != 2 {
		panic(fmt.Sprintf("backtrack: %s: %d cells, want 2", r.Name, len(r.Cells)))
	}
	n := s.model.N
	allows := table(s, relation, func() []uint64 {
		t := make([]uint64, n)
		for x := 1; x <= n; x++ {
			for y := 1; y <= n; y++ {
				if holds(x, y) {
					t[x-1] |= 1 << (y - 1)
				}
			}
		}
		return t
	})
	return &pair{cells: [2]int32{int32(r.Cells[0]), int32(r.Cells[1])}, allows: allows}
}

func (p *pair) watches() []int32 { return p.cells[:] }

func (p *pair) propagate(s *Solver) bool {
	a, b := p.cells[0], p.cells[1]
	return s.remove(a, ^p.allowed(s.cand[b])) && s.remove(b, ^p.allowed(s.cand[a]))
}

// allowed is the union of what the digits of m allow.
func (p *pair) allowed(m uint64) uint64 {
	var out uint64
	for ; m != 0; m &= m - 1 {
		out |= p.allows[bits.TrailingZeros64(m)]
	}
	return out
}

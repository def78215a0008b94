package backtrack

import "gattai/layouts"

// parity restricts its cells to the digits of its mask, once: it
// watches no cell, so it runs only at the start of a search, and what
// it removes stays removed below.
type parity struct {
	cells []int32
	mask  uint64
}

func newParity(s *Solver, r *layouts.Rule) propagator {
	return &parity{cells: int32s(r.Cells), mask: r.Mask}
}

func (p *parity) watches() []int32 { return nil }

func (p *parity) propagate(s *Solver) bool {
	for _, c := range p.cells {
		if !s.remove(c, ^p.mask) {
			return false
		}
	}
	return true
}

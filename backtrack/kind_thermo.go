package backtrack

import (
	"math/bits"

	"gattai/layouts"
)

// thermo keeps the digits along a thermometer strictly increasing from
// its bulb, cells[0], by bounds: a forward pass removes from each cell
// the digits up to the smallest candidate of the cell before it, and a
// backward pass the digits from the largest candidate of the cell after
// it on. Removing large digits cannot raise a smallest candidate (short
// of emptying a cell), so the two passes reach the bounds' fixpoint.
type thermo struct {
	cells []int32
}

func newThermo(s *Solver, r *layouts.Rule) propagator {
	return &thermo{cells: int32s(r.Cells)}
}

func (p *thermo) watches() []int32 { return p.cells }

func (p *thermo) propagate(s *Solver) bool {
	var below uint64 // the digits up to the previous cell's smallest
	for _, c := range p.cells {
		if !s.remove(c, below) {
			return false
		}
		m := s.cand[c]
		below = (m&-m)<<1 - 1
	}
	var above uint64 // the digits from the next cell's largest on
	for i := len(p.cells) - 1; i >= 0; i-- {
		c := p.cells[i]
		if !s.remove(c, above) {
			return false
		}
		above = ^uint64(0) << (63 - bits.LeadingZeros64(s.cand[c]))
	}
	return true
}

package backtrack

import (
	"math/bits"

	"gattai/layouts"
)

// linear keeps Σ w_i·x_i = target over its cells, by bounds: a digit d
// of cell i stays if w_i·d lies within what the other cells' least and
// greatest terms leave. Arrow (the circle's digits weigh 100, 10, 1
// with a minus sign, the arrow's cells 1, target 0) and little killer
// (every weight 1, the clue) are such sums, digits repeating. Once
// every cell is placed the bounds meet, and a wrong sum leaves some
// cell no digit.
type linear struct {
	cells  []int32
	w      []int
	target int
}

func newArrow(s *Solver, r *layouts.Rule) propagator {
	p := &linear{cells: int32s(r.Cells), w: make([]int, len(r.Cells))}
	for i := range p.w {
		p.w[i] = 1
		if i < r.Head {
			p.w[i] = -1
			for range r.Head - 1 - i {
				p.w[i] *= 10
			}
		}
	}
	return p
}

func newLittleKiller(s *Solver, r *layouts.Rule) propagator {
	p := &linear{cells: int32s(r.Cells), w: make([]int, len(r.Cells)), target: r.Sum}
	for i := range p.w {
		p.w[i] = 1
	}
	return p
}

func (p *linear) watches() []int32 { return p.cells }

// span is the least and greatest of w·d over the digits of m.
func span(w int, m uint64) (lo, hi int) {
	lo, hi = w*(bits.TrailingZeros64(m)+1), w*bits.Len64(m)
	return min(lo, hi), max(lo, hi)
}

func (p *linear) propagate(s *Solver) bool {
	lo, hi := 0, 0
	for i, c := range p.cells {
		l, h := span(p.w[i], s.cand[c])
		lo, hi = lo+l, hi+h
	}
	if p.target < lo || p.target > hi {
		return false
	}
	for i, c := range p.cells {
		m := s.cand[c]
		l, h := span(p.w[i], m)
		from, to := p.target-(hi-h), p.target-(lo-l)
		if from <= l && h <= to {
			continue
		}
		var out uint64
		for x := m; x != 0; x &= x - 1 {
			d := bits.TrailingZeros64(x)
			if v := p.w[i] * (d + 1); v < from || v > to {
				out |= 1 << d
			}
		}
		if !s.remove(c, out) {
			return false
		}
	}
	return true
}

// sandwich keeps the digits between the 1 and the n of its line (a unit)
// summing to its clue, weakly: once the 1 and the n are placed, the
// cells between them by bounds, as linear does. Before that it prunes
// nothing; when the line is full its bounds check the sum.
type sandwich struct {
	cells []int32
	sum   int
	ends  [2]uint64 // the masks of 1 and n
}

func newSandwich(s *Solver, r *layouts.Rule) propagator {
	n := s.model.N
	return &sandwich{cells: int32s(r.Cells), sum: r.Sum, ends: [2]uint64{1, 1 << (n - 1)}}
}

func (p *sandwich) watches() []int32 { return p.cells }

func (p *sandwich) propagate(s *Solver) bool {
	at := [2]int{-1, -1}
	for i, c := range p.cells {
		for j, e := range p.ends {
			if s.cand[c] == e {
				at[j] = i
			}
		}
	}
	if at[0] < 0 || at[1] < 0 {
		return true
	}
	middle := p.cells[min(at[0], at[1])+1 : max(at[0], at[1])]
	lo, hi := 0, 0
	for _, c := range middle {
		l, h := span(1, s.cand[c])
		lo, hi = lo+l, hi+h
	}
	if p.sum < lo || p.sum > hi {
		return false
	}
	for _, c := range middle {
		l, h := span(1, s.cand[c])
		from, to := p.sum-(hi-h), p.sum-(lo-l)
		// Digits below from, and above to.
		if !s.remove(c, (uint64(1)<<max(from-1, 0)-1)|^(uint64(1)<<max(to, 0)-1)) {
			return false
		}
	}
	return true
}

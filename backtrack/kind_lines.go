package backtrack

import (
	"math/bits"

	"gattai/layouts"
)

// renban keeps its cells' digits within a run of as many consecutive
// digits as cells (that they differ is its unit's work, which layouts
// compiles besides the rule): a digit stays if some run holding it
// meets every cell's candidates.
type renban struct {
	cells []int32
	runs  []uint64 // every run of len(cells) consecutive digits
}

func newRenban(s *Solver, r *layouts.Rule) propagator {
	n, k := s.model.N, len(r.Cells)
	p := &renban{cells: int32s(r.Cells)}
	for lo := 0; lo+k <= n; lo++ {
		p.runs = append(p.runs, (uint64(1)<<k-1)<<lo)
	}
	return p
}

func (p *renban) watches() []int32 { return p.cells }

func (p *renban) propagate(s *Solver) bool {
	var ok uint64
	for _, run := range p.runs {
		fits := true
		for _, c := range p.cells {
			if s.cand[c]&run == 0 {
				fits = false
				break
			}
		}
		if fits {
			ok |= run
		}
	}
	for _, c := range p.cells {
		if !s.remove(c, ^ok) {
			return false
		}
	}
	return true
}

// between keeps the middle cells of a between line strictly within the
// extremes of its ends' candidates: once both ends are placed, strictly
// between their digits.
type between struct {
	cells []int32
}

func newBetween(s *Solver, r *layouts.Rule) propagator {
	return &between{cells: int32s(r.Cells)}
}

func (p *between) watches() []int32 { return p.cells }

func (p *between) propagate(s *Solver) bool {
	k := len(p.cells)
	a, e := s.cand[p.cells[0]], s.cand[p.cells[k-1]]
	lo := min(bits.TrailingZeros64(a), bits.TrailingZeros64(e)) // digit-1
	hi := max(bits.Len64(a), bits.Len64(e)) - 1                 // digit-1
	keep := ^uint64(0) << (lo + 1) & (uint64(1)<<hi - 1)
	for _, c := range p.cells[1 : k-1] {
		if !s.remove(c, ^keep) {
			return false
		}
	}
	return true
}

// quadruple: each digit listed m times has at least m cells that may
// hold it, and when it has exactly m they hold it.
type quadruple struct {
	cells []int32
	need  []need
}

type need struct {
	bit uint64
	m   int
}

func newQuadruple(s *Solver, r *layouts.Rule) propagator {
	p := &quadruple{cells: int32s(r.Cells)}
	for i, d := range r.Digits {
		if i > 0 && r.Digits[i-1] == d {
			p.need[len(p.need)-1].m++
			continue
		}
		p.need = append(p.need, need{bit: 1 << (d - 1), m: 1})
	}
	return p
}

func (p *quadruple) watches() []int32 { return p.cells }

func (p *quadruple) propagate(s *Solver) bool {
	for _, nd := range p.need {
		have := 0
		for _, c := range p.cells {
			if s.cand[c]&nd.bit != 0 {
				have++
			}
		}
		switch {
		case have < nd.m:
			return false
		case have == nd.m:
			for _, c := range p.cells {
				if s.cand[c]&nd.bit != 0 && !s.remove(c, ^nd.bit) {
					return false
				}
			}
		}
	}
	return true
}

// skyscraper, weak: the first cell holds at most n-count+1 and n is not
// among the first count-1 cells (the cells after n are hidden); once
// every cell is placed, the count seen is checked.
type skyscraper struct {
	cells []int32
	count int
	n     int
}

func newSkyscraper(s *Solver, r *layouts.Rule) propagator {
	return &skyscraper{cells: int32s(r.Cells), count: r.Sum, n: s.model.N}
}

func (p *skyscraper) watches() []int32 { return p.cells }

func (p *skyscraper) propagate(s *Solver) bool {
	if !s.remove(p.cells[0], ^uint64(0)<<(p.n-p.count+1)) {
		return false
	}
	for _, c := range p.cells[:p.count-1] {
		if !s.remove(c, 1<<(p.n-1)) {
			return false
		}
	}
	seen, top := 0, 0
	for _, c := range p.cells {
		m := s.cand[c]
		if m&(m-1) != 0 {
			return true
		}
		if d := bits.TrailingZeros64(m) + 1; d > top {
			seen, top = seen+1, d
		}
	}
	return seen == p.count
}

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
	return newPair(s, r, fmt.Sprintf("kropki %s %d %d", r.Dot, r.Diff, r.Ratio), func(x, y int) bool {
		return layouts.KropkiHolds(r.Dot, r.Diff, r.Ratio, x, y)
	})
}

// newXV: an X, a V, or (negative) neither.
func newXV(s *Solver, r *layouts.Rule) propagator {
	return newPair(s, r, fmt.Sprint("xv ", r.Sum, r.Digits), func(x, y int) bool { return layouts.XVHolds(r, x, y) })
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

// pairs holds pairs of cells to a relation, not necessarily symmetric,
// by arc consistency over all of them: whispers (each two neighbours on
// the line), palindrome and clone (cells that hold the same digit),
// minimum and maximum (the cell and each neighbour). fwd[x-1] is the
// mask of the digits b may hold beside a digit x of a, back[y-1] those
// a may hold beside y of b. The pairs are revised until none changes.
type pairs struct {
	a, b      []int32
	fwd, back []uint64
	cells     []int32
}

func newPairs(s *Solver, r *layouts.Rule) propagator {
	p := &pairs{cells: int32s(r.Cells)}
	var relation string
	var holds func(x, y int) bool
	add := func(a, b int) { p.a, p.b = append(p.a, int32(a)), append(p.b, int32(b)) }
	switch r.Kind {
	case "whispers":
		for i := 1; i < len(r.Cells); i++ {
			add(r.Cells[i-1], r.Cells[i])
		}
		relation, holds = fmt.Sprint("whispers ", r.Diff), func(x, y int) bool { return x-y >= r.Diff || y-x >= r.Diff }
	case "palindrome", "clone":
		for i := 0; i+1 < len(r.Cells); i += 2 {
			add(r.Cells[i], r.Cells[i+1])
		}
		relation, holds = "equal", func(x, y int) bool { return x == y }
	case "entropic":
		for i := range r.Cells {
			for j := i + 1; j <= i+2 && j < len(r.Cells); j++ {
				add(r.Cells[i], r.Cells[j])
			}
		}
		relation, holds = "entropic", func(x, y int) bool { return layouts.EntropicGroup(r.Diff, x) != layouts.EntropicGroup(r.Diff, y) }
	case "minimum":
		for _, o := range r.Cells[1:] {
			add(r.Cells[0], o)
		}
		relation, holds = "less", func(x, y int) bool { return x < y }
	case "maximum":
		for _, o := range r.Cells[1:] {
			add(r.Cells[0], o)
		}
		relation, holds = "greater", func(x, y int) bool { return x > y }
	default:
		panic("backtrack: no pairs for " + r.Kind)
	}
	n := s.model.N
	tables := table(s, "pairs "+relation, func() [2][]uint64 {
		fwd, back := make([]uint64, n), make([]uint64, n)
		for x := 1; x <= n; x++ {
			for y := 1; y <= n; y++ {
				if holds(x, y) {
					fwd[x-1] |= 1 << (y - 1)
					back[y-1] |= 1 << (x - 1)
				}
			}
		}
		return [2][]uint64{fwd, back}
	})
	p.fwd, p.back = tables[0], tables[1]
	return p
}

func (p *pairs) watches() []int32 { return p.cells }

func (p *pairs) propagate(s *Solver) bool {
	for changed := true; changed; {
		changed = false
		for i, a := range p.a {
			b := p.b[i]
			ma, mb := s.cand[a], s.cand[b]
			if !s.remove(b, ^union(p.fwd, ma)) || !s.remove(a, ^union(p.back, s.cand[b])) {
				return false
			}
			if s.cand[a] != ma || s.cand[b] != mb {
				changed = true
			}
		}
	}
	return true
}

// union is the union of t[d-1] over the digits d of m.
func union(t []uint64, m uint64) uint64 {
	var out uint64
	for ; m != 0; m &= m - 1 {
		out |= t[bits.TrailingZeros64(m)]
	}
	return out
}

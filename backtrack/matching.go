package backtrack

import "math/bits"

// matcher enforces generalized arc consistency on the all-different
// constraint of a full unit (Régin's filtering): a digit stays a
// candidate of a cell only if some assignment of distinct digits to all
// the unit's free cells gives it that digit. This subsumes hidden and
// naked subsets of any size within the unit. It costs more than singles
// and locked candidates, so it runs after them have stalled, and only
// once a search has proved hard (see matchFrom).
//
// The method: find a perfect matching of the free cells to the digits
// they still need (Kuhn's augmenting paths on bitmasks, starting from
// the unit's previous matching), then direct the graph cell -> cell,
// i -> j when i can take the digit matched to j. A cell keeps exactly
// the digits matched to the cells in its strongly connected component.
type matcher struct {
	hint []uint8 // per unit position: the digit last matched there, +1

	// filter's input and output, for k items.
	dom  []uint64 // each item's values
	mate []int8   // the value matched to each, or -1; a hint on input

	cells   []int32  // the unit's free cells
	pos     []int32  // their positions in the unit, for hint
	owner   [64]int8 // the item matched to each value, or -1
	seen    uint64   // values visited by the current augmenting search
	out, in []uint64 // the directed graph as sets of items
}

func newMatcher(s *Solver) matcher {
	n := s.model.N
	return matcher{
		hint:  make([]uint8, len(s.unitCells)),
		dom:   make([]uint64, n),
		mate:  make([]int8, n),
		cells: make([]int32, 0, n),
		pos:   make([]int32, n),
		out:   make([]uint64, n),
		in:    make([]uint64, n),
	}
}

// matchFrom is the search node from which the solver runs the matcher
// on grids of n symbols, or -1 for never. Measured with
// BenchmarkMatching: from the start, the matcher doubles the cost of a
// node and saves few nodes on easy puzzles, which finish in tens of
// nodes, but on hard 25x25 ones it cuts nodes 5-8x and time 2-3.5x
// (one from 56,000 nodes to 6,600). From node 100 on, easy 25x25 and 16x16 puzzles go as fast as
// without it and hard ones as fast as with it from the start. On 9x9
// grids (sumo, nonconsecutive) it saved nodes but lost time even so.
func matchFrom(n int) int64 {
	if n < 16 {
		return -1
	}
	return 100
}

// match filters full unit u to generalized arc consistency. It reports
// false if the free cells cannot all take distinct digits.
func (s *Solver) match(u int32) bool {
	g := &s.mt
	base := s.unitAt[u]
	g.cells = g.cells[:0]
	for p, c := range s.unitCells[base:s.unitAt[u+1]] {
		m := s.cand[c]
		if m&(m-1) == 0 {
			continue
		}
		k := len(g.cells)
		g.cells = append(g.cells, c)
		g.dom[k], g.pos[k], g.mate[k] = m, int32(p), int8(g.hint[base+int32(p)])-1
	}
	k := len(g.cells)
	if k < 3 {
		return true // two free cells are left to singles
	}
	if !g.filter(k) {
		s.blame(u)
		return false
	}
	for i, c := range g.cells {
		g.hint[base+g.pos[i]] = uint8(g.mate[i]) + 1
		if m := s.cand[c]; m&^g.dom[i] != 0 && !s.remove(c, m&^g.dom[i]) {
			return false
		}
	}
	return true
}

// filter narrows dom[:k] to the values that some matching of every item
// to a distinct value uses, and leaves one such matching in mate. It
// reports false if there is none. mate holds a hint on input: the
// previous matching, kept where it still holds.
func (g *matcher) filter(k int) bool {
	var need uint64
	for i := range k {
		need |= g.dom[i]
	}
	switch values := bits.OnesCount64(need); {
	case values < k:
		return false
	case values > k:
		return true // values to spare: no filtering (not needed in full units)
	}
	for d := need; d != 0; d &= d - 1 {
		g.owner[bits.TrailingZeros64(d)] = -1
	}

	// The previous matching where it still holds, then augmenting paths.
	for i := range k {
		h := g.mate[i]
		g.mate[i] = -1
		if h >= 0 && g.dom[i]&(1<<h) != 0 && g.owner[h] < 0 {
			g.mate[i], g.owner[h] = h, int8(i)
		}
	}
	for i := range k {
		if g.mate[i] >= 0 {
			continue
		}
		g.seen = 0
		if !g.augment(i) {
			return false
		}
	}

	// The graph: i -> j when i can take j's value.
	for i := range k {
		g.in[i] = 0
	}
	for i := range k {
		var out uint64
		for d := g.dom[i]; d != 0; d &= d - 1 {
			out |= 1 << g.owner[bits.TrailingZeros64(d)]
		}
		out &^= 1 << i
		g.out[i] = out
		for o := out; o != 0; o &= o - 1 {
			g.in[bits.TrailingZeros64(o)] |= 1 << i
		}
	}

	// Strongly connected components, each the intersection of what an
	// item reaches and what reaches it; every item keeps the values
	// matched in its component.
	left := ^uint64(0) >> (64 - k)
	for left != 0 {
		v := bits.TrailingZeros64(left)
		comp := reach(g.out, v, left) & reach(g.in, v, left)
		left &^= comp
		var allowed uint64
		for c := comp; c != 0; c &= c - 1 {
			allowed |= 1 << g.mate[bits.TrailingZeros64(c)]
		}
		for c := comp; c != 0; c &= c - 1 {
			g.dom[bits.TrailingZeros64(c)] &= allowed
		}
	}
	return true
}

// augment looks for an augmenting path from item i, which has no value
// yet, and flips it.
func (g *matcher) augment(i int) bool {
	for avail := g.dom[i] &^ g.seen; avail != 0; avail &= avail - 1 {
		d := bits.TrailingZeros64(avail)
		if g.seen&(1<<d) != 0 {
			continue
		}
		g.seen |= 1 << d
		if j := g.owner[d]; j < 0 || g.augment(int(j)) {
			g.owner[d], g.mate[i] = int8(i), int8(d)
			return true
		}
	}
	return false
}

// reach is the set of nodes within left that v reaches along edges.
func reach(edges []uint64, v int, left uint64) uint64 {
	seen := uint64(1) << v
	for frontier := seen; frontier != 0; {
		var next uint64
		for f := frontier; f != 0; f &= f - 1 {
			next |= edges[bits.TrailingZeros64(f)]
		}
		frontier = next & left &^ seen
		seen |= frontier
	}
	return seen
}

package logic

import (
	"strings"

	"gattai/layouts"
)

// Chains. A node is a candidate: cell c holds digit d. A strong link
// joins two nodes of which at least one is true: the two candidates of
// a bivalue cell, or the two places of a digit in a full unit (bilocal).
// A weak link joins two nodes that are not both true: two candidates of
// one cell, or one digit in two cells that share a unit. An alternating
// chain from A to Y (strong, weak, strong, ..., strong) proves "A or Y":
// if A is false, the first strong link makes its partner true, the weak
// link makes the next node false, and so on to Y. So a candidate weakly
// linked to both A and Y is false, and a chain from A back to A places A.
//
// The search is breadth first over (node, true/false) from each start,
// so each conclusion comes with a shortest chain, bounded by maxStrong
// strong links.

const maxStrong = 10

type chainMode uint8

const (
	modeX   chainMode = iota // one digit, bilocal strong links: x-chains
	modeXY                   // bivalue strong links, weak links between cells: xy-chains
	modeAIC                  // both kinds of strong and weak links
)

type edge struct {
	to   int32
	unit int32 // the unit of a bilocal link, or -1 for a bivalue cell
}

type chainScratch struct {
	nodeOf []int32 // cell*n + d-1 -> node, or -1
	cell   []int32
	digit  []uint8
	strong [][]edge
	weakAt []int32 // the weak links between cells of node i: weak[weakAt[i]:weakAt[i+1]]
	weak   []int32
	seen   []uint32 // per state (node*2 + on)
	gen    uint32
	parent []int32 // per state: the state before, or -1
	via    []int32 // per state: the unit of the link into it, or -1
	depth  []int8  // per state: strong links so far
	queue  []int32
}

// buildNodes numbers the candidates of empty cells and finds the strong
// links among them.
func (s *solver) buildNodes() {
	cs := &s.cs
	n := s.n
	if cs.nodeOf == nil {
		cs.nodeOf = make([]int32, len(s.cand)*n)
	}
	cs.cell, cs.digit = cs.cell[:0], cs.digit[:0]
	for c, m := range s.cand {
		for d := 1; d <= n; d++ {
			cs.nodeOf[c*n+d-1] = -1
		}
		if s.val[c] != 0 {
			continue
		}
		for d := range digits(m) {
			cs.nodeOf[c*n+d-1] = int32(len(cs.cell))
			cs.cell = append(cs.cell, int32(c))
			cs.digit = append(cs.digit, uint8(d))
		}
	}
	nn := len(cs.cell)
	for len(cs.strong) < nn {
		cs.strong = append(cs.strong, nil)
	}
	for i := range nn {
		cs.strong[i] = cs.strong[i][:0]
	}
	for i := range nn {
		c := int(cs.cell[i])
		if m := s.cand[c]; count(m) == 2 {
			other := m &^ bit(int(cs.digit[i]))
			cs.strong[i] = append(cs.strong[i], edge{cs.nodeOf[c*n+first(other)-1], -1})
		}
	}
	for _, l := range s.bilocals() {
		d := int(l.d)
		na, nb := cs.nodeOf[l.p*n+d-1], cs.nodeOf[l.q*n+d-1]
		cs.strong[na] = append(cs.strong[na], edge{nb, int32(l.u)})
		cs.strong[nb] = append(cs.strong[nb], edge{na, int32(l.u)})
	}
	// Weak links between cells: the same digit in peers.
	cs.weakAt = append(cs.weakAt[:0], 0)
	cs.weak = cs.weak[:0]
	for i := range nn {
		c, d := int(cs.cell[i]), int(cs.digit[i])
		for _, p := range s.m.Peers[c] {
			if to := cs.nodeOf[p*n+d-1]; to >= 0 {
				cs.weak = append(cs.weak, to)
			}
		}
		cs.weakAt = append(cs.weakAt, int32(len(cs.weak)))
	}
	if len(cs.seen) < 2*nn {
		cs.seen = make([]uint32, 2*nn)
		cs.parent = make([]int32, 2*nn)
		cs.via = make([]int32, 2*nn)
		cs.depth = make([]int8, 2*nn)
		cs.gen = 0
	}
}

// bilocal is a strong link in a unit: the only two places p, q of a
// digit in full unit u.
type bilocal struct {
	p, q, u int
	d       uint8
}

// bilocals lists the strong links in units, full unit by full unit and
// digit by digit: the only two free cells of a unit that may hold a
// digit. The list is s.bils, valid until the next call.
func (s *solver) bilocals() []bilocal {
	s.bils = s.bils[:0]
	for _, u := range s.full {
		var once, twice, more uint64
		for _, c := range s.m.Units[u].Cells {
			if s.val[c] != 0 {
				continue // its digit is no free cell's in u
			}
			m := s.cand[c]
			more |= twice & m
			twice |= once & m
			once |= m
		}
		for d := range digits(twice &^ more) {
			l := bilocal{p: -1, u: u, d: uint8(d)}
			for _, c := range s.m.Units[u].Cells {
				if s.val[c] == 0 && s.cand[c]&bit(d) != 0 {
					if l.p < 0 {
						l.p = c
					} else {
						l.q = c
					}
				}
			}
			s.bils = append(s.bils, l)
		}
	}
	return s.bils
}

// chain finds the shortest chain of the mode that proves something.
func (s *solver) chain(st *Step, mode chainMode) bool {
	s.buildNodes()
	cs := &s.cs
	nn := len(cs.cell)
	best, bestA, bestY := maxStrong+1, -1, -1
	for a := range nn {
		if !s.hasStrong(int32(a), mode) {
			continue
		}
		y, k := s.chainFrom(int32(a), mode, best-1)
		if y >= 0 && k < best {
			best, bestA, bestY = k, a, int(y)
			if k == 1 {
				break
			}
		}
	}
	if bestA < 0 {
		return false
	}
	// Rerun the winner to rebuild its parents.
	y, k := s.chainFrom(int32(bestA), mode, best)
	if int(y) != bestY {
		panic("logic: chain search is not deterministic")
	}
	s.describeChain(st, int32(bestA), y, k, mode)
	return true
}

// hasStrong reports whether node a has a strong link of the mode: a
// chain from "a is false" needs one to start.
func (s *solver) hasStrong(a int32, mode chainMode) bool {
	for _, e := range s.cs.strong[a] {
		if !(mode == modeX && e.unit < 0) && !(mode == modeXY && e.unit >= 0) {
			return true
		}
	}
	return false
}

// chainFrom searches from "a is false" up to limit strong links and
// returns the first true node that proves something, with its strong
// link count, or -1.
func (s *solver) chainFrom(a int32, mode chainMode, limit int) (int32, int) {
	cs := &s.cs
	n := s.n
	cs.gen++
	if cs.gen == 0 {
		clear(cs.seen)
		cs.gen = 1
	}
	q := cs.queue[:0]
	st0 := a * 2
	cs.seen[st0], cs.parent[st0], cs.via[st0], cs.depth[st0] = cs.gen, -1, -1, 0
	q = append(q, st0)
	defer func() { cs.queue = q[:0] }()
	visit := func(from, to int32, via int32, d int8) {
		if cs.seen[to] == cs.gen {
			return
		}
		cs.seen[to], cs.parent[to], cs.via[to], cs.depth[to] = cs.gen, from, via, d
		q = append(q, to)
	}
	for h := 0; h < len(q); h++ {
		x := q[h]
		node, on := x/2, x%2 == 1
		dep := cs.depth[x]
		if !on {
			if int(dep) >= limit {
				continue
			}
			for _, e := range cs.strong[node] {
				if (mode == modeX && e.unit < 0) || (mode == modeXY && e.unit >= 0) {
					continue
				}
				before := len(q)
				visit(x, e.to*2+1, e.unit, dep+1)
				if len(q) > before && s.proves(a, e.to) {
					return e.to, int(dep + 1)
				}
			}
			continue
		}
		c, d := int(cs.cell[node]), int(cs.digit[node])
		if mode == modeAIC {
			for e := range digits(s.cand[c] &^ bit(d)) {
				visit(x, cs.nodeOf[c*n+e-1]*2, -1, dep)
			}
		}
		if mode == modeXY && count(s.cand[c]) != 2 {
			continue
		}
		for _, to := range cs.weak[cs.weakAt[node]:cs.weakAt[node+1]] {
			if mode == modeXY && count(s.cand[cs.cell[to]]) != 2 {
				continue
			}
			visit(x, to*2, -1, dep)
		}
	}
	return -1, 0
}

// proves reports whether "a or y" eliminates or places something.
func (s *solver) proves(a, y int32) bool {
	if a == y {
		return true
	}
	found := false
	s.chainElims(a, y, func(int, int) bool { found = true; return false })
	return found
}

// chainElims calls f for each candidate weakly linked to both a and y
// (a != y), until f returns false.
func (s *solver) chainElims(a, y int32, f func(c, d int) bool) {
	cs := &s.cs
	ca, da := int(cs.cell[a]), int(cs.digit[a])
	cy, dy := int(cs.cell[y]), int(cs.digit[y])
	switch {
	case da == dy:
		for _, p := range s.m.Peers[ca] {
			if p != cy && s.val[p] == 0 && s.cand[p]&bit(da) != 0 && s.sees(p, cy) {
				if !f(p, da) {
					return
				}
			}
		}
	case ca == cy:
		for e := range digits(s.cand[ca] &^ bit(da) &^ bit(dy)) {
			if !f(ca, e) {
				return
			}
		}
	case s.sees(ca, cy):
		if s.cand[ca]&bit(dy) != 0 && !f(ca, dy) {
			return
		}
		if s.cand[cy]&bit(da) != 0 {
			f(cy, da)
		}
	}
}

func (s *solver) describeChain(st *Step, a, y int32, k int, mode chainMode) {
	cs := &s.cs
	// Walk back from (y, true) to (a, false).
	var states []int32
	for x := y*2 + 1; x >= 0; x = cs.parent[x] {
		states = append(states, x)
	}
	var b strings.Builder
	var units []string
	var cells []layouts.Pos
	allBivalue, oneDigit := true, true
	for i := len(states) - 1; i >= 0; i-- {
		x := states[i]
		node := x / 2
		c, d := int(cs.cell[node]), int(cs.digit[node])
		if i < len(states)-1 {
			if x%2 == 1 {
				b.WriteString("=")
				if u := cs.via[x]; u >= 0 {
					allBivalue = false
					units = append(units, s.unitName(int(u)))
				}
			} else {
				b.WriteString("-")
			}
		}
		if d != int(cs.digit[a]) {
			oneDigit = false
		}
		b.WriteString("(" + layouts.Symbol(d) + ")" + s.pos(c).String())
		if len(cells) == 0 || cells[len(cells)-1] != s.pos(c) {
			cells = append(cells, s.pos(c))
		}
	}
	tech, w := AIC, 7.0
	switch {
	case mode == modeX || oneDigit && !allBivalue:
		tech, w = XChain, 6.5
	case mode == modeXY || allBivalue:
		tech, w = XYChain, 6.6
	}
	w += 0.1 * float64(k)
	*st = Step{Technique: tech, Weight: round1(w), Units: units, Cells: cells, Chain: b.String()}
	if a == y {
		st.Placements = []Move{s.mv(int(cs.cell[a]), int(cs.digit[a]))}
		return
	}
	s.chainElims(a, y, func(c, d int) bool {
		st.Eliminations = append(st.Eliminations, s.mv(c, d))
		return true
	})
}

func round1(x float64) float64 { return float64(int(x*10+0.5)) / 10 }

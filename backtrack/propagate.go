package backtrack

// A propagator is a constraint beyond the all-different units: a killer
// cage, a thermometer, a kropki dot, ... New builds one for each rule
// of the model through its kind (see kinds). The solver runs a
// propagator once at the start and again whenever the candidates of a
// cell it watches narrow, after the unit propagation has stalled.
type propagator interface {
	// watches lists the cells whose narrowing wakes the propagator.
	watches() []int32
	// propagate narrows candidates, only through s.remove, and reports
	// false on a contradiction.
	propagate(s *Solver) bool
}

// setPropagators installs ps and indexes which cells wake which.
func (s *Solver) setPropagators(ps []propagator) {
	nc := len(s.model.Cells)
	s.props = ps
	s.propAt = make([]int32, nc+1)
	for _, p := range ps {
		for _, c := range p.watches() {
			s.propAt[c+1]++
		}
	}
	for c := range nc {
		s.propAt[c+1] += s.propAt[c]
	}
	s.watch = make([]int32, s.propAt[nc])
	next := append([]int32(nil), s.propAt[:nc]...)
	for i, p := range ps {
		for _, c := range p.watches() {
			s.watch[next[c]] = int32(i)
			next[c]++
		}
	}
	s.woken = newWorkList(len(ps))
}

// remove takes the digits of m out of cell c's candidates and wakes what
// watches c. It reports false if c has no candidate left.
func (s *Solver) remove(c int32, m uint64) bool {
	old := s.cand[c]
	if old&m == 0 {
		return true
	}
	s.trail = append(s.trail, undo{c, old})
	m = old &^ m
	s.cand[c] = m
	if m&(m-1) == 0 {
		if m == 0 {
			s.blameCell(c)
			return false
		}
		s.queue = append(s.queue, c)
	}
	for _, u := range s.cellUnits[s.cellUnitAt[c]:s.cellUnitAt[c+1]] {
		s.singles.push(u)
	}
	if len(s.props) > 0 {
		for _, i := range s.watch[s.propAt[c]:s.propAt[c+1]] {
			s.woken.push(i)
		}
	}
	return true
}

// propagate places the cells left with one candidate, scans the narrowed
// units for hidden singles, runs the woken propagators, locks and
// matches, in that order of priority, until nothing changes. It reports
// false on a contradiction; the caller then calls fail and undoes.
func (s *Solver) propagate() bool {
	for {
		if k := len(s.queue); k > 0 {
			c := s.queue[k-1]
			s.queue = s.queue[:k-1]
			if s.where[c] < int32(s.nfree) && !s.place(c) {
				return false
			}
			continue
		}
		if u, ok := s.singles.pop(); ok {
			if !s.scan(u) {
				return false
			}
			s.locks.push(u)
			if s.matching {
				s.matches.push(u)
			}
			continue
		}
		if i, ok := s.woken.pop(); ok {
			if !s.props[i].propagate(s) {
				for _, c := range s.props[i].watches() {
					s.weight[c] += s.bump
				}
				return false
			}
			continue
		}
		if u, ok := s.locks.pop(); ok {
			if !s.lock(u) {
				return false
			}
			continue
		}
		if u, ok := s.matches.pop(); ok {
			if !s.match(u) {
				return false
			}
			continue
		}
		return true
	}
}

// clear empties the work lists after a contradiction.
func (s *Solver) clear() {
	s.queue = s.queue[:0]
	s.singles.clear()
	s.locks.clear()
	s.matches.clear()
	s.woken.clear()
}

// place takes cell c, which has one candidate, out of the free cells
// and removes its digit from its peers.
func (s *Solver) place(c int32) bool {
	i, last := s.where[c], s.free[s.nfree-1]
	s.free[i], s.where[last] = last, i
	s.free[s.nfree-1], s.where[c] = c, int32(s.nfree-1)
	s.nfree--
	d := s.cand[c]
	for _, p := range s.peers[s.peerAt[c]:s.peerAt[c+1]] {
		if s.cand[p]&d != 0 && !s.remove(p, d) {
			return false
		}
	}
	return true
}

// scan checks full unit u: every digit must still fit somewhere, and a
// digit that fits one cell only is placed there.
func (s *Solver) scan(u int32) bool {
	cells := s.unitCells[s.unitAt[u]:s.unitAt[u+1]]
	var once, twice, fixed uint64
	for _, c := range cells {
		m := s.cand[c]
		twice |= once & m
		once |= m
		if m&(m-1) == 0 {
			fixed |= m
		}
	}
	if once != s.full {
		s.blame(u)
		return false
	}
	for hidden := once &^ twice &^ fixed; hidden != 0; hidden &= hidden - 1 {
		d := hidden & -hidden
		found := false
		for _, c := range cells {
			if m := s.cand[c]; m&d != 0 {
				if !s.remove(c, m&^d) {
					return false
				}
				found = true
				break
			}
		}
		if !found { // two hidden singles in one cell
			s.blame(u)
			return false
		}
	}
	return true
}

// workList is a list of indices to visit, each on it at most once.
type workList struct {
	list []int32
	on   []bool
}

func newWorkList(n int) workList {
	return workList{make([]int32, 0, n), make([]bool, n)}
}

func (w *workList) push(i int32) {
	if !w.on[i] {
		w.on[i] = true
		w.list = append(w.list, i)
	}
}

func (w *workList) pop() (int32, bool) {
	k := len(w.list)
	if k == 0 {
		return 0, false
	}
	i := w.list[k-1]
	w.list = w.list[:k-1]
	w.on[i] = false
	return i, true
}

func (w *workList) clear() {
	for _, i := range w.list {
		w.on[i] = false
	}
	w.list = w.list[:0]
}

// fill puts every index on the list.
func (w *workList) fill() {
	w.list = w.list[:0]
	for i := range w.on {
		w.on[i] = true
		w.list = append(w.list, int32(i))
	}
}

// blame records a contradiction in full unit u: its cells weigh more
// when pick chooses where to branch (the dom/wdeg heuristic), so the
// search turns to where it fails instead of thrashing elsewhere.
func (s *Solver) blame(u int32) {
	for _, c := range s.unitCells[s.unitAt[u]:s.unitAt[u+1]] {
		s.weight[c] += s.bump
	}
}

// blameCell records that cell c ran out of candidates: the units around
// it are blamed.
func (s *Solver) blameCell(c int32) {
	for _, u := range s.cellUnits[s.cellUnitAt[c]:s.cellUnitAt[c+1]] {
		s.blame(u)
	}
}

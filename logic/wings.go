package logic

// xyWing finds a bivalue pivot {x,y} seeing bivalue pincers {x,z} and
// {y,z}: z leaves every cell that sees both pincers.
func (s *solver) xyWing(st *Step) bool {
	for p, pm := range s.cand {
		if s.val[p] != 0 || count(pm) != 2 {
			continue
		}
		peers := s.m.Peers[p]
		for i, a := range peers {
			am := s.cand[a]
			if s.val[a] != 0 || count(am) != 2 || count(am&pm) != 1 {
				continue
			}
			z := am &^ pm
			for _, b := range peers[i+1:] {
				bm := s.cand[b]
				if s.val[b] != 0 || bm != z|(pm&^am) {
					continue
				}
				if s.wingElims(st, z, p, a, b, false) {
					st.Technique, st.Weight = XYWing, 4.2
					return true
				}
			}
		}
	}
	return false
}

// xyzWing finds a pivot {x,y,z} seeing pincers {x,z} and {y,z}: z
// leaves every cell that sees all three.
func (s *solver) xyzWing(st *Step) bool {
	for p, pm := range s.cand {
		if s.val[p] != 0 || count(pm) != 3 {
			continue
		}
		peers := s.m.Peers[p]
		for i, a := range peers {
			am := s.cand[a]
			if s.val[a] != 0 || count(am) != 2 || am&^pm != 0 {
				continue
			}
			for _, b := range peers[i+1:] {
				bm := s.cand[b]
				if s.val[b] != 0 || count(bm) != 2 || bm&^pm != 0 || bm == am {
					continue
				}
				z := am & bm
				if s.wingElims(st, z, p, a, b, true) {
					st.Technique, st.Weight = XYZWing, 4.4
					return true
				}
			}
		}
	}
	return false
}

// wingElims fills st with the eliminations of digit mask z (one bit)
// from cells seeing pincers a and b (and pivot p when withPivot).
func (s *solver) wingElims(st *Step, z uint64, p, a, b int, withPivot bool) bool {
	d := first(z)
	var elims []Move
	s.mark()
	for _, x := range s.m.Peers[a] {
		s.stamp[x] = s.gen
	}
	for _, x := range s.m.Peers[b] {
		if x == p || x == a || s.stamp[x] != s.gen || s.val[x] != 0 || s.cand[x]&z == 0 {
			continue
		}
		if withPivot && !s.sees(x, p) {
			continue
		}
		elims = append(elims, s.mv(x, d))
	}
	if len(elims) == 0 {
		return false
	}
	*st = Step{Eliminations: elims, Cells: s.positions(p, a, b)}
	return true
}

// wWing finds two cells with the same two candidates {x,y} that do not
// see each other, joined by a strong link on y (the only two places of
// y in a unit, one seeing each cell): one of the two cells holds x, so
// x leaves every cell that sees both.
func (s *solver) wWing(st *Step) bool {
	bils := s.bilocals()
	if len(bils) == 0 {
		return false
	}
	s.pairs = s.pairs[:0]
	for c, m := range s.cand {
		if s.val[c] == 0 && count(m) == 2 {
			s.pairs = append(s.pairs, c)
		}
	}
	for i, a := range s.pairs {
		am := s.cand[a]
		for _, b := range s.pairs[i+1:] {
			if s.cand[b] != am || s.sees(a, b) {
				continue
			}
			for _, l := range bils {
				y := bit(int(l.d))
				if am&y == 0 || l.p == a || l.p == b || l.q == a || l.q == b {
					continue
				}
				if !(s.sees(l.p, a) && s.sees(l.q, b) || s.sees(l.p, b) && s.sees(l.q, a)) {
					continue
				}
				x := first(am &^ y)
				var elims []Move
				for _, c := range s.m.Peers[a] {
					if c != b && s.val[c] == 0 && s.cand[c]&bit(x) != 0 && s.sees(c, b) {
						elims = append(elims, s.mv(c, x))
					}
				}
				if len(elims) == 0 {
					continue
				}
				*st = Step{Technique: WWing, Weight: 6.8, Eliminations: elims,
					Units: []string{s.unitName(l.u)}, Cells: s.positions(a, b, l.p, l.q)}
				return true
			}
		}
	}
	return false
}

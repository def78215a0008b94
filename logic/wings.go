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

package logic

import "gattai/layouts"

// fullHouse finds a full unit with one empty cell.
func (s *solver) fullHouse(st *Step) bool {
	for _, u := range s.full {
		empty, k := -1, 0
		for _, c := range s.m.Units[u].Cells {
			if s.val[c] == 0 {
				empty = c
				k++
			}
		}
		if k == 1 && count(s.cand[empty]) == 1 {
			s.single(st, FullHouse, 1.0, u, empty, first(s.cand[empty]))
			return true
		}
	}
	return false
}

// hiddenSingle finds a digit with one place in a full unit, in a box
// first (1.2), then elsewhere (1.5).
func (s *solver) hiddenSingle(st *Step) bool {
	for pass := range 2 {
		for _, u := range s.full {
			if (s.m.Units[u].Kind == layouts.UnitBox) != (pass == 0) {
				continue
			}
			var once, twice, placed uint64
			for _, c := range s.m.Units[u].Cells {
				if s.val[c] != 0 {
					placed |= s.cand[c]
					continue
				}
				twice |= once & s.cand[c]
				once |= s.cand[c]
			}
			single := once &^ twice &^ placed
			if single == 0 {
				continue
			}
			d := first(single)
			for _, c := range s.m.Units[u].Cells {
				if s.val[c] == 0 && s.cand[c]&bit(d) != 0 {
					w := 1.2
					if pass == 1 {
						w = 1.5
					}
					s.single(st, HiddenSingle, w, u, c, d)
					return true
				}
			}
		}
	}
	return false
}

// nakedSingle finds an empty cell with one candidate.
func (s *solver) nakedSingle(st *Step) bool {
	for c, m := range s.cand {
		if s.val[c] == 0 && count(m) == 1 {
			s.single(st, NakedSingle, 2.3, -1, c, first(m))
			return true
		}
	}
	return false
}

// locked finds a digit whose candidates in a full unit u all lie where u
// meets another unit v, and which v's other cells still hold.
func (s *solver) locked(st *Step) bool {
	for i := range s.locks {
		l := &s.locks[i]
		var inside, outside uint64
		for _, c := range l.cells {
			if s.val[c] == 0 {
				inside |= s.cand[c]
			}
		}
		for _, c := range s.m.Units[l.u].Cells {
			if s.val[c] != 0 {
				outside |= s.cand[c] // placed digits are settled
			}
		}
		// Digits of u's other empty cells.
		s.mark()
		for _, c := range l.cells {
			s.stamp[c] = s.gen
		}
		for _, c := range s.m.Units[l.u].Cells {
			if s.stamp[c] != s.gen && s.val[c] == 0 {
				outside |= s.cand[c]
			}
		}
		conf := inside &^ outside
		if conf == 0 {
			continue
		}
		var rest uint64
		for _, c := range l.rest {
			if s.val[c] == 0 {
				rest |= s.cand[c]
			}
		}
		conf &= rest
		if conf == 0 {
			continue
		}
		d := first(conf)
		tech, w := Claiming, 2.8
		if s.m.Units[l.u].Kind == layouts.UnitBox {
			tech, w = Pointing, 2.6
		}
		reset(st, tech, w)
		st.Units = append(st.Units, s.unitName(l.u), s.unitName(l.v))
		for _, c := range l.rest {
			if s.val[c] == 0 && s.cand[c]&bit(d) != 0 {
				st.Eliminations = append(st.Eliminations, s.mv(c, d))
			}
		}
		for _, c := range l.cells {
			if s.val[c] == 0 && s.cand[c]&bit(d) != 0 {
				st.Cells = append(st.Cells, s.pos(c))
			}
		}
		return true
	}
	return false
}

// single describes a placement of d in c, found in unit u (or -1).
func (s *solver) single(st *Step, tech string, w float64, u, c, d int) {
	reset(st, tech, w)
	if u >= 0 {
		st.Units = append(st.Units, s.unitName(u))
	}
	st.Placements = append(st.Placements, s.mv(c, d))
	st.Cells = append(st.Cells, s.pos(c))
}

package logic

import "slices"

// Uniqueness techniques: a puzzle with exactly one solution never comes
// to a pattern that would allow two, so a candidate that would make one
// is false. They run only when the caller has proved the puzzle unique
// (Options.Unique): on a puzzle with several solutions they could rule
// some of them out.

// uniqueRect finds a unique rectangle: four free cells of one grid at
// the corners of two rows and two columns, all holding digits a and b,
// where every unit of each corner holds exactly one side of the
// rectangle (two rows, two columns, two boxes in a classic grid). Were
// all four {a,b}, swapping a and b would make a second solution. Type 1:
// three corners are {a,b}, so the fourth loses a and b. Types 2 and 4:
// two corners on one side (the floor) are {a,b}, and the other two (the
// roof) hold more (see rectType2 and rectType4).
func (s *solver) uniqueRect(st *Step) bool {
	if len(s.rules) > 0 {
		return false // a rule may tell a from b
	}
	// From each side of two cells with the same two candidates, along a
	// row and then along a column (type 2's may be either).
	for gi := range s.grids {
		for orient := range 2 {
			lines := s.grids[gi].rows
			if orient == 1 {
				lines = s.grids[gi].cols
			}
			for i1, u1 := range lines {
				l1 := s.m.Units[u1].Cells
				for j1, a := range l1 {
					if s.val[a] != 0 || count(s.cand[a]) != 2 {
						continue
					}
					for j2 := j1 + 1; j2 < len(l1); j2++ {
						if b := l1[j2]; s.val[b] != 0 || s.cand[b] != s.cand[a] {
							continue
						}
						for i2, u2 := range lines {
							if i2 == i1 {
								continue
							}
							l2 := s.m.Units[u2].Cells
							// Corners in order around the rectangle:
							// each shares a side with the next.
							if s.rectStep(st, [4]int{a, l1[j2], l2[j2], l2[j1]}) {
								return true
							}
						}
					}
				}
			}
		}
	}
	return false
}

// rectStep checks the rectangle of corners q for type 1 and type 2.
func (s *solver) rectStep(st *Step, q [4]int) bool {
	var both, pairs uint64 // digits in every corner; the corners with two
	both = s.all
	var two uint8 // corners with exactly two candidates, bit i for q[i]
	for i, c := range q {
		if s.val[c] != 0 {
			return false
		}
		both &= s.cand[c]
		if count(s.cand[c]) == 2 {
			two |= 1 << i
			pairs = s.cand[c]
		}
	}
	if count(uint64(two)) < 2 || pairs&both != pairs || count(both) != 2 {
		return false
	}
	for i, c := range q {
		if two&(1<<i) != 0 && s.cand[c] != pairs {
			return false // two bivalue corners that differ
		}
	}
	switch two {
	case 0b0111, 0b1011, 0b1101, 0b1110: // type 1
		if !s.deadly(q) {
			return false
		}
		c := q[firstZero(two)]
		reset(st, UniqueRectangle1, 4.5)
		for d := range digits(pairs) {
			st.Eliminations = append(st.Eliminations, s.mv(c, d))
		}
		st.Cells = s.positions(q[:]...)
		return true
	case 0b0011, 0b0110, 0b1100, 0b1001: // the roof is a side
		i := firstZero(two)
		j := (i + 1) % 4
		if two&(1<<j) != 0 {
			j = (i + 3) % 4
		}
		a, b := q[i], q[j]
		if !s.deadly(q) {
			return false
		}
		return s.rectType2(st, q, a, b, pairs) || s.rectType4(st, q, a, b, pairs)
	}
	return false
}

// rectType2: the roof a, b holds the same one digit besides the pair;
// one of them holds it, so it leaves the cells that see both.
func (s *solver) rectType2(st *Step, q [4]int, a, b int, pairs uint64) bool {
	extra := s.cand[a] &^ pairs
	if count(extra) != 1 || s.cand[b]&^pairs != extra {
		return false
	}
	d := first(extra)
	var elims []Move
	for _, c := range s.m.Peers[a] {
		if c != b && s.val[c] == 0 && s.cand[c]&extra != 0 && s.sees(c, b) {
			elims = append(elims, s.mv(c, d))
		}
	}
	if len(elims) == 0 {
		return false
	}
	reset(st, UniqueRectangle2, 4.5)
	st.Eliminations = append(st.Eliminations, elims...)
	st.Cells = s.positions(q[:]...)
	return true
}

// rectType4: in a full unit of the roof a, b, one digit x of the pair
// has no other place; so one of them holds x, and neither may hold the
// other digit y (the four would be the pair alone), which leaves both.
func (s *solver) rectType4(st *Step, q [4]int, a, b int, pairs uint64) bool {
	for _, fu := range s.cellFull[a] {
		u := s.full[fu]
		if !slices.Contains(s.m.CellUnits[b], u) {
			continue
		}
		for x := range digits(pairs) {
			only := true
			for _, c := range s.m.Units[u].Cells {
				if c != a && c != b && s.val[c] == 0 && s.cand[c]&bit(x) != 0 {
					only = false
					break
				}
			}
			if !only {
				continue
			}
			y := first(pairs &^ bit(x))
			reset(st, UniqueRectangle4, 4.5)
			st.Eliminations = append(st.Eliminations, s.mv(a, y), s.mv(b, y))
			st.Units = append(st.Units, s.unitName(u))
			st.Cells = s.positions(q[:]...)
			return true
		}
	}
	return false
}

// deadly reports whether every unit of each corner of q holds exactly
// two corners, neighbours around the rectangle: then swapping the two
// digits of a solution's rectangle keeps every unit's digits.
func (s *solver) deadly(q [4]int) bool {
	for i, c := range q {
		for _, u := range s.m.CellUnits[c] {
			in := uint8(0)
			for j, x := range q {
				if j == i || slices.Contains(s.m.CellUnits[x], u) {
					in |= 1 << j
				}
			}
			switch in {
			case 0b0011, 0b0110, 0b1100, 0b1001:
			default:
				return false
			}
		}
	}
	return true
}

// firstZero is the index of the lowest clear bit of the corner set x.
func firstZero(x uint8) int {
	for i := range 4 {
		if x&(1<<i) == 0 {
			return i
		}
	}
	return -1
}

// bugOne finds a BUG+1: every free cell but one holds two candidates,
// and every digit fits 0 or 2 cells of every unit but in the units of
// the cell c with three. Without c's extra digit the grid would be a
// bivalue universal grave, which has no solution or several; so c holds
// the digit that fits three cells of its units. A grave has no single
// solution when every unit is full and no rule applies: in each unit
// each digit then has two cells, so a solution's cells each taking
// their other candidate is a second solution.
func (s *solver) bugOne(st *Step) bool {
	if len(s.rules) > 0 || len(s.full) != len(s.m.Units) {
		return false
	}
	c := -1
	for x, m := range s.cand {
		if s.val[x] != 0 {
			continue
		}
		switch count(m) {
		case 2:
		case 3:
			if c >= 0 {
				return false
			}
			c = x
		default:
			return false
		}
	}
	if c < 0 {
		return false
	}
	d := 0
	for _, u := range s.full {
		var once, twice, thrice, more uint64
		for _, x := range s.m.Units[u].Cells {
			if s.val[x] != 0 {
				continue
			}
			m := s.cand[x]
			more |= thrice & m
			thrice |= twice & m
			twice |= once & m
			once |= m
		}
		odd := once&^twice | thrice // digits fitting 1 or 3 cells
		in := slices.Contains(s.m.Units[u].Cells, c)
		switch {
		case more != 0:
			return false
		case !in && odd != 0:
			return false
		case in:
			// c's unit: one digit fits three cells, the rest two or none.
			if once&^twice != 0 || count(thrice) != 1 || s.cand[c]&thrice == 0 {
				return false
			}
			if d != 0 && bit(d) != thrice {
				return false
			}
			d = first(thrice)
		}
	}
	reset(st, BUGOne, 5.6)
	st.Placements = append(st.Placements, s.mv(c, d))
	st.Cells = s.positions(c)
	return true
}

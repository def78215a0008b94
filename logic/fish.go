package logic

import "math/bits"

var (
	fishNames = [...]string{2: XWing, 3: Swordfish, 4: Jellyfish}
	fishW     = [...]float64{2: 3.2, 3: 3.8, 4: 5.2}
)

// fish finds, in one grid, k rows (or columns) in which a digit's
// candidates all lie in the same k columns (rows): the digit leaves
// those columns' other cells. Rows of a grid are disjoint, and so are
// its columns, which is all the rule needs.
func (s *solver) fish(st *Step, k int) bool {
	var where [64]uint64 // base line -> cover lines holding the digit
	var lines [64]int
	var idx [4]int
	for gi := range s.grids {
		for orient := range 2 {
			base, cover := s.grids[gi].rows, s.grids[gi].cols
			if orient == 1 {
				base, cover = cover, base
			}
			tab := s.places(base)
			for d := 1; d <= s.n; d++ {
				b := bit(d)
				nl := 0
				for i := range base {
					w := tab[i*s.n+d-1]
					where[i] = w
					if n := count(w); n >= 2 && n <= k {
						lines[nl] = i
						nl++
					}
				}
				if nl < k {
					continue
				}
				var coverSet uint64
				found := baseSets(&where, lines[:nl], idx[:k], k, func(w uint64) bool {
					for p := w; p != 0; p &= p - 1 {
						for _, c := range s.m.Units[cover[bits.TrailingZeros64(p)]].Cells {
							if s.val[c] == 0 && s.cand[c]&b != 0 && !s.inBase(base, lines[:], idx[:k], c) {
								coverSet = w
								return true
							}
						}
					}
					return false
				})
				if !found {
					continue
				}
				reset(st, fishNames[k], fishW[k])
				for _, i := range idx[:k] {
					st.Units = append(st.Units, s.unitName(base[lines[i]]))
				}
				for p := coverSet; p != 0; p &= p - 1 {
					st.Units = append(st.Units, s.unitName(cover[bits.TrailingZeros64(p)]))
				}
				for p := coverSet; p != 0; p &= p - 1 {
					for _, c := range s.m.Units[cover[bits.TrailingZeros64(p)]].Cells {
						if s.val[c] != 0 || s.cand[c]&b == 0 {
							continue
						}
						if s.inBase(base, lines[:], idx[:k], c) {
							st.Cells = append(st.Cells, s.pos(c))
						} else {
							st.Eliminations = append(st.Eliminations, s.mv(c, d))
						}
					}
				}
				return true
			}
		}
	}
	return false
}

// baseSets tries each set of len(idx) of the base lines lines (indices
// into where) whose candidates lie in at most most cover lines between
// them: it puts the set's places in lines into idx and calls try with
// their cover lines, and stops at the first true, which it returns.
func baseSets(where *[64]uint64, lines, idx []int, most int, try func(w uint64) bool) bool {
	k := len(idx)
	var rec func(start, depth int, w uint64) bool
	rec = func(start, depth int, w uint64) bool {
		if count(w) > most {
			return false
		}
		if depth == k {
			return try(w)
		}
		for i := start; i <= len(lines)-(k-depth); i++ {
			idx[depth] = i
			if rec(i+1, depth+1, w|where[lines[i]]) {
				return true
			}
		}
		return false
	}
	return rec(0, 0, 0)
}

// inBase reports whether c lies in one of the chosen base units.
func (s *solver) inBase(base, lines, idx []int, c int) bool {
	for _, i := range idx {
		for _, x := range s.m.Units[base[lines[i]]].Cells {
			if x == c {
				return true
			}
		}
	}
	return false
}

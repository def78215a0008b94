package logic

import "math/bits"

var (
	finnedNames = [...]string{2: FinnedXWing, 3: FinnedSwordfish}
	finnedW     = [...]float64{2: 6.6, 3: 6.7}
)

// maxFinLines is the most cover lines that the fins of a finned fish may
// add to its k: fins that all see one cell seldom spread wider (in a
// 9x9 they share a box, three lines at most), and the bound keeps the
// search over cover sets small.
const maxFinLines = 3

// finned finds a fish of size k with fins, in one grid: k rows (or
// columns) in which a digit's candidates lie in k columns (rows), the
// cover, except for some, the fins. Either a fin holds the digit, or
// the fish stands and the digit leaves the cover's other cells; so it
// leaves those of the cover's cells outside the base that see every
// fin. A sashimi fish, a base line with one candidate in the cover, is
// one too. On a grid of bands and stacks only fins in one box are
// looked at (see covers): elsewhere, as across the grids of a Samurai,
// a cell that sees every fin through other units is missed, not
// mistaken.
func (s *solver) finned(st *Step, k int) bool {
	var where [64]uint64  // base line -> cover lines holding the digit
	var across [64]uint64 // cover line -> base lines holding the digit
	var lines [64]int
	var idx [3]int
	var fins [64]int
	for gi := range s.grids {
		for orient := range 2 {
			g := &s.grids[gi]
			base, cover, baseBox, coverBox := g.rows, g.cols, g.rowBox, g.colBox
			if orient == 1 {
				base, cover, baseBox, coverBox = cover, base, coverBox, baseBox
			}
			tab := s.places(base)
			for d := 1; d <= s.n; d++ {
				nl := 0
				clear(across[:len(cover)])
				for i := range base {
					w := tab[i*s.n+d-1]
					where[i] = w
					for p := w; p != 0; p &= p - 1 {
						across[bits.TrailingZeros64(p)] |= 1 << i
					}
					if n := count(w); n >= 2 && n <= k+maxFinLines {
						lines[nl] = i
						nl++
					}
				}
				// try looks at base lines idx[:k], with candidates in w.
				try := func(w uint64) bool {
					if count(w) <= k {
						return false
					}
					var inBase uint64
					for _, i := range idx[:k] {
						inBase |= 1 << lines[i]
					}
					var buf [32]uint64
					for _, cv := range covers(buf[:0], w, k, coverBox) {
						// The cover's candidates outside the base lines,
						// the only ones that can go: seldom any.
						var out uint64
						for p := cv; p != 0; p &= p - 1 {
							out |= across[bits.TrailingZeros64(p)] &^ inBase
						}
						if out == 0 {
							continue
						}
						if coverBox != nil && !finBand(w, cv, inBase, &where, lines[:], idx[:k], baseBox) {
							continue
						}
						// The fins; the first alone until a target sees it.
						f0 := -1
						for _, i := range idx[:k] {
							w := where[lines[i]]
							if w&cv == 0 {
								f0 = -1
								break
							}
							if f := w &^ cv; f != 0 && f0 < 0 {
								f0 = s.m.Units[base[lines[i]]].Cells[bits.TrailingZeros64(f)]
							}
						}
						if f0 < 0 {
							continue
						}
						nf := 0
						var elims []Move
						for p := cv; p != 0; p &= p - 1 {
							cells := s.m.Units[cover[bits.TrailingZeros64(p)]].Cells
							for q := across[bits.TrailingZeros64(p)] &^ inBase; q != 0; q &= q - 1 {
								c := cells[bits.TrailingZeros64(q)]
								if !s.sees(c, f0) {
									continue
								}
								if nf == 0 {
									for _, i := range idx[:k] {
										for f := where[lines[i]] &^ cv; f != 0; f &= f - 1 {
											fins[nf] = s.m.Units[base[lines[i]]].Cells[bits.TrailingZeros64(f)]
											nf++
										}
									}
								}
								if s.seesAll(c, fins[:nf]) {
									elims = append(elims, s.mv(c, d))
								}
							}
						}
						if len(elims) == 0 {
							continue
						}
						reset(st, finnedNames[k], finnedW[k])
						st.Eliminations = append(st.Eliminations, elims...)
						for _, i := range idx[:k] {
							st.Units = append(st.Units, s.unitName(base[lines[i]]))
						}
						for p := cv; p != 0; p &= p - 1 {
							st.Units = append(st.Units, s.unitName(cover[bits.TrailingZeros64(p)]))
						}
						for _, i := range idx[:k] {
							for p := where[lines[i]]; p != 0; p &= p - 1 {
								st.Cells = append(st.Cells, s.pos(s.m.Units[base[lines[i]]].Cells[bits.TrailingZeros64(p)]))
							}
						}
						return true
					}
					return false
				}
				if baseSets(&where, lines[:nl], idx[:k], k+maxFinLines, try) {
					return true
				}
			}
		}
	}
	return false
}

// covers appends to dst the cover sets of k lines among w worth a look:
// on a grid of bands and stacks (coverBox not nil), those that leave
// fins in one stack and cross it (only there can a cell see every fin);
// else every one.
func covers(dst []uint64, w uint64, k int, coverBox []uint64) []uint64 {
	if coverBox == nil {
		return subsets(dst, w, k, 0)
	}
	for rest := w; rest != 0; {
		stack := coverBox[bits.TrailingZeros64(rest)]
		rest &^= stack
		need := w &^ stack
		if r := k - count(need); r >= 1 && count(w&stack) > r {
			dst = subsets(dst, w&stack, r, need)
		}
	}
	return dst
}

// finBand reports whether the fins of the fish with base lines idx
// (positions inBase) and cover cv, candidates in w, lie in one band
// with lines outside the base, where a cell can see them all.
func finBand(w, cv, inBase uint64, where *[64]uint64, lines, idx []int, baseBox []uint64) bool {
	var finLines uint64
	for _, i := range idx {
		if where[lines[i]]&^cv != 0 {
			finLines |= 1 << lines[i]
		}
	}
	band := baseBox[bits.TrailingZeros64(finLines)]
	return finLines&^band == 0 && band&^inBase != 0
}

// places fills s.placeTab for the lines of one grid (its rows or its
// columns) and returns it: entry i*n+d-1 is the positions in line i of
// the free cells that may hold d (none when d is placed there). A
// row's cells ascend by column within the grid, and a column's by row:
// position j is the crossing line j.
func (s *solver) places(lines []int) []uint64 {
	n := s.n
	tab := s.placeTab[:len(lines)*n]
	clear(tab)
	for i, u := range lines {
		row := tab[i*n : i*n+n]
		for j, c := range s.m.Units[u].Cells {
			if s.val[c] != 0 {
				continue
			}
			for m := s.cand[c]; m != 0; m &= m - 1 {
				row[bits.TrailingZeros64(m)] |= 1 << j
			}
		}
	}
	return tab
}

// seesAll reports whether c shares a unit with each of cs.
func (s *solver) seesAll(c int, cs []int) bool {
	for _, x := range cs {
		if x == c || !s.sees(c, x) {
			return false
		}
	}
	return true
}

// subsets appends to dst, or'd with base, each subset of w's bits with
// k bits.
func subsets(dst []uint64, w uint64, k int, base uint64) []uint64 {
	var pos [64]uint8
	n := 0
	for p := w; p != 0; p &= p - 1 {
		pos[n] = uint8(bits.TrailingZeros64(p))
		n++
	}
	if k > n {
		return dst
	}
	// Gosper's hack over n positions, mapped onto w's bits.
	for x := uint64(1)<<k - 1; x < 1<<n; {
		sub := base
		for q := x; q != 0; q &= q - 1 {
			sub |= 1 << pos[bits.TrailingZeros64(q)]
		}
		dst = append(dst, sub)
		c := x & -x
		r := x + c
		x = (((r ^ x) >> 2) / c) | r
	}
	return dst
}

package layouts

import "sync"

// The classic 9x9 grid is most of what a batch checks, so a full grid of
// it has a test of its own (Check), which a model takes when isClassic9
// says so: the digits of a row go into 16-bit lanes of three words,
// digit d as bit d of its lane, and ORs over those words give every
// row, column and box its set of digits at once. The general test was
// the CLI's largest cost outside the solver on a batch of easy puzzles.

// cellSet is a set of the cells 0..80 of a classic 9x9 grid.
type cellSet [2]uint64

func (s *cellSet) add(c int32) { s[c/64&1] |= 1 << (c % 64) }

// classic is the tables of the classic 9x9 grid's tests, made the first
// time isClassic9 looks at a model that may be one, so that a start that
// meets none does not make them. A model isClassic9 passed has them.
var classic struct {
	once    sync.Once
	units   [27]cellSet   // the units' cells: rows, columns, boxes
	laneBit [4][16]uint64 // digit d as bit d of 16-bit lane j (d masked to 4 bits, so that no look-up is checked)
}

// makeClassic makes the tables of classic once.
func makeClassic() {
	classic.once.Do(func() {
		for i := range 9 {
			for j := range 9 {
				classic.units[i].add(int32(9*i + j))                        // row i
				classic.units[9+i].add(int32(9*j + i))                      // column i
				classic.units[18+i].add(int32(9*(i/3*3+j/3) + i%3*3 + j%3)) // box i
			}
		}
		for j := range 4 {
			for d := range 16 {
				classic.laneBit[j][d] = 1 << (16*j + d)
			}
		}
	})
}

// isClassic9 reports whether m's units are exactly those of one classic
// 9x9 grid over cells 0..80 (classic.units), each once, in any order:
// then classic9Keep stands for them. Extra regions,
// another box shape or more cells make it false.
func isClassic9(m *Model) bool {
	if len(m.Cells) != 81 || len(m.Units) != 27 || len(m.unitCells) != 27*9 {
		return false
	}
	makeClassic()
	var seen uint32 // the classic units found, by index
	for u := range 27 {
		var s cellSet
		low := int32(80)
		for _, c := range m.unitCells[9*u : 9*u+9] {
			if c < 0 || c > 80 {
				return false
			}
			s.add(c)
			low = min(low, c)
		}
		// It can only be the row, the column or the box of its lowest cell.
		found := false
		for _, k := range [3]int32{low / 9, 9 + low%9, 18 + low/27*3 + low%9/3} {
			if classic.units[k] == s {
				seen |= 1 << k
				found = true
			}
		}
		if !found {
			return false
		}
	}
	return seen == 1<<27-1
}

// classic9Keep reports whether no row, column or box of the classic 9x9
// grid g repeats a digit, when every cell holds a digit 1..9 (as
// digitsKeep makes sure): a unit then repeats none exactly when it holds
// all nine, bits 1..9 of its set, and so do all 27 when the AND of their
// sets does. It has no branch on the digits.
func classic9Keep(g *[81]uint8) bool {
	lb := &classic.laneBit
	var c0, c1, c2 uint64 // the columns' digits: lanes 0-3, 4-7, 8
	all := ^uint64(0)     // the units' sets ANDed, in lane 0
	for band := 0; band < 81; band += 27 {
		var b0, b1, b2 uint64 // the band's columns' digits, as c0..c2
		for r := band; r < band+27; r += 9 {
			x := (*[9]uint8)(g[r : r+9])
			w0 := lb[0][x[0]&15] | lb[1][x[1]&15] | lb[2][x[2]&15] | lb[3][x[3]&15]
			w1 := lb[0][x[4]&15] | lb[1][x[5]&15] | lb[2][x[6]&15] | lb[3][x[7]&15]
			w2 := lb[0][x[8]&15]
			row := w0 | w1 | w2
			row |= row >> 32
			all &= row | row>>16
			b0 |= w0
			b1 |= w1
			b2 |= w2
		}
		// Lanes 0-2, 3-5 and 6-8 of the band's columns are its boxes.
		all &= b0 | b0>>16 | b0>>32
		all &= b0>>48 | b1 | b1>>16
		all &= b1>>32 | b1>>48 | b2
		c0 |= b0
		c1 |= b1
		c2 |= b2
	}
	all &= c0 & (c0 >> 16) & (c0 >> 32) & (c0 >> 48)
	all &= c1 & (c1 >> 16) & (c1 >> 32) & (c1 >> 48)
	all &= c2
	return all&0xffff == 0x3fe
}

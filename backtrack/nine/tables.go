package nine

// Lookup tables, filled once by init and only read afterwards. See doc.go
// for the bit layout of a band word: bit j*9 + r*3 + k is the cell in row r
// of the band, column j of box k.

const (
	bandMask  = 0x7FFFFFF // the 27 cells of a band
	planeMask = 0x1FF     // 9 bits of one plane (one j), or a 3x3 pattern
	fold3     = 0x40201   // x*fold3 copies a 9-bit pattern into the 3 planes
	boxCols   = 0x1249249 // bits at multiples of 3: the cells of box 0
	colTriads = 0x1C0E07  // bits j*9+k: one (j,k) column per bit after folding the rows
	gatherMul = 0x10101   // see gather
)

var (
	// perm[m] is the union of the 3x3 permutation matrices contained in
	// m (bit x*3+y is row x, column y); 0 when m contains none.
	perm [512]uint16

	// band[t], for t the 9-bit pattern of a band's non-empty triads (bit
	// r*3+k), holds in its low 32 bits the cells allowed by perm[t]
	// (copied into the three planes) and in bits 32..40 the triads that
	// every such permutation uses: the triads certain to hold the digit.
	band [512]uint64

	// expand[v], for v a set of vertical triads of one band (bit k*3+j:
	// column j of box k), is the set of cells in those columns.
	expand [512]uint32

	// common[m] is the intersection of the permutations contained in m,
	// configs[m] their number and firstPerm[m] the first of them.
	common    [512]uint16
	configs   [512]uint8
	firstPerm [512]uint16

	// colKeep[k][j] keeps column j of box k of a band and clears the rest
	// of the box.
	colKeep [3][4]uint32

	// hKeep[r*3+k] keeps the triad of row r, box k and clears the rest of
	// its row and box; hCells[r*3+k] is the triad.
	hKeep, hCells [9]uint32

	// scatter undoes gather: bit 3b+i goes to bit 3*(3i+b).
	scatter [512]uint32

	// keepBox[p] keeps cell p of a band and clears the rest of its box.
	keepBox [32]uint32

	// cellOf[b][p] is the row-major cell index of bit p of band b (81
	// for the unused bits); posOf[i] is bit<<2 | band of cell i.
	cellOf [3][32]uint8
	posOf  [81]uint8
)

func init() {
	var perms [6]uint16
	n := 0
	for a := 0; a < 3; a++ {
		for b := 0; b < 3; b++ {
			for c := 0; c < 3; c++ {
				if a != b && b != c && a != c {
					perms[n] = 1<<(0*3+a) | 1<<(1*3+b) | 1<<(2*3+c)
					n++
				}
			}
		}
	}
	for m := range perm {
		union, inter := uint16(0), uint16(planeMask)
		for _, p := range perms {
			if uint16(m)&p == p {
				if configs[m] == 0 {
					firstPerm[m] = p
				}
				configs[m]++
				union |= p
				inter &= p
			}
		}
		if union == 0 {
			inter = 0
		}
		perm[m] = union
		common[m] = inter
		band[m] = uint64(uint32(union)*fold3) | uint64(inter)<<32
	}
	for v := range expand {
		var cells uint32
		for k := 0; k < 3; k++ {
			for j := 0; j < 3; j++ {
				if v>>(k*3+j)&1 != 0 {
					for r := 0; r < 3; r++ {
						cells |= 1 << (j*9 + r*3 + k)
					}
				}
			}
		}
		expand[v] = cells
	}
	for r := 0; r < 3; r++ {
		for k := 0; k < 3; k++ {
			tri := uint32(1) << (r*3 + k) * fold3
			hCells[r*3+k] = tri
			hKeep[r*3+k] = bandMask&^(uint32(7)<<(r*3)*fold3|boxCols<<k) | tri
		}
	}
	for k := 0; k < 3; k++ {
		for j := 0; j < 3; j++ {
			colKeep[k][j] = bandMask&^(boxCols<<k) | 0x49<<(j*9+k)
		}
	}
	for v := range scatter {
		for b := 0; b < 3; b++ {
			for i := 0; i < 3; i++ {
				if v>>(3*b+i)&1 != 0 {
					scatter[v] |= 1 << (3 * (3*i + b))
				}
			}
		}
	}
	for p := range keepBox {
		keepBox[p] = bandMask
		cellOf[0][p], cellOf[1][p], cellOf[2][p] = 81, 81, 81
	}
	for i := 0; i < 81; i++ {
		row, col := i/9, i%9
		b, r, k, j := row/3, row%3, col/3, col%3
		p := j*9 + r*3 + k
		posOf[i] = uint8(p<<2 | b)
		cellOf[b][p] = uint8(i)
		keepBox[p] = bandMask&^(boxCols<<k) | 1<<p
	}
}

// gather packs the bits of z found at positions 3m (m = 3i+b, z having no
// other bits) into bit 3b+i. The three partial products of the multiply
// never meet below bit 25, so there are no carries.
func gather(z uint32) uint32 { return z * gatherMul >> 16 & planeMask }

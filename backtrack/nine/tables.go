package nine

// The lookup tables are literals in tables_data.go, which TestTables
// computes and compares, and writes with -update: no start pays for
// them. See doc.go for the bit layout of a band word: bit j*9 + r*3 + k
// is the cell in row r of the band, column j of box k.

const (
	bandMask  = 0x7FFFFFF // the 27 cells of a band
	planeMask = 0x1FF     // 9 bits of one plane (one j), or a 3x3 pattern
	fold3     = 0x40201   // x*fold3 copies a 9-bit pattern into the 3 planes
	boxCols   = 0x1249249 // bits at multiples of 3: the cells of box 0
	colTriads = 0x1C0E07  // bits j*9+k: one (j,k) column per bit after folding the rows
	gatherMul = 0x10101   // see gather
)

// gather packs the bits of z found at positions 3m (m = 3i+b, z having no
// other bits) into bit 3b+i. The three partial products of the multiply
// never meet below bit 25, so there are no carries.
func gather(z uint32) uint32 { return z * gatherMul >> 16 & planeMask }

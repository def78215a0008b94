package nine

import (
	"math/rand/v2"
	"testing"
)

// cellBit is the band and bit of the cell in row R, column C of the grid.
func cellBit(R, C int) (b int, bit uint32) {
	return R / 3, 1 << ((C%3)*9 + (R%3)*3 + C/3)
}

// perms3 are the six ways to give each of three rows its own box.
var perms3 = [6][3]int{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}

// triadFilter keeps, of a 3x3 matrix of open triads, those that some
// permutation within it uses (union) and those that all use (common).
func triadFilter(open [3][3]bool) (union, common [3][3]bool, ok bool) {
	common = [3][3]bool{{true, true, true}, {true, true, true}, {true, true, true}}
	for _, p := range perms3 {
		if !open[0][p[0]] || !open[1][p[1]] || !open[2][p[2]] {
			continue
		}
		ok = true
		var used [3][3]bool
		for i, j := range p {
			union[i][j], used[i][j] = true, true
		}
		for i := range 3 {
			for j := range 3 {
				common[i][j] = common[i][j] && used[i][j]
			}
		}
	}
	if !ok {
		common = [3][3]bool{}
	}
	return union, common, ok
}

// reduceReference is reduce's rules for one digit written plainly over
// rows and columns: in each band the row triads must hold a permutation
// (one per row and box), in each stack the column triads likewise, until
// nothing changes. It returns the cells left and the open and sure
// triads in grid's layout, or ok false on a contradiction.
func reduceReference(cells [9][9]bool) (left [9][9]bool, open, sure uint64, ok bool) {
	for {
		changed := false
		open, sure = 0, 0
		for b := range 3 {
			var tri [3][3]bool // [row in band][box]
			for r := range 3 {
				for C := range 9 {
					tri[r][C/3] = tri[r][C/3] || cells[b*3+r][C]
				}
			}
			union, common, fits := triadFilter(tri)
			if !fits {
				return left, 0, 0, false
			}
			for r := range 3 {
				for k := range 3 {
					if union[r][k] {
						open |= 1 << (b*9 + r*3 + k)
					}
					if common[r][k] {
						sure |= 1 << (b*9 + r*3 + k)
					}
					for j := range 3 {
						if cells[b*3+r][k*3+j] && !union[r][k] {
							cells[b*3+r][k*3+j], changed = false, true
						}
					}
				}
			}
		}
		for k := range 3 {
			var tri [3][3]bool // [band][column in box]
			for b := range 3 {
				for j := range 3 {
					for r := range 3 {
						tri[b][j] = tri[b][j] || cells[b*3+r][k*3+j]
					}
				}
			}
			union, common, fits := triadFilter(tri)
			if !fits {
				return left, 0, 0, false
			}
			for b := range 3 {
				for j := range 3 {
					if union[b][j] {
						open |= 1 << (32 + k*9 + b*3 + j)
					}
					if common[b][j] {
						sure |= 1 << (32 + k*9 + b*3 + j)
					}
					for r := range 3 {
						if cells[b*3+r][k*3+j] && !union[b][j] {
							cells[b*3+r][k*3+j], changed = false, true
						}
					}
				}
			}
		}
		if !changed {
			return cells, open, sure, true
		}
	}
}

// TestReduceReference holds reduce's result for one digit (its cells,
// open and sure triads and the cells it places, or a contradiction) to
// the plain rules, on random candidate sets of every density.
func TestReduceReference(t *testing.T) {
	for _, r := range reducers {
		t.Run(r.name, func(t *testing.T) { testReduceReference(t, r.reduce) })
	}
}

// reducers are both ways to reduce the dirty digits: the Go code and
// reduceDirty (the same code, unless the platform has assembly).
var reducers = []struct {
	name   string
	reduce func(*grid) bool
}{{"go", reduceDirtyGo}, {"native", reduceDirty}}

func testReduceReference(t *testing.T, reduce func(*grid) bool) {
	rng := rand.New(rand.NewPCG(1, 2))
	fails := 0
	const runs = 200000
	for i := range runs {
		density := 0.15 + 0.85*rng.Float64()
		var cells [9][9]bool
		var g grid
		for R := range 9 {
			for C := range 9 {
				if rng.Float64() < density {
					cells[R][C] = true
					b, bit := cellBit(R, C)
					g.f[0][b] |= bit
				}
			}
		}
		g.unsolved = [3]uint32{bandMask, bandMask, bandMask}
		want, open, sure, ok := reduceReference(cells)
		g.dirty = 1
		if got := reduce(&g); got != ok {
			t.Fatalf("run %d: reduce = %v, reference %v on %v", i, got, ok, cells)
		}
		if !ok {
			fails++
			continue
		}
		// Placed: the one cell of a row triad sure to hold the digit.
		var w, placed [3]uint32
		for R := range 9 {
			for C := range 9 {
				if !want[R][C] {
					continue
				}
				b, bit := cellBit(R, C)
				w[b] |= bit
				r, k, alone := R%3, C/3, true
				for j := range 3 {
					alone = alone && (j == C%3 || !want[R][k*3+j])
				}
				if alone && sure>>(b*9+r*3+k)&1 != 0 {
					placed[b] |= bit
				}
			}
		}
		got := [3]uint32{bandMask &^ g.unsolved[0], bandMask &^ g.unsolved[1], bandMask &^ g.unsolved[2]}
		if g.f[0] != w || g.open[0] != open || g.sure[0] != sure || got != placed {
			t.Fatalf("run %d: reduce left %x open %x sure %x placed %x, reference %x %x %x %x", i, g.f[0], g.open[0], g.sure[0], got, w, open, sure, placed)
		}
	}
	// Both outcomes must be common, or the test proves little.
	if fails < runs/10 || fails > runs*9/10 {
		t.Fatalf("%d of %d runs were contradictions", fails, runs)
	}
}

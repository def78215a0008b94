package encode

import (
	"math/bits"

	"gattai/layouts"
)

// Renban, between lines and quadruples.

// Renban: the cells are a unit already (no digit twice); two of them
// never hold digits as far apart as the cells are many, ¬a_x ∨ ¬b_y for
// |x-y| ≥ k, so that the k distinct digits are a run. Narrowing keeps
// in each cell the digits d for which some run of k digits holding d
// fits the other cells.
func narrowRenban(b *builder, r *layouts.Rule) bool {
	n, k := b.f.Puzzle.Model.N, len(r.Cells)
	keep := make([]uint64, len(r.Cells))
	for lo := 1; lo+k-1 <= n; lo++ {
		run := above(lo-1) & below(lo+k)
		fits := true
		for _, c := range r.Cells {
			if b.digits(c)&run == 0 {
				fits = false
			}
		}
		if fits {
			for i := range keep {
				keep[i] |= run
			}
		}
	}
	changed := false
	for i, c := range r.Cells {
		if b.keep(c, keep[i]) {
			changed = true
		}
	}
	return changed
}

func renbanClauses(b *builder, r *layouts.Rule) {
	k := len(r.Cells)
	for i, a := range r.Cells {
		for _, o := range r.Cells[i+1:] {
			b.pairClauses(a, o, func(x, y int) bool { return x-y < k && y-x < k })
		}
	}
}

// Between: for each cell between the ends a and e, and digits x of a, y
// of e and z of the cell not strictly between x and y, the clause
// ¬a_x ∨ ¬e_y ∨ ¬cell_z. Narrowing keeps the middle cells strictly
// within the ends' extremes.
func narrowBetween(b *builder, r *layouts.Rule) bool {
	k := len(r.Cells)
	a, e := r.Cells[0], r.Cells[k-1]
	da, de := b.digits(a), b.digits(e)
	lo, hi := min(lowest(da), lowest(de)), max(highest(da), highest(de))
	changed := false
	for _, c := range r.Cells[1 : k-1] {
		if b.keep(c, above(lo)&below(hi)) {
			changed = true
		}
	}
	return changed
}

func betweenClauses(b *builder, r *layouts.Rule) {
	k := len(r.Cells)
	a, e := r.Cells[0], r.Cells[k-1]
	for _, c := range r.Cells[1 : k-1] {
		forDigits(b.digits(a), func(x int) {
			forDigits(b.digits(e), func(y int) {
				forDigits(b.digits(c), func(z int) {
					if !layouts.BetweenHolds(x, y, z) {
						b.add(-b.lit(a, x), -b.lit(e, y), -b.lit(c, z))
					}
				})
			})
		})
	}
}

// Quadruple: a digit listed m times is in at least m of the k cells:
// every k-m+1 of the cells has one holding it.
func quadrupleClauses(b *builder, r *layouts.Rule) {
	k := len(r.Cells)
	for i, d := range r.Digits {
		if i > 0 && r.Digits[i-1] == d {
			continue // sorted: the first of a digit's repeats counts them
		}
		m := 0
		for _, x := range r.Digits {
			if x == d {
				m++
			}
		}
		for set := uint(0); set < 1<<k; set++ {
			if bits.OnesCount(set) != k-m+1 {
				continue
			}
			var lits []int
			for j, c := range r.Cells {
				if set&(1<<j) != 0 {
					lits = append(lits, b.lit(c, d))
				}
			}
			b.add(lits...)
		}
	}
}

// Skyscraper: the line is a unit. g_{i,d}, "the greatest of cells
// 0..i is d or more", follows the cells: g_{i,d} ⇔ g_{i-1,d} ∨ cell i ≥
// d. Cell i is seen, v_i, if it holds e with ¬g_{i-1,e}. A sequential
// counter c_{i,j}, "j or more of cells 0..i are seen", with both
// directions of c_{i,j} ⇔ c_{i-1,j} ∨ (c_{i-1,j-1} ∧ v_i), ends with
// c_{n-1,K} and ¬c_{n-1,K+1}.
func skyscraperClauses(b *builder, r *layouts.Rule) {
	n, cells, k := b.f.Puzzle.Model.N, r.Cells, r.Sum
	var prev []int // g_{i-1,d} at prev[d]; nil before cell 0
	cnt := make([]int, k+2)
	cnt[0] = litTrue
	for j := 1; j <= k+1; j++ {
		cnt[j] = litFalse
	}
	for _, c := range cells {
		g := make([]int, n+1)
		g[1] = litTrue
		for d := 2; d <= n; d++ {
			g[d] = b.f.aux()
			ge := []int{-g[d]}
			if prev != nil {
				b.add(-prev[d], g[d])
				ge = append(ge, prev[d])
			}
			for e := d; e <= n; e++ {
				b.add(-b.lit(c, e), g[d])
				ge = append(ge, b.lit(c, e))
			}
			b.add(ge...)
		}
		v := litTrue
		if prev != nil {
			v = b.f.aux()
			forDigits(b.digits(c), func(e int) {
				b.add(-b.lit(c, e), prev[e], v)
				b.add(-v, -b.lit(c, e), -prev[e])
			})
		}
		next := make([]int, k+2)
		next[0] = litTrue
		for j := 1; j <= k+1; j++ {
			next[j] = b.f.aux()
			b.add(-cnt[j], next[j])
			b.add(-cnt[j-1], -v, next[j])
			b.add(-next[j], cnt[j], cnt[j-1])
			b.add(-next[j], cnt[j], v)
		}
		cnt, prev = next, g
	}
	b.add(cnt[k])
	b.add(-cnt[k+1])
}

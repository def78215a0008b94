package encode

import (
	"fmt"

	"gattai/layouts"
)

// Sums whose digits may repeat: arrow (the circle's number equals the
// sum along the arrow) and little killer (a diagonal's sum). Both are a
// linear equation Σ w_i·x_i = t over the rule's cells, the givens moved
// to t: the cells are narrowed by bounds, and the equation is encoded
// by partial sums in the order encoding, as killer's counter does, each
// step adding w_i times the cell's digit. And sandwich, by the sets of
// digits that can lie between the 1 and the n.

// term is one open cell of a linear equation and its weight.
type term struct{ cell, w int }

// linear is the equation of an arrow or a little killer rule: its open
// terms and what they must add up to.
func (b *builder) linear(r *layouts.Rule) (terms []term, target int) {
	weight := func(i int) int { return 1 }
	target = r.Sum
	if r.Kind == "regionsum" {
		target = 0
		weight = func(i int) int {
			if i < r.Head {
				return 1
			}
			return -1
		}
	}
	if r.Kind == "arrow" {
		target = 0
		weight = func(i int) int {
			if i >= r.Head {
				return 1
			}
			w := -1
			for range r.Head - 1 - i {
				w *= 10
			}
			return w
		}
	}
	for i, c := range r.Cells {
		w := weight(i)
		if g := b.given(c); g != 0 {
			target -= w * g
		} else {
			terms = append(terms, term{c, w})
		}
	}
	return terms, target
}

// span is the least and greatest of w·d over the digits of mask.
func span(w int, mask uint64) (lo, hi int) {
	lo, hi = w*lowest(mask), w*highest(mask)
	return min(lo, hi), max(lo, hi)
}

func narrowLinear(b *builder, r *layouts.Rule) bool {
	terms, target := b.linear(r)
	lo, hi := 0, 0
	for _, t := range terms {
		l, h := span(t.w, b.cand[t.cell])
		lo, hi = lo+l, hi+h
	}
	changed := false
	for _, t := range terms {
		l, h := span(t.w, b.cand[t.cell])
		// What the other terms leave for this one.
		from, to := target-(hi-h), target-(lo-l)
		var keep uint64
		forDigits(b.cand[t.cell], func(d int) {
			if v := t.w * d; v >= from && v <= to {
				keep |= 1 << (d - 1)
			}
		})
		if b.keep(t.cell, keep) {
			changed = true
		}
	}
	return changed
}

// linearClauses encodes the equation by partial sums: P_i is the sum of
// the first i terms, with a variable "P_i ≥ s" for each s in the range
// that P_i can take and still let the other terms make the target. For
// each term i, digit d of its cell and value s of P_{i-1}:
//
//	P_{i-1} ≥ s   ∧ cell holds d  →  P_i ≥ s+w·d
//	P_{i-1} < s+1 ∧ cell holds d  →  P_i < s+w·d+1
//
// and P_i ≥ s+1 → P_i ≥ s. P_0 is 0 and P_k the target.
func linearClauses(b *builder, r *layouts.Rule) {
	terms, target := b.linear(r)
	b.sumCounter(terms, target)
}

// sumCounter writes the partial-sum clauses of linearClauses for terms
// that must add up to target; killer's counter encoding is the case of
// weights 1.
func (b *builder) sumCounter(terms []term, target int) {
	k := len(terms)
	minTo, maxTo := make([]int, k+1), make([]int, k+1)
	for i, t := range terms {
		l, h := span(t.w, b.cand[t.cell])
		minTo[i+1], maxTo[i+1] = minTo[i]+l, maxTo[i]+h
	}
	lo, hi := make([]int, k+1), make([]int, k+1)
	for i := range k + 1 {
		lo[i] = max(minTo[i], target-(maxTo[k]-maxTo[i]))
		hi[i] = min(maxTo[i], target-(minTo[k]-minTo[i]))
		if lo[i] > hi[i] {
			b.add()
			return
		}
	}
	ge := make([][]int, k+1) // ge[i][s-lo[i]-1] is "P_i ≥ s", lo[i] < s ≤ hi[i]
	for i := range ge {
		ge[i] = make([]int, hi[i]-lo[i])
		for j := range ge[i] {
			ge[i][j] = b.f.aux()
		}
	}
	at := func(i, s int) int {
		switch {
		case s <= lo[i]:
			return litTrue
		case s > hi[i]:
			return litFalse
		}
		return ge[i][s-lo[i]-1]
	}
	for i := 1; i <= k; i++ {
		t := terms[i-1]
		forDigits(b.cand[t.cell], func(d int) {
			x, v := b.lit(t.cell, d), t.w*d
			for s := lo[i-1]; s <= hi[i-1]; s++ {
				b.add(-at(i-1, s), -x, at(i, s+v))
				b.add(at(i-1, s+1), -x, -at(i, s+v+1))
			}
		})
		for s := lo[i] + 2; s <= hi[i]; s++ {
			b.add(-at(i, s), at(i, s-1))
		}
	}
}

// sandwichClauses: the rule's cells are a unit, so they hold 1 and n
// once each. For each two positions p < q of the line, the sets of
// distinct digits 2..n-1, as many as the cells between, that make the
// sum: if 1 and n are at p and q (either way round), one of the sets is
// between them, through a selector variable per set that implies each
// of its digits is in one of the cells between (being as many as the
// cells, and distinct, they are then exactly those). No set: 1 and n
// are never at p and q.
func sandwichClauses(b *builder, r *layouts.Rule) {
	n, cells := b.f.Puzzle.Model.N, r.Cells
	bySize := map[int][]uint64{} // cells between -> the sets of digits
	left := maxRuleSets
	for p := range cells {
		for q := p + 1; q < len(cells); q++ {
			k := q - p - 1
			sets, ok := bySize[k]
			if !ok {
				sets = b.digitSets(r, 2, n-1, 0, k, r.Sum, &left)
				bySize[k] = sets
			}
			middle := cells[p+1 : q]
			var sel []int
			for range sets {
				sel = append(sel, b.f.aux())
			}
			for _, ends := range [][2]int{{1, n}, {n, 1}} {
				b.add(append([]int{-b.lit(cells[p], ends[0]), -b.lit(cells[q], ends[1])}, sel...)...)
			}
			for j, set := range sets {
				forDigits(set, func(d int) {
					lits := []int{-sel[j]}
					for _, c := range middle {
						lits = append(lits, b.lit(c, d))
					}
					b.add(lits...)
				})
			}
		}
	}
}

// maxRuleSets bounds the digit sets a rule's clauses may list (a
// selector and its clauses each): beyond, the formula would be far
// beyond what a SAT engine takes here (gattai.MaxCNFBytes), and listing
// the sets alone would take minutes. A 9x9 sandwich lists at most 36
// pairs of positions of 35 sets; a 25x25 one some hundred thousand.
const maxRuleSets = 1 << 20

// digitSets are the sets of k distinct digits lo..hi but skip (0 for
// none) that sum to s, as masks. left counts down the sets the rule may
// still list: past it, the encoding stops with an error wrapping
// layouts.ErrTooLarge. The search keeps to sums that the digits left
// can make, so every branch ends in a set, and it looks at the context
// as it goes.
func (b *builder) digitSets(r *layouts.Rule, lo, hi, skip, k, s int, left *int) []uint64 {
	var sets []uint64
	steps := 0
	var walk func(d, k, s int, set uint64)
	walk = func(d, k, s int, set uint64) {
		if steps++; steps%pollSteps == 0 {
			b.f.poll()
		}
		if k == 0 {
			if s == 0 {
				if *left--; *left < 0 {
					panic(stopped{fmt.Errorf("%w: %s: more than %d sets of digits to encode", layouts.ErrTooLarge, r.Name, maxRuleSets)})
				}
				sets = append(sets, set)
			}
			return
		}
		// k digits from d to hi sum to at least d+(d+1)+..., at most
		// hi+(hi-1)+... (skip can only narrow that).
		least, most := k*d+k*(k-1)/2, k*hi-k*(k-1)/2
		if d > hi || s < least || s > most {
			return
		}
		if d != skip {
			walk(d+1, k-1, s-d, set|1<<(d-1))
		}
		walk(d+1, k, s, set)
	}
	walk(lo, k, s, 0)
	return sets
}

// pollSteps is how often digitSets looks at the context.
const pollSteps = 1 << 12

// xsumClauses: the rule's cells are a unit. For each digit x of the
// first cell, the sets of x-1 distinct digits other than x that make
// the sum less x: the first cell holding x implies one of them is in
// the next x-1 cells, through a selector per set implying each of its
// digits is there (as many distinct digits as cells: exactly those).
func xsumClauses(b *builder, r *layouts.Rule) {
	n, cells := b.f.Puzzle.Model.N, r.Cells
	left := maxRuleSets
	forDigits(b.digits(cells[0]), func(x int) {
		sets := b.digitSets(r, 1, n, x, x-1, r.Sum-x, &left)
		sel := []int{-b.lit(cells[0], x)}
		for range sets {
			sel = append(sel, b.f.aux())
		}
		b.add(sel...)
		for j, set := range sets {
			forDigits(set, func(d int) {
				lits := []int{-sel[j+1]}
				for _, c := range cells[1:x] {
					lits = append(lits, b.lit(c, d))
				}
				b.add(lits...)
			})
		}
	})
}

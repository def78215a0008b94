package encode

import (
	"slices"

	"gattai/layouts"
)

// Kinds whose rules are a relation between two cells, nonconsecutive,
// kropki and xv, or between pairs of cells (whispers, palindrome,
// clone, minimum, maximum): binary clauses forbidding each pair of digits the
// relation refuses, ¬a_x ∨ ¬b_y, after narrowing each cell to the
// digits that have a partner in the other cell.

func narrowNonconsecutive(b *builder, r *layouts.Rule) bool {
	return b.narrowPair(r.Cells[0], r.Cells[1], layouts.NonconsecutiveHolds)
}

func nonconsecutiveClauses(b *builder, r *layouts.Rule) {
	b.pairClauses(r.Cells[0], r.Cells[1], layouts.NonconsecutiveHolds)
}

func narrowKropki(b *builder, r *layouts.Rule) bool {
	return b.narrowPair(r.Cells[0], r.Cells[1], dot(r))
}

func kropkiClauses(b *builder, r *layouts.Rule) {
	b.pairClauses(r.Cells[0], r.Cells[1], dot(r))
}

func dot(r *layouts.Rule) func(x, y int) bool {
	return func(x, y int) bool { return layouts.KropkiHolds(r.Dot, r.Diff, r.Ratio, x, y) }
}

// narrowPair keeps in each of cells a and o the digits that ok pairs
// with a digit of the other (a different one if they are peers).
func (b *builder) narrowPair(a, o int, ok func(x, y int) bool) bool {
	da, do := b.digits(a), b.digits(o)
	_, peers := slices.BinarySearch(b.f.Puzzle.Model.Peers[a], o)
	var keepA, keepO uint64
	forDigits(da, func(x int) {
		forDigits(do, func(y int) {
			if ok(x, y) && !(peers && x == y) {
				keepA |= 1 << (x - 1)
				keepO |= 1 << (y - 1)
			}
		})
	})
	changed := b.keep(a, keepA)
	return b.keep(o, keepO) || changed
}

// pairClauses forbids every pair of digits of cells a and o that ok
// refuses.
func (b *builder) pairClauses(a, o int, ok func(x, y int) bool) {
	forDigits(b.digits(a), func(x int) {
		forDigits(b.digits(o), func(y int) {
			if !ok(x, y) {
				b.add(-b.lit(a, x), -b.lit(o, y))
			}
		})
	})
}

func xv(r *layouts.Rule) func(x, y int) bool {
	return func(x, y int) bool { return layouts.XVHolds(r, x, y) }
}

func narrowXV(b *builder, r *layouts.Rule) bool {
	return b.narrowPair(r.Cells[0], r.Cells[1], xv(r))
}

func xvClauses(b *builder, r *layouts.Rule) {
	b.pairClauses(r.Cells[0], r.Cells[1], xv(r))
}

// pairsOf are the pairs of cells a rule relates and the relation, for
// the kinds whose rules are a chain or a set of pairs.
func pairsOf(r *layouts.Rule) (pairs [][2]int, ok func(x, y int) bool) {
	switch r.Kind {
	case "whispers":
		for i := 1; i < len(r.Cells); i++ {
			pairs = append(pairs, [2]int{r.Cells[i-1], r.Cells[i]})
		}
		return pairs, func(x, y int) bool { return x-y >= r.Diff || y-x >= r.Diff }
	case "palindrome", "clone":
		for i := 0; i+1 < len(r.Cells); i += 2 {
			pairs = append(pairs, [2]int{r.Cells[i], r.Cells[i+1]})
		}
		return pairs, func(x, y int) bool { return x == y }
	case "entropic":
		for i := range r.Cells {
			for j := i + 1; j <= i+2 && j < len(r.Cells); j++ {
				pairs = append(pairs, [2]int{r.Cells[i], r.Cells[j]})
			}
		}
		return pairs, func(x, y int) bool { return layouts.EntropicGroup(r.Diff, x) != layouts.EntropicGroup(r.Diff, y) }
	case "minimum", "maximum":
		for _, o := range r.Cells[1:] {
			pairs = append(pairs, [2]int{r.Cells[0], o})
		}
		if r.Kind == "minimum" {
			return pairs, func(x, y int) bool { return x < y }
		}
		return pairs, func(x, y int) bool { return x > y }
	}
	panic("encode: no pairs for " + r.Kind)
}

func narrowPairs(b *builder, r *layouts.Rule) bool {
	pairs, ok := pairsOf(r)
	changed := false
	for _, p := range pairs {
		if b.narrowPair(p[0], p[1], ok) {
			changed = true
		}
	}
	return changed
}

func pairsClauses(b *builder, r *layouts.Rule) {
	pairs, ok := pairsOf(r)
	for _, p := range pairs {
		b.pairClauses(p[0], p[1], ok)
	}
}

package encode

import (
	"slices"

	"gattai/layouts"
)

// Kinds whose rules are a relation between two cells, nonconsecutive
// and kropki: binary clauses forbidding each pair of digits the
// relation refuses, ¬a_x ∨ ¬b_y, after narrowing each cell to the
// digits that have a partner in the other cell.

func narrowNonconsecutive(b *builder, r *layouts.Rule) bool {
	return b.narrowPair(r.Cells[0], r.Cells[1], layouts.NonconsecutiveHolds)
}

func nonconsecutiveClauses(b *builder, r *layouts.Rule) {
	b.pairClauses(r.Cells[0], r.Cells[1], layouts.NonconsecutiveHolds)
}

func narrowKropki(b *builder, r *layouts.Rule) bool {
	return b.narrowPair(r.Cells[0], r.Cells[1], dot(r.Dot))
}

func kropkiClauses(b *builder, r *layouts.Rule) {
	b.pairClauses(r.Cells[0], r.Cells[1], dot(r.Dot))
}

func dot(d layouts.Dot) func(x, y int) bool {
	return func(x, y int) bool { return layouts.DotHolds(d, x, y) }
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

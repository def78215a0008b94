package encode

import "gattai/layouts"

// Thermo: for each two consecutive cells a, o of the thermometer,
// binary clauses ¬a_x ∨ ¬o_y for every x ≥ y. Before that the cells are
// narrowed along the thermometer, both ways: a cell holds more than the
// least digit of the cell before and less than the greatest of the cell
// after, so the i-th cell of a thermometer of k cells on an empty grid
// of n keeps digits i..n-k+i, and a cell after a given 5 keeps 6 and up.

func narrowThermo(b *builder, r *layouts.Rule) bool {
	changed := false
	cells := r.Cells
	for i := 1; i < len(cells); i++ {
		if b.keep(cells[i], above(lowest(b.digits(cells[i-1])))) {
			changed = true
		}
	}
	for i := len(cells) - 2; i >= 0; i-- {
		if b.keep(cells[i], below(highest(b.digits(cells[i+1])))) {
			changed = true
		}
	}
	return changed
}

func thermoClauses(b *builder, r *layouts.Rule) {
	for i := 1; i < len(r.Cells); i++ {
		b.pairClauses(r.Cells[i-1], r.Cells[i], func(x, y int) bool { return x < y })
	}
}

package encode

import "gattai/layouts"

// Parity: a cell's digits outside the rule's mask get no variable. A
// given outside the mask makes the empty clause.

func narrowParity(b *builder, r *layouts.Rule) bool {
	changed := false
	for _, c := range r.Cells {
		if b.keep(c, r.Mask) {
			changed = true
		}
	}
	return changed
}

func parityClauses(b *builder, r *layouts.Rule) {
	for _, c := range r.Cells {
		forDigits(b.digits(c)&^r.Mask, func(d int) { b.add(-b.lit(c, d)) })
	}
}

package encode

import (
	"math/bits"

	"gattai/layouts"
)

// A kind is how the encoding implements one kind of constraint that
// layouts declares: either the kind compiles to all-different units
// only, which the unit clauses already cover, or each of its rules
// narrows the cells' digits before the variables are numbered and then
// adds its clauses.
type kind struct {
	units bool // only units: nothing more to encode

	// narrow removes from the rule's open cells the digits it rules out
	// whatever the other cells hold, and reports whether it removed any.
	// Optional; it only shrinks the formula, the clauses must hold
	// without it.
	narrow func(b *builder, r *layouts.Rule) bool

	// clauses adds the rule's clauses, over the literals of b.lit.
	clauses func(b *builder, r *layouts.Rule)
}

// kinds implements every kind in layouts.Kinds, by name;
// TestEveryKindImplemented holds it to that. A kind with rules has its
// encoding in a file of its own, kind_NAME.go.
var kinds = map[string]kind{
	"diagonal":   {units: true},
	"region":     {units: true},
	"jigsaw":     {units: true},
	"antiknight": {units: true},
	"antiking":   {units: true},

	"killer":         {narrow: narrowKiller, clauses: killerClauses},                 // kind_killer.go
	"nonconsecutive": {narrow: narrowNonconsecutive, clauses: nonconsecutiveClauses}, // kind_pairs.go
	"kropki":         {narrow: narrowKropki, clauses: kropkiClauses},                 // kind_pairs.go
	"parity":         {narrow: narrowParity, clauses: parityClauses},                 // kind_parity.go
	"thermo":         {narrow: narrowThermo, clauses: thermoClauses},                 // kind_thermo.go
	"xv":             {narrow: narrowXV, clauses: xvClauses},                         // kind_pairs.go
	"whispers":       {narrow: narrowPairs, clauses: pairsClauses},                   // kind_pairs.go
	"palindrome":     {narrow: narrowPairs, clauses: pairsClauses},                   // kind_pairs.go
	"clone":          {narrow: narrowPairs, clauses: pairsClauses},                   // kind_pairs.go
	"minimum":        {narrow: narrowPairs, clauses: pairsClauses},                   // kind_pairs.go
	"maximum":        {narrow: narrowPairs, clauses: pairsClauses},                   // kind_pairs.go
	"arrow":          {narrow: narrowLinear, clauses: linearClauses},                 // kind_sum.go
	"littlekiller":   {narrow: narrowLinear, clauses: linearClauses},                 // kind_sum.go
	"sandwich":       {clauses: sandwichClauses},                                     // kind_sum.go
	"renban":         {narrow: narrowRenban, clauses: renbanClauses},                 // kind_lines.go
	"between":        {narrow: narrowBetween, clauses: betweenClauses},               // kind_lines.go
	"quadruple":      {clauses: quadrupleClauses},                                    // kind_lines.go
	"entropic":       {narrow: narrowPairs, clauses: pairsClauses},                   // kind_pairs.go
	"regionsum":      {narrow: narrowLinear, clauses: linearClauses},                 // kind_sum.go
	"xsum":           {clauses: xsumClauses},                                         // kind_sum.go
	"skyscraper":     {clauses: skyscraperClauses},                                   // kind_lines.go
}

// Supports reports whether Puzzle encodes rules of the kind.
func Supports(kind string) bool { return kinds[kind].clauses != nil }

// checkKinds refuses a model with a rule that no kind here encodes.
func checkKinds(m *layouts.Model) error {
	for i := range m.Rules {
		r := &m.Rules[i]
		if !Supports(r.Kind) {
			return &layouts.UnsupportedError{Engine: "sat", Kind: r.Kind, Rule: r.Name}
		}
	}
	return nil
}

// builder is Puzzle's state while it encodes: the formula so far and
// the digits still possible in each open cell.
type builder struct {
	f    *Formula
	cand []uint64 // open cell -> its digits, bit d-1 for digit d; 0 for a given cell
	sum  Sum      // killer sums: never SumAuto

	scratch []int // add's clause before Formula.add copies it
}

// Decided literals: what b.lit returns for a (cell, digit) that the
// givens or the narrowing decide. Negating one gives the other; add
// drops them from its clauses. Beyond every variable a CNF may have
// (maxVar), and within a 32-bit int.
const (
	litTrue  = maxVar + 1
	litFalse = -litTrue
)

// given is the digit given in cell c, or 0.
func (b *builder) given(c int) int { return int(b.f.Puzzle.Givens[c]) }

// digits are the digits cell c may hold: its given, or its candidates.
func (b *builder) digits(c int) uint64 {
	if g := b.given(c); g != 0 {
		return 1 << (g - 1)
	}
	return b.cand[c]
}

// lit is the literal "cell c holds digit d": its variable, or litTrue
// or litFalse when the givens or the narrowing decide it.
func (b *builder) lit(c, d int) int {
	if g := b.given(c); g != 0 {
		if g == d {
			return litTrue
		}
		return litFalse
	}
	if v := b.f.Var(c, d); v != 0 {
		return v
	}
	return litFalse
}

// add appends the clause lits, simplified: nothing if a literal is
// litTrue, without the litFalse ones otherwise (so that a clause whose
// every literal is decided false is the empty clause).
func (b *builder) add(lits ...int) {
	cl := b.scratch[:0]
	for _, x := range lits {
		switch x {
		case litTrue:
			return
		case litFalse:
			continue
		}
		cl = append(cl, x)
	}
	b.scratch = cl
	b.f.add(cl...)
}

// keep narrows open cell c to the digits of mask, reporting a change.
// A given cell is left alone: its rule's clauses check it.
func (b *builder) keep(c int, mask uint64) bool {
	if b.given(c) != 0 || b.cand[c]&^mask == 0 {
		return false
	}
	b.cand[c] &= mask
	return true
}

// narrow runs the rules' narrowing until none removes a digit. Each
// pass that goes on removes a digit, so it ends.
func (b *builder) narrow() {
	rules := b.f.Puzzle.Model.Rules
	for changed := true; changed; {
		changed = false
		for i := range rules {
			if k := kinds[rules[i].Kind]; k.narrow != nil && k.narrow(b, &rules[i]) {
				changed = true
			}
		}
	}
}

// ruleClauses adds the clauses of every rule, in the model's order.
func (b *builder) ruleClauses() {
	rules := b.f.Puzzle.Model.Rules
	for i := range rules {
		kinds[rules[i].Kind].clauses(b, &rules[i])
	}
}

// forDigits calls f for each digit of mask, ascending.
func forDigits(mask uint64, f func(d int)) {
	for ; mask != 0; mask &= mask - 1 {
		f(bits.TrailingZeros64(mask) + 1)
	}
}

// lowest and highest are the smallest and largest digit of a non-empty
// mask; of an empty one, 65 and 0, so that bounds made from them empty
// what they narrow.
func lowest(mask uint64) int  { return bits.TrailingZeros64(mask) + 1 }
func highest(mask uint64) int { return bits.Len64(mask) }

// above is the mask of digits greater than d (of at most 64), below of
// digits less than d.
func above(d int) uint64 {
	if d >= 64 {
		return 0
	}
	if d < 0 {
		return ^uint64(0)
	}
	return ^uint64(0) << d
}

func below(d int) uint64 { return ^above(d - 1) }

package logic

import (
	"math/bits"
	"slices"
	"strings"

	"gattai/layouts"
)

// A trace records a trial as it is replayed for its step: each deduction
// and what it follows from, so that the step can show the part of the
// proof that leads to the contradiction. The solver's singles call its
// methods on every deduction; on a nil trace (every other trial) they do
// nothing.
type trace struct {
	n    int
	orig []uint64 // the candidates before the assumption
	// The deductions in order: a placement (cell, digit, and the unit
	// of a hidden single or -1), an elimination by a depth-1 trial
	// (cell, digit, byTrial), or, with cell -1, eliminations by the rule
	// in unit.
	cell   []int32
	digit  []uint8
	unit   []int32
	causes [][]int32 // the deductions each follows from
	at     []int32   // cell -> 1 + its placement, 0 if none
	elimBy []int32   // cell*n + digit-1 -> 1 + the deduction that took it, 0 if none
	// The contradiction: a cell with no candidate, or a unit with no
	// place for a digit.
	emptyCell, gapUnit int
	gapDigit           uint64
}

// byTrial marks an elimination by a depth-1 trial in trace.unit.
const byTrial = -2

// proof replays the failing assumption c = d at the depth on a copy and
// tells its proof: the deductions that lead to the contradiction, in
// order, and the contradiction, e.g. "if r3c5 = 7: r1c2 = 4, r2c2 = 3 in
// box 1; row 4 has no place for 6", with the rules it takes after
// ", by ". At depth 2 the depth-1 eliminations it takes are among the
// deductions ("r4c4 <> 5 by a trial"), without their own proofs.
func (s *solver) proof(c, d, depth int) string {
	tr := s.newTrace(&s.ts.traced, s.cand)
	tr.add(c, d, -1, nil)
	tr.eliminated(c, s.cand[c]&^bit(d), 1)
	s.ts.trace = tr
	ok, _ := s.survives(s.cand, s.val, c, d, depth, 1)
	s.ts.trace = nil
	if ok {
		return "" // not reached: the assumption failed before
	}
	return tr.tell(s)
}

// newTrace empties the trace kept at *keep (making it the first time)
// for an assumption made on cand.
func (s *solver) newTrace(keep **trace, cand []uint64) *trace {
	t := *keep
	if t == nil {
		t = &trace{n: s.n, orig: make([]uint64, len(s.cand)), at: make([]int32, len(s.cand)), elimBy: make([]int32, len(s.cand)*s.n)}
		*keep = t
	}
	copy(t.orig, cand)
	clear(t.at)
	clear(t.elimBy)
	t.cell, t.digit, t.unit, t.causes = t.cell[:0], t.digit[:0], t.unit[:0], t.causes[:0]
	t.emptyCell, t.gapUnit = -1, -1
	return t
}

// innerTrial records in t, the trace of a depth-2 trial, that the
// depth-1 assumption c = d on cand (the trial's copy, at scratch level
// lvl) failed: it replays it traced, and the elimination follows from
// the deductions of t that took the candidates its proof rests on.
func (s *solver) innerTrial(t *trace, cand []uint64, val []uint8, c, d, lvl int) {
	in := s.newTrace(&s.ts.inner, cand)
	in.add(c, d, -1, nil)
	in.eliminated(c, cand[c]&^bit(d), 1)
	s.ts.trace = in
	s.survives(cand, val, c, d, 1, lvl)
	s.ts.trace = t
	var causes []int32
	need := in.need(s)
	premise := func(o int, m uint64) { causes = t.takers(causes, o, m) }
	in.premises(s, -1, premise)
	for i, ok := range need {
		if ok {
			in.premises(s, i, premise)
		}
	}
	slices.Sort(causes)
	t.eliminated(c, bit(d), t.add(c, d, byTrial, slices.Compact(causes)))
}

// add records a deduction and returns 1 + its index.
func (t *trace) add(c, d, u int, causes []int32) int32 {
	t.cell = append(t.cell, int32(c))
	t.digit = append(t.digit, uint8(d))
	t.unit = append(t.unit, int32(u))
	t.causes = append(t.causes, causes)
	if c >= 0 && u != byTrial {
		t.at[c] = int32(len(t.cell))
	}
	return int32(len(t.cell))
}

// by is the deduction that placed c, as eliminated takes it.
func (t *trace) by(c int) int32 {
	if t == nil {
		return 0
	}
	return t.at[c]
}

// eliminated records that deduction by (1 + its index) took the digits
// of m from c.
func (t *trace) eliminated(c int, m uint64, by int32) {
	if t == nil {
		return
	}
	for ; m != 0; m &= m - 1 {
		if i := c*t.n + bits.TrailingZeros64(m); t.elimBy[i] == 0 {
			t.elimBy[i] = by
		}
	}
}

// takers are the deductions that took from c the digits of m it had
// before the assumption.
func (t *trace) takers(causes []int32, c int, m uint64) []int32 {
	for m &= t.orig[c]; m != 0; m &= m - 1 {
		if by := t.elimBy[c*t.n+bits.TrailingZeros64(m)]; by > 0 {
			causes = append(causes, by-1)
		}
	}
	return causes
}

// naked records c placed as the one candidate m left to it.
func (t *trace) naked(c int, m uint64) {
	if t == nil || t.at[c] != 0 {
		return
	}
	t.add(c, first(m), -1, t.takers(nil, c, t.orig[c]&^m))
}

// hidden records c placed as the one place for b in full unit u; m is
// c's candidates, which but b it loses.
func (t *trace) hidden(c int, b uint64, u int, m uint64, cells []int) {
	if t == nil || t.at[c] != 0 {
		return
	}
	var causes []int32
	for _, o := range cells {
		if o != c {
			causes = t.takers(causes, o, b)
		}
	}
	t.eliminated(c, m&^b, t.add(c, first(b), u, causes))
}

// rule records eliminations by rule ri over cells, as following from
// what the cells have lost since the assumption.
func (t *trace) rule(ri int, cells []int, cand []uint64) int32 {
	if t == nil {
		return 0
	}
	var causes []int32
	for _, c := range cells {
		causes = t.takers(causes, c, t.orig[c]&^cand[c])
	}
	return t.add(-1, 0, ri, causes)
}

func (t *trace) empty(c int) {
	if t != nil {
		t.emptyCell = c
	}
}

func (t *trace) gap(u int, m uint64) {
	if t != nil {
		t.gapUnit, t.gapDigit = u, m&-m
	}
}

// need marks the deductions that the contradiction follows from, the
// assumption among them.
func (t *trace) need(s *solver) []bool {
	var roots []int32
	switch {
	case t.emptyCell >= 0:
		roots = t.takers(nil, t.emptyCell, t.orig[t.emptyCell])
	case t.gapUnit >= 0:
		for _, c := range s.m.Units[t.gapUnit].Cells {
			roots = t.takers(roots, c, t.gapDigit)
		}
	}
	need := make([]bool, len(t.cell))
	need[0] = true
	for len(roots) > 0 {
		i := roots[len(roots)-1]
		roots = roots[:len(roots)-1]
		if !need[i] {
			need[i] = true
			roots = append(roots, t.causes[i]...)
		}
	}
	return need
}

// premises calls f with the candidates, absent before the assumption,
// that deduction i (the contradiction for -1) rests on: a cell and its
// digits.
func (t *trace) premises(s *solver, i int, f func(c int, m uint64)) {
	gone := func(c int) uint64 { return s.all &^ t.orig[c] }
	cellsWithout := func(cells []int, except int, b uint64) {
		for _, c := range cells {
			if c != except && gone(c)&b != 0 {
				f(c, b)
			}
		}
	}
	switch {
	case i < 0 && t.emptyCell >= 0:
		f(t.emptyCell, gone(t.emptyCell))
	case i < 0 && t.gapUnit >= 0:
		cellsWithout(s.m.Units[t.gapUnit].Cells, -1, t.gapDigit)
	case i < 0:
	case t.cell[i] < 0: // a rule: what its cells lacked
		for _, c := range s.rules[t.unit[i]].Cells {
			f(c, gone(c))
		}
	case t.unit[i] >= 0: // a hidden single
		cellsWithout(s.m.Units[t.unit[i]].Cells, int(t.cell[i]), bit(int(t.digit[i])))
	case t.unit[i] == -1 && i > 0: // a naked single
		c := int(t.cell[i])
		f(c, gone(c)&^bit(int(t.digit[i])))
	}
}

// tell writes the deductions that the contradiction follows from.
func (t *trace) tell(s *solver) string {
	need := t.need(s)
	var moves, rules []string
	for i := 1; i < len(t.cell); i++ {
		switch {
		case !need[i]:
		case t.cell[i] < 0:
			if name := s.rules[t.unit[i]].Name; !slices.Contains(rules, name) {
				rules = append(rules, name)
			}
		case t.unit[i] == byTrial:
			moves = append(moves, s.mv(int(t.cell[i]), int(t.digit[i])).elim()+" by a trial")
		case t.unit[i] >= 0:
			moves = append(moves, s.mv(int(t.cell[i]), int(t.digit[i])).place()+" in "+s.unitName(int(t.unit[i])))
		default:
			moves = append(moves, s.mv(int(t.cell[i]), int(t.digit[i])).place())
		}
	}
	text := "if " + s.mv(int(t.cell[0]), int(t.digit[0])).place() + ": "
	if len(moves) > 0 {
		text += strings.Join(moves, ", ") + "; "
	}
	switch {
	case t.emptyCell >= 0:
		text += s.pos(t.emptyCell).String() + " has no candidate"
	case t.gapUnit >= 0:
		text += s.unitName(t.gapUnit) + " has no place for " + layouts.Symbol(first(t.gapDigit))
	}
	if len(rules) > 0 {
		text += ", by " + strings.Join(rules, ", ")
	}
	return text
}

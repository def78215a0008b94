package logic

import (
	"errors"
	"fmt"
	"math/bits"
	"slices"
	"strings"

	"gattai/layouts"
)

// ErrUnavailable is wrapped by the error for a model with a rule kind
// that no technique here propagates: rating it would mean trusting
// steps that ignore a rule.
var ErrUnavailable = errors.New("rating unavailable")

// ruleKinds are the rule kinds with a technique, and its name and weight.
var ruleKinds = map[string]struct {
	tech string
	w    float64
}{
	"parity":         {RuleParity, 1.3},
	"thermo":         {RuleThermo, 2.4},
	"kropki":         {RuleKropki, 2.4},
	"nonconsecutive": {RuleNonconsecutive, 2.4},
	"killer":         {RuleKiller, 2.5},
	"innies":         {RuleInnies, 2.8}, // derived from killer cages (layouts.Model.Innies, Outies)
}

// RatesRule reports whether rules of the kind (layouts.Rule.Kind, the
// kind of the constraint that makes them) have a technique here, so
// that puzzles with them can be rated; a model with a rule of another
// kind is refused with ErrUnavailable.
func RatesRule(kind string) bool {
	_, ok := ruleKinds[kind]
	return ok
}

// supported returns an error naming the rule kinds of m that have no
// technique, in the order of their first rules.
func supported(m *layouts.Model) error {
	var kinds []string
	for _, r := range m.Rules {
		if _, ok := ruleKinds[r.Kind]; !ok && !slices.Contains(kinds, r.Kind) {
			kinds = append(kinds, r.Kind)
		}
	}
	switch len(kinds) {
	case 0:
		return nil
	case 1:
		return fmt.Errorf("%w: rule kind %s", ErrUnavailable, kinds[0])
	}
	return fmt.Errorf("%w: rule kinds %s", ErrUnavailable, strings.Join(kinds, ", "))
}

// rule finds the first rule of the given kind that removes candidates.
func (s *solver) rule(st *Step, kind string) bool {
	var keep [64]uint64 // per rule cell: the digits some solution of the rule allows
	for ri := range s.rules {
		r := &s.rules[ri]
		if r.Kind != kind || len(r.Cells) > len(keep) {
			continue
		}
		k := r.Cells
		s.ruleKeep(ri, s.cand, keep[:len(k)])
		var elims []Move
		for i, c := range k {
			if s.val[c] != 0 {
				continue
			}
			for d := range digits(s.cand[c] &^ keep[i]) {
				elims = append(elims, s.mv(c, d))
			}
		}
		if len(elims) > 0 {
			rk := ruleKinds[kind]
			*st = Step{Technique: rk.tech, Weight: rk.w, Units: []string{r.Name}, Eliminations: elims, Cells: s.positions(k...)}
			return true
		}
	}
	return false
}

// pairRelations are the relations of m's pair rules (kropki,
// nonconsecutive), one table per relation shared by its rules: rel[x]
// holds the digits y that the relation allows beside x, as layouts
// defines it. ruleKeep then revises a pair in a look-up per digit, where
// asking layouts for every pair of digits took nearly all of rating a
// nonconsecutive puzzle.
func pairRelations(m *layouts.Model) []*[65]uint64 {
	type relation struct {
		kind        string
		dot         layouts.Dot
		diff, ratio int
	}
	tables := map[relation]*[65]uint64{}
	out := make([]*[65]uint64, len(m.Rules))
	for i, r := range m.Rules {
		if r.Kind != "kropki" && r.Kind != "nonconsecutive" {
			continue
		}
		key := relation{r.Kind, r.Dot, r.Diff, r.Ratio}
		if tables[key] == nil {
			rel := new([65]uint64)
			for x := 1; x <= m.N; x++ {
				for y := 1; y <= m.N; y++ {
					if r.Kind == "nonconsecutive" && layouts.NonconsecutiveHolds(x, y) ||
						r.Kind == "kropki" && layouts.KropkiHolds(r.Dot, r.Diff, r.Ratio, x, y) {
						rel[x] |= bit(y)
					}
				}
			}
			tables[key] = rel
		}
		out[i] = tables[key]
	}
	return out
}

// ruleKeep sets keep[i] to the digits of r.Cells[i] that some
// assignment of the rule's cells, from the candidates cand, allows.
func (s *solver) ruleKeep(ri int, cand []uint64, keep []uint64) {
	r := &s.rules[ri]
	k := r.Cells
	switch r.Kind {
	case "parity":
		for i := range k {
			keep[i] = r.Mask
		}
	case "thermo":
		s.thermoBounds(k, cand, keep)
	case "kropki", "nonconsecutive":
		// The relation as layouts defines it (a kropki dot carries its
		// own difference and ratio), from its table.
		rel := s.pairRel[ri]
		a, b := k[0], k[1]
		var same uint64 // x itself, when the two cells must differ
		if s.sees(a, b) {
			same = ^uint64(0)
		}
		keep[0], keep[1] = 0, 0
		for m := cand[a]; m != 0; m &= m - 1 {
			x := bits.TrailingZeros64(m) + 1
			if ys := rel[x] & cand[b] &^ (bit(x) & same); ys != 0 {
				keep[0] |= bit(x)
				keep[1] |= ys
			}
		}
	case "killer", "innies":
		for i := range k {
			keep[i] = 0
		}
		if s.n > 16 && assignments(k, cand) > maxAssignments {
			// Too many assignments to list without the memo, on every
			// pass of every trial: the bounds of the sum.
			killerBounds(k, cand, r.Sum, keep)
			return
		}
		if s.n <= 16 {
			if cap(s.memo) < 1<<s.n {
				s.memo = make([]uint8, 1<<s.n)
			}
			s.memo = s.memo[:1<<s.n]
			clear(s.memo)
		}
		s.killer(k, cand, r.Sum, 0, 0, 0, keep)
	default:
		for i, c := range k {
			keep[i] = cand[c]
		}
	}
}

// maxAssignments is the most assignments of a cage's candidates (the
// product of their counts) that ruleKeep lists without the memo, which
// grids of more than 16 digits do not have room for: a 5-cell cage of a
// 25x25 has millions, listed for each cage on every pass of every
// trial, which made rating a large killer run for hours.
const maxAssignments = 1 << 8

// assignments is the product of the candidate counts of the cells k,
// stopping above maxAssignments.
func assignments(k []int, cand []uint64) int {
	p := 1
	for _, c := range k {
		if p *= count(cand[c]); p > maxAssignments {
			break
		}
	}
	return p
}

// killerLocked finds a digit that every assignment of a cage needs and
// that is not placed in it yet (killer locked candidates): it lies in
// one of the cage's cells that can hold it, so it leaves every other
// cell that sees all of those. A cage inside a box that needs a 1 and a
// 2 takes them from the rest of the box, which singles and the cage's
// combinations alone leave to a trial.
func (s *solver) killerLocked(st *Step) bool {
	var keep [64]uint64
	var at []int
	for ri := range s.rules {
		r := &s.rules[ri]
		k := r.Cells
		if r.Kind != "killer" && r.Kind != "innies" || len(k) > len(keep) || s.n > 16 && assignments(k, s.cand) > maxAssignments {
			continue
		}
		var free, placed uint64
		for _, c := range k {
			if s.val[c] != 0 {
				placed |= bit(int(s.val[c]))
			} else {
				free |= s.cand[c]
			}
		}
		for d := range digits(free &^ placed) {
			// Needed: without d in the cage, no assignment is left.
			at = at[:0]
			for _, c := range k {
				if s.val[c] == 0 && s.cand[c]&bit(d) != 0 {
					at = append(at, c)
					s.cand[c] &^= bit(d)
				}
			}
			s.ruleKeep(ri, s.cand, keep[:len(k)])
			for _, c := range at {
				s.cand[c] |= bit(d)
			}
			if keep[0] != 0 {
				continue
			}
			var elims []Move
			for _, c := range s.m.Peers[at[0]] {
				if s.val[c] == 0 && s.cand[c]&bit(d) != 0 && s.seesAll(c, at) {
					elims = append(elims, s.mv(c, d))
				}
			}
			if len(elims) > 0 {
				*st = Step{Technique: RuleKillerLocked, Weight: 2.7, Units: []string{r.Name}, Eliminations: elims, Cells: s.positions(at...)}
				return true
			}
		}
	}
	return false
}

// killerBounds keeps, for each cell of a cage summing to sum, the digits
// that leave the other cells a sum between the least and the most of
// their candidates: a weaker rule than listing the assignments, for
// the others' digits need not differ, but a sound one.
func killerBounds(k []int, cand []uint64, sum int, keep []uint64) {
	lo, hi := 0, 0
	for _, c := range k {
		if cand[c] == 0 {
			clear(keep)
			return
		}
		lo += first(cand[c])
		hi += 64 - bits.LeadingZeros64(cand[c])
	}
	for i, c := range k {
		m := cand[c]
		least := sum - (hi - (64 - bits.LeadingZeros64(m))) // the others at their most
		most := sum - (lo - first(m))                       // the others at their least
		keep[i] = 0
		for d := range digits(m) {
			if d >= least && d <= most {
				keep[i] |= bit(d)
			}
		}
	}
}

// thermoBounds keeps, for each cell of a thermometer, the digits above
// the least its bulb side allows and below the most its tip side allows.
func (s *solver) thermoBounds(k []int, cand, keep []uint64) {
	var lo [64]int
	prev := 0
	for i, c := range k {
		m := cand[c] &^ (uint64(1)<<prev - 1) // digits > prev
		if m == 0 {
			prev = s.n + 1
		} else {
			prev = first(m)
		}
		lo[i] = prev
	}
	next := s.n + 1
	for i := len(k) - 1; i >= 0; i-- {
		var m uint64
		if next > 1 {
			m = cand[k[i]] & (uint64(1)<<(next-1) - 1) // digits < next
		}
		hi := 0
		if m != 0 {
			hi = 64 - bits.LeadingZeros64(m)
		}
		next = hi
		keep[i] = 0
		for d := lo[i]; d <= hi; d++ {
			keep[i] |= bit(d)
		}
	}
}

// killer enumerates the assignments of distinct digits to cage cells
// k[i:] that fit their candidates and make the sum, given used digits
// and the partial sum; keep collects each cell's digits that take part.
func (s *solver) killer(k []int, cand []uint64, sum, i int, used uint64, part int, keep []uint64) bool {
	if i == len(k) {
		return part == sum
	}
	if len(s.memo) > int(used) {
		if v := s.memo[used]; v != 0 {
			return v == 1
		}
	}
	ok := s.killerAt(k, cand, sum, i, used, part, keep)
	if len(s.memo) > int(used) {
		s.memo[used] = 2
		if ok {
			s.memo[used] = 1
		}
	}
	return ok
}

func (s *solver) killerAt(k []int, cand []uint64, sum, i int, used uint64, part int, keep []uint64) bool {
	left := len(k) - i - 1
	ok := false
	for d := range digits(cand[k[i]] &^ used) {
		p := part + d
		// The least and most the cells after i can add.
		if p+left*(left+1)/2 > sum || p+left*(2*s.n-left+1)/2 < sum {
			continue
		}
		if s.killer(k, cand, sum, i+1, used|bit(d), p, keep) {
			keep[i] |= bit(d)
			ok = true
		}
	}
	return ok
}

package encode

import (
	"fmt"
	"math/bits"
	"strings"

	"gattai/layouts"
)

// Sum is an encoding of a killer cage's sum: how "the open cells of the
// cage hold distinct digits adding up to what the givens leave" becomes
// clauses. The zero value, SumAuto, is DefaultSum. Figures in doc.go.
type Sum uint8

const (
	SumAuto         Sum = iota // DefaultSum
	SumCombinations            // an auxiliary variable per set of digits that makes the sum
	SumCounter                 // order-encoded partial sums, cell after cell: a sequential weight counter
)

var sumNames = [...]string{"auto", "combinations", "counter"}

func (s Sum) String() string {
	if int(s) < len(sumNames) {
		return sumNames[s]
	}
	return fmt.Sprintf("Sum(%d)", s)
}

// ParseSum reads an encoding name as String writes it.
func ParseSum(s string) (Sum, error) {
	for i, name := range sumNames {
		if strings.EqualFold(strings.TrimSpace(s), name) {
			return Sum(i), nil
		}
	}
	return 0, fmt.Errorf("unknown killer sum encoding %q (want one of %s)", s, strings.Join(sumNames[:], ", "))
}

// Sums lists the concrete sum encodings (all but SumAuto), in a fixed order.
func Sums() []Sum { return []Sum{SumCombinations, SumCounter} }

// DefaultSum is the encoding SumAuto stands for. Combinations won on
// every measured killer puzzle (figures in doc.go).
func DefaultSum() Sum { return SumCombinations }

// maxCombinations bounds the sets of digits that the combinations
// encoding enumerates for one cage, and maxSteps the steps of the
// enumeration; a cage with more (a big cage of a big grid) is encoded
// by the counter instead.
const (
	maxCombinations = 256
	maxSteps        = 1 << 16
)

// maxPairwiseSets is the number of sets beyond which their selector
// variables' at-most-one is Sinz's counter whatever the formula's
// at-most-one encoding: with pairwise, 16x16 killers with cages of 4 to
// 9 cells had up to 2.5 times the clauses and took up to 1.6 times as
// long (doc.go).
const maxPairwiseSets = 16

// Killer: the cage's cells are a unit already (all different); its
// rule adds the sum. The givens in the cage are taken off the sum, and
// the open cells are narrowed to the digits of the sets of distinct
// digits that make the rest of the sum and that the cells can hold (a
// matching of cells to digits exists); with more than maxCombinations
// such sets, to the digits within the bounds the other cells leave.

// cage is the open cells of a killer rule, in the rule's order, and the
// sum they must make: the cage's sum less its givens.
func (b *builder) cage(r *layouts.Rule) (open []int, rest int) {
	rest = r.Sum
	for _, c := range r.Cells {
		if g := b.given(c); g != 0 {
			rest -= g
		} else {
			open = append(open, c)
		}
	}
	return open, rest
}

func narrowKiller(b *builder, r *layouts.Rule) bool {
	open, rest := b.cage(r)
	if combos, ok := b.combinations(open, rest); ok {
		var allowed uint64
		for _, t := range combos {
			allowed |= t
		}
		changed := false
		for _, c := range open {
			if b.keep(c, allowed) {
				changed = true
			}
		}
		return changed
	}
	lo, hi := 0, 0
	for _, c := range open {
		lo += lowest(b.cand[c])
		hi += highest(b.cand[c])
	}
	changed := false
	for _, c := range open {
		// What the other cells leave for c.
		from := rest - (hi - highest(b.cand[c]))
		to := rest - (lo - lowest(b.cand[c]))
		if b.keep(c, above(from-1)&below(to+1)) {
			changed = true
		}
	}
	return changed
}

func killerClauses(b *builder, r *layouts.Rule) {
	open, rest := b.cage(r)
	if b.sum == SumCombinations {
		if combos, ok := b.combinations(open, rest); ok {
			b.combinationClauses(open, combos)
			return
		}
	}
	b.counterClauses(open, rest)
}

// combinations are the sets of distinct digits, as masks, with one
// digit per open cell that the cells can hold, summing to rest; ok is
// false if there are more than maxCombinations, or finding them takes
// more than maxSteps.
func (b *builder) combinations(open []int, rest int) (combos []uint64, ok bool) {
	var avail uint64
	for _, c := range open {
		avail |= b.cand[c]
	}
	var ds []int // the digits of avail, ascending
	forDigits(avail, func(d int) { ds = append(ds, d) })
	k := len(open)
	steps := 0
	var walk func(i, k, s int, set uint64) bool
	walk = func(i, k, s int, set uint64) bool {
		if steps++; steps > maxSteps {
			return false
		}
		if k == 0 {
			if s == 0 && matchable(b.cand, open, set) {
				if len(combos) == maxCombinations {
					return false
				}
				combos = append(combos, set)
			}
			return true
		}
		if len(ds)-i < k {
			return true
		}
		// The k smallest and largest digits left bound what they can make.
		lo, hi := 0, 0
		for j := range k {
			lo += ds[i+j]
			hi += ds[len(ds)-1-j]
		}
		if s < lo || s > hi {
			return true
		}
		return walk(i+1, k-1, s-ds[i], set|1<<(ds[i]-1)) && walk(i+1, k, s, set)
	}
	ok = walk(0, k, rest, 0)
	return combos, ok
}

// matchable reports whether the cells can hold the digits of set, one
// each (a perfect matching, by augmenting paths).
func matchable(cand []uint64, cells []int, set uint64) bool {
	var holder [64]int // digit-1 -> 1 + index in cells of the cell holding it, or 0
	var try func(i int, seen *uint64) bool
	try = func(i int, seen *uint64) bool {
		for m := cand[cells[i]] & set &^ *seen; m != 0; m &= m - 1 {
			j := bits.TrailingZeros64(m)
			*seen |= 1 << j
			if holder[j] == 0 || try(holder[j]-1, seen) {
				holder[j] = i + 1
				return true
			}
		}
		return false
	}
	for i := range cells {
		var seen uint64
		if !try(i, &seen) {
			return false
		}
	}
	return true
}

// combinationClauses encodes the sum by its sets of digits. No set is
// the empty clause; one set T needs no auxiliary variable: each digit
// of T is in one of the cells (the cells being all different and as
// many as T's digits, they hold exactly T). With several, a variable
// s_j per set T_j: at least one s_j; at most one, which lets unit
// propagation rule out the digits of the other sets; s_j implies each
// digit of T_j is in one of the cells; and a cell holding d implies one
// of the s_j whose set has d, so no digit outside the chosen set.
func (b *builder) combinationClauses(open []int, combos []uint64) {
	if len(combos) == 0 {
		b.add()
		return
	}
	appears := func(d int, lits []int) []int { // d is in one of the cells
		for _, c := range open {
			lits = append(lits, b.lit(c, d))
		}
		return lits
	}
	if len(combos) == 1 {
		t := combos[0]
		forDigits(t, func(d int) { b.add(appears(d, nil)...) })
		for _, c := range open {
			forDigits(b.cand[c]&^t, func(d int) { b.add(-b.lit(c, d)) })
		}
		return
	}
	s := make([]int, len(combos))
	for j := range s {
		s[j] = b.f.aux()
	}
	b.add(s...)
	if len(s) > maxPairwiseSets {
		b.f.sequential(s) // pairwise would be quadratic in the sets
	} else {
		b.f.atMostOne(s)
	}
	for j, t := range combos {
		forDigits(t, func(d int) { b.add(appears(d, []int{-s[j]})...) })
	}
	for _, c := range open {
		forDigits(b.cand[c], func(d int) {
			lits := []int{-b.lit(c, d)}
			for j, t := range combos {
				if t&(1<<(d-1)) != 0 {
					lits = append(lits, s[j])
				}
			}
			b.add(lits...)
		})
	}
}

// counterClauses encodes the sum by partial sums in the order encoding:
// P_i is the sum of the first i open cells, and the variable "P_i ≥ s"
// exists for each s that P_i can exceed its least value by and still
// let the remaining cells make the sum (below that range the literal is
// true, above it false). For each cell i and digit d it may hold, and
// each value s of P_{i-1}:
//
//	P_{i-1} ≥ s   ∧ cell holds d  →  P_i ≥ s+d
//	P_{i-1} < s+1 ∧ cell holds d  →  P_i < s+d+1
//
// and P_i ≥ s+1 → P_i ≥ s. P_0 is 0 and P_k is the sum, constants both.
func (b *builder) counterClauses(open []int, rest int) {
	terms := make([]term, len(open))
	for i, c := range open {
		terms[i] = term{cell: c, w: 1}
	}
	b.sumCounter(terms, rest)
}

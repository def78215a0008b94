package logic

import (
	"math"
	"slices"
)

// Trials: when no technique applies, an assumption "cell c holds d" is
// followed by singles (naked and hidden) on a copy of the candidates;
// if that reaches a contradiction, c <> d (depth 1). At depth 2 the copy
// also takes every depth-1 elimination it can find, over and over, and
// the assumption fails if that reaches a contradiction. Both are proofs
// by contradiction, so a trial step is as sound as any other; it only
// takes more work to follow, and the step weighs more the longer its
// proof (trialWeight).

const maxDepth = 2

type trialScratch struct {
	cand [maxDepth + 1][]uint64
	val  [maxDepth + 1][]uint8
	q    []int32
	// Full units (indices into solver.full) to look at for hidden
	// singles: dirty, and inDirty[u] == gen for those in it.
	dirty   []int32
	inDirty []uint32
	gen     uint32
	// fresh[ri] == gen: rule ri was applied in this call of singles, and
	// none of its cells has changed since, so applying it again would
	// change nothing (a rule's revision depends on its cells' candidates
	// alone). Skipping those leaves the passes and the proofs as they
	// were: on a nonconsecutive grid, with 144 rules, it took most of
	// the time of a rating.
	fresh []uint32

	budget int // depth-1 trials left inside depth-2 ones, for this step
	// limit, unless 0, stops singles after that many placements with
	// no contradiction found: a proof longer than a lighter one is not
	// looked for.
	limit  int
	trace  *trace // while a step's proof is replayed, its record
	traced *trace // the last one, kept for its room
	inner  *trace // the same for a depth-1 trial within a depth-2 one
}

// trialBudget bounds the depth-1 trials that one depth-2 trial step
// makes with 9 digits, and in proportion for more (81/n² of it, at
// least 5000), as a trial costs about n² (a grid's cells). A step
// that runs out fails to find its contradiction, which the rating then
// counts as search beyond depth 2.
const trialBudget = 200000

// trial finds an assumption that fails at the given depth.
func (s *solver) trial(st *Step, depth int) bool {
	ts := &s.ts
	if ts.cand[0] == nil {
		for i := range ts.cand {
			ts.cand[i] = make([]uint64, len(s.cand))
			ts.val[i] = make([]uint8, len(s.cand))
		}
	}
	budget := max(trialBudget*81/(s.n*s.n), 5000)
	ts.budget = budget
	c, d, size, ok := s.failing(s.cand, s.val, depth)
	if !ok {
		return false
	}
	*st = Step{Technique: Trial, Weight: trialWeight(depth, size), Depth: depth,
		Eliminations: []Move{s.mv(c, d)}, Cells: s.positions(c)}
	if s.prove {
		// The replay takes the path the search took: the same trials,
		// in the same order, and a budget at least as large.
		ts.budget = budget
		st.Chain = s.proof(c, d, depth)
	}
	return true
}

// trialWeight weighs a trial by its depth and the size of its proof
// (see survives): 0.1 more for each of trialBounds below the size, so
// the weight grows with the logarithm of the size; depth 1 stays below
// 10.0 and depth 2 below SearchWeight.
func trialWeight(depth, size int) float64 {
	base, top := 8.5, 9.9
	if depth > 1 {
		base, top = 10.0, SearchWeight-0.1
	}
	return round1(min(base+float64(sizeSteps(size))/10, top))
}

// trialBounds are the proof sizes at which a trial weighs 0.1 more:
// Sudoku Explainer's for the length of its chains, 4 and then half as
// much again and a third as much again in turn (6, 8, 12, 16, 24, ...).
var trialBounds = func() []int {
	b := []int{4}
	for half := true; b[len(b)-1] < 1<<24; half = !half {
		if n := b[len(b)-1]; half {
			b = append(b, n*3/2)
		} else {
			b = append(b, n*4/3)
		}
	}
	return b
}()

// sizeSteps is the number of trialBounds below size.
func sizeSteps(size int) int {
	n, _ := slices.BinarySearch(trialBounds, size)
	return n
}

// longestBelow is the greatest size with fewer steps than size, 0 if
// none.
func longestBelow(size int) int {
	if n := sizeSteps(size); n > 0 {
		return trialBounds[n-1]
	}
	return 0
}

// failing finds a candidate of (cand, val) whose assumption reaches a
// contradiction at the depth, and the size of that proof; candidates in
// cells with fewer candidates go first. At depth 2 it takes the first
// found, as each costs up to the trial budget. At depth 1 it goes on
// for a proof that weighs less, as a solver would follow the shortest:
// each trial stops once it is longer than a lighter proof could be.
func (s *solver) failing(cand []uint64, val []uint8, depth int) (int, int, int, bool) {
	best, bc, bd := math.MaxInt, 0, 0
	defer func() { s.ts.limit = 0 }()
	for k := 2; k <= s.n; k++ {
		for c, m := range cand {
			if val[c] != 0 || count(m) != k {
				continue
			}
			if s.stopped() {
				return 0, 0, 0, false
			}
			for d := range digits(m) {
				if depth == 1 && best < math.MaxInt {
					s.ts.limit = longestBelow(best)
				}
				ok, size := s.survives(cand, val, c, d, depth, 1)
				if ok {
					continue
				}
				best, bc, bd = size, c, d
				if depth > 1 || sizeSteps(size) == 0 {
					return bc, bd, best, true
				}
			}
		}
	}
	return bc, bd, best, best < math.MaxInt
}

// survives assumes c = d on a copy at level lvl and reports whether it
// stands up to singles (and, at depth 2, to depth-1 trials); if not,
// the size of the proof: the cells placed on the copy, and one for each
// depth-1 elimination it took.
func (s *solver) survives(cand []uint64, val []uint8, c, d, depth, lvl int) (bool, int) {
	ts := &s.ts
	tc, tv := ts.cand[lvl], ts.val[lvl]
	copy(tc, cand)
	copy(tv, val)
	tc[c] = bit(d)
	size, ok := s.singles(tc, tv, c)
	if !ok {
		return false, size
	}
	if depth == 1 {
		return true, 0
	}
	// Depth-1 trials on the copy, pass after pass, until a pass finds
	// nothing or the copy breaks.
	for changed := true; changed; {
		changed = false
		for c2 := range tc {
			for d2 := range digits(tc[c2]) {
				if tv[c2] != 0 {
					break
				}
				if tc[c2]&bit(d2) == 0 {
					continue
				}
				if s.ts.budget <= 0 || s.ts.budget%64 == 0 && s.stopped() {
					return true, 0 // out of budget or stopped: the assumption stands
				}
				s.ts.budget--
				tr := ts.trace
				ts.trace = nil // a replay traces only the inner trials that fail
				ok, _ := s.survives(tc, tv, c2, d2, depth-1, lvl+1)
				ts.trace = tr
				if ok {
					continue
				}
				if tr != nil {
					s.innerTrial(tr, tc, tv, c2, d2, lvl+1)
				}
				tc[c2] &^= bit(d2)
				placed, ok := s.singles(tc, tv, c2)
				size += 1 + placed
				if !ok {
					return false, size
				}
				changed = true
			}
		}
	}
	return true, 0
}

// singles applies naked and hidden singles (and the rules) to (cand,
// val) after cell changed lost candidates, and reports the cells it
// placed and false on a contradiction; past the trial limit's
// placements it stops with true. Hidden singles are looked for only in
// the full units of cells that changed: before the change none was
// left.
func (s *solver) singles(cand []uint64, val []uint8, changed int) (int, bool) {
	ts := &s.ts
	tr := ts.trace
	placed := 0
	q, dirty := ts.q[:0], ts.dirty[:0]
	defer func() { ts.q, ts.dirty = q[:0], dirty[:0] }()
	ts.gen++
	if ts.gen == 0 {
		clear(ts.inDirty)
		clear(ts.fresh)
		ts.gen = 1
	}
	touch := func(c int) {
		for _, ri := range s.cellRules[c] {
			ts.fresh[ri] = 0
		}
		for _, u := range s.cellFull[c] {
			if ts.inDirty[u] != ts.gen {
				ts.inDirty[u] = ts.gen
				dirty = append(dirty, u)
			}
		}
	}
	q = append(q, int32(changed))
	touch(changed)
	for {
		for len(q) > 0 {
			c := int(q[len(q)-1])
			q = q[:len(q)-1]
			if val[c] != 0 {
				continue
			}
			m := cand[c]
			if m == 0 {
				tr.empty(c)
				return placed, false
			}
			if count(m) != 1 {
				continue
			}
			val[c] = uint8(first(m))
			tr.naked(c, m)
			if placed++; ts.limit > 0 && placed > ts.limit {
				return placed, true
			}
			for _, p := range s.m.Peers[c] {
				if cand[p]&m == 0 {
					continue
				}
				cand[p] &^= m
				tr.eliminated(p, m, tr.by(c))
				if cand[p] == 0 {
					tr.empty(p)
					return placed, false
				}
				touch(p)
				if val[p] == 0 && count(cand[p]) == 1 {
					q = append(q, int32(p))
				}
			}
		}
		// Hidden singles, and digits with no place, in the units touched.
		for len(dirty) > 0 && len(q) == 0 {
			u := s.full[dirty[len(dirty)-1]]
			dirty = dirty[:len(dirty)-1]
			ts.inDirty[s.fullIdx[u]] = 0
			var once, twice uint64
			for _, c := range s.m.Units[u].Cells {
				m := cand[c]
				twice |= once & m
				once |= m
			}
			if once != s.all {
				tr.gap(u, s.all&^once)
				return placed, false
			}
			// One hidden single at a time, placed next (touch queues u
			// again for the others), so that cells are placed in the
			// order they are found, as a proof tells them.
		hidden:
			for h := once &^ twice; h != 0; h &= h - 1 {
				b := h & -h
				for _, c := range s.m.Units[u].Cells {
					if cand[c]&b != 0 {
						if val[c] == 0 {
							tr.hidden(c, b, u, cand[c], s.m.Units[u].Cells)
							cand[c] = b
							touch(c)
							q = append(q, int32(c))
							break hidden
						}
						break
					}
				}
			}
		}
		if len(q) > 0 || len(dirty) > 0 {
			continue
		}
		// The rules, last: a change goes back to singles.
		var keep [64]uint64
		for ri := range s.rules {
			r := &s.rules[ri]
			if len(r.Cells) > len(keep) || ts.fresh[ri] == ts.gen {
				continue
			}
			s.ruleKeep(ri, cand, keep[:len(r.Cells)])
			ts.fresh[ri] = ts.gen // until a cell of it changes, below too
			for i, c := range r.Cells {
				m := cand[c] & keep[i]
				if m == cand[c] {
					continue
				}
				tr.eliminated(c, cand[c]&^m, tr.rule(ri, r.Cells, cand))
				if m == 0 {
					tr.empty(c)
					return placed, false
				}
				cand[c] = m
				touch(c)
				if val[c] == 0 {
					q = append(q, int32(c))
				}
			}
		}
		if len(q) == 0 && len(dirty) == 0 {
			return placed, true
		}
	}
}

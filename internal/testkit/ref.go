package testkit

import (
	"slices"

	"gattai/layouts"
)

// RefCount is the reference that both engines' tests hold their counts
// to: a plain backtracking counter that knows nothing of the kinds. It
// fills the empty cell with the fewest digits that no peer holds, with
// no other propagation, and asks layouts.Check about each full grid, so
// that every rule is whatever Check says it is. It counts p's grids up
// to limit (at least 1) and returns the first one it found; ok is false
// when it gave up after budget full grids (budget < 1: no limit).
// Givens that conflict, or that are no digit 1..N, give a count of 0.
func RefCount(p *layouts.Puzzle, limit, budget int) (count int, first layouts.Grid, ok bool) {
	m := p.Model
	if p.Conflict() != nil {
		return 0, layouts.Grid{}, true
	}
	for _, d := range p.Givens {
		if int(d) > m.N {
			return 0, layouts.Grid{}, true
		}
	}
	limit = max(limit, 1)
	digits := slices.Clone(p.Givens)
	used := make([]bool, m.N+1)
	legal := func(c int, out []uint8) []uint8 {
		clear(used)
		for _, q := range m.Peers[c] {
			used[digits[q]] = true
		}
		out = out[:0]
		for d := 1; d <= m.N; d++ {
			if !used[d] {
				out = append(out, uint8(d))
			}
		}
		return out
	}
	leaves := 0
	var search func() bool // false: stop
	search = func() bool {
		best, bestDs := -1, []uint8(nil)
		var ds []uint8
		for c, d := range digits {
			if d != 0 {
				continue
			}
			ds = legal(c, ds)
			if best < 0 || len(ds) < len(bestDs) {
				best, bestDs = c, slices.Clone(ds)
				if len(ds) == 0 {
					break
				}
			}
		}
		if best < 0 {
			if leaves++; budget > 0 && leaves > budget {
				return false
			}
			g := layouts.Grid{Model: m, Digits: slices.Clone(digits)}
			if layouts.Check(p, g) == nil {
				if count++; count == 1 {
					first = g
				}
			}
			return count < limit
		}
		for _, d := range bestDs {
			digits[best] = d
			more := search()
			digits[best] = 0
			if !more {
				return false
			}
		}
		return true
	}
	search()
	return count, first, budget < 1 || leaves <= budget
}

package logic

import "math/bits"

var (
	nakedNames  = [...]string{2: NakedPair, 3: NakedTriple, 4: NakedQuad}
	hiddenNames = [...]string{2: HiddenPair, 3: HiddenTriple, 4: HiddenQuad}
	nakedW      = [...]float64{2: 3.0, 3: 3.6, 4: 5.0}
	hiddenW     = [...]float64{2: 3.4, 3: 4.0, 4: 5.4}
)

// naked finds k empty cells of a unit whose candidates together are k
// digits, which then leave the unit's other cells.
func (s *solver) naked(st *Step, k int) bool {
	var idx [64]int
	for u := range s.m.Units {
		cells := s.m.Units[u].Cells
		if len(cells) <= k || len(cells) > 64 {
			continue
		}
		// Empty cells with 2..k candidates.
		var pick [64]int
		np, empty := 0, 0
		for _, c := range cells {
			if s.val[c] != 0 {
				continue
			}
			empty++
			if n := count(s.cand[c]); n >= 2 && n <= k {
				pick[np] = c
				np++
			}
		}
		if np < k || empty <= k {
			continue
		}
		found := false
		var union uint64
		var rec func(start, depth int, m uint64) bool
		rec = func(start, depth int, m uint64) bool {
			if count(m) > k {
				return false
			}
			if depth == k {
				// Any elimination?
				for _, c := range cells {
					if s.val[c] == 0 && s.cand[c]&m != 0 && !inIdx(pick[:], idx[:k], c) {
						union = m
						return true
					}
				}
				return false
			}
			for i := start; i <= np-(k-depth); i++ {
				idx[depth] = i
				if rec(i+1, depth+1, m|s.cand[pick[i]]) {
					return true
				}
			}
			return false
		}
		found = rec(0, 0, 0)
		if !found {
			continue
		}
		reset(st, nakedNames[k], nakedW[k])
		st.Units = append(st.Units, s.unitName(u))
		for _, c := range cells {
			if s.val[c] != 0 || inIdx(pick[:], idx[:k], c) {
				continue
			}
			for d := range digits(s.cand[c] & union) {
				st.Eliminations = append(st.Eliminations, s.mv(c, d))
			}
		}
		for _, i := range idx[:k] {
			st.Cells = append(st.Cells, s.pos(pick[i]))
		}
		return true
	}
	return false
}

func inIdx(pick []int, idx []int, c int) bool {
	for _, i := range idx {
		if pick[i] == c {
			return true
		}
	}
	return false
}

// hidden finds k digits confined to the same k cells of a full unit,
// which then lose their other candidates.
func (s *solver) hidden(st *Step, k int) bool {
	var where [65]uint64 // digit -> positions within the unit
	var ds [64]int
	var idx [4]int
	for _, u := range s.full {
		cells := s.m.Units[u].Cells
		var placed uint64
		empty := 0
		for _, c := range cells {
			if s.val[c] != 0 {
				placed |= s.cand[c]
			} else {
				empty++
			}
		}
		if empty <= k {
			continue
		}
		nd := 0
		for d := range digits(s.all &^ placed) {
			var w uint64
			for i, c := range cells {
				if s.val[c] == 0 && s.cand[c]&bit(d) != 0 {
					w |= 1 << i
				}
			}
			where[d] = w
			if n := count(w); n >= 2 && n <= k {
				ds[nd] = d
				nd++
			}
		}
		var posns, dmask uint64
		var rec func(start, depth int, w uint64) bool
		rec = func(start, depth int, w uint64) bool {
			if count(w) > k {
				return false
			}
			if depth == k {
				var dm uint64
				for _, i := range idx[:k] {
					dm |= bit(ds[i])
				}
				for p := w; p != 0; p &= p - 1 {
					if s.cand[cells[bits.TrailingZeros64(p)]]&^dm != 0 {
						posns, dmask = w, dm
						return true
					}
				}
				return false
			}
			for i := start; i <= nd-(k-depth); i++ {
				idx[depth] = i
				if rec(i+1, depth+1, w|where[ds[i]]) {
					return true
				}
			}
			return false
		}
		if !rec(0, 0, 0) {
			continue
		}
		reset(st, hiddenNames[k], hiddenW[k])
		st.Units = append(st.Units, s.unitName(u))
		for p := posns; p != 0; p &= p - 1 {
			c := cells[bits.TrailingZeros64(p)]
			st.Cells = append(st.Cells, s.pos(c))
			for d := range digits(s.cand[c] &^ dmask) {
				st.Eliminations = append(st.Eliminations, s.mv(c, d))
			}
		}
		return true
	}
	return false
}

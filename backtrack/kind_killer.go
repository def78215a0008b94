package backtrack

import (
	"fmt"
	"math/bits"

	"gattai/layouts"
)

// killer keeps a cage's digits summing to its total. (That they differ
// is a unit's work: the cage's own, which layouts compiles besides the
// rule, or for an innie the full unit it lies in.) Its
// placed cells leave a remaining sum for the k free ones, to be made of
// k distinct digits from the free cells' candidates less the placed
// digits:
//
//   - k = 1: the one free cell holds the remaining sum (a naked single);
//   - up to maxSumsN digits, from a table of every set of k distinct
//     digits by its sum (sums): the sets that fit the candidates, each
//     free cell holding one of their digits, are the combinations still
//     possible. A digit in none leaves the cage, and a digit in all of
//     them that fits one free cell only is placed there;
//   - beyond, or where there are more than maxSets sets, by bounds: a
//     digit d stays if the k-1 smallest and the k-1 largest other
//     candidates bracket the sum less d.
type killer struct {
	cells []int32
	sum   int
	n     int
	sums  *sums   // nil beyond maxSumsN digits
	free  []int32 // scratch: the free cells during propagate
}

// maxSumsN is the most digits for which killers use a sums table, of
// 2^n sets, and maxSets the most sets they go through in one call:
// beyond, bounds. With 9 digits no size and sum has more than 12 sets;
// with 16, some have hundreds, too many to read at every node.
const (
	maxSumsN = 16
	maxSets  = 64
)

func newKiller(s *Solver, r *layouts.Rule) propagator {
	return newCage(s, int32s(r.Cells), r.Sum)
}

func newCage(s *Solver, cells []int32, sum int) *killer {
	n := s.model.N
	p := &killer{cells: cells, sum: sum, n: n, free: make([]int32, 0, len(cells))}
	if n <= maxSumsN {
		p.sums = table(s, fmt.Sprint("killer sums ", n), func() *sums { return newSums(n) })
	}
	return p
}

func (p *killer) watches() []int32 { return p.cells }

func (p *killer) propagate(s *Solver) bool {
	var placed, avail uint64
	sum := p.sum
	free := p.free[:0]
	for _, c := range p.cells {
		m := s.cand[c]
		if m&(m-1) != 0 {
			free = append(free, c)
			avail |= m
			continue
		}
		if placed&m != 0 {
			return false
		}
		placed |= m
		sum -= bits.TrailingZeros64(m) + 1
	}
	avail &^= placed
	switch len(free) {
	case 0:
		return sum == 0
	case 1:
		if sum < 1 || sum > p.n {
			s.blameCell(free[0])
			return false
		}
		return s.remove(free[0], ^(uint64(1) << (sum - 1)))
	}
	if p.sums != nil {
		if sets := p.sums.sets(len(free), sum); len(sets) <= maxSets {
			return p.combinations(s, sets, free, avail)
		}
	}
	return p.bounds(s, free, avail, sum)
}

// combinations narrows the free cells to the digits of the sets, of
// len(free) distinct digits with the remaining sum, that lie in avail
// and meet every free cell.
func (p *killer) combinations(s *Solver, sets []uint64, free []int32, avail uint64) bool {
	var union uint64
	every := avail
	for _, set := range sets {
		if set&^avail != 0 {
			continue
		}
		fits := true
		for _, c := range free {
			if s.cand[c]&set == 0 {
				fits = false
				break
			}
		}
		if fits {
			union |= set
			every &= set
		}
	}
	if union == 0 {
		return false
	}
	for _, c := range free {
		if !s.remove(c, ^union) {
			return false
		}
	}
	// A digit that every combination needs, in one free cell only.
	for ; every != 0; every &= every - 1 {
		d := every & -every
		at := int32(-1)
		for _, c := range free {
			if s.cand[c]&d != 0 {
				if at >= 0 {
					at = -2
					break
				}
				at = c
			}
		}
		switch {
		case at == -1:
			return false
		case at >= 0:
			if !s.remove(at, ^d) {
				return false
			}
		}
	}
	return true
}

// bounds keeps the digits d of avail for which k-1 other distinct
// digits of avail can make up sum-d, as far as their smallest and
// largest sums tell.
func (p *killer) bounds(s *Solver, free []int32, avail uint64, sum int) bool {
	k := len(free)
	var keep uint64
	for ds := avail; ds != 0; ds &= ds - 1 {
		d := ds & -ds
		rest, need := avail&^d, sum-bits.TrailingZeros64(d)-1
		if bits.OnesCount64(rest) < k-1 {
			return false
		}
		lo, hi := 0, 0
		low, high := rest, rest
		for range k - 1 {
			lo += bits.TrailingZeros64(low) + 1
			low &= low - 1
			top := 63 - bits.LeadingZeros64(high)
			hi += top + 1
			high &^= 1 << top
		}
		if lo <= need && need <= hi {
			keep |= d
		}
	}
	for _, c := range free {
		if !s.remove(c, ^keep) {
			return false
		}
	}
	return true
}

// sums lists every set of distinct digits 1..n by its size k and its
// sum: the sets of size k summing to t are
// set[at[k*(top+1)+t]:at[k*(top+1)+t+1]], top being the sum of all n.
type sums struct {
	top int
	at  []int32
	set []uint64
}

func newSums(n int) *sums {
	top := n * (n + 1) / 2
	t := &sums{top: top, at: make([]int32, (n+1)*(top+1)+1), set: make([]uint64, 1<<n)}
	key := func(m uint64) int {
		k, sum := bits.OnesCount64(m), 0
		for x := m; x != 0; x &= x - 1 {
			sum += bits.TrailingZeros64(x) + 1
		}
		return k*(top+1) + sum
	}
	for m := range uint64(1) << n {
		t.at[key(m)+1]++
	}
	for i := 1; i < len(t.at); i++ {
		t.at[i] += t.at[i-1]
	}
	next := append([]int32(nil), t.at...)
	for m := range uint64(1) << n {
		i := key(m)
		t.set[next[i]] = m
		next[i]++
	}
	return t
}

// sets are the sets of k distinct digits summing to sum.
func (t *sums) sets(k, sum int) []uint64 {
	if sum < 0 || sum > t.top {
		return nil
	}
	i := k*(t.top+1) + sum
	return t.set[t.at[i]:t.at[i+1]]
}

// innies are the cages that the full units imply (layouts.Model.Innies,
// the "45 rule" of killer sudoku). On the killer samurai of
// testdata/variants they take the count to 2 from 16995 nodes to 204.
func innies(s *Solver) []propagator {
	var out []propagator
	for _, r := range s.model.Innies() {
		cells := make([]int32, len(r.Cells))
		for i, c := range r.Cells {
			cells[i] = int32(c)
		}
		out = append(out, newCage(s, cells, r.Sum))
	}
	return out
}

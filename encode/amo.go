package encode

import "math/bits"

// smallAMO is the group size up to which every encoding is pairwise:
// k(k-1)/2 clauses is then no more than what the compact encodings
// spend, and needs no auxiliary variable.
const smallAMO = 4

// atMostOne appends clauses saying at most one of lits is true, in the
// formula's encoding, numbering auxiliary variables after NumVars.
func (f *Formula) atMostOne(lits []int) {
	k := len(lits)
	if k < 2 {
		return
	}
	if k <= smallAMO || f.AMO == Pairwise {
		f.pairwise(lits)
		return
	}
	switch f.AMO {
	case Sequential:
		f.sequential(lits)
	case Commander:
		f.commander(lits)
	case Binary:
		f.binary(lits)
	default:
		panic("encode: unknown at-most-one encoding " + f.AMO.String())
	}
}

func (f *Formula) aux() int {
	f.NumVars++
	return f.NumVars
}

func (f *Formula) pairwise(lits []int) {
	for i, a := range lits {
		for _, b := range lits[i+1:] {
			f.add(-a, -b)
		}
	}
}

// sequential is Sinz's counter: s[i] means "one of lits[0..i] is true".
func (f *Formula) sequential(lits []int) {
	k := len(lits)
	s := make([]int, k-1)
	for i := range s {
		s[i] = f.aux()
	}
	f.add(-lits[0], s[0])
	for i := 1; i < k-1; i++ {
		f.add(-lits[i], s[i])
		f.add(-s[i-1], s[i])
		f.add(-lits[i], -s[i-1])
	}
	f.add(-lits[k-1], -s[k-2])
}

// commander splits lits into groups of 3, each with a commander
// variable equivalent to "one of the group is true", at most one per
// group pairwise, and at most one commander, recursively.
func (f *Formula) commander(lits []int) {
	if len(lits) <= smallAMO {
		f.pairwise(lits)
		return
	}
	var cmds []int
	for i := 0; i < len(lits); i += 3 {
		g := lits[i:min(i+3, len(lits))]
		if len(g) == 1 {
			cmds = append(cmds, g[0])
			continue
		}
		c := f.aux()
		f.pairwise(g)
		for _, x := range g {
			f.add(-x, c)
		}
		f.add(append([]int{-c}, g...)...)
		cmds = append(cmds, c)
	}
	f.commander(cmds)
}

// binary gives lits[i] the code i over ceil(log2 k) bit variables:
// two true literals would need two codes at once.
func (f *Formula) binary(lits []int) {
	m := bits.Len(uint(len(lits) - 1))
	b := make([]int, m)
	for j := range b {
		b[j] = f.aux()
	}
	for i, x := range lits {
		for j, bj := range b {
			if i>>j&1 == 1 {
				f.add(-x, bj)
			} else {
				f.add(-x, -bj)
			}
		}
	}
}

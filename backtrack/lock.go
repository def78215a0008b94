package backtrack

import (
	"slices"
)

// lockTable lists, for each full unit u, its intersections with the
// other full units that share at least two cells with it. A digit whose
// candidates in u all lie in one intersection S is locked there: it
// leaves the rest of every unit v that meets u in S (pointing and
// claiming in a classic grid, and the same across the overlaps of a
// multi-grid).
//
// To see which digits of S also fit outside S without reading u once
// per intersection, the intersections of u are put in groups of
// disjoint ones (in a box: its rows, then its columns). One pass over a
// group gives each member's candidates, and what fits outside a member
// is the union of the others and of the cells of u the group leaves out.
type lockTable struct {
	groupAt []int32 // unit u's groups: groupAt[u]:groupAt[u+1]
	setAt   []int32 // group g's intersections: setAt[g]:setAt[g+1]
	restAt  []int32 // cells of u outside group g: rest[restAt[g]:restAt[g+1]]
	rest    []int32
	cellAt  []int32 // intersection x: cells[cellAt[x]:cellAt[x+1]]
	cells   []int32
	elimAt  []int32 // cells x's locked digits leave: elim[elimAt[x]:elimAt[x+1]]
	elim    []int32
	in      []uint64 // scratch: the candidates of each member of a group
}

func newLockTable(s *Solver) lockTable {
	nu := len(s.unitAt) - 1
	nc := len(s.cellUnitAt) - 1
	unitCells := func(u int32) []int32 { return s.unitCells[s.unitAt[u]:s.unitAt[u+1]] }
	var t lockTable
	t.groupAt = []int32{0}
	t.setAt = []int32{0}
	t.restAt = []int32{0}
	t.cellAt = []int32{0}
	t.elimAt = []int32{0}
	inV := make([]bool, nc)
	shared := make([]int, nu)
	maxSets := 0
	type set struct {
		cells []int32
		elim  []int32
	}
	for u := range int32(nu) {
		uc := unitCells(u)
		// The units meeting u, in order.
		var vs []int32
		for _, c := range uc {
			for _, v := range s.cellUnits[s.cellUnitAt[c]:s.cellUnitAt[c+1]] {
				if v != u {
					if shared[v] == 0 {
						vs = append(vs, v)
					}
					shared[v]++
				}
			}
		}
		slices.Sort(vs)
		// One intersection per distinct set of cells, with the cells
		// outside u of every unit meeting u there.
		var sets []set
		for _, v := range vs {
			k := shared[v]
			shared[v] = 0
			if k < 2 {
				continue
			}
			vc := unitCells(v)
			for _, c := range vc {
				inV[c] = true
			}
			var cells []int32
			for _, c := range uc {
				if inV[c] {
					cells = append(cells, c)
				}
			}
			for _, c := range vc {
				inV[c] = false
			}
			for _, c := range uc {
				inV[c] = true
			}
			var elim []int32
			for _, c := range vc {
				if !inV[c] {
					elim = append(elim, c)
				}
			}
			for _, c := range uc {
				inV[c] = false
			}
			i := slices.IndexFunc(sets, func(x set) bool { return slices.Equal(x.cells, cells) })
			if i < 0 {
				sets = append(sets, set{cells: cells})
				i = len(sets) - 1
			}
			sets[i].elim = append(sets[i].elim, elim...)
		}
		// Groups of disjoint intersections, first fit.
		var groups [][]int
		var covered [][]bool // per group, by position in uc
		for i, x := range sets {
			g := slices.IndexFunc(groups, func(members []int) bool {
				for _, j := range members {
					for _, c := range sets[j].cells {
						if slices.Contains(x.cells, c) {
							return false
						}
					}
				}
				return true
			})
			if g < 0 {
				groups = append(groups, nil)
				covered = append(covered, make([]bool, len(uc)))
				g = len(groups) - 1
			}
			groups[g] = append(groups[g], i)
			for _, c := range x.cells {
				covered[g][slices.Index(uc, c)] = true
			}
		}
		for g, members := range groups {
			maxSets = max(maxSets, len(members))
			for _, i := range members {
				x := sets[i]
				slices.Sort(x.elim)
				t.cells = append(t.cells, x.cells...)
				t.cellAt = append(t.cellAt, int32(len(t.cells)))
				t.elim = append(t.elim, slices.Compact(x.elim)...)
				t.elimAt = append(t.elimAt, int32(len(t.elim)))
			}
			t.setAt = append(t.setAt, int32(len(t.cellAt)-1))
			for p, c := range uc {
				if !covered[g][p] {
					t.rest = append(t.rest, c)
				}
			}
			t.restAt = append(t.restAt, int32(len(t.rest)))
		}
		t.groupAt = append(t.groupAt, int32(len(t.setAt)-1))
	}
	t.in = make([]uint64, maxSets)
	return t
}

// lock removes the digits locked in an intersection of full unit u
// from the rest of the units that meet u there.
func (s *Solver) lock(u int32) bool {
	t := &s.lt
	var fixed uint64
	for _, c := range s.unitCells[s.unitAt[u]:s.unitAt[u+1]] {
		if m := s.cand[c]; m&(m-1) == 0 {
			fixed |= m
		}
	}
	if fixed == s.full {
		return true
	}
	for g := t.groupAt[u]; g < t.groupAt[u+1]; g++ {
		x0, x1 := t.setAt[g], t.setAt[g+1]
		in := t.in[:x1-x0]
		// rest is what fits outside the group; after the loop, all
		// holds what fits in any member.
		var rest, all uint64
		for _, c := range t.rest[t.restAt[g]:t.restAt[g+1]] {
			rest |= s.cand[c]
		}
		for i := range in {
			var m uint64
			for _, c := range t.cells[t.cellAt[x0+int32(i)]:t.cellAt[x0+int32(i)+1]] {
				m |= s.cand[c]
			}
			in[i] = m
			all |= m
		}
		// A digit is locked in member i when it fits there and in no
		// other member: keep the digits seen in two members or more.
		var twice, once uint64
		for _, m := range in {
			twice |= once & m
			once |= m
		}
		free := ^(rest | twice | fixed)
		if all&free == 0 {
			continue
		}
		for i, m := range in {
			locked := m & free
			if locked == 0 {
				continue
			}
			x := x0 + int32(i)
			for _, c := range t.elim[t.elimAt[x]:t.elimAt[x+1]] {
				if s.cand[c]&locked != 0 && !s.remove(c, locked) {
					return false
				}
			}
		}
	}
	return true
}

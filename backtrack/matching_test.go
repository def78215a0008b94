package backtrack

import (
	"math/bits"
	"math/rand/v2"
	"testing"
)

// supported is filter done by brute force: the values each item takes
// in some assignment of distinct values to all items, and whether there
// is one.
func supported(dom []uint64) ([]uint64, bool) {
	k := len(dom)
	out := make([]uint64, k)
	var taken uint64
	vals := make([]int, k)
	found := false
	var try func(i int)
	try = func(i int) {
		if i == k {
			found = true
			for j, v := range vals {
				out[j] |= 1 << v
			}
			return
		}
		for m := dom[i] &^ taken; m != 0; m &= m - 1 {
			v := bits.TrailingZeros64(m)
			vals[i] = v
			taken |= 1 << v
			try(i + 1)
			taken &^= 1 << v
		}
	}
	try(0)
	return out, found
}

// TestFilter holds filter to brute force on random domains over as many
// values as items (as in a full unit), with random hints.
func TestFilter(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	g := matcher{dom: make([]uint64, 8), mate: make([]int8, 8), out: make([]uint64, 8), in: make([]uint64, 8)}
	pruned, infeasible := 0, 0
	for i := range 20000 {
		k := 3 + rng.IntN(6)
		dom := make([]uint64, k)
		var all uint64
		for j := range dom {
			for dom[j] == 0 {
				dom[j] = rng.Uint64() & rng.Uint64() & (1<<k - 1)
			}
			all |= dom[j]
		}
		if all != 1<<k-1 {
			continue // filter leaves spare values alone; full units have none
		}
		want, ok := supported(dom)
		copy(g.dom, dom)
		for j := range k {
			g.mate[j] = int8(rng.IntN(k+1)) - 1
		}
		if got := g.filter(k); got != ok {
			t.Fatalf("case %d: %b: filter %v, brute force %v", i, dom, got, ok)
		}
		if !ok {
			infeasible++
			continue
		}
		var used uint64
		for j := range k {
			used |= 1 << g.mate[j]
		}
		if bits.OnesCount64(used) != k {
			t.Fatalf("case %d: matching %v repeats a value", i, g.mate[:k])
		}
		for j := range k {
			if g.dom[j] != want[j] {
				t.Fatalf("case %d: %b: item %d keeps %b, want %b", i, dom, j, g.dom[j], want[j])
			}
			if g.dom[j]&(1<<g.mate[j]) == 0 {
				t.Fatalf("case %d: item %d matched to %d outside its values", i, j, g.mate[j])
			}
			if want[j] != dom[j] {
				pruned++
			}
		}
	}
	if pruned == 0 || infeasible == 0 {
		t.Fatalf("weak test: %d pruned, %d infeasible", pruned, infeasible)
	}
}

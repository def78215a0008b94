package testkit_test

import (
	"testing"

	"gattai/internal/testkit"
	"gattai/layouts"
)

// TestRefCount: the 288 grids of the empty 4x4, a thermo that keeps a
// quarter of them (each order of r1c1 < r1c2 < r1c3 starts as many),
// givens that conflict, and the budget.
func TestRefCount(t *testing.T) {
	m := testkit.Model(t, "classic", 4)
	p := layouts.NewPuzzle(m)
	if n, g, ok := testkit.RefCount(p, 1000, 0); n != 288 || !ok || layouts.Check(p, g) != nil {
		t.Errorf("empty 4x4: %d grids (ok %v), want 288", n, ok)
	}
	if n, _, ok := testkit.RefCount(p, 1000, 100); ok || n > 100 {
		t.Errorf("budget 100: %d grids, ok %v; want at most 100 and not ok", n, ok)
	}
	l := *m.Layout
	l.Constraints = []layouts.Constraint{{Kind: "thermo", Cells: []layouts.Pos{{Row: 0, Col: 0}, {Row: 0, Col: 1}, {Row: 0, Col: 2}}}}
	tm, err := layouts.Compile(&l)
	if err != nil {
		t.Fatal(err)
	}
	if n, _, _ := testkit.RefCount(layouts.NewPuzzle(tm), 1000, 0); n != 48 {
		t.Errorf("thermo: %d grids, want 48", n)
	}
	p.Givens[0], p.Givens[1] = 1, 1
	if n, _, ok := testkit.RefCount(p, 1000, 0); n != 0 || !ok {
		t.Errorf("conflicting givens: %d grids, ok %v", n, ok)
	}
	p.Givens[1] = 5
	if n, _, _ := testkit.RefCount(p, 1000, 0); n != 0 {
		t.Errorf("a given 5 in a 4x4: %d grids", n)
	}
}

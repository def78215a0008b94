package backtrack

import (
	"context"
	"testing"

	"gattai/internal/testkit"
	"gattai/layouts"
)

// differ is a propagator for the test of the hook: cells a and b hold
// different digits.
type differ struct{ a, b int32 }

func (p differ) watches() []int32 { return []int32{p.a, p.b} }

func (p differ) propagate(s *Solver) bool {
	for _, x := range [][2]int32{{p.a, p.b}, {p.b, p.a}} {
		if m := s.cand[x[0]]; m&(m-1) == 0 && !s.remove(x[1], m) {
			return false
		}
	}
	return true
}

// TestPropagator counts the 4x4 grids whose cells r1c1 and r3c3 differ,
// with a propagator, against all grids less those where they are equal.
func TestPropagator(t *testing.T) {
	m := testkit.Model(t, "classic", 4)
	a, _ := m.Cell(layouts.Pos{Row: 0, Col: 0})
	b, _ := m.Cell(layouts.Pos{Row: 2, Col: 2})
	ctx := context.Background()
	count := func(s *Solver, p *layouts.Puzzle) int {
		r, err := s.Count(ctx, p, 1000)
		if err != nil {
			t.Fatal(err)
		}
		if r.Count > 0 {
			if err := layouts.Check(p, r.Grid); err != nil {
				t.Fatal(err)
			}
			if r.Grid.Digits[a] == r.Grid.Digits[b] && len(s.props) > 0 {
				t.Fatalf("r1c1 and r3c3 both hold %d", r.Grid.Digits[a])
			}
		}
		return r.Count
	}

	plain := New(m)
	all := count(plain, layouts.NewPuzzle(m))
	equal := 0
	for d := range uint8(4) {
		p := layouts.NewPuzzle(m)
		p.Givens[a], p.Givens[b] = d+1, d+1
		equal += count(plain, p)
	}
	if all != 288 || equal == 0 {
		t.Fatalf("%d grids, %d with r1c1 = r3c3", all, equal)
	}

	s := New(m)
	s.setPropagators([]propagator{differ{int32(a), int32(b)}})
	if got := count(s, layouts.NewPuzzle(m)); got != all-equal {
		t.Fatalf("with the propagator: %d grids, want %d", got, all-equal)
	}
	p := layouts.NewPuzzle(m)
	p.Givens[a], p.Givens[b] = 2, 2
	if got := count(s, p); got != 0 {
		t.Fatalf("equal givens: %d grids, want 0", got)
	}
}

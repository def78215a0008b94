package nine

import (
	"context"
	"errors"
	"math"
	"slices"
	"strings"
	"testing"
	"time"

	"gattai/internal/testkit"
	"gattai/layouts"
)

// identity is the cells of one grid numbered as Count takes them.
func identity() []int {
	g := make([]int, 81)
	for i := range g {
		g[i] = i
	}
	return g
}

func TestLinkErrors(t *testing.T) {
	shifted := func(dr, dc int) []int { // a grid at (dr, dc) on a 9-wide numbering of 18 rows
		g := make([]int, 81)
		for i := range g {
			g[i] = (i/9+dr)*18 + i%9 + dc
		}
		return g
	}
	short := identity()[:80]
	outside := identity()
	outside[5] = 81
	twice := identity()
	twice[5] = 4
	cases := []struct {
		name  string
		grids [][]int
		cells int
		want  string
	}{
		{"none", nil, 0, "0 grids"},
		{"short", [][]int{short}, 81, "80 cells"},
		{"outside", [][]int{outside}, 81, "outside"},
		{"twice", [][]int{twice}, 81, "twice"},
		{"uncovered", [][]int{identity()}, 82, "in no grid"},
		{"one row apart", [][]int{shifted(0, 0), shifted(1, 0)}, 18 * 18, "whole, aligned boxes"},
		{"one column apart", [][]int{shifted(0, 0), shifted(0, 1)}, 18 * 18, "whole, aligned boxes"},
		{"too many", slices.Repeat([][]int{identity()}, MaxLinked+1), 81, "65 grids"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Link(c.grids, c.cells)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("error %v, want one with %q", err, c.want)
			}
		})
	}
	// Box-aligned overlaps link, and cells that no grid shares may sit
	// out of line.
	for _, at := range [][2]int{{3, 3}, {6, 0}, {0, 9}, {1, 9}} {
		grids := [][]int{shifted(0, 0), shifted(at[0], at[1])}
		if _, err := Link(grids, 18*18); err != nil && !strings.Contains(err.Error(), "in no grid") {
			t.Errorf("grids at %v: %v", at, err)
		}
	}
}

// TestLinkedOne checks a board of one grid against Count: the same
// counts to 1, 2 and 3 and the same solution.
func TestLinkedOne(t *testing.T) {
	l, err := Link([][]int{identity()}, 81)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range readCases(t) {
		for _, limit := range []int{1, 2, 3} {
			var want [81]uint8
			n, _ := count(&c.givens, limit, &want)
			got := make([]uint8, 81)
			m, _, err := l.Count(context.Background(), c.givens[:], limit, got)
			if err != nil || m != n {
				t.Fatalf("%s: count to %d: %d (%v), Count %d", c.name, limit, m, err, n)
			}
			if n > 0 {
				if err := check(&c.givens, (*[81]uint8)(got)); err != nil {
					t.Fatalf("%s: %v", c.name, err)
				}
			}
			if n == 1 && !slices.Equal(got, want[:]) {
				t.Fatalf("%s: solution %v, Count's %v", c.name, got, want)
			}
		}
	}
}

// samurai is the samurai example, compiled and linked.
func samurai(t *testing.T) (*Linked, *layouts.Puzzle) {
	m := testkit.Model(t, "samurai", 9)
	p := testkit.ReadPuzzle(t, "../../testdata/examples/samurai.txt", m)
	l, err := Link(m.GridCells, len(m.Cells))
	if err != nil {
		t.Fatal(err)
	}
	return l, p
}

func TestLinkedSamurai(t *testing.T) {
	l, p := samurai(t)
	sol := make([]uint8, l.Cells())
	n, _, err := l.Count(context.Background(), p.Givens, 2, sol)
	if err != nil || n != 1 {
		t.Fatalf("count %d, %v; want 1", n, err)
	}
	if err := layouts.Check(p, layouts.Grid{Model: p.Model, Digits: sol}); err != nil {
		t.Fatal(err)
	}
	// No solution: a given outside 1..9, and a digit given twice in a
	// shared box (one given in each of the grids that share it).
	q := slices.Clone(p.Givens)
	q[0] = 10
	if n, _, _ := l.Count(context.Background(), q, 2, nil); n != 0 {
		t.Errorf("given 10: count %d", n)
	}
	m := p.Model
	a, b := m.GridCells[0][60], m.GridCells[0][80] // grid 1's box 9, the centre's box 1
	if len(m.CellUnits[a]) < 5 || len(m.CellUnits[b]) < 5 {
		t.Fatal("grid 1's box 9 is not shared")
	}
	q = slices.Clone(p.Givens)
	q[a], q[b] = 5, 5
	if n, _, _ := l.Count(context.Background(), q, 2, nil); n != 0 {
		t.Errorf("a digit twice in a shared box: count %d", n)
	}
}

func TestLinkedAllocs(t *testing.T) {
	l, p := samurai(t)
	sol := make([]uint8, l.Cells())
	l.Count(context.Background(), p.Givens, 2, sol) // the scratch levels
	allocs := testing.AllocsPerRun(10, func() {
		l.Count(context.Background(), p.Givens, 2, sol)
	})
	if allocs != 0 {
		t.Fatalf("%v allocations per run, want 0", allocs)
	}
}

// TestLinkedContext stops a count of the empty samurai's solutions.
func TestLinkedContext(t *testing.T) {
	l, p := samurai(t)
	empty := make([]uint8, len(p.Givens))
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, _, err := l.Count(ctx, empty, 2, nil); !errors.Is(err, context.Canceled) {
		t.Fatalf("done context: error %v", err)
	}
	ctx, cancel = context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	n, _, err := l.Count(ctx, empty, math.MaxInt, nil)
	if !errors.Is(err, context.DeadlineExceeded) || n == 0 {
		t.Fatalf("count %d, error %v; want some solutions and the deadline", n, err)
	}
}

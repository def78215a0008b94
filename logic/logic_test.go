package logic_test

import (
	"context"
	"os"
	"strings"
	"testing"

	"gattai/backtrack"
	"gattai/internal/testkit"
	"gattai/layouts"
	"gattai/logic"
)

// solution is p's unique solution, by the backtracking engine.
func solution(t testing.TB, p *layouts.Puzzle) []uint8 {
	t.Helper()
	res, err := backtrack.Count(context.Background(), p, 2)
	if err != nil || res.Count != 1 {
		t.Fatalf("puzzle has %d solutions (%v), want 1", res.Count, err)
	}
	return res.Grid.Digits
}

// checkSteps holds every step to the solution: a placement must be the
// solution's digit, an elimination must not be.
func checkSteps(t testing.TB, p *layouts.Puzzle, steps []logic.Step, sol []uint8) {
	t.Helper()
	m := p.Model
	for i, st := range steps {
		for _, mv := range st.Placements {
			c, _ := m.Cell(mv.Cell)
			if int(sol[c]) != mv.Digit {
				t.Fatalf("step %d %q places %d at %s, the solution has %d", i, st, mv.Digit, mv.Cell, sol[c])
			}
		}
		for _, mv := range st.Eliminations {
			c, _ := m.Cell(mv.Cell)
			if int(sol[c]) == mv.Digit {
				t.Fatalf("step %d %q removes the solution's digit %d from %s", i, st, mv.Digit, mv.Cell)
			}
		}
		if len(st.Placements)+len(st.Eliminations) == 0 {
			t.Fatalf("step %d %q changes nothing", i, st)
		}
	}
}

// readShared reads up to max puzzles of a data set (testkit.DataFile),
// evenly spaced.
func readShared(t testing.TB, name string, max int) []*layouts.Puzzle {
	t.Helper()
	path := testkit.DataFile(t, "..", name)
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	ps, err := layouts.ReadAll(f, layouts.ReadOptions{File: path})
	if err != nil {
		t.Fatal(err)
	}
	if max <= 0 || len(ps) <= max {
		return ps
	}
	out := make([]*layouts.Puzzle, 0, max)
	for i := range max {
		out = append(out, ps[i*len(ps)/max])
	}
	return out
}

func stringsReader(s string) *strings.Reader { return strings.NewReader(s + "\n") }

// TestNudge: a step's technique and where to look, never what it proves.
func TestNudge(t *testing.T) {
	at := func(r, c int) layouts.Pos { return layouts.Pos{Row: r - 1, Col: c - 1} }
	for _, tc := range []struct {
		st   logic.Step
		want string
	}{
		{logic.Step{Technique: logic.HiddenSingle, Units: []string{"box 7"}, Placements: []logic.Move{{Cell: at(9, 3), Digit: 7}}, Cells: []layouts.Pos{at(9, 3)}}, "hidden single: look at box 7"},
		{logic.Step{Technique: logic.NakedSingle, Placements: []logic.Move{{Cell: at(8, 3), Digit: 4}}, Cells: []layouts.Pos{at(8, 3)}}, "naked single: look at r8c3"},
		{logic.Step{Technique: logic.XWing, Units: []string{"row 1", "row 7", "column 6", "column 9"}, Eliminations: []logic.Move{{Cell: at(3, 6), Digit: 1}}}, "x-wing: look at row 1, row 7, column 6, column 9"},
		{logic.Step{Technique: logic.Trial, Depth: 2, Eliminations: []logic.Move{{Cell: at(3, 5), Digit: 7}}, Cells: []layouts.Pos{at(3, 5)}}, "trial (depth 2): look at r3c5"},
		{logic.Step{Technique: logic.Search}, "search"},
	} {
		if got := tc.st.Nudge(); got != tc.want {
			t.Errorf("%s: nudge %q, want %q", tc.st, got, tc.want)
		}
	}
}

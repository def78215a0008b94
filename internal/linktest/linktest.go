// Package linktest holds what the tests of the link formats (fpuzzles,
// sudokupad) share: puzzles whose layouts say one thing in other forms,
// and a comparison of models by the rules they make.
package linktest

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"gattai/backtrack"
	"gattai/internal/testkit"
	"gattai/layouts"
)

// Part is a puzzle that says a rule in a form of its own: a variant of
// testdata/variants with its layout altered (to the same rules), or,
// with no variant, a puzzle on L of a solution less one given.
type Part struct {
	Name, Variant string
	Alter         func(*layouts.Model) *layouts.Layout
	L             *layouts.Layout
}

// CheckParts writes each part's puzzle as a link and reads it back
// (roundTrip), which must give the same puzzle: the same units and
// rules, and its one solution.
func CheckParts(t *testing.T, parts []Part, roundTrip func(*layouts.Puzzle) (*layouts.Puzzle, error)) {
	dir := filepath.Join("..", "testdata", "variants")
	for _, tc := range parts {
		t.Run(tc.Name, func(t *testing.T) {
			p, solution := GivenLess(t, tc.L)
			if tc.Variant != "" {
				v, s := testkit.ReadVariant(t, dir, tc.Variant)
				m, err := layouts.Compile(tc.Alter(v.Model))
				if err != nil {
					t.Fatal(err)
				}
				if got, want := Rules(m), Rules(v.Model); got != want {
					t.Fatalf("the layout altered is another puzzle:\n%s\nwant\n%s", got, want)
				}
				p, solution = layouts.NewPuzzle(m), s
				copy(p.Givens, v.Givens)
			}
			q, err := roundTrip(p)
			if err != nil {
				t.Fatal(err)
			}
			if got, want := Rules(q.Model), Rules(p.Model); got != want {
				t.Errorf("read back:\n%s\nwant\n%s", got, want)
			}
			r, err := backtrack.Count(context.Background(), q, 2)
			if err != nil || r.Count != 1 {
				t.Fatalf("%d solutions, %v; want 1", r.Count, err)
			}
			if string(r.Grid.Digits) != string(solution.Digits) {
				t.Errorf("solution\n%s\nwant\n%s", r.Grid, solution)
			}
		})
	}
}

// GivenLess is a puzzle on l, if not nil, of a solution with every
// cell given but the first, and that solution.
func GivenLess(t *testing.T, l *layouts.Layout) (*layouts.Puzzle, layouts.Grid) {
	t.Helper()
	if l == nil {
		return nil, layouts.Grid{}
	}
	m, err := layouts.Compile(l)
	if err != nil {
		t.Fatal(err)
	}
	p := layouts.NewPuzzle(m)
	r, err := backtrack.Solve(context.Background(), p)
	if err != nil || r.Count == 0 {
		t.Fatalf("no solution: %d, %v", r.Count, err)
	}
	copy(p.Givens[1:], r.Grid.Digits[1:])
	return p, r.Grid
}

// WindowsAsRegions is m's layout with its region constraints (a
// windoku's) given instead as the layout's own regions, the units
// they make.
func WindowsAsRegions(m *layouts.Model) *layouts.Layout {
	l := *m.Layout
	l.Constraints = nil
	for _, c := range m.Layout.Constraints {
		if c.Kind != "region" {
			l.Constraints = append(l.Constraints, c)
		}
	}
	for _, u := range m.Units {
		if u.Kind == layouts.UnitRegion {
			reg := layouts.Region{Name: u.Name}
			for _, c := range u.Cells {
				reg.Cells = append(reg.Cells, m.Cells[c])
			}
			l.Regions = append(l.Regions, reg)
		}
	}
	return &l
}

// CagesAsPieces is m's layout, of one grid, with its killer cages
// drawn as pieces: a letter a cage, its sum by letter.
func CagesAsPieces(m *layouts.Model) *layouts.Layout {
	const letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
	l := *m.Layout
	n, at := l.Size, l.Grids[0].At
	rows := make([][]byte, n)
	for r := range rows {
		rows[r] = []byte(strings.Repeat(".", n))
	}
	k := layouts.Constraint{Kind: "killer", Sums: map[string]int{}}
	l.Constraints = []layouts.Constraint{k}
	for _, c := range m.Layout.Constraints {
		if c.Kind != "killer" {
			l.Constraints = append(l.Constraints, c)
			continue
		}
		ch := letters[len(k.Sums)]
		for _, q := range c.Cells {
			rows[q.Row-at.Row][q.Col-at.Col] = ch
		}
		k.Sums[string(ch)] = c.Sum
	}
	for _, row := range rows {
		l.Constraints[0].Pieces = append(l.Constraints[0].Pieces, string(row))
	}
	return &l
}

// Rules is what a model asks of a solution, as text: its units, as
// cells on the canvas, and its rules, in a sorted list of lines, so
// that two models compare whatever made them or named their parts.
func Rules(m *layouts.Model) string {
	at := func(cells []int) []string {
		out := make([]string, len(cells))
		for i, c := range cells {
			out[i] = m.Cells[c].String()
		}
		return out
	}
	var lines []string
	for _, u := range m.Units {
		lines = append(lines, fmt.Sprint("unit ", at(u.Cells)))
	}
	for _, r := range m.Rules {
		cells := at(r.Cells)
		r.Name, r.Cells = "", nil
		lines = append(lines, fmt.Sprintf("%s %v %+v", r.Kind, cells, r))
	}
	slices.Sort(lines)
	return strings.Join(lines, "\n")
}

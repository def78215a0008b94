package testkit

import (
	"reflect"
	"slices"
	"strings"
	"testing"
	"unicode"

	"gattai/layouts"
)

// CheckSolution reads solution, one grid printed on p's layout as opts
// says (its Model is p's), and holds it to layouts.Check against p.
func CheckSolution(t testing.TB, p *layouts.Puzzle, solution string, opts layouts.ReadOptions) layouts.Grid {
	t.Helper()
	opts.Model = p.Model
	gs, err := layouts.ReadAll(strings.NewReader(solution), opts)
	if err != nil || len(gs) != 1 {
		t.Fatalf("reading the solution: %d grids, %v\n%s", len(gs), err, solution)
	}
	g := layouts.Grid{Model: p.Model, Digits: gs[0].Givens}
	if err := layouts.Check(p, g); err != nil {
		t.Fatalf("the solution fails layouts.Check: %v\n%s", err, solution)
	}
	return g
}

// SameConstraints reports whether a and b are the same constraints as a
// layout file writes them: Source, which names where a reader found
// one, is left out.
func SameConstraints(a, b []layouts.Constraint) bool {
	strip := func(cs []layouts.Constraint) []layouts.Constraint {
		out := slices.Clone(cs)
		for i := range out {
			out[i].Source = ""
		}
		return out
	}
	return reflect.DeepEqual(strip(a), strip(b))
}

// OneLine reports whether an error message is one line of printable
// text: no control characters, line breaks or format characters that
// input could smuggle into a terminal.
func OneLine(msg string) bool {
	return !strings.ContainsFunc(msg, func(r rune) bool { return !unicode.IsGraphic(r) })
}

package sudokupad_test

import (
	"context"
	"encoding/json"
	"errors"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"gattai/backtrack"
	"gattai/internal/testkit"
	"gattai/layouts"
	"gattai/sudokupad"
)

// TestWriteVariants writes gattai's own variant puzzles
// (../testdata/variants, one a kind, single and multi-grid) for
// SudokuPad: each is valid JSON and reads back with the same givens, or
// is refused by name (a drawing it cannot read back with certainty),
// never read as another puzzle.
func TestWriteVariants(t *testing.T) {
	dir := filepath.Join("..", "testdata", "variants")
	for _, name := range testkit.Variants(t, dir) {
		p, _ := testkit.ReadVariant(t, dir, name)
		js, err := sudokupad.Marshal(p, sudokupad.WriteOptions{Title: name})
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if !json.Valid(js) {
			t.Errorf("%s: invalid JSON", name)
		}
		q, err := sudokupad.Parse("written", js)
		switch {
		case errors.Is(err, sudokupad.ErrUnsupported):
		case err != nil:
			t.Errorf("%s: reading back: %v", name, err)
		case q.Puzzle.String() != p.String():
			t.Errorf("%s: givens changed", name)
		}
	}
}

// TestVariantsReadBack writes each of gattai's own variant puzzles
// (../testdata/variants) for SudokuPad and reads it back whole: the
// rules with nothing drawn come back from the metadata's constraints,
// each as the layout file has it, and the puzzle has its one solution,
// which layouts.Check holds to what was read. Clones, whose shading
// does not say which cells copy which, stay refused.
func TestVariantsReadBack(t *testing.T) {
	dir := filepath.Join("..", "testdata", "variants")
	undrawn := func(c layouts.Constraint) bool {
		switch c.Kind {
		case "diagonal", "antiknight", "antiking", "nonconsecutive", "minimum", "maximum":
			return true
		case "kropki", "xv":
			return c.Negative
		case "region":
			return c.Preset == "disjoint"
		}
		return false
	}
	same := func(a, b layouts.Constraint) bool {
		return testkit.SameConstraints([]layouts.Constraint{a}, []layouts.Constraint{b})
	}
	for _, name := range testkit.Variants(t, dir) {
		t.Run(name, func(t *testing.T) {
			p, solution := testkit.ReadVariant(t, dir, name)
			js, err := sudokupad.Marshal(p, sudokupad.WriteOptions{Title: name, Solution: &solution})
			if err != nil {
				t.Fatal(err)
			}
			q, err := sudokupad.Parse(name, js)
			if slices.ContainsFunc(p.Model.Layout.Constraints, func(c layouts.Constraint) bool { return c.Kind == "clone" }) {
				if !errors.Is(err, sudokupad.ErrUnsupported) {
					t.Errorf("err = %v, want a clone refused", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			want, got := p.Model.Layout.Constraints, q.Layout().Constraints
			for _, c := range got {
				if strings.HasPrefix(c.Source, "metadata constraints") && !slices.ContainsFunc(want, func(w layouts.Constraint) bool { return same(c, w) }) {
					t.Errorf("%s read, which %s.json does not have", c.Source, name)
				}
			}
			for i, c := range want {
				if undrawn(c) && !slices.ContainsFunc(got, func(g layouts.Constraint) bool { return same(c, g) }) {
					t.Errorf("constraint %d (%s) not read back", i+1, c.Kind)
				}
			}
			if !slices.Equal(q.Puzzle.Model.Cells, p.Model.Cells) {
				t.Fatalf("cells changed")
			}
			if err := layouts.Check(q.Puzzle, layouts.Grid{Model: q.Puzzle.Model, Digits: solution.Digits}); err != nil {
				t.Errorf("the solution fails what was read: %v", err)
			}
			r, err := backtrack.Count(context.Background(), q.Puzzle, 2)
			if err != nil || r.Count != 1 {
				t.Errorf("%d solutions, %v; want 1", r.Count, err)
			}
		})
	}
}

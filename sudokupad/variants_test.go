package sudokupad_test

import (
	"encoding/json"
	"errors"
	"path/filepath"
	"testing"

	"gattai/internal/testkit"
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

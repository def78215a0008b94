package sat_test

import (
	"strings"
	"testing"

	"gattai/layouts"
)

// readPuzzleText reads one canvas puzzle on m from text.
func readPuzzleText(t testing.TB, m *layouts.Model, text string) *layouts.Puzzle {
	t.Helper()
	ps, err := layouts.ReadAll(strings.NewReader(text), layouts.ReadOptions{File: t.Name(), Format: layouts.FormatCanvas, Model: m})
	if err != nil || len(ps) != 1 {
		t.Fatalf("%d puzzles, %v", len(ps), err)
	}
	return ps[0]
}

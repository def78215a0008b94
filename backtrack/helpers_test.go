package backtrack_test

import (
	"os"
	"path/filepath"
	"testing"

	"gattai/layouts"
)

// builtin compiles the catalogue layout name for n symbols.
func builtin(t testing.TB, name string, n int) *layouts.Model {
	t.Helper()
	l, err := layouts.Builtin(name, n, layouts.Shape{})
	if err != nil {
		t.Fatal(err)
	}
	m, err := layouts.Compile(l)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// readPuzzles reads the canvas puzzles of a file under testdata.
func readPuzzles(t testing.TB, m *layouts.Model, name string) []*layouts.Puzzle {
	t.Helper()
	path := filepath.Join("..", "testdata", name)
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	ps, err := layouts.ReadAll(f, layouts.ReadOptions{File: path, Format: layouts.FormatCanvas, Model: m})
	if err != nil {
		t.Fatal(err)
	}
	if len(ps) == 0 {
		t.Fatalf("%s: no puzzle", path)
	}
	return ps
}

// readPuzzle reads the one canvas puzzle of a file under testdata.
func readPuzzle(t testing.TB, m *layouts.Model, name string) *layouts.Puzzle {
	t.Helper()
	ps := readPuzzles(t, m, name)
	if len(ps) != 1 {
		t.Fatalf("%s: %d puzzles, want 1", name, len(ps))
	}
	return ps[0]
}

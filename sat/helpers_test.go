package sat_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"gattai/layouts"
)

// model compiles the built-in layout name for grids of n symbols.
func model(t testing.TB, name string, n int) *layouts.Model {
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

// readPuzzles reads the canvas puzzles of a file on model m; path is
// relative to the package directory.
func readPuzzles(t testing.TB, path string, m *layouts.Model) []*layouts.Puzzle {
	t.Helper()
	r, err := os.Open(filepath.FromSlash(path))
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	ps, err := layouts.ReadAll(r, layouts.ReadOptions{File: path, Format: layouts.FormatCanvas, Model: m})
	if err != nil {
		t.Fatal(err)
	}
	if len(ps) == 0 {
		t.Fatalf("%s: no puzzle", path)
	}
	return ps
}

// readPuzzleText reads one canvas puzzle on m from text.
func readPuzzleText(t testing.TB, m *layouts.Model, text string) *layouts.Puzzle {
	t.Helper()
	ps, err := layouts.ReadAll(strings.NewReader(text), layouts.ReadOptions{File: t.Name(), Format: layouts.FormatCanvas, Model: m})
	if err != nil || len(ps) != 1 {
		t.Fatalf("%d puzzles, %v", len(ps), err)
	}
	return ps[0]
}

// needSolver skips the test when solver s is not on PATH, unless the
// comma-separated list in GATTAI_REQUIRE_SOLVERS names it (or is
// "all"): then a missing solver fails the test.
func needSolver(t *testing.T, s string) {
	t.Helper()
	if _, err := exec.LookPath(s); err == nil {
		return
	}
	for _, r := range strings.Split(os.Getenv("GATTAI_REQUIRE_SOLVERS"), ",") {
		if r = strings.TrimSpace(r); r == s || r == "all" {
			t.Fatalf("%s is not on PATH, and GATTAI_REQUIRE_SOLVERS requires it", s)
		}
	}
	t.Skipf("%s is not on PATH (set GATTAI_REQUIRE_SOLVERS=%s to fail instead)", s, s)
}

package testkit

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gattai/layouts"
)

// Model compiles the built-in layout name for grids of n symbols.
func Model(t testing.TB, name string, n int) *layouts.Model {
	t.Helper()
	l, err := layouts.Builtin(name, n, layouts.Shape{})
	if err != nil {
		t.Fatal(err)
	}
	return compile(t, l)
}

// LayoutFile compiles the layout file at path.
func LayoutFile(t testing.TB, path string) *layouts.Model {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	l, err := layouts.ParseLayoutFile(path, data)
	if err != nil {
		t.Fatal(err)
	}
	return compile(t, l)
}

// compile compiles l, failing the test on an error.
func compile(t testing.TB, l *layouts.Layout) *layouts.Model {
	t.Helper()
	m, err := layouts.Compile(l)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// ReadPuzzles reads the puzzles on m of the file at path, in slash
// form, in any format the CLI detects; a file with none fails the test.
func ReadPuzzles(t testing.TB, path string, m *layouts.Model) []*layouts.Puzzle {
	t.Helper()
	r, err := os.Open(filepath.FromSlash(path))
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	ps, err := layouts.ReadAll(r, layouts.ReadOptions{File: path, Model: m})
	if err != nil {
		t.Fatal(err)
	}
	if len(ps) == 0 {
		t.Fatalf("%s: no puzzle", path)
	}
	return ps
}

// ReadPuzzle reads the one puzzle on m of the file at path.
func ReadPuzzle(t testing.TB, path string, m *layouts.Model) *layouts.Puzzle {
	t.Helper()
	ps := ReadPuzzles(t, path, m)
	if len(ps) != 1 {
		t.Fatalf("%s: %d puzzles, want 1", path, len(ps))
	}
	return ps[0]
}

// Variants names the variants in dir (testdata/variants): for each NAME,
// NAME.json is the layout with its constraints, NAME.txt the canvas
// puzzle and NAME.solution.txt its one solution.
func Variants(t testing.TB, dir string) []string {
	t.Helper()
	pattern := filepath.Join(dir, "*.json")
	files, err := filepath.Glob(pattern)
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatalf("no %s", pattern)
	}
	var names []string
	for _, f := range files {
		names = append(names, strings.TrimSuffix(filepath.Base(f), ".json"))
	}
	return names
}

// slowVariants are the variants that take seconds to solve (ten times
// as long under the race detector): little killer's twelve diagonal
// sums on six givens.
var slowVariants = map[string]bool{"littlekiller-classic": true}

// SkipSlowVariant skips the test under -short when variant name is one
// that takes seconds to solve. CI's race run is -short: the full run
// before it solves them.
func SkipSlowVariant(t testing.TB, name string) {
	t.Helper()
	if testing.Short() && slowVariants[name] {
		t.Skipf("%s: seconds to solve, skipped under -short", name)
	}
}

// ReadVariant reads variant name of dir: its puzzle, on the model of its
// layout file, and its solution.
func ReadVariant(t testing.TB, dir, name string) (*layouts.Puzzle, layouts.Grid) {
	t.Helper()
	base := filepath.Join(dir, name)
	m := LayoutFile(t, base+".json")
	p := ReadPuzzle(t, base+".txt", m)
	s := ReadPuzzle(t, base+".solution.txt", m)
	return p, layouts.Grid{Model: m, Digits: s.Givens}
}

package sat_test

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"gattai/backtrack"
	"gattai/encode"
	"gattai/layouts"
	"gattai/sat"
)

// variantFiles are the puzzles of ../testdata/variants: NAME.json (the
// layout with its constraints), NAME.txt (the canvas puzzle) and
// NAME.solution.txt (its one solution).
func variantFiles(t testing.TB) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("..", "testdata", "variants", "*.json"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no ../testdata/variants/*.json")
	}
	var names []string
	for _, f := range files {
		names = append(names, strings.TrimSuffix(filepath.Base(f), ".json"))
	}
	return names
}

// readVariant reads a variant's model, puzzle and solution.
func readVariant(t testing.TB, name string) (*layouts.Puzzle, layouts.Grid) {
	t.Helper()
	path := filepath.Join("..", "testdata", "variants", name+".json")
	m := readLayout(t, path)
	p := readPuzzles(t, "../testdata/variants/"+name+".txt", m)[0]
	s := readPuzzles(t, "../testdata/variants/"+name+".solution.txt", m)[0]
	return p, layouts.Grid{Model: m, Digits: s.Givens}
}

// readLayout compiles a layout file.
func readLayout(t testing.TB, path string) *layouts.Model {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	l, err := layouts.ParseLayoutFile(path, data)
	if err != nil {
		t.Fatal(err)
	}
	m, err := layouts.Compile(l)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestVariants counts each variant puzzle to 2 with gophersat, under
// every killer sum encoding: one grid, the stored solution.
func TestVariants(t *testing.T) {
	ctx := context.Background()
	for _, name := range variantFiles(t) {
		t.Run(name, func(t *testing.T) {
			p, want := readVariant(t, name)
			if err := layouts.Check(p, want); err != nil {
				t.Fatalf("stored solution: %v", err)
			}
			for _, sum := range encode.Sums() {
				res, err := sat.Count(ctx, p, sat.Options{Sum: sum, Limit: 2})
				if err != nil {
					t.Fatalf("%s: %v", sum, err)
				}
				if res.Count != 1 || res.Grid.String() != want.String() {
					t.Fatalf("%s: %d grids, first\n%swant the one grid\n%s", sum, res.Count, res.Grid, want)
				}
			}
		})
	}
}

// TestVariantsExternal solves each variant with the external solvers
// through the exported CNF, counting to 2, and decodes a solver's
// answer from the CNF file alone (ParseDIMACS reads the layout, with
// its constraints, from the comments): the same grid as gophersat's.
func TestVariantsExternal(t *testing.T) {
	ctx := context.Background()
	for _, s := range []string{"minisat", "cadical"} {
		t.Run(s, func(t *testing.T) {
			needSolver(t, s)
			for _, name := range variantFiles(t) {
				t.Run(name, func(t *testing.T) {
					p, want := readVariant(t, name)
					got, err := sat.External{Solver: s}.Count(ctx, p, sat.Options{Limit: 2})
					if err != nil {
						t.Fatal(err)
					}
					if got.Count != 1 || got.Grid.String() != want.String() {
						t.Fatalf("%d grids, first\n%swant the one grid\n%s", got.Count, got.Grid, want)
					}
					g := decodeFromFiles(t, p, s)
					if g.String() != want.String() {
						t.Errorf("decoded from the files\n%swant\n%s", g, want)
					}
				})
			}
		})
	}
}

// decodeFromFiles exports p's CNF to a file, runs solver s on it, and
// decodes the answer with what ParseDIMACS reads back from the file,
// checking the grid against the puzzle read back too.
func decodeFromFiles(t *testing.T, p *layouts.Puzzle, s string) layouts.Grid {
	t.Helper()
	f, err := encode.Puzzle(p, encode.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var text bytes.Buffer
	if err := f.WriteDIMACS(&text); err != nil {
		t.Fatal(err)
	}
	cnf := filepath.Join(t.TempDir(), "puzzle.cnf")
	if err := os.WriteFile(cnf, text.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	out := cnf + "." + s
	args := []string{cnf}
	if s == "minisat" {
		args = append(args, out)
	}
	stdout, err := exec.Command(s, args...).Output()
	if ee, ok := err.(*exec.ExitError); err != nil && !(ok && ee.ExitCode() == 10) {
		t.Fatalf("%s: %v", s, err)
	}
	if s != "minisat" {
		if err := os.WriteFile(out, stdout, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	r, err := os.Open(cnf)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	back, err := encode.ParseDIMACS(r)
	if err != nil {
		t.Fatal(err)
	}
	if len(back.Puzzle.Model.Rules) != len(p.Model.Rules) || len(back.Puzzle.Model.Units) != len(p.Model.Units) {
		t.Fatalf("read back %d units and %d rules, wrote %d and %d", len(back.Puzzle.Model.Units), len(back.Puzzle.Model.Rules), len(p.Model.Units), len(p.Model.Rules))
	}
	a, err := os.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	m, err := encode.ParseModel(a, out)
	if err != nil {
		t.Fatal(err)
	}
	g, err := back.Decode(m)
	if err != nil {
		t.Fatal(err)
	}
	if err := layouts.Check(back.Puzzle, g); err != nil {
		t.Fatal(err)
	}
	return g
}

// TestKillers counts the killer puzzles of testdata/killers to 2 under
// every sum encoding and with backtrack: one grid, the same.
func TestKillers(t *testing.T) {
	ctx := context.Background()
	files, err := filepath.Glob(filepath.Join("testdata", "killers", "*.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no testdata/killers/*.json: %v", err)
	}
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".json")
		t.Run(name, func(t *testing.T) {
			if testing.Short() && strings.Contains(name, "samurai") {
				t.Skip("slow")
			}
			p := readPuzzles(t, strings.TrimSuffix(f, ".json")+".txt", readLayout(t, f))[0]
			native, err := backtrack.Count(ctx, p, 2)
			if err != nil || native.Count != 1 {
				t.Fatalf("backtrack: %d grids, %v", native.Count, err)
			}
			for _, sum := range encode.Sums() {
				res, err := sat.Count(ctx, p, sat.Options{Sum: sum, Limit: 2})
				if err != nil {
					t.Fatalf("%s: %v", sum, err)
				}
				if res.Count != 1 || res.Grid.String() != native.Grid.String() {
					t.Fatalf("%s: %d grids, first\n%sbacktrack's one grid\n%s", sum, res.Count, res.Grid, native.Grid)
				}
			}
		})
	}
}

package sat_test

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"gattai/backtrack"
	"gattai/encode"
	"gattai/internal/testkit"
	"gattai/layouts"
	"gattai/sat"
)

// solvers are the external solvers tried; a test skips one not on PATH.
var solvers = []string{"minisat", "cadical", "kissat", "picosat", "cryptominisat5"}

// hard are puzzles with exactly one solution on which every engine must
// return the same grid; paths are relative to the package directory.
var hard = []struct {
	name, file, layout string
	n                  int
	slow               bool // skipped with -short
}{
	{"samurai problem 1", "../testdata/seeds/samurai-problem1.txt", "samurai", 9, false},
	{"samurai problem 2", "../testdata/seeds/samurai-problem2.txt", "samurai", 9, false},
	{"classic 16x16", "testdata/classic16.txt", "classic", 16, false},
	{"classic 25x25", "testdata/classic25.txt", "classic", 25, true},
	{"sumo", "../testdata/examples/sumo.txt", "sumo", 9, false},
	{"shogun", "../testdata/examples/shogun.txt", "shogun", 9, false},
}

// TestExternal solves each hard puzzle with gophersat, the native
// engine and every external solver on PATH, counting up to 2: one grid
// each, and the same one.
func TestExternal(t *testing.T) {
	ctx := context.Background()
	for _, h := range hard {
		t.Run(h.name, func(t *testing.T) {
			if h.slow && testing.Short() {
				t.Skip("slow: gophersat takes seconds to prove it unique")
			}
			p := testkit.ReadPuzzles(t, h.file, testkit.Model(t, h.layout, h.n))[0]
			want, err := sat.Count(ctx, p, sat.Options{Limit: 2})
			if err != nil || want.Count != 1 {
				t.Fatalf("gophersat: %d grids, %v", want.Count, err)
			}
			native, err := backtrack.Count(ctx, p, 2)
			if err != nil || native.Count != 1 || native.Grid.String() != want.Grid.String() {
				t.Fatalf("backtrack: %d grids, %v:\n%s\ngophersat:\n%s", native.Count, err, native.Grid, want.Grid)
			}
			for _, s := range solvers {
				t.Run(s, func(t *testing.T) {
					testkit.NeedSolver(t, s)
					got, err := sat.External{Solver: s}.Count(ctx, p, sat.Options{Limit: 2})
					if err != nil {
						t.Fatal(err)
					}
					if got.Count != 1 || got.Engine != s {
						t.Fatalf("%s: %d grids (engine %q), want 1", s, got.Count, got.Engine)
					}
					if err := layouts.Check(p, got.Grid); err != nil {
						t.Fatal(err)
					}
					if got.Grid.String() != want.Grid.String() {
						t.Errorf("%s:\n%s\ngophersat:\n%s", s, got.Grid, want.Grid)
					}
				})
			}
		})
	}
}

// TestDecodeFromFileAlone exports a CNF, runs a solver on the file, and
// decodes its answer from the two files only.
func TestDecodeFromFileAlone(t *testing.T) {
	p := testkit.ReadPuzzles(t, "../testdata/seeds/samurai-problem1.txt", testkit.Model(t, "samurai", 9))[0]
	want, err := sat.Solve(context.Background(), p, sat.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{"cadical", "minisat"} {
		t.Run(s, func(t *testing.T) {
			testkit.NeedSolver(t, s)
			if grid := decodeFromFiles(t, p, s); grid.String() != want.Grid.String() {
				t.Errorf("decoded\n%swant\n%s", grid, want.Grid)
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

// TestExternalCount counts the puzzles of countCases with each solver
// on PATH, the 288 grids of an empty 4x4 among them.
func TestExternalCount(t *testing.T) {
	m := testkit.Model(t, "classic", 4)
	for _, s := range solvers {
		t.Run(s, func(t *testing.T) {
			testkit.NeedSolver(t, s)
			for _, tc := range countCases {
				t.Run(tc.name, func(t *testing.T) {
					p := countPuzzle(m, tc.givens)
					res, err := sat.External{Solver: s}.Count(context.Background(), p, sat.Options{Limit: tc.limit})
					if err != nil {
						t.Fatal(err)
					}
					checkCount(t, p, res, tc.limit, tc.want, s)
				})
			}
		})
	}
}

// TestExternalFailures runs fake solvers: shell scripts that misbehave.
func TestExternalFailures(t *testing.T) {
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh")
	}
	p := testkit.ReadPuzzles(t, "../testdata/seeds/samurai-problem1.txt", testkit.Model(t, "samurai", 9))[0]
	dir := t.TempDir()
	for _, tc := range []struct {
		name, script string
		want         string // in the error
		is           error
	}{
		{"missing", "", `solver "` + filepath.Join(dir, "missing") + `" not found`, sat.ErrNoSolver},
		{"crash", "echo boom >&2; exit 3", "crash exited with status 3: boom", nil},
		{"unknown", "echo 's UNKNOWN'; exit 0", "no answer: unknown answered UNKNOWN", sat.ErrUnknown},
		{"disagree", "echo 's UNSATISFIABLE'; exit 10", "exited with status 10 but answered UNSATISFIABLE", nil},
		{"garbage", "echo 'hello'; exit 10", "garbage output:1:1", layouts.ErrSyntax},
		{"wrong model", "echo 's SATISFIABLE'; echo 'v 1 2 3 0'; exit 10", "is false", sat.ErrEngine},
		{"model of another CNF", "echo 's SATISFIABLE'; echo 'v 99999 0'; exit 10", "beyond the formula's", encode.ErrModel},
		{"empty output", "exit 10", "no verdict", layouts.ErrEmpty},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(dir, tc.name)
			if tc.script != "" {
				if err := os.WriteFile(path, []byte("#!/bin/sh\n"+tc.script+"\n"), 0o755); err != nil {
					t.Fatal(err)
				}
			}
			_, err := sat.External{Solver: path}.Count(context.Background(), p, sat.Options{})
			if err == nil || !strings.Contains(err.Error(), tc.want) || tc.is != nil && !errors.Is(err, tc.is) {
				t.Errorf("err = %v, want %q (%v)", err, tc.want, tc.is)
			}
		})
	}
	t.Run("not on PATH", func(t *testing.T) {
		_, err := sat.External{Solver: "gattai-no-such-solver"}.Count(context.Background(), p, sat.Options{})
		if !errors.Is(err, sat.ErrNoSolver) || err.Error() != `solver "gattai-no-such-solver" not found on PATH` {
			t.Errorf("err = %v", err)
		}
	})
	t.Run("killed on timeout", func(t *testing.T) {
		path := filepath.Join(dir, "sleeper")
		os.WriteFile(path, []byte("#!/bin/sh\nexec sleep 30\n"), 0o755)
		ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
		defer cancel()
		start := time.Now()
		_, err := sat.External{Solver: path}.Count(ctx, p, sat.Options{})
		if !errors.Is(err, context.DeadlineExceeded) || time.Since(start) > 3*time.Second {
			t.Errorf("err = %v after %v, want the deadline within 3s", err, time.Since(start))
		}
	})
}

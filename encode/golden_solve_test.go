package encode_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"gattai/backtrack"
	"gattai/encode"
	"gattai/internal/testkit"
	"gattai/layouts"
)

// TestGoldenSolved checks each CNF golden without trusting encode's own
// tests: minisat solves the file as committed, and its model, read back
// through the file's comments, satisfies every clause and decodes to the
// known solution (or, for a puzzle with several, to a grid that passes
// layouts.Check); an unsatisfiable golden must be UNSAT. The native
// engine confirms how many solutions each puzzle has.
func TestGoldenSolved(t *testing.T) {
	solver := testkit.NeedSolver(t, "minisat")
	for _, tc := range goldens {
		t.Run(tc.name, func(t *testing.T) {
			p := tc.puzzle(t)
			r, err := backtrack.Count(context.Background(), p, 2)
			switch {
			case err != nil:
				t.Fatal(err)
			case tc.solution == "unsat" && r.Count != 0,
				tc.solution == "" && r.Count != 2,
				tc.solution != "" && tc.solution != "unsat" && (r.Count != 1 || r.Grid.String() != tc.solution):
				t.Fatalf("the native engine counts %d (first\\n%s), which the golden's solution %q denies", r.Count, r.Grid, tc.solution)
			}

			cnf := filepath.Join("testdata", tc.name+".cnf")
			in, err := os.Open(cnf)
			if err != nil {
				t.Fatal(err)
			}
			defer in.Close()
			f, err := encode.ParseDIMACS(in)
			if err != nil {
				t.Fatal(err)
			}
			out := filepath.Join(t.TempDir(), "model")
			exec.Command(solver, cnf, out).Run() // exits 10 (SAT) or 20 (UNSAT)
			mf, err := os.Open(out)
			if err != nil {
				t.Fatal(err)
			}
			defer mf.Close()
			m, err := f.ParseModel(mf, out)
			if err != nil {
				t.Fatal(err)
			}
			if tc.solution == "unsat" {
				if m.Status != encode.Unsat {
					t.Fatalf("minisat says %s, want UNSAT", m.Status)
				}
				return
			}
			if err := f.Satisfied(m); err != nil {
				t.Fatal(err)
			}
			g, err := f.Decode(m)
			if err != nil {
				t.Fatal(err)
			}
			if err := layouts.Check(f.Puzzle, g); err != nil {
				t.Fatal(err)
			}
			if tc.solution != "" && g.String() != tc.solution {
				t.Errorf("decoded\n%swant\n%s", g, tc.solution)
			}
		})
	}
}

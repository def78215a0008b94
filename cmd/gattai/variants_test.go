package main

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"gattai/internal/testkit"
)

// Every variant puzzle solves to its shipped solution on every engine,
// external DIMACS solvers included, and counts 1.
func TestVariants(t *testing.T) {
	layoutFiles, _ := filepath.Glob(td("variants", "*.json"))
	if len(layoutFiles) < 10 {
		t.Fatalf("%d variant puzzles in testdata/variants, want one per kind at least", len(layoutFiles))
	}
	engines := [][]string{{"--engine", "backtrack"}, {"--engine", "sat"}}
	for _, solver := range []string{"minisat", "cadical"} {
		if _, err := exec.LookPath(solver); err != nil {
			if testkit.SolverRequired(solver) {
				t.Fatalf("%s is required here: %v", solver, err)
			}
			t.Logf("%s not on PATH (%v): its runs skipped", solver, err)
			continue
		}
		engines = append(engines, []string{"--engine", "external", "--solver", solver})
	}
	for _, lf := range layoutFiles {
		base := strings.TrimSuffix(lf, ".json")
		t.Run(filepath.Base(base), func(t *testing.T) {
			testkit.SkipSlowVariant(t, filepath.Base(base))
			want := readFile(t, base+".solution.txt")
			for _, eng := range engines {
				args := append([]string{"solve", "--layout-file", lf}, eng...)
				out, errs, code := runGattai(t, "", append(args, base+".txt")...)
				if code != 0 || out != want {
					t.Errorf("%v: exit %d, %s\n%s", eng, code, errs, out)
				}
			}
			if out, errs, _ := runGattai(t, "", "count", "--layout-file", lf, base+".txt"); out != "1\n" {
				t.Errorf("count: %q, %s", out, errs)
			}
		})
	}
}

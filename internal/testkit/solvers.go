package testkit

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

// SolverRequired reports whether GATTAI_REQUIRE_SOLVERS, a
// comma-separated list of solver names or "all", names solver s: a test
// that cannot find s must then fail rather than skip.
func SolverRequired(s string) bool {
	for _, r := range strings.Split(os.Getenv("GATTAI_REQUIRE_SOLVERS"), ",") {
		if r = strings.TrimSpace(r); r == s || r == "all" {
			return true
		}
	}
	return false
}

// NeedSolver returns the path of solver s. When s is not on PATH it
// skips the test, or fails it if SolverRequired(s).
func NeedSolver(t testing.TB, s string) string {
	t.Helper()
	path, err := exec.LookPath(s)
	if err == nil {
		return path
	}
	if SolverRequired(s) {
		t.Fatalf("%s is not on PATH, and GATTAI_REQUIRE_SOLVERS requires it", s)
	}
	t.Skipf("%s is not on PATH (set GATTAI_REQUIRE_SOLVERS=%s to fail instead)", s, s)
	return ""
}

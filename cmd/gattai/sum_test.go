package main

import (
	"strings"
	"testing"
)

// TestSumEncoding solves a killer with each killer sum encoding through
// export and the sat engine: the CNF says which one it holds, and both
// find the one solution.
func TestSumEncoding(t *testing.T) {
	layout := td("variants", "killer-classic.json")
	puzzle := td("variants", "killer-classic.txt")
	for _, sum := range []string{"auto", "combinations", "counter"} {
		t.Run(sum, func(t *testing.T) {
			cnf, stderr, code := runGattai(t, "", "export", "--sum-encoding", sum, "--layout-file", layout, puzzle)
			if code != 0 {
				t.Fatalf("export: exit %d: %s", code, stderr)
			}
			want := sum
			if sum == "auto" {
				want = "combinations"
			}
			if !strings.Contains(cnf, "\nc killer "+want+"\n") {
				t.Errorf("export: no %q comment in\n%.300s", "c killer "+want, cnf)
			}
			out, stderr, code := runGattai(t, "", "count", "--engine", "sat", "--sum-encoding", sum, "--layout-file", layout, puzzle)
			if code != 0 || out != "1\n" {
				t.Fatalf("count: %q, exit %d: %s", out, code, stderr)
			}
		})
	}
	_, stderr, code := runGattai(t, "", "count", "--sum-encoding", "bogus", puzzle)
	if code != exitBadInput || strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, `"bogus"`) {
		t.Errorf("bogus encoding: exit %d, stderr %q; want exit %d and one line naming it", code, stderr, exitBadInput)
	}
}

//go:build unix

package gattai

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"gattai/internal/testkit"
	"gattai/layouts"
)

// children lists the processes whose parent is this one, zombies
// included (Linux: /proc); ok is false where /proc cannot tell.
func children(t *testing.T) (pids []string, ok bool) {
	t.Helper()
	stats, err := filepath.Glob("/proc/[0-9]*/stat")
	if err != nil || len(stats) == 0 {
		return nil, false
	}
	me := strconv.Itoa(os.Getpid())
	for _, name := range stats {
		b, err := os.ReadFile(name)
		if err != nil {
			continue // gone meanwhile
		}
		// pid (comm) state ppid ...: comm may hold spaces and parentheses.
		i := bytes.LastIndexByte(b, ')')
		if i < 0 {
			continue
		}
		f := strings.Fields(string(b[i+1:]))
		if len(f) > 1 && f[1] == me {
			pids = append(pids, string(b[:i+1])+" "+f[0])
		}
	}
	return pids, true
}

// When the native engine answers first, auto kills the external solver
// racing it and returns only once the process is gone: reaped, not a
// zombie. The solver here never answers.
func TestAutoKillsExternal(t *testing.T) {
	testkit.NeedSolver(t, "sh")
	testkit.NeedSolver(t, "sleep")
	dir := t.TempDir()
	pidFile := filepath.Join(dir, "solver.pid")
	script := filepath.Join(dir, "stuck")
	if err := os.WriteFile(script, []byte("#!/bin/sh\necho $$ > "+pidFile+"\nexec sleep 30\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	m := testkit.Model(t, "classic", 25)
	hard := testkit.ReadPuzzle(t, "testdata/bench/classic25-hard.txt", m)
	s, err := New(Options{Solver: script})
	if err != nil {
		t.Fatal(err)
	}
	s.budget = atOnce
	start := time.Now()
	r, err := s.Count(context.Background(), hard, 2)
	if err != nil || r.Count != 1 || r.Engine != EngineBacktrack {
		t.Fatalf("count %d by %q, %v; want 1 by the native engine", r.Count, r.Engine, err)
	}
	if d := time.Since(start); d > 20*time.Second {
		t.Fatalf("took %v: auto waited for the solver", d)
	}
	b, err := os.ReadFile(pidFile)
	if err != nil {
		t.Fatalf("the solver never started in the native engine's %v: %v", r.Elapsed, err)
	}
	pid, err := strconv.Atoi(strings.TrimSpace(string(b)))
	if err != nil {
		t.Fatal(err)
	}
	if err := syscall.Kill(pid, 0); !errors.Is(err, syscall.ESRCH) {
		syscall.Kill(pid, syscall.SIGKILL)
		t.Fatalf("the solver %d is still there (running or a zombie) after auto returned: %v", pid, err)
	}
}

// A real race with cadical on a batch of 25x25s, cadical joining at
// once: every answer is right, whichever engine gives it, and no solver
// process outlives a count. cadical is required in CI
// (GATTAI_REQUIRE_SOLVERS).
func TestAutoRaceCadical(t *testing.T) {
	testkit.NeedSolver(t, "cadical")
	m := testkit.Model(t, "classic", 25)
	ps := testkit.ReadPuzzles(t, "testdata/bench/classic25-unique50.txt", m)
	ps = append(ps, testkit.ReadPuzzle(t, "testdata/bench/classic25-hard.txt", m))
	s, err := New(Options{})
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := s.second().(*External); !ok {
		t.Fatalf("second engine %s, want cadical", s.second().Name())
	}
	s.budget = atOnce
	won := map[string]int{}
	for i, p := range ps {
		won[raceCount(t, s, i, p, "cadical")]++
		if pids, ok := children(t); ok && len(pids) > 0 {
			t.Fatalf("puzzle %d: processes left after the count: %v", i+1, pids)
		}
	}
	t.Logf("answers: %v", won)
	// A done context stops both, and is never an answer.
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	if r, err := s.Count(ctx, layouts.NewPuzzle(m), 1<<30); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("count %d, %v; want the deadline", r.Count, err)
	}
	if pids, ok := children(t); ok && len(pids) > 0 {
		t.Fatalf("processes left after a timeout: %v", pids)
	}
}

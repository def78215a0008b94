//go:build unix

package sat_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"gattai/encode"
	"gattai/internal/testkit"
	"gattai/layouts"
	"gattai/sat"
)

// fakeSolver writes a shell script named name in dir.
func fakeSolver(t *testing.T, dir, name, script string) string {
	t.Helper()
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, []byte("#!/bin/sh\n"+script+"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	return path
}

// emptyTemp points TMPDIR at a new directory, and checks at the end of
// the test that Count left nothing in it.
func emptyTemp(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	t.Cleanup(func() {
		if left, _ := os.ReadDir(tmp); len(left) > 0 {
			t.Errorf("Count left %s in the temporary directory", left[0].Name())
		}
	})
}

// TestExternalHostile runs solvers that misbehave in ways that once
// cost memory, time or stray processes: the error says what happened,
// memory stays bounded, nothing is left behind.
func TestExternalHostile(t *testing.T) {
	testkit.NeedSolver(t, "sh")
	p := testkit.ReadPuzzles(t, "../testdata/seeds/samurai-problem1.txt", testkit.Model(t, "samurai", 9))[0]
	dir := t.TempDir()
	for _, tc := range []struct {
		name, script string
		want         string // in the error
		is           error
	}{
		// 64 MB on each stream: once held whole, in bytes.Buffers.
		{"chatty stdout", "yes 'c solving, please wait' | head -c 67108864; echo; echo 's UNSATISFIABLE'; exit 20", "", nil},
		{"chatty stderr", "yes 'warning: chatty' | head -c 67108864 >&2; echo 'last words' >&2; exit 1", "exited with status 1: last words", sat.ErrEngine},
		{"segfault", "echo 'c starting'; kill -SEGV $$", "killed by signal SIGSEGV (segmentation fault)", sat.ErrEngine},
		{"aborted", "echo oops >&2; kill -ABRT $$", "killed by signal SIGABRT (aborted): oops", sat.ErrEngine},
		{"endless literals", "echo 's SATISFIABLE'; yes 'v 1 2 3' | head -c 67108864; exit 10", "variable 1 given twice", sat.ErrEngine},
		{"endless junk", "echo 's SATISFIABLE'; yes 'v 99999' ; exit 10", "beyond the formula's", encode.ErrModel},
		{"clause broken", "echo 's SATISFIABLE'; echo 'v 1 0'; exit 10", "clause", sat.ErrEngine},
	} {
		t.Run(tc.name, func(t *testing.T) {
			emptyTemp(t)
			path := fakeSolver(t, dir, tc.name, tc.script)
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			start := time.Now()
			res, err := sat.External{Solver: path}.Count(context.Background(), p, sat.Options{})
			runtime.ReadMemStats(&after)
			if tc.want == "" {
				if err != nil || res.Count != 0 {
					t.Fatalf("got %d grids, %v; want 0 and no error", res.Count, err)
				}
			} else if err == nil || !strings.Contains(err.Error(), tc.want) || !errors.Is(err, tc.is) {
				t.Fatalf("err = %v, want %q (%v)", err, tc.want, tc.is)
			}
			if n := after.TotalAlloc - before.TotalAlloc; n > 32<<20 {
				t.Errorf("allocated %d MB, want under 32", n>>20)
			}
			if d := time.Since(start); d > 20*time.Second {
				t.Errorf("took %v", d)
			}
		})
	}
}

// TestExternalKillsGroup: on timeout, the solver's children die with
// it (a wrapper script that runs the real solver as a child).
func TestExternalKillsGroup(t *testing.T) {
	p, dir, pidFile := groupSetup(t)
	path := fakeSolver(t, dir, "wrapper", "sleep 30 &\necho $! > "+pidFile+"\nwait")
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err := sat.External{Solver: path}.Count(ctx, p, sat.Options{})
	if !errors.Is(err, context.DeadlineExceeded) || time.Since(start) > 3*time.Second {
		t.Fatalf("err = %v after %v, want the deadline within 3s", err, time.Since(start))
	}
	waitGone(t, childPid(t, pidFile))
}

// TestExternalEndsGroup: when the solver is done, what it left running
// in its group dies too (a portfolio script that runs two solvers and
// exits with the first answer), not one stray process per puzzle.
func TestExternalEndsGroup(t *testing.T) {
	p, dir, pidFile := groupSetup(t)
	path := fakeSolver(t, dir, "portfolio", "sleep 30 >/dev/null 2>&1 &\necho $! > "+pidFile+"\necho 's UNSATISFIABLE'\nexit 20")
	if _, err := (sat.External{Solver: path}).Count(context.Background(), p, sat.Options{}); err != nil {
		t.Fatal(err)
	}
	waitGone(t, childPid(t, pidFile))
}

// groupSetup is what the process-group tests start from: a puzzle, a
// folder for the fake solver, and the file it writes its child's pid to.
func groupSetup(t *testing.T) (p *layouts.Puzzle, dir, pidFile string) {
	t.Helper()
	testkit.NeedSolver(t, "sh")
	testkit.NeedSolver(t, "sleep")
	emptyTemp(t)
	p = testkit.ReadPuzzles(t, "../testdata/seeds/samurai-problem1.txt", testkit.Model(t, "samurai", 9))[0]
	dir = t.TempDir()
	return p, dir, filepath.Join(dir, "child.pid")
}

// childPid is the process id that a fake solver wrote to pidFile; the
// process is killed when the test ends, whatever it found.
func childPid(t *testing.T, pidFile string) int {
	t.Helper()
	b, err := os.ReadFile(pidFile)
	if err != nil {
		t.Fatal(err)
	}
	pid, err := strconv.Atoi(strings.TrimSpace(string(b)))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { syscall.Kill(pid, syscall.SIGKILL) })
	return pid
}

// waitGone fails t unless process pid is gone (or a zombie) within 2s.
func waitGone(t *testing.T, pid int) {
	t.Helper()
	for deadline := time.Now().Add(2 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		if err := syscall.Kill(pid, 0); errors.Is(err, syscall.ESRCH) || zombie(pid) {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("the solver's child %d still runs after Count returned", pid)
		}
	}
}

// zombie reports whether pid is dead but not yet reaped (its parent,
// the solver, is gone; init reaps it in its own time).
func zombie(pid int) bool {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return false
	}
	s := string(b)
	i := strings.LastIndexByte(s, ')')
	return i >= 0 && strings.HasPrefix(s[i:], ") Z")
}

// TestExternalCancelEncoding: Count returns promptly when ctx is done
// while it encodes (and writes) a 64x64, which takes seconds.
func TestExternalCancelEncoding(t *testing.T) {
	testkit.NeedSolver(t, "sh")
	if testing.Short() {
		t.Skip("encodes part of a 64x64")
	}
	emptyTemp(t)
	l, err := layouts.Builtin("classic", 64, layouts.Shape{})
	if err != nil {
		t.Fatal(err)
	}
	m, err := layouts.Compile(l)
	if err != nil {
		t.Fatal(err)
	}
	p := layouts.NewPuzzle(m)
	path := fakeSolver(t, t.TempDir(), "never", "sleep 30")
	// Pairwise takes seconds to encode; sequential encodes in about half
	// a second and writes 60 MB, so its later deadlines fall in writing.
	for _, amo := range []encode.AMO{encode.Pairwise, encode.Sequential} {
		for _, wait := range []time.Duration{0, 50 * time.Millisecond, 300 * time.Millisecond, 700 * time.Millisecond, 1200 * time.Millisecond} {
			ctx, cancel := context.WithTimeout(context.Background(), wait)
			start := time.Now()
			// The CPU time the process spends after the deadline: on a
			// loaded machine the wall clock runs on while it waits for a
			// core, but work that ignores the deadline costs CPU. The
			// process's other work counts too (the collector sweeping
			// the encoding's garbage, parallel tests): 1.6s of it was
			// seen on a loaded machine, so 3s is allowed.
			atDeadline := make(chan time.Duration, 1)
			context.AfterFunc(ctx, func() {
				c, _ := testkit.CPUTime()
				atDeadline <- c
			})
			_, err := sat.External{Solver: path}.Count(ctx, p, sat.Options{Encoding: amo})
			cancel()
			d := time.Since(start) - wait
			end, ok := testkit.CPUTime()
			cpu := end - <-atDeadline
			if !errors.Is(err, context.DeadlineExceeded) || d > 2*time.Second && (!ok || cpu > 3*time.Second) {
				t.Errorf("%s, deadline %v: err = %v, %v after the deadline (%v of CPU); want it within 2s, or 3s of CPU on a loaded machine (it took 20s before)", amo, wait, err, d, cpu)
			}
		}
	}
}

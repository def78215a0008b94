package main

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// runCtx runs the CLI in-process under ctx, with stdin as given.
func runCtx(ctx context.Context, stdin io.Reader, args ...string) (stdout, stderr string, code int) {
	var out, errb bytes.Buffer
	code = run(ctx, args, env{stdin: stdin, stdout: &out, stderr: &errb})
	return out.String(), errb.String(), code
}

// ran is what a run started by runAside gave.
type ran struct {
	errs string
	code int
}

// runAside starts runCtx on a goroutine of its own, so that a test can
// give up on a run that does not stop.
func runAside(ctx context.Context, stdin io.Reader, args ...string) <-chan ran {
	done := make(chan ran, 1)
	go func() {
		_, errs, code := runCtx(ctx, stdin, args...)
		done <- ran{errs, code}
	}()
	return done
}

// answer matches an output line that is an answer, not a record of a
// stop: a count, or a grid row.
var answer = regexp.MustCompile(`^[0-9A-P]+$`)

// A stop never turns into an answer: puzzles cut short by --timeout or
// a signal get a "timed out" or "interrupted" record, never a count of
// 0 or "no solution" (every puzzle here has exactly one solution).
func TestStopIsNoAnswer(t *testing.T) {
	hard := td("bench", "classic25-unique50.txt")
	canceled, cancel := context.WithCancel(context.Background())
	cancel()
	for _, cmd := range []string{"count", "solve", "explain"} {
		for _, jobs := range []string{"1", "2"} {
			t.Run(cmd+"/jobs"+jobs, func(t *testing.T) {
				for _, timeout := range []string{"1us", "20ms", "50ms"} {
					out, errs, code := runCtx(context.Background(), nil, cmd, "--engine", "backtrack", "--jobs", jobs, "--timeout", timeout, hard)
					checkStopped(t, cmd, out, errs, code, "timed out")
				}
				out, errs, code := runCtx(canceled, nil, cmd, "--jobs", jobs, hard)
				checkStopped(t, cmd, out, errs, code, "interrupted")
			})
		}
	}
	// One puzzle on standard input, stopped at once, many times over.
	puzzle := readFile(t, td("top1465-200.txt"))
	puzzle = puzzle[strings.LastIndex(strings.TrimSuffix(puzzle, "\n"), "\n")+1:]
	for range 50 {
		out, errs, code := runCtx(context.Background(), strings.NewReader(puzzle), "count", "--timeout", "1us")
		checkStopped(t, "count", out, errs, code, "timed out")
	}
}

func checkStopped(t *testing.T, cmd, out, errs string, code int, stop string) {
	t.Helper()
	// A timer may fire late on a busy machine: a run that finished first
	// is no failure, as long as every line is a true answer.
	if code != exitTimeout && (code != exitOK || strings.Contains(out, "# ")) {
		t.Errorf("exit %d, want %d: %s", code, exitTimeout, errs)
	}
	for _, line := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		switch {
		case line == "":
		case strings.HasPrefix(line, "# "):
			if !strings.HasSuffix(line, ": "+stop) {
				t.Errorf("%s: record %q, want only %q records", cmd, line, stop)
			}
		case cmd == "count" && line == "1":
		case cmd == "solve" && answer.MatchString(line):
		case cmd == "explain" && strings.HasSuffix(line, ": has a solution; nothing to explain"):
		default:
			t.Errorf("%s: %q is no answer of a unique puzzle", cmd, line)
		}
	}
}

// --timeout and a signal end a run whose input blocks.
func TestStopWhileInputBlocks(t *testing.T) {
	for _, jobs := range []string{"1", "2"} {
		r, w := io.Pipe() // nothing is ever written
		defer w.Close()
		start := time.Now()
		_, errs, code := runCtx(context.Background(), r, "solve", "--jobs", jobs, "--timeout", "100ms")
		if took := time.Since(start); code != exitTimeout || took > 2*time.Second {
			t.Errorf("--timeout, jobs %s: exit %d after %v: %s", jobs, code, took, errs)
		}
		ctx, cancel := context.WithCancel(context.Background())
		time.AfterFunc(100*time.Millisecond, cancel)
		start = time.Now()
		_, errs, code = runCtx(ctx, r, "count", "--jobs", jobs)
		if took := time.Since(start); code != exitTimeout || took > 2*time.Second || !strings.Contains(errs, "interrupted") {
			t.Errorf("interrupt, jobs %s: exit %d after %v: %s", jobs, code, took, errs)
		}
	}
}

// A file that cannot be read is one record; the rest are processed,
// the output file is written, and the exit code says bad input.
func TestUnreadableInput(t *testing.T) {
	puzzle := td("examples", "classic.txt")
	dest := filepath.Join(t.TempDir(), "out.txt")
	missing := filepath.Join(t.TempDir(), "missing.txt")
	_, errs, code := runGattai(t, "", "count", puzzle, missing, t.TempDir(), puzzle, "-o", dest)
	want := "1\n# " + missing + ": no such file or directory\n"
	if code != exitBadInput || !strings.HasPrefix(readFile(t, dest), want) || !strings.HasSuffix(readFile(t, dest), "is a directory\n1\n") {
		t.Errorf("exit %d, output %q, stderr %s", code, readFile(t, dest), errs)
	}
}

// export and decode stop on a signal: exit 3, and no file is written.
func TestExportInterrupted(t *testing.T) {
	canceled, cancel := context.WithCancel(context.Background())
	cancel()
	dest := filepath.Join(t.TempDir(), "p.cnf")
	_, errs, code := runCtx(canceled, nil, "export", td("euler96.txt"), "-o", dest)
	if _, err := os.Stat(dest); code != exitTimeout || err == nil {
		t.Errorf("export: exit %d, %s written: %s", code, dest, errs)
	}
	entries, _ := os.ReadDir(filepath.Dir(dest))
	if len(entries) != 0 {
		t.Errorf("export left %d files", len(entries))
	}
	if _, errs, code := runCtx(context.Background(), nil, "export", td("examples", "classic.txt"), "-o", dest); code != 0 {
		t.Fatalf("export: exit %d: %s", code, errs)
	}
	_, errs, code = runCtx(canceled, nil, "decode", dest, dest)
	if code != exitTimeout {
		t.Errorf("decode: exit %d: %s", code, errs)
	}
}

// explain names the layout's constraints when they alone have no
// solution, rather than "these 0 givens cannot all hold".
func TestExplainConstraintsAlone(t *testing.T) {
	layout := filepath.Join(t.TempDir(), "bad.json")
	os.WriteFile(layout, []byte(`{"size": 4, "grids": [{"at": "r1c1"}], "constraints": [
		{"kind": "diagonal"},
		{"kind": "killer", "sum": 3, "cells": ["r1c1", "r1c2"]},
		{"kind": "killer", "sum": 3, "cells": ["r2c1", "r2c2"]},
		{"kind": "killer", "sum": 3, "cells": ["r3c1", "r3c2"]}
	]}`), 0o644)
	out, errs, code := runGattai(t, "1...\n....\n....\n....\n", "explain", "--layout-file", layout)
	want := "-:1: no solution: the layout's constraints alone have none, whatever the givens: these 2 cannot all hold (drop any one and the rest can): "
	if code != exitNoSolution || !strings.HasPrefix(out, want) || strings.Contains(out, "0 givens") {
		t.Errorf("exit %d: %q %s", code, out, errs)
	}
}

// A solver that crashes is an engine failure (exit 4) named with its
// signal, not bad input; the puzzle's record says so.
func TestSolverCrash(t *testing.T) {
	solver := filepath.Join(t.TempDir(), "crash")
	os.WriteFile(solver, []byte("#!/bin/sh\nkill -SEGV $$\n"), 0o755)
	out, errs, code := runGattai(t, readFile(t, td("examples", "classic.txt")), "solve", "--engine", "external", "--solver", solver, "--no-verify")
	if code != exitInternal || !strings.Contains(errs, "SIGSEGV") || !strings.HasPrefix(out, "# -:1: ") {
		t.Errorf("exit %d, %q, %s", code, out, errs)
	}
}

// A solver that answers UNKNOWN gave up: exit 3, as decode gives for
// the same answer, not 2 (bad input), and the puzzle's record says so.
func TestSolverUnknown(t *testing.T) {
	solver := filepath.Join(t.TempDir(), "giveup")
	os.WriteFile(solver, []byte("#!/bin/sh\necho 's UNKNOWN'\n"), 0o755)
	out, errs, code := runGattai(t, readFile(t, td("examples", "classic.txt")), "solve", "--engine", "external", "--solver", solver, "--no-verify")
	if code != exitTimeout || !strings.HasPrefix(out, "# -:1: no answer: giveup answered UNKNOWN") {
		t.Errorf("exit %d, %q, %s", code, out, errs)
	}
}

// rate, steps and hint stop at once on --timeout and Ctrl-C, even in
// the logical solver, which takes seconds on this Sumo (the last of the
// bench set), not only in the count before it.
func TestLogicStops(t *testing.T) {
	set := strings.TrimSuffix(readFile(t, td("bench", "sumo-unique.txt")), "\n")
	file := filepath.Join(t.TempDir(), "sumo.txt")
	os.WriteFile(file, []byte(set[strings.LastIndex(set, "\n\n")+2:]+"\n"), 0o644)
	for _, cmd := range []string{"rate", "steps", "hint"} {
		for _, stop := range []string{"timed out", "interrupted"} {
			t.Run(cmd+"/"+stop, func(t *testing.T) {
				ctx, cancel := context.WithCancel(context.Background())
				defer cancel()
				args := []string{cmd, "--jobs", "1", file}
				if stop == "timed out" {
					args = append(args, "--timeout", "300ms")
				} else {
					time.AfterFunc(300*time.Millisecond, cancel)
				}
				start := time.Now()
				out, errs, code := runCtx(ctx, nil, args...)
				took := time.Since(start)
				if code == exitOK && cmd == "hint" {
					return // one step may well come before the stop
				}
				if code != exitTimeout || took > 1500*time.Millisecond || out != "# "+file+":1: "+stop+"\n" {
					t.Errorf("exit %d after %v: %q %s", code, took, out, errs)
				}
			})
		}
	}
}

// export stops on Ctrl-C while its input blocks (a terminal, a pipe
// that stays silent), as the batch commands do.
func TestExportStopWhileInputBlocks(t *testing.T) {
	r, w := io.Pipe() // nothing is written until the test gives up
	defer w.Close()
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(100*time.Millisecond, cancel)
	done := runAside(ctx, r, "export")
	select {
	case res := <-done:
		if res.code != exitTimeout || !strings.Contains(res.errs, "interrupted") {
			t.Errorf("exit %d: %s", res.code, res.errs)
		}
	case <-time.After(3 * time.Second):
		w.Close()
		<-done
		t.Errorf("export still reading 3s after Ctrl-C")
	}
}

// generate --difficulty stops at once on --timeout, even while it rates
// a made Sumo, which takes the logical solver seconds (with seed 8).
func TestGenerateRatingStops(t *testing.T) {
	for _, jobs := range []string{"1", "2"} {
		start := time.Now()
		out, errs, code := runGattai(t, "", "generate", "--layout", "sumo", "--difficulty", "hard", "--seed", "8", "--jobs", jobs, "--timeout", "100ms")
		if took := time.Since(start); code != exitTimeout || took > 1500*time.Millisecond || out != "" {
			t.Errorf("jobs %s: exit %d after %v: %q %s", jobs, code, took, out, errs)
		}
	}
}

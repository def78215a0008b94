package main

import (
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Workers that read for themselves (files, --jobs above 1) print the
// same records in the same order as one job, which reads each puzzle
// into the last one's memory: puzzles of three sizes, bad lines and
// several files, with chunks of every size from one puzzle up.
func TestPullPipelineOrder(t *testing.T) {
	dir := t.TempDir()
	lines := strings.Split(strings.TrimSpace(readFile(t, td("top1465-200.txt"))), "\n")
	var a, b strings.Builder
	for i, l := range lines {
		switch {
		case i%37 == 5:
			a.WriteString(l[:40] + "x" + l[41:] + "\n") // unknown symbol
		case i%53 == 7:
			a.WriteString(l[:80] + "\n") // a cell short
		default:
			a.WriteString(l + "\n")
		}
		if i < 30 {
			b.WriteString(l + "\n")
		}
		if i == 10 { // other sizes between the 9x9 lines
			b.WriteString("...3....1.2...31\n" + strings.Repeat(".", 255) + "1\n")
		}
	}
	fa, fb := filepath.Join(dir, "a.txt"), filepath.Join(dir, "b.txt")
	for name, text := range map[string]string{fa: a.String(), fb: b.String()} {
		if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, cmd := range []string{"count", "solve"} {
		args := []string{cmd, "--engine", "backtrack", fa, filepath.Join(dir, "missing.txt"), fb, fa}
		want, wantErr, wantCode := runGattai(t, "", append(args, "--jobs", "1")...)
		if wantCode != exitBadInput || !strings.Contains(wantErr, "unknown symbol") {
			t.Fatalf("%s --jobs 1: exit %d, %s", cmd, wantCode, wantErr)
		}
		for _, jobs := range []string{"2", "3", "8"} {
			got, gotErr, code := runGattai(t, "", append(args, "--jobs", jobs)...)
			if got != want || gotErr != wantErr || code != wantCode {
				t.Errorf("%s --jobs %s differs from --jobs 1: exit %d, %d", cmd, jobs, code, wantCode)
			}
		}
	}
}

// failWriter fails every write after the first n bytes.
type failWriter struct{ n int }

func (w *failWriter) Write(p []byte) (int, error) {
	if len(p) > w.n {
		k := w.n
		w.n = 0
		return k, errors.New("disk full")
	}
	w.n -= len(p)
	return len(p), nil
}

// An output that fails ends the run with an error, at once, with any
// number of workers.
func TestPullPipelineOutputFails(t *testing.T) {
	file := td("top1465-200.txt")
	for _, jobs := range []string{"1", "2", "3"} {
		var errb strings.Builder
		code := run(context.Background(), []string{"count", "--jobs", jobs, file, file, file, file, file, file, file, file},
			env{stdout: &failWriter{n: 1000}, stderr: &errb})
		if code != exitBadInput || !strings.Contains(errb.String(), "disk full") {
			t.Errorf("--jobs %s: exit %d, %q", jobs, code, errb.String())
		}
	}
}

// The chunk size follows the time a puzzle takes.
func TestPullChunkSize(t *testing.T) {
	for _, tc := range []struct{ perPuzzle, want int64 }{
		{0, 1}, {1, maxPullChunk}, {4000, 250}, {int64(chunkTarget), 1}, {10 * int64(chunkTarget), 1},
	} {
		if got := pullChunkSize(tc.perPuzzle); got != int(tc.want) {
			t.Errorf("pullChunkSize(%d) = %d, want %d", tc.perPuzzle, got, tc.want)
		}
	}
}

// One job over regular files reads each puzzle into the memory of the
// last one handled (see spare): the allocations of a count grow by
// about two a puzzle (its line and its solution), not four.
func TestOneJobReusesRecords(t *testing.T) {
	one := readFile(t, td("top1465-200.txt"))
	dir := t.TempDir()
	single, double := filepath.Join(dir, "single.txt"), filepath.Join(dir, "double.txt")
	if err := os.WriteFile(single, []byte(one), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(double, []byte(one+one), 0o644); err != nil {
		t.Fatal(err)
	}
	allocs := func(file string) float64 {
		return testing.AllocsPerRun(3, func() {
			if code := run(context.Background(), []string{"count", "--engine", "backtrack", "--jobs", "1", file}, env{stdout: io.Discard, stderr: io.Discard}); code != exitOK {
				t.Fatalf("exit %d", code)
			}
		})
	}
	puzzles := float64(strings.Count(one, "\n"))
	if per := (allocs(double) - allocs(single)) / puzzles; per > 2.5 {
		t.Errorf("%.2f allocations a puzzle, want at most 2.5", per)
	}
}

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

// A batch reads and solves each puzzle into the memory of one already
// handled (see spares), with one job or several, from files or a pipe:
// the allocations of a count do not grow with the puzzles, beyond what
// the chunks and the records in flight hold.
func TestBatchReusesRecords(t *testing.T) {
	// Enough puzzles for the records in flight to be a small part.
	one := strings.Repeat(readFile(t, td("top1465-200.txt")), 10)
	dir := t.TempDir()
	single, double := filepath.Join(dir, "single.txt"), filepath.Join(dir, "double.txt")
	if err := os.WriteFile(single, []byte(one), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(double, []byte(one+one), 0o644); err != nil {
		t.Fatal(err)
	}
	puzzles := float64(strings.Count(one, "\n"))
	jobsList := []string{"1", "2", "3"}
	if testing.Short() { // the race detector's run: one job is enough
		jobsList = jobsList[:1]
	}
	for _, jobs := range jobsList {
		for _, pipe := range []bool{false, true} {
			allocs := func(file, text string) float64 {
				return testing.AllocsPerRun(3, func() {
					args := []string{"count", "--engine", "backtrack", "--jobs", jobs, file}
					var stdin io.Reader
					if pipe {
						args[len(args)-1], stdin = "-", strings.NewReader(text)
					}
					if code := run(context.Background(), args, env{stdin: stdin, stdout: io.Discard, stderr: io.Discard}); code != exitOK {
						t.Fatalf("exit %d", code)
					}
				})
			}
			// One job reading a file runs in turn: the records in
			// flight are one chunk's. Otherwise the scheduler may let
			// the reader run ahead of the writer, each run by a
			// different amount up to the window (three allocations a
			// record: it, its puzzle and its solution).
			most := 0.1
			switch {
			case jobs != "1":
				most = 3.5
			case pipe:
				most = 1
			}
			if per := (allocs(double, one+one) - allocs(single, one)) / puzzles; per > most {
				t.Errorf("--jobs %s, pipe %v: %.2f allocations a puzzle, want at most %.1f", jobs, pipe, per, most)
			}
		}
	}
}

package main

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"gattai"
	"gattai/layouts"
)

// A batch's records reach the output as they are done, within
// flushInterval, not once a buffer of them have gathered or the input has
// ended: here the input stays open after one puzzle, and the reader
// stops the run at the first write (a guard stops it after 5s).
func TestBatchStreams(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	in, feed := io.Pipe()
	defer feed.Close()
	go feed.Write([]byte("...3.6...78....2..2..1.7..6..52.....1...6.7....7...8....28.31...3.7..4.5.9.......\n"))
	guard := time.AfterFunc(5*time.Second, cancel)
	defer guard.Stop()
	out := &firstWrite{stop: cancel}
	var errs bytes.Buffer
	start := time.Now()
	code := run(ctx, []string{"count"}, env{stdin: in, stdout: out, stderr: &errs})
	if took := time.Since(start); code != exitTimeout || out.String() != "1\n" || took > 2*time.Second {
		t.Errorf("exit %d, %q after %v, %s; want exit %d, the count within 2s", code, out.String(), took, errs.String(), exitTimeout)
	}
}

// A puzzle read while every worker is busy is solved when one is free,
// not when the next puzzle comes: the reader, blocked on input that
// stays open, must not hold it. With one worker held on the first
// puzzle until the second is read, the second is handled, and then the
// input stays open until the test ends.
func TestPipelineHandsOnHeldRecords(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	release := make(chan struct{})
	do := func(_ *gattai.Solver, ctx context.Context, p *layouts.Puzzle, _ *outcome) error {
		if p.Source.Line == 1 {
			<-release
		}
		return nil
	}
	read := func(put func(*record) bool) {
		for line := 1; line <= 2; line++ {
			if !put(&record{puzzle: &layouts.Puzzle{Source: layouts.Source{Line: line}}, line: line}) {
				return
			}
		}
		close(release)
		<-ctx.Done() // input that stays open
	}
	handled := make(chan int, 2)
	handle := func(r *record) bool {
		handled <- r.line
		return true
	}
	go pipeline(ctx, cancel, 1, gattai.Options{}, do, handle, read)
	for want := 1; want <= 2; want++ {
		select {
		case got := <-handled:
			if got != want {
				t.Fatalf("handled puzzle %d, want %d", got, want)
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("puzzle %d not handled within 5s", want)
		}
	}
}

func TestFormatRate(t *testing.T) {
	for _, tc := range []struct {
		rate float64
		want string
	}{
		{0, "0"},
		{0.1812, "0.18"},
		{2.449, "2.4"},
		{9.94, "9.9"},
		{10.4, "10"},
		{180123.6, "180124"},
	} {
		if got := formatRate(tc.rate); got != tc.want {
			t.Errorf("formatRate(%v) = %q, want %q", tc.rate, got, tc.want)
		}
	}
}

// Once the input is read, a worker with nothing to read takes records
// of the chunk another is solving: after 9 fast puzzles the rest (slow)
// come in one large chunk, and both workers solve its last records.
// Every record is handled once, in input order.
func TestPullPipelineSharesTheLastChunk(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	const n = 100
	var mu sync.Mutex
	by := map[int]*gattai.Solver{} // the worker, by its solver, of each puzzle
	do := func(s *gattai.Solver, _ context.Context, p *layouts.Puzzle, _ *outcome) error {
		if p.Source.Line >= 10 {
			time.Sleep(time.Millisecond)
		}
		mu.Lock()
		by[p.Source.Line] = s
		mu.Unlock()
		return nil
	}
	read := func(put func(*record) bool) {
		for line := 1; line <= n; line++ {
			if !put(&record{puzzle: &layouts.Puzzle{Source: layouts.Source{Line: line}}, line: line}) {
				return
			}
		}
	}
	var handled []int
	handle := func(r *record) bool {
		handled = append(handled, r.line)
		return true
	}
	pullPipeline(ctx, cancel, 2, gattai.Options{}, do, handle, read)
	for i, line := range handled {
		if line != i+1 || len(handled) != n {
			t.Fatalf("handled %v, want 1..%d in order", handled, n)
		}
	}
	workers := map[*gattai.Solver]bool{}
	for line := n / 2; line <= n; line++ {
		workers[by[line]] = true
	}
	if len(workers) != 2 {
		t.Errorf("puzzles %d to %d solved by %d workers, want 2", n/2, n, len(workers))
	}
}

// A batch's --stats summary files each puzzle under what its record
// says: a puzzle with one solution found but not proved unique (--first,
// --limit 1) is found, not unique; bad and stopped puzzles are counted
// apart, and the solved, none, errors and stopped add up to the puzzles.
func TestStatsSummary(t *testing.T) {
	multi := strings.Join(strings.Split(readFile(t, td("serg-multi-200.txt")), "\n")[2:5], "\n") + "\n"
	unique := strings.Join(strings.Split(readFile(t, td("top1465-200.txt")), "\n")[1:3], "\n") + "\n"
	noSolution := "12345678." + strings.Repeat(".", 71) + "9\n" // 9 has no place in row 1
	bad := "12x" + strings.Repeat(".", 78) + "\n"
	for _, tc := range []struct {
		name  string
		stdin string
		args  []string
		want  string // the summary's counts, without elapsed and rate
	}{
		{"count", multi + unique, []string{"count"}, "puzzles 5  solved 5  unique 2  multiple 3  none 0  errors 0"},
		{"count limit 1", multi + unique, []string{"count", "--limit", "1"}, "puzzles 5  solved 5  unique 0  found 5  multiple 0  none 0  errors 0"},
		{"solve", multi + unique + noSolution + bad, []string{"solve"}, "puzzles 7  solved 5  unique 2  multiple 3  none 1  errors 1"},
		{"solve first", multi + unique + noSolution + bad, []string{"solve", "--first"}, "puzzles 7  solved 5  unique 0  found 5  multiple 0  none 1  errors 1"},
		{"rate", multi + unique, []string{"rate"}, "puzzles 5  solved 5  unique 2  multiple 3  none 0  errors 0"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, errs, _ := runGattai(t, tc.stdin, append(tc.args, "--stats", "--jobs", "1")...)
			lines := strings.Split(strings.TrimSpace(errs), "\n")
			var got string
			for _, l := range lines {
				if strings.HasPrefix(l, "puzzles ") {
					got, _, _ = strings.Cut(l, "  elapsed ")
				}
			}
			if got != tc.want {
				t.Errorf("summary %q, want %q (stderr %q)", got, tc.want, errs)
			}
		})
	}
}

// --stats on one puzzle gives the figures the answering engine
// measured: nodes for the native one, conflicts and decisions for
// gophersat only (an external solver tells none: zeros would read as
// measured).
func TestStatsOnePuzzle(t *testing.T) {
	for _, tc := range []struct {
		engine string
		want   string
	}{
		{"backtrack", "p.txt:3: engine backtrack  time 2ms  nodes 7\n"},
		{"sat", "p.txt:3: engine sat  time 2ms  vars 10  clauses 20  conflicts 3  decisions 4\n"},
		{"backtrack, then sat", "p.txt:3: engine backtrack, then sat  time 2ms  vars 10  clauses 20  conflicts 3  decisions 4\n"},
		{"cadical", "p.txt:3: engine cadical  time 2ms  vars 10  clauses 20\n"},
		{"backtrack, then cadical", "p.txt:3: engine backtrack, then cadical  time 2ms  vars 10  clauses 20\n"},
	} {
		t.Run(tc.engine, func(t *testing.T) {
			rec := &record{puzzle: &layouts.Puzzle{}, file: "p.txt", line: 3}
			rec.out.Result = gattai.Result{Count: 1, Limit: 2, Engine: tc.engine, Elapsed: 2 * time.Millisecond,
				Nodes: 7, Vars: 10, Clauses: 20, Conflicts: 3, Decisions: 4}
			var tl tally
			tl.add(rec)
			var b bytes.Buffer
			tl.stats(&b)
			if b.String() != tc.want {
				t.Errorf("got %q, want %q", b.String(), tc.want)
			}
		})
	}
}

// Each record is marked with the input read up to its end, over all
// sources, not with what the reader's buffer holds (all of a small
// file at once): progress estimates the total from it. A file that
// cannot be read marks 0.
func TestRecordsMarkInputRead(t *testing.T) {
	a := filepath.Join(t.TempDir(), "a.txt")
	text := "# three\n" + strings.Join(strings.Split(readFile(t, td("top1465-200.txt")), "\n")[1:4], "\n") + "\n"
	if err := os.WriteFile(a, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	var n atomic.Int64
	var got []int64
	readAll((&inputFlags{Files: []string{a, "no-such-file", a}}).sources(nil), reading{format: "auto"}, &n, func(r *record) bool {
		got = append(got, r.pos)
		return true
	})
	size := int64(len(text)) // "# three\n" and three lines of 82 bytes
	want := []int64{8 + 82, 8 + 2*82, size, 0, size + 8 + 82, size + 8 + 2*82, 2 * size}
	if !slices.Equal(got, want) {
		t.Errorf("marks %v, want %v", got, want)
	}
}

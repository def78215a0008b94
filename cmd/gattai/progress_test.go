package main

import (
	"bytes"
	"context"
	"io"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestProgressLine(t *testing.T) {
	for _, tc := range []struct {
		done, total int64
		elapsed     time.Duration
		want        string
	}{
		{450, 1000, 3 * time.Second, "solving  45% [#############                 ] 450/1000 (150.0 puzzles/s, 4s left, 3s)"},
		{1000, 1000, 2 * time.Second, "solving 100% [##############################] 1000/1000 (500.0 puzzles/s, 2s)"},
		{1200, 1000, time.Second, "solving 100% [##############################] 1200/1000 (1200.0 puzzles/s, 1s)"},
		{7, -1, 2 * time.Second, "solving 7 (3.5 puzzles/s, 2s)"},
		{0, 10, 0, "solving   0% [                              ] 0/10 (0.0 puzzles/s, 0s)"},
	} {
		if got := progressLine("solving", tc.done, tc.total, tc.elapsed); got != tc.want {
			t.Errorf("progressLine(%d, %d, %v)\n got %q\nwant %q", tc.done, tc.total, tc.elapsed, got, tc.want)
		}
	}
}

// TestProgressDraw: nothing before the delay, at most one drawing per
// throttle, the total estimated from the bytes read, and the line
// cleared at the end only if one was drawn.
func TestProgressDraw(t *testing.T) {
	var out bytes.Buffer
	e := &env{stderr: &out}
	p := newProgress(e, "solving", 1000)
	p.done, p.bytes = 10, 100
	p.draw(p.start.Add(progressDelay / 2))
	if out.Len() != 0 {
		t.Fatalf("drew before the delay: %q", out.String())
	}
	at := p.start.Add(progressDelay)
	p.draw(at)
	if got := out.String(); !strings.HasPrefix(got, "\r") || !strings.Contains(got, " 10/100 ") || !strings.HasSuffix(got, "\x1b[K") {
		t.Fatalf("first drawing %q: want a line with 10/100 (1000 bytes at 10 a puzzle)", got)
	}
	n := out.Len()
	p.draw(at.Add(progressThrottle / 2))
	if out.Len() != n {
		t.Fatalf("drew again within the throttle")
	}
	p.draw(at.Add(progressThrottle))
	if out.Len() == n {
		t.Fatalf("did not draw after the throttle")
	}
	p.finish()
	if !strings.HasSuffix(out.String(), "\r\x1b[K") {
		t.Fatalf("finish did not clear the line: %q", out.String())
	}

	out.Reset()
	newProgress(e, "solving", 1000).finish()
	if out.Len() != 0 {
		t.Fatalf("finish cleared a line never drawn: %q", out.String())
	}
}

// No progress line is drawn where the records go, a terminal: they
// would land after its text. It is drawn when they go elsewhere (a
// file, a pipe), stderr being a terminal. Each run here lasts past
// progressDelay: its input stays open for 1.5s after one puzzle.
func TestProgressNotOverRecords(t *testing.T) {
	if testing.Short() {
		t.Skip("each run lasts 1.5s")
	}
	for _, tc := range []struct {
		name   string
		outTTY bool
		output bool // -o a file
		want   bool // a progress line drawn
	}{
		{"records to a terminal", true, false, false},
		{"records to a file, stdout a terminal", true, true, true},
		{"records to a pipe", false, false, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in, feed := io.Pipe()
			go func() {
				feed.Write([]byte("...3.6...78....2..2..1.7..6..52.....1...6.7....7...8....28.31...3.7..4.5.9.......\n"))
				time.Sleep(1500 * time.Millisecond)
				feed.Close()
			}()
			args := []string{"count"}
			if tc.output {
				args = append(args, "-o", filepath.Join(t.TempDir(), "out.txt"))
			}
			var out, errs bytes.Buffer
			code := run(context.Background(), args, env{stdin: in, stdout: &out, stderr: &errs, isTTY: true, outTTY: tc.outTTY})
			if drawn := strings.Contains(errs.String(), "solving"); code != exitOK || drawn != tc.want {
				t.Errorf("exit %d, stderr %q; want a progress line: %v", code, errs.String(), tc.want)
			}
		})
	}
}

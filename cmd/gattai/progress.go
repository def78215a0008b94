package main

import (
	"fmt"
	"os"
	"strings"
	"sync"
	"time"

	"golang.org/x/term"
)

// isTerminal reports whether f is a terminal.
func isTerminal(f *os.File) bool { return term.IsTerminal(int(f.Fd())) }

// quietOn gives up progress lines when o, where the records go, is a
// terminal: records printed there would land after a progress line's
// text (and stay behind it when the line is drawn again below them).
// The records, coming in as they are done, show the progress then.
func (e *env) quietOn(o *output) {
	if o.tty {
		e.isTTY = false
	}
}

// progress draws a line on a terminal stderr once a run has lasted a
// while. The total is estimated from the bytes of input up to the last
// puzzle done (not those read ahead into buffers, which would be all of
// a small file at once), so the rate and time left are in puzzles even
// though the input is streamed.
type progress struct {
	mu    sync.Mutex // update runs from the writer and from the ticker
	e     *env
	verb  string // what the run does to puzzles: solving, making
	total int64  // input bytes, -1 unknown
	start time.Time
	drawn time.Time // last drawing; zero before the first
	done  int
	bytes int64
	stop  chan struct{}
}

const (
	progressDelay    = 700 * time.Millisecond // nothing shows before
	progressThrottle = 100 * time.Millisecond // between drawings
	progressWidth    = 30                     // the bar, in characters
)

// newProgress starts a progress display; on a terminal a ticker
// redraws it, so that one long puzzle still shows the time going by.
func newProgress(e *env, verb string, total int64) *progress {
	p := &progress{e: e, verb: verb, total: total, start: time.Now(), stop: make(chan struct{})}
	if e.isTTY {
		go func() {
			t := time.NewTicker(250 * time.Millisecond)
			defer t.Stop()
			for {
				select {
				case <-t.C:
					p.mu.Lock()
					p.draw(time.Now())
					p.mu.Unlock()
				case <-p.stop:
					return
				}
			}
		}()
	}
	return p
}

// update records the puzzles done and the bytes of input up to the
// last of them, and redraws.
func (p *progress) update(done int, bytes int64) {
	if !p.e.isTTY {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.done, p.bytes = done, bytes
	p.draw(time.Now())
}

func (p *progress) draw(now time.Time) {
	if now.Sub(p.start) < progressDelay || now.Sub(p.drawn) < progressThrottle {
		return
	}
	p.drawn = now
	total := int64(-1)
	if p.total > 0 && p.bytes > 0 {
		total = max(int64(p.done), int64(float64(p.done)*float64(p.total)/float64(p.bytes)))
	}
	fmt.Fprint(p.e.stderr, "\r"+progressLine(p.verb, int64(p.done), total, now.Sub(p.start))+"\x1b[K")
}

// finish stops the ticker and clears the line, if one was drawn.
func (p *progress) finish() {
	close(p.stop)
	p.mu.Lock()
	defer p.mu.Unlock()
	if !p.drawn.IsZero() {
		fmt.Fprint(p.e.stderr, "\r\x1b[K")
	}
}

// progressLine is the progress of verb on done puzzles out of total (≤ 0:
// unknown) after elapsed: a bar with the share and the time left when
// the total is known, the count and the rate always.
func progressLine(verb string, done, total int64, elapsed time.Duration) string {
	var b strings.Builder
	b.WriteString(verb + " ")
	if total > 0 {
		share := min(float64(done)/float64(total), 1)
		fill := int(share * progressWidth)
		fmt.Fprintf(&b, "%3d%% [%s%s] %d/%d", int(share*100),
			strings.Repeat("#", fill), strings.Repeat(" ", progressWidth-fill), done, total)
	} else {
		fmt.Fprintf(&b, "%d", done)
	}
	rate := 0.0
	if s := elapsed.Seconds(); s > 0 {
		rate = float64(done) / s
	}
	fmt.Fprintf(&b, " (%.1f puzzles/s", rate)
	if total > 0 && rate > 0 && done < total {
		left := time.Duration(float64(total-done) / rate * float64(time.Second))
		fmt.Fprintf(&b, ", %s left", left.Round(time.Second))
	}
	fmt.Fprintf(&b, ", %s)", elapsed.Round(time.Second))
	return b.String()
}

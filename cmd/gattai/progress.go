package main

import (
	"os"
	"sync"
	"time"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"
)

func stderrIsTerminal() bool { return term.IsTerminal(int(os.Stderr.Fd())) }

// progress draws a bar on a terminal stderr once a run has lasted a
// while. The total is estimated from bytes read, so the rate and ETA are
// in puzzles even though the input is streamed.
type progress struct {
	mu      sync.Mutex // update runs from the writer and from the ticker
	e       *env
	total   int64 // input bytes, -1 unknown
	start   time.Time
	bar     *progressbar.ProgressBar
	lastMax int64
	done    int
	bytes   int64
	stop    chan struct{}
}

const progressDelay = 700 * time.Millisecond

// newProgress starts a progress display; on a terminal a ticker
// redraws it, so that one long puzzle still shows the time going by.
func newProgress(e *env, total int64) *progress {
	p := &progress{e: e, total: total, start: time.Now(), stop: make(chan struct{})}
	if e.isTTY {
		go func() {
			t := time.NewTicker(250 * time.Millisecond)
			defer t.Stop()
			for {
				select {
				case <-t.C:
					p.mu.Lock()
					p.draw()
					p.mu.Unlock()
				case <-p.stop:
					return
				}
			}
		}()
	}
	return p
}

// update records the puzzles done and the bytes read, and redraws.
func (p *progress) update(done int, bytes int64) {
	if !p.e.isTTY {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.done, p.bytes = done, bytes
	p.draw()
}

func (p *progress) draw() {
	done, bytes := p.done, p.bytes
	if time.Since(p.start) < progressDelay {
		return
	}
	max := int64(-1)
	if p.total > 0 && bytes > 0 {
		max = max64(int64(done), int64(float64(done)*float64(p.total)/float64(bytes)))
	}
	if p.bar == nil {
		p.bar = progressbar.NewOptions64(max,
			progressbar.OptionSetWriter(p.e.stderr),
			progressbar.OptionSetDescription("solving"),
			progressbar.OptionSetItsString("puzzles"),
			progressbar.OptionShowIts(),
			progressbar.OptionShowCount(),
			progressbar.OptionSetPredictTime(true),
			progressbar.OptionThrottle(100*time.Millisecond),
			progressbar.OptionClearOnFinish(),
			progressbar.OptionSetWidth(30),
		)
		p.lastMax = max
	} else if max > 0 && max != p.lastMax {
		p.bar.ChangeMax64(max)
		p.lastMax = max
	}
	p.bar.Set(done)
}

func (p *progress) finish() {
	close(p.stop)
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.bar != nil {
		p.bar.Finish()
	}
}

func max64(a, b int64) int64 {
	if a > b {
		return a
	}
	return b
}

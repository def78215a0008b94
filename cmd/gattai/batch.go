package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"gattai/layouts"
)

// record is one input puzzle on its way through a batch: exactly one per
// puzzle read, bad ones included, emitted in input order.
type record struct {
	puzzle *layouts.Puzzle // nil when the input was bad
	file   string
	line   int   // the puzzle's first line
	err    error // bad input, engine error or timeout
	out    outcome
}

// where is "file:line" of the puzzle, for messages.
func (r *record) where() string { return r.file + ":" + strconv.Itoa(r.line) }

// chunk is a run of records handed to one worker at once, so that fast
// puzzles do not pay a channel hand-off each.
type chunk struct {
	recs []*record
	done chan struct{}
}

// maxChunk bounds a chunk; chunks are smaller when input arrives slowly.
const maxChunk = 128

// tally counts what a batch produced, for --stats and the exit code.
type tally struct {
	puzzles, solved, unique, multiple, none, bad, failed int
	elapsed                                              time.Duration
	internal                                             bool
	first                                                *record // for per-puzzle --stats
}

// work solves one puzzle with one worker's engines.
type work func(s *solver, ctx context.Context, p *layouts.Puzzle) (outcome, error)

// runBatch is a command's whole run over its inputs: results go through
// emit to the output, buffered, and the output file is committed even
// when some puzzles fail, since each has its record. noSolutionFails
// makes a puzzle without solution set the exit code.
func runBatch(e *env, in *inputFlags, ef *engineFlags, of *outputFlags, do work, emit func(w *bufio.Writer, r *record) error, noSolutionFails bool) error {
	out, err := of.create(e)
	if err != nil {
		return err
	}
	defer out.abort()
	w := bufio.NewWriter(out)
	t, err := batch(e, in, ef, do, func(r *record) error { return emit(w, r) })
	if ferr := w.Flush(); err == nil {
		err = ferr
	}
	if ef.Stats {
		t.stats(e.stderr)
	}
	if err != nil {
		return err
	}
	if err := out.commit(); err != nil {
		return err
	}
	if code := t.exitCode(noSolutionFails); code != exitOK {
		return &exitError{code: code}
	}
	return nil
}

// failed reports a record that has no answer: on stderr, and as a
// comment record in its place in the output.
func failed(e *env, w *bufio.Writer, r *record, msg string) {
	fmt.Fprintln(e.stderr, msg)
	fmt.Fprintf(w, "# %s\n", msg)
}

// batch reads every source, runs work on each puzzle on flags.Jobs
// workers and calls emit for each record in input order. Memory stays
// bounded: at most a window of chunks is in flight.
func batch(e *env, in *inputFlags, ef *engineFlags, do work, emit func(*record) error) (*tally, error) {
	m, err := in.model()
	if err != nil {
		return nil, &exitError{exitBadInput, err.Error()}
	}
	if _, err := ef.options(); err != nil {
		return nil, &exitError{exitBadInput, err.Error()}
	}
	ctx := e.ctx
	if ef.Timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, ef.Timeout)
		defer cancel()
	}
	ctx, stop := context.WithCancel(ctx)
	defer stop()

	jobs := ef.Jobs
	if jobs <= 0 {
		jobs = runtime.GOMAXPROCS(0)
	}
	srcs := in.sources(e.stdin)
	total := inputSize(srcs)
	var bytesRead atomic.Int64

	// The writer's side, in input order: tally, emit, show progress.
	t := &tally{}
	start := time.Now()
	prog := newProgress(e, total)
	var emitErr error
	timedOut := false
	handle := func(rec *record) bool {
		if rec.err != nil && ctx.Err() != nil && (errors.Is(rec.err, context.DeadlineExceeded) || errors.Is(rec.err, context.Canceled)) {
			timedOut = true
			return false
		}
		t.add(rec)
		if emitErr = emit(rec); emitErr != nil {
			stop()
			return false
		}
		prog.update(t.puzzles, bytesRead.Load())
		return true
	}

	var readErr error
	if jobs == 1 {
		// One core: read, solve and write in turn, with no hand-offs.
		s, _ := newSolver(ef) // flags checked above
		readErr = readAll(srcs, in.format(), m, &bytesRead, func(rec *record) bool {
			if rec.err == nil {
				rec.out, rec.err = do(s, ctx, rec.puzzle)
			}
			return handle(rec)
		})
	} else {
		var cut bool
		minChunk := 1 // stdin or a pipe: hand puzzles on as they come
		if total > 0 {
			minChunk = 16 // files never keep the reader waiting
		}
		cut, readErr = pipeline(ctx, stop, jobs, minChunk, ef, do, handle, func(put func(*record) bool) error {
			return readAll(srcs, in.format(), m, &bytesRead, put)
		})
		timedOut = timedOut || cut && emitErr == nil
	}
	prog.finish()
	t.elapsed = time.Since(start)
	switch {
	case emitErr != nil:
		return t, emitErr
	case timedOut && errors.Is(ctx.Err(), context.DeadlineExceeded):
		return t, &exitError{exitTimeout, fmt.Sprintf("timed out after %v with %d puzzles done", ef.Timeout, t.puzzles)}
	case timedOut || e.ctx.Err() != nil:
		return t, &exitError{exitTimeout, fmt.Sprintf("interrupted with %d puzzles done", t.puzzles)}
	case readErr != nil:
		return t, &exitError{exitBadInput, readErr.Error()}
	}
	return t, nil
}

// pipeline runs read on one goroutine, do on jobs workers and handle on
// the caller's, in input order. The reader gathers records into chunks,
// each entering the ordered window when it opens and going to a worker
// once it holds minChunk records and a worker is free, or maxChunk: fast
// puzzles pay few hand-offs, and memory stays bounded by the window. cut
// reports that ctx ended the run before every record was handled.
func pipeline(ctx context.Context, stop context.CancelFunc, jobs, minChunk int, ef *engineFlags, do work, handle func(*record) bool, read func(put func(*record) bool) error) (cut bool, err error) {
	todo := make(chan *chunk)
	ordered := make(chan *chunk, 4*jobs)
	var readErr error
	go func() {
		defer close(todo)
		defer close(ordered)
		var ch *chunk
		send := func() bool {
			select {
			case todo <- ch:
				ch = nil
				return true
			case <-ctx.Done():
				return false
			}
		}
		readErr = read(func(rec *record) bool {
			if ch == nil {
				ch = &chunk{recs: make([]*record, 0, maxChunk), done: make(chan struct{})}
				select {
				case ordered <- ch:
				case <-ctx.Done():
					return false
				}
			}
			ch.recs = append(ch.recs, rec)
			switch {
			case len(ch.recs) == maxChunk:
				return send()
			case len(ch.recs) >= minChunk:
				select {
				case todo <- ch: // a worker is free
					ch = nil
				default:
				}
			}
			return true
		})
		if ch != nil {
			send()
		}
	}()

	var wg sync.WaitGroup
	for range jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s, _ := newSolver(ef) // flags checked by batch
			for ch := range todo {
				for _, rec := range ch.recs {
					if rec.err == nil && ctx.Err() == nil {
						rec.out, rec.err = do(s, ctx, rec.puzzle)
					}
				}
				close(ch.done)
			}
		}()
	}

	for ch := range ordered {
		select {
		case <-ch.done:
		case <-ctx.Done():
			<-stopWorkers(stop, &wg)
		}
		select {
		case <-ch.done:
		default:
			return true, nil // ctx ended before this chunk was done
		}
		for _, rec := range ch.recs {
			if !handle(rec) {
				return ctx.Err() != nil, nil
			}
		}
	}
	wg.Wait()
	return ctx.Err() != nil && readErr == nil, readErr
}

// readAll hands a record for every puzzle of every source to put, in
// order, until put says stop. A bad puzzle is a record with its error;
// an unreadable source ends it all.
func readAll(srcs []source, f layouts.Format, m *layouts.Model, n *atomic.Int64, put func(*record) bool) error {
	for _, s := range srcs {
		rc, err := s.open()
		if err != nil {
			return err
		}
		r := layouts.NewReader(countingReader{rc, n}, layouts.ReadOptions{File: s.name, Format: f, Model: m})
		for {
			p, err := r.Read()
			if err == io.EOF {
				break
			}
			rec := &record{puzzle: p, file: s.name}
			var pe *layouts.ParseError
			switch {
			case err == nil:
				rec.line = p.Source.Line
			case errors.As(err, &pe):
				rec.line = pe.Line
				rec.puzzle, rec.err = nil, err
			default:
				rc.Close()
				return fmt.Errorf("%s: %w", s.name, err)
			}
			if !put(rec) {
				rc.Close()
				return nil
			}
		}
		rc.Close()
	}
	return nil
}

// inputSize is the total size of the sources, or -1 if any is not a
// regular file.
func inputSize(srcs []source) int64 {
	var total int64
	for _, s := range srcs {
		st, err := os.Stat(s.name)
		if s.name == "-" || err != nil || !st.Mode().IsRegular() {
			return -1
		}
		total += st.Size()
	}
	return total
}

// stopWorkers cancels the run; the channel closes when workers return
// or after a short grace, since gophersat cannot be interrupted.
func stopWorkers(stop context.CancelFunc, wg *sync.WaitGroup) <-chan struct{} {
	stop()
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
	grace := make(chan struct{})
	go func() {
		select {
		case <-done:
		case <-time.After(50 * time.Millisecond):
		}
		close(grace)
	}()
	return grace
}

func (t *tally) add(rec *record) {
	t.puzzles++
	var ie internalError
	switch {
	case errors.As(rec.err, &ie):
		t.failed++
		t.internal = true
	case rec.err != nil && rec.puzzle == nil:
		t.bad++
	case rec.err != nil:
		t.failed++
	case rec.out.count == 0:
		t.none++
	default:
		t.solved++
		if rec.out.count == 1 {
			t.unique++
		} else {
			t.multiple++
		}
	}
	if t.first == nil {
		t.first = rec
	}
}

// exitCode is the highest code that the tally calls for.
func (t *tally) exitCode(noSolutionFails bool) int {
	switch {
	case t.internal:
		return exitInternal
	case t.bad > 0 || t.failed > 0:
		return exitBadInput
	case noSolutionFails && t.none > 0:
		return exitNoSolution
	}
	return exitOK
}

// stats prints --stats: one puzzle's engine figures, or a batch summary.
func (t *tally) stats(w io.Writer) {
	if t == nil {
		return
	}
	if t.puzzles == 1 && t.first.err == nil {
		r, o := t.first, t.first.out
		fmt.Fprintf(w, "%s: engine %s  time %v", r.where(), o.engine, o.elapsed.Round(time.Microsecond))
		if o.engine == "backtrack" {
			fmt.Fprintf(w, "  nodes %d", o.nodes)
		} else {
			fmt.Fprintf(w, "  vars %d  clauses %d  conflicts %d  decisions %d", o.vars, o.clauses, o.conflicts, o.decisions)
		}
		fmt.Fprintln(w)
		return
	}
	rate := 0.0
	if s := t.elapsed.Seconds(); s > 0 {
		rate = float64(t.puzzles) / s
	}
	fmt.Fprintf(w, "puzzles %d  solved %d  unique %d  multiple %d  none %d  errors %d  elapsed %v  %s puzzles/s\n",
		t.puzzles, t.solved, t.unique, t.multiple, t.none, t.bad+t.failed, t.elapsed.Round(time.Microsecond), formatRate(rate))
}

// formatRate prints a rate in whole units, or to two significant digits
// below 10 (a batch of hard puzzles does 0.18 puzzles/s, not 0).
func formatRate(r float64) string {
	if r >= 10 || r == 0 {
		return strconv.FormatFloat(r, 'f', 0, 64)
	}
	return strconv.FormatFloat(r, 'g', 2, 64)
}

// countingReader counts the bytes read through it, for progress.
type countingReader struct {
	r io.ReadCloser
	n *atomic.Int64
}

func (c countingReader) Read(p []byte) (int, error) {
	k, err := c.r.Read(p)
	c.n.Add(int64(k))
	return k, err
}

func (c countingReader) Close() error { return c.r.Close() }

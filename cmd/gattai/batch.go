package main

import (
	"bufio"
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"iter"
	"os"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"gattai"
	"gattai/layouts"
	"gattai/logic"
	"gattai/records"
)

// record is one input puzzle on its way through a batch: exactly one per
// puzzle read, bad ones included, emitted in input order.
type record struct {
	puzzle *layouts.Puzzle // nil when the input was bad
	file   string
	line   int   // the puzzle's first line; 0 for a file that could not be read
	pos    int64 // the bytes of the sources read up to the puzzle's end, for progress; 0 unknown
	err    error // bad input, engine failure, or the stop that cut it short
	out    outcome
	room   []uint8 // the solution of the puzzle last read into this record, for the next
}

// solve runs do on the record's puzzle unless it is bad, with s and
// into r.out, handing s the room of the record's last solution.
func (r *record) solve(s *gattai.Solver, ctx context.Context, do work) {
	if r.err != nil {
		return
	}
	if r.room != nil {
		s.Reuse(layouts.Grid{Digits: r.room})
		r.room = nil
	}
	r.err = do(s, ctx, r.puzzle, &r.out)
}

// outcome is what work made of a puzzle.
type outcome struct {
	gattai.Result
	expl   gattai.Explanation // explain: why it has no solution, or where two differ
	rating *logic.Rating      // rate, steps
	steps  []logic.Step       // hint, steps
}

// where is "file:line" of the puzzle, or the file, for messages.
func (r *record) where() string {
	if r.line == 0 {
		return shown(r.file)
	}
	return shown(r.file) + ":" + strconv.Itoa(r.line)
}

// stopped reports a record that a stop (--timeout, a signal) cut short:
// it has no answer and must never print as one.
func (r *record) stopped() bool {
	return r.err != nil && (errors.Is(r.err, context.DeadlineExceeded) || errors.Is(r.err, context.Canceled))
}

// chunk is a run of records handed to one worker at once, so that fast
// puzzles do not pay a channel hand-off each.
type chunk struct {
	recs []*record
	done chan struct{}
	// Where workers may share a chunk (pullPipeline), each claims its
	// next record with claimed and counts it done in left; whoever does
	// the last closes done.
	claimed, left atomic.Int64
}

// maxChunk bounds a chunk; chunks are smaller when input arrives slowly.
const maxChunk = 128

// stopGrace is how long a stopped batch waits for its workers: the
// native engine looks at the context every few milliseconds, gophersat
// is abandoned at once and external solvers are killed, so they return
// well within it and remove their temporary files.
const stopGrace = 3 * time.Second

// tally counts what a batch produced, for --stats and the exit code.
type tally struct {
	puzzles, solved, none, bad, failed, stopped int
	unique, multiple, found                     int // the solved, by status: found is not proved unique (a limit of 1)
	elapsed                                     time.Duration
	internal                                    bool
	gaveUp                                      bool    // a SAT solver answered UNKNOWN
	first                                       *record // for per-puzzle --stats
}

// work solves one puzzle with one worker's solver, into o, which is the
// record's and zero on entry (an outcome is too large to pass about by
// value a puzzle at a time).
type work func(s *gattai.Solver, ctx context.Context, p *layouts.Puzzle, o *outcome) error

// emitter writes one record to the output; stop reports a record that a
// stop cut short, as the stop's name ("timed out", "interrupted"). It
// sets r.err when the output format cannot hold r's answer.
type emitter func(w *bufio.Writer, r *record, stop string) error

// runBatch is a command's whole run over its inputs: results go through
// emit to the output, buffered, and the output file is committed even
// when some puzzles fail, since each has its record; not when the run
// was stopped. noSolutionFails makes a puzzle without solution, or with
// several, set the exit code.
func runBatch(e *env, in *inputFlags, ef *engineFlags, of *outputFlags, do work, emit emitter, noSolutionFails bool) error {
	ctx := e.ctx
	if ef.Timeout > 0 { // it bounds the whole run, opening -o included
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, ef.Timeout)
		defer cancel()
	}
	out, err := of.create(ctx, e)
	if err != nil {
		return err
	}
	defer out.abort()
	e.quietOn(out)
	w := bufio.NewWriterSize(out, outBuffer)
	var mu sync.Mutex // guards w: the records, and the flusher
	endFlusher := flushEvery(&mu, w)
	t, err := batch(ctx, e, in, ef, do, func(r *record, stop string) error {
		mu.Lock()
		defer mu.Unlock()
		if err := emit(w, r, stop); err != nil {
			return out.named(err) // not the temporary file's name
		}
		return nil
	})
	endFlusher()
	if ferr := w.Flush(); err == nil && ferr != nil {
		err = out.named(ferr)
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

// outBuffer is the size of a batch's output buffer: a write to a pipe
// or device goes through a goroutine that a stop can give up on (see
// stopWriter), and 32 KB make that hand-off rare.
const outBuffer = 32 << 10

// flushInterval bounds how long a record waits in the output's buffer.
const flushInterval = 100 * time.Millisecond

// flushEvery flushes w, under mu, every flushInterval while it holds
// records, so that they reach the reader of a batch as it goes even when
// the next puzzle takes long (a flush per record would cost a write call
// each; outBuffer holds 16000 counts). A failed flush stays in w, and
// the next record's write or the last flush returns it. The function it
// returns stops the flushes and waits until none runs.
func flushEvery(mu *sync.Mutex, w *bufio.Writer) (end func()) {
	tick := time.NewTicker(flushInterval)
	done, gone := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(gone)
		for {
			select {
			case <-tick.C:
				mu.Lock()
				if w.Buffered() > 0 {
					w.Flush()
				}
				mu.Unlock()
			case <-done:
				return
			}
		}
	}()
	return func() {
		tick.Stop()
		close(done)
		<-gone
	}
}

// failed reports a record that has no answer: on stderr, and as a
// comment record in its place in the output.
func failed(e *env, w *bufio.Writer, r *record, msg string) {
	fmt.Fprintln(e.stderr, msg)
	fmt.Fprintf(w, "# %s\n", msg)
}

// batch reads every source, runs work on each puzzle on the workers and
// calls emit for each record in input order. Memory stays bounded: at
// most a window of chunks is in flight. A stop (--timeout, a signal)
// ends the run at once, even while the input blocks: the puzzles read
// but not finished get a record saying so, and no more are read. ctx is
// e.ctx, bounded by --timeout.
func batch(ctx context.Context, e *env, in *inputFlags, ef *engineFlags, do work, emit func(*record, string) error) (*tally, error) {
	m, err := in.model()
	if err == nil {
		err = in.checkBlank()
	}
	if err != nil {
		return nil, &exitError{exitBadInput, err.Error()}
	}
	opts, err := ef.options()
	if err != nil {
		return nil, &exitError{exitBadInput, err.Error()}
	}
	ctx, stop := context.WithCancel(ctx)
	defer stop()
	// stopName is the name of the stop that ended the run, if any.
	stopName := func() string {
		switch {
		case e.ctx.Err() != nil:
			return "interrupted"
		case errors.Is(ctx.Err(), context.DeadlineExceeded):
			return "timed out"
		}
		return "stopped"
	}

	jobs := ef.jobs()
	srcs := in.sources(e.stdin)
	total := inputSize(srcs)
	var bytesRead atomic.Int64

	// The writer's side, in input order: tally, emit, show progress.
	t := &tally{}
	start := time.Now()
	prog := newProgress(e, cmp.Or(ef.verb, "solving"), total)
	var emitErr error
	var pos int64 // the input read up to the last record handled, in bytes
	handle := func(rec *record) bool {
		name := ""
		if rec.stopped() {
			name = stopName()
		}
		emitErr = emit(rec, name)
		t.add(rec) // after emit, which fails a record its format cannot hold
		if emitErr != nil {
			stop()
			return false
		}
		pos = max(pos, rec.pos) // 0 for a record of a file not read, or of a stop
		prog.update(t.puzzles, pos)
		return true
	}

	// A record handled is done with, but the first, which the tally
	// keeps: the puzzles read next take it over (see spares).
	sp := &spares{}
	handleAndFree := func(rec *record) bool {
		if !handle(rec) {
			return false
		}
		if rec != t.first {
			sp.put(rec)
		}
		return true
	}
	read := func(put func(*record) bool) {
		readAll(srcs, reading{in.Format, m, e.stderr, in.Blank, sp}, &bytesRead, put)
	}
	do = guarded(do)
	if jobs == 1 && total >= 0 {
		// One core and regular files, which never block: read, solve
		// and write in turn, with no hand-offs.
		s, _ := gattai.New(opts) // options checked above
		read(func(rec *record) bool {
			rec.solve(s, ctx, do)
			stopped := rec.stopped() // before the record is handed on
			return handleAndFree(rec) && !stopped
		})
	} else if total >= 0 {
		// Regular files: the workers read for themselves, in turn.
		pullPipeline(ctx, stop, jobs, opts, do, handleAndFree, read)
	} else {
		pipeline(ctx, stop, jobs, opts, do, handleAndFree, read)
	}
	prog.finish()
	t.elapsed = time.Since(start)
	switch {
	case emitErr != nil:
		return t, emitErr
	case ctx.Err() != nil && stopName() == "timed out":
		return t, &exitError{exitTimeout, fmt.Sprintf("timed out after %v with %s done", ef.Timeout, puzzles(t.puzzles-t.stopped))}
	case ctx.Err() != nil:
		return t, &exitError{exitTimeout, fmt.Sprintf("interrupted with %s done", puzzles(t.puzzles-t.stopped))}
	}
	return t, nil
}

// pipeline runs read on one goroutine, do on jobs workers and handle on
// the caller's, in input order, for input that may block (stdin, a
// pipe). The reader gathers records into chunks, each entering the
// ordered window when it opens and going to a worker as soon as one is
// free, or at maxChunk: puzzles are handed on as they come, fast ones
// pay few hand-offs, and memory stays bounded by the window. When ctx
// ends, the records of the chunks in the window are handled (as
// stopped, when no worker finished them), and pipeline returns without
// waiting for the reader, which may be blocked in a read.
func pipeline(ctx context.Context, stop context.CancelFunc, jobs int, opts gattai.Options, do work,
	handle func(*record) bool, read func(put func(*record) bool)) {
	todo := make(chan *chunk)
	ordered := make(chan *chunk, 4*jobs)
	// filling guards cur, the chunk the reader is filling, which the
	// caller looks into when a stop comes before it is handed on, and
	// which a worker that is free takes when held signals it: the reader
	// may then be blocked in a read for as long as the input waits, and
	// the records it gathered must not wait with it.
	var filling sync.Mutex
	var cur *chunk
	held := make(chan struct{}, 1)
	// take hands over cur, nil if a worker took it already.
	take := func() *chunk {
		filling.Lock()
		defer filling.Unlock()
		c := cur
		cur = nil
		return c
	}
	go func() {
		defer close(todo)
		defer close(ordered)
		send := func(c *chunk) bool {
			select {
			case todo <- c:
				return true
			case <-ctx.Done():
				return false
			}
		}
		read(func(rec *record) bool {
			filling.Lock()
			if cur == nil { // handed on: a new chunk, which only the reader makes
				filling.Unlock()
				c := &chunk{recs: make([]*record, 0, maxChunk), done: make(chan struct{})}
				select {
				case ordered <- c:
				case <-ctx.Done():
					// Room in the window: the record is reported as
					// stopped. It joins its chunk before the caller can
					// see the chunk.
					c.recs = append(c.recs, rec)
					select {
					case ordered <- c:
					default:
					}
					return false
				}
				filling.Lock()
				cur = c
			}
			// Under the lock, so that no worker takes the chunk midway.
			cur.recs = append(cur.recs, rec)
			n := len(cur.recs)
			stopped := ctx.Err() != nil
			filling.Unlock()
			switch {
			case stopped:
				return false
			case n == maxChunk:
				if c := take(); c != nil {
					return send(c)
				}
			default:
				select {
				case held <- struct{}{}: // the first free worker takes it
				default: // one is told already
				}
			}
			return true
		})
		if c := take(); c != nil {
			send(c)
		}
	}()

	var wg sync.WaitGroup
	for range jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s, _ := gattai.New(opts) // options checked by batch
			for {
				var ch *chunk
				select {
				case c, ok := <-todo:
					if !ok {
						return
					}
					ch = c
				case <-held:
					if ch = take(); ch == nil {
						continue
					}
				case <-ctx.Done():
					return
				}
				for _, rec := range ch.recs {
					rec.solve(s, ctx, do)
				}
				close(ch.done)
			}
		}()
	}

	emitInOrder(ctx, stop, ordered, &wg, true, &filling, handle, nil)
}

// pullPipeline runs do on jobs workers and handle on the caller's
// goroutine, in input order, for inputs that never block (regular
// files). There is no reader goroutine: a worker that needs work runs
// the reader itself, in turn with the others, until it has a chunk, then
// solves the chunk. Nothing is handed from goroutine to goroutine but
// the chunk to the writer, and the reader's work is shared by the
// workers. Chunk sizes follow the time puzzles take: about
// chunkTarget of work, at least one puzzle and at most maxChunk, so
// that cheap puzzles pay few hand-offs and hard ones are not dealt out
// unevenly. Once the input is read, a worker with nothing to read
// claims records of the chunks the others are solving (the one with the
// most unclaimed first), so that the last chunks end together rather
// than one worker finishing alone. A stop is seen by the workers before
// each chunk and each puzzle; the chunks in the window are then handled
// as by pipeline.
func pullPipeline(ctx context.Context, stop context.CancelFunc, jobs int, opts gattai.Options, do work,
	handle func(*record) bool, read func(put func(*record) bool)) {
	// perPuzzle is the recent time a puzzle took, in ns; 0 until known.
	var perPuzzle atomic.Int64
	next, stopRead := iter.Pull(func(yield func(*chunk) bool) {
		var ch *chunk
		read(func(rec *record) bool {
			if ch == nil {
				ch = &chunk{recs: make([]*record, 0, pullChunkSize(perPuzzle.Load())), done: make(chan struct{})}
			}
			ch.recs = append(ch.recs, rec)
			if len(ch.recs) < cap(ch.recs) {
				return true
			}
			full := ch
			ch = nil
			return yield(full)
		})
		if ch != nil {
			yield(ch)
		}
	})

	ordered := make(chan *chunk, 4*jobs)
	var (
		reading sync.Mutex // the reader, ordered's sends, ended and open
		ended   bool       // the input is read, or the run stopped
		open    []*chunk   // chunks handed out whose records may not all be claimed
		wg      sync.WaitGroup
	)
	// prune drops from open the chunks whose records are all claimed:
	// open holds those of the window at most. Called with reading held.
	prune := func() {
		kept := open[:0]
		for _, ch := range open {
			if ch.claimed.Load() < int64(len(ch.recs)) {
				kept = append(kept, ch)
			}
		}
		clear(open[len(kept):])
		open = kept
	}
	// end ends the input: no chunk is read or sent after it. Called
	// with reading held.
	end := func() {
		if !ended {
			ended = true
			stopRead() // ends the reader, if a stop left it part way
			close(ordered)
		}
	}
	// take reads the next chunk and puts it in the window, in the order
	// read; nil at the end of the input or at a stop.
	take := func() *chunk {
		reading.Lock()
		defer reading.Unlock()
		if ended || ctx.Err() != nil {
			end()
			return nil
		}
		ch, ok := next()
		if !ok {
			end()
			return nil
		}
		select {
		case ordered <- ch:
			ch.left.Store(int64(len(ch.recs)))
			prune()
			open = append(open, ch)
			return ch
		case <-ctx.Done():
			// Never solved: its records are reported as stopped, if
			// there is room for it in the window.
			for _, rec := range ch.recs {
				if rec.err == nil {
					rec.err = ctx.Err()
				}
			}
			close(ch.done)
			select {
			case ordered <- ch:
			default:
			}
			end()
			return nil
		}
	}
	// share is a chunk handed out with records no worker has claimed, the
	// one with the most, once the input is read; nil if none. A worker
	// with nothing left to read helps with it, so that the last chunks
	// do not keep one worker busy while the others wait.
	share := func() *chunk {
		reading.Lock()
		defer reading.Unlock()
		prune()
		var best *chunk
		most := int64(0)
		for _, ch := range open {
			if n := int64(len(ch.recs)) - ch.claimed.Load(); n > most {
				best, most = ch, n
			}
		}
		return best
	}
	for range jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s, _ := gattai.New(opts) // options checked by batch
			for {
				ch := take()
				if ch == nil {
					if ch = share(); ch == nil {
						return
					}
				}
				start, n := time.Now(), int64(0)
				for {
					i := ch.claimed.Add(1) - 1
					if i >= int64(len(ch.recs)) {
						break
					}
					ch.recs[i].solve(s, ctx, do)
					n++
					if ch.left.Add(-1) == 0 {
						close(ch.done)
						// The writer, waiting for this chunk, runs now:
						// with a worker on every core it would wait
						// for one to block or be preempted (10 ms),
						// and the records in flight would pile up to
						// the window, each fresh memory.
						runtime.Gosched()
					}
				}
				if n == 0 {
					continue
				}
				t := int64(time.Since(start)) / n
				if old := perPuzzle.Load(); old > 0 {
					t = (3*old + t) / 4
				}
				perPuzzle.Store(max(t, 1))
			}
		}()
	}
	// At a stop, the writer ends the input itself, lest a worker that
	// does not return keep the window open.
	emitInOrder(ctx, stop, ordered, &wg, false, &reading, handle, end)
}

// pullChunkSize is the size of the next chunk when a puzzle takes
// perPuzzle ns (0: not known yet, one puzzle).
func pullChunkSize(perPuzzle int64) int {
	if perPuzzle <= 0 {
		return 1
	}
	return int(max(1, min(maxPullChunk, int64(chunkTarget)/perPuzzle)))
}

// chunkTarget is the work a pulled chunk aims at: enough to make its
// hand-off cheap. (The last chunks are shared out record by record.)
const chunkTarget = time.Millisecond

// maxPullChunk bounds a pulled chunk; the window of 4 chunks a worker
// bounds memory.
const maxPullChunk = 256

// emitInOrder hands the records of the chunks in ordered to handle, in
// order, each once its worker is done with it, until ordered is closed
// (once the workers are done) or ctx ends. Then the records of the
// chunks in the window are handled, as stopped when no worker finished
// them; the chunks are read from ordered while it has them, or only
// those already there when the input may block (blocking). filling
// guards a chunk that its producer may still be filling; endInput, if
// not nil, is called with filling held once the workers are stopped,
// and must close ordered.
func emitInOrder(ctx context.Context, stop context.CancelFunc, ordered <-chan *chunk, wg *sync.WaitGroup, blocking bool,
	filling *sync.Mutex, handle func(*record) bool, endInput func()) {
	stopAll := func() {
		stopWorkers(stop, wg)
		if endInput != nil {
			filling.Lock()
			endInput()
			filling.Unlock()
		}
	}
	for {
		var ch *chunk
		select {
		case c, ok := <-ordered:
			if !ok {
				wg.Wait()
				return
			}
			ch = c
			select {
			case <-ch.done:
			case <-ctx.Done():
			}
		case <-ctx.Done():
		}
		if ctx.Err() == nil {
			for _, rec := range ch.recs {
				if !handle(rec) { // the output failed: nothing more to say
					stopAll()
					return
				}
			}
			continue
		}
		// Stopped: let the workers return, then say what became of the
		// chunks in the window. The reader stops at its next record;
		// wait for it only when its input cannot block.
		stopAll()
		for ; ; ch = nil {
			if ch == nil {
				var ok bool
				if blocking {
					select {
					case ch, ok = <-ordered:
					default:
					}
				} else {
					ch, ok = <-ordered
				}
				if !ok {
					return
				}
			}
			var recs []*record
			select {
			case <-ch.done: // finished or stopped by its worker
				recs = ch.recs
			default: // never finished: the reader may still hold it
				filling.Lock()
				recs = make([]*record, len(ch.recs))
				for i, rec := range ch.recs {
					recs[i] = &record{file: rec.file, line: rec.line, err: ctx.Err()}
				}
				filling.Unlock()
			}
			for _, rec := range recs {
				if !handle(rec) {
					return
				}
			}
		}
	}
}

// guarded makes a work function mark what a stop cut short: an engine
// stopped by ctx returns ctx's error, never a count.
func guarded(do work) work {
	return func(s *gattai.Solver, ctx context.Context, p *layouts.Puzzle, o *outcome) error {
		if err := ctx.Err(); err != nil {
			return err
		}
		err := do(s, ctx, p, o)
		if err == nil && ctx.Err() != nil {
			err = ctx.Err() // finished as the stop came: drop it
		}
		return err
	}
}

// reading is how the sources are read: the --format flag, the layout
// (nil: detected), and where notes on links go.
type reading struct {
	format string
	model  *layouts.Model
	notes  io.Writer
	blank  string  // --blank
	spares *spares // records to read into; nil: fresh ones
}

// spares are records that the writer is done with, their puzzle and
// the room of their solution, for the puzzles read next to take over: a
// batch of cheap puzzles then reads and solves into the same memory
// over and over. Otherwise every puzzle, record and solution is fresh
// memory, which a run too short for the collector to reuse faults in a
// page at a time: most of a sudoku17 count's page faults. The writer
// puts, the reader of the moment takes. A record is made only when
// there is no spare, so the records, spare or in flight, are never more
// than the most the window held at once.
type spares struct {
	mu   sync.Mutex
	recs []*record
}

// put hands over a record that nothing will look at again, keeping of
// it what the next puzzle reuses; s may be nil.
func (s *spares) put(r *record) {
	if s == nil {
		return
	}
	room := r.out.Grid.Digits
	if room == nil { // no answer: the room it was given, if unused
		room = r.room
	}
	*r = record{puzzle: r.puzzle, room: room}
	s.mu.Lock()
	s.recs = append(s.recs, r)
	s.mu.Unlock()
}

// take is a spare record, or nil; s may be nil.
func (s *spares) take() *record {
	if s == nil {
		return nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	n := len(s.recs)
	if n == 0 {
		return nil
	}
	r := s.recs[n-1]
	s.recs[n-1] = nil
	s.recs = s.recs[:n-1]
	return r
}

// reuser is a reader that can read into a puzzle its caller is done
// with (layouts.Reader).
type reuser interface {
	Reuse(p *layouts.Puzzle)
}

// readAll hands a record for every puzzle of every source to put, in
// order, until put says stop. A bad puzzle is a record with its error;
// so is a source that cannot be opened or read, and the next source is
// read.
func readAll(srcs []source, rd reading, n *atomic.Int64, put func(*record) bool) {
	for _, s := range srcs {
		if !readSource(s, rd, n, put) {
			return
		}
	}
}

// readSource is readAll for one source; it reports whether to go on.
func readSource(s source, rd reading, n *atomic.Int64, put func(*record) bool) bool {
	rc, err := s.open()
	if err != nil {
		return put(&record{file: s.name, err: pathless(err)})
	}
	defer rc.Close()
	cr := bufio.NewReaderSize(countingReader{rc, n}, 64<<10)
	br := layouts.UTF8(cr)
	// Each record is marked with the input read up to its end: what was
	// read from the sources less what waits in the buffer (a UTF-16
	// text's decoded buffer aside), for progress.
	all := put
	put = func(rec *record) bool {
		rec.pos = n.Load() - int64(cr.Buffered())
		return all(rec)
	}
	if recordInput(rd.format, br) {
		return readRecords(s.name, rd, br, put)
	}
	if linkInput(rd.format, rd.blank, br) {
		if rd.model != nil {
			return put(&record{file: s.name, err: errors.New("a setter's link carries its own layout: drop --layout, --layout-file, --size and --box")})
		}
		return readLinks(s.name, rd.format, br, rd.notes, rd.spares, put)
	}
	f, _ := layouts.ParseFormat(rd.format) // kong's enum holds it to the list
	return readPuzzles(s.name, layouts.NewReader(br, layouts.ReadOptions{File: s.name, Format: f, Model: rd.model, Blank: rd.blank}), rd.spares, put)
}

// readRecords is readSource for gattai's own records (--to json): each
// record's puzzle, on its layout, or as --layout and the like say for a
// record without one.
func readRecords(name string, rd reading, br *bufio.Reader, put func(*record) bool) bool {
	return readPuzzles(name, records.NewReader(br, layouts.ReadOptions{File: name, Model: rd.model, Blank: rd.blank}), rd.spares, put)
}

// puzzleReader reads the puzzles of a source one at a time, a bad one
// a *layouts.ParseError, then io.EOF: a layouts.Reader or a
// records.Reader.
type puzzleReader interface {
	Read() (*layouts.Puzzle, error)
}

// readPuzzles hands a record for each puzzle that r reads from the
// source name to put, read into spare records and puzzles while there
// are; it reports whether to go on.
func readPuzzles(name string, r puzzleReader, sp *spares, put func(*record) bool) bool {
	ru, _ := r.(reuser)
	for {
		rec := sp.take()
		if rec == nil {
			rec = new(record)
		} else {
			if ru != nil && rec.puzzle != nil {
				ru.Reuse(rec.puzzle)
			}
			*rec = record{room: rec.room}
		}
		p, err := r.Read()
		if err == io.EOF {
			sp.put(rec)
			return true
		}
		rec.puzzle, rec.file = p, name
		if err == nil {
			rec.line = p.Source.Line
		} else if line, ok := parseErrorLine(err); ok {
			rec.line = line
			rec.puzzle, rec.err = nil, err
		} else { // the source failed: its record, then the next source
			return put(&record{file: name, err: pathless(err)})
		}
		if !put(rec) {
			return false
		}
	}
}

// parseErrorLine is the line of a *layouts.ParseError. It is apart from
// readSource so that the target of errors.As, which escapes, is made only
// for errors, not once per record.
func parseErrorLine(err error) (int, bool) {
	var pe *layouts.ParseError
	if errors.As(err, &pe) {
		return pe.Line, true
	}
	return 0, false
}

// pathless drops the path from an error about a file that its record
// names already.
func pathless(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// inputSize is the total size of the sources, or -1 if any is not a
// regular file (a pipe, a terminal, a device may block or never end).
func inputSize(srcs []source) int64 {
	var total int64
	for _, s := range srcs {
		if s.name == "-" {
			return -1
		}
		st, err := os.Stat(s.name)
		if err != nil {
			continue // its record will say why
		}
		if !st.Mode().IsRegular() {
			return -1
		}
		total += st.Size()
	}
	return total
}

// stopWorkers cancels the run and waits up to stopGrace for the workers.
func stopWorkers(stop context.CancelFunc, wg *sync.WaitGroup) {
	stop()
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(stopGrace):
	}
}

func (t *tally) add(rec *record) {
	t.puzzles++
	switch {
	case rec.err == nil && rec.out.Count == 0:
		t.none++
	case rec.err == nil:
		t.solved++
		switch rec.out.Status() {
		case gattai.Unique:
			t.unique++
		case gattai.Found:
			t.found++
		default:
			t.multiple++
		}
	case rec.stopped():
		t.stopped++
	case errors.Is(rec.err, gattai.ErrEngine):
		t.failed++
		t.internal = true
	case errors.Is(rec.err, gattai.ErrUnknown):
		t.failed++
		t.gaveUp = true
	case rec.puzzle == nil:
		t.bad++
	default:
		t.failed++
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
	case t.stopped > 0 || t.gaveUp:
		return exitTimeout
	case t.bad > 0 || t.failed > 0:
		return exitBadInput
	case noSolutionFails && (t.none > 0 || t.multiple > 0):
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
		fmt.Fprintf(w, "%s: engine %s  time %v", r.where(), o.Engine, o.Elapsed.Round(time.Microsecond))
		switch {
		case o.Engine == gattai.EngineBacktrack:
			fmt.Fprintf(w, "  nodes %d", o.Nodes)
		case gophersat(o.Engine):
			fmt.Fprintf(w, "  vars %d  clauses %d  conflicts %d  decisions %d", o.Vars, o.Clauses, o.Conflicts, o.Decisions)
		default: // an external solver, which tells no conflicts or decisions
			fmt.Fprintf(w, "  vars %d  clauses %d", o.Vars, o.Clauses)
		}
		fmt.Fprintln(w)
		return
	}
	rate := 0.0
	if s := t.elapsed.Seconds(); s > 0 {
		rate = float64(t.puzzles-t.stopped) / s
	}
	fmt.Fprintf(w, "puzzles %d  solved %d  unique %d", t.puzzles, t.solved, t.unique)
	if t.found > 0 { // --first, --limit 1: one solution each, not proved unique
		fmt.Fprintf(w, "  found %d", t.found)
	}
	fmt.Fprintf(w, "  multiple %d  none %d  errors %d", t.multiple, t.none, t.bad+t.failed)
	if t.stopped > 0 {
		fmt.Fprintf(w, "  stopped %d", t.stopped)
	}
	fmt.Fprintf(w, "  elapsed %v  %s puzzles/s\n", t.elapsed.Round(time.Microsecond), formatRate(rate))
}

// gophersat reports whether gophersat gave the answer that a result's
// engine names ("sat", "backtrack, then sat"): only it counts conflicts
// and decisions.
func gophersat(engine string) bool {
	return engine == gattai.EngineSAT || strings.HasSuffix(engine, ", then "+gattai.EngineSAT)
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

// puzzles is "1 puzzle" or "N puzzles".
func puzzles(n int) string {
	if n == 1 {
		return "1 puzzle"
	}
	return strconv.Itoa(n) + " puzzles"
}

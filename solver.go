package gattai

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	"gattai/encode"
	"gattai/layouts"
	"gattai/sat"
)

// Engine choices for Options.Engine.
const (
	EngineAuto      = "auto"      // the native engine, racing cadical (or gophersat) on hard big puzzles
	EngineBacktrack = "backtrack" // the native engine
	EngineSAT       = "sat"       // gophersat
	EngineExternal  = "external"  // a DIMACS solver process, Options.Solver
)

// Engines lists the choices of Options.Engine.
func Engines() []string { return []string{EngineAuto, EngineBacktrack, EngineSAT, EngineExternal} }

// Verify chooses whether a second engine confirms each answer.
type Verify uint8

const (
	VerifyDefault Verify = iota // on for sat and external, off for auto and backtrack
	VerifyOn
	VerifyOff
)

// Options choose how puzzles are solved. The zero value is auto, with
// cadical as its second engine when cadical is on the PATH.
type Options struct {
	Engine   string         // one of Engines(); "" is auto
	Solver   string         // external, and auto's second engine when on the PATH: the solver's name or path; "" is cadical
	Encoding encode.Options // the CNF encodings of the SAT engines
	Verify   Verify
}

// Status is what a count found, relative to its limit.
type Status uint8

const (
	None     Status = iota // no solution
	Unique                 // exactly one, proved (the limit was above 1)
	Multiple               // at least two
	Found                  // one, not proved unique (the limit was 1)
)

func (s Status) String() string {
	if names := [...]string{"none", "unique", "multiple", "found"}; int(s) < len(names) {
		return names[s]
	}
	return fmt.Sprintf("Status(%d)", s)
}

// Result is an engine's answer for one puzzle. Its grid, when Count is
// above 0, has passed layouts.Check.
type Result struct {
	Count  int          // solutions found, at most Limit
	Limit  int          // the limit the count stopped at
	Grid   layouts.Grid // the first solution found
	Engine string       // the engine that answered: "backtrack", "sat", "cadical", "backtrack, then cadical" (auto)
	Check  string       // the engine that confirmed the answer, if one did

	Elapsed              time.Duration
	Nodes                int64 // backtrack: search nodes
	Vars, Clauses        int   // SAT: the formula's size
	Conflicts, Decisions int64 // gophersat
}

// Status is None, Unique, Multiple or Found.
func (r Result) Status() Status {
	switch {
	case r.Count == 0:
		return None
	case r.Count > 1:
		return Multiple
	case r.Limit > 1:
		return Unique
	}
	return Found
}

// CountText is the count as gattai count prints it: "N+" when the
// search stopped at the limit.
func (r Result) CountText() string {
	if r.Count >= r.Limit {
		return strconv.Itoa(r.Count) + "+"
	}
	return strconv.Itoa(r.Count)
}

// ErrEngine is wrapped by an engine's failure: a wrong answer, two
// engines that disagree, a solver that crashed. It is a fault of gattai
// or of a solver, never of the puzzle. It is sat.ErrEngine, which the
// SAT engines wrap.
var ErrEngine = sat.ErrEngine

// ErrUnknown is wrapped by the error of an external SAT solver that
// answered UNKNOWN: it gave up, on a limit of its own say. It is
// sat.ErrUnknown.
var ErrUnknown = sat.ErrUnknown

// A Solver solves puzzles with the engines its options choose, checks
// every answer with layouts.Check and, when asked, confirms it with a
// second engine. It keeps the tables of the last model it solved on
// between calls, so that a batch of puzzles on one model (one
// *layouts.Model: the puzzles of one read share theirs) pays for them
// once. One Solver per goroutine.
type Solver struct {
	opts   Options
	native *Native
	sat    Engine // gophersat, or the external solver
	gopher Engine // gophersat: auto's second engine, and the native one's check

	// nativeCheck checks the native engine's answers, which come from
	// one goroutine at a time (auto waits for it).
	nativeCheck layouts.Checker

	// budget is autoBudget; tests shorten it.
	budget func(m *layouts.Model, external bool) budget
}

// New checks opts and makes a Solver.
func New(opts Options) (*Solver, error) {
	switch opts.Engine {
	case "":
		opts.Engine = EngineAuto
	case EngineAuto, EngineBacktrack, EngineSAT, EngineExternal:
	default:
		return nil, fmt.Errorf("unknown engine %q (want one of auto, backtrack, sat, external)", opts.Engine)
	}
	if opts.Verify > VerifyOff {
		return nil, fmt.Errorf("unknown Verify %d (want VerifyDefault, VerifyOn or VerifyOff)", opts.Verify)
	}
	if opts.Solver == "" {
		opts.Solver = "cadical"
	}
	gopher := &Gophersat{Encoding: opts.Encoding}
	s := &Solver{opts: opts, native: &Native{}, gopher: gopher, sat: gopher, budget: autoBudget}
	if opts.Engine == EngineExternal || opts.Engine == EngineAuto {
		// auto's second engine, when the solver is on the PATH
		s.sat = &External{Solver: opts.Solver, Encoding: opts.Encoding}
	}
	return s, nil
}

// Reuse hands the next Count a grid its caller is done with: the native
// engine may write the solution it finds into g's digits instead of new
// memory. A batch that hands back each answer once it has written it
// then solves into the same memory over and over. The caller must not
// use g after.
func (s *Solver) Reuse(g layouts.Grid) { s.native.room = g.Digits }

// Options are the solver's options, defaults filled in.
func (s *Solver) Options() Options { return s.opts }

// Solve counts p's solutions to 2: the result says whether the first
// grid found is the only one.
func (s *Solver) Solve(ctx context.Context, p *layouts.Puzzle) (Result, error) {
	return s.Count(ctx, p, 2)
}

// Count counts p's solutions up to limit (less than 1 means 1) with the
// chosen engine, checks the grid it returns and, when verifying, counts
// again with the other engine and fails (ErrEngine) on disagreement.
func (s *Solver) Count(ctx context.Context, p *layouts.Puzzle, limit int) (Result, error) {
	limit = max(limit, 1)
	if err := unusable(ctx, p); err != nil {
		return Result{Limit: limit}, err
	}
	switch s.opts.Engine {
	case EngineAuto:
		return s.auto(ctx, p, limit)
	case EngineBacktrack:
		return s.verified(ctx, s.native, p, limit)
	}
	return s.verified(ctx, s.sat, p, limit)
}

// ErrNilContext is the error of a call given a nil context.
var ErrNilContext = errors.New("nil context (context.Background() where none is meant)")

// unusable refuses a nil context, and a puzzle with no model or none at
// all, which every engine would (layouts.Puzzle.Validate) if it got
// that far.
func unusable(ctx context.Context, p *layouts.Puzzle) error {
	switch {
	case ctx == nil:
		return ErrNilContext
	case p == nil:
		return fmt.Errorf("%w: no puzzle", layouts.ErrPuzzle)
	case p.Model == nil:
		return p.Validate()
	}
	return nil
}

// CountWithin is Count with the native engine alone, whatever the
// options, giving up after nodes search nodes (an error wrapping
// ErrNodes) where the engine's general search runs; a plain 9x9 or
// linked 9x9 grids, whose searches are short, are not bounded. The
// bound falls on the same node on every run: a caller that restarts a
// hard search elsewhere (generate's Fill) stays deterministic. The
// grid it returns passes layouts.Check; it is not confirmed by a
// second engine.
func (s *Solver) CountWithin(ctx context.Context, p *layouts.Puzzle, limit int, nodes int64) (Result, error) {
	if err := unusable(ctx, p); err != nil {
		return Result{Limit: max(limit, 1)}, err
	}
	s.native.maxNodes = nodes
	defer func() { s.native.maxNodes = 0 }()
	return s.checked(ctx, s.native, p, max(limit, 1))
}

// CountWithout is Count of the solutions of p in which cell (an index
// into p.Givens) does not hold digit (1..N), as if that candidate were
// ruled out, with the engines of the options: the SAT engines add a
// unit clause. A generator proves the removal of a given this way: the
// puzzle without it keeps its one solution exactly when no solution
// puts another digit there, a search that need not find the solution
// it knows. Every grid an engine returns is checked to hold another
// digit at cell, besides layouts.Check. A cell or digit out of range is
// an error wrapping layouts.ErrPuzzle.
func (s *Solver) CountWithout(ctx context.Context, p *layouts.Puzzle, limit int, cell int, digit uint8) (Result, error) {
	if err := unusable(ctx, p); err != nil {
		return Result{Limit: max(limit, 1)}, err
	}
	if cell < 0 || cell >= len(p.Givens) || digit < 1 || int(digit) > p.Model.N {
		return Result{Limit: max(limit, 1)}, fmt.Errorf("%w: candidate %d of cell %d: no such cell or digit", layouts.ErrPuzzle, digit, cell)
	}
	s.ruleOut(sat.Candidate{Cell: cell, Digit: digit})
	defer s.ruleOut(sat.Candidate{})
	return s.Count(ctx, p, limit)
}

// ruleOut sets the candidate that every engine rules out (none: the
// zero candidate).
func (s *Solver) ruleOut(c sat.Candidate) {
	s.native.without = c
	for _, e := range []Engine{s.sat, s.gopher} {
		switch e := e.(type) {
		case *Gophersat:
			e.without = c
		case *External:
			e.without = c
		}
	}
}

// budget is how much the native engine searches a puzzle alone before
// auto starts a second engine beside it: nodes search nodes, or wall
// time, whichever comes first; and when the native engine yields its
// core to the second one.
type budget struct {
	nodes int64         // 0: wall time only
	busy  int64         // nodes instead, when the machine has no core to spare (yielder.busy); then the native engine yields at once
	wall  time.Duration // 0: the native engine alone
	yield int64         // search nodes after which the native engine yields its core to the second (see yielder); 0: never
}

// autoBudget is auto's budget for a puzzle on m; external says whether
// the second engine is an external solver (cadical) rather than
// gophersat.
//
// The budget counts search nodes, not time. The native engine's node
// count says how hard a puzzle is whatever the machine's load; a budget
// in time was spent by a busy machine rather than by the puzzle, and
// started the second engine on easy puzzles, which it made slower: on a
// machine with no core to spare the two engines share one. The wall
// time is only a bound for puzzles whose nodes are slow (large variant
// grids), far above what an easy puzzle takes on a busy machine.
//
// Measured (BENCHMARKS.md, "Choosing an engine"): the native engine
// wins on typical puzzles of every size and kind, several times over,
// and they end within a few hundred nodes, rarely beyond a thousand at
// 25x25; on the hardest big puzzles, thousands of nodes and more, SAT's
// learning wins, cadical by far, gophersat by less and not always. So
// where cadical can join, it joins early, at 25x25 after 250 nodes,
// which a quarter of typical puzzles outlast: on a spare core its start
// costs them a few percent, where joining at 500 left the hardest at
// 1.2 times cadical's own time, and at 1000 at 1.25 (the native nodes
// spent before it joins are the difference). A puzzle cadical wins
// costs little more than cadical alone, and a puzzle the native engine
// wins costs a second core for the milliseconds until it does, the
// solver's process killed then.
// A little later, when the puzzle is clearly hard, the native engine
// yields: it goes on at the lowest priority, so on a busy machine the
// second engine gets the core and the native one what is left (all of a
// spare core, on an idle machine).
//
// That holds where a core is spare. Where none is (yielder.busy), the
// two engines would share one: a typical puzzle past the early budget
// would lose half its speed, and a hard one would leave the second
// engine half a core. So there the second engine joins at the busy
// budget, past the nodes of nearly every typical puzzle, and the native
// engine yields at once.
//
// gophersat, slower and whose search goes on in the background until it
// ends when abandoned (see sat.Count), joins later, and the native
// engine yields to it only after searching long. Kinds do not change the
// choice: nonconsecutive, the closest, is level.
func autoBudget(m *layouts.Model, external bool) budget {
	switch {
	case m.N < 16:
		return budget{}
	case m.N < 25 && external:
		return budget{nodes: 2000, busy: 4000, wall: 500 * time.Millisecond, yield: 10000}
	case m.N < 25:
		return budget{nodes: 4000, wall: 500 * time.Millisecond}
	case external:
		return budget{nodes: 250, busy: 2000, wall: 1500 * time.Millisecond, yield: 2500}
	}
	return budget{nodes: 2500, wall: 1500 * time.Millisecond, yield: 15000}
}

// pollEvery is how often auto looks at the native engine's node count.
const pollEvery = time.Millisecond

// outcome is an engine's answer, passed between goroutines.
type outcome struct {
	r   Result
	err error
}

// second is auto's second engine: the external solver (Options.Solver,
// cadical by default) when its binary is on the PATH, gophersat when
// it is not.
func (s *Solver) second() Engine {
	if x, ok := s.sat.(*External); ok && !x.available() {
		return s.gopher
	}
	return s.sat
}

// auto runs the native engine and, if it outlasts its budget
// (autoBudget) and the formula fits in memory, a second engine (see
// second) beside it, in another goroutine: the first answer wins and
// the other engine is stopped. The native engine stops within a
// millisecond and auto waits for it, since the next call reuses
// s.native; an external solver is killed, and auto waits until its
// process is gone; gophersat returns at once, its search abandoned to
// end in the background (see sat.Count). Each answer passes
// layouts.Check (checked), and the winner is confirmed when verifying.
//
// The native search runs on the caller's goroutine until it has spent
// its budget, which most puzzles do not: they pay for no hand-off (which
// cost an easy 16x16 a tenth of its time, mostly the runtime waking an
// idle thread for a new goroutine). A search past it pauses and goes on
// in a goroutine of its own, locked to its thread, so that the thread
// can be lowered (yielder) and end with the goroutine: the caller's
// thread is never lowered.
//
// An error of the second engine other than a wrong answer (ErrEngine),
// such as a rule it cannot encode, leaves the puzzle to the native
// engine.
func (s *Solver) auto(ctx context.Context, p *layouts.Puzzle, limit int) (Result, error) {
	second := s.second()
	_, external := second.(*External)
	b := s.budget(p.Model, external)
	if b.wall == 0 {
		return s.verified(ctx, s.native, p, limit)
	}
	start := time.Now()
	deadline := start.Add(b.wall)
	nctx, stopNative := context.WithCancel(ctx)
	defer stopNative()
	var y yielder
	s.native.pause = func(nodes int64) bool {
		now := time.Now()
		if now.Sub(start) >= pollEvery {
			y.markHere() // from here on: is the search kept waiting for a CPU?
		}
		return b.nodes > 0 && nodes >= b.nodes || !now.Before(deadline)
	}
	r, err := s.checked(nctx, s.native, p, limit)
	s.native.pause = nil
	if !errors.Is(err, errPaused) {
		return s.confirm(ctx, s.native, p, limit, r, err)
	}
	// Where no core is spare, the second engine waits for the busy
	// budget (see autoBudget); whether one is, as measured while the
	// search ran here, on this thread, the search's one now.
	n := s.native.progress.Load() // at the pause
	waitBusy := b.busy > b.nodes && n < b.busy && time.Now().Before(deadline) && y.busy(1)
	native := make(chan outcome, 1)
	go func() {
		y.enter()
		r, err := s.native.resume(nctx, limit)
		r, err = s.check(s.native, p, r, err)
		y.leave()
		native <- outcome{r, err}
	}()
	busy := false
	if waitBusy {
		var o outcome
		var done bool
		if o, done, busy = s.wait(native, &y, b, deadline); done {
			return s.confirm(ctx, s.native, p, limit, o.r, o.err)
		}
	}
	// The formula is measured first (a big rule can take seconds to
	// list), while the search goes on: its answer ends the measure.
	mctx, stopMeasure := context.WithCancel(ctx)
	sized := make(chan error, 1)
	go func() { sized <- checkCNFSize(mctx, p, s.opts.Encoding) }()
	select {
	case o := <-native:
		stopMeasure()
		<-sized
		return s.confirm(ctx, s.native, p, limit, o.r, o.err)
	case err := <-sized:
		stopMeasure()
		if err != nil {
			// Too large for SAT, or stopped while measuring: the
			// native engine alone.
			o := <-native
			return s.confirm(ctx, s.native, p, limit, o.r, o.err)
		}
	}
	sctx, stopSecond := context.WithCancel(ctx)
	defer stopSecond()
	other := make(chan outcome, 1)
	go func() {
		r, err := s.checked(sctx, second, p, limit)
		other <- outcome{r, err}
	}()
	var poll <-chan time.Time
	if busy {
		y.yield()
	} else if b.yield > 0 {
		ticker := time.NewTicker(pollEvery)
		defer ticker.Stop()
		poll = ticker.C
	}
	var o outcome
race:
	for {
		select {
		case <-poll:
			if s.native.progress.Load() >= b.yield {
				y.yield()
				poll = nil
			}
		case o = <-native:
			// The native engine answered first (or was stopped by
			// ctx): stop the second one and wait for it, so that no
			// process outlives the call.
			stopSecond()
			<-other
			return s.confirm(ctx, s.native, p, limit, o.r, o.err)
		case o = <-other:
			if o.err != nil && !errors.Is(o.err, ErrEngine) && ctx.Err() == nil {
				// The second engine could not take the puzzle (a rule
				// it cannot encode, a solver gone from the PATH, ...):
				// the native engine alone.
				n := <-native
				return s.confirm(ctx, s.native, p, limit, n.r, n.err)
			}
			break race
		}
	}
	// The second engine answered first, or failed: stop the native
	// search and wait for it.
	stopNative()
	<-native
	o.r.Engine = EngineBacktrack + ", then " + second.Name()
	o.r.Elapsed = time.Since(start)
	return s.confirm(ctx, second, p, limit, o.r, o.err)
}

// wait waits for the answer of the native search, past its node budget
// on a machine with no core to spare: done true with the answer; else
// busy true once the search has reached the busy budget, false once a
// core is free or deadline has passed.
func (s *Solver) wait(native <-chan outcome, y *yielder, b budget, deadline time.Time) (o outcome, done, busy bool) {
	timer := time.NewTimer(time.Until(deadline))
	defer timer.Stop()
	ticker := time.NewTicker(pollEvery)
	defer ticker.Stop()
	for {
		select {
		case o := <-native:
			return o, true, false
		case <-timer.C:
			return outcome{}, false, false
		case <-ticker.C:
			y.mark()
			if s.native.progress.Load() >= b.busy {
				return outcome{}, false, true
			}
			if !y.busy(2) { // this goroutine's thread and the native one's
				return outcome{}, false, false
			}
		}
	}
}

// verifying reports whether answers are confirmed by a second engine.
func (s *Solver) verifying() bool {
	switch s.opts.Verify {
	case VerifyOn:
		return true
	case VerifyOff:
		return false
	}
	return s.opts.Engine == EngineSAT || s.opts.Engine == EngineExternal
}

// verified runs e, checks its answer and, when verifying, compares it
// with the other engine's: the native engine's for a SAT engine,
// gophersat's for the native one.
func (s *Solver) verified(ctx context.Context, e Engine, p *layouts.Puzzle, limit int) (Result, error) {
	r, err := s.checked(ctx, e, p, limit)
	return s.confirm(ctx, e, p, limit, r, err)
}

// confirm is verified's second half: when verifying, it compares e's
// checked answer r (or its error err) with the other engine's.
func (s *Solver) confirm(ctx context.Context, e Engine, p *layouts.Puzzle, limit int, r Result, err error) (Result, error) {
	if err != nil || !s.verifying() {
		return r, err
	}
	var other Engine = s.native
	if e == Engine(s.native) {
		other = s.gopher
	}
	v, err := s.checked(ctx, other, p, limit)
	if err != nil {
		// Stopped or failed while confirming: r is not an answer.
		return Result{Limit: r.Limit, Engine: r.Engine, Elapsed: r.Elapsed}, err
	}
	if v.Count != r.Count {
		return r, fmt.Errorf("%w: engines disagree: %s counts %s, %s counts %s", ErrEngine, e.Name(), r.CountText(), other.Name(), v.CountText())
	}
	if r.Count == 1 && limit > 1 && !bytes.Equal(r.Grid.Digits, v.Grid.Digits) {
		return r, fmt.Errorf("%w: engines disagree: %s and %s found different unique solutions", ErrEngine, e.Name(), other.Name())
	}
	r.Check = other.Name()
	return r, nil
}

// checked runs e and holds its answer to layouts.Check.
func (s *Solver) checked(ctx context.Context, e Engine, p *layouts.Puzzle, limit int) (Result, error) {
	r, err := e.Count(ctx, p, limit)
	return s.check(e, p, r, err)
}

// check is checked's check of e's answer r to p (err: its error).
func (s *Solver) check(e Engine, p *layouts.Puzzle, r Result, err error) (Result, error) {
	if err != nil {
		return r, err
	}
	if r.Count > r.Limit || r.Count < 0 {
		return r, fmt.Errorf("%w: %s counted %d with limit %d", ErrEngine, e.Name(), r.Count, r.Limit)
	}
	if r.Count > 0 {
		check := layouts.Check
		if e == Engine(s.native) {
			check = s.nativeCheck.Check
		}
		if err := check(p, r.Grid); err != nil {
			return r, fmt.Errorf("%w: %s returned a wrong grid: %w", ErrEngine, e.Name(), err)
		}
		if w := s.native.without; w.Digit != 0 && r.Grid.Digits[w.Cell] == w.Digit {
			return r, fmt.Errorf("%w: %s returned a grid with %d at cell %d, which was ruled out", ErrEngine, e.Name(), w.Digit, w.Cell)
		}
	}
	return r, nil
}

// Solve solves p with a new Solver: a count to 2.
func Solve(ctx context.Context, p *layouts.Puzzle, opts Options) (Result, error) {
	s, err := New(opts)
	if err != nil {
		return Result{}, err
	}
	return s.Solve(ctx, p)
}

// Count counts p's solutions up to limit with a new Solver.
func Count(ctx context.Context, p *layouts.Puzzle, limit int, opts Options) (Result, error) {
	s, err := New(opts)
	if err != nil {
		return Result{}, err
	}
	return s.Count(ctx, p, limit)
}

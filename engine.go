package gattai

import (
	"context"
	"fmt"
	"os/exec"
	"path/filepath"
	"sync/atomic"
	"time"

	"gattai/backtrack"
	"gattai/encode"
	"gattai/layouts"
	"gattai/sat"
)

// An Engine counts a puzzle's solutions up to a limit and returns the
// first one it found. Every engine refuses a puzzle that does not fit
// its model (an error wrapping layouts.ErrPuzzle) and one with a rule it
// cannot honour (a *layouts.UnsupportedError) before it searches; no
// solution is a result (Count 0), not an error. When ctx is done the
// error is ctx.Err() and the result holds no answer. An Engine is used
// by one goroutine at a time.
//
// Engines do not check their answers: Solver does, with layouts.Check,
// for every engine.
type Engine interface {
	Name() string
	Count(ctx context.Context, p *layouts.Puzzle, limit int) (Result, error)
}

// Native is the backtrack engine: candidate bitmasks, propagation and
// search, with a bit-parallel path for classic 9x9. It keeps the tables
// of the last model it saw, so a batch of puzzles on one model pays for
// them once.
type Native struct {
	m *layouts.Model
	s *backtrack.Solver

	// progress is the node count of the running search (see
	// backtrack.Solver.Progress), for auto's budget.
	progress atomic.Int64

	// maxNodes bounds the next searches (backtrack.Solver.MaxNodes);
	// Solver.CountWithin sets it for one call.
	maxNodes int64

	// pause pauses the next search when it says so
	// (backtrack.Solver.Pause), for resume; auto sets it for one call.
	pause func(nodes int64) bool
	// spent is the time the paused search took before it paused.
	spent time.Duration

	// without rules a candidate out of the searches, if its Digit is
	// not 0 (backtrack.Solver.CountWithout); Solver.CountWithout sets it
	// for one call, in every engine.
	without sat.Candidate

	room []uint8 // for the next solution (Solver.Reuse)
}

// Name is "backtrack".
func (e *Native) Name() string { return EngineBacktrack }

// Count runs the native search. A panic in it is an engine failure
// (ErrEngine), never a crash of the caller.
func (e *Native) Count(ctx context.Context, p *layouts.Puzzle, limit int) (res Result, err error) {
	res = Result{Engine: e.Name(), Limit: limit}
	defer e.recoverPanic(limit, &res, &err)
	if err := unusable(ctx, p); err != nil {
		return res, err
	}
	if e.m != p.Model { // a model admitted and its tables built once, not timed
		if err := admit(p, e.Name(), backtrack.Supports); err != nil {
			return res, err
		}
		e.m, e.s = p.Model, backtrack.New(p.Model)
		e.s.Progress = &e.progress
	}
	if e.room != nil {
		e.s.Reuse(e.room)
		e.room = nil
	}
	start := time.Now()
	e.s.MaxNodes, e.s.Pause = e.maxNodes, e.pause
	var r backtrack.Result
	if e.without.Digit != 0 {
		r, err = e.s.CountWithout(ctx, p, limit, e.without.Cell, e.without.Digit)
	} else {
		r, err = e.s.Count(ctx, p, limit) // which validates p, as admit does
	}
	res.Elapsed = time.Since(start)
	e.spent = res.Elapsed
	return nativeResult(res, r, err)
}

// resume goes on with the search that the last Count paused (see
// pause), under ctx, and returns what that Count would have; it never
// pauses. A panic in it is an engine failure, as in Count.
func (e *Native) resume(ctx context.Context, limit int) (res Result, err error) {
	res = Result{Engine: e.Name(), Limit: limit}
	defer e.recoverPanic(limit, &res, &err)
	if e.s == nil {
		return res, fmt.Errorf("%w: backtrack: no search to resume", ErrEngine)
	}
	start := time.Now()
	e.s.Pause = nil
	r, err := e.s.Resume(ctx)
	res.Elapsed = e.spent + time.Since(start)
	return nativeResult(res, r, err)
}

// recoverPanic, deferred by Count and resume, turns a panic of the
// search into an engine failure (ErrEngine) in *res and *err, and drops
// the search's state, which is unknown: the next Count builds it again.
func (e *Native) recoverPanic(limit int, res *Result, err *error) {
	if r := recover(); r != nil {
		e.m, e.s = nil, nil
		*res, *err = Result{Engine: e.Name(), Limit: limit}, fmt.Errorf("%w: backtrack panicked: %v", ErrEngine, r)
	}
}

// nativeResult fills in res from the search's result r and error err.
func nativeResult(res Result, r backtrack.Result, err error) (Result, error) {
	if err != nil {
		return res, err
	}
	res.Count, res.Grid, res.Nodes = r.Count, r.Grid, r.Nodes
	return res, nil
}

// errPaused is the native engine's error when pause paused its search.
var errPaused = backtrack.ErrPaused

// ErrNodes is CountWithin's error when its bound on the search was
// reached: no answer, the puzzle is not at fault.
var ErrNodes = backtrack.ErrNodes

// Gophersat is the SAT engine in process: the puzzle's CNF solved by
// gophersat. Its search cannot be interrupted: after ctx is done, Count
// returns at once and the search ends in the background.
type Gophersat struct {
	Encoding encode.Options

	without sat.Candidate // see Native.without
}

// Name is "sat".
func (e *Gophersat) Name() string { return EngineSAT }

// Count encodes p and counts with gophersat.
func (e *Gophersat) Count(ctx context.Context, p *layouts.Puzzle, limit int) (Result, error) {
	res := Result{Engine: e.Name(), Limit: limit}
	if err := admitCNF(ctx, p, e.Name(), e.Encoding); err != nil {
		return res, err
	}
	start := time.Now()
	r, err := sat.Count(ctx, p, satOptions(e.Encoding, limit, e.without))
	res.Elapsed = time.Since(start)
	if err != nil {
		return res, err
	}
	res.fromSAT(r)
	return res, nil
}

// External is a DIMACS SAT solver run as a process: Solver is a name
// on the PATH (minisat, cadical, picosat, cryptominisat5, kissat) or a
// path. The process is killed when ctx is done.
type External struct {
	Solver   string
	Encoding encode.Options

	found *bool // available's answer, looked up once

	without sat.Candidate // see Native.without
}

// Name is the solver's file name.
func (e *External) Name() string { return filepath.Base(e.Solver) }

// available reports whether the solver's binary is on the PATH (or at
// its path). It looks once: auto asks for every big puzzle.
func (e *External) available() bool {
	if e.found == nil {
		_, err := exec.LookPath(e.Solver)
		found := err == nil
		e.found = &found
	}
	return *e.found
}

// Count exports p's CNF, runs the solver and reads its answers.
func (e *External) Count(ctx context.Context, p *layouts.Puzzle, limit int) (Result, error) {
	res := Result{Engine: e.Name(), Limit: limit}
	if err := admitCNF(ctx, p, e.Name(), e.Encoding); err != nil {
		return res, err
	}
	start := time.Now()
	r, err := sat.External{Solver: e.Solver}.Count(ctx, p, satOptions(e.Encoding, limit, e.without))
	res.Elapsed = time.Since(start)
	if err != nil {
		return res, err
	}
	res.fromSAT(r)
	return res, nil
}

// satOptions are the options of a SAT engine's count.
func satOptions(enc encode.Options, limit int, without sat.Candidate) sat.Options {
	return sat.Options{Encoding: enc.AMO, Sum: enc.Sum, Limit: limit, Without: without}
}

func (res *Result) fromSAT(r sat.Result) {
	res.Count, res.Grid = r.Count, r.Grid
	res.Vars, res.Clauses, res.Conflicts, res.Decisions = r.Vars, r.Clauses, r.Conflicts, r.Decisions
}

// admit refuses, with the same errors from every engine, a puzzle that
// does not fit its model or has a rule the engine cannot honour.
func admit(p *layouts.Puzzle, engine string, supports func(kind string) bool) error {
	if err := p.Validate(); err != nil {
		return err
	}
	for i := range p.Model.Rules {
		if r := &p.Model.Rules[i]; !supports(r.Kind) {
			return &layouts.UnsupportedError{Engine: engine, Kind: r.Kind, Rule: r.Name}
		}
	}
	return nil
}

// admitCNF is admit for the SAT engines, which also refuse a puzzle
// whose CNF would not fit in MaxCNFBytes of memory.
func admitCNF(ctx context.Context, p *layouts.Puzzle, engine string, enc encode.Options) error {
	if ctx == nil {
		return ErrNilContext
	}
	if err := admit(p, engine, encode.Supports); err != nil {
		return err
	}
	return checkCNFSize(ctx, p, enc)
}

// checkCNFSize refuses a puzzle whose formula would take more than
// MaxCNFBytes of memory, before it is encoded: a cheap bound settles
// most puzzles, encode.Estimate the rest.
func checkCNFSize(ctx context.Context, p *layouts.Puzzle, enc encode.Options) error {
	if len(p.Model.Rules) == 0 && cnfBytes(p) <= MaxCNFBytes {
		return nil
	}
	size, err := encode.Estimate(ctx, p, enc)
	if err != nil {
		return err
	}
	if size.MemBytes > MaxCNFBytes {
		return &TooLargeError{What: fmt.Sprintf("the CNF of this %dx%d puzzle", p.Model.N, p.Model.N), Bytes: size.MemBytes, Limit: MaxCNFBytes}
	}
	return nil
}

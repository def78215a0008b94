package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	"gattai/backtrack"
	"gattai/encode"
	"gattai/layouts"
	"gattai/sat"
)

// engineFlags choose how puzzles are solved.
type engineFlags struct {
	Engine string `short:"e" enum:"auto,backtrack,sat,external" default:"auto" help:"Engine: ${enum}. auto picks the faster one for the puzzle's size and kind."`
	Solver string `default:"cadical" help:"DIMACS solver binary for --engine external (minisat, cadical, picosat, cryptominisat5, kissat or a path)."`
	encodingFlags
	Verify  *bool         `negatable:"" help:"Solve again with the other engine and fail on disagreement (default: on for sat and external)."`
	Timeout time.Duration `help:"Stop the whole run after this long (e.g. 100ms, 30s)."`
	Stats   bool          `help:"Print statistics on stderr: per puzzle with one puzzle, a summary with more."`
	Jobs    int           `short:"j" default:"0" help:"Puzzles solved at once; 0 uses every core."`
}

// encodingFlags choose how the SAT engines and export encode a puzzle.
type encodingFlags struct {
	Encoding    string `default:"auto" help:"At-most-one encoding for the SAT engines: auto, ${encodings}."`
	SumEncoding string `default:"auto" help:"Killer sum encoding for the SAT engines: auto, ${sums}."`
}

// options parses the flags; auto leaves the choice to encode.
func (f *encodingFlags) options() (encode.Options, error) {
	var o encode.Options
	var err error
	if f.Encoding != "" && f.Encoding != "auto" {
		if o.AMO, err = encode.ParseAMO(f.Encoding); err != nil {
			return o, err
		}
	}
	if f.SumEncoding != "" && f.SumEncoding != "auto" {
		if o.Sum, err = encode.ParseSum(f.SumEncoding); err != nil {
			return o, err
		}
	}
	return o, nil
}

// outcome is one engine's answer for one puzzle.
type outcome struct {
	count     int
	grid      layouts.Grid
	engine    string
	nodes     int64
	vars      int
	clauses   int
	conflicts int64
	decisions int64
	elapsed   time.Duration
	core      []int // explain: a minimal set of contradictory givens
}

// internalError marks an engine failure or disagreement (exit 4).
type internalError struct{ err error }

func (e internalError) Error() string { return e.err.Error() }
func (e internalError) Unwrap() error { return e.err }

// solver is one worker's engines, with per-model caches; not shared.
type solver struct {
	flags    *engineFlags
	encoding encode.Options
	native   map[*layouts.Model]*backtrack.Solver
}

func newSolver(f *engineFlags) (*solver, error) {
	enc, err := f.options()
	if err != nil {
		return nil, err
	}
	return &solver{flags: f, encoding: enc, native: map[*layouts.Model]*backtrack.Solver{}}, nil
}

// autoBudget is how long --engine auto lets the native engine search a
// puzzle on m before handing it to SAT; 0 means no hand-over. Measured
// (README, "Choosing an engine"): backtrack wins on typical puzzles of
// every size and kind, by 3-10x at 16x16 and 2-6x at 25x25, but on the
// hardest big puzzles SAT's learning finishes up to 2x sooner. Kinds do
// not change the choice: nonconsecutive, the closest, is level.
func autoBudget(m *layouts.Model) time.Duration {
	switch {
	case m.N < 16:
		return 0
	case m.N < 25:
		return 50 * time.Millisecond
	}
	return 150 * time.Millisecond
}

// verify reports whether answers are checked against a second engine:
// by default when the user chose a SAT engine, not under auto.
func (s *solver) verify() bool {
	if v := s.flags.Verify; v != nil {
		return *v
	}
	return s.flags.Engine == "sat" || s.flags.Engine == "external"
}

// count runs the chosen engine, checks its answer, and verifies it
// against the other engine when asked.
func (s *solver) count(ctx context.Context, p *layouts.Puzzle, limit int) (outcome, error) {
	engine := s.flags.Engine
	if engine == "auto" {
		return s.auto(ctx, p, limit)
	}
	return s.verified(ctx, engine, p, limit)
}

// auto runs the native engine, within autoBudget, then SAT if need be.
func (s *solver) auto(ctx context.Context, p *layouts.Puzzle, limit int) (outcome, error) {
	budget := autoBudget(p.Model)
	if budget == 0 {
		return s.verified(ctx, "backtrack", p, limit)
	}
	start := time.Now()
	bctx, cancel := context.WithTimeout(ctx, budget)
	o, err := s.verified(bctx, "backtrack", p, limit)
	cancel()
	if !errors.Is(err, context.DeadlineExceeded) || ctx.Err() != nil {
		return o, err
	}
	spent := time.Since(start)
	o, err = s.verified(ctx, "sat", p, limit)
	o.engine = "backtrack, then sat"
	o.elapsed += spent
	return o, err
}

// verified runs one engine and, when asked, the other to compare.
func (s *solver) verified(ctx context.Context, engine string, p *layouts.Puzzle, limit int) (outcome, error) {
	o, err := s.run(ctx, engine, p, limit)
	if err != nil {
		return o, err
	}
	if !s.verify() {
		return o, nil
	}
	other := "sat"
	if engine != "backtrack" {
		other = "backtrack"
	}
	v, err := s.run(ctx, other, p, limit)
	if err != nil {
		return o, err
	}
	if v.count != o.count {
		return o, internalError{fmt.Errorf("engines disagree: %s counts %s, %s counts %s",
			engine, countText(o.count, limit), other, countText(v.count, limit))}
	}
	if o.count == 1 && limit > 1 && !bytes.Equal(o.grid.Digits, v.grid.Digits) {
		return o, internalError{fmt.Errorf("engines disagree: %s and %s found different unique solutions", engine, other)}
	}
	return o, nil
}

// run is one engine on one puzzle; every grid it returns is checked.
func (s *solver) run(ctx context.Context, engine string, p *layouts.Puzzle, limit int) (outcome, error) {
	var o outcome
	start := time.Now()
	switch engine {
	case "backtrack":
		bs := s.native[p.Model]
		if bs == nil { // tables built once per model, not timed
			bs = backtrack.New(p.Model)
			s.native[p.Model] = bs
			start = time.Now()
		}
		r, err := bs.Count(ctx, p, limit)
		if err != nil {
			return o, err
		}
		o = outcome{count: r.Count, grid: r.Grid, nodes: r.Nodes}
	case "sat", "external":
		opts := sat.Options{Encoding: s.encoding.AMO, Sum: s.encoding.Sum, Limit: limit}
		var r sat.Result
		var err error
		if engine == "sat" {
			r, err = sat.Count(ctx, p, opts)
		} else {
			r, err = sat.External{Solver: s.flags.Solver}.Count(ctx, p, opts)
		}
		if err != nil {
			return o, err
		}
		o = outcome{count: r.Count, grid: r.Grid, vars: r.Vars, clauses: r.Clauses, conflicts: r.Conflicts, decisions: r.Decisions}
	default:
		return o, fmt.Errorf("unknown engine %q", engine)
	}
	o.engine = engine
	o.elapsed = time.Since(start)
	if o.count > 0 {
		if err := layouts.Check(p, o.grid); err != nil {
			return o, internalError{fmt.Errorf("%s engine returned a wrong grid: %w", engine, err)}
		}
	}
	return o, nil
}

// countText is a count as printed: "2+" when the search stopped at the limit.
func countText(n, limit int) string {
	if n >= limit {
		return strconv.Itoa(n) + "+"
	}
	return strconv.Itoa(n)
}

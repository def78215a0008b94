//go:build wip

package main

import (
	"bytes"
	"context"
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
	Engine   string        `short:"e" enum:"auto,backtrack,sat,external" default:"auto" help:"Engine: ${enum}. auto picks the faster one for the puzzle's size."`
	Solver   string        `default:"cadical" help:"DIMACS solver binary for --engine external (minisat, cadical, picosat, cryptominisat5, kissat or a path)."`
	Encoding string        `default:"auto" help:"At-most-one encoding for the SAT engines: auto, ${encodings}."`
	Verify   *bool         `negatable:"" help:"Solve again with the other engine and fail on disagreement (default: on for sat and external)."`
	Timeout  time.Duration `help:"Stop the whole run after this long (e.g. 100ms, 30s)."`
	Stats    bool          `help:"Print statistics on stderr: per puzzle with one puzzle, a summary with more."`
	Jobs     int           `short:"j" default:"0" help:"Puzzles solved at once; 0 uses every core."`
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
	encoding encode.AMO
	native   map[*layouts.Model]*backtrack.Solver
}

func newSolver(f *engineFlags) (*solver, error) {
	enc, err := f.encoding()
	if err != nil {
		return nil, err
	}
	return &solver{flags: f, encoding: enc, native: map[*layouts.Model]*backtrack.Solver{}}, nil
}

func (f *engineFlags) encoding() (encode.AMO, error) {
	if f.Encoding == "" || f.Encoding == "auto" {
		return encode.Auto, nil
	}
	return encode.ParseAMO(f.Encoding)
}

// pick resolves --engine auto for one puzzle.
func (s *solver) pick(p *layouts.Puzzle) string {
	if e := s.flags.Engine; e != "auto" {
		return e
	}
	return autoEngine(p.Model)
}

// autoEngine is the faster engine for a model, from measurements (README).
func autoEngine(m *layouts.Model) string {
	if m.N >= 25 {
		return "sat"
	}
	return "backtrack"
}

func (s *solver) verify(engine string) bool {
	if v := s.flags.Verify; v != nil {
		return *v
	}
	return engine == "sat" || engine == "external"
}

// count runs the chosen engine, checks its answer, and verifies it
// against the other engine when asked.
func (s *solver) count(ctx context.Context, p *layouts.Puzzle, limit int) (outcome, error) {
	engine := s.pick(p)
	o, err := s.run(ctx, engine, p, limit)
	if err != nil {
		return o, err
	}
	if !s.verify(engine) {
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
	start := time.Now()
	var o outcome
	switch engine {
	case "backtrack":
		bs := s.native[p.Model]
		if bs == nil {
			bs = backtrack.New(p.Model)
			s.native[p.Model] = bs
		}
		r, err := bs.Count(ctx, p, limit)
		if err != nil {
			return o, err
		}
		o = outcome{count: r.Count, grid: r.Grid, nodes: r.Nodes}
	case "sat", "external":
		opts := sat.Options{Encoding: s.encoding, Limit: limit}
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
		o = outcome{count: r.Count, grid: r.Grid, vars: r.Vars, clauses: r.Clauses, conflicts: r.Conflicts}
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

package sat

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/crillab/gophersat/solver"

	"gattai/encode"
	"gattai/layouts"
)

// Result is what a count found.
type Result struct {
	Count     int          // grids found, at most the limit
	Grid      layouts.Grid // the first grid found; zero if Count is 0
	Vars      int          // variables of the formula
	Clauses   int          // clauses of the formula, without blocking clauses
	Conflicts int64        // over all solves (gophersat; 0 for an external solver)
	Decisions int64        // over all solves (gophersat; 0 for an external solver)
	Engine    string       // "gophersat", or the external solver's name
}

// Options choose the encoding and how many grids to look for.
type Options struct {
	Encoding encode.AMO // at-most-one encoding; encode.Auto picks per size
	Sum      encode.Sum // killer sum encoding; encode.SumAuto is the default
	Limit    int        // stop after this many grids; less than 1 means 1

	// Without, when its Digit is not 0, rules a candidate out: only the
	// grids with another digit at its cell count (see
	// encode.Formula.RuleOut).
	Without Candidate
}

// A Candidate is a digit at a cell (an index into the puzzle's givens).
type Candidate struct {
	Cell  int
	Digit uint8
}

// formula encodes p with o, the candidate o.Without ruled out.
func (o Options) formula(ctx context.Context, p *layouts.Puzzle) (*encode.Formula, error) {
	f, err := encode.PuzzleContext(ctx, p, o.encode())
	if err == nil && o.Without.Digit != 0 {
		f.RuleOut(o.Without.Cell, int(o.Without.Digit))
	}
	return f, err
}

func (o Options) encode() encode.Options {
	return encode.Options{AMO: o.Encoding, Sum: o.Sum}
}

// ErrEngine is wrapped when a solver's answer fails layouts.Check or
// repeats a grid, or a solver fails: a fault of the engine, not of the
// puzzle.
var ErrEngine = errors.New("engine failure")

// Solve looks for one grid: Count with limit 1.
func Solve(ctx context.Context, p *layouts.Puzzle, opts Options) (Result, error) {
	opts.Limit = 1
	return Count(ctx, p, opts)
}

// Count counts p's grids with gophersat, up to opts.Limit (less than 1
// means 1), and returns the first grid it found. It encodes p, then: solve,
// decode, check with layouts.Check, block that grid with a clause over
// its cell variables, and solve again on the same solver. A grid that
// fails the check is an error wrapping ErrEngine. No grid is a result
// (Count 0), not an error.
//
// gophersat's Solve cannot be interrupted. Count encodes and searches in
// a goroutine and returns ctx.Err() as soon as ctx is done; the goroutine
// then stops encoding within milliseconds (encode.PuzzleContext), or
// finishes its current Solve in the background and stops before the
// next one, its result discarded. gophersat cannot run two searches at
// once either (it shares a buffer between solvers), so the searches of
// all Count calls take turns: a Count started while an abandoned search
// is still running waits for it to end, or for its own ctx.
func Count(ctx context.Context, p *layouts.Puzzle, opts Options) (Result, error) {
	if err := ctx.Err(); err != nil {
		return Result{Engine: "gophersat"}, err
	}
	type outcome struct {
		res Result
		err error
	}
	// The goroutine may outlive this call: it gets its own copy of the
	// givens, so the caller is free to change p.
	q := &layouts.Puzzle{Model: p.Model, Givens: slices.Clone(p.Givens), Source: p.Source}
	done := make(chan outcome, 1)
	go func() {
		var o outcome
		f, err := opts.formula(ctx, q) // stops when abandoned
		if err != nil {
			o.res.Engine, o.err = "gophersat", err
		} else {
			o.res, o.err = count(ctx, f, max(opts.Limit, 1))
		}
		done <- o
	}()
	select {
	case o := <-done:
		return o.res, o.err
	case <-ctx.Done():
		select {
		case o := <-done: // finished at the same moment: keep the answer
			return o.res, o.err
		default:
			return Result{Engine: "gophersat"}, ctx.Err()
		}
	}
}

// count runs gophersat's safe path on f: ParseSliceNb, New, Solve,
// Model, and AppendClause of a blocking clause between solves.
func count(ctx context.Context, f *encode.Formula, limit int) (res Result, err error) {
	res = Result{Engine: "gophersat", Vars: f.NumVars, Clauses: len(f.Clauses)}
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("%w: gophersat panicked: %v", ErrEngine, r)
		}
	}()
	s := solver.New(solver.ParseSliceNb(f.Clauses, f.NumVars))
	defer func() {
		res.Conflicts = int64(s.Stats.NbConflicts)
		res.Decisions = int64(s.Stats.NbDecisions)
	}()
	var seen counted
	for res.Count < limit {
		if err := ctx.Err(); err != nil {
			return res, err
		}
		if st, err := solve(ctx, s); err != nil {
			return res, err
		} else if st != solver.Sat {
			break
		}
		model := s.Model()
		m := encode.Model{Status: encode.Sat, Lits: make([]int, len(model))}
		for i, b := range model {
			m.Lits[i] = i + 1
			if !b {
				m.Lits[i] = -(i + 1)
			}
		}
		g, err := decodeChecked(f, m, &seen)
		if err != nil {
			return res, fmt.Errorf("gophersat: %w", err)
		}
		if res.Count++; res.Count == 1 {
			res.Grid = g
		}
		block := f.Block(g)
		if len(block) == 0 {
			break // the givens fill the grid: no other grid
		}
		lits := make([]solver.Lit, len(block))
		for i, x := range block {
			lits[i] = solver.IntToLit(int32(x))
		}
		s.AppendClause(solver.NewClause(lits))
	}
	return res, nil
}

// gophersat keeps a scratch buffer in a package variable (bufLits in
// solver/learn.go) that every Solve writes while learning clauses, so two
// solvers must never search at once: concurrent solves corrupt each
// other's learned clauses, giving wrong models and index-out-of-range
// panics. This lock serialises every Solve in the process.
var gophersatLock = make(chan struct{}, 1)

// solve runs s.Solve holding gophersatLock, waiting for it only while
// ctx is not done.
func solve(ctx context.Context, s *solver.Solver) (solver.Status, error) {
	select {
	case gophersatLock <- struct{}{}:
	case <-ctx.Done():
		return solver.Indet, ctx.Err()
	}
	defer func() { <-gophersatLock }()
	return s.Solve(), nil
}

// counted remembers the grids found so far, to catch an engine that
// returns one twice despite the blocking clause.
type counted map[string]bool

// decodeChecked decodes m, checks the grid against the puzzle and
// against the grids already found.
func decodeChecked(f *encode.Formula, m encode.Model, seen *counted) (layouts.Grid, error) {
	g, err := f.Decode(m)
	if err != nil {
		return g, fmt.Errorf("%w: %w", ErrEngine, err)
	}
	if err := layouts.Check(f.Puzzle, g); err != nil {
		return g, fmt.Errorf("%w: %w", ErrEngine, err)
	}
	if *seen == nil {
		*seen = counted{}
	}
	key := string(g.Digits)
	if (*seen)[key] {
		return g, fmt.Errorf("%w: the same grid twice despite its blocking clause", ErrEngine)
	}
	(*seen)[key] = true
	return g, nil
}

package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"

	"gattai"
	"gattai/layouts"
	"gattai/logic"
	"gattai/report"
)

// The logical solver's commands: rate, hint and steps share their input,
// engines (to prove each puzzle unique first), output and exit codes.
type logicFlags struct {
	inputFlags
	engineFlags
	outputFlags
	To         string `enum:"auto,json" default:"auto" help:"Output format: auto (text) or json (one object per puzzle)."`
	Uniqueness bool   `negatable:"" default:"true" help:"Use the techniques that rest on the puzzle having one solution (unique rectangles, BUG+1), as Sudoku Explainer does; the puzzle is proved unique first."`
}

type rateCmd struct{ logicFlags }

type hintCmd struct {
	logicFlags
	Nudge bool `help:"Name the technique and where to look, not what it proves (text output; json keeps the whole step)."`
}

type stepsCmd struct{ logicFlags }

func (c *rateCmd) Run(e *env) error {
	return c.run(e, func(ctx context.Context, p *layouts.Puzzle, o *outcome) error {
		r, err := c.solver(p).Rate(ctx, p)
		o.rating = &r
		return err
	}, func(w *bufio.Writer, r *record) {
		x := r.out.rating
		hardest := x.Hardest
		if hardest == "" { // a full grid: no step at all
			hardest = "none"
		}
		fmt.Fprintf(w, "%.1f %s %s\n", x.Score, x.Level, hardest)
	})
}

func (c *hintCmd) Run(e *env) error {
	return c.run(e, func(ctx context.Context, p *layouts.Puzzle, o *outcome) error {
		st, err := c.solver(p).Hint(ctx, p)
		if errors.Is(err, logic.ErrSolved) {
			return nil // no step: said as a record
		}
		o.steps = []logic.Step{st}
		return err
	}, func(w *bufio.Writer, r *record) {
		if len(r.out.steps) == 0 {
			fmt.Fprintf(w, "# %s: solved already\n", r.where())
			return
		}
		if c.Nudge {
			fmt.Fprintln(w, r.out.steps[0].Nudge())
			return
		}
		fmt.Fprintln(w, r.out.steps[0])
	})
}

func (c *stepsCmd) Run(e *env) error {
	n := 0
	return c.run(e, func(ctx context.Context, p *layouts.Puzzle, o *outcome) error {
		sv := c.solver(p)
		steps, err := sv.Steps(ctx, p)
		o.steps = steps
		if err == nil {
			r, rerr := sv.Rate(ctx, p)
			o.rating, err = &r, rerr
		}
		return err
	}, func(w *bufio.Writer, r *record) {
		if n++; n > 1 {
			w.WriteByte('\n')
		}
		fmt.Fprintf(w, "# %s\n", r.where())
		for _, st := range r.out.steps {
			fmt.Fprintln(w, st)
		}
		if x := r.out.rating; x.Solved {
			fmt.Fprintf(w, "# solved: %.1f %s\n", x.Score, x.Level)
		} else {
			fmt.Fprintf(w, "# stuck: search needed beyond trials of depth 2\n")
		}
	})
}

// unique is the logical solver for p, proved unique: the uniqueness
// techniques apply.
func unique(p *layouts.Puzzle) *logic.Solver {
	return logic.NewWith(p.Model, logic.Options{Unique: true})
}

// solver is the logical solver for p, which run has proved unique,
// with the uniqueness techniques unless --no-uniqueness.
func (c *logicFlags) solver(p *layouts.Puzzle) *logic.Solver {
	return logic.NewWith(p.Model, logic.Options{Unique: c.Uniqueness})
}

// run proves each puzzle unique with the engines, then applies the
// logical solver through apply and prints its outcome through text, or
// as JSON.
func (c *logicFlags) run(e *env, apply func(context.Context, *layouts.Puzzle, *outcome) error, text func(*bufio.Writer, *record)) error {
	return runBatch(e, &c.inputFlags, &c.engineFlags, &c.outputFlags,
		func(s *gattai.Solver, ctx context.Context, p *layouts.Puzzle, o *outcome) (err error) {
			o.Result, err = s.Count(ctx, p, 2)
			if err != nil || o.Count != 1 {
				return err
			}
			return apply(ctx, p, o)
		},
		func(w *bufio.Writer, r *record, stop string) (err error) {
			defer func() { // each record as it is done: a puzzle can take seconds
				if err == nil {
					err = w.Flush()
				}
			}()
			if c.To == "json" {
				rec := jsonRecord(r, stop, false)
				if rec.Status == report.Unique {
					rec.Rating, rec.Steps = r.out.rating, r.out.steps
				}
				return report.Write(w, rec)
			}
			if unanswered(e, w, r, stop) {
				return nil
			}
			switch {
			case r.out.Count == 0:
				failed(e, w, r, r.where()+": no solution (gattai explain says why)")
			case r.out.Count > 1:
				failed(e, w, r, r.where()+": more than one solution: no logical path (gattai explain shows where two differ)")
			default:
				text(w, r)
			}
			return nil
		}, true)
}

package main

import (
	"bufio"
	"context"
	"fmt"

	"gattai/layouts"
)

type solveCmd struct {
	inputFlags
	engineFlags
	outputFlags
	First   bool `help:"Stop at the first solution instead of proving it unique."`
	Explain bool `help:"For a puzzle with no solution, also print a minimal set of contradictory givens."`
}

func (c *solveCmd) Run(e *env) error {
	limit := 2
	if c.First {
		limit = 1
	}
	n, sep := 0, ""
	return runBatch(e, &c.inputFlags, &c.engineFlags, &c.outputFlags,
		func(s *solver, ctx context.Context, p *layouts.Puzzle) (outcome, error) {
			o, err := s.count(ctx, p, limit)
			if err == nil && o.count == 0 && c.Explain {
				o.core, err = explainPuzzle(ctx, s, p)
			}
			return o, err
		},
		func(w *bufio.Writer, r *record) error {
			if r.puzzle != nil {
				sep = r.puzzle.Source.Format.Separator()
			}
			if n++; n > 1 {
				w.WriteString(sep) // canvas and rows puzzles need a blank line between
			}
			switch {
			case r.err != nil:
				failed(e, w, r, errorText(r))
			case r.out.count == 0:
				failed(e, w, r, r.where()+": no solution")
				if c.Explain {
					writeCore(w, r.where(), r.puzzle, r.out.core)
				}
			default:
				if r.out.count > 1 {
					fmt.Fprintf(e.stderr, "%s: more than one solution; printed the first found\n", r.where())
				}
				return layouts.WriteGrid(w, r.puzzle, r.out.grid)
			}
			return nil
		}, true)
}

// errorText is a failed record's one-line message.
func errorText(r *record) string {
	if r.puzzle == nil {
		return r.err.Error() // a ParseError carries file:line:col
	}
	return fmt.Sprintf("%s: %v", r.where(), r.err)
}

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
	out, err := c.create(e)
	if err != nil {
		return err
	}
	defer out.abort()
	w := bufio.NewWriter(out)
	n, sep := 0, ""
	t, err := batch(e, &c.inputFlags, &c.engineFlags,
		func(s *solver, ctx context.Context, p *layouts.Puzzle) (outcome, error) {
			o, err := s.count(ctx, p, limit)
			if err == nil && o.count == 0 && c.Explain {
				o.core, err = explainPuzzle(ctx, s, p)
			}
			return o, err
		},
		func(r *record) error {
			if r.puzzle != nil {
				sep = r.puzzle.Source.Format.Separator()
			}
			if n++; n > 1 {
				w.WriteString(sep) // canvas and rows puzzles need a blank line between
			}
			switch {
			case r.err != nil:
				fmt.Fprintf(e.stderr, "%s\n", errorText(r))
				fmt.Fprintf(w, "# %s\n", errorText(r))
			case r.out.count == 0:
				fmt.Fprintf(e.stderr, "%s: no solution\n", r.where())
				fmt.Fprintf(w, "# %s: no solution\n", r.where())
				if c.Explain {
					writeExplanation(e, w, r)
				}
			default:
				if r.out.count > 1 {
					fmt.Fprintf(e.stderr, "%s: more than one solution; printed the first found\n", r.where())
				}
				if err := layouts.WriteGrid(w, r.puzzle, r.out.grid); err != nil {
					return err
				}
			}
			return nil
		})
	if err := w.Flush(); err != nil {
		return err
	}
	if c.Stats {
		t.stats(e.stderr)
	}
	if err != nil {
		return err
	}
	if err := out.commit(); err != nil {
		return err
	}
	return codeOf(t, true)
}

// errorText is a failed record's one-line message.
func errorText(r *record) string {
	if r.puzzle == nil {
		return r.err.Error() // a ParseError carries file:line:col
	}
	return fmt.Sprintf("%s: %v", r.where(), r.err)
}

func codeOf(t *tally, noSolutionFails bool) error {
	if code := t.exitCode(noSolutionFails); code != exitOK {
		return &exitError{code: code}
	}
	return nil
}

package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"strings"
	"sync"
	"time"

	"gattai"
	"gattai/layouts"
	"gattai/report"
)

type explainCmd struct {
	inputFlags
	engineFlags
	outputFlags
	To string `enum:"auto,json" default:"auto" help:"Output format: auto (text) or json (one object per puzzle, with core or ambiguous)."`
}

func (c *explainCmd) Run(e *env) error {
	var mu sync.Mutex // workers share the terminal line
	return runBatch(e, &c.inputFlags, &c.engineFlags, &c.outputFlags,
		func(s *gattai.Solver, ctx context.Context, p *layouts.Puzzle, o *outcome) error {
			start := time.Now()
			x, err := s.Explain(ctx, p, explainProgress(e, &mu, p))
			o.expl = x
			o.Count, o.Limit, o.Engine, o.Elapsed = x.Count(), 2, s.Options().Engine, time.Since(start)
			return err
		},
		func(w *bufio.Writer, r *record, stop string) error {
			if c.To == "json" {
				rec := jsonRecord(r, stop, false)
				if stop == "" && r.err == nil {
					rec.Explain(r.puzzle, r.out.expl)
				}
				return report.Write(w, rec)
			}
			if unanswered(e, w, r, stop) {
				return nil
			}
			switch {
			case r.out.expl.Solvable && len(r.out.expl.Ambiguous) == 0:
				fmt.Fprintf(w, "%s: has a solution; nothing to explain\n", r.where())
			default:
				writeExplanation(w, r.where(), r.puzzle, r.out.expl)
			}
			return nil
		}, true)
}

// explainProgress shows, on a terminal, how far the search for a
// minimal core has come; nil elsewhere.
func explainProgress(e *env, mu *sync.Mutex, p *layouts.Puzzle) func(done, total int) {
	if !e.isTTY {
		return nil
	}
	var last time.Time
	return func(done, total int) {
		if time.Since(last) < 200*time.Millisecond && done < total {
			return
		}
		last = time.Now()
		mu.Lock()
		fmt.Fprintf(e.stderr, "\rexplaining %s:%d: %d of %d settled ", shown(p.Source.File), p.Source.Line, done, total)
		if done == total {
			fmt.Fprint(e.stderr, "\r\033[K")
		}
		mu.Unlock()
	}
}

// writeExplanation prints why a puzzle has no solution: a minimal set of
// givens, as a list and drawn on the puzzle with every other given
// removed, or the layout's constraints that cannot hold together. For a
// puzzle with several solutions it prints where two of them differ, as
// a list and drawn on the first with those cells empty.
func writeExplanation(w io.Writer, where string, p *layouts.Puzzle, x gattai.Explanation) {
	m := p.Model
	q := layouts.NewPuzzle(m)
	switch {
	case len(x.Ambiguous) > 0:
		parts := report.Ambiguous(p, x)
		copy(q.Givens, x.Solutions[0].Digits)
		for _, c := range x.Ambiguous {
			q.Givens[c] = 0
		}
		fmt.Fprintf(w, "%s: several solutions: %s\n", where, listed(parts, " ",
			"two differ only in this cell (a given there rules the second out): %s",
			"two differ only in these %d cells (a given in any one of them rules the second out): %s"))
	case len(x.Givens) > 0:
		parts := report.Core(p, x)
		for _, c := range x.Givens {
			q.Givens[c] = p.Givens[c]
		}
		fmt.Fprintf(w, "%s: no solution: %s\n", where, listed(parts, " ",
			"the given %s cannot hold (without it the rest can)",
			"these %d givens cannot all hold (drop any one and the rest can): %s"))
	case len(x.Constraints) > 0:
		fmt.Fprintf(w, "%s: no solution: the layout's constraints alone have none, whatever the givens: %s\n", where, listed(report.Core(p, x), ", ",
			"%s cannot hold",
			"these %d cannot all hold (drop any one and the rest can): %s"))
		return
	default:
		fmt.Fprintf(w, "%s: no solution: the layout's grids and regions alone have none, whatever the givens\n", where)
		return
	}
	fmt.Fprint(w, q.String())
}

// listed says parts: one, a format of the single part, or many, a
// format of their number and the parts joined by sep.
func listed(parts []string, sep, one, many string) string {
	if len(parts) == 1 {
		return fmt.Sprintf(one, parts[0])
	}
	return fmt.Sprintf(many, len(parts), strings.Join(parts, sep))
}

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
)

type explainCmd struct {
	inputFlags
	engineFlags
	outputFlags
}

func (c *explainCmd) Run(e *env) error {
	var mu sync.Mutex // workers share the terminal line
	return runBatch(e, &c.inputFlags, &c.engineFlags, &c.outputFlags,
		func(s *gattai.Solver, ctx context.Context, p *layouts.Puzzle) (outcome, error) {
			x, err := s.Explain(ctx, p, explainProgress(e, &mu, p))
			o := outcome{expl: x}
			o.Limit = 2
			switch {
			case len(x.Ambiguous) > 0:
				o.Count = 2
			case x.Solvable:
				o.Count = 1
			}
			return o, err
		},
		func(w *bufio.Writer, r *record, stop string) error {
			switch {
			case stop != "":
				stoppedText(w, r, stop)
			case r.err != nil:
				failed(e, w, r, errorText(r))
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
		fmt.Fprintf(e.stderr, "\rexplaining %s:%d: %d of %d settled ", p.Source.File, p.Source.Line, done, total)
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
	if len(x.Ambiguous) > 0 {
		first, second := x.Solutions[0].Digits, x.Solutions[1].Digits
		parts := make([]string, len(x.Ambiguous))
		q := layouts.NewPuzzle(m)
		copy(q.Givens, first)
		for i, c := range x.Ambiguous {
			parts[i] = fmt.Sprintf("%s=%s|%s", m.Cells[c], layouts.Symbol(int(first[c])), layouts.Symbol(int(second[c])))
			q.Givens[c] = 0
		}
		fmt.Fprintf(w, "%s: several solutions: two differ only in these %d cells (a given in any one of them rules the second out): %s\n",
			where, len(parts), strings.Join(parts, " "))
		fmt.Fprint(w, q.String())
		return
	}
	if len(x.Givens) == 0 {
		l := m.Layout
		if len(x.Constraints) == 0 {
			fmt.Fprintf(w, "%s: no solution: the layout's grids and regions alone have none, whatever the givens\n", where)
			return
		}
		parts := make([]string, len(x.Constraints))
		for i, c := range x.Constraints {
			parts[i] = fmt.Sprintf("constraint %d (%s)", c+1, l.Constraints[c].Kind)
		}
		fmt.Fprintf(w, "%s: no solution: the layout's constraints alone have none, whatever the givens: these %d cannot all hold (drop any one and the rest can): %s\n",
			where, len(parts), strings.Join(parts, ", "))
		return
	}
	parts := make([]string, len(x.Givens))
	q := layouts.NewPuzzle(m)
	for i, c := range x.Givens {
		parts[i] = fmt.Sprintf("%s=%s", m.Cells[c], layouts.Symbol(int(p.Givens[c])))
		q.Givens[c] = p.Givens[c]
	}
	fmt.Fprintf(w, "%s: no solution: these %d givens cannot all hold (drop any one and the rest can): %s\n",
		where, len(x.Givens), strings.Join(parts, " "))
	fmt.Fprint(w, q.String())
}

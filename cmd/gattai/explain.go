package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"strings"

	"gattai/layouts"
)

type explainCmd struct {
	inputFlags
	engineFlags
	outputFlags
}

func (c *explainCmd) Run(e *env) error {
	return runBatch(e, &c.inputFlags, &c.engineFlags, &c.outputFlags,
		func(s *solver, ctx context.Context, p *layouts.Puzzle) (outcome, error) {
			o, err := s.count(ctx, p, 1)
			if err != nil || o.count > 0 {
				return o, err
			}
			o.core, err = explainPuzzle(ctx, s, p)
			return o, err
		},
		func(w *bufio.Writer, r *record) error {
			switch {
			case r.err != nil:
				failed(e, w, r, errorText(r))
			case r.out.count > 0:
				fmt.Fprintf(w, "%s: has a solution; nothing to explain\n", r.where())
			default:
				writeCore(w, r.where(), r.puzzle, r.out.core)
			}
			return nil
		}, true)
}

// explainPuzzle finds a minimal conflicting set of givens with s's engine.
func explainPuzzle(ctx context.Context, s *solver, p *layouts.Puzzle) ([]int, error) {
	return minimalConflict(ctx, p, func(q *layouts.Puzzle) (bool, error) {
		o, err := s.count(ctx, q, 1)
		return o.count == 0, err
	})
}

// writeCore prints a minimal conflicting set of givens, as a list and
// drawn on the puzzle with every other given removed.
func writeCore(w io.Writer, where string, p *layouts.Puzzle, core []int) {
	m := p.Model
	parts := make([]string, len(core))
	q := layouts.NewPuzzle(m)
	for i, c := range core {
		parts[i] = fmt.Sprintf("%s=%s", m.Cells[c], layouts.Symbol(int(p.Givens[c])))
		q.Givens[c] = p.Givens[c]
	}
	fmt.Fprintf(w, "%s: no solution: these %d givens cannot all hold (drop any one and the rest can): %s\n",
		where, len(core), strings.Join(parts, " "))
	fmt.Fprint(w, q.String())
}

// minimalConflict finds a set of givens that has no solution on its own
// and is minimal: dropping any one of them leaves a solvable puzzle.
// unsat reports whether a puzzle has no solution. Deletion: try to drop
// each given in turn, keeping the drop when the rest stays unsolvable;
// since fewer givens never lose solutions, the result is minimal.
// Groups are tried first (halves, then quarters...) so that a core much
// smaller than the givens costs few calls.
func minimalConflict(ctx context.Context, p *layouts.Puzzle, unsat func(*layouts.Puzzle) (bool, error)) ([]int, error) {
	var keep []int
	for c, d := range p.Givens {
		if d != 0 {
			keep = append(keep, c)
		}
	}
	q := &layouts.Puzzle{Model: p.Model, Givens: make([]uint8, len(p.Givens))}
	without := func(drop []int) *layouts.Puzzle {
		clear(q.Givens)
		for _, c := range keep {
			q.Givens[c] = p.Givens[c]
		}
		for _, c := range drop {
			q.Givens[c] = 0
		}
		return q
	}
	for size := len(keep) / 2; size >= 1; size /= 2 {
		for i := 0; i < len(keep); {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			j := min(i+size, len(keep))
			ok, err := unsat(without(keep[i:j]))
			if err != nil {
				return nil, err
			}
			if ok {
				keep = append(keep[:i], keep[j:]...)
			} else {
				i = j
			}
		}
	}
	return keep, nil
}

package gattai

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"gattai/layouts"
)

// Explanation says why a puzzle has no solution: a minimal set of its
// givens that cannot all hold, or, when the layout has no solution even
// without givens, a minimal set of the layout's own constraints. For a
// puzzle with several solutions, it shows two and where they differ.
type Explanation struct {
	Solvable bool  // the puzzle has a solution: nothing to explain, unless it has several
	Givens   []int // cells whose givens cannot all hold; dropping any one leaves a solvable puzzle

	// Ambiguous, for a puzzle with several solutions, are the cells
	// where two of them, Solutions[0] and Solutions[1], differ: they
	// agree everywhere else. It is minimal: no other solution differs
	// from the first within only a part of these cells. A given at any
	// one of them, the first's digit, rules the second out.
	Ambiguous []int
	Solutions []layouts.Grid

	// Constraints, when the layout alone has no solution, are the
	// constraints (indices into Layout.Constraints) that cannot all
	// hold together; dropping any one leaves a solvable layout. Empty
	// with Givens empty means the grids and regions alone have none.
	Constraints []int
}

// Count is the solutions the explanation counted, to 2: 0 (explained
// why), 1, or 2 for several (see Ambiguous).
func (x Explanation) Count() int {
	switch {
	case len(x.Ambiguous) > 0:
		return 2
	case x.Solvable:
		return 1
	}
	return 0
}

// Explain finds why p has no solution. It counts p first to 2
// (Solvable when it has a solution; with several, see Ambiguous), then
// looks at the layout without givens; the counts use the solver's
// engine and verification. Progress, when set, is told how many of the
// candidate givens, constraints or cells are settled.
func (s *Solver) Explain(ctx context.Context, p *layouts.Puzzle, progress func(done, total int)) (Explanation, error) {
	r, err := s.Count(ctx, p, 2)
	if err != nil {
		return Explanation{}, err
	}
	if r.Count > 1 {
		return s.ambiguity(ctx, p, r.Grid, progress)
	}
	if r.Count > 0 {
		return Explanation{Solvable: true}, nil
	}
	unsat := func(q *layouts.Puzzle) (bool, error) {
		r, err := s.Count(ctx, q, 1)
		return r.Count == 0, err
	}
	empty := layouts.NewPuzzle(p.Model)
	if none, err := unsat(empty); err != nil {
		return Explanation{}, err
	} else if none {
		cs, err := s.constraintCore(ctx, p.Model.Layout, progress)
		return Explanation{Constraints: cs}, err
	}

	var givens []int
	for c, d := range p.Givens {
		if d != 0 {
			givens = append(givens, c)
		}
	}
	q := layouts.NewPuzzle(p.Model)
	only := func(keep []int) (bool, error) {
		clear(q.Givens)
		for _, c := range keep {
			q.Givens[c] = p.Givens[c]
		}
		return unsat(q)
	}
	// Two givens repeated in a unit are a core already (or hold one):
	// start from them rather than from every given.
	if a, b, ok := conflictingGivens(p); ok {
		if none, err := only([]int{a, b}); err != nil {
			return Explanation{}, err
		} else if none {
			givens = []int{a, b}
		}
	}
	core, err := minimalCore(ctx, givens, only, progress)
	return Explanation{Givens: core}, err
}

// ambiguity finds, for p with several solutions of which first is one, a
// minimal set of the free cells that some other solution fills
// differently while it agrees with first on every other cell: the
// fewest cells left open, first's digits given in all the rest, that
// still leave two solutions (minimalCore over the open cells; more open
// cells never lose solutions). Every other solution of that puzzle
// then differs from first in all of them, and the one with another
// digit in the first cell is the second solution.
func (s *Solver) ambiguity(ctx context.Context, p *layouts.Puzzle, first layouts.Grid, progress func(done, total int)) (Explanation, error) {
	var free []int
	for c, d := range p.Givens {
		if d == 0 {
			free = append(free, c)
		}
	}
	q := layouts.NewPuzzle(p.Model)
	open := func(keep []int) {
		copy(q.Givens, first.Digits)
		for _, c := range keep {
			q.Givens[c] = 0
		}
	}
	several := func(keep []int) (bool, error) {
		open(keep)
		r, err := s.Count(ctx, q, 2)
		return r.Count > 1, err
	}
	cells, err := minimalCore(ctx, free, several, progress)
	if err != nil {
		return Explanation{}, err
	}
	if len(cells) == 0 { // the first solution given whole counted two
		return Explanation{}, fmt.Errorf("%w: a full grid counted as several solutions", ErrEngine)
	}
	open(cells)
	c := cells[0]
	for d := 1; d <= p.Model.N; d++ {
		if uint8(d) == first.Digits[c] {
			continue
		}
		q.Givens[c] = uint8(d)
		r, err := s.Count(ctx, q, 1)
		if err != nil {
			return Explanation{}, err
		}
		if r.Count == 0 {
			continue
		}
		for i, a := range first.Digits {
			if (a != r.Grid.Digits[i]) != slices.Contains(cells, i) {
				return Explanation{}, fmt.Errorf("%w: two solutions differ outside the cells left open", ErrEngine)
			}
		}
		return Explanation{Solvable: true, Ambiguous: cells, Solutions: []layouts.Grid{first, r.Grid}}, nil
	}
	return Explanation{}, fmt.Errorf("%w: with %s open no second solution has another digit there", ErrEngine, p.Model.Cells[c])
}

// conflictingGivens finds two givens of p repeated in a unit.
func conflictingGivens(p *layouts.Puzzle) (a, b int, ok bool) {
	var ce *layouts.CheckError
	if err := p.Conflict(); !errors.As(err, &ce) || len(ce.Cells) != 2 {
		return 0, 0, false
	}
	a, okA := p.Model.Cell(ce.Cells[0])
	b, okB := p.Model.Cell(ce.Cells[1])
	return a, b, okA && okB
}

// constraintCore finds a minimal set of l's constraints with no
// solution on an empty puzzle; nil when the grids and regions alone
// have none.
func (s *Solver) constraintCore(ctx context.Context, l *layouts.Layout, progress func(done, total int)) ([]int, error) {
	all := make([]int, len(l.Constraints))
	for i := range all {
		all[i] = i
	}
	only := func(keep []int) (bool, error) {
		k := *l
		k.Constraints = make([]layouts.Constraint, len(keep))
		for i, c := range keep {
			k.Constraints[i] = l.Constraints[c]
		}
		m, err := layouts.Compile(&k)
		if err != nil {
			return false, fmt.Errorf("constraints %v alone: %w", keep, err)
		}
		r, err := s.Count(ctx, layouts.NewPuzzle(m), 1)
		return r.Count == 0, err
	}
	if none, err := only(nil); err != nil || none {
		return nil, err
	}
	return minimalCore(ctx, all, only, progress)
}

// minimalCore shrinks items, for which unsat holds, to a set for which
// it still holds and that is minimal: dropping any one item makes unsat
// false. unsat must be monotone: a subset of a satisfiable set is
// satisfiable (fewer givens or constraints never lose solutions).
// Deletion: try to drop each item, keeping the drop when unsat stays
// true. Groups are tried first (halves, then quarters...) so that a
// core much smaller than items costs few calls.
func minimalCore(ctx context.Context, items []int, unsat func(keep []int) (bool, error), progress func(done, total int)) ([]int, error) {
	keep := append([]int(nil), items...)
	scratch := make([]int, 0, len(keep))
	without := func(i, j int) []int {
		scratch = append(append(scratch[:0], keep[:i]...), keep[j:]...)
		return scratch
	}
	total := len(keep)
	for size := max(len(keep)/2, 1); ; size /= 2 {
		for i := 0; i < len(keep); {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			j := min(i+size, len(keep))
			ok, err := unsat(without(i, j))
			if err != nil {
				return nil, err
			}
			if ok {
				keep = append(keep[:i], keep[j:]...)
			} else {
				i = j
			}
			if progress != nil && size == 1 {
				progress(total-len(keep)+i, total)
			}
		}
		if size == 1 {
			return keep, nil
		}
	}
}

// Explain explains p with a new Solver.
func Explain(ctx context.Context, p *layouts.Puzzle, opts Options) (Explanation, error) {
	s, err := New(opts)
	if err != nil {
		return Explanation{}, err
	}
	return s.Explain(ctx, p, nil)
}

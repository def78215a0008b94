package generate

import (
	"context"
	"errors"

	"gattai"
	"gattai/layouts"
)

// Solvers is the newCounter of Generate that counts with the facade's
// verified solve: a gattai.Solver of opts per worker, every answer
// checked. Bad options are its error, up front.
func Solvers(opts gattai.Options) (func(*layouts.Model) Counter, error) {
	if _, err := gattai.New(opts); err != nil {
		return nil, err
	}
	return func(*layouts.Model) Counter {
		s, _ := gattai.New(opts) // accepted above
		return solverCounter{s}
	}, nil
}

type solverCounter struct{ s *gattai.Solver }

func (c solverCounter) Count(ctx context.Context, p *layouts.Puzzle, limit int) (int, layouts.Grid, error) {
	r, err := c.s.Count(ctx, p, limit)
	return r.Count, r.Grid, err
}

// CountWithin is the solver's CountWithin: the native engine, bounded.
func (c solverCounter) CountWithin(ctx context.Context, p *layouts.Puzzle, limit int, nodes int64) (int, layouts.Grid, int64, bool, error) {
	r, err := c.s.CountWithin(ctx, p, limit, nodes)
	if errors.Is(err, gattai.ErrNodes) {
		return 0, layouts.Grid{}, nodes, false, nil
	}
	return r.Count, r.Grid, r.Nodes, err == nil, err
}

// CountWithout is the solver's CountWithout (see WithoutCounter).
func (c solverCounter) CountWithout(ctx context.Context, p *layouts.Puzzle, limit int, cell int, digit uint8) (int, error) {
	r, err := c.s.CountWithout(ctx, p, limit, cell, digit)
	return r.Count, err
}

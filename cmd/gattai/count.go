package main

import (
	"bufio"
	"context"
	"fmt"

	"gattai/layouts"
)

type countCmd struct {
	inputFlags
	engineFlags
	outputFlags
	Limit int `default:"2" help:"Stop counting at this many solutions; the count then prints as N+."`
}

func (c *countCmd) Run(e *env) error {
	if c.Limit < 1 {
		return &exitError{exitBadInput, "--limit must be at least 1"}
	}
	return runBatch(e, &c.inputFlags, &c.engineFlags, &c.outputFlags,
		func(s *solver, ctx context.Context, p *layouts.Puzzle) (outcome, error) {
			return s.count(ctx, p, c.Limit)
		},
		func(w *bufio.Writer, r *record) error {
			if r.err != nil {
				fmt.Fprintln(e.stderr, errorText(r))
				w.WriteString("error\n")
				return nil
			}
			w.WriteString(countText(r.out.count, c.Limit))
			return w.WriteByte('\n')
		}, false)
}

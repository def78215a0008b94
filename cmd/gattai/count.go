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
	out, err := c.create(e)
	if err != nil {
		return err
	}
	defer out.abort()
	w := bufio.NewWriter(out)
	t, err := batch(e, &c.inputFlags, &c.engineFlags,
		func(s *solver, ctx context.Context, p *layouts.Puzzle) (outcome, error) {
			return s.count(ctx, p, c.Limit)
		},
		func(r *record) error {
			if r.err != nil {
				fmt.Fprintf(e.stderr, "%s\n", errorText(r))
				fmt.Fprintln(w, "error")
				return nil
			}
			w.WriteString(countText(r.out.count, c.Limit))
			w.WriteByte('\n')
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
	return codeOf(t, false)
}

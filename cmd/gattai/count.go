package main

import (
	"bufio"
	"context"

	"gattai"
	"gattai/layouts"
	"gattai/report"
)

type countCmd struct {
	inputFlags
	engineFlags
	outputFlags
	toFlags
	Limit int `default:"2" help:"Stop counting at this many solutions; the count then prints as N+."`
}

func (c *countCmd) Run(e *env) error {
	if c.Limit < 1 {
		return &exitError{exitBadInput, "--limit must be at least 1"}
	}
	if c.To != "auto" && !c.json() {
		return &exitError{exitBadInput, "count prints counts: --to auto (one line per puzzle) or json"}
	}
	return runBatch(e, &c.inputFlags, &c.engineFlags, &c.outputFlags,
		func(s *gattai.Solver, ctx context.Context, p *layouts.Puzzle) (outcome, error) {
			r, err := s.Count(ctx, p, c.Limit)
			return outcome{Result: r}, err
		},
		func(w *bufio.Writer, r *record, stop string) error {
			switch {
			case c.json():
				return report.Write(w, jsonRecord(r, stop, false))
			case stop != "":
				stoppedText(w, r, stop)
			case r.err != nil:
				failed(e, w, r, errorText(r))
			default:
				w.WriteString(r.out.CountText())
				return w.WriteByte('\n')
			}
			return nil
		}, false)
}

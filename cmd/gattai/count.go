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
	toFlags `kong:"set='to_auto=prints the count of each puzzle',set='to_formats=json, or svg (a picture of each puzzle with the first solution found)'"`
	Limit   int `default:"2" help:"Stop counting at this many solutions; the count then prints as N+."`
}

func (c *countCmd) Run(e *env) error {
	if c.Limit < 1 {
		return &exitError{exitBadInput, "--limit must be at least 1"}
	}
	if c.To != "auto" && !c.json() && !c.svg() {
		return &exitError{exitBadInput, "count prints counts: --to auto (one line per puzzle), json, or svg (a picture of each puzzle with the first solution found)"}
	}
	out, pics := c.outputs(e, &c.outputFlags, "solution")
	defer pics.abort()
	err := runBatch(e, &c.inputFlags, &c.engineFlags, out,
		func(s *gattai.Solver, ctx context.Context, p *layouts.Puzzle, o *outcome) (err error) {
			o.Result, err = s.Count(ctx, p, c.Limit)
			return err
		},
		func(w *bufio.Writer, r *record, stop string) error {
			switch {
			case c.json():
				return report.Write(w, jsonRecord(r, stop, false))
			case c.svg() && stop == "" && r.err == nil:
				var g *layouts.Grid
				if r.out.Count > 0 {
					g = &r.out.Grid
				}
				return writeSVG(pics, r.where(), r.puzzle, g)
			case unanswered(e, w, r, stop):
				return nil
			}
			w.WriteString(r.out.CountText())
			return w.WriteByte('\n')
		}, false)
	if cerr := pics.close(); err == nil {
		err = cerr
	}
	return err
}

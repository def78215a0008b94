package main

import (
	"bufio"
	"bytes"
	"context"
	"fmt"

	"gattai"
	"gattai/layouts"
	"gattai/report"
)

type solveCmd struct {
	inputFlags
	engineFlags
	outputFlags
	toFlags
	First   bool `help:"Stop at the first solution instead of proving it unique; a puzzle with several solutions then prints one and exits 0."`
	Explain bool `help:"For a puzzle with no solution, also print a minimal set of contradictory givens; with several, the cells where two solutions differ."`
}

func (c *solveCmd) Run(e *env) error {
	limit := 2
	if c.First {
		limit = 1
	}
	var texts textRecords
	var buf bytes.Buffer // a record, whole: the format may not fit the puzzle
	out, pics := c.outputs(e, &c.outputFlags, "solution")
	defer pics.abort()
	err := runBatch(e, &c.inputFlags, &c.engineFlags, out,
		func(s *gattai.Solver, ctx context.Context, p *layouts.Puzzle, o *outcome) (err error) {
			o.Result, err = s.Count(ctx, p, limit)
			if err == nil && o.Count != 1 && c.Explain {
				o.expl, err = s.Explain(ctx, p, nil)
			}
			return err
		},
		func(w *bufio.Writer, r *record, stop string) error {
			switch {
			case c.json():
				rec := jsonRecord(r, stop, true)
				if c.Explain && stop == "" && r.err == nil && r.out.Count != 1 {
					rec.Explain(r.puzzle, r.out.expl) // core or ambiguous, as explain --to json
				}
				return report.Write(w, rec)
			case c.link() && stop == "" && r.err == nil && r.out.Count == 1:
				return writeWhole(e, w, r, &buf, func(b *bytes.Buffer) error { return c.writeLink(b, r.puzzle, &r.out.Grid) })
			case c.svg() && stop == "" && r.err == nil && r.out.Count == 1:
				return writeSVG(pics, r.where(), r.puzzle, &r.out.Grid)
			}
			n := texts.next(w, &c.toFlags, r.puzzle)
			if unanswered(e, w, r, stop) {
				return nil
			}
			switch {
			case r.out.Count == 0 && c.Explain:
				failed(e, w, r, r.where()+": no solution")
				writeExplanation(w, r.where(), r.puzzle, r.out.expl)
			case r.out.Count == 0:
				failed(e, w, r, r.where()+": no solution (--explain says why)")
			case r.out.Count > 1 && c.Explain:
				failed(e, w, r, r.where()+": more than one solution (--first prints one)")
				writeExplanation(w, r.where(), r.puzzle, r.out.expl)
			case r.out.Count > 1:
				failed(e, w, r, r.where()+": more than one solution (--first prints one, --explain shows where two differ)")
			default:
				return writeWhole(e, w, r, &buf, func(b *bytes.Buffer) error { return layouts.WriteGrid(b, c.textFormatAt(r.puzzle, n), r.out.Grid) })
			}
			return nil
		}, true)
	if cerr := pics.close(); err == nil {
		err = cerr
	}
	return err
}

// writeWhole writes r's record, which put writes into buf, whole: when
// put fails, the format cannot hold the puzzle (a Samurai as an
// f-puzzles link, or in POJ form), and r fails with that error as its
// record instead.
func writeWhole(e *env, w *bufio.Writer, r *record, buf *bytes.Buffer, put func(*bytes.Buffer) error) error {
	buf.Reset()
	if err := put(buf); err != nil {
		r.err = err
		failed(e, w, r, errorText(r))
		return nil
	}
	_, err := w.Write(buf.Bytes())
	return err
}

// errorText is a failed record's one-line message.
func errorText(r *record) string {
	if r.puzzle == nil && r.line > 0 {
		return r.err.Error() // a ParseError carries file:line:col
	}
	return fmt.Sprintf("%s: %v", r.where(), r.err)
}

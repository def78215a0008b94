package main

import (
	"bufio"
	"bytes"
	"context"

	"gattai"
	"gattai/layouts"
	"gattai/report"
)

// convertCmd writes puzzles as they are, in another format: nothing is
// solved, so a puzzle with no solution or several converts too. solve
// --to writes solutions instead.
type convertCmd struct {
	inputFlags
	outputFlags
	toFlags `kong:"set='to_auto=writes the text format of the input (a link as rows)',set='to_formats=line, rows, canvas, poj, euler, json (a record with status read), fpuzzles, sudokupad (links without the solution: solve --to sudokupad adds it, for SudokuPad to check answers), or svg (a picture of the puzzle, a file each)'"`
}

func (c *convertCmd) Run(e *env) error {
	var texts textRecords
	var buf bytes.Buffer // a record, whole: the format may not fit the puzzle
	out, pics := c.outputs(e, &c.outputFlags, "puzzle")
	defer pics.abort()
	ef := &engineFlags{Engine: gattai.EngineBacktrack, Jobs: 1, verb: "converting"}
	err := runBatch(e, &c.inputFlags, ef, out,
		func(*gattai.Solver, context.Context, *layouts.Puzzle, *outcome) error { return nil },
		func(w *bufio.Writer, r *record, stop string) error {
			ok := stop == "" && r.err == nil
			switch {
			case c.json() && ok:
				rec := report.Record{Input: report.Where(r.file, r.line), Status: report.Read}
				if err := rec.SetPuzzle(r.puzzle); err != nil {
					return err
				}
				return report.Write(w, rec)
			case c.json():
				return report.Write(w, jsonRecord(r, stop, false))
			case c.link() && ok:
				return writeWhole(e, w, r, &buf, func(b *bytes.Buffer) error { return c.writeLink(b, r.puzzle, nil) })
			case c.svg() && ok:
				return writeSVG(pics, r.where(), r.puzzle, nil)
			}
			n := texts.next(w, &c.toFlags, r.puzzle)
			if unanswered(e, w, r, stop) {
				return nil
			}
			return writeWhole(e, w, r, &buf, func(b *bytes.Buffer) error { return layouts.WritePuzzle(b, c.textFormatAt(r.puzzle, n)) })
		}, false)
	if cerr := pics.close(); err == nil {
		err = cerr
	}
	return err
}

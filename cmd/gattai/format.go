package main

import (
	"bufio"
	"fmt"

	"gattai/layouts"
	"gattai/report"
)

// toFlags choose the output format, for every command that prints
// puzzles or results: one switch, one table of writers (toFormats).
type toFlags struct {
	To string `enum:"${to_formats}" default:"auto" help:"Output format: auto mirrors the input; ${to_formats}. json writes one JSON object per puzzle (see README)."`
}

// toFormats lists the --to choices. The text formats are the readers'
// own (layouts.Format); json is JSON Lines.
var toFormats = []string{"auto", "line", "rows", "canvas", "poj", "euler", "json"}

// json reports whether records are JSON Lines.
func (f *toFlags) json() bool { return f.To == "json" }

// textFormat is the text format to write p in: the input's own unless
// --to names one.
func (f *toFlags) textFormat(p *layouts.Puzzle) *layouts.Puzzle {
	if f.To == "" || f.To == "auto" || f.json() {
		return p
	}
	fm, err := layouts.ParseFormat(f.To)
	if err != nil { // kong's enum holds it to the list
		return p
	}
	q := *p
	q.Source.Format = fm
	return &q
}

// jsonRecord is r as --to json writes it (package report has the
// schema); stop names the stop that cut it short, if one did. solution
// says whether to include the grid.
func jsonRecord(r *record, stop string, solution bool) report.Record {
	if stop != "" {
		return report.Stopped(r.file, r.line, stop == "timed out")
	}
	return report.New(r.file, r.line, r.puzzle, r.out.Result, r.err, solution)
}

// stoppedText is a stopped record's comment, as text output prints it.
func stoppedText(w *bufio.Writer, r *record, stop string) {
	fmt.Fprintf(w, "# %s: %s\n", r.where(), stop)
}

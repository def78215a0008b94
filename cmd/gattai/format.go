package main

import (
	"bufio"
	"fmt"
	"io"
	"reflect"
	"strings"

	"gattai/fpuzzles"
	"gattai/layouts"
	"gattai/report"
	"gattai/sudokupad"
	"gattai/svg"
)

// toFlags choose the output format, for every command that prints
// puzzles or results: one switch, one table of writers (toFormats).
type toFlags struct {
	To string `enum:"auto,line,rows,canvas,poj,euler,json,fpuzzles,sudokupad,svg" default:"auto" help:"Output format: auto ${to_auto}; ${to_formats}. json writes one JSON object per puzzle (see README)."`
}

// toFormats lists the --to choices, from To's enum tag: written out
// there, not as a variable, which kong would interpolate into every flag
// at every start. The text formats are the readers' own
// (layouts.Format); json is JSON Lines; fpuzzles and sudokupad are share
// links, one a line; svg is a picture a puzzle, a file each.
var toFormats = strings.Split(reflect.TypeFor[toFlags]().Field(0).Tag.Get("enum"), ",")

// linkWriters write a puzzle, and its solution if g is not nil, as a
// setter's link.
// A link read keeps its title and author.
var linkWriters = map[string]func(p *layouts.Puzzle, g *layouts.Grid) (string, error){
	"fpuzzles": func(p *layouts.Puzzle, g *layouts.Grid) (string, error) {
		return fpuzzles.Link(p, fpuzzles.WriteOptions{Title: p.Source.Title, Author: p.Source.Author, Solution: g})
	},
	"sudokupad": func(p *layouts.Puzzle, g *layouts.Grid) (string, error) {
		return sudokupad.Link(p, sudokupad.WriteOptions{Title: p.Source.Title, Author: p.Source.Author, Solution: g})
	},
}

// link reports whether records are links, one a line.
func (f *toFlags) link() bool { return linkWriters[f.To] != nil }

// svg reports whether records are pictures, a file each.
func (f *toFlags) svg() bool { return f.To == "svg" }

// writeLink writes p, solved by g if not nil, as a --to link line.
func (f *toFlags) writeLink(w io.Writer, p *layouts.Puzzle, g *layouts.Grid) error {
	s, err := linkWriters[f.To](p, g)
	if err != nil {
		return err
	}
	_, err = io.WriteString(w, s+"\n")
	return err
}

// outputs splits -o between the batch and its pictures: with --to svg
// the pictures go a file each where -o says, and the batch's own output,
// the records of failures, is standard output; else -o is the batch's.
// stem names the pictures in a folder: "puzzle" or "solution".
func (f *toFlags) outputs(e *env, of *outputFlags, stem string) (*outputFlags, *files) {
	pics := &files{e: e, name: of.Output, ext: ".svg", stem: stem, keep: true}
	if f.svg() {
		return &outputFlags{}, pics
	}
	return of, pics
}

// writeSVG draws p, solved by g if not nil, into the next of fs.
func writeSVG(fs *files, where string, p *layouts.Puzzle, g *layouts.Grid) error {
	o, err := fs.next()
	if err != nil {
		return err
	}
	w := bufio.NewWriter(o)
	err = svg.Write(w, p, g, svg.Options{Title: where})
	if err == nil {
		err = w.Flush()
	}
	if err != nil {
		o.abort()
		return o.named(err)
	}
	return fs.done(o, nil)
}

// textRecords numbers a batch's text records, from 1, and writes the
// blank line that canvas and rows puzzles need between them (none
// between links, nor among the records of failures beside pictures).
type textRecords struct {
	n   int
	sep string
}

// next writes the separator before a record of p (nil for a record
// with no puzzle read, which takes the last one's), and returns its
// number.
func (t *textRecords) next(w *bufio.Writer, f *toFlags, p *layouts.Puzzle) int {
	if p != nil {
		t.sep = f.textFormat(p).Source.Format.Separator()
	}
	if t.n++; t.n > 1 && !f.link() && !f.svg() {
		w.WriteString(t.sep)
	}
	return t.n
}

// json reports whether records are JSON Lines.
func (f *toFlags) json() bool { return f.To == "json" }

// textFormat is the text format to write p in: the input's own unless
// --to names one.
func (f *toFlags) textFormat(p *layouts.Puzzle) *layouts.Puzzle {
	fm, err := layouts.ParseFormat(f.To)
	if err != nil || fm == layouts.FormatAuto { // not a text format
		return p
	}
	q := *p
	q.Source.Format = fm
	return &q
}

// textFormatAt is textFormat for the i-th record (from 1): a puzzle
// without an Euler header of its own written as Euler gets "Grid 01",
// "Grid 02", ..., as Project Euler's file numbers them.
func (f *toFlags) textFormatAt(p *layouts.Puzzle, i int) *layouts.Puzzle {
	q := f.textFormat(p)
	if q.Source.Format == layouts.FormatEuler && q.Source.Header == "" {
		h := *q
		h.Source.Header = fmt.Sprintf("Grid %02d", i)
		q = &h
	}
	return q
}

// jsonRecord is r as --to json writes it (package report has the
// schema); stop names the stop that cut it short, if one did. solution
// says whether to include the grid. The puzzle is in it, when one was
// read, so that gattai reads the record back: to solve a solved puzzle
// again, or one that a stop cut short.
func jsonRecord(r *record, stop string, solution bool) report.Record {
	var rec report.Record
	if stop != "" {
		rec = report.Stopped(r.file, r.line, stop == "timed out")
	} else {
		rec = report.New(r.file, r.line, r.puzzle, r.out.Result, r.err, solution)
	}
	if r.puzzle != nil {
		rec.SetPuzzle(r.puzzle)
	}
	return rec
}

// unanswered writes the text record of a puzzle with no answer to
// print, a stop having cut it short or its reading or solving having
// failed, and reports whether r was one.
func unanswered(e *env, w *bufio.Writer, r *record, stop string) bool {
	switch {
	case stop != "":
		stoppedText(w, r, stop)
	case r.err != nil:
		failed(e, w, r, errorText(r))
	default:
		return false
	}
	return true
}

// stoppedText is a stopped record's comment, as text output prints it.
func stoppedText(w *bufio.Writer, r *record, stop string) {
	fmt.Fprintf(w, "# %s: %s\n", r.where(), stop)
}

package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"gattai/layouts"
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

// jsonRecord is one line of --to json: the schema is in the README and
// stays stable; fields are only ever added.
type jsonRecord struct {
	Input        string     `json:"input"`
	Status       string     `json:"status"`
	Solutions    *int       `json:"solutions,omitempty"`
	LimitReached bool       `json:"limit_reached,omitempty"`
	Solution     string     `json:"solution,omitempty"`
	Engine       string     `json:"engine,omitempty"`
	ElapsedMS    *float64   `json:"elapsed_ms,omitempty"`
	Error        *jsonError `json:"error,omitempty"`
	Core         []string   `json:"core,omitempty"` // explain: givens, as "r1c1=5", or constraints
}

type jsonError struct {
	File    string `json:"file"`
	Line    int    `json:"line,omitempty"`
	Column  int    `json:"column,omitempty"`
	Message string `json:"message"`
}

// newJSONRecord is r as --to json writes it; stop names the stop that
// cut it short, if one did. solution says whether to include the grid.
func newJSONRecord(r *record, stop string, solution bool) jsonRecord {
	j := jsonRecord{Input: r.where()}
	switch {
	case stop == "timed out":
		j.Status = "timeout"
	case stop != "":
		j.Status = "interrupted"
	case r.err != nil:
		j.Status = "error"
		j.Error = &jsonError{File: r.file, Line: r.line, Message: r.err.Error()}
		var pe *layouts.ParseError
		if errors.As(r.err, &pe) {
			j.Error = &jsonError{File: pe.File, Line: pe.Line, Column: pe.Col, Message: pe.Err.Error()}
		}
	default:
		o := r.out
		j.Status = o.Status().String()
		n := o.Count
		j.Solutions, j.LimitReached = &n, o.Count >= o.Limit
		j.Engine = o.Engine
		ms := float64(o.Elapsed.Microseconds()) / 1000
		j.ElapsedMS = &ms
		if solution && o.Count > 0 {
			var b strings.Builder
			layouts.WriteGrid(&b, r.puzzle, o.Grid)
			j.Solution = b.String()
		}
	}
	return j
}

// writeJSON writes one JSON Lines record.
func writeJSON(w io.Writer, v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Errorf("json: %w", err)
	}
	_, err = w.Write(append(b, '\n'))
	return err
}

// stoppedText is a stopped record's comment, as text output prints it.
func stoppedText(w *bufio.Writer, r *record, stop string) {
	fmt.Fprintf(w, "# %s: %s\n", r.where(), stop)
}

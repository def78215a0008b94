// Package report holds the records of results that scripts read: one
// JSON object per puzzle, written as JSON Lines by gattai's --to json
// and answered by the web API. The schema is documented in the README
// and stays stable: fields are only ever added. Package records reads
// them back.
package report

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"gattai"
	"gattai/layouts"
	"gattai/logic"
)

// Status values of a Record.
const (
	Unique      = "unique"      // exactly one solution, proved
	Multiple    = "multiple"    // at least two
	None        = "none"        // no solution
	Found       = "found"       // one, not proved unique (a count to 1)
	Read        = "read"        // read and written, not solved (convert)
	Error       = "error"       // bad input or an engine failure: see Error
	Timeout     = "timeout"     // the run's time ran out first
	Interrupted = "interrupted" // a signal or a closed request stopped it first
)

// Record is one puzzle's result.
type Record struct {
	Input        string   `json:"input"` // "file:line"
	Status       string   `json:"status"`
	Solutions    *int     `json:"solutions,omitempty"`     // the count found, at most the limit
	LimitReached *bool    `json:"limit_reached,omitempty"` // the count stopped at the limit
	Solution     string   `json:"solution,omitempty"`      // the first solution, in the input's format
	Engine       string   `json:"engine,omitempty"`
	ElapsedMS    *float64 `json:"elapsed_ms,omitempty"`
	Error        *Problem `json:"error,omitempty"`
	Core         []string `json:"core,omitempty"`      // explain: givens "r1c1=5", or constraints "constraint 2 (killer)"
	Ambiguous    []string `json:"ambiguous,omitempty"` // explain, several solutions: the cells where two differ, "r1c1=4|7"

	Puzzle string          `json:"puzzle,omitempty"` // the puzzle, in its input's format (generate: its layout's)
	Layout json.RawMessage `json:"layout,omitempty"` // with Puzzle, unless a classic 9x9: the layout file with its constraints
	Seed   *uint64         `json:"seed,omitempty"`   // generate: the seed; Input is "seed S #I"

	Rating *logic.Rating `json:"rating,omitempty"` // rate
	Steps  []logic.Step  `json:"steps,omitempty"`  // hint (one) and steps
}

// Problem is what went wrong with a puzzle; Line and Column are 1-based
// and 0 when unknown.
type Problem struct {
	File    string `json:"file"`
	Line    int    `json:"line,omitempty"`
	Column  int    `json:"column,omitempty"`
	Message string `json:"message"`
}

// Where names a puzzle for Input: "file:line", or the file.
func Where(file string, line int) string {
	if line == 0 {
		return file
	}
	return file + ":" + strconv.Itoa(line)
}

// New is the record of a puzzle read from file at line (p nil when it
// could not be read), with the engine's result or its error. A stop
// (err a context error) is Timeout or Interrupted, never a count.
// solution says whether to include the first solution's text.
func New(file string, line int, p *layouts.Puzzle, r gattai.Result, err error, solution bool) Record {
	rec := Record{Input: Where(file, line)}
	switch {
	case errors.Is(err, context.DeadlineExceeded):
		rec.Status = Timeout
	case errors.Is(err, context.Canceled):
		rec.Status = Interrupted
	case err != nil:
		rec.Status = Error
		rec.Error = &Problem{File: file, Line: line, Message: err.Error()}
		var pe *layouts.ParseError
		if errors.As(err, &pe) {
			rec.Error = &Problem{File: pe.File, Line: pe.Line, Column: pe.Col, Message: pe.Err.Error()}
		}
	default:
		rec.Status = r.Status().String()
		n, reached := r.Count, r.Count >= r.Limit
		rec.Solutions, rec.LimitReached = &n, &reached
		rec.Engine = r.Engine
		ms := float64(r.Elapsed.Microseconds()) / 1000
		rec.ElapsedMS = &ms
		if solution && r.Count > 0 && p != nil {
			var b strings.Builder
			layouts.WriteGrid(&b, p, r.Grid)
			rec.Solution = b.String()
		}
	}
	return rec
}

// SetPuzzle adds p to rec, so that the record reads back (Reader) as p:
// Puzzle, its givens in p.Source.Format, and Layout, the layout file,
// unless p's layout is a plain classic 9x9, which any text names.
func (rec *Record) SetPuzzle(p *layouts.Puzzle) error {
	var b strings.Builder
	if err := layouts.WritePuzzle(&b, p); err != nil {
		return err
	}
	rec.Puzzle, rec.Layout = b.String(), nil
	if l := p.Model.Layout; !plainClassic(l) {
		rec.Layout = json.RawMessage(l.MarshalFile())
	}
	return nil
}

// plainClassic reports a single 9x9 grid with 3x3 boxes and no more
// rules: the layout that every text format reads without being told.
func plainClassic(l *layouts.Layout) bool {
	return l.Size == 9 && l.Box == layouts.DefaultBox(9) && len(l.Grids) == 1 &&
		l.Grids[0].At == (layouts.Pos{}) && l.Grids[0].Box == nil && len(l.Regions) == 0 && len(l.Constraints) == 0
}

// Explain adds to rec, a puzzle's record, what explaining p found:
// Core for a puzzle with no solution, Ambiguous for one with several.
func (rec *Record) Explain(p *layouts.Puzzle, x gattai.Explanation) {
	switch {
	case len(x.Ambiguous) > 0:
		rec.Ambiguous = Ambiguous(p, x)
	case !x.Solvable:
		rec.Core = Core(p, x)
	}
}

// Core names what explaining p, which has no solution, found: the
// givens "r1c1=5", or the constraints "constraint 2 (killer)", that
// cannot all hold, or that the grids and regions alone have none.
func Core(p *layouts.Puzzle, x gattai.Explanation) []string {
	m := p.Model
	var out []string
	for _, c := range x.Givens {
		out = append(out, fmt.Sprintf("%s=%s", m.Cells[c], layouts.Symbol(int(p.Givens[c]))))
	}
	for _, c := range x.Constraints {
		out = append(out, fmt.Sprintf("constraint %d (%s)", c+1, m.Layout.Constraints[c].Kind))
	}
	if len(out) == 0 {
		out = append(out, "the layout's grids and regions alone have no solution")
	}
	return out
}

// Ambiguous names the cells where explaining p, which has several
// solutions, found two of them to differ: "r1c1=4|7", the first's digit
// then the second's.
func Ambiguous(p *layouts.Puzzle, x gattai.Explanation) []string {
	a, b := x.Solutions[0].Digits, x.Solutions[1].Digits
	out := make([]string, len(x.Ambiguous))
	for i, c := range x.Ambiguous {
		out[i] = fmt.Sprintf("%s=%s|%s", p.Model.Cells[c], layouts.Symbol(int(a[c])), layouts.Symbol(int(b[c])))
	}
	return out
}

// Stopped is the record of a puzzle that a stop cut short: Timeout when
// timedOut, else Interrupted.
func Stopped(file string, line int, timedOut bool) Record {
	rec := Record{Input: Where(file, line), Status: Interrupted}
	if timedOut {
		rec.Status = Timeout
	}
	return rec
}

// Write writes v as one line of JSON Lines.
func Write(w io.Writer, v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	_, err = w.Write(append(b, '\n'))
	return err
}

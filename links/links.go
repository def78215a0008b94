package links

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"

	"gattai/fpuzzles"
	"gattai/layouts"
	"gattai/sudokupad"
)

// MaxLink bounds one link, payload or JSON puzzle read from a stream.
const MaxLink = 4 << 20

// Site is the site whose reader Parse uses.
type Site uint8

const (
	Auto      Site = iota // as the text looks (Detect)
	FPuzzles              // f-puzzles, whatever the text looks like
	SudokuPad             // SudokuPad's scl, whatever the text looks like
)

// Puzzle is a setter's puzzle as read.
type Puzzle struct {
	Puzzle *layouts.Puzzle // the givens, on the link's own layout
	Notes  []string        // what the link held and gattai ignored, for the user to see
}

// Detect reports whether text is a setter's link, id or JSON that
// Parse reads: an f-puzzles one (fpuzzles.Detect) or a SudokuPad one
// (sudokupad.Detect), or an address on SudokuPad's site whose short id
// only its server resolves, which Parse refuses saying so.
func Detect(text []byte) bool {
	return fpuzzles.Detect(text) || sudokupadLink(text)
}

// sudokupadLink is Detect for SudokuPad's reader.
func sudokupadLink(text []byte) bool {
	if sudokupad.Detect(text) {
		return true
	}
	format, _, ok := sudokupad.SplitID(string(bytes.TrimSpace(text)))
	return ok && format == sudokupad.FormatRemote
}

// Parse reads one link, id or JSON with the reader of site, or, for
// Auto, of the site it looks like. The text, trimmed, starts at
// line:col of the input name; errors are *layouts.ParseError there (see
// doc.go). The puzzle's Source is name and line, in rows form for one
// grid, canvas for several, with the link's title and author.
func Parse(name string, line, col int, site Site, text []byte) (*Puzzle, error) {
	var p *layouts.Puzzle
	var notes []string
	var title, author string
	var err error
	switch {
	case site == FPuzzles || site == Auto && fpuzzles.Detect(text):
		var fp *fpuzzles.Puzzle
		if fp, err = fpuzzles.Parse(name, text); err == nil {
			p, notes, title, author = fp.Puzzle, fp.Notes, fp.Title, fp.Author
		}
	case site == SudokuPad || site == Auto && sudokupadLink(text):
		var sp *sudokupad.Puzzle
		if sp, err = sudokupad.Parse(name, text); err == nil {
			p, notes, title, author = sp.Puzzle, sp.Notes, sp.Title, sp.Author
		}
	case text[0] == '{' && !json.Valid(text):
		// Broken JSON, of either site: its syntax error, where it is.
		var v any
		off, msg := layouts.ExplainJSON(text, json.Unmarshal(text, &v))
		l, c := layouts.LineCol(text, off)
		err = &layouts.ParseError{File: name, Line: l, Col: c, Err: fmt.Errorf("%w: %s", layouts.ErrSyntax, msg)}
	case text[0] == '{' && record(text):
		err = errors.New(`a gattai record (with "puzzle"), not a setter's puzzle: package records reads records, as gattai.Read and the command do`)
	case text[0] == '{':
		err = errors.New(`JSON, but no puzzle: neither f-puzzles' (with "size" and "grid"), SudokuPad's (with "cells") nor a gattai record (with "puzzle")`)
	default:
		err = errors.New("not an f-puzzles or SudokuPad link, id or JSON")
	}
	if err != nil {
		var pe *layouts.ParseError
		switch {
		case errors.As(err, &pe) && text[0] == '{':
			// The JSON is the input's text: its position is the input's.
			if pe.Line == 1 {
				pe.Col += col - 1
			}
			return nil, &layouts.ParseError{File: name, Line: line - 1 + pe.Line, Col: pe.Col, Err: pe.Err}
		case errors.As(err, &pe):
			// A position in the link's decompressed JSON, which the user
			// never sees, or 1:1 of a line that held none: the link's line
			// is where, and the message names the key or element.
			err = pe.Err
		}
		return nil, &layouts.ParseError{File: name, Line: line, Col: col, Err: err}
	}
	p.Source = layouts.Source{File: name, Line: line, Format: layouts.FormatRows, Title: title, Author: author}
	if len(p.Model.Layout.Grids) > 1 {
		p.Source.Format = layouts.FormatCanvas
	}
	return &Puzzle{Puzzle: p, Notes: notes}, nil
}

// record reports JSON text that is one of gattai's own records (--to
// json): an object with a "puzzle". Package records reads those.
func record(text []byte) bool {
	var r struct{ Puzzle json.RawMessage }
	return json.Unmarshal(text, &r) == nil && r.Puzzle != nil
}

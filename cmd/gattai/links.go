package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode"

	"gattai/fpuzzles"
	"gattai/layouts"
	"gattai/report"
	"gattai/sudokupad"
)

// maxLink bounds one link, payload or JSON puzzle read from a file.
const maxLink = 4 << 20

// linkInput reports whether the input read through br holds setters'
// links (or their JSON) rather than text grids: as --format says, or,
// under auto, as its first line looks. A '{' starts no grid, unless
// blank (--blank) makes it an empty cell: text that starts with one is
// JSON, whose errors the links' readers tell.
func linkInput(f, blank string, br *bufio.Reader) bool {
	json := func(text []byte) bool { return text[0] == '{' && !strings.Contains(blank, "{") }
	switch f {
	case "fpuzzles", "sudokupad":
		return true
	case "auto":
		head := bytes.TrimPrefix(peekHead(br), []byte("\ufeff"))
		if t := bytes.TrimSpace(head); len(t) > 0 && json(t) {
			return true
		}
		if line, _ := firstLine(head); line != nil {
			if plainLine(line) {
				return false // spares the detectors' regexps
			}
			return json(line) || fpuzzles.Detect(line) || sudokupadLink(line)
		}
	}
	return false
}

// recordInput reports whether the input read through br holds gattai's
// own records (--to json): as --format says, or, under auto, as its
// first line looks (report.Detect).
func recordInput(f string, br *bufio.Reader) bool {
	switch f {
	case "json":
		return true
	case "auto":
		return report.Detect(peekHead(br))
	}
	return false
}

// peekHead is the start of the input read through br, to tell what it
// holds: what br has buffered once that holds a whole first line that
// is neither blank nor a comment, or 64 KB, or the input has ended. It
// waits for no more, so that puzzles piped in one by one are read as
// they come, not once 64 KB have gathered.
func peekHead(br *bufio.Reader) []byte {
	limit := min(64<<10, br.Size())
	for n := 1; ; {
		head, err := br.Peek(n)
		if err != nil {
			return head // all there is
		}
		head, _ = br.Peek(br.Buffered())
		if _, whole := firstLine(head); len(head) >= limit || whole {
			return head
		}
		n = len(head) + 1
	}
}

// firstLine is the first line of head that is neither blank nor a
// comment, trimmed (nil if there is none), and whether it is whole:
// ended by a line feed, not by the end of head.
func firstLine(head []byte) (line []byte, whole bool) {
	head = bytes.TrimPrefix(head, []byte("\ufeff"))
	for len(head) > 0 {
		line, rest, ended := bytes.Cut(head, []byte("\n"))
		if t := bytes.TrimSpace(line); len(t) > 0 && t[0] != '#' {
			return t, ended
		}
		head = rest
	}
	return nil, false
}

// sudokupadLink reports text for SudokuPad's reader: a puzzle, or an
// address on its site whose short id only its server resolves, which
// the reader refuses saying so.
func sudokupadLink(text []byte) bool {
	if sudokupad.Detect(text) {
		return true
	}
	format, _, ok := sudokupad.SplitID(string(bytes.TrimSpace(text)))
	return ok && format == sudokupad.FormatRemote
}

// plainLine reports a line of digits, '.' and '-' only, as most puzzle
// lines are: no link, id or JSON of a setter's site is one.
func plainLine(line []byte) bool {
	for _, b := range line {
		if (b < '0' || b > '9') && b != '.' && b != '-' {
			return false
		}
	}
	return true
}

// readLinks hands a record for each link of the input to put: one a
// line, or the whole input when it is JSON. Each puzzle carries its own
// layout. Notes on what a link held and gattai ignored go to notes.
func readLinks(name, format string, br *bufio.Reader, notes io.Writer, put func(*record) bool) bool {
	head, _ := br.Peek(1)
	if len(head) == 1 && head[0] == '{' {
		data, err := io.ReadAll(io.LimitReader(br, maxLink+1))
		if err == nil && len(data) > maxLink {
			err = fmt.Errorf("%w: a JSON puzzle of more than %d bytes", layouts.ErrTooLarge, maxLink)
		}
		if err != nil {
			return put(&record{file: name, line: 1, err: &layouts.ParseError{File: name, Line: 1, Col: 1, Err: pathless(err)}})
		}
		return put(parseLink(name, 1, 1, format, data, notes))
	}
	for line := 1; ; line++ {
		text, err := readLine(br)
		if t := bytes.TrimSpace(text); len(t) > 0 && t[0] != '#' {
			col := 1 + len(text) - len(bytes.TrimLeftFunc(text, unicode.IsSpace))
			if !put(parseLink(name, line, col, format, t, notes)) {
				return false
			}
		}
		if err == io.EOF {
			return true
		}
		if err != nil {
			return put(&record{file: name, line: line, err: &layouts.ParseError{File: name, Line: line, Col: 1, Err: pathless(err)}})
		}
	}
}

// readLine reads one line of at most maxLink bytes.
func readLine(br *bufio.Reader) ([]byte, error) {
	var line []byte
	for {
		chunk, err := br.ReadSlice('\n')
		line = append(line, chunk...)
		if len(line) > maxLink {
			return nil, fmt.Errorf("%w: a line of more than %d bytes", layouts.ErrTooLarge, maxLink)
		}
		if err != bufio.ErrBufferFull {
			return line, err
		}
	}
}

// parseLink reads one link as --format says, or as it looks.
// The text starts at line:col of the input.
func parseLink(name string, line, col int, format string, text []byte, notes io.Writer) *record {
	rec := &record{file: name, line: line}
	var p *layouts.Puzzle
	var ns []string
	var err error
	switch {
	case format == "fpuzzles" || format != "sudokupad" && fpuzzles.Detect(text):
		var fp *fpuzzles.Puzzle
		if fp, err = fpuzzles.Parse(name, text); err == nil {
			p, ns = fp.Puzzle, fp.Notes
		}
	case format == "sudokupad" || sudokupadLink(text):
		var sp *sudokupad.Puzzle
		if sp, err = sudokupad.Parse(name, text); err == nil {
			p, ns = sp.Puzzle, sp.Notes
		}
	case text[0] == '{' && !json.Valid(text):
		// Broken JSON, of either site: its syntax error, where it is.
		var v any
		off, msg := layouts.ExplainJSON(text, json.Unmarshal(text, &v))
		off = max(off, 0)
		nl := bytes.LastIndexByte(text[:off], '\n')
		err = &layouts.ParseError{File: name, Line: 1 + bytes.Count(text[:off], []byte("\n")), Col: off - nl,
			Err: fmt.Errorf("%w: %s", layouts.ErrSyntax, msg)}
	case text[0] == '{':
		err = errors.New(`JSON, but no puzzle: neither f-puzzles' (with "size" and "grid"), SudokuPad's (with "cells") nor a gattai record (with "puzzle")`)
	default:
		err = errors.New("not an f-puzzles or SudokuPad link, id or JSON")
	}
	if err != nil {
		var pe *layouts.ParseError
		switch {
		case errors.As(err, &pe) && text[0] == '{':
			// The JSON is the file's text: its position is the file's.
			if pe.Line == 1 {
				pe.Col += col - 1
			}
			rec.err = &layouts.ParseError{File: name, Line: line - 1 + pe.Line, Col: pe.Col, Err: pe.Err}
			return rec
		case errors.As(err, &pe):
			// A position in the link's decompressed JSON, which the user
			// never sees, or 1:1 of a line that held none: the link's line
			// is where, and the message names the key or element.
			err = pe.Err
		}
		rec.err = &layouts.ParseError{File: name, Line: line, Col: col, Err: err}
		return rec
	}
	for _, n := range ns {
		fmt.Fprintf(notes, "%s:%d: note: %s\n", name, line, n)
	}
	p.Source = layouts.Source{File: name, Line: line, Format: layouts.FormatRows}
	if len(p.Model.Layout.Grids) > 1 {
		p.Source.Format = layouts.FormatCanvas
	}
	rec.puzzle = p
	return rec
}

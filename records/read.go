// Package records reads back the records that gattai writes (--to json,
// package report), so that a record's "puzzle" (and "layout") can be
// solved, rated or counted again: gattai's commands and gattai.Read read
// their own output. It needs only package layouts.
package records

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"gattai/layouts"
)

// MaxRecord is the longest record read, in bytes: a layout file at the
// limits fits in it (gattai reads layout files of up to 16 MiB). A
// longer line is refused (layouts.ErrTooLarge) without being held in
// memory, and the next line is read.
const MaxRecord = 16 << 20

// ErrRecord is wrapped by the errors of a record that is JSON but no
// record: not an object, without a "puzzle", a "puzzle" that is no
// string or holds several puzzles.
var ErrRecord = errors.New("bad record")

// Reader reads records back, as gattai's --to json writes them: JSON
// Lines, one object a line, of which it reads "puzzle", the puzzle's
// text in any format layouts reads, and "layout", when present, the
// layout file of the puzzle's layout; other fields are ignored. Blank
// lines and lines starting with '#' are skipped.
//
// A record without "layout" is read as layouts reads its text: on
// ReadOptions.Model, or on the layout its text names. A record with one
// is read on it; with ReadOptions.Model too, the two must be the same.
// Records of one layout share one model.
type Reader struct {
	in   *bufio.Reader
	opts layouts.ReadOptions
	num  int // lines read
	done bool
	read int   // records returned
	last model // the model of the last record with a layout
	text *layouts.Reader
	src  textSource
}

// model is a layout file as a record holds it, compiled.
type model struct {
	layout string
	m      *layouts.Model
}

// NewReader reads records from r. opts.File names the input in errors;
// opts.Model, opts.Blank and opts.Format are for the text of each
// "puzzle".
func NewReader(r io.Reader, opts layouts.ReadOptions) *Reader {
	rd := &Reader{in: bufio.NewReaderSize(r, 64<<10), opts: opts}
	return rd
}

// Read returns the puzzle of the next record, or io.EOF at the end of
// the input. Its Source is the record's: the file and line of the
// record, and the format of its text. A bad record is a
// *layouts.ParseError at its line, and the next Read goes on with the
// next line; an error reading the input ends it.
func (r *Reader) Read() (*layouts.Puzzle, error) {
	for !r.done {
		text, err := r.line()
		if err == io.EOF {
			break
		}
		var pe *layouts.ParseError
		switch {
		case errors.As(err, &pe): // the input's end: binary, or a line that does not end
			r.read++
			return nil, err
		case err != nil && !errors.Is(err, layouts.ErrTooLarge):
			r.done = true
			return nil, err
		case err != nil:
			r.read++
			return nil, &layouts.ParseError{File: r.opts.File, Line: r.num, Col: 1, Err: err}
		}
		if r.num == 1 {
			text = bytes.TrimPrefix(text, []byte("\uFEFF"))
		}
		if t := bytes.TrimSpace(text); len(t) == 0 || t[0] == '#' {
			continue
		}
		r.read++
		return r.parse(text)
	}
	r.done = true
	if r.read == 0 {
		r.read++
		return nil, &layouts.ParseError{File: r.opts.File, Line: 1, Col: 1, Err: layouts.ErrEmpty}
	}
	return nil, io.EOF
}

// maxSkip is the most of one overlong line read to find its end, in
// bytes: past it, the input ends (a device such as /dev/zero has none).
const maxSkip = 4 * MaxRecord

// line reads the next line without its line end; a line longer than
// MaxRecord is skipped with ErrTooLarge. A NUL byte (no record holds
// one: JSON escapes it), or a line longer than maxSkip, ends the input
// with a *layouts.ParseError.
func (r *Reader) line() ([]byte, error) {
	if r.num == 0 {
		r.in = layouts.UTF8(r.in)
	}
	var b []byte
	long := false
	for n := 0; ; {
		chunk, err := r.in.ReadSlice('\n')
		if i := bytes.IndexByte(chunk, 0); i >= 0 {
			r.done = true
			return nil, layouts.NULByte(r.opts.File, r.num+1, n+i+1)
		}
		n += len(chunk)
		if long && n > maxSkip {
			r.done = true
			return nil, &layouts.ParseError{File: r.opts.File, Line: r.num + 1, Col: 1, Err: fmt.Errorf("%w: a record of more than %d MiB; the rest of the input is not read", layouts.ErrTooLarge, maxSkip>>20)}
		}
		if !long {
			b = append(b, chunk...)
			if len(b) > MaxRecord+2 { // room for CR LF
				b, long = nil, true
			}
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		if err == io.EOF && len(b) == 0 && !long {
			return nil, io.EOF
		}
		if err != nil && err != io.EOF {
			return nil, err
		}
		r.num++
		if err == io.EOF {
			r.done = true
		}
		b = bytes.TrimSuffix(bytes.TrimSuffix(b, []byte("\n")), []byte("\r"))
		if long || len(b) > MaxRecord {
			return nil, fmt.Errorf("%w: a record of more than %d MiB", layouts.ErrTooLarge, MaxRecord>>20)
		}
		return b, nil
	}
}

// field is a top-level field of a record: its value and where the value
// starts in the line.
type field struct {
	value json.RawMessage
	at    int // byte offset
}

// fields reads the top-level fields of a record that a line holds.
func fields(text []byte) (map[string]field, error) {
	fs, err := layouts.ObjectFields(text)
	var te *layouts.TrailingError
	switch {
	case errors.Is(err, layouts.ErrNotObject):
		return nil, &posError{0, fmt.Errorf("%w: not a JSON object", ErrRecord)}
	case errors.As(err, &te):
		return nil, &posError{te.At, fmt.Errorf("%w: data after the record's object", layouts.ErrSyntax)}
	case err != nil:
		return nil, err
	}
	// JSON would keep the last of a key given twice: refused, as the
	// readers of layout files and links refuse theirs.
	if f, ok := layouts.DuplicateKey(fs); ok {
		return nil, &posError{f.KeyAt, fmt.Errorf("%w: key %q given twice", layouts.ErrSyntax, f.Key)}
	}
	out := make(map[string]field, len(fs))
	for _, f := range fs {
		out[f.Key] = field{f.Value, f.ValueAt}
	}
	return out, nil
}

// posError is an error at a byte offset of a record's line.
type posError struct {
	at  int
	err error
}

func (e *posError) Error() string { return e.err.Error() }

// parse reads the puzzle of the record that text, line r.num, holds.
func (r *Reader) parse(text []byte) (*layouts.Puzzle, error) {
	fail := func(at int, err error) (*layouts.Puzzle, error) {
		return nil, &layouts.ParseError{File: r.opts.File, Line: r.num, Col: at + 1, Err: err}
	}
	fs, err := fields(text)
	var pe *posError
	var se *json.SyntaxError
	switch {
	case errors.As(err, &pe):
		return fail(pe.at, pe.err)
	case errors.As(err, &se):
		return fail(max(int(se.Offset)-1, 0), fmt.Errorf("%w: %s", layouts.ErrSyntax, strings.TrimPrefix(se.Error(), "json: ")))
	case errors.Is(err, io.ErrUnexpectedEOF) || err == io.EOF:
		return fail(len(text), fmt.Errorf("%w: unexpected end of the record", layouts.ErrSyntax))
	case err != nil:
		return fail(0, fmt.Errorf("%w: %v", layouts.ErrSyntax, err))
	}
	pf, ok := fs["puzzle"]
	if !ok || string(pf.value) == "null" {
		return fail(0, fmt.Errorf("%w: no \"puzzle\" field%s", ErrRecord, about(fs)))
	}
	var puzzle string
	if err := json.Unmarshal(pf.value, &puzzle); err != nil {
		return fail(pf.at, fmt.Errorf("%w: \"puzzle\" is %s, not a string", ErrRecord, kind(pf.value)))
	}
	m := r.opts.Model
	if lf, ok := fs["layout"]; ok && string(lf.value) != "null" {
		lm, err := r.model(lf.value)
		if err != nil {
			var le *layouts.ParseError
			if errors.As(err, &le) {
				// The layout is written on the record's line, one line of
				// JSON: its position is the line's, said once.
				return fail(lf.at+le.Col-1, fmt.Errorf("in \"layout\": %w", le.Err))
			}
			return fail(lf.at, fmt.Errorf("in \"layout\": %w", err))
		}
		if m != nil && m != lm && !bytes.Equal(m.Layout.MarshalFile(), lm.Layout.MarshalFile()) {
			return fail(lf.at, fmt.Errorf("%w: its \"layout\" is not the layout given", ErrRecord))
		}
		if m == nil {
			m = lm
		}
	}
	p, err := r.puzzle(puzzle, m)
	if err != nil {
		var te *layouts.ParseError
		if errors.As(err, &te) {
			return fail(pf.at, fmt.Errorf("in \"puzzle\" at %d:%d: %w", te.Line, te.Col, te.Err))
		}
		if errors.Is(err, ErrRecord) {
			return fail(pf.at, err)
		}
		return fail(pf.at, fmt.Errorf("in \"puzzle\": %w", err))
	}
	p.Source.File, p.Source.Line = r.opts.File, r.num
	return p, nil
}

// about is what a record without a puzzle says of itself: its input and
// status, as gattai writes them for a puzzle it could not read.
func about(fs map[string]field) string {
	var input, status string
	json.Unmarshal(fs["input"].value, &input)
	json.Unmarshal(fs["status"].value, &status)
	switch {
	case input != "" && status != "":
		return fmt.Sprintf(" (%s, status %q)", layouts.Excerpt(input), cut(status))
	case status != "":
		return fmt.Sprintf(" (status %q)", cut(status))
	}
	return ""
}

// cut is a status cut as layouts.Excerpt cuts input, to be quoted.
func cut(s string) string {
	if len(s) > 40 {
		return strings.ToValidUTF8(s[:40], "") + "..."
	}
	return s
}

// kind names the JSON type of v.
func kind(v json.RawMessage) string {
	switch v[0] {
	case '{':
		return "an object"
	case '[':
		return "an array"
	case 't', 'f':
		return "a boolean"
	}
	return "a number"
}

// model is the compiled layout of a record's layout file: the last
// one's again when the file is the same.
func (r *Reader) model(file json.RawMessage) (*layouts.Model, error) {
	if r.last.m != nil && r.last.layout == string(file) {
		return r.last.m, nil
	}
	l, err := layouts.ParseLayoutFile(r.opts.File, file)
	if err != nil {
		return nil, err
	}
	m, err := layouts.Compile(l)
	if err != nil {
		return nil, err
	}
	r.last = model{string(file), m}
	return m, nil
}

// puzzle reads the one puzzle of text, on m if not nil. The text reader
// is kept from record to record, so that the built-in layouts it finds
// are compiled once.
func (r *Reader) puzzle(text string, m *layouts.Model) (*layouts.Puzzle, error) {
	opts := r.opts
	opts.Model = m
	r.src.s = text
	if r.text == nil {
		r.text = layouts.NewReader(&r.src, opts)
	} else {
		r.text.Reset(&r.src, opts)
	}
	p, err := r.text.Read()
	if err != nil {
		return nil, err
	}
	if _, err := r.text.Read(); err != io.EOF {
		return nil, fmt.Errorf("%w: \"puzzle\" holds more than one puzzle", ErrRecord)
	}
	return p, nil
}

// textSource is the text of one record's puzzle, read once.
type textSource struct{ s string }

func (t *textSource) Read(b []byte) (int, error) {
	if t.s == "" {
		return 0, io.EOF
	}
	n := copy(b, t.s)
	t.s = t.s[n:]
	return n, nil
}

// Detect reports whether head, the start of an input, is a record: its
// first line that is neither blank nor a comment is a JSON object with a
// "puzzle" field, or an "input" and a "status" (the record of a puzzle
// that could not be read), and none of the fields that make an
// f-puzzles ("size" and "grid") or SudokuPad ("cells") puzzle. The line
// may be cut short: the fields before the cut tell.
func Detect(head []byte) bool {
	text, _ := layouts.FirstLine(head)
	if len(text) == 0 || text[0] != '{' {
		return false
	}
	fs, _ := layouts.ObjectFields(text) // the fields before a cut
	seen := make(map[string]bool, len(fs))
	for _, f := range fs {
		seen[f.Key] = true
	}
	if seen["size"] && seen["grid"] || seen["cells"] {
		return false
	}
	return seen["puzzle"] || seen["input"] && seen["status"]
}

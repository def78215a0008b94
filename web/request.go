package web

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"strings"
	"unicode"

	"gattai/layouts"
	"gattai/links"
)

// inputName names the request body in records and parse errors:
// "puzzle:3:5: unknown symbol".
const inputName = "puzzle"

// Request is the JSON form of a request body (Content-Type
// application/json). Every field may be left out; see doc.go.
type Request struct {
	Puzzle     string          `json:"puzzle,omitempty"`      // puzzle text in any format, or an f-puzzles / SudokuPad link or JSON
	Givens     []int           `json:"givens,omitempty"`      // or: a digit per cell in cell order (0 empty), with a layout
	Layout     string          `json:"layout,omitempty"`      // a built-in layout's name
	LayoutFile json.RawMessage `json:"layout_file,omitempty"` // a layout file: the JSON object, or a string holding it
	Size       int             `json:"size,omitempty"`        // symbols per grid
	Box        string          `json:"box,omitempty"`         // box shape RxC
	Format     string          `json:"format,omitempty"`      // auto (default), line, rows, poj, euler, canvas
	Limit      int             `json:"limit,omitempty"`       // count: the limit (default 2)
	Engine     string          `json:"engine,omitempty"`      // auto, backtrack or sat (default: the server's)

	// generate: what to make on the layout named above.
	Difficulty string `json:"difficulty,omitempty"` // easy, medium, hard, expert or extreme (default: any)
	Symmetry   string `json:"symmetry,omitempty"`   // none (default), rotate180, rotate90, mirror, diagonal
	Seed       uint64 `json:"seed,omitempty"`       // 0: a random seed
}

// item is one puzzle of a request: read, or its parse error.
type item struct {
	p    *layouts.Puzzle
	line int
	err  error
}

// httpError is an error answered with its status and a JSON body.
type httpError struct {
	status int
	msg    string
	line   int // 1-based position in the body, 0 if none
	col    int
	err    error // the cause, if any
}

func (e *httpError) Error() string { return e.msg }
func (e *httpError) Unwrap() error { return e.err }

func badRequest(format string, args ...any) *httpError {
	return &httpError{status: http.StatusBadRequest, msg: fmt.Sprintf(format, args...)}
}

// fromLink is fromParse for a link or setter's JSON: a position in a
// link's decompressed JSON, which the user never sees, is left out (the
// message names the key or element), as gattai's commands do.
func fromLink(text []byte, err error) *httpError {
	var pe *layouts.ParseError
	if t := bytes.TrimSpace(text); len(t) > 0 && t[0] != '{' && errors.As(err, &pe) {
		return fromParse(pe.Err)
	}
	return fromParse(err)
}

// fromParse is a 400 for a parse error, keeping its position.
func fromParse(err error) *httpError {
	he := &httpError{status: http.StatusBadRequest, msg: err.Error(), err: err}
	var pe *layouts.ParseError
	if errors.As(err, &pe) {
		he.line, he.col = pe.Line, pe.Col
	}
	if errors.Is(err, layouts.ErrTooLarge) {
		he.status = http.StatusRequestEntityTooLarge
	}
	return he
}

// readBody reads the whole body, at most limit bytes: 413 beyond.
func readBody(r *http.Request, limit int64) ([]byte, error) {
	body, err := io.ReadAll(http.MaxBytesReader(nil, r.Body, limit))
	var mbe *http.MaxBytesError
	switch {
	case errors.As(err, &mbe):
		return nil, &httpError{status: http.StatusRequestEntityTooLarge, msg: fmt.Sprintf("request body larger than %d bytes", limit)}
	case err != nil:
		return nil, badRequest("reading the request: %v", err)
	}
	return body, nil
}

// decode reads a request: a JSON Request, or (text/plain or no
// Content-Type) the puzzle text itself. An f-puzzles or SudokuPad JSON
// sent as application/json is a puzzle too.
func decode(r *http.Request, limit int64) (*Request, error) {
	body, err := readBody(r, limit)
	if err != nil {
		return nil, err
	}
	return decodeBody(r.Header.Get("Content-Type"), body)
}

// decodeBody is decode once the body is read.
func decodeBody(contentType string, body []byte) (*Request, error) {
	mt := "text/plain"
	if contentType != "" {
		var err error
		if mt, _, err = mime.ParseMediaType(contentType); err != nil {
			return nil, &httpError{status: http.StatusUnsupportedMediaType, msg: fmt.Sprintf("bad Content-Type %q", contentType)}
		}
	}
	switch mt {
	case "text/plain":
		return &Request{Puzzle: string(body)}, nil
	case "application/json":
	default:
		return nil, &httpError{status: http.StatusUnsupportedMediaType, msg: fmt.Sprintf("Content-Type %s not accepted: send text/plain (the puzzle) or application/json (a request object)", mt)}
	}
	var req Request
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	err := dec.Decode(&req)
	if err == nil {
		if _, terr := dec.Token(); terr != io.EOF {
			err = errors.New("data after the request object")
		}
	}
	if err == nil {
		// encoding/json keeps the last of a key given twice (in any
		// case): refused, as the readers of puzzles refuse theirs.
		fs, _ := layouts.ObjectFields(body)
		if f, twice := layouts.DuplicateField(fs); twice {
			line, col := layouts.LineCol(body, f.KeyAt)
			return nil, &httpError{status: http.StatusBadRequest, line: line, col: col,
				msg: fmt.Sprintf("request:%d:%d: key %q given twice", line, col, f.Key)}
		}
	}
	if err != nil {
		if links.Detect(body) {
			return &Request{Puzzle: string(body)}, nil
		}
		return nil, jsonProblem(body, dec, err)
	}
	return &req, nil
}

// jsonProblem is a 400 for a request object that does not decode, at
// its position in the body.
func jsonProblem(body []byte, dec *json.Decoder, err error) error {
	off := int(dec.InputOffset())
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		off = int(se.Offset)
	case errors.As(err, &te):
		off = int(te.Offset)
	case errors.Is(err, io.ErrUnexpectedEOF), errors.Is(err, io.EOF):
		// The decoder read nothing it could use: the body ends too soon.
		off, err = len(body), errors.New("unexpected end of JSON input")
	}
	line, col := layouts.LineCol(body, off)
	return &httpError{status: http.StatusBadRequest, line: line, col: col,
		msg: fmt.Sprintf("request:%d:%d: %v", line, col, err)}
}

// model is the layout the request names, nil when it names none.
func (q *Request) model() (*layouts.Model, error) {
	var l *layouts.Layout
	switch {
	case q.Layout != "" && len(q.LayoutFile) > 0:
		return nil, badRequest("layout and layout_file exclude each other")
	case len(q.LayoutFile) > 0:
		data := []byte(q.LayoutFile)
		var s string
		if json.Unmarshal(data, &s) == nil {
			data = []byte(s) // the layout file pasted as a string
		}
		var err error
		if l, err = layouts.ParseLayoutFile("layout_file", data); err != nil {
			return nil, fromParse(err)
		}
	case q.Layout != "" || q.Size != 0 || q.Box != "":
		name, n := q.Layout, q.Size
		if name == "" {
			name = "classic"
		}
		var box layouts.Shape
		if q.Box != "" {
			b, err := layouts.ParseShape(q.Box)
			if err != nil {
				return nil, badRequest("box: %v", err)
			}
			box = b
			if n == 0 {
				n = b.Rows * b.Cols
			}
		}
		if n == 0 {
			n = 9
		}
		var err error
		if l, err = layouts.Builtin(name, n, box); err != nil {
			return nil, fromParse(err)
		}
	default:
		return nil, nil
	}
	m, err := layouts.Compile(l)
	if err != nil {
		return nil, badRequest("%v", err)
	}
	return m, nil
}

// puzzles reads the request's puzzles, at most max: each read puzzle or
// its parse error. A request with no puzzle, or more than max, is an
// error; so is a request whose every puzzle is bad (the first one's
// error, with its position).
func (q *Request) puzzles(max int) ([]item, error) {
	m, err := q.model()
	if err != nil {
		return nil, err
	}
	text := []byte(q.Puzzle)
	switch {
	case q.Givens != nil && strings.TrimSpace(q.Puzzle) != "":
		return nil, badRequest("puzzle and givens exclude each other")
	case q.Givens != nil:
		return q.fromGivens(m)
	case strings.TrimSpace(q.Puzzle) == "":
		return nil, badRequest("no puzzle: send its text, or givens with a layout")
	case links.Detect(text):
		if m != nil {
			return nil, badRequest("a link or f-puzzles / SudokuPad JSON carries its own layout: leave out layout, layout_file, size and box")
		}
		t := bytes.TrimLeftFunc(text, unicode.IsSpace)
		line, col := layouts.LineCol(text, len(text)-len(t))
		lp, err := links.Parse(inputName, line, col, links.Auto, bytes.TrimSpace(t))
		if err != nil {
			return nil, fromLink(text, err)
		}
		return []item{{p: lp.Puzzle, line: lp.Puzzle.Source.Line}}, nil
	}
	f, err := layouts.ParseFormat(cmp(q.Format, "auto"))
	if err != nil {
		return nil, badRequest("format: %v", err)
	}
	rd := layouts.NewReader(strings.NewReader(q.Puzzle), layouts.ReadOptions{File: inputName, Format: f, Model: m})
	var items []item
	good := 0
	for {
		p, err := rd.Read()
		if err == io.EOF {
			break
		}
		var pe *layouts.ParseError
		switch {
		case err == nil:
			items = append(items, item{p: p, line: p.Source.Line})
			good++
		case errors.As(err, &pe) && !errors.Is(err, layouts.ErrTooLarge):
			items = append(items, item{line: pe.Line, err: err})
		default:
			return nil, fromParse(err)
		}
		if len(items) > max {
			return nil, &httpError{status: http.StatusRequestEntityTooLarge, msg: fmt.Sprintf("more than %d puzzles in one request", max)}
		}
	}
	if good == 0 {
		return nil, fromParse(items[0].err) // Read gives at least one record
	}
	return items, nil
}

// fromGivens is the puzzle of a givens array on the request's layout.
func (q *Request) fromGivens(m *layouts.Model) ([]item, error) {
	if m == nil {
		return nil, badRequest("givens need a layout: layout, layout_file or size")
	}
	if len(q.Givens) != len(m.Cells) {
		return nil, badRequest("givens: %d digits for the %d cells of the layout", len(q.Givens), len(m.Cells))
	}
	p := layouts.NewPuzzle(m)
	for c, d := range q.Givens {
		if d < 0 || d > m.N {
			return nil, badRequest("givens[%d] (cell %s): %d is not a digit 0..%d", c, m.Cells[c], d, m.N)
		}
		p.Givens[c] = uint8(d)
	}
	p.Source = layouts.Source{File: inputName, Line: 1, Format: layouts.FormatCanvas}
	return []item{{p: p, line: 1}}, nil
}

// one is the request's single puzzle, for the endpoints that draw or
// link one.
func (q *Request) one() (*layouts.Puzzle, error) {
	items, err := q.puzzles(1)
	if err != nil {
		var he *httpError
		if errors.As(err, &he) && strings.HasPrefix(he.msg, "more than") {
			return nil, badRequest("this endpoint takes one puzzle")
		}
		return nil, err
	}
	if items[0].err != nil {
		return nil, fromParse(items[0].err)
	}
	return items[0].p, nil
}

// cmp is s, or def when s is empty.
func cmp(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

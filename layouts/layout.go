package layouts

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strconv"
	"strings"
	"unicode"
)

// Limits refused before any large allocation.
const (
	MaxSymbols    = 64    // digits per grid, n
	MaxCanvasSide = 1024  // canvas rows or columns
	MaxCells      = 65536 // cells of a compiled layout
	MaxGrids      = 256
)

// ErrLayout is wrapped by every error about a malformed layout.
var ErrLayout = errors.New("bad layout")

// Pos is a position on the canvas, 0-based. Its text form is "r1c1", 1-based.
type Pos struct{ Row, Col int }

func (p Pos) String() string { return fmt.Sprintf("r%dc%d", p.Row+1, p.Col+1) }

// ParsePos reads the "r1c1" form (1-based, case-insensitive).
func ParsePos(s string) (Pos, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	i := strings.IndexByte(t, 'c')
	if len(t) < 4 || t[0] != 'r' || i < 2 {
		return Pos{}, fmt.Errorf("%w: cell %q is not of the form r1c1", ErrLayout, s)
	}
	r, err1 := strconv.Atoi(t[1:i])
	c, err2 := strconv.Atoi(t[i+1:])
	if err1 != nil || err2 != nil || r < 1 || c < 1 || r > MaxCanvasSide || c > MaxCanvasSide {
		return Pos{}, fmt.Errorf("%w: cell %q is not of the form r1c1 within %d rows and columns", ErrLayout, s, MaxCanvasSide)
	}
	return Pos{r - 1, c - 1}, nil
}

func (p Pos) MarshalText() ([]byte, error) { return []byte(p.String()), nil }

func (p *Pos) UnmarshalText(b []byte) error {
	q, err := ParsePos(string(b))
	*p = q
	if err != nil {
		return &textError{text: string(b), err: err}
	}
	return nil
}

// textError is a bad text value inside JSON, which json reports without
// a position: jsonError finds the value to place it.
type textError struct {
	text string
	err  error
}

func (e *textError) Error() string { return e.err.Error() }
func (e *textError) Unwrap() error { return e.err }

// Shape is a box shape, Rows x Cols cells. Its text form is "3x3", or
// "none" for NoBox.
type Shape struct{ Rows, Cols int }

// NoBox is the box shape "none": grids with rows and columns only, no
// box units, as in a Latin square. Layout.BoxOf gives such a grid the
// boxes 1xN, each one of its rows, so that code drawing boxes or
// placing grids needs no special case; Compile adds no unit for them.
var NoBox = Shape{Rows: -1, Cols: 0}

// None reports whether s is NoBox.
func (s Shape) None() bool { return s == NoBox }

func (s Shape) String() string {
	if s.None() {
		return "none"
	}
	return fmt.Sprintf("%dx%d", s.Rows, s.Cols)
}

// ParseShape reads the "RxC" form, or "none" (NoBox).
func ParseShape(text string) (Shape, error) {
	if strings.EqualFold(strings.TrimSpace(text), "none") {
		return NoBox, nil
	}
	a, b, ok := strings.Cut(strings.ToLower(strings.TrimSpace(text)), "x")
	r, err1 := strconv.Atoi(a)
	c, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil || r < 1 || c < 1 || r > MaxSymbols || c > MaxSymbols || r*c > MaxSymbols {
		return Shape{}, fmt.Errorf("%w: box shape %q is not RxC with R*C at most %d, or none", ErrLayout, text, MaxSymbols)
	}
	return Shape{r, c}, nil
}

func (s Shape) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

func (s *Shape) UnmarshalText(b []byte) error {
	t, err := ParseShape(string(b))
	*s = t
	if err != nil {
		return &textError{text: string(b), err: err}
	}
	return nil
}

// DefaultBox is the usual box shape for n symbols: the most square
// factorisation with no more rows than columns (6: 2x3, 12: 3x4).
func DefaultBox(n int) Shape {
	best := 1
	for r := 1; r*r <= n; r++ {
		if n%r == 0 {
			best = r
		}
	}
	return Shape{best, n / best}
}

// Placement puts one square grid on the canvas with its top-left cell At.
// Box overrides the layout's box shape for this grid.
type Placement struct {
	At   Pos    `json:"at"`
	Box  *Shape `json:"box,omitempty"`
	Size int    `json:"size,omitempty"` // if given, must be the layout's
}

// Region is an extra all-different region. A region of exactly n cells
// holds every digit once.
type Region struct {
	Name  string `json:"name,omitempty"`
	Cells []Pos  `json:"cells"`
}

// Layout is the declarative description of a board: what a layout file
// holds (see doc.go for its grammar). Compile turns it into a Model.
type Layout struct {
	Name    string      `json:"name,omitempty"`
	Size    int         `json:"size"`
	Box     Shape       `json:"box"`
	Grids   []Placement `json:"grids"`
	Regions []Region    `json:"regions,omitempty"`

	Constraints []Constraint `json:"constraints,omitempty"`
}

// Classic is a single grid of n symbols with the given box shape.
func Classic(n int, box Shape) *Layout {
	return &Layout{Name: "classic", Size: n, Box: box, Grids: []Placement{{}}}
}

// ParseLayoutFile reads a layout file (JSON, see doc.go) and validates it.
// A byte-order mark is dropped: UTF-8's, or UTF-16's with the text
// decoded (positions are then those of the text in UTF-8).
func ParseLayoutFile(name string, data []byte) (*Layout, error) {
	data = plainText(data)
	var l Layout
	if off, err := decodeStrict(data, &l, "the layout"); err != nil {
		return nil, placed(name, data, off, err)
	}
	if l.Box == (Shape{}) && l.Size > 0 && l.Size <= MaxSymbols {
		l.Box = DefaultBox(l.Size)
	}
	_, err := Compile(&l) // validates regions and constraints too
	if err != nil {
		off := -1
		var fe *fieldError
		if errors.As(err, &fe) {
			if o, ok := locate(data, fe.path); ok {
				off = o
			}
		}
		return nil, placed(name, data, off, err)
	}
	return &l, nil
}

// ParseConstraint reads one constraint object of a layout file (see
// doc.go), checked as ParseLayoutFile checks the file's JSON: unknown
// fields, a key given twice (field names in any case), a value of the
// wrong type and anything after the object are errors wrapping
// ErrLayout, each saying what and where inside the object, with no file
// position: the caller, which holds the object inside its own input,
// places it. What the fields mean (a known kind, cells inside the grids,
// sums that can hold) only Compile can check, with the layout.
func ParseConstraint(data []byte) (Constraint, error) {
	var c Constraint
	_, err := decodeStrict(data, &c, "the constraint")
	return c, err
}

// decodeStrict decodes the JSON document data into v, a *Layout or a
// *Constraint (what names it in messages): unknown fields, a key given
// twice and anything after the document are errors. It returns the
// error, wrapping ErrLayout, and its offset in data, -1 if unknown.
func decodeStrict(data []byte, v any, what string) (int, error) {
	root := reflect.TypeOf(v).Elem()
	dec := json.NewDecoder(strings.NewReader(string(data)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return jsonError(data, root, err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return int(dec.InputOffset()), fmt.Errorf("%w: data after %s", ErrLayout, what)
	}
	if key, off, ok := twice(data, root); ok { // encoding/json keeps the last: the first would be lost
		return off, fmt.Errorf("%w: key %q given twice", ErrLayout, key)
	}
	return -1, nil
}

// placed is err as a ParseError of the file name at offset off of data,
// 1:1 if off is -1.
func placed(name string, data []byte, off int, err error) error {
	line, col := 1, 1
	if off >= 0 {
		line, col = LineCol(data, off)
	}
	return &ParseError{File: name, Line: line, Col: col, Err: err}
}

// jsonError words a decoding error of data, a JSON document of a root
// type, wrapping ErrLayout, and finds its offset in data (-1 if
// unknown).
func jsonError(data []byte, root reflect.Type, err error) (int, error) {
	off := -1
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	var xe *textError
	switch {
	case errors.As(err, &se):
		off = max(int(se.Offset)-1, 0) // Offset is just past the bad byte
	case errors.As(err, &te):
		var text string
		off, text = ExplainJSON(data, err) // no Go types: the path, what was wanted and found
		err = errors.New(text)
	case errors.As(err, &xe):
		off = textOffset(data, root, xe.text)
	case errors.Is(err, io.EOF) && len(bytes.TrimSpace(data)) == 0:
		off = len(data)
		err = fmt.Errorf("%w: the file is empty", ErrLayout)
		if len(data) > 0 {
			err = fmt.Errorf("%w: the file holds only blank space", ErrLayout)
		}
	case errors.Is(err, io.ErrUnexpectedEOF), errors.Is(err, io.EOF):
		var text string
		off, text = ExplainJSON(data, err) // at the end, where more was wanted
		err = fmt.Errorf("%w: %s", ErrLayout, text)
	case strings.HasPrefix(err.Error(), "json: unknown field "):
		// encoding/json gives no offset: find the first use of the key
		// where no field has its name.
		key, _ := strconv.Unquote(strings.TrimPrefix(err.Error(), "json: unknown field "))
		off = unknownKeyOffset(data, root, key)
	}
	if !errors.Is(err, ErrLayout) { // a "r1c1" or "RxC" value says it already
		err = fmt.Errorf("%w: %s", ErrLayout, strings.TrimPrefix(err.Error(), "json: "))
	}
	return off, err
}

// LineCol is the 1-based line and column of byte offset off in data
// (columns count bytes), for errors placed in a text or JSON document.
func LineCol(data []byte, off int) (line, col int) {
	off = min(max(off, 0), len(data))
	line = 1 + bytes.Count(data[:off], []byte("\n"))
	return line, off - bytes.LastIndexByte(data[:off], '\n')
}

// MarshalFile renders the layout as a layout file.
func (l *Layout) MarshalFile() []byte {
	b, err := json.MarshalIndent(l, "", "  ")
	if err != nil {
		panic(err) // a Layout always marshals
	}
	return append(b, '\n')
}

// Validate reports the first thing wrong with a description.
func (l *Layout) Validate() error {
	n := l.Size
	if n < 1 || n > MaxSymbols {
		return at(fmt.Errorf("%w: size %d is outside 1..%d", ErrLayout, n, MaxSymbols), "size")
	}
	if !printable(l.Name) {
		return at(fmt.Errorf("%w: name %q holds a character that is not printable", ErrLayout, l.Name), "name")
	}
	if len(l.Grids) == 0 {
		return at(fmt.Errorf("%w: no grids", ErrLayout), "grids")
	}
	if len(l.Grids) > MaxGrids {
		return at(fmt.Errorf("%w: %d grids, more than %d", ErrLayout, len(l.Grids), MaxGrids), "grids")
	}
	cells := 0
	type placed struct {
		at  Pos
		box Shape
	}
	seen := make(map[placed]int, len(l.Grids))
	for i, g := range l.Grids {
		b := l.BoxOf(i)
		if b.Rows < 1 || b.Cols < 1 || b.Rows*b.Cols != n {
			return at(fmt.Errorf("%w: grid %d: box %s does not hold %d cells", ErrLayout, i+1, b, n), "grids", i)
		}
		if g.Size != 0 && g.Size != n {
			return at(fmt.Errorf("%w: grid %d has size %d but the layout %d: all grids of a layout have one size", ErrLayout, i+1, g.Size, n), "grids", i)
		}
		if g.At.Row < 0 || g.At.Col < 0 || g.At.Row+n > MaxCanvasSide || g.At.Col+n > MaxCanvasSide {
			return at(fmt.Errorf("%w: grid %d at %s is off the canvas (at most %d rows and columns)", ErrLayout, i+1, g.At, MaxCanvasSide), "grids", i)
		}
		if j, ok := seen[placed{g.At, b}]; ok { // a mistake: it adds nothing
			return at(fmt.Errorf("%w: grid %d lies on grid %d (both at %s, boxes %s)", ErrLayout, i+1, j+1, g.At, b), "grids", i)
		}
		seen[placed{g.At, b}] = i
		cells += n * n
	}
	if cells > MaxCells {
		return at(fmt.Errorf("%w: %d grid cells, more than %d", ErrLayout, cells, MaxCells), "grids")
	}
	for i, r := range l.Regions {
		if !printable(r.Name) {
			return at(fmt.Errorf("%w: region %d: name %q holds a character that is not printable", ErrLayout, i+1, r.Name), "regions", i, "name")
		}
		if len(r.Cells) > n {
			return at(fmt.Errorf("%w: region %d has %d cells, more than the %d digits", ErrLayout, i+1, len(r.Cells), n), "regions", i)
		}
	}
	return nil
}

// printable reports whether a name is text that prints on one line,
// as messages and pictures show it: no control characters, no line
// breaks, no format characters such as the ones that reverse text.
func printable(name string) bool {
	return !strings.ContainsFunc(name, func(r rune) bool { return !unicode.IsGraphic(r) })
}

// BoxOf is the box shape of grid i; for a grid without boxes (NoBox),
// 1xN: boxes that are its rows, which add no unit.
func (l *Layout) BoxOf(i int) Shape {
	if b := l.boxOf(i); !b.None() {
		return b
	}
	return Shape{1, l.Size}
}

// boxOf is the box shape of grid i as described, NoBox included.
func (l *Layout) boxOf(i int) Shape {
	if b := l.Grids[i].Box; b != nil {
		return *b
	}
	return l.Box
}

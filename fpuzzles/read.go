package fpuzzles

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"

	"gattai/layouts"
	"gattai/lzstring"
	"gattai/sudokupad"
)

// Errors that reading unwraps to, besides layouts' sentinels.
var (
	ErrUnsupported = errors.New("not supported")
	ErrNotFPuzzles = errors.New("not an f-puzzles puzzle")
)

// UnsupportedError names an f-puzzles key (and, where it matters, the
// value) that gattai cannot honour. It unwraps to ErrUnsupported.
type UnsupportedError struct {
	Key    string
	Detail string // what about the key, if not the key as a whole
}

func (e *UnsupportedError) Error() string {
	if e.Detail != "" {
		return fmt.Sprintf("f-puzzles key %q %s is not supported yet", e.Key, e.Detail)
	}
	return fmt.Sprintf("f-puzzles key %q is not supported yet", e.Key)
}

func (e *UnsupportedError) Unwrap() error { return ErrUnsupported }

// Puzzle is an f-puzzles puzzle in gattai's terms.
type Puzzle struct {
	Puzzle   *layouts.Puzzle // the givens; Puzzle.Model.Layout is the layout
	Title    string
	Author   string
	Rules    string
	Solution []uint8  // the setter's "solution" by cell, if given; else nil
	Notes    []string // what was read and ignored, for the user to see
}

// Layout is the puzzle's layout.
func (p *Puzzle) Layout() *layouts.Layout { return p.Puzzle.Model.Layout }

var (
	reFPuzzlesURL = lazyRegexp(`^(?:https?://)?(?:www\.)?f-puzzles\.com/.*[?&]load=([^&#\s]+)`)
	rePayload     = lazyRegexp(`^[A-Za-z0-9+/=\-$]+$`)
)

// jsonText finds the f-puzzles JSON in any accepted form: the JSON, an
// f-puzzles address, a SudokuPad address or id with the fpuzzles or fpuz
// prefix, or a bare payload (lz-string's compressToBase64 of the JSON).
func jsonText(text []byte) ([]byte, error) {
	s := string(bytes.TrimSpace(text))
	if strings.HasPrefix(s, "{") {
		return []byte(s), nil
	}
	var payload string
	if m := reFPuzzlesURL().FindStringSubmatch(s); m != nil {
		payload = m[1]
		if u, err := url.PathUnescape(payload); err == nil {
			payload = u
		}
	} else if format, p, ok := sudokupad.SplitID(s); ok {
		if format != sudokupad.FormatFPuzzles {
			return nil, fmt.Errorf("%w: a SudokuPad %q puzzle (read it as sudokupad)", ErrNotFPuzzles, format)
		}
		payload = p
	} else if rePayload().MatchString(s) {
		payload = s
	} else {
		if json.Valid([]byte(s)) { // [1,2], "text": JSON, but no puzzle
			var obj map[string]json.RawMessage
			_, what := layouts.ExplainJSON([]byte(s), json.Unmarshal([]byte(s), &obj))
			return nil, fmt.Errorf("%w: %s", ErrNotFPuzzles, what)
		}
		return nil, fmt.Errorf("%w: neither JSON, nor an f-puzzles or SudokuPad address, nor a payload", ErrNotFPuzzles)
	}
	// SudokuPad's converter accepts the URI-component alphabet too.
	js, err := lzstring.DecompressFromBase64(payload)
	if err != nil || !strings.HasPrefix(js, "{") {
		if js2, err2 := lzstring.DecompressFromEncodedURIComponent(payload); err2 == nil && strings.HasPrefix(js2, "{") {
			return []byte(js2), nil
		}
		if err == nil {
			err = errors.New("it does not decompress to JSON")
		}
		return nil, fmt.Errorf("%w: neither JSON nor an address, and a bad payload: %w", ErrNotFPuzzles, err)
	}
	return []byte(js), nil
}

// Detect reports whether text looks like an f-puzzles puzzle in any form
// Parse accepts: an f-puzzles or SudokuPad fpuzzles address or id, or a
// payload or JSON whose object has "size" and "grid" keys.
func Detect(text []byte) bool {
	s := string(bytes.TrimSpace(text))
	if reFPuzzlesURL().MatchString(s) {
		return true
	}
	if format, _, ok := sudokupad.SplitID(s); ok {
		return format == sudokupad.FormatFPuzzles
	}
	js, err := jsonText(text)
	if err != nil {
		return false
	}
	fields, err := layouts.ObjectFields(js)
	if err != nil {
		return false
	}
	var size, grid bool
	for _, f := range fields {
		size = size || f.Key == "size"
		grid = grid || f.Key == "grid"
	}
	return size && grid
}

// reader is Parse's state: the keys' values gathered before the layout
// is built from them in a fixed order.
type reader struct {
	p        *Puzzle
	n        int
	givens   [][]int // by row and column
	regions  [][]int // f-puzzles' region index by row and column, -1 none
	jigsaw   bool
	solution []uint8

	diagPlus, diagMinus, antiknight, antiking, nonconsecutive, disjoint bool

	extra    []layouts.Constraint
	killers  []layouts.Constraint
	dots     []dot
	xs, vs   [][]layouts.Pos
	negative []string
	even     []layouts.Pos
	odd      []layouts.Pos
	thermos  []layouts.Constraint
	more     []layouts.Constraint // the kinds of kinds.go, in the table's order
}

// Parse reads an f-puzzles puzzle in any form jsonText accepts. Errors
// are *layouts.ParseError at the key's position in the JSON (after
// decompression, for a link), or the value's for one of the wrong type,
// and name the key or the value's path; a key gattai cannot honour
// unwraps to an *UnsupportedError, an input that is not f-puzzles to
// ErrNotFPuzzles.
func Parse(name string, text []byte) (*Puzzle, error) {
	fail := func(data []byte, off int, err error) error {
		line, col := layouts.LineCol(data, off)
		return &layouts.ParseError{File: name, Line: line, Col: col, Err: err}
	}
	data, err := jsonText(text)
	if err != nil {
		return nil, fail(nil, 0, err)
	}
	fields, err := layouts.ObjectFields(data)
	if err != nil {
		off, msg := layouts.ExplainJSON(data, err) // "EOF": the JSON ends early
		if te := (*layouts.TrailingError)(nil); errors.As(err, &te) {
			off = te.At
		}
		return nil, fail(data, max(off, 0), fmt.Errorf("%w: %s", layouts.ErrSyntax, msg))
	}
	r := &reader{p: &Puzzle{}}
	if f, ok := layouts.DuplicateKey(fields); ok {
		return nil, fail(data, f.KeyAt, fmt.Errorf("%w: key %q given twice", layouts.ErrSyntax, f.Key))
	}
	byName := make(map[string]layouts.JSONField, len(fields))
	for _, f := range fields {
		byName[f.Key] = f
	}
	for _, f := range []string{"size", "grid"} {
		if _, ok := byName[f]; !ok {
			return nil, fail(data, 0, fmt.Errorf("%w: no %q key", ErrNotFPuzzles, f))
		}
	}
	// First refuse, in the order they appear, what gattai cannot honour.
	for _, f := range fields {
		k, ok := lookup(f.Key)
		switch {
		case !ok:
			if empty(f.Value) {
				r.note("ignored the empty unknown key %q", f.Key)
				continue
			}
			return nil, fail(data, f.KeyAt, &UnsupportedError{Key: f.Key, Detail: "(unknown to gattai)"})
		case k.Support == Refused && !empty(f.Value):
			return nil, fail(data, f.KeyAt, &UnsupportedError{Key: f.Key})
		}
	}
	// Then read the rest in the table's order.
	for _, k := range keys {
		f, ok := byName[k.Name]
		if !ok || k.Support == Refused {
			continue
		}
		if k.read == nil {
			if !empty(f.Value) {
				r.note("ignored %q: %s", k.Name, k.About)
			}
			continue
		}
		if err := k.read(r, f.Value); err != nil {
			off, err := explain(f, data, err)
			return nil, fail(data, off, err)
		}
	}
	if err := r.checkNonconsecutive(); err != nil {
		return nil, fail(data, byName["nonconsecutive"].KeyAt, err)
	}
	if err := r.build(); err != nil {
		return nil, fail(data, byName["grid"].KeyAt, err)
	}
	return r.p, nil
}

// explain places an error in reading f's value, and names f's key in
// it when its text does not: a value of the wrong type by its path in
// data, with what was wanted and found.
func explain(f layouts.JSONField, data []byte, err error) (int, error) {
	var te *json.UnmarshalTypeError
	var ue *UnsupportedError
	switch {
	case errors.As(err, &te):
		at := *te // its offset is in f.Value, which every read decodes whole
		at.Offset += int64(f.ValueAt)
		off, text := layouts.ExplainJSON(data, &at)
		if off < 0 {
			off = f.KeyAt
		}
		return off, fmt.Errorf("%w: %s", layouts.ErrSyntax, text)
	case errors.As(err, &ue), strings.Contains(" "+err.Error(), " "+f.Key+" "): // named already
		return f.KeyAt, err
	}
	return f.KeyAt, &keyError{key: f.Key, err: err}
}

// keyError is an error in the value of a key, which its text names.
type keyError struct {
	key string
	err error
}

func (e *keyError) Error() string { return fmt.Sprintf("%s: %v", e.key, e.err) }
func (e *keyError) Unwrap() error { return e.err }

// empty is a value that asks for nothing: null, false, "", [], {}.
func empty(raw json.RawMessage) bool {
	switch strings.TrimSpace(string(raw)) {
	case "", "null", "false", `""`, "[]", "{}":
		return true
	}
	return false
}

func (r *reader) note(format string, args ...any) {
	r.p.Notes = append(r.p.Notes, fmt.Sprintf(format, args...))
}

func decode(raw json.RawMessage, v any) error {
	if err := json.Unmarshal(raw, v); err != nil {
		return fmt.Errorf("%w: %w", layouts.ErrSyntax, err) // Parse words a type error
	}
	return nil
}

func readSize(r *reader, raw json.RawMessage) error {
	if err := decode(raw, &r.n); err != nil {
		return err
	}
	if r.n < 1 || r.n > layouts.MaxSymbols {
		return fmt.Errorf("%w: size %d is outside 1..%d", layouts.ErrTooLarge, r.n, layouts.MaxSymbols)
	}
	return nil
}

// gridCell is one cell of f-puzzles' grid.
type gridCell struct {
	Value  *number         `json:"value"`
	Given  bool            `json:"given"`
	Region json.RawMessage `json:"region"` // absent: the default box; null: no region
	// Cosmetic: noted when present.
	C                 json.RawMessage `json:"c"`
	Highlight         json.RawMessage `json:"highlight"`
	CenterPencilMarks json.RawMessage `json:"centerPencilMarks"`
	CornerPencilMarks json.RawMessage `json:"cornerPencilMarks"`
	GivenPencilMarks  json.RawMessage `json:"givenPencilMarks"`
}

// number is an integer written as a JSON number or a string of one;
// "" and null are zero.
type number int

func (n *number) UnmarshalJSON(b []byte) error {
	s := strings.TrimSpace(string(b))
	if uq, err := strconv.Unquote(s); err == nil {
		s = strings.TrimSpace(uq)
	}
	if s == "" || s == "null" {
		*n = 0
		return nil
	}
	v, err := strconv.Atoi(s)
	if err != nil {
		return fmt.Errorf("%s is not a whole number", layouts.Excerpt(string(b)))
	}
	*n = number(v)
	return nil
}

func readGrid(r *reader, raw json.RawMessage) error {
	var g [][]gridCell
	if err := decode(raw, &g); err != nil {
		return err
	}
	n := r.n
	if len(g) != n {
		return fmt.Errorf("%w: grid has %s, want %d", layouts.ErrShape, count(len(g), "row"), n)
	}
	box := layouts.DefaultBox(n)
	r.givens = make([][]int, n)
	r.regions = make([][]int, n)
	var colours, marks, entries int
	for row, cells := range g {
		if len(cells) != n {
			return fmt.Errorf("%w: grid row %d has %s, want %d", layouts.ErrShape, row+1, count(len(cells), "cell"), n)
		}
		r.givens[row] = make([]int, n)
		r.regions[row] = make([]int, n)
		for col, c := range cells {
			p := layouts.Pos{Row: row, Col: col}
			def := row/box.Rows*(n/box.Cols) + col/box.Cols
			reg := def
			switch strings.TrimSpace(string(c.Region)) {
			case "":
			case "null":
				reg = -1
			default:
				if err := json.Unmarshal(c.Region, &reg); err != nil || reg < 0 {
					return fmt.Errorf("%w: cell %s: region %s is not a region number", layouts.ErrSyntax, p, layouts.Excerpt(string(c.Region)))
				}
				if reg >= n {
					return fmt.Errorf("%w: cell %s: region %d is not 0..%d", layouts.ErrLayout, p, reg, n-1)
				}
			}
			if reg != def {
				r.jigsaw = true
			}
			r.regions[row][col] = reg
			if c.Value != nil && *c.Value != 0 {
				d := int(*c.Value)
				if d < 1 || d > n {
					return fmt.Errorf("%w: cell %s holds %d, not a digit 1..%d", layouts.ErrSymbol, p, d, n)
				}
				if c.Given {
					r.givens[row][col] = d
				} else {
					entries++
				}
			}
			if !empty(c.C) || !empty(c.Highlight) {
				colours++
			}
			if !empty(c.CenterPencilMarks) || !empty(c.CornerPencilMarks) || !empty(c.GivenPencilMarks) {
				marks++
			}
		}
	}
	if entries > 0 {
		r.note("ignored %s not given (a solver's entries)", count(entries, "digit"))
	}
	if colours > 0 {
		r.note("ignored the colours of %s", count(colours, "cell"))
	}
	if marks > 0 {
		r.note("ignored the pencil marks of %s", count(marks, "cell"))
	}
	return nil
}

// count is "1 cell", "2 cells".
func count(k int, noun string) string {
	if k == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", k, noun)
}

func readFlag(flag func(*reader) *bool) func(*reader, json.RawMessage) error {
	return func(r *reader, raw json.RawMessage) error {
		if strings.TrimSpace(string(raw)) == "null" {
			return nil
		}
		return decode(raw, flag(r))
	}
}

func readString(s func(*reader) *string) func(*reader, json.RawMessage) error {
	return func(r *reader, raw json.RawMessage) error {
		if strings.TrimSpace(string(raw)) == "null" {
			return nil
		}
		return decode(raw, s(r))
	}
}

// pos reads an f-puzzles cell name, "R1C1", within the grid.
func (r *reader) pos(s string) (layouts.Pos, error) {
	p, err := layouts.ParsePos(s)
	if err != nil {
		return p, err
	}
	if p.Row >= r.n || p.Col >= r.n {
		return p, fmt.Errorf("%w: cell %s is outside the %dx%d grid", layouts.ErrLayout, s, r.n, r.n)
	}
	return p, nil
}

func (r *reader) cells(names []string) ([]layouts.Pos, error) {
	out := make([]layouts.Pos, 0, len(names))
	for _, s := range names {
		p, err := r.pos(s)
		if err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, nil
}

type cellsEntry struct {
	Cells []string `json:"cells"`
	Value *number  `json:"value"`
}

func readExtraRegions(r *reader, raw json.RawMessage) error {
	var es []cellsEntry
	if err := decode(raw, &es); err != nil {
		return err
	}
	for _, e := range es {
		ps, err := r.cells(e.Cells)
		if err != nil {
			return err
		}
		r.extra = append(r.extra, layouts.Constraint{Kind: "region", Cells: ps})
	}
	return nil
}

func readKillers(r *reader, raw json.RawMessage) error {
	var es []cellsEntry
	if err := decode(raw, &es); err != nil {
		return err
	}
	for i, e := range es {
		ps, err := r.cells(e.Cells)
		if err != nil {
			return err
		}
		c := layouts.Constraint{Kind: "killer", Cells: ps, Source: fmt.Sprintf("killercage[%d]", i)}
		if e.Value != nil {
			c.Sum = int(*e.Value)
		}
		r.killers = append(r.killers, c)
	}
	return nil
}

func readCosmeticCages(r *reader, raw json.RawMessage) error {
	var es []cellsEntry
	if err := decode(raw, &es); err != nil {
		return err
	}
	for _, e := range es {
		if e.Value != nil && *e.Value != 0 {
			return &UnsupportedError{Key: "cage", Detail: fmt.Sprintf("with a value (%d; a sum belongs in killercage)", *e.Value)}
		}
	}
	if len(es) > 0 {
		r.note("ignored %s", count(len(es), "cosmetic cage"))
	}
	return nil
}

func readParity(even bool) func(*reader, json.RawMessage) error {
	return func(r *reader, raw json.RawMessage) error {
		var es []struct {
			Cell string `json:"cell"`
		}
		if err := decode(raw, &es); err != nil {
			return err
		}
		for _, e := range es {
			p, err := r.pos(e.Cell)
			if err != nil {
				return err
			}
			if even {
				r.even = append(r.even, p)
			} else {
				r.odd = append(r.odd, p)
			}
		}
		return nil
	}
}

func readThermos(r *reader, raw json.RawMessage) error {
	var es []struct {
		Lines [][]string `json:"lines"`
	}
	if err := decode(raw, &es); err != nil {
		return err
	}
	for i, e := range es {
		for j, line := range e.Lines {
			ps, err := r.cells(line)
			if err != nil {
				return err
			}
			r.thermos = append(r.thermos, layouts.Constraint{Kind: "thermo", Cells: ps, Source: fmt.Sprintf("thermometer[%d].lines[%d]", i, j)})
		}
	}
	return nil
}

func readSolution(r *reader, raw json.RawMessage) error {
	var ds []*number
	if err := decode(raw, &ds); err != nil {
		return err
	}
	r.solution = make([]uint8, len(ds))
	for i, d := range ds {
		if d != nil && *d > 0 && int(*d) <= layouts.MaxSymbols {
			r.solution[i] = uint8(*d)
		}
	}
	r.note("kept the setter's solution aside; gattai solves for itself")
	return nil
}

// pieceLetters name jigsaw pieces, one per region, up to MaxSymbols.
const pieceLetters = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789@%"

// build makes the layout and the givens from what was read.
func (r *reader) build() error {
	n := r.n
	l := &layouts.Layout{Name: "f-puzzles", Size: n, Box: layouts.DefaultBox(n), Grids: []layouts.Placement{{}}}
	add := func(cs ...layouts.Constraint) { l.Constraints = append(l.Constraints, cs...) }
	if r.jigsaw {
		pieces, err := r.pieces()
		if err != nil {
			return err
		}
		add(layouts.Constraint{Kind: "jigsaw", Pieces: pieces})
	}
	switch {
	case r.diagPlus && r.diagMinus:
		add(layouts.Constraint{Kind: "diagonal"})
	case r.diagPlus:
		add(layouts.Constraint{Kind: "diagonal", Which: "positive"})
	case r.diagMinus:
		add(layouts.Constraint{Kind: "diagonal", Which: "negative"})
	}
	for _, k := range []struct {
		on   bool
		kind string
	}{{r.antiknight, "antiknight"}, {r.antiking, "antiking"}, {r.nonconsecutive && len(r.kropki()) == 0, "nonconsecutive"}} {
		if k.on {
			add(layouts.Constraint{Kind: k.kind})
		}
	}
	if r.disjoint {
		add(layouts.Constraint{Kind: "region", Preset: "disjoint"})
	}
	add(r.extra...)
	add(r.killers...)
	add(r.kropki()...)
	if len(r.even) > 0 || len(r.odd) > 0 {
		add(layouts.Constraint{Kind: "parity", Even: r.even, Odd: r.odd, Source: "the parity marks"})
	}
	add(r.thermos...)
	if len(r.xs) > 0 || len(r.vs) > 0 || slices.Contains(r.negative, "xv") {
		add(layouts.Constraint{Kind: "xv", X: r.xs, V: r.vs, Negative: slices.Contains(r.negative, "xv"), Source: "the XV clues"})
	}
	add(r.more...)

	m, err := layouts.Compile(l)
	if err != nil {
		return err
	}
	p := layouts.NewPuzzle(m)
	for row := range n {
		for col := range n {
			c, _ := m.Cell(layouts.Pos{Row: row, Col: col})
			p.Givens[c] = uint8(r.givens[row][col])
		}
	}
	r.p.Puzzle = p
	if len(r.solution) == n*n {
		r.p.Solution = r.solution
	} else if r.solution != nil {
		r.note("ignored a solution of %d digits for %d cells", len(r.solution), n*n)
	}
	return nil
}

// pieces spells f-puzzles' regions as jigsaw pieces.
func (r *reader) pieces() ([]string, error) {
	n := r.n
	letter := map[int]byte{}
	size := map[int]int{} // cells a region
	var order []int       // regions by first cell
	out := make([]string, n)
	for row := range n {
		b := make([]byte, n)
		for col := range n {
			reg := r.regions[row][col]
			ch, ok := letter[reg]
			if !ok {
				switch {
				case reg < 0:
					return nil, fmt.Errorf("%w: cell %s is in no region", layouts.ErrLayout, layouts.Pos{Row: row, Col: col})
				case len(letter) == n:
					return nil, fmt.Errorf("%w: cell %s is in region %d, beyond the %d regions of a %dx%d grid", layouts.ErrLayout, layouts.Pos{Row: row, Col: col}, reg, n, n, n)
				}
				ch = pieceLetters[len(letter)]
				letter[reg] = ch
				order = append(order, reg)
			}
			size[reg]++
			b[col] = ch
		}
		out[row] = string(b)
	}
	for _, reg := range order {
		if k := size[reg]; k != n {
			return nil, fmt.Errorf("%w: region %d has %s, want %d", layouts.ErrLayout, reg, count(k, "cell"), n)
		}
	}
	return out, nil
}

// lazyRegexp compiles expr on its first use, not when the program
// starts: every run of the CLI, reading links or not, paid for it.
func lazyRegexp(expr string) func() *regexp.Regexp {
	return sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(expr) })
}

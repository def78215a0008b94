package sudokupad

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"gattai/layouts"
	"gattai/lzstring"
)

// Errors that reading unwraps to, besides layouts' sentinels.
var (
	ErrUnsupported = errors.New("not supported")
	ErrNotSCL      = errors.New("not a SudokuPad scl puzzle")
)

// UnsupportedError names a part of a SudokuPad puzzle gattai cannot
// read the meaning of: a drawing (Key "lines", "underlays", "overlays",
// "arrows", with its 1-based Index), or any other key. It unwraps to
// ErrUnsupported.
type UnsupportedError struct {
	Key    string
	Index  int    // 1-based, 0 for the key as a whole
	Detail string // what it is, if known
}

func (e *UnsupportedError) Error() string {
	s := fmt.Sprintf("SudokuPad %q", e.Key)
	if e.Index > 0 {
		s += fmt.Sprintf(" item %d", e.Index)
	}
	if e.Detail != "" {
		s += " (" + e.Detail + ")"
	}
	return s + " is not supported yet"
}

func (e *UnsupportedError) Unwrap() error { return ErrUnsupported }

// Puzzle is a SudokuPad puzzle in gattai's terms.
type Puzzle struct {
	Puzzle   *layouts.Puzzle // the givens; Puzzle.Model.Layout is the layout
	Title    string
	Author   string
	Rules    string
	Solution string   // the setter's solution text from the metadata, if any
	Notes    []string // what was read and ignored, for the user to see
}

// Layout is the puzzle's layout.
func (p *Puzzle) Layout() *layouts.Layout { return p.Puzzle.Model.Layout }

var rePayload = lazyRegexp(`^[A-Za-z0-9+/=\-$]+$`)

// jsonText finds the SudokuPad JSON in any accepted form: an scl or ctc
// address or id, a bare payload, or the JSON, zipped or not.
func jsonText(text []byte) ([]byte, error) {
	s := string(bytes.TrimSpace(text))
	if format, payload, ok := SplitID(s); ok {
		switch format {
		case FormatSCL:
			s = payload
		case FormatRemote:
			return nil, fmt.Errorf("%w: %q is a short id that only SudokuPad's server can resolve; open it there and copy the scl link", ErrNotSCL, payload)
		case FormatFPuzzles:
			return nil, fmt.Errorf("%w: a SudokuPad puzzle in f-puzzles' format, which package fpuzzles reads", ErrNotSCL)
		default:
			return nil, fmt.Errorf("%w: a SudokuPad %q puzzle", ErrNotSCL, format)
		}
	}
	if !strings.HasPrefix(s, "{") {
		if !rePayload().MatchString(s) {
			if json.Valid([]byte(s)) { // [1,2], "text": JSON, but no puzzle
				var obj map[string]json.RawMessage
				_, what := layouts.ExplainJSON([]byte(s), json.Unmarshal([]byte(s), &obj))
				return nil, fmt.Errorf("%w: %s", ErrNotSCL, what)
			}
			return nil, fmt.Errorf("%w: neither JSON, nor a SudokuPad address or id, nor a payload", ErrNotSCL)
		}
		d, err := lzstring.DecompressFromBase64(s)
		if err != nil || !strings.HasPrefix(d, "{") {
			if d2, err2 := lzstring.DecompressFromEncodedURIComponent(s); err2 == nil && strings.HasPrefix(d2, "{") {
				d, err = d2, nil
			} else if err == nil {
				err = errors.New("it does not decompress to a puzzle")
			}
		}
		if err != nil {
			return nil, fmt.Errorf("%w: neither JSON nor an address, and a bad payload: %w", ErrNotSCL, err)
		}
		s = d
	}
	if json.Valid([]byte(s)) {
		return []byte(s), nil
	}
	js, err := unzip(s)
	if errors.Is(err, layouts.ErrTooLarge) {
		return nil, err
	}
	if err != nil && strings.HasPrefix(strings.TrimLeft(s[1:], " \t\r\n"), `"`) { // JSON, broken: zipped text has no quoted keys
		var v any
		off, msg := layouts.ExplainJSON([]byte(s), json.Unmarshal([]byte(s), &v))
		return []byte(s), atOffset(fmt.Errorf("%w: %s", layouts.ErrSyntax, msg), off)
	}
	if err != nil {
		return nil, fmt.Errorf("%w: %w", layouts.ErrSyntax, err)
	}
	return js, nil
}

// Detect reports whether text looks like a SudokuPad scl puzzle in a form
// Parse accepts: an scl or ctc address or id, or a payload or JSON
// (zipped or not) whose object has "cells".
func Detect(text []byte) bool {
	if format, _, ok := SplitID(string(bytes.TrimSpace(text))); ok {
		return format == FormatSCL
	}
	js, err := jsonText(text)
	if err != nil {
		return false
	}
	var top map[string]json.RawMessage
	if json.Unmarshal(js, &top) != nil {
		return false
	}
	_, ok := top["cells"]
	return ok
}

// support is what the reader does with a top-level key.
type support uint8

const (
	honoured support = iota
	cosmetic
)

var topKeys = map[string]support{
	"cells": honoured, "regions": honoured, "cages": honoured, "lines": honoured,
	"underlays": honoured, "overlays": honoured, "arrows": honoured, "metadata": honoured,
	"id": cosmetic, "cellSize": cosmetic, "settings": cosmetic, "videos": cosmetic,
	"author": honoured, "title": honoured, "rules": honoured, "solution": honoured,
}

type (
	sclPuzzle struct {
		Cells     [][]map[string]json.RawMessage `json:"cells"`
		Regions   [][][]int                      `json:"regions"`
		Cages     []sclCage                      `json:"cages"`
		Lines     []sclLine                      `json:"lines"`
		Arrows    []sclArrow                     `json:"arrows"`
		Underlays []sclShape                     `json:"underlays"`
		Overlays  []sclShape                     `json:"overlays"`
		Metadata  map[string]json.RawMessage     `json:"metadata"`
		Title     string                         `json:"title"`
		Author    string                         `json:"author"`
		Rules     string                         `json:"rules"`
		Solution  string                         `json:"solution"`
	}
	sclCage struct {
		Cells [][]int         `json:"cells"`
		Value json.RawMessage `json:"value"`
	}
	sclLine struct {
		WayPoints [][]float64 `json:"wayPoints"`
		Color     string      `json:"color"`
		Thickness float64     `json:"thickness"`
		D         string      `json:"d"`
	}
	sclArrow struct {
		WayPoints  [][]float64 `json:"wayPoints"`
		Color      string      `json:"color"`
		Thickness  float64     `json:"thickness"`
		HeadLength float64     `json:"headLength"`
	}
	sclShape struct {
		Center          []float64       `json:"center"`
		Width           float64         `json:"width"`
		Height          float64         `json:"height"`
		Rounded         bool            `json:"rounded"`
		BackgroundColor string          `json:"backgroundColor"`
		BorderColor     string          `json:"borderColor"`
		Thickness       float64         `json:"thickness"`
		Text            json.RawMessage `json:"text"`
		FontSize        float64         `json:"fontSize"`
		Color           string          `json:"color"`
	}
)

// Parse reads a SudokuPad scl puzzle in any form jsonText accepts. The
// canvas is SudokuPad's grid of cells, less the cells a hiding overlay
// covers (see doc.go); its grids are found from the regions. Errors are
// *layouts.ParseError at the element of the JSON (after decompression
// and unzipping, for a link) that they name ("cells[0][1]: want an
// object, found 1", "cage 2: ..."), 1:1 when none; a part gattai cannot
// read unwraps to an *UnsupportedError, an input that is not scl to
// ErrNotSCL.
func Parse(name string, text []byte) (*Puzzle, error) {
	var js []byte
	fail := func(err error) error {
		line, col := 1, 1
		if off, ok := offset(js, err); ok {
			line, col = layouts.LineCol(js, off)
		}
		return &layouts.ParseError{File: name, Line: line, Col: col, Err: err}
	}
	js, err := jsonText(text)
	if err != nil {
		return nil, fail(err) // js, if any, is the broken JSON
	}
	var top map[string]json.RawMessage
	if err := json.Unmarshal(js, &top); err != nil {
		off, msg := layouts.ExplainJSON(js, err)
		return nil, fail(atOffset(fmt.Errorf("%w: %s", layouts.ErrSyntax, msg), off))
	}
	if k, off, ok := twice(js); ok { // json keeps the last: half the puzzle would be lost
		return nil, fail(atOffset(fmt.Errorf("%w: key %q given twice", layouts.ErrSyntax, k), off))
	}
	if meta := bytes.TrimSpace(top["metadata"]); bytes.HasPrefix(meta, []byte("{")) {
		// The metadata's constraints or clues given twice: the first
		// would be lost as well.
		if k, off, ok := twice(meta); ok {
			at, _ := layouts.LocateJSON(js, "metadata")
			return nil, fail(atOffset(fmt.Errorf("%w: metadata key %q given twice", layouts.ErrSyntax, k), at+off))
		}
	}
	names := make([]string, 0, len(top))
	for k := range top {
		names = append(names, k)
	}
	slices.Sort(names)
	if _, ok := top["cells"]; !ok {
		return nil, fail(fmt.Errorf("%w: no cells", ErrNotSCL))
	}
	r := &reader{p: &Puzzle{}, rulesNote: -1}
	for _, k := range names {
		s, ok := topKeys[k]
		switch {
		case !ok && !emptyJSON(top[k]):
			return nil, fail(&UnsupportedError{Key: k, Detail: "unknown to gattai"})
		case s == cosmetic && k != "id" && k != "cellSize":
			r.note("ignored %q", k)
		}
	}
	var sp sclPuzzle
	if err := json.Unmarshal(js, &sp); err != nil {
		off, msg := layouts.ExplainJSON(js, err) // no Go types: the path, what was wanted and found
		return nil, fail(atOffset(fmt.Errorf("%w: %s", layouts.ErrSyntax, msg), off))
	}
	if err := r.read(&sp); err != nil {
		return nil, fail(err)
	}
	if r.rulesNote >= 0 && ownRules(r.p) {
		r.p.Notes = slices.Delete(r.p.Notes, r.rulesNote, r.rulesNote+1)
	}
	return r.p, nil
}

// ownRules reports whether p's rules text is the one Marshal writes for
// the puzzle read, a rule a line, in any order (reading may order the
// constraints otherwise): a link of gattai's own, whose rules say
// nothing that was not read, so no note is due.
func ownRules(p *Puzzle) bool {
	b, err := Marshal(p.Puzzle, WriteOptions{})
	if err != nil {
		return false
	}
	var out struct {
		Metadata struct {
			Rules string `json:"rules"`
		} `json:"metadata"`
	}
	if json.Unmarshal(b, &out) != nil {
		return false
	}
	ours, theirs := strings.Split(out.Metadata.Rules, "\n"), strings.Split(p.Rules, "\n")
	slices.Sort(ours)
	slices.Sort(theirs)
	return slices.Equal(ours, theirs)
}

// twice finds a key that the JSON object js gives twice, and where it
// is the second time.
func twice(js []byte) (string, int, bool) {
	fs, err := layouts.ObjectFields(js)
	if err != nil {
		return "", 0, false
	}
	f, ok := layouts.DuplicateKey(fs)
	return f.Key, f.KeyAt, ok
}

// placedError is an error at a value of the puzzle's JSON: at an
// offset, or at a path of object keys (string) and array indices (int).
type placedError struct {
	off  int // -1: at path
	path []any
	err  error
}

func (e *placedError) Error() string { return e.err.Error() }
func (e *placedError) Unwrap() error { return e.err }

// at places err at a path in the JSON.
func at(err error, path ...any) error { return &placedError{off: -1, path: path, err: err} }

// atOffset places err at an offset in the JSON, -1 for none.
func atOffset(err error, off int) error { return &placedError{off: off, err: err} }

// offset is where in js err is: where at placed it, or the part an
// *UnsupportedError names.
func offset(js []byte, err error) (int, bool) {
	var pe *placedError
	var ue *UnsupportedError
	switch {
	case errors.As(err, &pe) && pe.path == nil:
		return pe.off, pe.off >= 0
	case errors.As(err, &pe):
		return layouts.LocateJSON(js, pe.path...)
	case errors.As(err, &ue) && ue.Index > 0:
		return layouts.LocateJSON(js, ue.Key, ue.Index-1)
	case errors.As(err, &ue):
		return layouts.LocateJSON(js, ue.Key)
	}
	return 0, false
}

func emptyJSON(raw json.RawMessage) bool {
	switch strings.TrimSpace(string(raw)) {
	case "", "null", "false", `""`, "[]", "{}":
		return true
	}
	return false
}

type reader struct {
	p             *Puzzle
	height, width int
	hidden        map[layouts.Pos]bool
	grids         []layouts.Pos // the metadata's grids, if any
	bare          []bool        // of each of grids, whether it has no regions (":none")
	outside       []outsideClue // the metadata's clues, if any
	// listed are the metadata's constraints, if any: those that the
	// drawings do not carry in full (see listedKinds).
	listed []layouts.Constraint
	// rulesNote is the index in p.Notes of the note that the rules text
	// is not read, -1 when there is none.
	rulesNote int
}

// outsideClue is a sandwich, x-sum or skyscraper clue that the metadata
// names (as Marshal writes them, "sandwich r1c1-r1c9"): its kind, its
// first cell, the step along its cells and their number.
type outsideClue struct {
	kind  string
	first layouts.Pos
	step  [2]int
	n     int
}

// place is where the clue's number is: the place before its first cell.
func (o outsideClue) place() layouts.Pos {
	return layouts.Pos{Row: o.first.Row - o.step[0], Col: o.first.Col - o.step[1]}
}

func (r *reader) note(format string, args ...any) {
	r.p.Notes = append(r.p.Notes, fmt.Sprintf(format, args...))
}

// Colours gattai writes and recognises.
const (
	hideColour   = "#FFFFFF" // an overlay that hides cells outside every grid
	thermoColour = "#CFCFCF" // a thermometer's bulb and line
	parityColour = "#CFCFCF" // a circle (odd) or square (even) with no line
)

func sameColour(a, b string) bool { return strings.EqualFold(a, b) }

// cellAt is the cell whose centre is at (y, x), if it is one.
func (r *reader) cellAt(y, x float64) (layouts.Pos, bool) {
	row, col := y-0.5, x-0.5
	// Compared as floats: int(1e300) is no row.
	if row != math.Trunc(row) || col != math.Trunc(col) || row < 0 || col < 0 || row >= float64(r.height) || col >= float64(r.width) {
		return layouts.Pos{}, false
	}
	return layouts.Pos{Row: int(row), Col: int(col)}, true
}

// hides reports whether an overlay is a hiding rectangle: opaque white,
// square-cornered, covering whole cells, those of rows top..bottom-1
// and columns left..right-1.
func (r *reader) hides(o sclShape) (top, left, bottom, right int, ok bool) {
	if len(o.Center) != 2 || o.Rounded || !sameColour(o.BackgroundColor, hideColour) ||
		o.BorderColor != "" && !sameColour(o.BorderColor, hideColour) || !emptyJSON(o.Text) {
		return 0, 0, 0, 0, false
	}
	y, x := o.Center[0]-o.Height/2, o.Center[1]-o.Width/2
	if o.Width < 1 || o.Height < 1 || y != math.Trunc(y) || x != math.Trunc(x) ||
		o.Width != math.Trunc(o.Width) || o.Height != math.Trunc(o.Height) ||
		y < 0 || x < 0 || y+o.Height > float64(r.height) || x+o.Width > float64(r.width) {
		return 0, 0, 0, 0, false
	}
	return int(y), int(x), int(y + o.Height), int(x + o.Width), true
}

// dot reads an overlay as a kropki dot between two orthogonal
// neighbours: a small circle, white or black, with no number.
func (r *reader) dot(o sclShape) (pair []layouts.Pos, black bool, ok bool) {
	if len(o.Center) != 2 || !o.Rounded || o.Width > 0.5 || o.Height > 0.5 || !emptyJSON(o.Text) {
		return nil, false, false
	}
	switch {
	case sameColour(o.BackgroundColor, "#FFFFFF"):
	case sameColour(o.BackgroundColor, "#000000"):
		black = true
	default:
		return nil, false, false
	}
	pair, ok = r.edgeCells(o.Center[0], o.Center[1])
	return pair, black, ok
}

// edgeCells are the two cells either side of the middle (y, x) of the
// edge between them.
func (r *reader) edgeCells(y, x float64) ([]layouts.Pos, bool) {
	if y == math.Trunc(y) && x-0.5 == math.Trunc(x-0.5) { // on a horizontal edge
		a, ok1 := r.cellAt(y-0.5, x)
		b, ok2 := r.cellAt(y+0.5, x)
		return []layouts.Pos{a, b}, ok1 && ok2
	}
	if x == math.Trunc(x) && y-0.5 == math.Trunc(y-0.5) { // on a vertical edge
		a, ok1 := r.cellAt(y, x-0.5)
		b, ok2 := r.cellAt(y, x+0.5)
		return []layouts.Pos{a, b}, ok1 && ok2
	}
	return nil, false
}

func (r *reader) read(sp *sclPuzzle) error {
	r.height = len(sp.Cells)
	for _, row := range sp.Cells {
		r.width = max(r.width, len(row))
	}
	if r.height == 0 {
		return at(fmt.Errorf("%w: cells: no rows of cells", layouts.ErrShape), "cells")
	}
	if r.height > layouts.MaxCanvasSide || r.width > layouts.MaxCanvasSide || r.height*r.width > layouts.MaxCells {
		return at(fmt.Errorf("%w: %dx%d cells", layouts.ErrTooLarge, r.height, r.width), "cells")
	}
	// Overlays: hiding rectangles and kropki dots.
	r.hidden = map[layouts.Pos]bool{}
	// Hiding rectangles are summed in a difference array, then marked
	// once: any number of overlays costs one pass over the board.
	w := r.width + 1
	covers := make([]int32, (r.height+1)*w)
	dr := newDrawn()
	for i, o := range sp.Overlays {
		if top, left, bottom, right, ok := r.hides(o); ok {
			covers[top*w+left]++
			covers[top*w+right]--
			covers[bottom*w+left]--
			covers[bottom*w+right]++
			continue
		}
		if pair, black, ok := r.dot(o); ok {
			dr.addDot(pair, black, dots[btoi(black)].def)
			continue
		}
		if r.overlay(dr, i, o) {
			continue
		}
		return &UnsupportedError{Key: "overlays", Index: i + 1, Detail: shapeText(o)}
	}
	for y := range r.height {
		for x := range r.width {
			// covers[y*w+x] becomes the number of rectangles over (y, x).
			if y > 0 {
				covers[y*w+x] += covers[(y-1)*w+x]
			}
			if x > 0 {
				covers[y*w+x] += covers[y*w+x-1]
			}
			if y > 0 && x > 0 {
				covers[y*w+x] -= covers[(y-1)*w+x-1]
			}
			if covers[y*w+x] > 0 {
				r.hidden[layouts.Pos{Row: y, Col: x}] = true
			}
		}
	}
	for row, cells := range sp.Cells {
		for col := len(cells); col < r.width; col++ {
			r.hidden[layouts.Pos{Row: row, Col: col}] = true
		}
	}
	// Underlays are thermometer bulbs, with a line from each, or parity
	// circles and squares.
	var thermos []layouts.Constraint
	var odd, even []layouts.Pos
	usedLine := make([]bool, len(sp.Lines))
	starts := lineStarts(sp.Lines)
	for i, u := range sp.Underlays {
		if cells, ok := r.thermo(u, sp.Lines, starts, usedLine); ok {
			thermos = append(thermos, layouts.Constraint{Kind: "thermo", Cells: cells, Source: fmt.Sprintf("the thermometer at underlays[%d]", i)})
			continue
		}
		if p, ok := r.parity(u); ok {
			if u.Rounded {
				odd = append(odd, p)
			} else {
				even = append(even, p)
			}
			continue
		}
		return &UnsupportedError{Key: "underlays", Index: i + 1, Detail: shapeText(u) + r.cloneShade(u)}
	}
	for i, used := range usedLine {
		if !used && !r.line(dr, i, sp.Lines[i]) {
			return &UnsupportedError{Key: "lines", Index: i + 1, Detail: fmt.Sprintf("a %s line through %d points", layouts.Excerpt(sp.Lines[i].Color), len(sp.Lines[i].WayPoints))}
		}
	}
	for i, a := range sp.Arrows {
		if !r.arrow(dr, i, a) {
			return &UnsupportedError{Key: "arrows", Index: i + 1, Detail: fmt.Sprintf("a %s arrow through %d points", layouts.Excerpt(a.Color), len(a.WayPoints))}
		}
	}
	if err := r.meta(sp); err != nil {
		return err
	}
	if err := dr.check(r.outside); err != nil {
		return err
	}
	if err := dr.cover(r.listed); err != nil {
		return at(err, "metadata", "constraints")
	}
	l, err := r.layout(sp.Regions)
	if err != nil {
		return err
	}
	// Cages are killer cages; metadata cages were taken by meta.
	for i, c := range sp.Cages {
		if len(c.Cells) == 0 {
			if _, err := strconv.Atoi(strings.TrimSpace(strings.Trim(strings.TrimSpace(string(c.Value)), `"`))); err == nil {
				return at(fmt.Errorf("%w: cage %d: a sum (%s) with no cells", layouts.ErrLayout, i+1, c.Value), "cages", i)
			}
			continue
		}
		ps, err := r.positions(c.Cells, fmt.Sprintf("cage %d", i+1))
		if err != nil {
			return at(err, "cages", i)
		}
		k := layouts.Constraint{Kind: "killer", Cells: ps, Source: fmt.Sprintf("cage %d", i+1)}
		if !emptyJSON(c.Value) {
			s := strings.Trim(strings.TrimSpace(string(c.Value)), `"`)
			sum, err := strconv.Atoi(strings.TrimSpace(s))
			if err != nil {
				return &UnsupportedError{Key: "cages", Index: i + 1, Detail: fmt.Sprintf("value %s is not a sum", layouts.Excerpt(string(c.Value)))}
			}
			k.Sum = sum
		}
		l.Constraints = append(l.Constraints, k)
	}
	l.Constraints = append(l.Constraints, dr.kropki()...)
	if len(odd)+len(even) > 0 {
		l.Constraints = append(l.Constraints, layouts.Constraint{Kind: "parity", Even: even, Odd: odd, Source: "the parity marks"})
	}
	l.Constraints = append(l.Constraints, thermos...)
	more, err := r.constraints(dr, l)
	if err != nil {
		return err
	}
	l.Constraints = append(l.Constraints, more...)
	l.Constraints = append(l.Constraints, r.listed...)
	m, err := layouts.Compile(l)
	if err != nil {
		return err
	}
	p := layouts.NewPuzzle(m)
	extras, outside := false, 0
	for row, cells := range sp.Cells {
		for col, cell := range cells {
			for k, raw := range cell {
				extras = extras || k != "value" && !emptyJSON(raw)
			}
			if _, in := m.Cell(layouts.Pos{Row: row, Col: col}); !in && !r.hidden[layouts.Pos{Row: row, Col: col}] {
				outside++
			}
			raw, ok := cell["value"]
			if !ok || emptyJSON(raw) {
				continue
			}
			pos := layouts.Pos{Row: row, Col: col}
			d, err := strconv.Atoi(strings.Trim(string(raw), `"`))
			if err != nil || d < 1 || d > m.N {
				return at(fmt.Errorf("%w: cell %s holds %s, not a digit 1..%d", layouts.ErrSymbol, pos, layouts.Excerpt(string(raw)), m.N), "cells", row, col, "value")
			}
			ci, ok := m.Cell(pos)
			if !ok {
				return at(fmt.Errorf("%w: cell %s holds %d but is outside every grid", layouts.ErrLayout, pos, d), "cells", row, col, "value")
			}
			p.Givens[ci] = uint8(d)
		}
	}
	if extras {
		r.note("ignored the pencil marks and colours of cells")
	}
	if outside > 0 {
		r.note("ignored %d cells that are in no grid", outside)
	}
	r.p.Puzzle = p
	return nil
}

func shapeText(s sclShape) string {
	shape := "rectangle"
	if s.Rounded {
		shape = "circle"
	}
	if !emptyJSON(s.Text) {
		shape += " with text " + layouts.Excerpt(string(s.Text))
	}
	if s.BackgroundColor != "" {
		shape = layouts.Excerpt(s.BackgroundColor) + " " + shape
	}
	if len(s.Center) == 2 {
		return fmt.Sprintf("a %s at %g,%g", shape, s.Center[0], s.Center[1])
	}
	return shape
}

// lineStart is where a line may be a thermometer's: its colour (folded)
// and its first point.
type lineStart struct {
	colour string
	y, x   float64
}

// lineStarts lists the lines that may be thermometers' by their start,
// each list in the lines' order: a bulb finds its line at once, not
// by reading every line.
func lineStarts(lines []sclLine) map[lineStart][]int {
	starts := map[lineStart][]int{}
	for i, l := range lines {
		if len(l.WayPoints) < 2 || l.D != "" || len(l.WayPoints[0]) != 2 {
			continue
		}
		k := lineStart{foldColour(l.Color), l.WayPoints[0][0], l.WayPoints[0][1]}
		starts[k] = append(starts[k], i)
	}
	return starts
}

// foldColour maps every rune to the least of its case folds: two
// colours are sameColour exactly when they fold alike.
func foldColour(s string) string {
	return strings.Map(func(r rune) rune {
		least := r
		for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
			least = min(least, f)
		}
		return least
	}, s)
}

// thermo reads an underlay as a thermometer's bulb: a circle at a cell's
// centre with an unused line of its colour starting there (the first
// such, in starts), through cell centres.
func (r *reader) thermo(u sclShape, lines []sclLine, starts map[lineStart][]int, used []bool) ([]layouts.Pos, bool) {
	if len(u.Center) != 2 || !u.Rounded || !emptyJSON(u.Text) {
		return nil, false
	}
	k := lineStart{foldColour(u.BackgroundColor), u.Center[0], u.Center[1]}
	if len(starts[k]) == 0 {
		return nil, false
	}
	i := starts[k][0]
	cells, ok := r.centres(lines[i].WayPoints)
	if !ok {
		return nil, false
	}
	used[i] = true
	starts[k] = starts[k][1:]
	return cells, true
}

// parity reads an underlay as a parity mark: a grey circle (odd) or
// square (even) at a cell's centre, smaller than the cell.
func (r *reader) parity(u sclShape) (layouts.Pos, bool) {
	if len(u.Center) != 2 || !sameColour(u.BackgroundColor, parityColour) || !emptyJSON(u.Text) ||
		u.Width != u.Height || u.Width < 0.5 || u.Width > 0.9 {
		return layouts.Pos{}, false
	}
	return r.cellAt(u.Center[0], u.Center[1])
}

// meta reads the metadata: an object, or (in older puzzles) cages with no
// cells whose value is "key: text".
func (r *reader) meta(sp *sclPuzzle) error {
	set := func(key, val string) error {
		switch key {
		case "title":
			r.p.Title = val
		case "author":
			r.p.Author = val
		case "rules":
			r.p.Rules = val
		case "solution":
			r.p.Solution = val
		case "grids":
			if err := r.readGrids(val); err != nil {
				return at(err, "metadata", "grids")
			}
		case "clues":
			if err := r.readClues(val); err != nil {
				return at(err, "metadata", "clues")
			}
		case "constraints":
			if err := r.readListed(val); err != nil {
				return at(err, "metadata", "constraints")
			}
		case "bgimage", "foglight", "foglink":
			return &UnsupportedError{Key: "metadata", Detail: key}
		default:
			if val != "" {
				r.note("ignored the metadata %q", key)
			}
		}
		return nil
	}
	for _, kv := range [][2]string{{"title", sp.Title}, {"author", sp.Author}, {"rules", sp.Rules}, {"solution", sp.Solution}} {
		if kv[1] != "" {
			set(kv[0], kv[1])
		}
	}
	keys := make([]string, 0, len(sp.Metadata))
	for k := range sp.Metadata {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		var s string
		if json.Unmarshal(sp.Metadata[k], &s) != nil {
			s = string(sp.Metadata[k])
		}
		if err := set(k, s); err != nil {
			return err
		}
	}
	for _, c := range sp.Cages {
		if len(c.Cells) > 0 {
			continue
		}
		var s string
		if json.Unmarshal(c.Value, &s) != nil {
			continue
		}
		if k, v, ok := strings.Cut(s, ":"); ok {
			if err := set(strings.TrimSpace(k), strings.TrimSpace(v)); err != nil {
				return err
			}
		}
	}
	if r.p.Rules != "" {
		r.rulesNote = len(r.p.Notes)
	}
	switch {
	case r.p.Rules == "":
	case len(r.listed) > 0:
		var kinds []string
		for _, c := range r.listed {
			if !slices.Contains(kinds, c.Kind) {
				kinds = append(kinds, c.Kind)
			}
		}
		r.note("the rules text is not read: gattai solves the grids, regions and drawn constraints it reads, and the constraints the metadata lists (%s)", strings.Join(kinds, ", "))
	default:
		r.note("the rules text is not read: gattai solves only the grids, regions and drawn constraints it reads")
	}
	return nil
}

func (r *reader) positions(cells [][]int, what string) ([]layouts.Pos, error) {
	out := make([]layouts.Pos, 0, len(cells))
	for _, c := range cells {
		if len(c) != 2 || c[0] < 0 || c[1] < 0 || c[0] >= r.height || c[1] >= r.width {
			written, _ := json.Marshal(c)
			return nil, fmt.Errorf("%w: %s: cell %s is off the board", layouts.ErrLayout, what, written)
		}
		p := layouts.Pos{Row: c[0], Col: c[1]}
		if r.hidden[p] {
			return nil, fmt.Errorf("%w: %s: cell %s is hidden", layouts.ErrLayout, what, p)
		}
		out = append(out, p)
	}
	return out, nil
}

// layout finds the grids: squares of n visible cells a side, n the
// regions' size, that every region lies wholly inside or outside of.
func (r *reader) layout(regions [][][]int) (*layouts.Layout, error) {
	owner := map[layouts.Pos]int{} // cell -> region
	n := 0
	for i, reg := range regions {
		ps, err := r.positions(reg, fmt.Sprintf("region %d", i+1))
		if err != nil {
			return nil, at(err, "regions", i)
		}
		if n == 0 {
			n = len(ps)
		}
		if len(ps) != n || n > layouts.MaxSymbols {
			return nil, &UnsupportedError{Key: "regions", Index: i + 1, Detail: fmt.Sprintf("%d cells where the first region has %d", len(ps), n)}
		}
		for _, p := range ps {
			if _, dup := owner[p]; dup {
				return nil, at(fmt.Errorf("%w: region %d: cell %s is in two regions", layouts.ErrLayout, i+1, p), "regions", i)
			}
			owner[p] = i
		}
	}
	if n == 0 { // no regions: one square grid of default boxes
		if r.grids != nil {
			return nil, fmt.Errorf("%w: metadata grids, and no regions to give their size", layouts.ErrLayout)
		}
		if r.height != r.width || len(r.hidden) > 0 || r.height > layouts.MaxSymbols {
			return nil, fmt.Errorf("%w: no regions, and the board is not one square grid", layouts.ErrLayout)
		}
		return layouts.Classic(r.height, layouts.DefaultBox(r.height)), nil
	}
	l := &layouts.Layout{Name: "sudokupad", Size: n}
	// own is the region of each visible position, -1 for none: a slice,
	// as a square's check reads it n*n times.
	own := make([]int32, r.height*r.width)
	for i := range own {
		own[i] = -1
	}
	for p, reg := range owner {
		own[p.Row*r.width+p.Col] = int32(reg)
	}
	at := squares(own, r.height, r.width, n, len(regions))
	if r.grids != nil {
		// The writer's own list of the grids, where the regions alone
		// would make more (a windmill): each must be such a square.
		// A bare one, with no regions of its own, is a square of
		// visible cells.
		for i, p := range r.grids {
			if r.bare[i] {
				if err := r.visible(p, n); err != nil {
					return nil, err
				}
			} else if !slices.Contains(at, p) {
				return nil, fmt.Errorf("%w: metadata grids: no %dx%d grid of whole regions at %s", layouts.ErrLayout, n, n, p)
			}
		}
		at = r.grids
	}
	if len(at) > layouts.MaxGrids {
		return nil, fmt.Errorf("%w: more than %d grids", layouts.ErrTooLarge, layouts.MaxGrids)
	}
	covered := map[layouts.Pos]bool{}
	for i, p := range at {
		top, left := p.Row, p.Col
		g := layouts.Placement{At: p}
		shape, pieces := layouts.NoBox, []string(nil)
		if r.bare == nil || !r.bare[i] {
			shape, pieces = boxesOf(n, func(y, x int) int { return int(own[(top+y)*r.width+left+x]) })
		}
		if len(l.Grids) == 0 {
			l.Box = shape
		}
		if pieces != nil {
			l.Constraints = append(l.Constraints, layouts.Constraint{Kind: "jigsaw", Grid: len(l.Grids) + 1, Pieces: pieces})
		} else if shape != l.Box {
			g.Box = &shape
		}
		l.Grids = append(l.Grids, g)
		for y := top; y < top+n; y++ {
			for x := left; x < left+n; x++ {
				covered[layouts.Pos{Row: y, Col: x}] = true
			}
		}
	}
	for p := range owner {
		if !covered[p] {
			return nil, fmt.Errorf("%w: cell %s is in a region but in no %dx%d grid of whole regions", layouts.ErrLayout, minCell(owner, covered), n, n)
		}
	}
	if len(l.Grids) == 1 {
		l.Name = "classic"
		if l.Constraints != nil {
			l.Constraints[0].Grid = 0
		}
	}
	return l, nil
}

// visible checks that the n x n square at p is on the board, none of
// its cells hidden: a bare grid of the metadata's grids.
func (r *reader) visible(p layouts.Pos, n int) error {
	if p.Row+n > r.height || p.Col+n > r.width {
		return fmt.Errorf("%w: metadata grids: the %dx%d grid at %s is off the board", layouts.ErrLayout, n, n, p)
	}
	for y := p.Row; y < p.Row+n; y++ {
		for x := p.Col; x < p.Col+n; x++ {
			if q := (layouts.Pos{Row: y, Col: x}); r.hidden[q] {
				return fmt.Errorf("%w: metadata grids: the %dx%d grid at %s holds hidden cell %s", layouts.ErrLayout, n, n, p, q)
			}
		}
	}
	return nil
}

// squares is the top-left corners, in reading order, of the n x n
// squares of a height x width board whose positions all lie in regions
// (own: the region of each position, -1 for none, of nregions) and
// hold every region they touch whole: the places a grid may be.
func squares(own []int32, height, width, n, nregions int) []layouts.Pos {
	var at []layouts.Pos
	inside := make([]int, nregions)
	for top := 0; top+n <= height; top++ {
		for left := 0; left+n <= width; left++ {
			ok := true
			var seen []int32
			for y := top; y < top+n && ok; y++ {
				for x := left; x < left+n; x++ {
					reg := own[y*width+x]
					if reg < 0 {
						ok = false
						break
					}
					if inside[reg] == 0 {
						seen = append(seen, reg)
					}
					inside[reg]++
				}
			}
			for _, reg := range seen {
				ok = ok && inside[reg] == n
				inside[reg] = 0
			}
			if ok {
				at = append(at, layouts.Pos{Row: top, Col: left})
			}
		}
	}
	return at
}

// minCell is the first cell, in reading order, of owner not covered.
func minCell(owner map[layouts.Pos]int, covered map[layouts.Pos]bool) layouts.Pos {
	var best *layouts.Pos
	for p := range owner {
		if !covered[p] && (best == nil || p.Row < best.Row || p.Row == best.Row && p.Col < best.Col) {
			q := p
			best = &q
		}
	}
	return *best
}

// boxesOf finds the box shape whose boxes are a grid's regions (region
// gives the region of its cell y, x), trying layouts.DefaultBox first;
// if none, the regions as jigsaw pieces.
func boxesOf(n int, region func(y, x int) int) (layouts.Shape, []string) {
	shapes := []layouts.Shape{layouts.DefaultBox(n)}
	for rows := 1; rows <= n; rows++ {
		if s := (layouts.Shape{Rows: rows, Cols: n / rows}); n%rows == 0 && s != shapes[0] {
			shapes = append(shapes, s)
		}
	}
	for _, s := range shapes {
		ok := true
		for y := 0; y < n && ok; y++ {
			for x := 0; x < n && ok; x++ {
				ok = region(y, x) == region(y/s.Rows*s.Rows, x/s.Cols*s.Cols)
			}
		}
		if ok {
			return s, nil
		}
	}
	const letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789@%"
	letter := map[int]byte{}
	pieces := make([]string, n)
	for y := range n {
		b := make([]byte, n)
		for x := range n {
			reg := region(y, x)
			if _, ok := letter[reg]; !ok {
				letter[reg] = letters[len(letter)]
			}
			b[x] = letter[reg]
		}
		pieces[y] = string(b)
	}
	return layouts.DefaultBox(n), pieces
}

// readClues reads the metadata's clues: "KIND rAcB-rCcD" entries, split
// by ";", each a sandwich, x-sum or skyscraper clue along a row or
// column of the board from its first cell to its last.
func (r *reader) readClues(val string) error {
	r.outside = nil
	if strings.TrimSpace(val) == "" {
		return nil
	}
	for _, e := range strings.Split(val, ";") {
		kind, cells, _ := strings.Cut(strings.TrimSpace(e), " ")
		a, b, _ := strings.Cut(strings.TrimSpace(cells), "-")
		p, err1 := layouts.ParsePos(a)
		q, err2 := layouts.ParsePos(b)
		if kind != "sandwich" && kind != "xsum" && kind != "skyscraper" || err1 != nil || err2 != nil {
			return fmt.Errorf("%w: metadata clues: %q is not a sandwich, xsum or skyscraper clue with its cells like r1c1-r1c9", layouts.ErrLayout, strings.TrimSpace(e))
		}
		dr, dc := q.Row-p.Row, q.Col-p.Col
		if dr != 0 && dc != 0 || dr == 0 && dc == 0 || q.Row >= r.height || q.Col >= r.width || p.Row >= r.height || p.Col >= r.width {
			return fmt.Errorf("%w: metadata clues: %s %s is not along a row or column of the board", layouts.ErrLayout, kind, cells)
		}
		step := [2]int{sign(dr), sign(dc)}
		r.outside = append(r.outside, outsideClue{kind: kind, first: p, step: step, n: 1 + max(dr*step[0], dc*step[1])})
	}
	return nil
}

// readListed reads the metadata's constraints: a JSON list of a layout
// file's constraint objects (layouts.ParseConstraint reads each), at
// most maxListed bytes, of the kinds Marshal lists there (listedKinds;
// kropki and XV only negative, a region only as the disjoint preset).
// Compile checks the rest with the layout, each named by its element.
func (r *reader) readListed(val string) error {
	r.listed = nil
	if len(val) > maxListed {
		return fmt.Errorf("%w: metadata constraints: %d bytes, more than %d", layouts.ErrTooLarge, len(val), maxListed)
	}
	if strings.TrimSpace(val) == "" {
		return nil
	}
	if !strings.HasPrefix(strings.TrimSpace(val), "[") {
		return fmt.Errorf("%w: metadata constraints: want a list of constraint objects", layouts.ErrLayout)
	}
	var list []json.RawMessage
	if err := json.Unmarshal([]byte(val), &list); err != nil { // broken JSON: any list is one of raw messages
		_, msg := layouts.ExplainJSON([]byte(val), err)
		return fmt.Errorf("%w: metadata constraints: %s", layouts.ErrLayout, msg)
	}
	for i, raw := range list {
		what := fmt.Sprintf("metadata constraints[%d]", i)
		c, err := layouts.ParseConstraint(raw)
		if err != nil {
			return fmt.Errorf("%w: %s: %s", layouts.ErrLayout, what, strings.TrimPrefix(err.Error(), layouts.ErrLayout.Error()+": "))
		}
		switch {
		case !slices.Contains(listedKinds, c.Kind):
			return fmt.Errorf("%w: %s: kind %q is not one the metadata lists (%s)", layouts.ErrLayout, what, c.Kind, strings.Join(listedKinds, ", "))
		case (c.Kind == "kropki" || c.Kind == "xv") && !c.Negative:
			return fmt.Errorf("%w: %s: a %s constraint is listed only when negative: its marks are drawn", layouts.ErrLayout, what, c.Kind)
		case c.Kind == "region" && c.Preset != "disjoint":
			return fmt.Errorf("%w: %s: a region is listed only as the disjoint preset: others are drawn", layouts.ErrLayout, what)
		}
		c.Source = what
		r.listed = append(r.listed, c)
	}
	return nil
}

// sign is -1, 0 or 1, as x is below, at or above 0.
func sign(x int) int {
	switch {
	case x < 0:
		return -1
	case x > 0:
		return 1
	}
	return 0
}

// readGrids reads the metadata's grids: the top-left cell of each, as
// gattai writes them where the regions alone would make more grids.
func (r *reader) readGrids(val string) error {
	fields := strings.Fields(val)
	if len(fields) == 0 || len(fields) > layouts.MaxGrids {
		return fmt.Errorf("%w: metadata grids: %d grids", layouts.ErrLayout, len(fields))
	}
	r.grids, r.bare = nil, nil
	for _, f := range fields {
		cell, box, bare := strings.Cut(f, ":")
		p, err := layouts.ParsePos(cell)
		if err != nil || bare && box != "none" {
			return fmt.Errorf("%w: metadata grids: %q is not a cell like r1c1, or r1c1:none", layouts.ErrLayout, f)
		}
		if slices.Contains(r.grids, p) {
			return fmt.Errorf("%w: metadata grids: %s twice", layouts.ErrLayout, p)
		}
		r.grids = append(r.grids, p)
		r.bare = append(r.bare, bare)
	}
	return nil
}

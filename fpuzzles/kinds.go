package fpuzzles

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"gattai/layouts"
)

// The readers of the keys whose kinds are lines, marks and clues beyond
// the classic variants: kropki dots of any value, XV, arrows, little
// killers, sandwich, x-sum and skyscraper clues, the lines, clones,
// quadruples, minima and maxima.

// dot is a kropki dot as f-puzzles gives it: its pair, its colour and
// its value (the difference or ratio; defaults 1 and 2).
type dot struct {
	pair  []layouts.Pos
	black bool
	value int
}

// readDots reads difference (white) or ratio (black) dots, each with its
// value: a dot of another value than the rest goes in another kropki
// constraint (one holds one difference and one ratio).
func readDots(black bool) func(*reader, json.RawMessage) error {
	return func(r *reader, raw json.RawMessage) error {
		key, def := "difference", 1
		if black {
			key, def = "ratio", 2
		}
		var es []cellsEntry
		if err := decode(raw, &es); err != nil {
			return err
		}
		for _, e := range es {
			v := def
			if e.Value != nil && *e.Value != 0 {
				v = int(*e.Value)
			}
			if black && (v < 2 || v > r.n) || !black && (v < 1 || v >= r.n) {
				return &UnsupportedError{Key: key, Detail: fmt.Sprintf("with value %d in a %dx%d grid", v, r.n, r.n)}
			}
			ps, err := r.cells(e.Cells)
			if err != nil {
				return err
			}
			if len(ps) != 2 {
				return fmt.Errorf("%w: a %s dot joins 2 cells, not %d", layouts.ErrLayout, key, len(ps))
			}
			r.dots = append(r.dots, dot{pair: ps, black: black, value: v})
		}
		return nil
	}
}

// dotValues are the distinct values of the dots of one colour, in the
// order they first appear.
func (r *reader) dotValues(black bool) []int {
	var out []int
	for _, d := range r.dots {
		if d.black == black && !slices.Contains(out, d.value) {
			out = append(out, d.value)
		}
	}
	return out
}

func readNegative(r *reader, raw json.RawMessage) error {
	if err := decode(raw, &r.negative); err != nil {
		return err
	}
	seen := map[string]bool{} // each name checked once, however often listed
	for _, s := range r.negative {
		if seen[s] {
			continue
		}
		seen[s] = true
		switch s {
		case "ratio", "difference":
			// The kropki constraint is negative for the pairs with no dot
			// of its own, and negates one value of each colour: dots of
			// several values (several kropki constraints) cannot say it.
			if err := r.oneKropki("negative", s); err != nil {
				return err
			}
		case "xv":
		default:
			return &UnsupportedError{Key: "negative", Detail: fmt.Sprintf("with %q", s)}
		}
	}
	return nil
}

// oneKropki refuses key (with what) unless the dots make one kropki
// constraint: one difference and one ratio.
func (r *reader) oneKropki(key, what string) error {
	if len(r.dotValues(false)) > 1 || len(r.dotValues(true)) > 1 {
		return &UnsupportedError{Key: key, Detail: fmt.Sprintf("with %s and dots of several values", what)}
	}
	return nil
}

// kropkiNegated reports which colours of kropki dots are all given.
// f-puzzles' nonconsecutive, beside kropki dots, is the white dots' (it
// spares the pairs with a dot, as SudokuSolver reads it): with no kropki
// dot or negative, it is gattai's nonconsecutive.
func (r *reader) kropkiNegated() (white, black bool) {
	white = slices.Contains(r.negative, "difference")
	black = slices.Contains(r.negative, "ratio")
	if r.nonconsecutive && (len(r.dots) > 0 || white || black) {
		white = true
	}
	return white, black
}

// checkNonconsecutive refuses nonconsecutive where it is the white dots'
// negative but gattai cannot say it: with dots of several values, or
// white dots of another difference than 1.
func (r *reader) checkNonconsecutive() error {
	if !r.nonconsecutive || len(r.dots) == 0 && len(r.negative) == 0 {
		return nil
	}
	if err := r.oneKropki("nonconsecutive", "kropki dots"); err != nil {
		return err
	}
	if vs := r.dotValues(false); len(vs) == 1 && vs[0] != 1 {
		return &UnsupportedError{Key: "nonconsecutive", Detail: fmt.Sprintf("with difference dots of value %d", vs[0])}
	}
	return nil
}

// kropki makes the kropki constraints: the i-th holds the white dots of
// the i-th distinct difference and the black dots of the i-th distinct
// ratio. A negative (negative, nonconsecutive) was allowed only with one
// constraint.
func (r *reader) kropki() []layouts.Constraint {
	whites, blacks := r.dotValues(false), r.dotValues(true)
	white, black := r.kropkiNegated()
	k := max(len(whites), len(blacks))
	if k == 0 && (white || black) {
		k = 1
	}
	out := make([]layouts.Constraint, k)
	for i := range out {
		c := layouts.Constraint{Kind: "kropki"}
		var named []string
		if i < len(whites) {
			named = append(named, fmt.Sprintf("difference %d", whites[i]))
			if whites[i] != 1 {
				c.Difference = whites[i]
			}
		}
		if i < len(blacks) {
			named = append(named, fmt.Sprintf("ratio %d", blacks[i]))
			if blacks[i] != 2 {
				c.Ratio = blacks[i]
			}
		}
		c.Source = "the negative dots"
		if len(named) > 0 {
			c.Source = "the dots of " + strings.Join(named, " and ")
		}
		for _, d := range r.dots {
			switch {
			case d.black && i < len(blacks) && d.value == blacks[i]:
				c.Black = append(c.Black, d.pair)
			case !d.black && i < len(whites) && d.value == whites[i]:
				c.White = append(c.White, d.pair)
			}
		}
		out[i] = c
	}
	if white || black {
		out[0].Negative = true
		switch {
		case !white:
			out[0].Which = "black"
		case !black:
			out[0].Which = "white"
		}
	}
	return out
}

func readXV(r *reader, raw json.RawMessage) error {
	var es []struct {
		Cells []string `json:"cells"`
		Value string   `json:"value"`
	}
	if err := decode(raw, &es); err != nil {
		return err
	}
	for _, e := range es {
		ps, err := r.cells(e.Cells)
		if err != nil {
			return err
		}
		switch strings.ToUpper(strings.TrimSpace(e.Value)) {
		case "X":
			r.xs = append(r.xs, ps)
		case "V":
			r.vs = append(r.vs, ps)
		default:
			return &UnsupportedError{Key: "xv", Detail: fmt.Sprintf("with value %q (not X or V)", e.Value)}
		}
	}
	return nil
}

func readArrows(r *reader, raw json.RawMessage) error {
	var es []struct {
		Cells []string   `json:"cells"`
		Lines [][]string `json:"lines"`
	}
	if err := decode(raw, &es); err != nil {
		return err
	}
	for _, e := range es {
		circle, err := r.cells(e.Cells)
		if err != nil {
			return err
		}
		switch {
		case len(circle) < 1 || len(circle) > 3:
			return &UnsupportedError{Key: "arrow", Detail: fmt.Sprintf("with a circle of %d cells", len(circle))}
		case len(circle) > 1 && r.n > 9:
			return &UnsupportedError{Key: "arrow", Detail: fmt.Sprintf("with a circle of %d cells in a %dx%d grid", len(circle), r.n, r.n)}
		case len(e.Lines) == 0:
			return fmt.Errorf("%w: the arrow at %s has no lines", layouts.ErrLayout, circle[0])
		}
		// A circle of several cells reads as a number: SudokuSolver in the
		// order given, setters in reading order. Where they differ, which
		// is meant is not certain.
		for i := 1; i < len(circle); i++ {
			a, b := circle[i-1], circle[i]
			if a.Row > b.Row || a.Row == b.Row && a.Col >= b.Col {
				return &UnsupportedError{Key: "arrow", Detail: fmt.Sprintf("with a circle not in reading order (%s before %s)", a, b)}
			}
		}
		c := layouts.Constraint{Kind: "arrow", Cells: circle, Source: fmt.Sprintf("the arrow at %s", circle[0])}
		for _, l := range e.Lines {
			ps, err := r.cells(l)
			if err != nil {
				return err
			}
			// f-puzzles' line starts in the circle, and that one cell is
			// not summed; gattai skips every cell of the circle.
			if len(ps) < 2 || !slices.Contains(circle, ps[0]) || slices.ContainsFunc(ps[1:], func(p layouts.Pos) bool { return slices.Contains(circle, p) }) {
				return &UnsupportedError{Key: "arrow", Detail: fmt.Sprintf("with a line %v that does not leave its circle at its first cell", ps)}
			}
			c.Lines = append(c.Lines, ps)
		}
		r.more = append(r.more, c)
	}
	return nil
}

var reClueCell = lazyRegexp(`^[Rr](\d{1,3})[Cc](\d{1,3})$`)

// clueCell reads an f-puzzles cell name that may lie one step outside
// the grid: row and column 0-based, -1 to n.
func (r *reader) clueCell(s string) (row, col int, err error) {
	m := reClueCell().FindStringSubmatch(strings.TrimSpace(s))
	if m == nil {
		return 0, 0, fmt.Errorf("%w: cell %q is not of the form R1C1", layouts.ErrLayout, s)
	}
	row, _ = strconv.Atoi(m[1])
	col, _ = strconv.Atoi(m[2])
	if row > r.n+1 || col > r.n+1 {
		return 0, 0, fmt.Errorf("%w: cell %s is beyond the %dx%d grid and its border", layouts.ErrLayout, s, r.n, r.n)
	}
	return row - 1, col - 1, nil
}

func (r *reader) inside(row, col int) bool { return row >= 0 && col >= 0 && row < r.n && col < r.n }

// clueValue reads a clue's value: ok is false for none ("", null).
func clueValue(raw json.RawMessage) (v int, ok bool, err error) {
	if empty(raw) {
		return 0, false, nil
	}
	var n number
	if err := decode(raw, &n); err != nil {
		return 0, false, err
	}
	return int(n), true, nil
}

// directions are f-puzzles' little killer directions, as steps.
var directions = map[string][2]int{"UL": {-1, -1}, "UR": {-1, 1}, "DL": {1, -1}, "DR": {1, 1}}

// An outsideClue is a clue in a cell outside the grid, with a value.
type outsideClue struct {
	Cell      string          `json:"cell"`
	Direction json.RawMessage `json:"direction"` // little killers only: a string
	Value     json.RawMessage `json:"value"`
}

// readOutside reads clues outside the grid, calling add for each with a
// value, with the clue's cell; it notes those with no value, which it
// skips (what f-puzzles shows as an empty clue), counting them as label.
func readOutside(r *reader, raw json.RawMessage, label string, add func(e outsideClue, row, col, v int) error) error {
	var es []outsideClue
	if err := decode(raw, &es); err != nil {
		return err
	}
	skipped := 0
	for _, e := range es {
		v, ok, err := clueValue(e.Value)
		if err != nil {
			return err
		}
		if !ok {
			skipped++
			continue
		}
		row, col, err := r.clueCell(e.Cell)
		if err != nil {
			return err
		}
		if err := add(e, row, col, v); err != nil {
			return err
		}
	}
	if skipped > 0 {
		r.note("ignored %s with no value", count(skipped, label))
	}
	return nil
}

func readLittleKillers(r *reader, raw json.RawMessage) error {
	return readOutside(r, raw, "little killer clue", func(e outsideClue, row, col, v int) error {
		var dir string
		if e.Direction != nil && json.Unmarshal(e.Direction, &dir) != nil {
			return &UnsupportedError{Key: "littlekillersum", Detail: fmt.Sprintf("with direction %s (not UL, UR, DL or DR)", layouts.Excerpt(string(e.Direction)))}
		}
		step, ok := directions[strings.ToUpper(strings.TrimSpace(dir))]
		if !ok {
			return &UnsupportedError{Key: "littlekillersum", Detail: fmt.Sprintf("with direction %q (not UL, UR, DL or DR)", dir)}
		}
		if r.inside(row, col) {
			return fmt.Errorf("%w: the little killer clue at %s is inside the grid", layouts.ErrLayout, e.Cell)
		}
		var ps []layouts.Pos
		for y, x := row+step[0], col+step[1]; r.inside(y, x); y, x = y+step[0], x+step[1] {
			ps = append(ps, layouts.Pos{Row: y, Col: x})
		}
		if len(ps) == 0 {
			return fmt.Errorf("%w: the little killer clue at %s points %s, away from the grid", layouts.ErrLayout, e.Cell, dir)
		}
		r.more = append(r.more, layouts.Constraint{Kind: "littlekiller", Cells: ps, Sum: v, Source: fmt.Sprintf("the little killer clue at %s", e.Cell)})
		return nil
	})
}

// readClues reads clues outside the grid that concern the full row or
// column beside them, listed from the clue's side: sandwich, xsum and
// skyscraper (whose value is a count).
func readClues(kind string) func(*reader, json.RawMessage) error {
	return func(r *reader, raw json.RawMessage) error {
		return readOutside(r, raw, kind+" clue", func(e outsideClue, row, col, v int) error {
			var step [2]int
			switch {
			case row == -1 && col >= 0 && col < r.n:
				step = [2]int{1, 0}
			case row == r.n && col >= 0 && col < r.n:
				step = [2]int{-1, 0}
			case col == -1 && row >= 0 && row < r.n:
				step = [2]int{0, 1}
			case col == r.n && row >= 0 && row < r.n:
				step = [2]int{0, -1}
			default:
				return fmt.Errorf("%w: the %s clue at %s is not beside a row or column of the grid", layouts.ErrLayout, kind, e.Cell)
			}
			ps := make([]layouts.Pos, r.n)
			for i := range ps {
				ps[i] = layouts.Pos{Row: row + (i+1)*step[0], Col: col + (i+1)*step[1]}
			}
			c := layouts.Constraint{Kind: kind, Cells: ps, Sum: v, Source: fmt.Sprintf("the %s clue at %s", kind, e.Cell)}
			if kind == "skyscraper" {
				c.Sum, c.Count = 0, v
			}
			r.more = append(r.more, c)
			return nil
		})
	}
}

// readLines reads lines, a constraint of kind per line. A whispers
// line's value, if any, is its least difference.
func readLines(kind string) func(*reader, json.RawMessage) error {
	return func(r *reader, raw json.RawMessage) error {
		var es []struct {
			Lines [][]string      `json:"lines"`
			Value json.RawMessage `json:"value"`
		}
		if err := decode(raw, &es); err != nil {
			return err
		}
		for i, e := range es {
			v, ok, err := clueValue(e.Value)
			if err != nil {
				return err
			}
			if ok && kind != "whispers" {
				return &UnsupportedError{Key: keyOf(kind), Detail: fmt.Sprintf("with value %s", e.Value)}
			}
			if v == layouts.WhispersGap(r.n) {
				v = 0
			}
			for j, l := range e.Lines {
				ps, err := r.cells(l)
				if err != nil {
					return err
				}
				r.more = append(r.more, layouts.Constraint{Kind: kind, Cells: ps, Difference: v, Source: fmt.Sprintf("%s[%d].lines[%d]", keyOf(kind), i, j)})
			}
		}
		return nil
	}
}

// keyOf is the f-puzzles key of a gattai line kind.
func keyOf(kind string) string {
	switch kind {
	case "between":
		return "betweenline"
	case "regionsum":
		return "regionsumline"
	case "entropic":
		return "entropicline"
	}
	return kind
}

// readClones reads clones: cells[i] holds the digit of cloneCells[i].
// gattai's clone is a copy moved as one; any other clone (turned,
// overlapping) is read as clones of one cell each, and a cell cloned
// onto itself is skipped, as SudokuSolver reads them.
func readClones(r *reader, raw json.RawMessage) error {
	var es []struct {
		Cells      []string `json:"cells"`
		CloneCells []string `json:"cloneCells"`
	}
	if err := decode(raw, &es); err != nil {
		return err
	}
	for i, e := range es {
		ps, err := r.cells(e.Cells)
		if err != nil {
			return err
		}
		qs, err := r.cells(e.CloneCells)
		if err != nil {
			return err
		}
		if len(ps) != len(qs) {
			return fmt.Errorf("%w: a clone of %s has %s", layouts.ErrLayout, count(len(ps), "cell"), count(len(qs), "clone cell"))
		}
		if len(ps) == 0 {
			continue
		}
		in := make(map[layouts.Pos]bool, len(ps)) // a set: a clone may list any number of cells
		for _, p := range ps {
			in[p] = true
		}
		moved := true
		for j := range ps {
			moved = moved && qs[j].Row-ps[j].Row == qs[0].Row-ps[0].Row && qs[j].Col-ps[j].Col == qs[0].Col-ps[0].Col && !in[qs[j]]
		}
		if moved {
			r.more = append(r.more, layouts.Constraint{Kind: "clone", Cells: ps, Clone: qs, Source: fmt.Sprintf("clone[%d]", i)})
			continue
		}
		for j := range ps {
			if ps[j] != qs[j] {
				r.more = append(r.more, layouts.Constraint{Kind: "clone", Cells: ps[j : j+1], Clone: qs[j : j+1], Source: fmt.Sprintf("clone[%d]", i)})
			}
		}
	}
	return nil
}

func readQuadruples(r *reader, raw json.RawMessage) error {
	var es []struct {
		Cells  []string `json:"cells"`
		Values []number `json:"values"`
	}
	if err := decode(raw, &es); err != nil {
		return err
	}
	for i, e := range es {
		ps, err := r.cells(e.Cells)
		if err != nil {
			return err
		}
		ds := make([]int, len(e.Values))
		for j, v := range e.Values {
			ds[j] = int(v)
		}
		r.more = append(r.more, layouts.Constraint{Kind: "quadruple", Cells: ps, Digits: ds, Source: fmt.Sprintf("quadruple[%d]", i)})
	}
	return nil
}

// readExtrema reads minimum or maximum cells. f-puzzles compares such a
// cell only with its neighbours that are not of the same key; gattai's
// kind, with all of them. So the cells with no such neighbour make one
// constraint of the kind, and each other cell a thermometer of two cells
// from (minimum: to) each neighbour outside the key.
func readExtrema(kind string) func(*reader, json.RawMessage) error {
	return func(r *reader, raw json.RawMessage) error {
		var es []struct {
			Cell string `json:"cell"`
		}
		if err := decode(raw, &es); err != nil {
			return err
		}
		var cells []layouts.Pos
		for _, e := range es {
			p, err := r.pos(e.Cell)
			if err != nil {
				return err
			}
			if !slices.Contains(cells, p) {
				cells = append(cells, p)
			}
		}
		c := layouts.Constraint{Kind: kind}
		var thermos []layouts.Constraint
		for _, p := range cells {
			var others []layouts.Pos
			apart := true
			for _, mv := range [][2]int{{-1, 0}, {0, -1}, {0, 1}, {1, 0}} {
				q := layouts.Pos{Row: p.Row + mv[0], Col: p.Col + mv[1]}
				switch {
				case !r.inside(q.Row, q.Col):
				case slices.Contains(cells, q):
					apart = false
				default:
					others = append(others, q)
				}
			}
			if apart {
				c.Cells = append(c.Cells, p)
				continue
			}
			for _, q := range others {
				t := layouts.Constraint{Kind: "thermo", Cells: []layouts.Pos{q, p}}
				if kind == "minimum" {
					t.Cells = []layouts.Pos{p, q}
				}
				thermos = append(thermos, t)
			}
		}
		if len(c.Cells) > 0 {
			r.more = append(r.more, c)
		}
		if len(thermos) > 0 {
			r.thermos = append(r.thermos, thermos...)
			r.note("read the %s cells next to another as thermometers of two cells from (minimum: to) each other neighbour", kind)
		}
		return nil
	}
}

// writer is Marshal's state for the kinds of this file.
type writer struct {
	out     *outPuzzle
	n       int
	at      layouts.Pos                     // the grid's top-left position on the canvas
	extrema map[string]map[layouts.Pos]bool // the minimum and maximum cells so far
}

// name is the f-puzzles name of a position, which may be just outside
// the grid (R0C1, R10C1).
func (w *writer) name(q layouts.Pos) string {
	return fmt.Sprintf("R%dC%d", q.Row-w.at.Row+1, q.Col-w.at.Col+1)
}

func (w *writer) names(ps []layouts.Pos) []string {
	out := make([]string, len(ps))
	for i, q := range ps {
		out[i] = w.name(q)
	}
	return out
}

func (w *writer) inside(q layouts.Pos) bool {
	return q.Row >= w.at.Row && q.Col >= w.at.Col && q.Row < w.at.Row+w.n && q.Col < w.at.Col+w.n
}

func (w *writer) negative(s string) {
	if !slices.Contains(w.out.Negative, s) {
		w.out.Negative = append(w.out.Negative, s)
	}
}

// kropki writes a kropki constraint, one of kropkis: its dots with their
// values (none for the defaults). f-puzzles' negative is for the whole
// grid, so a negative one must be the only one, with the default values.
func (w *writer) kropki(c layouts.Constraint, kropkis int) error {
	diff, ratio := max(c.Difference, 1), max(c.Ratio, 2)
	if c.Negative {
		// f-puzzles negates white dots by nonconsecutive (difference 1),
		// black dots by "negative" listing "ratio".
		white, black := c.Which != "black", c.Which != "white"
		if kropkis > 1 || white && diff != 1 {
			return fmt.Errorf("%w: a negative kropki constraint in f-puzzles is the only one, of difference 1 if its white dots are all given", ErrUnsupported)
		}
		if black {
			w.negative("ratio")
		}
		w.out.Nonconsecutive = w.out.Nonconsecutive || white
	}
	value := func(v, def int) string {
		if v == def {
			return ""
		}
		return fmt.Sprint(v)
	}
	for _, pair := range c.White {
		w.out.Difference = append(w.out.Difference, outCells{Cells: w.names(pair), Value: value(diff, 1)})
	}
	for _, pair := range c.Black {
		w.out.Ratio = append(w.out.Ratio, outCells{Cells: w.names(pair), Value: value(ratio, 2)})
	}
	return nil
}

// steps are the directions a line of clue cells may go in.
var steps = [][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}, {1, 0}, {-1, 0}, {0, 1}, {0, -1}}

// wholeLine finds how cells run across the whole grid, one step at a
// time from edge to edge (diagonally or not): the step and the clue's
// position, the one before the first cell.
func (w *writer) wholeLine(cells []layouts.Pos, diagonal bool) (step [2]int, clue layouts.Pos, ok bool) {
	if len(cells) == 0 {
		return step, clue, false
	}
	for _, s := range steps {
		if diagonal != (s[0] != 0 && s[1] != 0) {
			continue
		}
		ok := true
		for i := 1; i < len(cells) && ok; i++ {
			ok = cells[i].Row-cells[i-1].Row == s[0] && cells[i].Col-cells[i-1].Col == s[1]
		}
		first, last := cells[0], cells[len(cells)-1]
		before := layouts.Pos{Row: first.Row - s[0], Col: first.Col - s[1]}
		after := layouts.Pos{Row: last.Row + s[0], Col: last.Col + s[1]}
		if ok && !w.inside(before) && !w.inside(after) {
			return s, before, true
		}
	}
	return step, clue, false
}

// kind writes a constraint of a kind of this file.
func (w *writer) kind(c layouts.Constraint) error {
	out := w.out
	lines := func(list *[]outLines, value string) {
		*list = append(*list, outLines{Lines: [][]string{w.names(c.Cells)}, Value: value})
	}
	clue := func(list *[]outClue, v int) error {
		_, at, ok := w.wholeLine(c.Cells, false)
		if !ok {
			return fmt.Errorf("%w: a %s clue in f-puzzles is beside a whole row or column, listed from it", ErrUnsupported, c.Kind)
		}
		*list = append(*list, outClue{Cell: w.name(at), Value: fmt.Sprint(v)})
		return nil
	}
	switch c.Kind {
	case "xv":
		for _, pair := range c.X {
			out.Xv = append(out.Xv, outCells{Cells: w.names(pair), Value: "X"})
		}
		for _, pair := range c.V {
			out.Xv = append(out.Xv, outCells{Cells: w.names(pair), Value: "V"})
		}
		if c.Negative {
			if c.Which != "" && c.Which != "both" {
				return fmt.Errorf("%w: an xv negative for %q only (f-puzzles' is for both)", ErrUnsupported, c.Which)
			}
			w.negative("xv")
		}
	case "arrow":
		for i := 1; i < len(c.Cells); i++ {
			a, b := c.Cells[i-1], c.Cells[i]
			if a.Row > b.Row || a.Row == b.Row && a.Col > b.Col {
				return fmt.Errorf("%w: an arrow's circle in f-puzzles reads in reading order, not %s before %s", ErrUnsupported, a, b)
			}
		}
		a := outArrow{Cells: w.names(c.Cells)}
		for _, l := range c.Lines {
			// f-puzzles skips the first cell of a line, gattai the cells
			// of the circle: the line is written from one circle cell.
			var rest []layouts.Pos
			for _, q := range l {
				if !slices.Contains(c.Cells, q) {
					rest = append(rest, q)
				}
			}
			line := fromCircle(c.Cells, rest)
			if len(line) == len(rest) {
				return fmt.Errorf("%w: an arrow whose line (%v) does not start beside its circle", ErrUnsupported, l)
			}
			a.Lines = append(a.Lines, w.names(line))
		}
		out.Arrow = append(out.Arrow, a)
	case "littlekiller":
		step, at, ok := w.wholeLine(c.Cells, true)
		if !ok {
			return fmt.Errorf("%w: a little killer in f-puzzles is a whole diagonal, listed from its clue", ErrUnsupported)
		}
		dir := map[int]string{-1: "U", 1: "D"}[step[0]] + map[int]string{-1: "L", 1: "R"}[step[1]]
		out.Littlekiller = append(out.Littlekiller, outLittle{Cell: w.name(at), Cells: w.names(c.Cells), Direction: dir, Value: fmt.Sprint(c.Sum)})
	case "sandwich":
		return clue(&out.Sandwichsum, c.Sum)
	case "xsum":
		return clue(&out.Xsum, c.Sum)
	case "skyscraper":
		return clue(&out.Skyscraper, c.Count)
	case "whispers":
		v := ""
		if c.Difference != 0 && c.Difference != layouts.WhispersGap(w.n) {
			v = fmt.Sprint(c.Difference)
		}
		lines(&out.Whispers, v)
	case "renban":
		lines(&out.Renban, "")
	case "palindrome":
		lines(&out.Palindrome, "")
	case "between":
		lines(&out.Betweenline, "")
	case "regionsum":
		lines(&out.Regionsumline, "")
	case "entropic":
		lines(&out.Entropicline, "")
	case "clone":
		out.Clone = append(out.Clone, outClone{Cells: w.names(c.Cells), CloneCells: w.names(c.Clone)})
	case "quadruple":
		out.Quadruple = append(out.Quadruple, outQuad{Cells: w.names(c.Cells), Values: c.Digits})
	case "minimum", "maximum":
		if w.extrema[c.Kind] == nil {
			w.extrema[c.Kind] = map[layouts.Pos]bool{}
		}
		for _, q := range c.Cells {
			for _, mv := range [][2]int{{-1, 0}, {0, -1}, {0, 1}, {1, 0}} {
				if w.extrema[c.Kind][layouts.Pos{Row: q.Row + mv[0], Col: q.Col + mv[1]}] {
					return fmt.Errorf("%w: %s cells next to each other (f-puzzles compares them only with other neighbours)", ErrUnsupported, c.Kind)
				}
			}
			w.extrema[c.Kind][q] = true
		}
		list := &out.Minimum
		if c.Kind == "maximum" {
			list = &out.Maximum
		}
		for _, q := range c.Cells {
			*list = append(*list, outCell1{Cell: w.name(q)})
		}
	default:
		return fmt.Errorf("%w: gattai kind %q has no f-puzzles form yet", ErrUnsupported, c.Kind)
	}
	return nil
}

// fromCircle is an arrow's line as f-puzzles draws it, from a cell of
// the circle: one next to its first cell is put before it if it starts
// outside (gattai skips the circle's cells, so the sum is the same).
func fromCircle(circle, line []layouts.Pos) []layouts.Pos {
	if len(line) == 0 || slices.Contains(circle, line[0]) {
		return line
	}
	for _, q := range circle {
		if max(abs(q.Row-line[0].Row), abs(q.Col-line[0].Col)) == 1 {
			return append([]layouts.Pos{q}, line...)
		}
	}
	return line
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

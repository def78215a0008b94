package sudokupad

import (
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"

	"gattai/layouts"
)

// drawn is what the reader finds of kropki dots and the kinds draw.go
// draws, each drawing exactly as Marshal draws it (colours in any
// case), made constraints once every drawing is read.
type drawn struct {
	dots  []readDot
	xv    layouts.Constraint
	lines []layouts.Constraint
	// circles are arrows' circles, each with the arrows from it; circleAt
	// is the circle over a cell.
	circles  []arrowCircle
	circleAt map[layouts.Pos]int
	quads    []readQuad
	// clues are the numbers at positions, each with its overlay, for
	// the little killers' arrows; killers are those arrows.
	clues   map[layouts.Pos][]readClue
	killers []readKiller
	// ends are the circles at between lines' ends not yet matched to a
	// line: their overlays' indices by cell.
	ends map[layouts.Pos][]int
}

// arrowCircle is an arrow's circle read: its overlay, its cells in
// reading order, and the arrows from it.
type arrowCircle struct {
	index int
	cells []layouts.Pos
	lines [][]layouts.Pos
}

// readQuad is a quadruple's circle read: its overlay, the corner it is
// at (between rows row-1 and row, columns col-1 and col), its digits.
type readQuad struct {
	index, row, col int
	digits          []int
}

// readClue is a number at a position: its overlay, its value, and the
// overlay as a message says it.
type readClue struct {
	index, value int
	says         string
}

// readKiller is a little killer's arrow: its index in arrows, the
// position of its clue and the step along its diagonal.
type readKiller struct {
	index int
	at    layouts.Pos
	step  [2]int
}

// readDot is a kropki dot read: its cells, colour and value.
type readDot struct {
	pair  []layouts.Pos
	black bool
	value int
}

func newDrawn() *drawn {
	return &drawn{xv: layouts.Constraint{Kind: "xv", Source: "the X and V marks"}, circleAt: map[layouts.Pos]int{},
		clues: map[layouts.Pos][]readClue{}, ends: map[layouts.Pos][]int{}}
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

func (dr *drawn) addDot(pair []layouts.Pos, black bool, value int) {
	dr.dots = append(dr.dots, readDot{pair, black, value})
}

// kropki are the dots read: the first value of each colour read makes
// one constraint, as Marshal draws one; each further value of a colour
// (from layouts of several kropki constraints) another.
func (dr *drawn) kropki() []layouts.Constraint {
	var out []layouts.Constraint
	nth := [2]map[int]int{{}, {}} // by colour, each value's constraint
	for _, d := range dr.dots {
		b := btoi(d.black)
		i, ok := nth[b][d.value]
		if !ok {
			i = len(nth[b])
			nth[b][d.value] = i
			if i == len(out) {
				out = append(out, layouts.Constraint{Kind: "kropki", Source: "the dots"})
				if i > 0 {
					out[i].Source = fmt.Sprintf("the dots (set %d)", i+1)
				}
			}
			switch {
			case d.black && d.value != dots[1].def:
				out[i].Ratio = d.value
			case !d.black && d.value != dots[0].def:
				out[i].Difference = d.value
			}
		}
		if d.black {
			out[i].Black = append(out[i].Black, d.pair)
		} else {
			out[i].White = append(out[i].White, d.pair)
		}
	}
	return out
}

// textOf is a shape's text, if it is a string.
func textOf(s sclShape) (string, bool) {
	var text string
	if !emptyJSON(s.Text) && json.Unmarshal(s.Text, &text) != nil {
		return "", false
	}
	return text, true
}

// sameShape reports whether s is the shape o that Marshal draws.
func sameShape(s sclShape, o outShape) bool {
	text, ok := textOf(s)
	return ok && len(s.Center) == 2 && s.Center[0] == o.Center[0] && s.Center[1] == o.Center[1] &&
		s.Width == o.Width && s.Height == o.Height && s.Rounded == o.Rounded && s.Thickness == o.Thickness &&
		sameColour(s.BackgroundColor, o.BackgroundColor) && sameColour(s.BorderColor, o.BorderColor) &&
		text == o.Text && s.FontSize == o.FontSize && sameColour(s.Color, o.Color)
}

// centres are the cells whose centres the points of a line or arrow
// are, if all are.
func (r *reader) centres(points [][]float64) ([]layouts.Pos, bool) {
	var cells []layouts.Pos
	for _, w := range points {
		if len(w) != 2 {
			return nil, false
		}
		p, ok := r.cellAt(w[0], w[1])
		if !ok {
			return nil, false
		}
		cells = append(cells, p)
	}
	return cells, true
}

// circleCells are the cells of an arrow's circle, a pill over cells of
// a row or column or a circle over one, as Marshal draws it.
func (r *reader) circleCells(o sclShape) ([]layouts.Pos, bool) {
	rows, cols := math.Round(o.Height-circleSize)+1, math.Round(o.Width-circleSize)+1
	if !(rows >= 1 && cols >= 1 && (rows == 1 || cols == 1) && rows <= float64(r.height) && cols <= float64(r.width)) {
		return nil, false
	}
	first, ok := r.cellAt(math.Floor(o.Center[0]-(rows-1)/2)+0.5, math.Floor(o.Center[1]-(cols-1)/2)+0.5)
	if !ok || first.Row+int(rows) > r.height || first.Col+int(cols) > r.width {
		return nil, false
	}
	var ps []layouts.Pos
	for y := range int(rows) {
		for x := range int(cols) {
			ps = append(ps, layouts.Pos{Row: first.Row + y, Col: first.Col + x})
		}
	}
	return ps, sameShape(o, circles(ps)[0])
}

// overlay reads an overlay i as a drawing of draw.go's, if it is one.
func (r *reader) overlay(dr *drawn, i int, o sclShape) bool {
	if len(o.Center) != 2 {
		return false
	}
	y, x := o.Center[0], o.Center[1]
	if q, ok := r.cellAt(y, x); ok && sameShape(o, ring(q, lineColours["between"])) {
		dr.ends[q] = append(dr.ends[q], i)
		return true
	}
	if q, ok := r.quad(o); ok {
		q.index = i
		dr.quads = append(dr.quads, q)
		return true
	}
	if ps, ok := r.circleCells(o); ok {
		for _, q := range ps {
			if _, twice := dr.circleAt[q]; twice {
				return false
			}
		}
		for _, q := range ps {
			dr.circleAt[q] = len(dr.circles)
		}
		dr.circles = append(dr.circles, arrowCircle{index: i, cells: ps})
		return true
	}
	if at, ok := r.place(y, x); ok {
		s, _ := textOf(o)
		if v, err := strconv.Atoi(s); err == nil && sameShape(o, text(centre(at), fmt.Sprint(v), false)) {
			dr.clues[at] = append(dr.clues[at], readClue{index: i, value: v, says: shapeText(o)})
			return true
		}
	}
	if pair, ok := r.edgeCells(y, x); ok {
		// An X or V, or a kropki dot with its number.
		at := edge(pair)
		switch {
		case sameShape(o, text(at, "X", true)):
			dr.xv.X = append(dr.xv.X, pair)
			return true
		case sameShape(o, text(at, "V", true)):
			dr.xv.V = append(dr.xv.V, pair)
			return true
		}
		s, _ := textOf(o)
		v, err := strconv.Atoi(s)
		for b, k := range dots {
			if err == nil && v > k.def && sameShape(o, dot(at, b == 1, v)) {
				dr.addDot(pair, b == 1, v)
				return true
			}
		}
	}
	return false
}

// line reads line i as a line of a kind of lineKinds.
func (r *reader) line(dr *drawn, i int, l sclLine) bool {
	cells, ok := r.centres(l.WayPoints)
	if !ok || len(cells) == 0 || l.D != "" {
		return false
	}
	for _, kind := range lineKinds {
		if want := lineOf(cells, lineColours[kind]); !sameColour(l.Color, want.Color) || l.Thickness != want.Thickness {
			continue
		}
		if kind == "between" {
			// Its circles, one at each end.
			for _, q := range []layouts.Pos{cells[0], cells[len(cells)-1]} {
				if len(dr.ends[q]) == 0 {
					return false
				}
				dr.ends[q] = dr.ends[q][1:]
			}
		}
		dr.lines = append(dr.lines, layouts.Constraint{Kind: kind, Cells: cells, Source: fmt.Sprintf("the %s line at lines[%d]", kind, i)})
		return true
	}
	return false
}

// cloneShade says why an underlay that is a clone's shading, as
// Marshal draws it, is not read; "" for another underlay.
func (r *reader) cloneShade(u sclShape) string {
	if len(u.Center) != 2 {
		return ""
	}
	q, ok := r.cellAt(u.Center[0], u.Center[1])
	for _, colour := range cloneColours {
		if ok && sameShape(u, shade(q, colour)) {
			return ": a clone's shading, whose cells copy which only the rules text tells"
		}
	}
	return ""
}

// quad reads an overlay as a quadruple's circle at a corner inside the
// board.
func (r *reader) quad(o sclShape) (readQuad, bool) {
	y, x := o.Center[0], o.Center[1]
	s, _ := textOf(o)
	fields := strings.Fields(s)
	if y != math.Trunc(y) || x != math.Trunc(x) || y < 1 || x < 1 || y >= float64(r.height) || x >= float64(r.width) || len(fields) == 0 {
		return readQuad{}, false
	}
	q := readQuad{row: int(y), col: int(x)}
	for _, f := range fields {
		d, err := strconv.Atoi(f)
		if err != nil {
			return readQuad{}, false
		}
		q.digits = append(q.digits, d)
	}
	return q, sameShape(o, quadMark(q.row, q.col, strings.Join(fields, " ")))
}

// arrow reads an arrow as one from an arrow's circle read before.
func (r *reader) arrow(dr *drawn, i int, a sclArrow) bool {
	if cells, ok := r.centres(a.WayPoints); ok && len(cells) >= 2 {
		c, ok := dr.circleAt[cells[0]]
		if ok && sameArrow(a, arrowOf(cells)) {
			dr.circles[c].lines = append(dr.circles[c].lines, cells)
			return true
		}
	}
	// A little killer's arrow, by its clue.
	if len(a.WayPoints) != 2 || len(a.WayPoints[0]) != 2 || len(a.WayPoints[1]) != 2 {
		return false
	}
	sign := func(x float64) int {
		switch {
		case x > 0:
			return 1
		case x < 0:
			return -1
		}
		return 0
	}
	from, to := a.WayPoints[0], a.WayPoints[1]
	step := [2]int{sign(to[0] - from[0]), sign(to[1] - from[1])}
	at, ok := r.place(from[0]-0.3*float64(step[0]), from[1]-0.3*float64(step[1]))
	if !ok || step[0] == 0 || step[1] == 0 || !sameArrow(a, clueArrow(centre(at), step)) {
		return false
	}
	dr.killers = append(dr.killers, readKiller{index: i, at: at, step: step})
	return true
}

// sameArrow reports whether a is the arrow o that Marshal draws.
func sameArrow(a sclArrow, o outArrow) bool {
	if len(a.WayPoints) != len(o.WayPoints) || !sameColour(a.Color, o.Color) || a.Thickness != o.Thickness || a.HeadLength != o.HeadLength {
		return false
	}
	for i, w := range a.WayPoints {
		if len(w) != 2 || w[0] != o.WayPoints[i][0] || w[1] != o.WayPoints[i][1] {
			return false
		}
	}
	return true
}

// place is the position, on the board or in the ring of positions
// around it, whose centre is nearest (y, x).
func (r *reader) place(y, x float64) (layouts.Pos, bool) {
	row, col := math.Floor(y), math.Floor(x)
	if row < -1 || col < -1 || row > float64(r.height) || col > float64(r.width) {
		return layouts.Pos{}, false
	}
	return layouts.Pos{Row: int(row), Col: int(col)}, true
}

// check refuses a little killer's arrow with no number, else the first
// overlay left unmatched: a between line's circle with no line, an
// arrow's circle with no arrow, a number with no arrow where the
// metadata's clues name none, or more numbers at a place than they name
// (a place can hold two: a row's clue and a column's, on a Samurai).
func (dr *drawn) check(named map[layouts.Pos]int) error {
	var err *UnsupportedError
	first := func(i int, detail string) {
		if err == nil || i+1 < err.Index {
			err = &UnsupportedError{Key: "overlays", Index: i + 1, Detail: detail}
		}
	}
	for _, is := range dr.ends {
		for _, i := range is {
			first(i, "a between line's circle with no line")
		}
	}
	for _, c := range dr.circles {
		if len(c.lines) == 0 {
			first(c.index, "an arrow's circle with no arrow")
		}
	}
	// Each little killer's arrow takes the first number left at its
	// clue's place; a number with no arrow is not a little killer's.
	taken := map[layouts.Pos]int{}
	for _, k := range dr.killers {
		if taken[k.at] == len(dr.clues[k.at]) {
			return &UnsupportedError{Key: "arrows", Index: k.index + 1, Detail: "a little killer's arrow with no number"}
		}
		taken[k.at]++
	}
	for at, cs := range dr.clues {
		left, n := cs[taken[at]:], named[at]
		switch {
		case n == len(left):
			continue // the metadata says whose they are, in order
		case n > 0 && len(left) > 0:
			first(left[0].index, fmt.Sprintf("%s: %d drawn at its place, where the metadata's clues name %d", left[0].says, len(left), n))
			continue
		}
		for _, c := range left {
			first(c.index, c.says+": a number with no little killer's arrow (outside the grids, a sandwich, x-sum or skyscraper clue, which only the rules text tells apart)")
		}
	}
	if err != nil {
		return err
	}
	return nil
}

// constraints are the constraints of the drawings, in the order of
// their kinds above, on the grids of l.
func (r *reader) constraints(dr *drawn, l *layouts.Layout) ([]layouts.Constraint, error) {
	// inGrids reports whether a position is a cell of a grid of l: marked
	// once, as little killers ask it of every cell of their diagonals.
	marked := make([]bool, r.height*r.width)
	for _, g := range l.Grids {
		for y := g.At.Row; y < g.At.Row+l.Size; y++ {
			for x := g.At.Col; x < g.At.Col+l.Size; x++ {
				marked[y*r.width+x] = true
			}
		}
	}
	inGrids := func(p layouts.Pos) bool {
		return p.Row >= 0 && p.Col >= 0 && p.Row < r.height && p.Col < r.width && marked[p.Row*r.width+p.Col]
	}
	var out []layouts.Constraint
	if len(dr.xv.X)+len(dr.xv.V) > 0 {
		out = append(out, dr.xv)
	}
	for _, c := range dr.circles {
		out = append(out, layouts.Constraint{Kind: "arrow", Cells: c.cells, Lines: c.lines, Source: fmt.Sprintf("the arrow at overlays[%d]", c.index)})
	}
	taken := map[layouts.Pos]int{}
	for _, k := range dr.killers {
		// Its cells: from its clue's place, which is no cell, along its
		// diagonal while there are cells.
		clue := dr.clues[k.at][taken[k.at]]
		taken[k.at]++
		if inGrids(k.at) {
			return nil, &UnsupportedError{Key: "overlays", Index: clue.index + 1, Detail: clue.says + ": a little killer's clue on a cell"}
		}
		c := layouts.Constraint{Kind: "littlekiller", Sum: clue.value, Source: fmt.Sprintf("the little killer at arrows[%d]", k.index)}
		for p := (layouts.Pos{Row: k.at.Row + k.step[0], Col: k.at.Col + k.step[1]}); inGrids(p); p = (layouts.Pos{Row: p.Row + k.step[0], Col: p.Col + k.step[1]}) {
			c.Cells = append(c.Cells, p)
		}
		out = append(out, c)
	}
	for _, o := range r.outside {
		// Its number is the next left at its place: Marshal draws the
		// numbers in the order it names them.
		at := o.place()
		if taken[at] == len(dr.clues[at]) {
			return nil, &UnsupportedError{Key: "metadata", Detail: fmt.Sprintf("clues: a %s clue with no number before %s", o.kind, o.first)}
		}
		clue := dr.clues[at][taken[at]]
		taken[at]++
		c := layouts.Constraint{Kind: o.kind, Source: fmt.Sprintf("the %s clue at overlays[%d]", o.kind, clue.index)}
		if o.kind == "skyscraper" {
			c.Count = clue.value
		} else {
			c.Sum = clue.value
		}
		for i := range o.n {
			c.Cells = append(c.Cells, layouts.Pos{Row: o.first.Row + i*o.step[0], Col: o.first.Col + i*o.step[1]})
		}
		out = append(out, c)
	}
	out = append(out, dr.lines...)
	for _, q := range dr.quads {
		// The cells of the puzzle around its corner.
		c := layouts.Constraint{Kind: "quadruple", Digits: q.digits, Source: fmt.Sprintf("the quadruple at overlays[%d]", q.index)}
		for _, p := range []layouts.Pos{{Row: q.row - 1, Col: q.col - 1}, {Row: q.row - 1, Col: q.col}, {Row: q.row, Col: q.col - 1}, {Row: q.row, Col: q.col}} {
			if inGrids(p) {
				c.Cells = append(c.Cells, p)
			}
		}
		out = append(out, c)
	}
	return out, nil
}

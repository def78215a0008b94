package sudokupad

import (
	"encoding/json"
	"fmt"
	"math"
	"slices"
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
	// clues are the numbers by the places they are at, for the little
	// killers' arrows, killers, and the metadata's clues; check finds
	// the number of each, killerClues and outsideClues.
	clues                     map[layouts.Pos][]readClue
	killers                   []readKiller
	killerClues, outsideClues []readClue
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

// readClue is a number at a place: its overlay, its value, the
// overlay as a message says it, and where in the place it is and its
// size (see clueSpots).
type readClue struct {
	index, value int
	says         string
	at           [2]float64
	size         float64
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
		if c, again := dr.circleAt[ps[0]]; again && slices.Equal(dr.circles[c].cells, ps) {
			// The same circle again: Marshal draws one per arrow
			// constraint, and two may share it.
			return true
		}
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
		// A clue's number: alone at its place's centre, or smaller
		// inside it (check asks whether it is where clueSpots puts it).
		s, _ := textOf(o)
		v, err := strconv.Atoi(s)
		inside := y != math.Trunc(y) && x != math.Trunc(x)
		if err == nil && (sameShape(o, clueText(centre(at), v, textSize)) || inside && sameShape(o, clueText([2]float64{y, x}, v, clueSize))) {
			dr.clues[at] = append(dr.clues[at], readClue{index: i, value: v, says: shapeText(o), at: [2]float64{y, x}, size: o.FontSize})
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

// check finds the number of each clue outside the grids, a little
// killer's (by its arrow) or one the metadata's clues name (outside):
// at its place, where clueSpots puts it among the clues there. It
// refuses a little killer's arrow with no number, else the first
// overlay left unmatched: a between line's circle with no line, an
// arrow's circle with no arrow, a number with no little killer's arrow
// where the metadata's clues name none, or another number than they
// name (a place can hold several: a row's clue and a column's, on a
// Samurai); else a clue of the metadata's with no number.
func (dr *drawn) check(outside []outsideClue) error {
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
	// The clues of each place, in order: i in killers, or in outside.
	type clue struct {
		step   [2]int
		killer bool
		i      int
	}
	var places []layouts.Pos
	clues := map[layouts.Pos][]clue{}
	add := func(p layouts.Pos, c clue) {
		if clues[p] == nil {
			places = append(places, p)
		}
		clues[p] = append(clues[p], c)
	}
	for i, k := range dr.killers {
		add(k.at, clue{k.step, true, i})
	}
	named := map[layouts.Pos]int{} // by place, the metadata's clues
	for i, o := range outside {
		add(o.place(), clue{o.step, false, i})
		named[o.place()]++
	}
	dr.killerClues = make([]readClue, len(dr.killers))
	dr.outsideClues = make([]readClue, len(outside))
	taken := map[layouts.Pos][]bool{} // by place, whether each number is a clue's
	lostKiller, lostClue := -1, -1    // the first of each with no number
	for _, p := range places {
		steps := make([][2]int, len(clues[p]))
		for j, c := range clues[p] {
			steps[j] = c.step
		}
		spots, size, ok := clueSpots(p, steps)
		if !ok {
			// Marshal refuses such a place.
			detail := fmt.Sprintf("%d clues at %s, two of one line beside another, which Marshal does not draw", len(steps), p)
			if c := clues[p][0]; c.killer {
				return &UnsupportedError{Key: "arrows", Index: dr.killers[c.i].index + 1, Detail: "a little killer's arrow among " + detail}
			}
			return &UnsupportedError{Key: "metadata", Detail: "clues: " + detail}
		}
		taken[p] = make([]bool, len(dr.clues[p]))
		for j, c := range clues[p] {
			n := -1
			for k, num := range dr.clues[p] {
				if !taken[p][k] && num.at == spots[j] && num.size == size {
					n = k
					break
				}
			}
			switch {
			case n >= 0 && c.killer:
				taken[p][n] = true
				dr.killerClues[c.i] = dr.clues[p][n]
			case n >= 0:
				taken[p][n] = true
				dr.outsideClues[c.i] = dr.clues[p][n]
			case c.killer && (lostKiller < 0 || c.i < lostKiller):
				lostKiller = c.i
			case !c.killer && (lostClue < 0 || c.i < lostClue):
				lostClue = c.i
			}
		}
	}
	if lostKiller >= 0 {
		return &UnsupportedError{Key: "arrows", Index: dr.killers[lostKiller].index + 1, Detail: "a little killer's arrow with no number"}
	}
	for p, nums := range dr.clues {
		var left []readClue
		for k, num := range nums {
			if taken[p] == nil || !taken[p][k] {
				left = append(left, num)
			}
		}
		// The numbers that are no little killer's: every killer has one.
		drawn := len(nums) - (len(clues[p]) - named[p])
		switch {
		case len(left) == 0:
		case named[p] == 0:
			for _, num := range left {
				first(num.index, num.says+": a number with no little killer's arrow (outside the grids, a sandwich, x-sum or skyscraper clue, which only the rules text tells apart)")
			}
		case drawn != named[p]:
			first(left[0].index, fmt.Sprintf("%s: %d drawn at its place, where the metadata's clues name %d", left[0].says, drawn, named[p]))
		default:
			first(left[0].index, left[0].says+": not where Marshal draws it among the clues of its place")
		}
	}
	if err != nil {
		return err
	}
	if lostClue >= 0 {
		o := outside[lostClue]
		return &UnsupportedError{Key: "metadata", Detail: fmt.Sprintf("clues: a %s clue with no number before %s", o.kind, o.first)}
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
	for i, k := range dr.killers {
		// Its cells: from its clue's place, which is no cell, along its
		// diagonal while there are cells.
		clue := dr.killerClues[i]
		if inGrids(k.at) {
			return nil, &UnsupportedError{Key: "overlays", Index: clue.index + 1, Detail: clue.says + ": a little killer's clue on a cell"}
		}
		c := layouts.Constraint{Kind: "littlekiller", Sum: clue.value, Source: fmt.Sprintf("the little killer at arrows[%d]", k.index)}
		for p := (layouts.Pos{Row: k.at.Row + k.step[0], Col: k.at.Col + k.step[1]}); inGrids(p); p = (layouts.Pos{Row: p.Row + k.step[0], Col: p.Col + k.step[1]}) {
			c.Cells = append(c.Cells, p)
		}
		out = append(out, c)
	}
	for i, o := range r.outside {
		clue := dr.outsideClues[i]
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

// cover takes the dots and the X and V marks of the metadata's negative
// kropki and XV constraints (listed) from those drawn: they are read as
// part of those, not again as constraints of their own. A mark listed
// but not drawn is refused: SudokuPad would not show it.
func (dr *drawn) cover(listed []layouts.Constraint) error {
	type mark struct {
		a, b  layouts.Pos // in reading order
		kind  string      // "white", "black", "X", "V"
		value int
	}
	markOf := func(pair []layouts.Pos, kind string, value int) mark {
		a, b := pair[0], pair[1]
		if b.Row < a.Row || b.Row == a.Row && b.Col < a.Col {
			a, b = b, a
		}
		return mark{a, b, kind, value}
	}
	drawnAt := map[mark][]int{} // each mark's indices, in dots or in xv's X or V
	for i, d := range dr.dots {
		k := markOf(d.pair, "white", d.value)
		if d.black {
			k.kind = "black"
		}
		drawnAt[k] = append(drawnAt[k], i)
	}
	for i, pair := range dr.xv.X {
		drawnAt[markOf(pair, "X", 0)] = append(drawnAt[markOf(pair, "X", 0)], i)
	}
	for i, pair := range dr.xv.V {
		drawnAt[markOf(pair, "V", 0)] = append(drawnAt[markOf(pair, "V", 0)], i)
	}
	type marks struct {
		pairs [][]layouts.Pos
		kind  string
		value int
	}
	taken := map[string]map[int]bool{"dots": {}, "X": {}, "V": {}}
	for _, c := range listed {
		var sets []marks
		switch c.Kind {
		case "kropki":
			sets = []marks{{c.White, "white", max(c.Difference, dots[0].def)}, {c.Black, "black", max(c.Ratio, dots[1].def)}}
		case "xv":
			sets = []marks{{c.X, "X", 0}, {c.V, "V", 0}}
		}
		for _, set := range sets {
			for _, pair := range set.pairs {
				if len(pair) != 2 {
					continue // Compile refuses it, naming it
				}
				k := markOf(pair, set.kind, set.value)
				list := "dots"
				if c.Kind == "xv" {
					list = set.kind
				}
				is := drawnAt[k]
				if len(is) == 0 {
					what := "an " + set.kind
					if c.Kind == "kropki" {
						what = fmt.Sprintf("a %s dot of %d", set.kind, set.value)
					}
					return fmt.Errorf("%w: %s: %s between %s and %s that is not drawn", layouts.ErrLayout, c.Source, what, k.a, k.b)
				}
				taken[list][is[0]] = true
				drawnAt[k] = is[1:]
			}
		}
	}
	dr.dots = dropTaken(dr.dots, taken["dots"])
	dr.xv.X = dropTaken(dr.xv.X, taken["X"])
	dr.xv.V = dropTaken(dr.xv.V, taken["V"])
	return nil
}

// dropTaken is xs without the elements whose indices are taken.
func dropTaken[T any](xs []T, taken map[int]bool) []T {
	if len(taken) == 0 {
		return xs
	}
	var out []T
	for i, x := range xs {
		if !taken[i] {
			out = append(out, x)
		}
	}
	return out
}

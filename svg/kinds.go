package svg

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strings"

	"gattai/layouts"
)

// painter draws the constraints of one kind.
type painter struct {
	draw func(b *board, c *layouts.Constraint) error
	// outside: it draws clues outside the grids, so the board gets a
	// margin a cell wide.
	outside bool
}

// painters draws each kind of constraint, by the kind's name. A kind
// missing here is listed in the caption as not drawn. To draw a new kind,
// add a function using the helpers below (listed in doc.go) and its
// entry here; it is never changed while drawing.
var painters = map[string]painter{
	"diagonal":       {draw: drawDiagonal},
	"region":         {draw: drawRegion},
	"jigsaw":         {draw: drawJigsaw},
	"killer":         {draw: drawKiller},
	"antiknight":     {draw: caption("Anti-knight: cells a knight's move apart never hold the same digit")},
	"antiking":       {draw: caption("Anti-king: cells a king's move apart, diagonally too, never hold the same digit")},
	"nonconsecutive": {draw: caption("Nonconsecutive: orthogonal neighbours never differ by 1")},
	"kropki":         {draw: drawKropki},
	"parity":         {draw: drawParity},
	"thermo":         {draw: drawThermo},
	"arrow":          {draw: drawArrow},
	"xv":             {draw: drawXV},
	"littlekiller":   {draw: drawLittleKiller, outside: true},
	"sandwich":       {draw: drawLineClue(sandwichNote, func(c *layouts.Constraint) int { return c.Sum }), outside: true},
	"xsum":           {draw: drawLineClue(xsumNote, func(c *layouts.Constraint) int { return c.Sum }), outside: true},
	"skyscraper":     {draw: drawLineClue(skyscraperNote, func(c *layouts.Constraint) int { return c.Count }), outside: true},
	"whispers":       {draw: drawLine(whispersStroke, cell/5)},
	"renban":         {draw: drawLine(renbanStroke, cell/5)},
	"palindrome":     {draw: drawLine(palindromeStroke, cell/5)},
	"entropic":       {draw: drawLine(entropicStroke, cell/5)},
	"regionsum":      {draw: drawLine(regionsumStroke, cell/8)},
	"between":        {draw: drawBetween},
	"clone":          {draw: drawClone},
	"quadruple":      {draw: drawQuadruple},
	"minimum":        {draw: drawExtremum(true)},
	"maximum":        {draw: drawExtremum(false)},
}

// Fills and strokes of the marks.
const (
	regionFill = "#e2e2e2"
	parityFill = "#cdcdcd"
	thermoFill = "#c4c4c4"
	cageStroke = "#000"
	diagStroke = "#7a7a7a"

	whispersStroke   = "#5cb85c"
	renbanStroke     = "#b370d8"
	palindromeStroke = "#a9a9a9"
	entropicStroke   = "#f0a030"
	regionsumStroke  = "#3d7fd9"
	betweenStroke    = "#a9a9a9"
	arrowStroke      = "#8c8c8c"
	chevronStroke    = "#555"
)

// grids are the 0-based grids constraint c applies to: its Grid, or all.
func (b *board) grids(c *layouts.Constraint) []int {
	k := len(b.m.Layout.Grids)
	if c.Grid > 0 && c.Grid <= k {
		return []int{c.Grid - 1}
	}
	out := make([]int, k)
	for i := range out {
		out[i] = i
	}
	return out
}

// where names the grids a per-grid constraint applies to, for a caption:
// "" on a single grid.
func (b *board) where(c *layouts.Constraint) string {
	switch {
	case len(b.m.Layout.Grids) == 1:
		return ""
	case c.Grid > 0:
		return fmt.Sprintf(" (grid %d)", c.Grid)
	}
	return " (every grid)"
}

// caption draws a kind that has no mark as a line of the caption.
func caption(text string) func(*board, *layouts.Constraint) error {
	return func(b *board, c *layouts.Constraint) error {
		head, rest, _ := strings.Cut(text, ":")
		b.note(head + b.where(c) + ":" + rest)
		return nil
	}
}

// shadeCells fills the cells at ps, which must be cells.
func (b *board) shadeCells(ps []layouts.Pos, fill string) {
	s := &b.layers[layerShade]
	fmt.Fprintf(s, `<path fill="%s" d="`, fill)
	for _, p := range ps {
		fmt.Fprintf(s, "M%d %dh%dv%dh%dz", b.x(p.Col), b.y(p.Row), cell, cell, -cell)
	}
	s.WriteString("\"/>\n")
}

// cellLine draws a line through the centres of the cells at ps, in
// order, width wide with round ends and joints.
func (b *board) cellLine(l layer, ps []layouts.Pos, stroke string, width int) {
	s := &b.layers[l]
	fmt.Fprintf(s, `<path fill="none" stroke="%s" stroke-width="%d" stroke-linecap="round" stroke-linejoin="round" d="`, stroke, width)
	for i, p := range ps {
		x, y := b.centre(p)
		op := "L"
		if i == 0 {
			op = "M"
		}
		fmt.Fprintf(s, "%s%d %d", op, x, y)
	}
	s.WriteString("\"/>\n")
}

// bulb draws a filled circle of radius r in the middle of the cell at p.
func (b *board) bulb(l layer, p layouts.Pos, fill string, r int) {
	x, y := b.centre(p)
	fmt.Fprintf(&b.layers[l], `<circle cx="%d" cy="%d" r="%d" fill="%s"/>`+"\n", x, y, r, fill)
}

// edgeDot draws a circle of radius r on the edge between the neighbours
// at p and q.
func (b *board) edgeDot(p, q layouts.Pos, fill string, r float64) {
	x1, y1 := b.centre(p)
	x2, y2 := b.centre(q)
	fmt.Fprintf(&b.layers[layerMarks], `<circle cx="%s" cy="%s" r="%s" fill="%s" stroke="#000" stroke-width="1.5"/>`+"\n",
		num(float64(x1+x2)/2), num(float64(y1+y2)/2), num(r), fill)
}

// drawDiagonal draws the diagonals of its grids that which asks for:
// positive is /, negative \\, both (or none given) the two.
func drawDiagonal(b *board, c *layouts.Constraint) error {
	var pos, neg bool
	switch c.Which {
	case "", "both":
		pos, neg = true, true
	case "positive":
		pos = true
	case "negative":
		neg = true
	default:
		return fmt.Errorf("unknown which %q", c.Which)
	}
	s := &b.layers[layerMarks]
	fmt.Fprintf(s, `<path fill="none" stroke="%s" stroke-width="1.5" d="`, diagStroke)
	n := b.m.N
	for _, g := range b.grids(c) {
		at := b.m.Layout.Grids[g].At
		x0, y0, x1, y1 := b.x(at.Col), b.y(at.Row), b.x(at.Col+n), b.y(at.Row+n)
		if neg {
			fmt.Fprintf(s, "M%d %dL%d %d", x0, y0, x1, y1)
		}
		if pos {
			fmt.Fprintf(s, "M%d %dL%d %d", x1, y0, x0, y1)
		}
	}
	s.WriteString("\"/>\n")
	return nil
}

// drawRegion shades listed cells, or the windows of a windoku preset.
// Disjoint groups are a caption: shading them would cover every cell.
func drawRegion(b *board, c *layouts.Constraint) error {
	switch c.Preset {
	case "":
		b.shadeCells(c.Cells, regionFill)
		return nil
	case "disjoint":
		b.note("Disjoint groups" + b.where(c) + ": cells in the same place in each box hold different digits")
		return nil
	}
	units, err := b.unitsOf(c)
	if err != nil {
		return err
	}
	for _, u := range units {
		if u.Kind != layouts.UnitRegion {
			continue
		}
		ps := make([]layouts.Pos, len(u.Cells))
		for i, ci := range u.Cells {
			ps[i] = b.m.Cells[ci]
		}
		b.shadeCells(ps, regionFill)
	}
	return nil
}

// unitsOf compiles the board's grids with constraint c alone and
// returns the units that c makes: how a preset places its regions is
// the layouts package's to say. Cells number the same, as the grids do.
func (b *board) unitsOf(c *layouts.Constraint) ([]layouts.Unit, error) {
	l := *b.m.Layout
	l.Regions = nil
	l.Constraints = []layouts.Constraint{*c}
	m, err := layouts.Compile(&l)
	if err != nil {
		return nil, err
	}
	return m.Units, nil
}

// drawJigsaw has nothing to add: the pieces are units of kind box, whose
// borders are drawn thick.
func drawJigsaw(*board, *layouts.Constraint) error { return nil }

// drawKiller draws a cage, or the cages of its pieces in each of its
// grids (a letter a cage, '.' none, blanks ignored).
func drawKiller(b *board, c *layouts.Constraint) error {
	if c.Pieces == nil {
		b.cage(c.Cells, c.Sum)
		return nil
	}
	letters, cages := layouts.PieceCells(c.Pieces, b.m.N, '.')
	for _, g := range b.grids(c) {
		at := b.m.Layout.Grids[g].At
		for _, ch := range letters {
			ps := make([]layouts.Pos, len(cages[ch]))
			for i, p := range cages[ch] {
				ps[i] = layouts.Pos{Row: at.Row + p.Row, Col: at.Col + p.Col}
			}
			b.cage(ps, c.Sums[string(ch)])
		}
	}
	return nil
}

// cage draws a killer cage of the cells at ps as a dashed outline inset
// from the cell edges, with its sum, if not 0, small in the corner of its
// top-left cell.
func (b *board) cage(ps []layouts.Pos, sum int) {
	if len(ps) == 0 {
		return
	}
	in := map[layouts.Pos]bool{} // looked up, never ranged over
	for _, p := range ps {
		in[p] = true
	}
	has := func(r, col int) bool { return in[layouts.Pos{Row: r, Col: col}] }
	const d = cell / 10 // the inset
	// end is how far a side's line goes past the corner of its cell:
	// stopping short of a corner the cage turns round, to the neighbour's
	// line where the cage goes on, beyond it where the cage turns in.
	end := func(side, diag bool) int {
		switch {
		case !side:
			return -d
		case diag:
			return d
		}
		return 0
	}
	type seg struct{ at, from, to int } // a line at x or y = at, from..to along it
	var hs, vs []seg
	for _, p := range ps {
		r, col := p.Row, p.Col
		x0, y0, x1, y1 := b.x(col), b.y(r), b.x(col+1), b.y(r+1)
		up, down, left, right := has(r-1, col), has(r+1, col), has(r, col-1), has(r, col+1)
		if !up {
			hs = append(hs, seg{y0 + d, x0 - end(left, has(r-1, col-1)), x1 + end(right, has(r-1, col+1))})
		}
		if !down {
			hs = append(hs, seg{y1 - d, x0 - end(left, has(r+1, col-1)), x1 + end(right, has(r+1, col+1))})
		}
		if !left {
			vs = append(vs, seg{x0 + d, y0 - end(up, has(r-1, col-1)), y1 + end(down, has(r+1, col-1))})
		}
		if !right {
			vs = append(vs, seg{x1 - d, y0 - end(up, has(r-1, col+1)), y1 + end(down, has(r+1, col+1))})
		}
	}
	s := &b.layers[layerMarks]
	fmt.Fprintf(s, `<path fill="none" stroke="%s" stroke-width="1.2" stroke-dasharray="4 3" d="`, cageStroke)
	for _, set := range []struct {
		segs []seg
		f    string // a segment's path data from at, from, to
	}{{hs, "M%[2]d %[1]dH%[3]d"}, {vs, "M%[1]d %[2]dV%[3]d"}} {
		slices.SortFunc(set.segs, func(a, b seg) int { return cmp.Or(cmp.Compare(a.at, b.at), cmp.Compare(a.from, b.from)) })
		for i := 0; i < len(set.segs); {
			run := set.segs[i]
			i++
			for i < len(set.segs) && set.segs[i].at == run.at && set.segs[i].from == run.to {
				run.to = set.segs[i].to
				i++
			}
			fmt.Fprintf(s, set.f, run.at, run.from, run.to)
		}
	}
	s.WriteString("\"/>\n")
	if sum == 0 {
		return
	}
	first := slices.MinFunc(ps, func(p, q layouts.Pos) int {
		return cmp.Or(cmp.Compare(p.Row, q.Row), cmp.Compare(p.Col, q.Col))
	})
	text := fmt.Sprint(sum)
	const size = cell * 11 / 40
	x, y := b.x(first.Col)+2, b.y(first.Row)+2
	fmt.Fprintf(&b.layers[layerClues], `<rect x="%d" y="%d" width="%d" height="%d" fill="#fff"/>`+"\n",
		x, y, len(text)*size*6/10+2, size)
	fmt.Fprintf(&b.layers[layerClues], `<text x="%d" y="%d" font-family="sans-serif" font-size="%d">%s</text>`+"\n",
		x+1, y+size*17/20, size, text)
}

// drawKropki draws a white or black dot on the edge between two cells,
// with its difference or ratio in it when that is not the usual 1 or 2.
func drawKropki(b *board, c *layouts.Constraint) error {
	for _, set := range []struct {
		pairs      [][]layouts.Pos
		fill, ink  string
		value, std int
	}{{c.White, "#fff", "#000", c.Difference, 1}, {c.Black, "#000", "#fff", c.Ratio, 2}} {
		for _, pair := range set.pairs {
			if len(pair) != 2 {
				continue
			}
			if set.value == 0 || set.value == set.std {
				b.edgeDot(pair[0], pair[1], set.fill, cell*0.13)
				continue
			}
			b.edgeDot(pair[0], pair[1], set.fill, cell*0.2)
			b.edgeLabel(pair[0], pair[1], fmt.Sprint(set.value), set.ink)
		}
	}
	if c.Negative {
		dots := map[string]string{"": "every dot is shown", "both": "every dot is shown",
			"white": "every white dot is shown", "black": "every black dot is shown"}[c.Which]
		if dots == "" {
			return fmt.Errorf("unknown which %q", c.Which)
		}
		b.note("Kropki" + b.where(c) + ": " + dots + "; neighbours without one are " + kropkiNeither(c))
	}
	return nil
}

// kropkiNeither says what neighbours without a dot are not, for the
// caption of a negative kropki constraint.
func kropkiNeither(c *layouts.Constraint) string {
	diff, ratio := cmp.Or(c.Difference, 1), cmp.Or(c.Ratio, 2)
	apart := "consecutive"
	if diff != 1 {
		apart = fmt.Sprintf("%d apart", diff)
	}
	times := "double"
	if ratio != 2 {
		times = fmt.Sprintf("%d times the other", ratio)
	}
	switch c.Which {
	case "white":
		return "not " + apart
	case "black":
		return "not " + times
	}
	return "neither " + apart + " nor " + times
}

// drawParity puts a grey square in each even cell and a grey circle in
// each odd one.
func drawParity(b *board, c *layouts.Constraint) error {
	s := &b.layers[layerShade]
	const side = cell * 8 / 10
	if len(c.Even) > 0 {
		fmt.Fprintf(s, `<path fill="%s" d="`, parityFill)
		for _, p := range c.Even {
			x, y := b.centre(p)
			fmt.Fprintf(s, "M%d %dh%dv%dh%dz", x-side/2, y-side/2, side, side, -side)
		}
		s.WriteString("\"/>\n")
	}
	for _, p := range c.Odd {
		b.bulb(layerShade, p, parityFill, side/2)
	}
	return nil
}

// drawThermo draws a thick grey line from the bulb, a round end.
func drawThermo(b *board, c *layouts.Constraint) error {
	if len(c.Cells) == 0 {
		return nil
	}
	b.cellLine(layerLines, c.Cells, thermoFill, cell*3/10)
	b.bulb(layerLines, c.Cells[0], thermoFill, cell*9/25)
	return nil
}

// notDrawn is the caption line of a constraint a painter cannot draw.
func (b *board) notDrawn(c *layouts.Constraint) {
	b.note(fmt.Sprintf("+ %s rules, not drawn", c.Kind))
}

// drawLine draws a line of width through the cells in order, the stroke
// telling its kind.
func drawLine(stroke string, width int) func(*board, *layouts.Constraint) error {
	return func(b *board, c *layouts.Constraint) error {
		if len(c.Cells) < 2 {
			b.notDrawn(c)
			return nil
		}
		b.cellLine(layerLines, c.Cells, stroke, width)
		return nil
	}
}

// drawBetween draws a grey line with a circle at each end.
func drawBetween(b *board, c *layouts.Constraint) error {
	if len(c.Cells) < 2 {
		b.notDrawn(c)
		return nil
	}
	b.cellLine(layerLines, c.Cells, betweenStroke, cell/10)
	b.ring(layerLines, c.Cells[0], cell*2/5, betweenStroke)
	b.ring(layerLines, c.Cells[len(c.Cells)-1], cell*2/5, betweenStroke)
	return nil
}

// drawArrow draws the circle over its cells (a pill over two or three
// in a line) and, from it, each arrow through its cells to an arrowhead.
func drawArrow(b *board, c *layouts.Constraint) error {
	if len(c.Cells) == 0 || len(c.Lines) == 0 {
		b.notDrawn(c)
		return nil
	}
	const r = cell * 2 / 5
	for _, l := range c.Lines {
		// The arrow leaves the circle from its last cell in the circle,
		// or from the circle cell nearest its first cell.
		var ps []layouts.Pos
		from := -1
		for _, p := range l {
			if i := slices.Index(c.Cells, p); i >= 0 {
				from = i
				continue
			}
			ps = append(ps, p)
		}
		if len(ps) == 0 {
			continue
		}
		if from < 0 {
			from = nearest(c.Cells, ps[0])
		}
		b.arrow(layerMarks, append([]layouts.Pos{c.Cells[from]}, ps...), r, arrowStroke)
	}
	b.pill(layerLines, c.Cells, r, arrowStroke)
	return nil
}

// nearest is the index of the position in ps nearest to p.
func nearest(ps []layouts.Pos, p layouts.Pos) int {
	d := func(q layouts.Pos) int { return (q.Row-p.Row)*(q.Row-p.Row) + (q.Col-p.Col)*(q.Col-p.Col) }
	best := 0
	for i, q := range ps {
		if d(q) < d(ps[best]) {
			best = i
		}
	}
	return best
}

// pill draws a white shape with a grey edge over the cells at ps, r from
// their centres: a circle over one cell, a pill over cells in a line
// next to each other, else a blob.
func (b *board) pill(l layer, ps []layouts.Pos, r int, stroke string) {
	if len(ps) == 1 {
		b.ring(l, ps[0], r, stroke)
		return
	}
	if !inLine(ps) {
		b.blob(l, ps, r, stroke)
		return
	}
	r0, c0, r1, c1 := ps[0].Row, ps[0].Col, ps[0].Row, ps[0].Col
	for _, p := range ps {
		r0, c0, r1, c1 = min(r0, p.Row), min(c0, p.Col), max(r1, p.Row), max(c1, p.Col)
	}
	x0, y0 := b.centre(layouts.Pos{Row: r0, Col: c0})
	x1, y1 := b.centre(layouts.Pos{Row: r1, Col: c1})
	fmt.Fprintf(&b.layers[l], `<rect x="%d" y="%d" width="%d" height="%d" rx="%d" fill="#fff" stroke="%s" stroke-width="%d"/>`+"\n",
		x0-r, y0-r, x1-x0+2*r, y1-y0+2*r, r, stroke, cell/20)
}

// blob draws a white shape with a grey edge over the cells at ps, r
// from their centres: a circle in each, joined to those of its
// orthogonal neighbours by a band as wide, all drawn edge first, then
// the white inside, so that only the outline of the whole shows.
func (b *board) blob(l layer, ps []layouts.Pos, r int, stroke string) {
	s := &b.layers[l]
	const w = cell / 20 // the edge's width
	var d strings.Builder
	for i, p := range ps {
		x, y := b.centre(p)
		fmt.Fprintf(&d, "M%d %dL%d %d", x, y, x, y) // a dot, by the round cap
		for _, q := range ps[i+1:] {
			if abs(p.Row-q.Row)+abs(p.Col-q.Col) == 1 {
				x2, y2 := b.centre(q)
				fmt.Fprintf(&d, "M%d %dL%d %d", x, y, x2, y2)
			}
		}
	}
	for _, pass := range []struct {
		colour string
		width  int
	}{{stroke, 2*r + w}, {"#fff", 2*r - w}} {
		fmt.Fprintf(s, `<path fill="none" stroke="%s" stroke-width="%d" stroke-linecap="round" d="%s"/>`+"\n", pass.colour, pass.width, d.String())
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// inLine reports whether the positions fill a straight run of a row or
// a column, in any order.
func inLine(ps []layouts.Pos) bool {
	rows, cols := map[int]bool{}, map[int]bool{} // counted, never ranged over
	lo, hi := ps[0], ps[0]
	for _, p := range ps {
		rows[p.Row], cols[p.Col] = true, true
		lo.Row, lo.Col = min(lo.Row, p.Row), min(lo.Col, p.Col)
		hi.Row, hi.Col = max(hi.Row, p.Row), max(hi.Col, p.Col)
	}
	span := max(hi.Row-lo.Row, hi.Col-lo.Col) + 1
	return (len(rows) == 1 || len(cols) == 1) && span == len(ps) && len(rows)*len(cols) == len(ps)
}

// drawXV writes an X or a V on the edge between the two cells of each
// pair.
func drawXV(b *board, c *layouts.Constraint) error {
	for _, set := range []struct {
		pairs [][]layouts.Pos
		text  string
	}{{c.X, "X"}, {c.V, "V"}} {
		for _, pair := range set.pairs {
			if len(pair) == 2 {
				b.edgeText(pair[0], pair[1], set.text)
			}
		}
	}
	if c.Negative {
		marks := map[string]string{"": "every X and V is shown; neighbours without one sum to neither 10 nor 5",
			"both": "every X and V is shown; neighbours without one sum to neither 10 nor 5",
			"x":    "every X is shown; neighbours without one do not sum to 10",
			"v":    "every V is shown; neighbours without one do not sum to 5"}[c.Which]
		if marks == "" {
			return fmt.Errorf("unknown which %q", c.Which)
		}
		b.note("XV" + b.where(c) + ": " + marks)
	}
	return nil
}

// clue is the canvas position of the clue of a line of cells that starts
// at ps[0] and goes on to ps[1]: the position before ps[0], with the
// step (dr, dc) from it into the line.
func clue(ps []layouts.Pos) (at layouts.Pos, dr, dc int) {
	dr, dc = ps[1].Row-ps[0].Row, ps[1].Col-ps[0].Col
	return layouts.Pos{Row: ps[0].Row - dr, Col: ps[0].Col - dc}, dr, dc
}

// drawLittleKiller writes the sum outside the grid, where the diagonal
// starts, with a small arrow along it.
func drawLittleKiller(b *board, c *layouts.Constraint) error {
	if len(c.Cells) < 1 {
		b.notDrawn(c)
		return nil
	}
	ps := c.Cells
	if len(ps) == 1 { // a corner cell: the clue sits off the corner
		p, step := ps[0], [2]int{1, 1}
		for _, d := range [][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}} {
			if !b.isCell(p.Row-d[0], p.Col-d[1]) && !b.isCell(p.Row+d[0], p.Col+d[1]) {
				step = d
				break
			}
		}
		ps = []layouts.Pos{p, {Row: p.Row + step[0], Col: p.Col + step[1]}}
	}
	at, dr, dc := clue(ps)
	note := fmt.Sprintf("Little killer: the diagonal from %s, %s, sums to %d", c.Cells[0], direction(dr, dc), c.Sum)
	if b.isCell(at.Row, at.Col) { // another grid's cell: no room outside
		b.note(note)
		return nil
	}
	b.place(placedClue{at: at, step: [2]int{dr, dc}, text: fmt.Sprint(c.Sum), killer: true, note: note})
	return nil
}

// direction names a diagonal step for a caption.
func direction(dr, dc int) string {
	v, h := "down", "right"
	if dr < 0 {
		v = "up"
	}
	if dc < 0 {
		h = "left"
	}
	return v + " and " + h
}

// Captions of the kinds whose clues outside the grid are a bare number.
const (
	sandwichNote   = "Sandwich: a number outside the grid is the sum of the digits between the 1 and the {n} of its row or column"
	xsumNote       = "X-sum: a number outside the grid is the sum of the first x digits of its row or column, seen from it, x being the first"
	skyscraperNote = "Skyscraper: a number outside the grid counts the digits of its row or column, seen from it, taller than all before them"
)

// drawLineClue writes the number value(c) outside the grid at the start
// of the row or column, and the kind's caption, note, with the largest
// digit for {n}. Where the start is a cell of another grid, the number
// sits on the edge of the first cell.
func drawLineClue(note string, value func(*layouts.Constraint) int) func(*board, *layouts.Constraint) error {
	return func(b *board, c *layouts.Constraint) error {
		if len(c.Cells) < 2 {
			b.notDrawn(c)
			return nil
		}
		text := fmt.Sprint(value(c))
		at, dr, dc := clue(c.Cells)
		if b.isCell(at.Row, at.Col) {
			b.edgeText(at, c.Cells[0], text)
		} else {
			name, _, _ := strings.Cut(note, ":")
			b.place(placedClue{at: at, step: [2]int{dr, dc}, text: text,
				note: fmt.Sprintf("%s %s-%s: %s", name, c.Cells[0], c.Cells[len(c.Cells)-1], text)})
		}
		b.note(strings.ReplaceAll(note, "{n}", layouts.Symbol(b.m.N)))
		return nil
	}
}

// placedClue is a clue outside the grids whose number drawClues writes
// once all are known, as where it goes depends on the others at its
// place: the step (dr, dc) from the place into its line, a little
// killer's or not, and the caption line that says it where clueSpots
// cannot lay out its place.
type placedClue struct {
	at     layouts.Pos
	step   [2]int
	text   string
	killer bool
	note   string
}

// place adds a clue for drawClues, once if given twice.
func (b *board) place(c placedClue) {
	if !slices.Contains(b.clues, c) {
		b.clues = append(b.clues, c)
	}
}

// clueSpots is where the numbers of the clues at one place go, each
// given by its step (dr, dc) from the place into its line: the offset
// (dx, dy) from the place's centre, in user units, that
// layouts.ClueShifts gives, as package sudokupad draws them (a clue
// alone is written by outsideText or diagonalClue). ok is false where
// ClueShifts cannot lay the place out.
func clueSpots(steps [][2]int) (spots [][2]int, ok bool) {
	shifts, ok := layouts.ClueShifts(steps)
	if !ok {
		return nil, false
	}
	spots = make([][2]int, len(shifts))
	for i, s := range shifts {
		spots[i] = [2]int{int(math.Round(s[1] * cell)), int(math.Round(s[0] * cell))}
	}
	return spots, true
}

// drawClues writes the numbers of the clues placed outside the grids:
// alone at its place, a clue as before; of several, each where
// clueSpots puts it. The clues of a place it cannot lay out are
// caption lines.
func (b *board) drawClues() {
	steps := map[layouts.Pos][][2]int{}
	for _, c := range b.clues {
		steps[c.at] = append(steps[c.at], c.step)
	}
	nth := map[layouts.Pos]int{} // the clues of each place written so far
	for _, c := range b.clues {
		spots, ok := clueSpots(steps[c.at])
		i := nth[c.at]
		nth[c.at]++
		switch {
		case !ok:
			b.note(c.note)
		case len(spots) > 1:
			b.sharedClue(c, spots[i])
		case c.killer:
			b.diagonalClue(c.at, c.step[0], c.step[1], c.text)
		default:
			b.outsideText(c.at, c.text)
		}
	}
}

// drawClone shades the cells and their clone in one light colour, each
// clone in the next of a few colours.
func drawClone(b *board, c *layouts.Constraint) error {
	if len(c.Cells) == 0 || len(c.Clone) == 0 {
		b.notDrawn(c)
		return nil
	}
	fills := [...]string{"#ffd9a8", "#c6e2f7", "#d4efc4", "#f5cbe1", "#fff0a6", "#dacdf3",
		"#bfeee8", "#f7c9c0", "#e3e8b0", "#d9d9f7"}
	fill := fills[b.clones%len(fills)]
	b.clones++
	b.shadeCells(c.Cells, fill)
	b.shadeCells(c.Clone, fill)
	return nil
}

// drawQuadruple writes the digits in a small circle on the junction of
// the (up to four) cells: where they are fewer, on the edge of the grid
// beside them, or between them.
func drawQuadruple(b *board, c *layouts.Constraint) error {
	if len(c.Cells) == 0 || len(c.Digits) == 0 {
		b.notDrawn(c)
		return nil
	}
	lo, hi := c.Cells[0], c.Cells[0]
	for _, p := range c.Cells {
		lo.Row, lo.Col = min(lo.Row, p.Row), min(lo.Col, p.Col)
		hi.Row, hi.Col = max(hi.Row, p.Row), max(hi.Col, p.Col)
	}
	// at is where a junction sits along rows (or columns): between two,
	// or on the side of one that has no cells.
	at := func(lo, hi int, free func(k int) bool, line func(int) int) int {
		switch {
		case hi > lo:
			return line(hi)
		case free(hi + 1):
			return line(hi + 1)
		case free(lo - 1):
			return line(lo)
		}
		return line(lo) + cell/2
	}
	free := func(rows, cols [2]int) bool {
		for r := rows[0]; r <= rows[1]; r++ {
			for col := cols[0]; col <= cols[1]; col++ {
				if b.isCell(r, col) {
					return false
				}
			}
		}
		return true
	}
	y := at(lo.Row, hi.Row, func(r int) bool { return free([2]int{r, r}, [2]int{lo.Col, hi.Col}) }, b.y)
	x := at(lo.Col, hi.Col, func(col int) bool { return free([2]int{lo.Row, hi.Row}, [2]int{col, col}) }, b.x)
	texts := make([]string, len(c.Digits))
	for i, d := range c.Digits {
		texts[i] = layouts.Symbol(d)
	}
	b.cornerDigitsAt(x, y, texts)
	return nil
}

// drawExtremum draws, in each cell, a small chevron by each edge it
// shares with a cell: pointing into the cell for a minimum (it is less
// than each neighbour), out of it for a maximum.
func drawExtremum(minimum bool) func(*board, *layouts.Constraint) error {
	return func(b *board, c *layouts.Constraint) error {
		if len(c.Cells) == 0 {
			b.notDrawn(c)
			return nil
		}
		const (
			in    = cell / 13 // from the edge to the chevron's nearer end
			depth = cell / 8  // from its tip to its arms, across the edge
			half  = cell / 6  // half its width, along the edge
		)
		tip, arms := in+depth, in // into the cell
		if !minimum {
			tip, arms = in, in+depth
		}
		s := &b.layers[layerMarks]
		fmt.Fprintf(s, `<path fill="none" stroke="%s" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" d="`, chevronStroke)
		for _, p := range c.Cells {
			x, y := b.centre(p)
			for _, mv := range [][2]int{{-1, 0}, {0, -1}, {0, 1}, {1, 0}} {
				if !b.isCell(p.Row+mv[0], p.Col+mv[1]) {
					continue
				}
				// (ex, ey) is the middle of the edge, (ix, iy) a step into
				// the cell, (ax, ay) a step along the edge.
				ix, iy := -mv[1], -mv[0]
				ex, ey := x-ix*cell/2, y-iy*cell/2
				ax, ay := iy, ix
				fmt.Fprintf(s, "M%d %dL%d %dL%d %d",
					ex+ix*arms+ax*half, ey+iy*arms+ay*half,
					ex+ix*tip, ey+iy*tip,
					ex+ix*arms-ax*half, ey+iy*arms-ay*half)
			}
		}
		s.WriteString("\"/>\n")
		return nil
	}
}

// ring draws a white circle of radius r with a grey edge in the middle
// of the cell at p: an arrow's circle, a between line's ends.
func (b *board) ring(l layer, p layouts.Pos, r int, stroke string) {
	x, y := b.centre(p)
	fmt.Fprintf(&b.layers[l], `<circle cx="%d" cy="%d" r="%d" fill="#fff" stroke="%s" stroke-width="%d"/>`+"\n", x, y, r, stroke, cell/20)
}

// arrow draws a thin line through the centres of the cells at ps,
// starting skip units from the first centre (outside its circle), and an
// arrowhead at the last.
func (b *board) arrow(l layer, ps []layouts.Pos, skip int, stroke string) {
	pt := func(p layouts.Pos) (float64, float64) {
		x, y := b.centre(p)
		return float64(x), float64(y)
	}
	s := &b.layers[l]
	fmt.Fprintf(s, `<path fill="none" stroke="%s" stroke-width="%d" stroke-linecap="round" stroke-linejoin="round" d="`, stroke, cell/20)
	x0, y0 := pt(ps[0])
	x1, y1 := pt(ps[1])
	dx, dy := unit(x1-x0, y1-y0)
	fmt.Fprintf(s, "M%s %s", num(x0+dx*float64(skip)), num(y0+dy*float64(skip)))
	for _, p := range ps[1:] {
		x, y := pt(p)
		fmt.Fprintf(s, "L%s %s", num(x), num(y))
	}
	// The head: two strokes back from the tip, 40 degrees either side.
	xa, ya := pt(ps[len(ps)-2])
	xt, yt := pt(ps[len(ps)-1])
	dx, dy = unit(xa-xt, ya-yt)
	const head, cos, sin = cell * 0.25, 0.766, 0.643
	for _, sign := range []float64{1, -1} {
		hx, hy := dx*cos-sign*dy*sin, sign*dx*sin+dy*cos
		fmt.Fprintf(s, "M%s %sL%s %s", num(xt+hx*head), num(yt+hy*head), num(xt), num(yt))
	}
	s.WriteString("\"/>\n")
}

// unit is the vector (dx, dy) scaled to length 1.
func unit(dx, dy float64) (float64, float64) {
	d := math.Hypot(dx, dy)
	if d == 0 {
		return 0, 0
	}
	return dx / d, dy / d
}

// edgeText writes a short bold text, such as an X or V, on a white disc
// on the edge between the neighbours at p and q.
func (b *board) edgeText(p, q layouts.Pos, text string) {
	x1, y1 := b.centre(p)
	x2, y2 := b.centre(q)
	x, y := float64(x1+x2)/2, float64(y1+y2)/2
	const size = cell * 2 / 5
	s := &b.layers[layerClues]
	fmt.Fprintf(s, `<circle cx="%s" cy="%s" r="%d" fill="#fff"/>`+"\n", num(x), num(y), size*3/5)
	fmt.Fprintf(s, `<text x="%s" y="%s" font-family="sans-serif" font-size="%d" font-weight="bold" text-anchor="middle">`, num(x), num(y+size*0.35), size)
	escape(s, text)
	s.WriteString("</text>\n")
}

// cornerDigits writes up to four small texts, such as a quadruple's
// digits, two by two in a white circle on the corner where the cell at
// p meets the cells right of it and below it.
func (b *board) cornerDigits(p layouts.Pos, texts []string) {
	b.cornerDigitsAt(b.x(p.Col+1), b.y(p.Row+1), texts)
}

// cornerDigitsAt is cornerDigits with the circle's centre at (x, y).
func (b *board) cornerDigitsAt(x, y int, texts []string) {
	const r, size = cell * 3 / 10, cell * 9 / 40
	s := &b.layers[layerClues]
	fmt.Fprintf(s, `<circle cx="%d" cy="%d" r="%d" fill="#fff" stroke="#000" stroke-width="1"/>`+"\n", x, y, r)
	fmt.Fprintf(s, `<g font-family="sans-serif" font-size="%d" text-anchor="middle">`+"\n", size)
	texts = texts[:min(len(texts), 4)]
	const h = size * 3 / 5
	at := [][][2]int{ // (dx, dy) of each text, by how many there are
		1: {{0, 0}},
		2: {{-h, 0}, {h, 0}},
		3: {{-h, -h}, {h, -h}, {0, h}},
		4: {{-h, -h}, {h, -h}, {-h, h}, {h, h}},
	}
	for i, t := range texts {
		dx, dy := at[len(texts)][i][0], at[len(texts)][i][1]
		fmt.Fprintf(s, `<text x="%d" y="%d">`, x+dx, y+dy+size*7/20)
		escape(s, t)
		s.WriteString("</text>\n")
	}
	s.WriteString("</g>\n")
}

// edgeLabel writes a small text in colour ink centred on the edge
// between the neighbours at p and q: the value in a kropki dot.
func (b *board) edgeLabel(p, q layouts.Pos, text, ink string) {
	x1, y1 := b.centre(p)
	x2, y2 := b.centre(q)
	x, y := float64(x1+x2)/2, float64(y1+y2)/2
	const size = cell * 3 / 10
	s := &b.layers[layerMarks]
	fmt.Fprintf(s, `<text x="%s" y="%s" font-family="sans-serif" font-size="%d" fill="%s" text-anchor="middle">`,
		num(x), num(y+size*0.35), size, ink)
	escape(s, text)
	s.WriteString("</text>\n")
}

// outsideText writes a clue, such as a sandwich, x-sum or skyscraper
// number, centred at canvas position p outside the grids (row -1 is
// above the first row). Its kind's entry sets outside.
func (b *board) outsideText(p layouts.Pos, text string) {
	x, y := b.centre(p)
	const size = cell * 9 / 20
	fmt.Fprintf(&b.layers[layerClues], `<text x="%d" y="%d" font-family="sans-serif" font-size="%d" text-anchor="middle">`, x, y+size*7/20, size)
	escape(&b.layers[layerClues], text)
	b.layers[layerClues].WriteString("</text>\n")
}

// diagonalClue writes a little killer clue at canvas position p outside
// the grids: the sum, and a small arrow towards the corner of p in
// direction (dr, dc), each 1 or -1, along which the diagonal runs.
func (b *board) diagonalClue(p layouts.Pos, dr, dc int, text string) {
	x, y := b.centre(p)
	const size = cell * 3 / 10
	s := &b.layers[layerClues]
	// The sum sits away from the arrow's corner, the arrow in that corner.
	tx, ty := x-dc*cell/8, y-dr*cell/8
	fmt.Fprintf(s, `<text x="%d" y="%d" font-family="sans-serif" font-size="%d" text-anchor="middle">`, tx, ty+size*7/20, size)
	escape(s, text)
	s.WriteString("</text>\n")
	b.clueArrow(x, y, dr, dc, cell/5, cell*2/5)
}

// clueArrow writes a little killer's small arrow from (x, y), the centre
// of its clue's place, along (dr, dc), from from to to units out each
// way.
func (b *board) clueArrow(x, y, dr, dc, from, to int) {
	ax, ay := x+dc*from, y+dr*from
	bx, by := x+dc*to, y+dr*to
	fmt.Fprintf(&b.layers[layerClues], `<path fill="none" stroke="#000" stroke-width="1.2" stroke-linecap="round" d="M%d %dL%d %dM%d %dL%d %dL%d %d"/>`+"\n",
		ax, ay, bx, by, bx-dc*cell/10, by, bx, by, bx, by-dr*cell/10)
}

// sharedClue writes a clue's number small at off (dx, dy) from the
// centre of its place, where clueSpots puts it among the clues there; a
// little killer's with its arrow beyond, in the place's corner.
func (b *board) sharedClue(c placedClue, off [2]int) {
	x, y := b.centre(c.at)
	const size = cell / 5
	s := &b.layers[layerClues]
	fmt.Fprintf(s, `<text x="%d" y="%s" font-family="sans-serif" font-size="%d" text-anchor="middle">`, x+off[0], num(float64(y+off[1])+size*0.35), size)
	escape(s, c.text)
	s.WriteString("</text>\n")
	if c.killer {
		b.clueArrow(x, y, c.step[0], c.step[1], cell*3/10, cell*9/20)
	}
}

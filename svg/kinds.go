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

	// Kinds that layouts may add, drawn from their cells in order; with
	// no cells (their data elsewhere) they fall back to the caption.
	"whispers":   {draw: drawLine(whispersStroke)},
	"renban":     {draw: drawLine(renbanStroke)},
	"palindrome": {draw: drawLine(palindromeStroke)},
	"between":    {draw: drawBetween},
	"arrow":      {draw: drawArrow},
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
	betweenStroke    = "#a9a9a9"
	arrowStroke      = "#8c8c8c"
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

func drawDiagonal(b *board, c *layouts.Constraint) error {
	s := &b.layers[layerMarks]
	fmt.Fprintf(s, `<path fill="none" stroke="%s" stroke-width="1.5" d="`, diagStroke)
	n := b.m.N
	for _, g := range b.grids(c) {
		at := b.m.Layout.Grids[g].At
		x0, y0, x1, y1 := b.x(at.Col), b.y(at.Row), b.x(at.Col+n), b.y(at.Row+n)
		fmt.Fprintf(s, "M%d %dL%d %dM%d %dL%d %d", x0, y0, x1, y1, x1, y0, x0, y1)
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

// drawKiller draws a cage as a dashed outline inset from the cell edges,
// with its sum, if any, small in the corner of its top-left cell.
func drawKiller(b *board, c *layouts.Constraint) error {
	if len(c.Cells) == 0 {
		return nil
	}
	in := map[layouts.Pos]bool{} // looked up, never ranged over
	for _, p := range c.Cells {
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
	for _, p := range c.Cells {
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
	if c.Sum == 0 {
		return nil
	}
	first := slices.MinFunc(c.Cells, func(p, q layouts.Pos) int {
		return cmp.Or(cmp.Compare(p.Row, q.Row), cmp.Compare(p.Col, q.Col))
	})
	sum := fmt.Sprint(c.Sum)
	const size = cell * 11 / 40
	x, y := b.x(first.Col)+2, b.y(first.Row)+2
	fmt.Fprintf(&b.layers[layerClues], `<rect x="%d" y="%d" width="%d" height="%d" fill="#fff"/>`+"\n",
		x, y, len(sum)*size*6/10+2, size)
	fmt.Fprintf(&b.layers[layerClues], `<text x="%d" y="%d" font-family="sans-serif" font-size="%d">%s</text>`+"\n",
		x+1, y+size*17/20, size, sum)
	return nil
}

func drawKropki(b *board, c *layouts.Constraint) error {
	for _, set := range []struct {
		pairs [][]layouts.Pos
		fill  string
	}{{c.White, "#fff"}, {c.Black, "#000"}} {
		for _, pair := range set.pairs {
			if len(pair) == 2 {
				b.edgeDot(pair[0], pair[1], set.fill, cell*0.13)
			}
		}
	}
	if c.Negative {
		b.note("Kropki" + b.where(c) + ": every dot is shown; neighbours without one are neither consecutive nor double")
	}
	return nil
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

// drawLine draws a line through the cells in order, the stroke telling
// its kind (whispers green, renban purple, palindrome grey).
func drawLine(stroke string) func(*board, *layouts.Constraint) error {
	return func(b *board, c *layouts.Constraint) error {
		if len(c.Cells) < 2 {
			b.notDrawn(c)
			return nil
		}
		b.cellLine(layerLines, c.Cells, stroke, cell/5)
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

// drawArrow draws a circle in the first cell and a line from it through
// the others, ending in an arrowhead.
func drawArrow(b *board, c *layouts.Constraint) error {
	if len(c.Cells) < 2 {
		b.notDrawn(c)
		return nil
	}
	const r = cell * 2 / 5
	b.ring(layerLines, c.Cells[0], r, arrowStroke)
	b.arrow(layerLines, c.Cells, r, arrowStroke)
	return nil
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
	x, y := b.x(p.Col+1), b.y(p.Row+1)
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
	ax, ay := x+dc*cell/5, y+dr*cell/5 // from
	bx, by := x+dc*cell*2/5, y+dr*cell*2/5
	fmt.Fprintf(s, `<path fill="none" stroke="#000" stroke-width="1.2" stroke-linecap="round" d="M%d %dL%d %dM%d %dL%d %dL%d %d"/>`+"\n",
		ax, ay, bx, by, bx-dc*cell/10, by, bx, by, bx, by-dr*cell/10)
}

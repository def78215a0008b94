package svg

import (
	"cmp"
	"fmt"
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
// add a function using the helpers below (shadeCells, cellLine, bulb,
// edgeDot, caption) and its entry here.
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
}

// Fills and strokes of the marks.
const (
	regionFill = "#e2e2e2"
	parityFill = "#cdcdcd"
	thermoFill = "#c4c4c4"
	cageStroke = "#000"
	diagStroke = "#7a7a7a"
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

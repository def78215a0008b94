package sudokupad

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"gattai/layouts"
)

// drawer is Marshal's state for the kinds drawn here: kropki dots of any
// value, arrows, XV, outside clues, lines, clones, quadruples, minima
// and maxima. Each is drawn where SudokuPad has a usual drawing, and its
// rule is stated in the rules text; a rule with no usual drawing (a
// clone, a minimum) is stated with its cells.
type drawer struct {
	out   *outPuzzle
	m     *layouts.Model
	rules []string // after the rules Marshal writes itself, each once
	clone int      // clones drawn so far, for their colours
	// placed are the clues outside the grids, each once, whose numbers
	// drawClues draws once all are known: where a number goes depends
	// on the others at its place.
	placed []placedClue
	// listed are the constraints that the drawings do not carry in
	// full, for the metadata's constraints (see listedKinds).
	listed []layouts.Constraint
}

// placedClue is a clue's number v to draw at a place outside the
// grids: the step from there into its line, and the clue's kind and
// cells by their ends, "sandwich r1c1-r1c9" as the metadata's clues
// name the kinds a number alone does not tell apart, and a refusal
// names the clues.
type placedClue struct {
	at          layouts.Pos
	step        [2]int
	v           int
	kind, cells string
}

// Drawing colours and sizes (cells; thickness in pixels of a 64-pixel cell).
const (
	arrowColour   = "#A1A1A1"
	circleSize    = 0.83
	lineThickness = 10
	textSize      = 20
)

// clueSize is the font size of the numbers of clues that share a place
// (see clueSpots).
const clueSize = 12

// lineKinds are the kinds drawn as lines of lineColours, in the order
// the reader tries them.
var lineKinds = []string{"whispers", "renban", "palindrome", "between", "regionsum", "entropic"}

// lineColours are the usual colours of the lines, by kind.
var lineColours = map[string]string{
	"whispers":   "#60C060", // green
	"renban":     "#F067F0", // purple
	"palindrome": "#A0A0A0", // grey
	"between":    "#9AB8E0", // light blue, with a circle at each end
	"regionsum":  "#2E7BFF", // blue
	"entropic":   "#FFA040", // orange
}

// cloneColours shade clones, one colour per clone in turn.
var cloneColours = []string{"#FFD0D0", "#D0FFD0", "#D0D0FF", "#FFF0B0", "#F0D0FF", "#C0F0F0"}

// list lists a constraint in the metadata's constraints.
func (d *drawer) list(c layouts.Constraint) { d.listed = append(d.listed, c) }

func (d *drawer) rule(s string) {
	if !slices.Contains(d.rules, s) {
		d.rules = append(d.rules, s)
	}
}

func names(ps []layouts.Pos) string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.String()
	}
	return strings.Join(out, ", ")
}

func (d *drawer) overlay(s outShape) { d.out.Overlays = append(d.out.Overlays, s) }

// text is a number or letters at a point, on white or on nothing.
func text(at [2]float64, s string, white bool) outShape {
	o := outShape{Center: at, Width: 0.4, Height: 0.4, Text: s, FontSize: textSize, Color: "#000000"}
	if white {
		o.BackgroundColor = "#FFFFFF"
	}
	return o
}

// dots are the two kropki dots: their colour, their number's, and the
// value a dot has with no number.
var dots = [2]struct {
	bg, fg string
	def    int
}{{"#FFFFFF", "#000000", 1}, {"#000000", "#FFFFFF", 2}}

// dot is a kropki dot at a point, white or black, its value written in
// it if not the default.
func dot(at [2]float64, black bool, value int) outShape {
	k := dots[0]
	if black {
		k = dots[1]
	}
	o := outShape{Center: at, Width: dotSize, Height: dotSize, Rounded: true, BackgroundColor: k.bg, BorderColor: "#000000"}
	if value != k.def {
		o.Text, o.FontSize, o.Color = fmt.Sprint(value), 12, k.fg
	}
	return o
}

// lineOf is a line of a kind in lineColours through the cells' centres.
func lineOf(ps []layouts.Pos, colour string) outLine {
	l := outLine{Color: colour, Thickness: lineThickness}
	for _, q := range ps {
		l.WayPoints = append(l.WayPoints, centre(q))
	}
	return l
}

// ring is a white circle with a border of colour at a cell's centre: an
// arrow's circle of one cell, or a between line's end.
func ring(q layouts.Pos, colour string) outShape {
	return outShape{Center: centre(q), Width: circleSize, Height: circleSize, Rounded: true, BackgroundColor: "#FFFFFF", BorderColor: colour, Thickness: 2}
}

func edge(pair []layouts.Pos) [2]float64 {
	a, b := centre(pair[0]), centre(pair[1])
	return [2]float64{(a[0] + b[0]) / 2, (a[1] + b[1]) / 2}
}

// kropki draws the dots, a dot's value written in it if not the default
// (1 for white, 2 for black).
func (d *drawer) kropki(c layouts.Constraint, grids string) error {
	diff, ratio := max(c.Difference, 1), max(c.Ratio, 2)
	for _, set := range []struct {
		pairs [][]layouts.Pos
		black bool
		value int
	}{{c.White, false, diff}, {c.Black, true, ratio}} {
		for _, pair := range set.pairs {
			if len(pair) != 2 {
				return fmt.Errorf("%w: a kropki dot joins 2 cells, not %d", layouts.ErrLayout, len(pair))
			}
			d.overlay(dot(edge(pair), set.black, set.value))
		}
	}
	if diff == 1 && ratio == 2 {
		d.rule("Cells joined by a white dot hold consecutive digits; by a black dot, one digit is double the other.")
	} else {
		d.rule("Cells joined by a white dot differ by its number (1 if none); by a black dot, one digit is its number (2 if none) times the other.")
	}
	if c.Negative {
		d.list(c)
		switch c.Which {
		case "white":
			d.rule(fmt.Sprintf("All white dots are given%s: neighbours with no dot do not differ by %d.", grids, diff))
		case "black":
			d.rule(fmt.Sprintf("All black dots are given%s: of neighbours with no dot, neither is %d times the other.", grids, ratio))
		default:
			d.rule(fmt.Sprintf("All dots are given%s: neighbours with no dot do not differ by %d, and neither is %d times the other.", grids, diff, ratio))
		}
	}
	return nil
}

// circles are an arrow's circle: a pill over cells in a row or column,
// else a circle per cell.
func circles(ps []layouts.Pos) []outShape {
	pill := len(ps) > 1
	for i := 1; i < len(ps); i++ {
		dr, dc := ps[i].Row-ps[0].Row, ps[i].Col-ps[0].Col
		pill = pill && (dr == 0 && dc == i || dc == 0 && dr == i)
	}
	if pill {
		a, b := centre(ps[0]), centre(ps[len(ps)-1])
		return []outShape{{Center: [2]float64{(a[0] + b[0]) / 2, (a[1] + b[1]) / 2}, Width: b[1] - a[1] + circleSize, Height: b[0] - a[0] + circleSize,
			Rounded: true, BackgroundColor: "#FFFFFF", BorderColor: arrowColour, Thickness: 2}}
	}
	out := make([]outShape, len(ps))
	for i, q := range ps {
		out[i] = ring(q, arrowColour)
	}
	return out
}

// arrowOf is an arrow from its circle through the cells' centres.
func arrowOf(ps []layouts.Pos) outArrow {
	a := outArrow{Color: arrowColour, Thickness: 2, HeadLength: 0.3}
	for _, q := range ps {
		a.WayPoints = append(a.WayPoints, centre(q))
	}
	return a
}

// clue places a clue's number v (drawClues draws it) at the position
// before the first of its cells, in the direction of the step from the
// first to the second, unless that is a cell of the puzzle (then the
// rules text alone says it). A clue given twice is placed once, as its
// rule is stated once.
func (d *drawer) clue(c layouts.Constraint, v int) (drawn bool) {
	cells := c.Cells
	if len(cells) < 2 {
		return false
	}
	step := [2]int{cells[1].Row - cells[0].Row, cells[1].Col - cells[0].Col}
	at := layouts.Pos{Row: cells[0].Row - step[0], Col: cells[0].Col - step[1]}
	if _, ok := d.m.Cell(at); ok {
		return false
	}
	p := placedClue{at: at, step: step, v: v, kind: c.Kind, cells: span(cells)}
	if !slices.Contains(d.placed, p) {
		d.placed = append(d.placed, p)
	}
	return true
}

// clueSpots is where the numbers of the clues at the place at go, each
// clue given by its step from the place into its line, and their font
// size: the one say on it, for Marshal and Parse. A clue alone is at
// the place's centre in textSize; several are in clueSize, each where
// layouts.ClueShifts moves it toward its own line. ok is false where
// ClueShifts cannot lay the place out.
func clueSpots(at layouts.Pos, steps [][2]int) (spots [][2]float64, size float64, ok bool) {
	c := centre(at)
	shifts, ok := layouts.ClueShifts(steps)
	if !ok {
		return nil, 0, false
	}
	spots = make([][2]float64, len(shifts))
	for i, s := range shifts {
		spots[i] = [2]float64{hundredths(c[0] + s[0]), hundredths(c[1] + s[1])}
	}
	if len(steps) == 1 {
		return spots, textSize, true
	}
	return spots, clueSize, true
}

// hundredths rounds x to hundredths, so that positions are written as
// 5.8, not 5.800000000000001.
func hundredths(x float64) float64 { return math.Round(x*100) / 100 }

// clueText is a clue's number v at a spot clueSpots gives, in its size.
func clueText(at [2]float64, v int, size float64) outShape {
	o := text(at, fmt.Sprint(v), false)
	o.FontSize = size
	return o
}

// drawClues draws the numbers of the clues placed, each where
// clueSpots puts it among the clues of its place, a little killer's
// with its arrow, and names the sandwich, x-sum and skyscraper clues
// drawn, in order, for the metadata: the number alone does not tell
// them apart, and Parse reads them back from it. Two clues of one line
// at a place with a third are refused, naming the clues there.
func (d *drawer) drawClues() (named []string, err error) {
	steps := map[layouts.Pos][][2]int{}
	for _, c := range d.placed {
		steps[c.at] = append(steps[c.at], c.step)
	}
	nth := map[layouts.Pos]int{} // the clues of each place drawn so far
	for _, c := range d.placed {
		spots, size, ok := clueSpots(c.at, steps[c.at])
		if !ok {
			var names []string
			for _, o := range d.placed {
				if o.at == c.at {
					names = append(names, o.kind+" "+o.cells)
				}
			}
			return nil, fmt.Errorf("%w: %s share one place outside the grids, %s, where two clues of one line beside another cannot be told apart", ErrUnsupported, strings.Join(names, ", "), c.at)
		}
		d.overlay(clueText(spots[nth[c.at]], c.v, size))
		nth[c.at]++
		if c.kind == "littlekiller" {
			d.out.Arrows = append(d.out.Arrows, clueArrow(centre(c.at), c.step))
		} else {
			named = append(named, c.kind+" "+c.cells)
		}
	}
	return named, nil
}

// clueOrList draws a clue's number v as clue does, or lists the clue in
// the metadata's constraints where its place is a cell of the puzzle.
func (d *drawer) clueOrList(c layouts.Constraint, v int) {
	if !d.clue(c, v) {
		d.list(c)
	}
}

// runsOn reports whether a line of two cells or more, stepping as from
// its first to its second, has a cell of the puzzle after its last.
func (d *drawer) runsOn(cells []layouts.Pos) bool {
	last := cells[len(cells)-1]
	_, ok := d.m.Cell(layouts.Pos{Row: last.Row + cells[1].Row - cells[0].Row, Col: last.Col + cells[1].Col - cells[0].Col})
	return ok
}

// clueArrow is a little killer's small arrow from its clue at c along
// its diagonal, step, its ends in hundredths as the clue's place is.
func clueArrow(c [2]float64, step [2]int) outArrow {
	from := [2]float64{hundredths(c[0] + 0.3*float64(step[0])), hundredths(c[1] + 0.3*float64(step[1]))}
	to := [2]float64{hundredths(c[0] + 0.45*float64(step[0])), hundredths(c[1] + 0.45*float64(step[1]))}
	return outArrow{WayPoints: [][2]float64{from, to}, Color: "#000000", Thickness: 2, HeadLength: 0.1}
}

// span names a row or column, or a diagonal, by its ends.
func span(ps []layouts.Pos) string {
	if len(ps) == 1 {
		return ps[0].String()
	}
	return ps[0].String() + "-" + ps[len(ps)-1].String()
}

// kind draws a constraint of a kind of this file and states its rule.
func (d *drawer) kind(c layouts.Constraint, grids string) error {
	switch c.Kind {
	case "arrow":
		for i := 1; i < len(c.Cells); i++ {
			a, b := c.Cells[i-1], c.Cells[i]
			if a.Row > b.Row || a.Row == b.Row && a.Col > b.Col {
				return fmt.Errorf("%w: an arrow's circle reads in reading order in SudokuPad, not %s before %s", ErrUnsupported, a, b)
			}
		}
		d.out.Overlays = append(d.out.Overlays, circles(c.Cells)...)
		for _, l := range c.Lines {
			d.out.Arrows = append(d.out.Arrows, arrowOf(fromCircle(c.Cells, l)))
		}
		d.rule("Digits along an arrow sum to the number in its circle (a circle of several cells reads left to right, top to bottom); digits may repeat on an arrow.")
	case "xv":
		for _, set := range []struct {
			pairs [][]layouts.Pos
			mark  string
		}{{c.X, "X"}, {c.V, "V"}} {
			for _, pair := range set.pairs {
				if len(pair) != 2 {
					return fmt.Errorf("%w: an %s joins 2 cells, not %d", layouts.ErrLayout, set.mark, len(pair))
				}
				d.overlay(text(edge(pair), set.mark, true))
			}
		}
		d.rule("Cells joined by an X sum to 10; by a V, to 5.")
		if c.Negative {
			d.list(c)
			switch c.Which {
			case "x":
				d.rule("All X are given" + grids + ": neighbours with no X do not sum to 10.")
			case "v":
				d.rule("All V are given" + grids + ": neighbours with no V do not sum to 5.")
			default:
				d.rule("All X and V are given" + grids + ": neighbours with neither sum to neither 10 nor 5.")
			}
		}
	case "littlekiller":
		// Read back, a drawn clue's cells run to the board's edge (a
		// refusal drops what was drawn with the rest).
		drawn := d.clue(c, c.Sum)
		if drawn && d.runsOn(c.Cells) {
			return fmt.Errorf("%w: a little killer that stops at %s, short of the board's edge, would read back as the whole diagonal", ErrUnsupported, c.Cells[len(c.Cells)-1])
		}
		if !drawn {
			d.list(c)
		}
		d.rule(fmt.Sprintf("Little killer: the digits along the diagonal %s sum to %d (digits may repeat).", span(c.Cells), c.Sum))
	case "sandwich":
		d.clueOrList(c, c.Sum)
		d.rule(fmt.Sprintf("Sandwich: the digits between the 1 and the %d of %s sum to %d.", d.m.N, span(c.Cells), c.Sum))
	case "xsum":
		d.clueOrList(c, c.Sum)
		d.rule(fmt.Sprintf("X-sum: along %s, the first X digits sum to %d, X the first digit.", span(c.Cells), c.Sum))
	case "skyscraper":
		d.clueOrList(c, c.Count)
		d.rule(fmt.Sprintf("Skyscraper: along %s, %d digits are greater than all before them.", span(c.Cells), c.Count))
	case "whispers", "renban", "palindrome", "between", "regionsum", "entropic":
		colour := lineColours[c.Kind]
		d.out.Lines = append(d.out.Lines, lineOf(c.Cells, colour))
		switch c.Kind {
		case "whispers":
			gap := c.Difference
			if gap == 0 {
				gap = layouts.WhispersGap(d.m.N)
			}
			if gap != layouts.WhispersGap(d.m.N) {
				// The line is the same green: it would read back
				// with the usual gap.
				return fmt.Errorf("%w: whispers with a gap of %d, not the usual %d", ErrUnsupported, gap, layouts.WhispersGap(d.m.N))
			}
			d.rule(fmt.Sprintf("Neighbouring digits on a green line differ by at least %d.", gap))
		case "renban":
			d.rule("A purple line holds a set of consecutive digits, in any order.")
		case "palindrome":
			d.rule("A grey line reads the same from either end.")
		case "between":
			for _, q := range []layouts.Pos{c.Cells[0], c.Cells[len(c.Cells)-1]} {
				d.overlay(ring(q, colour))
			}
			d.rule("On a line between two circles, the digits strictly between hold values strictly between the circles' digits.")
		case "regionsum":
			d.rule("On a blue line, the digits sum the same in each box the line passes through.")
		case "entropic":
			t := d.m.N / 3
			d.rule(fmt.Sprintf("Any three cells in a row on an orange line hold a low (1-%d), a middle (%d-%d) and a high (%d-%d) digit.", t, t+1, 2*t, 2*t+1, d.m.N))
		}
	case "clone":
		colour := cloneColours[d.clone%len(cloneColours)]
		d.clone++
		for _, q := range append(slices.Clone(c.Cells), c.Clone...) {
			d.out.Underlays = append(d.out.Underlays, shade(q, colour))
		}
		d.rule(fmt.Sprintf("Clone: %s hold the digits of %s, in that order.", names(c.Clone), names(c.Cells)))
	case "quadruple":
		digits := make([]string, len(c.Digits))
		for i, x := range c.Digits {
			digits[i] = fmt.Sprint(x)
		}
		if r, k, ok := junction(c.Cells); ok {
			around := 0
			for _, p := range []layouts.Pos{{Row: r - 1, Col: k - 1}, {Row: r - 1, Col: k}, {Row: r, Col: k - 1}, {Row: r, Col: k}} {
				if _, on := d.m.Cell(p); on {
					around++
				}
			}
			if around != len(c.Cells) {
				// The circle names no cells: it reads back as all of them.
				return fmt.Errorf("%w: a quadruple on %d of the %d cells at a corner would read back as all %d", ErrUnsupported, len(c.Cells), around, around)
			}
			d.overlay(quadMark(r, k, strings.Join(digits, " ")))
		} else {
			d.list(c)
		}
		d.rule(fmt.Sprintf("Quadruple: %s hold the digits %s (a digit listed twice, twice).", names(c.Cells), strings.Join(digits, ", ")))
	case "minimum":
		d.list(c)
		d.rule(fmt.Sprintf("Minimum: each of %s holds less than all its orthogonal neighbours.", names(c.Cells)))
	case "maximum":
		d.list(c)
		d.rule(fmt.Sprintf("Maximum: each of %s holds more than all its orthogonal neighbours.", names(c.Cells)))
	default:
		return fmt.Errorf("%w: gattai kind %q has no SudokuPad form yet", ErrUnsupported, c.Kind)
	}
	return nil
}

// quadMark is a quadruple's digits in a circle at the corner between
// rows row-1 and row and columns col-1 and col.
func quadMark(row, col int, digits string) outShape {
	return outShape{Center: [2]float64{float64(row), float64(col)}, Width: 0.6, Height: 0.6, Rounded: true, BackgroundColor: "#FFFFFF", BorderColor: "#000000",
		Thickness: 1, Text: digits, FontSize: 12, Color: "#000000"}
}

// shade is a clone's shading of a cell.
func shade(q layouts.Pos, colour string) outShape {
	return outShape{Center: centre(q), Width: 1, Height: 1, BackgroundColor: colour}
}

// junction is the corner the cells of a quadruple meet at, if they span
// two rows and two columns.
func junction(ps []layouts.Pos) (row, col int, ok bool) {
	rows, cols := map[int]bool{}, map[int]bool{}
	lo := ps[0]
	for _, q := range ps {
		rows[q.Row], cols[q.Col] = true, true
		lo.Row, lo.Col = min(lo.Row, q.Row), min(lo.Col, q.Col)
	}
	return lo.Row + 1, lo.Col + 1, len(rows) == 2 && len(cols) == 2
}

// fromCircle is an arrow's line drawn from a cell of its circle: the
// circle cell next to its first cell is put before it if it starts
// outside the circle.
func fromCircle(circle, line []layouts.Pos) []layouts.Pos {
	if len(line) == 0 || slices.Contains(circle, line[0]) {
		return line
	}
	for _, q := range circle {
		if max(q.Row-line[0].Row, line[0].Row-q.Row, q.Col-line[0].Col, line[0].Col-q.Col) == 1 {
			return append([]layouts.Pos{q}, line...)
		}
	}
	return line
}

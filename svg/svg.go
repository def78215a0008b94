package svg

import (
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"gattai/layouts"
)

// Errors of Write.
var (
	ErrPuzzle = errors.New("no puzzle to draw")          // a nil puzzle, or givens that do not fit its model
	ErrGrid   = errors.New("grid is for another layout") // a grid that does not fit the puzzle
	ErrSize   = errors.New("cell size is not a size")    // Options.CellMM negative, infinite or NaN
)

// Options change what Write draws. The zero Options draw the board with
// only a viewBox, titled with the layout's name.
type Options struct {
	// Title is the picture's title element; "" is the layout's name.
	Title string
	// CellMM, if positive, gives the picture a width and height in
	// millimetres, a cell being CellMM wide. Zero writes no width or
	// height: the picture scales to its container or page.
	CellMM float64
}

// Geometry, in user units: a cell is cell wide.
const (
	cell      = 40
	margin    = cell / 4 // around the board
	outMargin = cell     // around a board with clues outside its grids
	thin      = 1        // cell lines
	thick     = 3        // box borders
	outline   = 4.5      // each grid's outline on a multi-grid board
	digitSize = cell * 6 / 10
	noteSize  = 14 // caption font size
	noteLine  = 18 // caption line height
)

// Colours.
const (
	solvedColour = "#1f5fbf"
	lineColour   = "#000"
)

// layer is where a mark goes in the painting order: later layers cover
// earlier ones. The cells, grid lines and digits are not layers: Write
// draws them between these.
type layer int

const (
	layerShade layer = iota // over the white cells: regions, parity
	layerLines              // over the thin cell lines: thermometers
	layerMarks              // over the box borders: cages, dots, diagonals
	layerClues              // over the marks: cage sums
	nLayers
)

// board is one picture being drawn.
type board struct {
	m      *layouts.Model
	margin int
	layers [nLayers]strings.Builder
	notes  []string // caption lines, in constraint order (drawClues' last), no repeats
	clones int      // clones drawn so far, each in the next fill
	// clues are the clues outside the grids, each once, for drawClues
	// to write when all are known.
	clues []placedClue
}

// Write draws puzzle p as SVG: its cells, box borders, each grid's
// outline, its variant constraints and its givens in bold black. If g is
// not nil, g's digits fill the cells without a given, in blue (a 0 is
// left empty). A layout alone is drawn as layouts.NewPuzzle(model).
//
// Constraints of a kind that has no drawing are listed in a caption
// under the board ("+ xv rules, not drawn"), never silently left out.
// The output depends only on its input.
func Write(w io.Writer, p *layouts.Puzzle, g *layouts.Grid, opts Options) error {
	return write(w, p, g, opts, painters)
}

// write is Write with the drawing of each kind from table.
func write(w io.Writer, p *layouts.Puzzle, g *layouts.Grid, opts Options, table map[string]painter) error {
	if p == nil || p.Model == nil || len(p.Givens) != len(p.Model.Cells) {
		return ErrPuzzle
	}
	m := p.Model
	if g != nil && (g.Model != m || len(g.Digits) != len(m.Cells)) {
		return ErrGrid
	}
	if !(opts.CellMM >= 0 && opts.CellMM <= math.MaxFloat64) { // NaN fails both
		return fmt.Errorf("%w: CellMM %v", ErrSize, opts.CellMM)
	}
	b := &board{m: m, margin: margin}
	l := m.Layout
	for _, c := range l.Constraints {
		if pt, ok := table[c.Kind]; ok && pt.outside {
			b.margin = outMargin
		}
	}
	for _, r := range l.Regions {
		b.shadeCells(r.Cells, regionFill)
	}
	for i := range l.Constraints {
		c := &l.Constraints[i]
		pt, ok := table[c.Kind]
		if !ok {
			b.notDrawn(c)
			continue
		}
		if err := pt.draw(b, c); err != nil {
			return fmt.Errorf("constraint %d (%s): %w", i+1, c.Kind, err)
		}
	}
	b.drawClues()

	width := m.Width*cell + 2*b.margin
	notes := b.wrapNotes(width - 2*b.margin)
	height := m.Height*cell + 2*b.margin
	if len(notes) > 0 {
		height += len(notes)*noteLine + noteLine/2
	}

	var s strings.Builder
	fmt.Fprintf(&s, `<svg xmlns="http://www.w3.org/2000/svg" version="1.1" viewBox="0 0 %d %d"`, width, height)
	if opts.CellMM > 0 {
		mm := func(units int) string { return num(float64(units)*opts.CellMM/cell) + "mm" }
		fmt.Fprintf(&s, ` width="%s" height="%s"`, mm(width), mm(height))
	}
	s.WriteString(">\n")
	title := opts.Title
	if title == "" {
		title = l.Name
	}
	if title == "" {
		title = "sudoku"
	}
	s.WriteString("<title>")
	escape(&s, title)
	s.WriteString("</title>\n")
	fmt.Fprintf(&s, `<rect width="%d" height="%d" fill="#fff"/>`+"\n", width, height)

	b.writeCells(&s)
	s.WriteString(b.layers[layerShade].String())
	b.writeThin(&s)
	s.WriteString(b.layers[layerLines].String())
	b.writeThick(&s)
	s.WriteString(b.layers[layerMarks].String())
	s.WriteString(b.layers[layerClues].String())
	b.writeDigits(&s, p.Givens, g)
	b.writeNotes(&s, notes)
	s.WriteString("</svg>\n")
	_, err := io.WriteString(w, s.String())
	return err
}

// x and y are the canvas column and row lines in user units.
func (b *board) x(col int) int { return b.margin + col*cell }
func (b *board) y(row int) int { return b.margin + row*cell }

// centre is the middle of the cell at canvas position p.
func (b *board) centre(p layouts.Pos) (x, y int) {
	return b.x(p.Col) + cell/2, b.y(p.Row) + cell/2
}

// isCell reports whether canvas position (r, c) is a cell.
func (b *board) isCell(r, c int) bool {
	_, ok := b.m.Cell(layouts.Pos{Row: r, Col: c})
	return ok
}

// writeCells fills every cell white, a rectangle per run of cells in a
// canvas row.
func (b *board) writeCells(s *strings.Builder) {
	s.WriteString(`<path fill="#fff" d="`)
	for r := range b.m.Height {
		for c := 0; c < b.m.Width; {
			if !b.isCell(r, c) {
				c++
				continue
			}
			end := c
			for end < b.m.Width && b.isCell(r, end) {
				end++
			}
			fmt.Fprintf(s, "M%d %dh%dv%dh%dz", b.x(c), b.y(r), (end-c)*cell, cell, -(end-c)*cell)
			c = end
		}
	}
	s.WriteString("\"/>\n")
}

// edges writes as path data the cell edges for which on(r1, c1, r2, c2)
// holds, r1c1 and r2c2 being the canvas positions on either side (one
// may be off the canvas), joining runs along a line into one segment.
func (b *board) edges(s *strings.Builder, on func(r1, c1, r2, c2 int) bool) {
	for r := 0; r <= b.m.Height; r++ { // horizontal edges, above row r
		for c := 0; c < b.m.Width; {
			if !on(r-1, c, r, c) {
				c++
				continue
			}
			end := c
			for end < b.m.Width && on(r-1, end, r, end) {
				end++
			}
			fmt.Fprintf(s, "M%d %dH%d", b.x(c), b.y(r), b.x(end))
			c = end
		}
	}
	for c := 0; c <= b.m.Width; c++ { // vertical edges, left of column c
		for r := 0; r < b.m.Height; {
			if !on(r, c-1, r, c) {
				r++
				continue
			}
			end := r
			for end < b.m.Height && on(end, c-1, end, c) {
				end++
			}
			fmt.Fprintf(s, "M%d %dV%d", b.x(c), b.y(r), b.y(end))
			r = end
		}
	}
}

// writeThin draws every cell edge thin.
func (b *board) writeThin(s *strings.Builder) {
	fmt.Fprintf(s, `<path fill="none" stroke="%s" stroke-width="%d" d="`, lineColour, thin)
	b.edges(s, func(r1, c1, r2, c2 int) bool { return b.isCell(r1, c1) || b.isCell(r2, c2) })
	s.WriteString("\"/>\n")
}

// writeThick draws the box borders: an edge between two cells that no
// box holds both of, and the edge of the board. A multi-grid board also
// gets each grid's outline, thicker: where a jigsaw grid overlaps another
// grid, the edge of that grid is an outline, not a border of its pieces.
func (b *board) writeThick(s *strings.Builder) {
	m := b.m
	boxes := b.m.Boxes()
	boxOf := func(r, c int) ([]int, bool) {
		i, ok := m.Cell(layouts.Pos{Row: r, Col: c})
		if !ok {
			return nil, false
		}
		return boxes[i], true
	}
	fmt.Fprintf(s, `<path fill="none" stroke="%s" stroke-width="%d" stroke-linecap="square" d="`, lineColour, thick)
	b.edges(s, func(r1, c1, r2, c2 int) bool {
		a, okA := boxOf(r1, c1)
		o, okO := boxOf(r2, c2)
		return okA != okO || okA && !slices.ContainsFunc(a, func(id int) bool { return slices.Contains(o, id) })
	})
	s.WriteString("\"/>\n")
	if len(m.Layout.Grids) < 2 {
		return
	}
	n := m.N
	fmt.Fprintf(s, `<path fill="none" stroke="%s" stroke-width="%s" stroke-linejoin="miter" d="`, lineColour, num(outline))
	for _, g := range m.Layout.Grids {
		fmt.Fprintf(s, "M%d %dh%dv%dh%dz", b.x(g.At.Col), b.y(g.At.Row), n*cell, n*cell, -n*cell)
	}
	s.WriteString("\"/>\n")
}

// writeDigits writes the givens in bold black and g's other digits in
// blue.
func (b *board) writeDigits(s *strings.Builder, givens []uint8, g *layouts.Grid) {
	fmt.Fprintf(s, `<g font-family="sans-serif" font-size="%d" text-anchor="middle">`+"\n", digitSize)
	write := func(attrs string, digit func(i int) uint8) {
		fmt.Fprintf(s, "<g %s>\n", attrs)
		for i, p := range b.m.Cells {
			if d := digit(i); d != 0 {
				b.digit(s, p, layouts.Symbol(int(d)))
			}
		}
		s.WriteString("</g>\n")
	}
	write(`font-weight="bold" fill="#000"`, func(i int) uint8 { return givens[i] })
	if g != nil {
		write(`fill="`+solvedColour+`"`, func(i int) uint8 {
			if givens[i] != 0 {
				return 0
			}
			return g.Digits[i]
		})
	}
	s.WriteString("</g>\n")
}

// digit writes one symbol centred in the cell at p, smaller when it
// has two or more characters.
func (b *board) digit(s *strings.Builder, p layouts.Pos, sym string) {
	x, y := b.centre(p)
	if len(sym) > 1 {
		const size = cell * 9 / 20
		fmt.Fprintf(s, `<text x="%d" y="%d" font-size="%d">%s</text>`+"\n", x, y+size*7/20, size, sym)
		return
	}
	fmt.Fprintf(s, `<text x="%d" y="%d">%s</text>`+"\n", x, y+digitSize*7/20, sym)
}

// note adds a caption line once.
func (b *board) note(text string) {
	if !slices.Contains(b.notes, text) {
		b.notes = append(b.notes, text)
	}
}

// wrapNotes breaks the caption into lines that fit width, guessing a
// character's width from the font size.
func (b *board) wrapNotes(width int) []string {
	perLine := max(width*100/(noteSize*52), 16)
	var out []string
	for _, n := range b.notes {
		line := ""
		for _, w := range strings.Fields(n) {
			if line != "" && len(line)+1+len(w) > perLine {
				out = append(out, line)
				line = "  " + w // a wrapped line is indented
				continue
			}
			if line != "" {
				line += " "
			}
			line += w
		}
		out = append(out, line)
	}
	return out
}

// writeNotes writes the caption under the board.
func (b *board) writeNotes(s *strings.Builder, lines []string) {
	if len(lines) == 0 {
		return
	}
	fmt.Fprintf(s, `<g font-family="sans-serif" font-size="%d" fill="#000" xml:space="preserve">`+"\n", noteSize)
	y := b.y(b.m.Height) + b.margin + noteLine*3/4
	for _, l := range lines {
		fmt.Fprintf(s, `<text x="%d" y="%d">`, b.margin, y)
		escape(s, l)
		s.WriteString("</text>\n")
		y += noteLine
	}
	s.WriteString("</g>\n")
}

// escape writes text with XML's special characters escaped, byte for
// byte as encoding/xml's EscapeText does (TestEscape, FuzzEscape), whose
// package would cost every start of gattai its init.
func escape(s *strings.Builder, text string) {
	last := 0
	for i := 0; i < len(text); {
		r, width := utf8.DecodeRuneInString(text[i:])
		var esc string
		switch r {
		case '"':
			esc = "&#34;"
		case '\'':
			esc = "&#39;"
		case '&':
			esc = "&amp;"
		case '<':
			esc = "&lt;"
		case '>':
			esc = "&gt;"
		case '\t':
			esc = "&#x9;"
		case '\n':
			esc = "&#xA;"
		case '\r':
			esc = "&#xD;"
		default:
			if xmlChar(r) && (r != utf8.RuneError || width != 1) {
				i += width
				continue
			}
			esc = "\uFFFD"
		}
		s.WriteString(text[last:i])
		s.WriteString(esc)
		i += width
		last = i
	}
	s.WriteString(text[last:])
}

// xmlChar reports whether r may stand in XML text (its Char production).
func xmlChar(r rune) bool {
	return r == 0x09 || r == 0x0A || r == 0x0D ||
		r >= 0x20 && r <= 0xD7FF ||
		r >= 0xE000 && r <= 0xFFFD ||
		r >= 0x10000 && r <= 0x10FFFF
}

// num formats a coordinate: an integer without a decimal point, else
// with at most two decimals.
func num(f float64) string {
	s := strconv.FormatFloat(f, 'f', 2, 64)
	s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	if s == "-0" {
		return "0"
	}
	return s
}

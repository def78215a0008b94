package sudokupad

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"gattai/layouts"
	"gattai/lzstring"
)

// LinkPrefix starts every SudokuPad link Link makes.
const LinkPrefix = "https://sudokupad.app/scl"

// WriteOptions are what a puzzle does not hold but SudokuPad can show.
type WriteOptions struct {
	Title, Author string
	Rules         string // added after the rules Marshal writes itself
	// Solution, if set, goes in the metadata, so that SudokuPad checks
	// the solver's answer (for at most 9 digits: one character a cell).
	Solution *layouts.Grid
}

type (
	outPuzzle struct {
		Cells     [][]outCell `json:"cells"`
		Regions   [][][2]int  `json:"regions"`
		Cages     []outCage   `json:"cages,omitempty"`
		Lines     []outLine   `json:"lines,omitempty"`
		Underlays []outShape  `json:"underlays,omitempty"`
		Overlays  []outShape  `json:"overlays,omitempty"`
		Arrows    []outArrow  `json:"arrows,omitempty"`
		Metadata  outMeta     `json:"metadata"`
	}
	outCell struct {
		Value int `json:"value,omitempty"`
	}
	outCage struct {
		Cells [][2]int `json:"cells"`
		Value string   `json:"value,omitempty"`
	}
	outLine struct {
		WayPoints [][2]float64 `json:"wayPoints"`
		Color     string       `json:"color"`
		Thickness float64      `json:"thickness"`
	}
	outShape struct {
		Center          [2]float64 `json:"center"`
		Width           float64    `json:"width"`
		Height          float64    `json:"height"`
		Rounded         bool       `json:"rounded,omitempty"`
		BackgroundColor string     `json:"backgroundColor,omitempty"`
		BorderColor     string     `json:"borderColor,omitempty"`
		Thickness       float64    `json:"thickness,omitempty"`
		Text            string     `json:"text,omitempty"`
		FontSize        float64    `json:"fontSize,omitempty"`
		Color           string     `json:"color,omitempty"`
	}
	outArrow struct {
		WayPoints  [][2]float64 `json:"wayPoints"`
		Color      string       `json:"color"`
		Thickness  float64      `json:"thickness"`
		HeadLength float64      `json:"headLength"`
	}
	outMeta struct {
		Title    string `json:"title,omitempty"`
		Author   string `json:"author,omitempty"`
		Rules    string `json:"rules,omitempty"`
		Solution string `json:"solution,omitempty"`
		Grids    string `json:"grids,omitempty"` // see gridList
		Clues    string `json:"clues,omitempty"` // see drawer.drawClues
		// Constraints are the constraints the drawings do not carry in
		// full (see listedKinds), as a JSON list of a layout file's
		// constraint objects, in a string: SudokuPad's zipper would
		// rename a key "v" of an object, never a string's text.
		Constraints string `json:"constraints,omitempty"`
	}
)

// listedKinds are the kinds of the constraints that the metadata's
// constraints list, as Marshal lists them: those with nothing drawn
// (diagonal, antiknight, antiking, nonconsecutive, disjoint groups,
// minimum, maximum), negative kropki and XV (their dots and marks are
// drawn too: all dots given has no drawing), and the clues and
// quadruples that have no place to be drawn (a clue whose place is a
// cell of the puzzle, a quadruple of one row or column).
var listedKinds = []string{"diagonal", "region", "antiknight", "antiking", "nonconsecutive", "kropki", "xv",
	"littlekiller", "sandwich", "xsum", "skyscraper", "quadruple", "minimum", "maximum"}

// maxListed bounds the metadata's constraints, in bytes: Marshal
// refuses more, and Parse reads no more.
const maxListed = 1 << 20

// Drawing sizes, in cells (SudokuPad's unit) or, for line thickness, in
// SudokuPad's pixels of a 64-pixel cell.
const (
	bulbSize        = 0.85
	thermoThickness = 21
	paritySize      = 0.8
	dotSize         = 0.3
)

func centre(p layouts.Pos) [2]float64 { return [2]float64{float64(p.Row) + 0.5, float64(p.Col) + 0.5} }

// Marshal writes any puzzle as SudokuPad JSON (not zipped; SudokuPad
// reads both). The canvas is the board: cells outside every grid are
// hidden by white overlays, every box (or jigsaw piece) of every grid
// is a region (a grid without boxes sharing cells has none: see
// bareGrids), killer cages and extra regions (the layout's own too)
// are cages, thermometers are a bulb and a line, kropki dots are small
// circles, parity cells are grey circles (odd) and squares (even).
// Arrows, XV, outside clues, lines, clones and quadruples are drawn as
// draw.go says (see doc.go), each rule stated in the rules text too.
// Rules with nothing to draw (diagonal, antiknight, antiking,
// nonconsecutive, disjoint groups, negative kropki and XV, minimum,
// maximum, clues and quadruples with no place to be drawn) are written
// in the rules text, and listed in the metadata's constraints as a
// layout file writes them, for Parse. A constraint SudokuPad cannot
// show as gattai means it is refused with ErrUnsupported.
func Marshal(p *layouts.Puzzle, o WriteOptions) ([]byte, error) {
	m := p.Model
	l := m.Layout
	at := func(ps []layouts.Pos) [][2]int {
		out := make([][2]int, len(ps))
		for i, q := range ps {
			out[i] = [2]int{q.Row, q.Col}
		}
		return out
	}
	cellsOf := func(cells []int) []layouts.Pos {
		out := make([]layouts.Pos, len(cells))
		for i, c := range cells {
			out[i] = m.Cells[c]
		}
		return out
	}
	out := outPuzzle{Cells: make([][]outCell, m.Height)}
	for r := range m.Height {
		out.Cells[r] = make([]outCell, m.Width)
	}
	for c, q := range m.Cells {
		out.Cells[q.Row][q.Col].Value = int(p.Givens[c])
	}
	bare := bareGrids(m)
	out.Regions = regions(m, bare)
	if len(out.Regions) == 0 {
		return nil, fmt.Errorf("%w: every grid is without boxes and shares cells with another: no region would give the size", ErrUnsupported)
	}
	// Hide the positions outside every grid, a white rectangle per run.
	for r := range m.Height {
		for c := 0; c < m.Width; {
			if _, ok := m.Cell(layouts.Pos{Row: r, Col: c}); ok {
				c++
				continue
			}
			run := c
			for run < m.Width {
				if _, ok := m.Cell(layouts.Pos{Row: r, Col: run}); ok {
					break
				}
				run++
			}
			k := float64(run - c)
			out.Overlays = append(out.Overlays, outShape{Center: [2]float64{float64(r) + 0.5, float64(c) + k/2}, Width: k, Height: 1,
				BackgroundColor: hideColour, BorderColor: hideColour})
			c = run
		}
	}
	var rules []string
	n := l.Size
	d := &drawer{out: &out, m: m}
	if len(l.Grids) > 1 {
		rules = append(rules, fmt.Sprintf("Normal sudoku rules apply in each of the %d grids: every row, column and marked region of a grid holds the digits 1 to %d once. Cells shared by grids belong to both; white cells are not part of the puzzle.", len(l.Grids), n))
	} else {
		rules = append(rules, fmt.Sprintf("Normal sudoku rules apply: every row, column and marked region holds the digits 1 to %d once.", n))
	}
	grids := func(c layouts.Constraint) string {
		if c.Grid == 0 || len(l.Grids) == 1 {
			return ""
		}
		return fmt.Sprintf(" (grid %d)", c.Grid)
	}
	// The layout's own extra regions, as a region constraint's cells are
	// written: one of fewer than 2 cells adds no unit.
	for _, reg := range l.Regions {
		if len(reg.Cells) > 1 {
			out.Cages = append(out.Cages, outCage{Cells: at(reg.Cells)})
		}
	}
	for _, c := range l.Constraints {
		switch c.Kind {
		case "jigsaw":
			// Its pieces are box units, drawn as regions above.
		case "killer":
			for _, k := range l.Cages(c) {
				cage := outCage{Cells: at(k.Cells)}
				if k.Sum != 0 {
					cage.Value = fmt.Sprint(k.Sum)
				}
				out.Cages = append(out.Cages, cage)
			}
		case "region":
			switch c.Preset {
			case "":
				out.Cages = append(out.Cages, outCage{Cells: at(c.Cells)})
			case "windoku":
				for _, u := range m.PresetUnits(c.Preset) {
					out.Cages = append(out.Cages, outCage{Cells: at(cellsOf(u.Cells))})
				}
			case "disjoint":
				rules = append(rules, "Disjoint groups"+grids(c)+": cells in the same position of every box hold different digits.")
				if !jigsawBoxesKept(l, c) {
					// The groups, as cages, from the model.
					for _, u := range m.PresetUnits(c.Preset) {
						out.Cages = append(out.Cages, outCage{Cells: at(cellsOf(u.Cells))})
					}
					break
				}
				d.list(c)
			default:
				return nil, fmt.Errorf("%w: region preset %q has no SudokuPad form yet", ErrUnsupported, c.Preset)
			}
		case "diagonal":
			d.list(c)
			switch c.Which {
			case "positive":
				rules = append(rules, "Diagonal"+grids(c)+": the / diagonal (bottom left to top right) holds every digit once.")
			case "negative":
				rules = append(rules, "Diagonal"+grids(c)+": the \\ diagonal (top left to bottom right) holds every digit once.")
			default:
				rules = append(rules, "Sudoku-X"+grids(c)+": each main diagonal holds every digit once.")
			}
		case "antiknight":
			d.list(c)
			rules = append(rules, "Anti-knight"+grids(c)+": cells a knight's move apart never hold the same digit.")
		case "antiking":
			d.list(c)
			rules = append(rules, "Anti-king"+grids(c)+": cells a king's move apart never hold the same digit.")
		case "nonconsecutive":
			d.list(c)
			rules = append(rules, "Nonconsecutive"+grids(c)+": orthogonally adjacent cells never hold consecutive digits.")
		case "thermo":
			line := outLine{Color: thermoColour, Thickness: thermoThickness}
			for _, q := range c.Cells {
				line.WayPoints = append(line.WayPoints, centre(q))
			}
			out.Underlays = append(out.Underlays, outShape{Center: centre(c.Cells[0]), Width: bulbSize, Height: bulbSize, Rounded: true, BackgroundColor: thermoColour, BorderColor: thermoColour})
			out.Lines = append(out.Lines, line)
		case "kropki":
			if err := d.kropki(c, grids(c)); err != nil {
				return nil, err
			}
		case "parity":
			for _, q := range c.Odd {
				out.Underlays = append(out.Underlays, outShape{Center: centre(q), Width: paritySize, Height: paritySize, Rounded: true, BackgroundColor: parityColour})
			}
			for _, q := range c.Even {
				out.Underlays = append(out.Underlays, outShape{Center: centre(q), Width: paritySize, Height: paritySize, BackgroundColor: parityColour})
			}
			rules = append(rules, "A grey circle holds an odd digit, a grey square an even one.")
		default:
			if err := d.kind(c, grids(c)); err != nil {
				return nil, err
			}
		}
	}
	clues, err := d.drawClues()
	if err != nil {
		return nil, err
	}
	rules = append(rules, d.rules...)
	if len(out.Cages) > 0 { // killer cages and extra regions
		rules = append(rules, "Digits in a cage do not repeat, and sum to its number if it has one.")
	}
	if hasKind(l, "thermo") {
		rules = append(rules, "Digits increase along each thermometer from its bulb.")
	}
	if o.Rules != "" {
		rules = append(rules, o.Rules)
	}
	out.Metadata = outMeta{Title: o.Title, Author: o.Author, Rules: strings.Join(rules, "\n")}
	if out.Metadata.Title == "" {
		out.Metadata.Title = l.Name
	}
	out.Metadata.Grids = gridList(l, m, out.Regions, bare)
	out.Metadata.Clues = strings.Join(clues, "; ")
	if len(d.listed) > 0 {
		b, err := json.Marshal(d.listed)
		if err != nil {
			return nil, err
		}
		if len(b) > maxListed {
			return nil, fmt.Errorf("%w: the constraints with nothing drawn take %d bytes in the metadata, more than %d", ErrUnsupported, len(b), maxListed)
		}
		out.Metadata.Constraints = string(b)
	}
	if g := o.Solution; g != nil && g.Model == m && n <= 9 {
		b := []byte(strings.Repeat(".", m.Height*m.Width))
		for c, q := range m.Cells {
			b[q.Row*m.Width+q.Col] = '0' + g.Digits[c]
		}
		out.Metadata.Solution = string(b)
	}
	return json.Marshal(out)
}

// gridList is the grids' top-left cells ("r1c4 r7c7 ..."), for the
// metadata, when the regions alone would make other grids, or the same
// in another order: where n x n squares of whole regions lie elsewhere
// than the grids (a windmill's centre is surrounded by such squares),
// the layout lists its grids out of reading order (the metadata's
// constraints number them as it does), or a grid is bare, written
// without regions, its cell followed by ":none" ("r7c7:none"); else "".
// SudokuPad shows nothing of it; Parse reads it.
func gridList(l *layouts.Layout, m *layouts.Model, regions [][][2]int, bare []bool) string {
	own := make([]int32, m.Height*m.Width)
	for i := range own {
		own[i] = -1
	}
	for i, reg := range regions {
		for _, rc := range reg {
			own[rc[0]*m.Width+rc[1]] = int32(i)
		}
	}
	at := squares(own, m.Height, m.Width, l.Size, len(regions))
	want := make([]string, len(l.Grids))
	same := len(at) == len(l.Grids)
	for i, g := range l.Grids {
		want[i] = g.At.String()
		if bare[i] {
			want[i] += ":none"
		}
		same = same && !bare[i] && at[i] == g.At
	}
	if same {
		return ""
	}
	return strings.Join(want, " ")
}

// regions are the boxes of every grid but the bare ones, or its jigsaw
// pieces, as cells, each once where grids share them: from the layout,
// as the model drops a box or piece that is also a row or column (a 1x7
// box, a jigsaw piece along a row).
func regions(m *layouts.Model, bare []bool) [][][2]int {
	l := m.Layout
	n := l.Size
	pieces := jigsaws(l)
	var out [][][2]int
	for g := range l.Grids {
		if bare[g] {
			continue
		}
		byName := map[string]int{} // a box or piece -> its index in out
		for r := range n {
			var row []rune
			if ps, ok := pieces[g]; ok && r < len(ps) {
				row = []rune(strings.ReplaceAll(ps[r], " ", ""))
			}
			for c := range n {
				key := fmt.Sprint(r/l.BoxOf(g).Rows, ",", c/l.BoxOf(g).Cols)
				if row != nil && c < len(row) {
					key = string(row[c])
				}
				i, ok := byName[key]
				if !ok {
					i = len(out)
					byName[key] = i
					out = append(out, nil)
				}
				q := m.Cells[m.GridCells[g][r*n+c]]
				out[i] = append(out[i], [2]int{q.Row, q.Col})
			}
		}
	}
	seen := map[string]bool{}
	unique := out[:0]
	for _, reg := range out {
		key := fmt.Sprint(reg)
		if !seen[key] {
			seen[key] = true
			unique = append(unique, reg)
		}
	}
	return unique
}

// jigsaws are the pieces of each grid with a jigsaw, by grid index.
func jigsaws(l *layouts.Layout) map[int][]string {
	pieces := map[int][]string{}
	for _, c := range l.Constraints {
		if c.Kind != "jigsaw" {
			continue
		}
		for g := range l.Grids {
			if c.Grid == 0 || c.Grid == g+1 {
				pieces[g] = c.Pieces
			}
		}
	}
	return pieces
}

// jigsawBoxesKept reports whether the box shape of each grid of a
// constraint c that has a jigsaw is the one Parse reads back, the shape
// its pieces make (boxesOf), else the default: the shape a disjoint
// constraint's groups follow, though the pieces replace the boxes.
func jigsawBoxesKept(l *layouts.Layout, c layouts.Constraint) bool {
	for g, pieces := range jigsaws(l) {
		if c.Grid != 0 && c.Grid != g+1 {
			continue
		}
		box := l.Box
		if b := l.Grids[g].Box; b != nil {
			box = *b
		}
		letter := func(y, x int) int { return int([]rune(strings.ReplaceAll(pieces[y], " ", ""))[x]) }
		if read, _ := boxesOf(l.Size, letter); read != box {
			return false
		}
	}
	return true
}

// bareGrids reports, for each grid, whether it is written without
// regions: a grid without boxes (no jigsaw pieces either) that shares
// a cell with another grid, where its rows, which Marshal writes as
// regions elsewhere (Layout.BoxOf), would cross the other's regions.
// The metadata's grids say where it is (gridList).
func bareGrids(m *layouts.Model) []bool {
	l := m.Layout
	pieces := jigsaws(l)
	grids := make([]int, len(m.Cells)) // the grids holding each cell
	for _, gc := range m.GridCells {
		for _, c := range gc {
			grids[c]++
		}
	}
	bare := make([]bool, len(l.Grids))
	for g, gc := range m.GridCells {
		box := l.Box
		if b := l.Grids[g].Box; b != nil {
			box = *b
		}
		if _, ok := pieces[g]; ok || !box.None() {
			continue
		}
		bare[g] = slices.ContainsFunc(gc, func(c int) bool { return grids[c] > 1 })
	}
	return bare
}

func hasKind(l *layouts.Layout, kind string) bool {
	for _, c := range l.Constraints {
		if c.Kind == kind {
			return true
		}
	}
	return false
}

// Link is the SudokuPad address of a puzzle: LinkPrefix and the JSON
// Marshal writes, compressed by lz-string's compressToBase64.
func Link(p *layouts.Puzzle, o WriteOptions) (string, error) {
	b, err := Marshal(p, o)
	if err != nil {
		return "", err
	}
	return LinkPrefix + lzstring.CompressToBase64(string(b)), nil
}

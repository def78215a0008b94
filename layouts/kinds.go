package layouts

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"unicode/utf8"
)

// Constraint is one variant constraint of a layout: a kind and the
// fields that kind reads (the others must be left out). Grid is 1-based;
// 0 means every grid, for the kinds that apply per grid.
type Constraint struct {
	// Source, when set, names where the constraint came from for
	// messages, in the words of its input ("killercage[2]" of an
	// f-puzzles puzzle); messages say "constraint N (kind)" otherwise.
	// It is not part of a layout file.
	Source string `json:"-"`

	Kind     string   `json:"kind"`
	Grid     int      `json:"grid,omitempty"`
	Cells    []Pos    `json:"cells,omitempty"`
	Sum      int      `json:"sum,omitempty"`
	Preset   string   `json:"preset,omitempty"`
	Pieces   []string `json:"pieces,omitempty"`
	White    [][]Pos  `json:"white,omitempty"`
	Black    [][]Pos  `json:"black,omitempty"`
	Negative bool     `json:"negative,omitempty"`
	Even     []Pos    `json:"even,omitempty"`
	Odd      []Pos    `json:"odd,omitempty"`

	Which      string  `json:"which,omitempty"`      // diagonal: positive, negative, both; kropki: the negative's dots
	Difference int     `json:"difference,omitempty"` // kropki: a white dot's difference; whispers: the least difference
	Ratio      int     `json:"ratio,omitempty"`      // kropki: a black dot's ratio
	Lines      [][]Pos `json:"lines,omitempty"`      // arrow: the arrows from the circle
	X          [][]Pos `json:"x,omitempty"`          // xv: pairs summing to 10
	V          [][]Pos `json:"v,omitempty"`          // xv: pairs summing to 5
	Clone      []Pos   `json:"clone,omitempty"`      // clone: the copy of cells
	Digits     []int   `json:"digits,omitempty"`     // quadruple: digits among the cells
	Count      int     `json:"count,omitempty"`      // skyscraper: the buildings seen

	// Sums, for killer cages drawn as pieces (a letter a cage, '.' no
	// cage), gives each letter's sum; a letter without one has none.
	Sums map[string]int `json:"sums,omitempty"`
}

// Dot is the relation a kropki rule asks of its two cells.
type Dot uint8

const (
	DotNone  Dot = iota // no dot, where every dot is given: neither relation
	DotWhite            // the digits differ by one
	DotBlack            // one digit is twice the other
)

func (d Dot) String() string { return [...]string{"none", "white", "black"}[d] }

// Rule is a compiled constraint beyond all-different units. Each engine
// implements every Kind that has rules (a test holds them to it).
type Rule struct {
	Kind  string // the Kind that made it
	Name  string // for messages: "killer cage 3", "thermo 1"
	Cells []int  // in order: a thermometer from its bulb
	Sum   int    // killer, little killer, sandwich, xsum: the total; xv: 10, 5, or 0 for neither; skyscraper: the count
	Mask  uint64 // parity: the digits allowed, bit d-1 for digit d
	Dot   Dot    // kropki

	Diff   int   // kropki: the difference of a white dot (0: none); whispers: the least difference; entropic: n
	Ratio  int   // kropki: the ratio of a black dot (0: none)
	Head   int   // arrow: Cells[:Head] is the circle, read as a number, Cells[Head:] the arrow; regionsum: two segments
	Digits []int // quadruple: digits that the cells hold, each as often as listed
}

// Kind is one kind of variant constraint: its layout-file syntax, how it
// compiles to units and rules, and how Check verifies its rules.
type Kind struct {
	Name    string
	About   string // one line, for gattai layouts kinds
	Fields  string // the fields it reads, for the grammar
	Example string // a constraint in layout-file syntax
	Rules   bool   // it makes rules, which engines implement; else only units
	compile func(b *builder, c *Constraint) error
	holds   func(r *Rule, digits []uint8) bool
}

// Kinds lists every constraint kind, in a fixed order.
func Kinds() []Kind { return slices.Clone(kinds) }

var kinds = []Kind{
	{Name: "diagonal", About: "the main diagonals of a grid hold every digit once (Sudoku-X); which: positive (/), negative (\\) or both (the default)",
		Fields: "which, grid", Example: `{"kind": "diagonal", "grid": 1, "which": "both"}`, compile: compileDiagonal},
	{Name: "region", About: "extra all-different regions: listed cells, or a preset (windoku: the hyper windows; disjoint: same place in every box)",
		Fields: "cells | preset, grid", Example: `{"kind": "region", "preset": "windoku"}`, compile: compileRegion},
	{Name: "jigsaw", About: "irregular pieces replace a grid's boxes: n rows of n letters, a letter per piece",
		Fields: "pieces, grid", Example: `{"kind": "jigsaw", "pieces": ["AAAB", "ACBB", "CCDB", "CDDD"]}`, compile: compileJigsaw},
	{Name: "killer", About: "a cage of cells with no repeated digit, summing to sum (optional); or many cages drawn as pieces (n rows of n letters, a letter a cage, '.' none) with sums by letter",
		Fields: "cells, sum | pieces, sums, grid", Example: `{"kind": "killer", "sum": 15, "cells": ["r1c1", "r1c2", "r2c1"]}`, Rules: true,
		compile: compileKiller, holds: holdsKiller},
	{Name: "antiknight", About: "no two cells a knight's move apart in a grid hold the same digit",
		Fields: "grid", Example: `{"kind": "antiknight"}`, compile: compileApart(knightMoves)},
	{Name: "antiking", About: "no two cells a king's move apart in a grid hold the same digit",
		Fields: "grid", Example: `{"kind": "antiking"}`, compile: compileApart(kingMoves)},
	{Name: "nonconsecutive", About: "orthogonal neighbours in a grid never differ by 1",
		Fields: "grid", Example: `{"kind": "nonconsecutive"}`, Rules: true,
		compile: compileNonconsecutive, holds: holdsNonconsecutive},
	{Name: "kropki", About: "white dot: neighbours differ by difference (1); black dot: one is ratio (2) times the other; negative: no dot means neither (which: white, black or both dots are all shown)",
		Fields: "white, black, difference, ratio, negative, which, grid", Example: `{"kind": "kropki", "white": [["r1c1", "r1c2"]], "black": [["r2c1", "r3c1"]], "negative": false}`, Rules: true,
		compile: compileKropki, holds: holdsKropki},
	{Name: "parity", About: "cells that hold an even digit, cells that hold an odd one",
		Fields: "even, odd", Example: `{"kind": "parity", "even": ["r1c1"], "odd": ["r9c9"]}`, Rules: true,
		compile: compileParity, holds: holdsParity},
	{Name: "thermo", About: "digits strictly increase along the cells from the bulb, the first cell",
		Fields: "cells", Example: `{"kind": "thermo", "cells": ["r1c1", "r2c2", "r3c3"]}`, Rules: true,
		compile: compileThermo, holds: holdsThermo},
	{Name: "arrow", About: "the digits of a circle of 1 to 3 cells, read as a number, equal the sum along each of its arrows (repeats allowed); an arrow's cells in the circle are skipped",
		Fields: "cells, lines", Example: `{"kind": "arrow", "cells": ["r1c1"], "lines": [["r1c1", "r1c2", "r1c3"]]}`, Rules: true,
		compile: compileArrow, holds: holdsArrow},
	{Name: "xv", About: "X: the two cells sum to 10; V: to 5; negative: no mark means neither (which: x, v or both marks are all shown)",
		Fields: "x, v, negative, which, grid", Example: `{"kind": "xv", "x": [["r1c1", "r1c2"]], "v": [["r2c1", "r3c1"]]}`, Rules: true,
		compile: compileXV, holds: holdsXV},
	{Name: "littlekiller", About: "the cells along a diagonal, listed in order, sum to sum; digits may repeat",
		Fields: "cells, sum", Example: `{"kind": "littlekiller", "sum": 12, "cells": ["r1c3", "r2c2", "r3c1"]}`, Rules: true,
		compile: compileLittleKiller, holds: holdsLittleKiller},
	{Name: "sandwich", About: "the digits between the 1 and the n of a full row or column (cells, in order) sum to sum",
		Fields: "cells, sum", Example: `{"kind": "sandwich", "sum": 10, "cells": ["r1c1", "r1c2", "r1c3", "r1c4", "r1c5", "r1c6", "r1c7", "r1c8", "r1c9"]}`, Rules: true,
		compile: compileSandwich, holds: holdsSandwich},
	{Name: "whispers", About: "neighbours along the line differ by at least difference (default (n+1)/2: 5 for 9x9, German whispers)",
		Fields: "cells, difference", Example: `{"kind": "whispers", "cells": ["r1c1", "r1c2", "r2c3"]}`, Rules: true,
		compile: compileWhispers, holds: holdsWhispers},
	{Name: "renban", About: "the line's cells hold a set of consecutive digits, in any order, no digit twice",
		Fields: "cells", Example: `{"kind": "renban", "cells": ["r1c1", "r2c2", "r3c2"]}`, Rules: true,
		compile: compileRenban, holds: holdsRenban},
	{Name: "palindrome", About: "the line reads the same from either end",
		Fields: "cells", Example: `{"kind": "palindrome", "cells": ["r1c1", "r2c2", "r3c3", "r4c3"]}`, Rules: true,
		compile: compilePalindrome, holds: holdsEqualPairs},
	{Name: "clone", About: "clone is a copy of cells, the same shape moved: each cell holds the digit of its original",
		Fields: "cells, clone", Example: `{"kind": "clone", "cells": ["r1c1", "r1c2"], "clone": ["r5c5", "r5c6"]}`, Rules: true,
		compile: compileClone, holds: holdsEqualPairs},
	{Name: "quadruple", About: "the digits listed (up to 4, a digit listed twice appears twice) are among the cells around a 2x2 junction",
		Fields: "cells, digits", Example: `{"kind": "quadruple", "cells": ["r1c1", "r1c2", "r2c1", "r2c2"], "digits": [1, 2]}`, Rules: true,
		compile: compileQuadruple, holds: holdsQuadruple},
	{Name: "minimum", About: "each of the cells holds less than all its orthogonal neighbours",
		Fields: "cells", Example: `{"kind": "minimum", "cells": ["r5c5"]}`, Rules: true,
		compile: compileExtremum, holds: holdsExtremum},
	{Name: "maximum", About: "each of the cells holds more than all its orthogonal neighbours",
		Fields: "cells", Example: `{"kind": "maximum", "cells": ["r5c5"]}`, Rules: true,
		compile: compileExtremum, holds: holdsExtremum},
	{Name: "between", About: "the cells of the line strictly between its two ends, the circles, hold digits strictly between theirs",
		Fields: "cells", Example: `{"kind": "between", "cells": ["r1c1", "r1c2", "r1c3", "r2c4"]}`, Rules: true,
		compile: compileBetween, holds: holdsBetween},
	{Name: "entropic", About: "any three cells in a row on the line hold a low, a middle and a high digit (1-3, 4-6, 7-9 for 9x9; n a multiple of 3)",
		Fields: "cells", Example: `{"kind": "entropic", "cells": ["r1c1", "r1c2", "r1c3", "r2c4"]}`, Rules: true,
		compile: compileEntropic, holds: holdsEntropic},
	{Name: "regionsum", About: "the line's digits sum the same in each box it passes through (each visit to a box on its own); jigsaw pieces count as boxes if listed before",
		Fields: "cells", Example: `{"kind": "regionsum", "cells": ["r3c3", "r3c4", "r4c4"]}`, Rules: true,
		compile: compileRegionSum, holds: holdsRegionSum},
	{Name: "xsum", About: "the first x cells of a full row or column (cells, in order from the clue), x the first cell's digit, sum to sum",
		Fields: "cells, sum", Example: `{"kind": "xsum", "sum": 10, "cells": ["r1c1", "r1c2", "r1c3", "r1c4", "r1c5", "r1c6", "r1c7", "r1c8", "r1c9"]}`, Rules: true,
		compile: compileXSum, holds: holdsXSum},
	{Name: "skyscraper", About: "seen from the clue, along a full row or column (cells, in order from the clue), count digits are taller than all before them",
		Fields: "cells, count", Example: `{"kind": "skyscraper", "count": 3, "cells": ["r1c1", "r1c2", "r1c3", "r1c4", "r1c5", "r1c6", "r1c7", "r1c8", "r1c9"]}`, Rules: true,
		compile: compileSkyscraper, holds: holdsSkyscraper},
}

func kindOf(name string) *Kind {
	for i := range kinds {
		if kinds[i].Name == name {
			return &kinds[i]
		}
	}
	return nil
}

// builder is Compile's state that constraint kinds add to.
type builder struct {
	m     *Model
	units map[string]bool // the cell sets of units so far, keyed by appendUnitKey
	key   []byte          // addUnit's scratch for a unit's key
	pairs map[[2]int]bool // pairs that already must differ or carry a rule
	at    string          // "constraint 3 (killer)", for messages
}

func (b *builder) errorf(format string, args ...any) error {
	return fmt.Errorf("%w: %s: %s", ErrLayout, b.at, fmt.Sprintf(format, args...))
}

// addUnit adds an all-different unit unless an equal one exists.
func (b *builder) addUnit(kind UnitKind, name string, cells []int) {
	cells = slices.Clone(cells)
	slices.Sort(cells)
	b.key = appendUnitKey(b.key[:0], cells)
	if b.units[string(b.key)] {
		return
	}
	b.units[string(b.key)] = true
	b.m.Units = append(b.m.Units, Unit{Kind: kind, Name: name, Cells: cells})
	if len(cells) == 2 {
		b.pairs[pairKey(cells[0], cells[1])] = true
	}
}

func pairKey(a, b int) [2]int { return [2]int{min(a, b), max(a, b)} }

// cells resolves canvas positions to distinct cells.
func (b *builder) cells(ps []Pos) ([]int, error) {
	out := make([]int, 0, len(ps))
	for _, p := range ps {
		c, ok := b.m.Cell(p)
		if !ok {
			return nil, b.errorf("cell %s is outside every grid", p)
		}
		if slices.Contains(out, c) {
			return nil, b.errorf("cell %s is listed twice", p)
		}
		out = append(out, c)
	}
	return out, nil
}

// grids are the grid indices a constraint applies to.
func (b *builder) grids(c *Constraint) ([]int, error) {
	k := len(b.m.GridCells)
	if c.Grid < 0 || c.Grid > k {
		return nil, b.errorf("grid %d: the layout has grids 1..%d", c.Grid, k)
	}
	if c.Grid > 0 {
		return []int{c.Grid - 1}, nil
	}
	out := make([]int, k)
	for i := range out {
		out[i] = i
	}
	return out, nil
}

// gridCell is the cell at row r, column c of grid g, if inside it.
func (b *builder) gridCell(g, r, c int) (int, bool) {
	n := b.m.N
	if r < 0 || c < 0 || r >= n || c >= n {
		return 0, false
	}
	return b.m.GridCells[g][r*n+c], true
}

func (b *builder) gridName(g int) string {
	if len(b.m.GridCells) == 1 {
		return ""
	}
	return fmt.Sprintf("grid %d ", g+1)
}

// fieldsUsed names the fields a constraint sets, to refuse stray ones.
func fieldsUsed(c *Constraint) []string {
	var out []string
	add := func(set bool, name string) {
		if set {
			out = append(out, name)
		}
	}
	add(c.Grid != 0, "grid")
	add(c.Cells != nil, "cells")
	add(c.Sum != 0, "sum")
	add(c.Preset != "", "preset")
	add(c.Pieces != nil, "pieces")
	add(c.White != nil, "white")
	add(c.Black != nil, "black")
	add(c.Negative, "negative")
	add(c.Even != nil, "even")
	add(c.Odd != nil, "odd")
	add(c.Which != "", "which")
	add(c.Difference != 0, "difference")
	add(c.Ratio != 0, "ratio")
	add(c.Lines != nil, "lines")
	add(c.X != nil, "x")
	add(c.V != nil, "v")
	add(c.Clone != nil, "clone")
	add(c.Digits != nil, "digits")
	add(c.Count != 0, "count")
	add(c.Sums != nil, "sums")
	return out
}

// compileConstraint checks a constraint's fields and compiles it.
func (b *builder) compileConstraint(i int, c *Constraint) error {
	b.at = fmt.Sprintf("constraint %d (%s)", i+1, c.Kind)
	if c.Source != "" {
		b.at = fmt.Sprintf("%s (%s)", c.Source, c.Kind)
	}
	k := kindOf(c.Kind)
	if k == nil {
		names := make([]string, len(kinds))
		for i, k := range kinds {
			names[i] = k.Name
		}
		return fmt.Errorf("%w: constraint %d: unknown kind %q (want one of %s)", ErrLayout, i+1, c.Kind, strings.Join(names, ", "))
	}
	for _, f := range fieldsUsed(c) {
		if !slices.Contains(strings.FieldsFunc(k.Fields, func(r rune) bool { return r == ',' || r == ' ' || r == '|' }), f) {
			return b.errorf("a %s constraint has no field %q (it takes %s)", k.Name, f, k.Fields)
		}
	}
	return k.compile(b, c)
}

// checkRules verifies the rules of a full grid.
func checkRules(m *Model, digits []uint8) error {
	for i := range m.Rules {
		r := &m.Rules[i]
		if !RuleHolds(r, digits) {
			ps := make([]Pos, len(r.Cells))
			for j, c := range r.Cells {
				ps[j] = m.Cells[c]
			}
			return &CheckError{Unit: r.Name, Cells: ps, Msg: fmt.Sprintf("%s does not hold", r.Kind)}
		}
	}
	return nil
}

// RuleHolds reports whether the digits of a full grid, by cell, satisfy
// rule r: what Check asks of each rule.
func RuleHolds(r *Rule, digits []uint8) bool { return kindOf(r.Kind).holds(r, digits) }

func compileDiagonal(b *builder, c *Constraint) error {
	gs, err := b.grids(c)
	if err != nil {
		return err
	}
	var positive, negative bool
	switch c.Which {
	case "", "both":
		positive, negative = true, true
	case "positive":
		positive = true
	case "negative":
		negative = true
	default:
		return b.errorf("which is positive (/), negative (\\) or both, not %q", c.Which)
	}
	n := b.m.N
	for _, g := range gs {
		main, anti := make([]int, n), make([]int, n)
		for i := range n {
			main[i], _ = b.gridCell(g, i, i)
			anti[i], _ = b.gridCell(g, i, n-1-i)
		}
		if negative {
			b.addUnit(UnitRegion, b.gridName(g)+`diagonal \`, main)
		}
		if positive {
			b.addUnit(UnitRegion, b.gridName(g)+"diagonal /", anti)
		}
	}
	return nil
}

func compileRegion(b *builder, c *Constraint) error {
	switch {
	case c.Cells != nil && (c.Preset != "" || c.Grid != 0):
		return b.errorf("give cells, or a preset with an optional grid, not both")
	case c.Cells != nil:
		cells, err := b.cells(c.Cells)
		if err != nil {
			return err
		}
		if len(cells) > b.m.N {
			return b.errorf("%d cells, more than the %d digits", len(cells), b.m.N)
		}
		b.addUnit(UnitRegion, b.at, cells)
		return nil
	}
	gs, err := b.grids(c)
	if err != nil {
		return err
	}
	n := b.m.N
	for _, g := range gs {
		box := b.m.Layout.BoxOf(g)
		switch c.Preset {
		case "windoku":
			// Windows of box size, one cell in from the grid's edges and
			// one cell apart: four in a 9x9.
			if box.Rows != box.Cols {
				return b.errorf("windoku needs square boxes, not %s", box)
			}
			k := box.Rows
			for r0 := 1; r0+k <= n-1; r0 += k + 1 {
				for c0 := 1; c0+k <= n-1; c0 += k + 1 {
					cells := make([]int, 0, n)
					for r := r0; r < r0+k; r++ {
						for cc := c0; cc < c0+k; cc++ {
							cell, _ := b.gridCell(g, r, cc)
							cells = append(cells, cell)
						}
					}
					b.addUnit(UnitRegion, fmt.Sprintf("%s%s r%dc%d", b.gridName(g), presetUnitNames["windoku"], r0+1, c0+1), cells)
				}
			}
		case "disjoint":
			for i := range n {
				cells := make([]int, 0, n)
				for bi := range n {
					r := bi/(n/box.Cols)*box.Rows + i/box.Cols
					cc := bi%(n/box.Cols)*box.Cols + i%box.Cols
					cell, _ := b.gridCell(g, r, cc)
					cells = append(cells, cell)
				}
				b.addUnit(UnitRegion, fmt.Sprintf("%s%s %d", b.gridName(g), presetUnitNames["disjoint"], i+1), cells)
			}
		default:
			return b.errorf("unknown preset %q (want windoku or disjoint)", c.Preset)
		}
	}
	return nil
}

// jigsawGrids are the grids whose boxes a jigsaw constraint replaces.
func jigsawGrids(l *Layout) map[int]bool {
	out := map[int]bool{}
	for _, c := range l.Constraints {
		if c.Kind != "jigsaw" {
			continue
		}
		if c.Grid == 0 {
			for g := range l.Grids {
				out[g] = true
			}
		} else {
			out[c.Grid-1] = true
		}
	}
	return out
}

// presetUnitNames are the names a region preset gives its units, after
// the grid's ("grid 2 window at r2c2").
var presetUnitNames = map[string]string{"windoku": "window at", "disjoint": "disjoint group"}

// PresetUnits are the region units that preset (windoku, disjoint) made
// in m, in every grid: the link writers draw them when their format has
// no such preset.
func (m *Model) PresetUnits(preset string) []Unit {
	name, ok := presetUnitNames[preset]
	if !ok {
		return nil
	}
	var out []Unit
	for _, u := range m.Units {
		if u.Kind != UnitRegion {
			continue
		}
		rest := u.Name
		if strings.HasPrefix(rest, "grid ") { // "grid 2 "
			if _, after, ok := strings.Cut(rest[len("grid "):], " "); ok {
				rest = after
			}
		}
		if strings.HasPrefix(rest, name) {
			out = append(out, u)
		}
	}
	return out
}

// Cages are the cages of killer constraint c of l, each with its cells
// on the canvas and its sum: c itself, or, drawn as pieces, a cage a
// letter in each grid it is for, as Compile reads them (the link
// writers, which draw cages one by one).
func (l *Layout) Cages(c Constraint) []Constraint {
	if c.Pieces == nil {
		return []Constraint{c}
	}
	letters, cells := PieceCells(c.Pieces, l.Size, '.')
	var out []Constraint
	for g, grid := range l.Grids {
		if c.Grid != 0 && c.Grid != g+1 {
			continue
		}
		for _, ch := range letters {
			ps := make([]Pos, len(cells[ch]))
			for j, q := range cells[ch] {
				ps[j] = Pos{Row: grid.At.Row + q.Row, Col: grid.At.Col + q.Col}
			}
			out = append(out, Constraint{Kind: "killer", Cells: ps, Sum: c.Sums[string(ch)]})
		}
	}
	return out
}

// PieceCells reads a drawing of pieces, rows of letters with blanks
// ignored (a jigsaw's pieces, a killer's cages): the letters in the order
// they first appear, and the cells of each, row by row, as positions in
// the grid. Letters past the nth of a row are left out, and so is skip,
// if not 0 (a killer's '.', no cage).
func PieceCells(rows []string, n int, skip rune) (letters []rune, cells map[rune][]Pos) {
	cells = map[rune][]Pos{} // looked up in the order of letters
	for r, row := range rows {
		for col, ch := range []rune(strings.ReplaceAll(row, " ", "")) {
			if col >= n {
				break
			}
			if ch == skip && skip != 0 {
				continue
			}
			if _, ok := cells[ch]; !ok {
				letters = append(letters, ch)
			}
			cells[ch] = append(cells[ch], Pos{Row: r, Col: col})
		}
	}
	return letters, cells
}

// pieceRows checks that a drawing of pieces has n rows of n letters.
func (b *builder) pieceRows(rows []string) error {
	n := b.m.N
	if len(rows) != n {
		return b.errorf("pieces has %s, want %d", plural(len(rows), "row"), n)
	}
	for r, row := range rows {
		if k := utf8.RuneCountInString(strings.ReplaceAll(row, " ", "")); k != n {
			return b.errorf("pieces row %d has %s, want %d", r+1, plural(k, "letter"), n)
		}
	}
	return nil
}

// pieceCells are the cells of grid g at the positions ps.
func (b *builder) pieceCells(g int, ps []Pos) []int {
	cells := make([]int, len(ps))
	for i, p := range ps {
		cells[i], _ = b.gridCell(g, p.Row, p.Col)
	}
	return cells
}

func compileJigsaw(b *builder, c *Constraint) error {
	gs, err := b.grids(c)
	if err != nil {
		return err
	}
	if err := b.pieceRows(c.Pieces); err != nil {
		return err
	}
	n := b.m.N
	letters, at := PieceCells(c.Pieces, n, 0)
	for _, g := range gs {
		for _, ch := range letters {
			if len(at[ch]) != n {
				return b.errorf("piece %q has %s, want %d", string(ch), plural(len(at[ch]), "cell"), n)
			}
			b.addUnit(UnitBox, fmt.Sprintf("%spiece %c", b.gridName(g), ch), b.pieceCells(g, at[ch]))
		}
	}
	return nil
}

func compileKiller(b *builder, c *Constraint) error {
	if c.Pieces != nil {
		return compileKillerPieces(b, c)
	}
	if c.Sums != nil || c.Grid != 0 {
		return b.errorf("sums and grid go with pieces, a cage a letter")
	}
	cells, err := b.cells(c.Cells)
	if err != nil {
		return err
	}
	if len(cells) == 0 {
		return b.errorf("a cage has 1 to %d cells, not 0", b.m.N)
	}
	return killerCage(b, c.Cells[0], cells, c.Sum)
}

// compileKillerPieces reads cages drawn as letters: in each of the
// constraint's grids, the cells of one letter are one cage, with the
// letter's sum.
func compileKillerPieces(b *builder, c *Constraint) error {
	if c.Cells != nil || c.Sum != 0 {
		return b.errorf("a killer of pieces gives sums by letter, not cells and sum")
	}
	gs, err := b.grids(c)
	if err != nil {
		return err
	}
	if err := b.pieceRows(c.Pieces); err != nil {
		return err
	}
	for _, letter := range slices.Sorted(maps.Keys(c.Sums)) {
		if !slices.ContainsFunc(c.Pieces, func(row string) bool { return strings.Contains(row, letter) }) || len([]rune(letter)) != 1 {
			return b.errorf("sums names %q, no letter of the pieces", letter)
		}
	}
	letters, at := PieceCells(c.Pieces, b.m.N, '.')
	for _, g := range gs {
		prefix := b.at
		for _, ch := range letters {
			cells := b.pieceCells(g, at[ch])
			slices.Sort(cells)
			b.at = fmt.Sprintf("%s, cage %q", prefix, string(ch))
			err := killerCage(b, b.m.Cells[cells[0]], cells, c.Sums[string(ch)])
			b.at = prefix
			if err != nil {
				return err
			}
		}
	}
	return nil
}

// killerCage adds a cage of cells, named by its first cell at, with no
// digit twice and, when sum is not 0, that sum.
func killerCage(b *builder, at Pos, cells []int, sum int) error {
	n, k := b.m.N, len(cells)
	if k == 0 || k > n {
		return b.errorf("a cage has 1 to %d cells, not %d", n, k)
	}
	name := fmt.Sprintf("killer cage at %s", at)
	if k > 1 {
		b.addUnit(UnitRegion, name, cells)
	}
	if sum == 0 {
		return nil
	}
	lo, hi := k*(k+1)/2, k*(2*n-k+1)/2
	if sum < lo || sum > hi {
		return b.errorf("%d distinct digits sum to %d..%d, not %d", k, lo, hi, sum)
	}
	b.m.Rules = append(b.m.Rules, Rule{Kind: "killer", Name: name, Cells: cells, Sum: sum})
	return nil
}

func holdsKiller(r *Rule, d []uint8) bool {
	s := 0
	for _, c := range r.Cells {
		s += int(d[c])
	}
	return s == r.Sum
}

var (
	knightMoves = [][2]int{{1, 2}, {2, 1}, {1, -2}, {2, -1}}
	kingMoves   = [][2]int{{1, 1}, {1, -1}, {0, 1}, {1, 0}}
)

// compileApart makes cells a move apart within a grid differ: a unit of
// two cells for each such pair not already in a unit together.
func compileApart(moves [][2]int) func(*builder, *Constraint) error {
	return func(b *builder, c *Constraint) error {
		gs, err := b.grids(c)
		if err != nil {
			return err
		}
		peers := b.peerSets()
		n := b.m.N
		for _, g := range gs {
			for r := range n {
				for cc := range n {
					a, _ := b.gridCell(g, r, cc)
					for _, mv := range moves {
						o, ok := b.gridCell(g, r+mv[0], cc+mv[1])
						if !ok || peers[pairKey(a, o)] || b.pairs[pairKey(a, o)] {
							continue
						}
						b.addUnit(UnitRegion, fmt.Sprintf("%s %s-%s", c.Kind, b.m.Cells[a], b.m.Cells[o]), []int{a, o})
					}
				}
			}
		}
		return nil
	}
}

// peerSets is every pair of cells that share a unit so far.
func (b *builder) peerSets() map[[2]int]bool {
	out := map[[2]int]bool{}
	for _, u := range b.m.Units {
		for i, x := range u.Cells {
			for _, y := range u.Cells[i+1:] {
				out[pairKey(x, y)] = true
			}
		}
	}
	return out
}

// neighbours calls f for each orthogonally adjacent pair of cells within
// the grids, once per pair even where grids overlap.
func (b *builder) neighbours(gs []int, f func(a, o int)) {
	seen := map[[2]int]bool{}
	n := b.m.N
	for _, g := range gs {
		for r := range n {
			for cc := range n {
				a, _ := b.gridCell(g, r, cc)
				for _, mv := range [][2]int{{0, 1}, {1, 0}} {
					if o, ok := b.gridCell(g, r+mv[0], cc+mv[1]); ok && !seen[pairKey(a, o)] {
						seen[pairKey(a, o)] = true
						f(a, o)
					}
				}
			}
		}
	}
}

func compileNonconsecutive(b *builder, c *Constraint) error {
	gs, err := b.grids(c)
	if err != nil {
		return err
	}
	b.neighbours(gs, func(a, o int) {
		b.m.Rules = append(b.m.Rules, Rule{Kind: "nonconsecutive", Name: fmt.Sprintf("nonconsecutive %s-%s", b.m.Cells[a], b.m.Cells[o]), Cells: []int{a, o}})
	})
	return nil
}

func holdsNonconsecutive(r *Rule, d []uint8) bool {
	return NonconsecutiveHolds(int(d[r.Cells[0]]), int(d[r.Cells[1]]))
}

// NonconsecutiveHolds reports whether neighbouring digits x and y
// satisfy a nonconsecutive rule: they do not differ by 1.
func NonconsecutiveHolds(x, y int) bool { return x-y != 1 && y-x != 1 }

// DotHolds reports whether digits x and y satisfy a kropki relation
// with the usual values: white differ by 1, black one is double the
// other.
func DotHolds(dot Dot, x, y int) bool { return KropkiHolds(dot, 1, 2, x, y) }

// KropkiHolds reports whether digits x and y satisfy a kropki relation:
// a white dot, that they differ by diff; a black one, that one is ratio
// times the other; no dot, neither of those (diff or ratio 0: that one
// is not ruled out).
func KropkiHolds(dot Dot, diff, ratio, x, y int) bool {
	differ := diff > 0 && (x-y == diff || y-x == diff)
	times := ratio > 0 && (x == ratio*y || y == ratio*x)
	switch dot {
	case DotWhite:
		return differ
	case DotBlack:
		return times
	}
	return !differ && !times
}

func compileKropki(b *builder, c *Constraint) error {
	diff, ratio := c.Difference, c.Ratio
	if diff == 0 {
		diff = 1
	}
	if ratio == 0 {
		ratio = 2
	}
	if diff < 1 || diff >= b.m.N || ratio < 2 || ratio > b.m.N {
		return b.errorf("difference is 1 to %d and ratio 2 to %d, not %d and %d", b.m.N-1, b.m.N, diff, ratio)
	}
	values := map[Dot][2]int{DotWhite: {diff, 0}, DotBlack: {0, ratio}}
	dotted := map[[2]int]bool{}
	for _, set := range []struct {
		dot   Dot
		pairs [][]Pos
	}{{DotWhite, c.White}, {DotBlack, c.Black}} {
		for _, pair := range set.pairs {
			if len(pair) != 2 {
				return b.errorf("a %s dot joins 2 cells, not %d", set.dot, len(pair))
			}
			cells, err := b.cells(pair)
			if err != nil {
				return err
			}
			p, q := pair[0], pair[1]
			if abs(p.Row-q.Row)+abs(p.Col-q.Col) != 1 {
				return b.errorf("a dot joins orthogonal neighbours, not %s and %s", p, q)
			}
			key := pairKey(cells[0], cells[1])
			if dotted[key] {
				return b.errorf("two dots between %s and %s", p, q)
			}
			dotted[key] = true
			v := values[set.dot]
			b.m.Rules = append(b.m.Rules, Rule{Kind: "kropki", Name: fmt.Sprintf("%s dot %s-%s", set.dot, p, q), Cells: cells, Dot: set.dot, Diff: v[0], Ratio: v[1]})
		}
	}
	return b.negative(c, dotted, "dot", map[string][2]int{"": {diff, ratio}, "both": {diff, ratio}, "white": {diff, 0}, "black": {0, ratio}},
		func(v [2]int) Rule { return Rule{Kind: "kropki", Dot: DotNone, Diff: v[0], Ratio: v[1]} })
}

// negative adds, for a constraint with negative set, a rule made by
// rule from which's values to every pair of orthogonal neighbours in
// its grids that marked does not hold, named "no MARK r1c1-r1c2".
func (b *builder) negative(c *Constraint, marked map[[2]int]bool, mark string, which map[string][2]int, rule func(v [2]int) Rule) error {
	if !c.Negative {
		if c.Grid != 0 || c.Which != "" {
			return b.errorf("grid and which say where a negative constraint applies; set negative too")
		}
		return nil
	}
	v, ok := which[c.Which]
	if !ok {
		return b.errorf("unknown which %q for the pairs with no %s", c.Which, mark)
	}
	gs, err := b.grids(c)
	if err != nil {
		return err
	}
	b.neighbours(gs, func(a, o int) {
		if !marked[pairKey(a, o)] {
			r := rule(v)
			r.Name = fmt.Sprintf("no %s %s-%s", mark, b.m.Cells[a], b.m.Cells[o])
			r.Cells = []int{a, o}
			b.m.Rules = append(b.m.Rules, r)
		}
	})
	return nil
}

func holdsKropki(r *Rule, d []uint8) bool {
	return KropkiHolds(r.Dot, r.Diff, r.Ratio, int(d[r.Cells[0]]), int(d[r.Cells[1]]))
}

func compileParity(b *builder, c *Constraint) error {
	var even uint64
	for d := 2; d <= b.m.N; d += 2 {
		even |= 1 << (d - 1)
	}
	odd := (^uint64(0) >> (64 - b.m.N)) &^ even
	all := map[int]bool{}
	for _, set := range []struct {
		name string
		ps   []Pos
		mask uint64
	}{{"even", c.Even, even}, {"odd", c.Odd, odd}} {
		if len(set.ps) == 0 {
			continue
		}
		cells, err := b.cells(set.ps)
		if err != nil {
			return err
		}
		for i, cell := range cells {
			if all[cell] {
				return b.errorf("cell %s is both even and odd", set.ps[i])
			}
			all[cell] = true
		}
		b.m.Rules = append(b.m.Rules, Rule{Kind: "parity", Name: fmt.Sprintf("%s cells of %s", set.name, b.at), Cells: cells, Mask: set.mask})
	}
	return nil
}

func holdsParity(r *Rule, d []uint8) bool {
	for _, c := range r.Cells {
		if r.Mask&(1<<(d[c]-1)) == 0 {
			return false
		}
	}
	return true
}

func compileThermo(b *builder, c *Constraint) error {
	cells, err := b.cells(c.Cells)
	if err != nil {
		return err
	}
	if len(cells) < 2 || len(cells) > b.m.N {
		return b.errorf("a thermometer has 2 to %d cells, not %d", b.m.N, len(cells))
	}
	for i := 1; i < len(c.Cells); i++ {
		p, q := c.Cells[i-1], c.Cells[i]
		if max(abs(p.Row-q.Row), abs(p.Col-q.Col)) != 1 {
			return b.errorf("%s and %s are not neighbours", p, q)
		}
	}
	b.m.Rules = append(b.m.Rules, Rule{Kind: "thermo", Name: fmt.Sprintf("thermo from %s", c.Cells[0]), Cells: cells})
	return nil
}

func holdsThermo(r *Rule, d []uint8) bool {
	for i := 1; i < len(r.Cells); i++ {
		if d[r.Cells[i]] <= d[r.Cells[i-1]] {
			return false
		}
	}
	return true
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

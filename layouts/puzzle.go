package layouts

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"math/bits"

	"gattai/internal/bytewise"
)

// Puzzle is a model with givens: Givens[cell] is a digit 1..N, or 0 for
// an empty cell. Source tells where it was read and how to write it back.
type Puzzle struct {
	Model  *Model
	Givens []uint8
	Source Source
}

// Source records where a puzzle came from, so that output mirrors input.
type Source struct {
	File   string
	Line   int    // 1-based line of the puzzle's first line, 0 if unknown
	Format Format // the format it was read in
	Header string // Euler's "Grid 01" line
	Style  Style  // how a rows puzzle was written

	// Title and Author are a setter's link's (package links), which the
	// links written of the puzzle keep.
	Title, Author string

	// Ambiguous, for a canvas whose layout was detected, names the other
	// built-ins that it fits, with the flags that choose them: "a
	// classic 12x12 grid (--size 12)". A caller may show it when the
	// puzzle has no solution.
	Ambiguous string
}

// Style is how a rows puzzle was written, so that writing it back in
// rows form mirrors it. The zero Style is the compact form: n symbols
// a row, '.' for an empty cell.
type Style struct {
	Spaced  bool   // a blank between cells: "5 3 ."
	Numbers bool   // cells as numbers ("10 11"), not letters ("A B")
	Width   int    // numbers right-aligned to this width (" 2 14"), 0 if not
	Empty   byte   // the empty cell written: '.', '0' or '-'; 0 for '.'
	Gaps    []int  // when not Spaced, a blank after this many cells of a row: "..43.8 ....A5"
	Bars    []int  // a '|' after this many cells of a row: 0 before the first, n after the last
	Rules   []int  // a rule line after this many rows: 0 above the first, n below the last
	Rule    string // the first rule line, as written: "------+-------+------"
}

func (st *Style) zero() bool {
	return !st.Spaced && !st.Numbers && st.Width == 0 && st.Empty == 0 && len(st.Gaps) == 0 && len(st.Bars) == 0 && len(st.Rules) == 0
}

// Grid is a full assignment: Digits[cell] in 1..N for every cell.
type Grid struct {
	Model  *Model
	Digits []uint8
}

// ErrPuzzle is wrapped by the errors of Validate: a puzzle that does
// not fit its model. It is bad input, not a puzzle without solution.
var ErrPuzzle = errors.New("bad puzzle")

// Validate reports a puzzle that does not fit its model: no model,
// givens of the wrong length, or a given that is no digit 1..N. Every
// engine refuses such a puzzle with this error before searching.
func (p *Puzzle) Validate() error {
	if p == nil {
		return fmt.Errorf("%w: no puzzle", ErrPuzzle)
	}
	m := p.Model
	if m == nil {
		return fmt.Errorf("%w: no model", ErrPuzzle)
	}
	if len(p.Givens) != len(m.Cells) {
		return fmt.Errorf("%w: %s for %d cells", ErrPuzzle, plural(len(p.Givens), "given"), len(m.Cells))
	}
	if m.N < 127 && !beyond(p.Givens, m.N) {
		return nil
	}
	for c, d := range p.Givens {
		if int(d) > m.N {
			return fmt.Errorf("%w: cell %s holds %d, not a digit 1..%d", ErrPuzzle, m.Cells[c], d, m.N)
		}
	}
	return nil
}

// beyond reports whether a byte of digits is above n (0 <= n < 128).
func beyond(digits []uint8, n int) bool {
	add := bytewise.AddFor(n)
	var over uint64
	i := 0
	for ; i+8 <= len(digits); i += 8 {
		over |= bytewise.Over(binary.LittleEndian.Uint64(digits[i:]), add)
	}
	for ; i < len(digits); i++ {
		over |= bytewise.Over(uint64(digits[i]), add)
	}
	return over&bytewise.High != 0
}

// ErrUnsupported is wrapped by UnsupportedError.
var ErrUnsupported = errors.New("not supported")

// UnsupportedError is an engine that cannot honour a rule of the
// puzzle: it refuses the puzzle rather than ignore the rule.
type UnsupportedError struct {
	Engine string // the engine's name
	Kind   string // the rule's kind
	Rule   string // the rule's name, for the message
}

func (e *UnsupportedError) Error() string {
	return fmt.Sprintf("%s: %s rules are not supported by the %s engine", e.Rule, e.Kind, e.Engine)
}

func (e *UnsupportedError) Unwrap() error { return ErrUnsupported }

// NewPuzzle is an empty puzzle on m.
func NewPuzzle(m *Model) *Puzzle {
	return &Puzzle{Model: m, Givens: make([]uint8, len(m.Cells))}
}

// Clues counts the givens.
func (p *Puzzle) Clues() int {
	k := 0
	for _, d := range p.Givens {
		if d != 0 {
			k++
		}
	}
	return k
}

// Conflict reports the first unit in which two givens repeat a digit;
// givens that do not fit the layout give Validate's error.
func (p *Puzzle) Conflict() error {
	if !p.fits() {
		return p.Validate()
	}
	m := p.Model
	if m.noRepeatSparse(p.Givens) {
		return nil
	}
	for _, u := range m.Units {
		if first, second, ok := repeated(p.Givens, u.Cells); ok {
			a, b := m.Cells[first], m.Cells[second]
			return &CheckError{Unit: u.Name, Cells: []Pos{a, b},
				Msg: fmt.Sprintf("digit %s given twice, at %s and %s", Symbol(int(p.Givens[first])), a, b)}
		}
	}
	return nil
}

// digitBit is the bit of each digit in a set of digits; 0 (empty) and
// digits beyond MaxSymbols have none.
var digitBit [256]uint64

// init fills digitBit in place (not through a 2 KB array built on the
// start's stack and copied).
func init() {
	for d := 1; d <= MaxSymbols; d++ {
		digitBit[d] = 1 << (d - 1)
	}
}

// noRepeat reports whether no unit holds a digit twice in digits (one a
// cell; 0 and digits beyond MaxSymbols repeat nothing), as repeated on
// every unit would, but in one pass over the flattened units with no
// branch on the digits, which are unpredictable. When it says false,
// repeated finds the pair. A model not made by Compile has no flat
// units: then it says false, and repeated decides.
func (m *Model) noRepeat(digits []uint8) bool {
	if len(m.unitEnds) != len(m.Units) || len(digits) != len(m.Cells) {
		return false
	}
	var dup uint64
	start := int32(0)
	for _, end := range m.unitEnds {
		var seen uint64
		for _, c := range m.unitCells[start:end] {
			bit := digitBit[digits[c]]
			dup |= seen & bit
			seen |= bit
		}
		start = end
	}
	return dup == 0
}

// maxSparseUnits and maxSparseUnitsLarge bound the models that
// noRepeatSparse takes: their units' digit sets fit on the stack, a
// classic grid's in the smaller array, most multi-grids' in the larger
// one, whose clearing a classic grid would not repay.
const (
	maxSparseUnits      = 64
	maxSparseUnitsLarge = 512
)

// noRepeatSparse is noRepeat for digits that are mostly 0, as givens
// are: it visits only the cells that hold a digit, found 8 at a time,
// and adds each to its units' sets. A model with more units than
// maxSparseUnitsLarge goes to noRepeat.
func (m *Model) noRepeatSparse(digits []uint8) bool {
	if len(m.unitsOf) == len(m.Cells) && len(digits) == len(m.Cells) {
		switch n := len(m.Units); {
		case m.threes != nil:
			return noRepeatThrees(m.threes, digits)
		case n <= maxSparseUnits:
			var sets [maxSparseUnits]uint64
			return m.noRepeatIn(digits, sets[:n])
		case n <= maxSparseUnitsLarge:
			var sets [maxSparseUnitsLarge]uint64
			return m.noRepeatIn(digits, sets[:n])
		}
	}
	return m.noRepeat(digits)
}

// noRepeatIn is noRepeatSparse with sets, one per unit, for the units'
// digits. A cell's units come packed in one word (unitsOf), and the last
// few cells are one more word of 8: with fewer values to keep, the loop
// keeps them in registers, which it did not with a slice of units a
// cell and a loop of its own for the last cells.
func (m *Model) noRepeatIn(digits []uint8, sets []uint64) bool {
	unitsOf := m.unitsOf
	if len(unitsOf) != len(digits) {
		return false
	}
	var dup uint64
	for i := 0; i < len(digits); i += 8 {
		var x uint64
		if i+8 <= len(digits) {
			x = binary.LittleEndian.Uint64(digits[i:])
		} else {
			for j, d := range digits[i:] {
				x |= uint64(d) << (8 * j)
			}
		}
		for held := bytewise.Held(x); held != 0; held &= held - 1 {
			c := i + bits.TrailingZeros64(held)>>3
			bit := digitBit[digits[c]]
			k := unitsOf[c]
			if k == 0 {
				dup |= addDigit(sets, m.CellUnits[c], bit)
				continue
			}
			for ; k != 0; k >>= 12 {
				s := &sets[k&4095-1]
				dup |= *s & bit
				*s |= bit
			}
		}
	}
	return dup == 0
}

// noRepeatThrees is noRepeatIn for a model whose cells are each in
// three units of fewer than maxSparseUnits (Model.threes, the units of
// each cell): the three sets a cell updates, read from the table, are
// read and written with no loop, and no bounds check.
func noRepeatThrees(threes [][3]uint8, digits []uint8) bool {
	var sets [maxSparseUnits]uint64
	if len(threes) != len(digits) {
		return false
	}
	var dup uint64
	whole := len(digits) &^ 7
	for i := 0; i < whole; i += 8 {
		for held := bytewise.Held(binary.LittleEndian.Uint64(digits[i : i+8])); held != 0; held &= held - 1 {
			c := i + bits.TrailingZeros64(held)>>3
			dup |= addThree(&sets, &threes[c], digitBit[digits[c]])
		}
	}
	for c := whole; c < len(digits); c++ {
		dup |= addThree(&sets, &threes[c], digitBit[digits[c]]) // an empty cell's bit is 0
	}
	return dup == 0
}

// addThree adds bit to the sets of units u and returns it if one had it
// already.
func addThree(sets *[maxSparseUnits]uint64, u *[3]uint8, bit uint64) uint64 {
	const mask = maxSparseUnits - 1
	a, b, c := &sets[u[0]&mask], &sets[u[1]&mask], &sets[u[2]&mask]
	dup := (*a | *b | *c) & bit
	*a |= bit
	*b |= bit
	*c |= bit
	return dup
}

// addDigit adds bit to the sets of units and returns it if one had it
// already.
func addDigit(sets []uint64, units []int, bit uint64) (dup uint64) {
	for _, u := range units {
		dup |= sets[u] & bit
		sets[u] |= bit
	}
	return dup
}

// repeated finds the first cell whose digit an earlier one of cells
// holds too, and that earlier cell; 0 (empty) and digits beyond
// MaxSymbols repeat nothing.
func repeated(digits []uint8, cells []int) (first, second int, ok bool) {
	var seen uint64
	for i, c := range cells {
		d := digits[c]
		if d == 0 || d > MaxSymbols {
			continue
		}
		bit := uint64(1) << (d - 1)
		if seen&bit == 0 {
			seen |= bit
			continue
		}
		for _, f := range cells[:i] {
			if digits[f] == d {
				return f, c, true
			}
		}
	}
	return 0, 0, false
}

// fits reports whether p has a model and a given for each of its cells.
func (p *Puzzle) fits() bool {
	return p != nil && p.Model != nil && len(p.Givens) == len(p.Model.Cells)
}

// String is the puzzle in canvas form; one whose givens do not fit its
// layout is Validate's error in angle brackets.
func (p *Puzzle) String() string {
	if !p.fits() {
		return "<" + p.Validate().Error() + ">"
	}
	return canvasText(p.Model, p.Givens)
}

// String is the grid in canvas form; the zero Grid is "", and one
// whose digits do not fit its layout says so in angle brackets.
func (g Grid) String() string {
	if g.Model == nil {
		return ""
	}
	if len(g.Digits) != len(g.Model.Cells) {
		return fmt.Sprintf("<%s for %d cells>", plural(len(g.Digits), "digit"), len(g.Model.Cells))
	}
	return canvasText(g.Model, g.Digits)
}

func canvasText(m *Model, digits []uint8) string {
	return string(appendCanvas(nil, m, digits, '.'))
}

// Check verifies g against p without trusting any engine: the grid
// belongs to the puzzle's model, every cell holds a digit 1..N, every
// given is kept, every unit is all-different (and complete when full),
// and every variant rule holds.
func Check(p *Puzzle, g Grid) error {
	if !p.fits() {
		return &CheckError{Msg: "no puzzle, or one whose givens do not fit its layout"}
	}
	m := p.Model
	if g.Model != m || len(g.Digits) != len(m.Cells) {
		return &CheckError{Msg: "grid is for another layout"}
	}
	if fastCheck(p, g) {
		return checkRules(m, g.Digits)
	}
	for c, d := range g.Digits {
		if d < 1 || int(d) > m.N {
			return &CheckError{Cells: []Pos{m.Cells[c]}, Msg: fmt.Sprintf("cell %s holds %d, not a digit 1..%d", m.Cells[c], d, m.N)}
		}
		if gv := p.Givens[c]; gv != 0 && gv != d {
			return &CheckError{Cells: []Pos{m.Cells[c]},
				Msg: fmt.Sprintf("cell %s holds %s but the given is %s", m.Cells[c], Symbol(int(d)), Symbol(int(gv)))}
		}
	}
	for _, u := range m.Units {
		if first, second, ok := repeated(g.Digits, u.Cells); ok {
			a, b := m.Cells[first], m.Cells[second]
			return &CheckError{Unit: u.Name, Cells: []Pos{a, b},
				Msg: fmt.Sprintf("digit %s repeated at %s and %s", Symbol(int(g.Digits[first])), a, b)}
		}
	}
	return checkRules(m, g.Digits)
}

// A Checker is Check with a memory of the last grid it passed: a grid
// of the same model with the same digits has its givens tested again,
// not its units and rules, which depend on nothing else. A generator
// checks one solution against many puzzles. The zero Checker is ready
// for use; one Checker per goroutine.
type Checker struct {
	model  *Model
	digits []uint8 // a copy of the last grid passed, nil before one
}

// Check is Check(p, g).
func (k *Checker) Check(p *Puzzle, g Grid) error {
	m := p.Model
	if k.digits != nil && g.Model == m && m == k.model &&
		bytes.Equal(g.Digits, k.digits) && digitsKeep(g.Digits, p.Givens, m.N) {
		return nil
	}
	if err := Check(p, g); err != nil {
		return err
	}
	k.model, k.digits = m, append(k.digits[:0], g.Digits...)
	return nil
}

// fastCheck reports whether g passes Check's tests before the rules:
// every cell a digit 1..N, every given kept, no unit repeating a digit.
// It has no branch on the digits; when it says false, Check's own loops
// find the first fault and say what it is. g is for p's model.
func fastCheck(p *Puzzle, g Grid) bool {
	m := p.Model
	digits := g.Digits
	if len(p.Givens) != len(digits) || len(m.unitEnds) != len(m.Units) || m.N >= 127 {
		return false
	}
	if !digitsKeep(digits, p.Givens, m.N) {
		return false
	}
	if m.classic9 {
		return classic9Keep((*[81]uint8)(digits))
	}
	if len(digits) > maxFlatCells {
		return m.noRepeat(digits)
	}
	// Every cell holds a digit, so a unit holds at most as many digits
	// as cells, and as many exactly when it repeats none: the units'
	// digits add up to all their cells only when no unit repeats one.
	// The digits are copied into an array that every cell index, masked,
	// falls within, so that no look-up is checked against the bounds;
	// the loop takes four cells a round, for fewer instructions a cell.
	var flat [maxFlatCells]uint8
	copy(flat[:], digits)
	if m.nines {
		return ninesKeep(&flat, m.unitCells)
	}
	bit := &digitBit
	found, start := 0, int32(0)
	for _, end := range m.unitEnds {
		var seen uint64
		cells := m.unitCells[start:end]
		for ; len(cells) >= 4; cells = cells[4:] {
			seen |= bit[flat[cells[0]&(maxFlatCells-1)]] | bit[flat[cells[1]&(maxFlatCells-1)]] |
				bit[flat[cells[2]&(maxFlatCells-1)]] | bit[flat[cells[3]&(maxFlatCells-1)]]
		}
		for _, c := range cells {
			seen |= bit[flat[c&(maxFlatCells-1)]]
		}
		found += bits.OnesCount64(seen)
		start = end
	}
	return found == len(m.unitCells)
}

// ninesKeep is fastCheck's test of the units for a model whose units all
// have 9 cells, one unit a round with no loop inside it: the units of a
// classic grid and of multi-grids of them, variants' too. flat holds the
// digits (see fastCheck).
func ninesKeep(flat *[maxFlatCells]uint8, cells []int32) bool {
	const mask = maxFlatCells - 1
	bit := &digitBit
	found := 0
	for c := cells; len(c) >= 9; c = c[9:] {
		found += bits.OnesCount64(bit[flat[c[0]&mask]] | bit[flat[c[1]&mask]] | bit[flat[c[2]&mask]] |
			bit[flat[c[3]&mask]] | bit[flat[c[4]&mask]] | bit[flat[c[5]&mask]] |
			bit[flat[c[6]&mask]] | bit[flat[c[7]&mask]] | bit[flat[c[8]&mask]])
	}
	return found == len(cells)
}

// maxFlatCells bounds the layouts whose digits fastCheck copies into an
// array (a power of 2): up to a Sumo's 909 cells.
const maxFlatCells = 1024

// digitsKeep reports whether every byte of digits is a digit 1..n
// (n < 127) and every given that is not 0 is the digit in its place,
// 8 bytes at a time (see bytewise).
func digitsKeep(digits, givens []uint8, n int) bool {
	if len(givens) != len(digits) {
		return false
	}
	add := bytewise.AddFor(n)
	var bad uint64 // a byte's top bit: 0, beyond n, or a given broken
	i := 0
	for ; i <= len(digits)-8 && i <= len(givens)-8; i += 8 {
		x := binary.LittleEndian.Uint64(digits[i : i+8])
		gv := binary.LittleEndian.Uint64(givens[i : i+8])
		bad |= ^bytewise.Held(x) | bytewise.Over(x, add) | bytewise.Held(gv)&bytewise.Held(gv^x)
	}
	for ; i < len(digits) && i < len(givens); i++ {
		if d, gv := digits[i], givens[i]; d == 0 || int(d) > n || gv != 0 && gv != d {
			return false
		}
	}
	return bad&bytewise.High == 0
}

// Puzzle is the puzzle whose givens are the grid's digits.
func (g Grid) Puzzle() *Puzzle {
	return &Puzzle{Model: g.Model, Givens: append([]uint8(nil), g.Digits...)}
}

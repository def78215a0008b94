package layouts

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
	"math"
	"math/bits"
	"slices"
	"strconv"
)

// UnitKind tells where a unit comes from.
type UnitKind uint8

const (
	UnitRow UnitKind = iota
	UnitCol
	UnitBox
	UnitRegion
)

func (k UnitKind) String() string {
	return [...]string{"row", "column", "box", "region"}[k]
}

// Unit is a set of cells whose digits all differ. A unit of exactly N
// cells (Full) holds every digit once.
type Unit struct {
	Kind  UnitKind
	Name  string // for messages: "grid 2 row 3"
	Cells []int  // ascending cell indices
}

// Model is a compiled layout: cells numbered 0..len(Cells)-1 in canvas
// row-major order, and the units over them. Both engines read it. It is
// read-only once Compile has made it: engines, solvers and Checkers keep
// tables built from a model by its address, so a model changed after
// (a rule added) must be compiled anew, from its Layout.
type Model struct {
	Layout        *Layout
	N             int // symbols per grid
	Height, Width int // canvas size
	Cells         []Pos
	Units         []Unit
	CellUnits     [][]int // cell -> indices into Units
	Peers         [][]int // cell -> cells sharing a unit with it, ascending
	GridCells     [][]int // grid -> its n*n cells, row-major
	Rules         []Rule  // variant constraints beyond units
	index         []int32 // canvas r*Width+c -> cell, or -1
	// unitCells is every unit's cells end to end, unitEnds where each
	// ends in it: the flat form that the fast checks read.
	unitCells []int32
	unitEnds  []int32
	// nines: every unit has 9 cells (see fastCheck).
	nines bool
	// classic9: the units are a classic 9x9 grid's (see isClassic9).
	classic9 bool
	// unitsOf[c] is cell c's units (as CellUnits) packed for the test
	// of the givens, each u+1 in 12 bits from the lowest: 0 when it has
	// more than 5 or one beyond 4094 (see noRepeatIn).
	unitsOf []uint64
	// threes[c] is cell c's three units when every cell is in exactly
	// three, of fewer than maxSparseUnits in all (a classic grid up to
	// 21x21; see noRepeatThrees); nil otherwise.
	threes [][3]uint8
}

// packUnits packs units as unitsOf does.
func packUnits(units []int) uint64 {
	if len(units) > 5 {
		return 0
	}
	var k uint64
	for i, u := range units {
		if u >= 4095 {
			return 0
		}
		k |= uint64(u+1) << (12 * i)
	}
	return k
}

// Classic9 reports whether m is one classic 9x9 grid: its units, in
// whatever order, are exactly the rows, columns and 3x3 boxes of cells
// 0..80 taken row by row. Its rules, if any, are apart.
func (m *Model) Classic9() bool { return m.classic9 }

// Full reports whether unit u holds every digit exactly once.
func (m *Model) Full(u int) bool { return len(m.Units[u].Cells) == m.N }

// Innies are the cages that the full units imply, as rules of kind
// "innies" named for their unit (the "45 rule" of killer sudoku): a
// full unit holds every digit once, so its cells outside the killer
// cages that lie wholly inside it sum to n(n+1)/2 less those cages'
// sums, and differ. A cage that shares a cell with another does not
// count as covering it. A unit with no cage inside, or none outside,
// gives none. They are in the order of the units, their cells in the
// unit's order.
func (m *Model) Innies() []Rule {
	n := m.N
	return m.unitCages(func(u int, cage []int, inUnit []bool) (Rule, bool) {
		sum, inner := n*(n+1)/2, 0
		var rest []int
		for _, c := range m.Units[u].Cells {
			if cage[c] <= 0 {
				rest = append(rest, c)
				continue
			}
			r := &m.Rules[cage[c]-1]
			whole := true
			for _, x := range r.Cells {
				whole = whole && inUnit[x] && cage[x] == cage[c]
			}
			switch {
			case !whole:
				rest = append(rest, c)
			case r.Cells[0] == c: // count each cage once
				sum -= r.Sum
				inner++
			}
		}
		return Rule{Kind: "innies", Name: "innies of " + m.Units[u].Name, Cells: rest, Sum: sum}, inner > 0 && len(rest) > 0
	})
}

// Outies are the cages that the full units imply from outside, as
// rules of kind "innies" named for their unit: when the killer cages
// that meet a full unit cover it, each cell of it in one cage, their
// cells outside it sum to those cages' sums less n(n+1)/2. They make a
// cage only when they must differ, every two of them peers. They are
// in the order of the units, their cells in the order of the cages.
func (m *Model) Outies() []Rule {
	n := m.N
	return m.unitCages(func(u int, cage []int, inUnit []bool) (Rule, bool) {
		var met []int // the cages' rules, each once
		for _, c := range m.Units[u].Cells {
			if cage[c] <= 0 {
				return Rule{}, false // not covered
			}
			if !slices.Contains(met, cage[c]-1) {
				met = append(met, cage[c]-1)
			}
		}
		var rest []int
		sum := -n * (n + 1) / 2
		for _, ri := range met {
			sum += m.Rules[ri].Sum
			for _, c := range m.Rules[ri].Cells {
				if !inUnit[c] {
					rest = append(rest, c)
				}
			}
		}
		return Rule{Kind: "innies", Name: "outies of " + m.Units[u].Name, Cells: rest, Sum: sum}, len(rest) > 0 && m.peersAll(rest)
	})
}

// unitCages is Innies and Outies: for each full unit u, in order, the
// cage derive makes of it, if any, from each cell's killer cage (see
// cageOf) with u's cells marked in inUnit.
func (m *Model) unitCages(derive func(u int, cage []int, inUnit []bool) (Rule, bool)) []Rule {
	cage := m.cageOf()
	inUnit := make([]bool, len(m.Cells))
	var out []Rule
	for u := range m.Units {
		if !m.Full(u) {
			continue
		}
		cells := m.Units[u].Cells
		for _, c := range cells {
			inUnit[c] = true
		}
		r, ok := derive(u, cage, inUnit)
		for _, c := range cells {
			inUnit[c] = false
		}
		if ok {
			out = append(out, r)
		}
	}
	return out
}

// cageOf maps each cell to its killer cage's rule + 1: 0 if in none,
// -1 if in two.
func (m *Model) cageOf() []int {
	cage := make([]int, len(m.Cells))
	for i := range m.Rules {
		if m.Rules[i].Kind != "killer" {
			continue
		}
		for _, c := range m.Rules[i].Cells {
			if cage[c] != 0 {
				cage[c] = -1
			} else {
				cage[c] = i + 1
			}
		}
	}
	return cage
}

// peersAll reports whether every two of cells are peers.
func (m *Model) peersAll(cells []int) bool {
	for i, a := range cells {
		for _, b := range cells[i+1:] {
			if _, ok := slices.BinarySearch(m.Peers[a], b); !ok {
				return false
			}
		}
	}
	return true
}

// Cell returns the cell at canvas position p, if p is a cell.
func (m *Model) Cell(p Pos) (int, bool) {
	if p.Row < 0 || p.Col < 0 || p.Row >= m.Height || p.Col >= m.Width {
		return -1, false
	}
	i := m.index[p.Row*m.Width+p.Col]
	return int(i), i >= 0
}

// Compile validates a layout and builds its model. A unit that two grids
// share (an overlapping box, or a row they both span) is stored once.
func Compile(l *Layout) (*Model, error) {
	if err := l.Validate(); err != nil {
		return nil, err
	}
	n := l.Size
	m := &Model{Layout: l, N: n}
	for _, g := range l.Grids {
		m.Height = max(m.Height, g.At.Row+n)
		m.Width = max(m.Width, g.At.Col+n)
	}
	m.index = make([]int32, m.Height*m.Width)
	for i := range m.index {
		m.index[i] = -1
	}
	for _, g := range l.Grids {
		for r := g.At.Row; r < g.At.Row+n; r++ {
			for c := g.At.Col; c < g.At.Col+n; c++ {
				m.index[r*m.Width+c] = 0
			}
		}
	}
	cells := 0
	for _, i := range m.index {
		if i == 0 {
			cells++
		}
	}
	m.Cells = make([]Pos, 0, cells)
	for i := range m.index {
		if m.index[i] == 0 {
			m.index[i] = int32(len(m.Cells))
			m.Cells = append(m.Cells, Pos{i / m.Width, i % m.Width})
		}
	}

	b := &builder{m: m, units: map[string]bool{}, pairs: map[[2]int]bool{}}
	add := b.addUnit
	jigsaw := jigsawGrids(l)
	multi := len(l.Grids) > 1
	m.GridCells = make([][]int, 0, len(l.Grids))
	unit := make([]int, n) // the cells of a row, column or box; add copies them
	for gi, g := range l.Grids {
		prefix := ""
		if multi {
			prefix = "grid " + strconv.Itoa(gi+1) + " "
		}
		at := func(r, c int) int { return int(m.index[(g.At.Row+r)*m.Width+g.At.Col+c]) }
		gc := make([]int, 0, n*n)
		for r := range n {
			for c := range n {
				gc = append(gc, at(r, c))
			}
		}
		m.GridCells = append(m.GridCells, gc)
		for r := range n {
			for c := range n {
				unit[c] = at(r, c)
			}
			add(UnitRow, prefix+"row "+strconv.Itoa(r+1), unit)
		}
		for c := range n {
			for r := range n {
				unit[r] = at(r, c)
			}
			add(UnitCol, prefix+"column "+strconv.Itoa(c+1), unit)
		}
		box := l.BoxOf(gi)
		for bi := range n {
			if jigsaw[gi] || l.boxOf(gi).None() {
				break // its pieces are its boxes, or it has none
			}
			r0, c0 := bi/(n/box.Cols)*box.Rows, bi%(n/box.Cols)*box.Cols
			for r := range box.Rows { // Rows*Cols is n (Validate)
				for c := range box.Cols {
					unit[r*box.Cols+c] = at(r0+r, c0+c)
				}
			}
			add(UnitBox, prefix+"box "+strconv.Itoa(bi+1), unit)
		}
	}
	for ri, reg := range l.Regions {
		name := reg.Name
		if name == "" {
			name = fmt.Sprintf("region %d", ri+1)
		}
		cells := make([]int, 0, len(reg.Cells))
		for _, p := range reg.Cells {
			ci, ok := m.Cell(p)
			if !ok {
				return nil, at(fmt.Errorf("%w: %s: cell %s is outside every grid", ErrLayout, name, p), "regions", ri)
			}
			if slices.Contains(cells, ci) {
				return nil, at(fmt.Errorf("%w: %s: cell %s is listed twice", ErrLayout, name, p), "regions", ri)
			}
			cells = append(cells, ci)
		}
		if len(cells) > 1 {
			add(UnitRegion, name, cells)
		}
	}
	// A constraint given again adds no rule, only work: a rule of the
	// whole board repeated 40,000 times in a 1 MB layout file took
	// seconds and gigabytes to compile.
	seen := make(map[string]bool, len(l.Constraints))
	for i := range l.Constraints {
		if key, err := json.Marshal(&l.Constraints[i]); err == nil {
			if seen[string(key)] {
				continue
			}
			seen[string(key)] = true
		}
		if err := b.compileConstraint(i, &l.Constraints[i]); err != nil {
			return nil, at(err, "constraints", i)
		}
	}

	// Each cell's units in one allocation, and the units' cells in
	// another.
	per := make([]int, len(m.Cells))
	total := 0
	for _, u := range m.Units {
		for _, c := range u.Cells {
			per[c]++
		}
		total += len(u.Cells)
	}
	m.CellUnits = make([][]int, len(m.Cells))
	flat := make([]int, total)
	for c, k := range per {
		m.CellUnits[c] = flat[:0:k]
		flat = flat[k:]
	}
	m.unitCells = make([]int32, 0, total)
	m.unitEnds = make([]int32, 0, len(m.Units))
	for ui, u := range m.Units {
		for _, c := range u.Cells {
			m.CellUnits[c] = append(m.CellUnits[c], ui)
			m.unitCells = append(m.unitCells, int32(c))
		}
		m.unitEnds = append(m.unitEnds, int32(len(m.unitCells)))
	}
	m.nines = true
	for _, u := range m.Units {
		m.nines = m.nines && len(u.Cells) == 9
	}
	m.classic9 = isClassic9(m)
	m.unitsOf = make([]uint64, len(m.Cells))
	threes := len(m.Units) < maxSparseUnits
	for c, us := range m.CellUnits {
		m.unitsOf[c] = packUnits(us)
		threes = threes && len(us) == 3
	}
	if threes {
		m.threes = make([][3]uint8, len(m.Cells))
		for c, us := range m.CellUnits {
			m.threes[c] = [3]uint8{uint8(us[0]), uint8(us[1]), uint8(us[2])}
		}
	}
	m.Peers = peers(m)
	return m, nil
}

// peers is every cell's peers (Model.Peers), in one allocation: each
// cell's are marked in a bitset of the cells and read off it in order,
// which costs less than sorting them. span[u] is the words of the
// bitset that unit u's cells fall in, first and last, so that a cell
// reads only the words its units cover.
func peers(m *Model) [][]int {
	span := make([][2]int, len(m.Units))
	total := 0
	for u, unit := range m.Units {
		lo, hi := math.MaxInt, 0
		for _, c := range unit.Cells {
			lo, hi = min(lo, c>>6), max(hi, c>>6)
		}
		span[u] = [2]int{lo, hi}
		total += len(unit.Cells) * (len(unit.Cells) - 1)
	}
	all := make([][]int, len(m.Cells))
	flat := make([]int, 0, total) // at least as many as the peers
	set := make([]uint64, (len(m.Cells)+63)/64)
	for c := range m.Cells {
		lo, hi := len(set), 0
		for _, u := range m.CellUnits[c] {
			mark(set, m.Units[u].Cells)
			lo, hi = min(lo, span[u][0]), max(hi, span[u][1])
		}
		set[c>>6] &^= 1 << (c & 63)
		start := len(flat)
		for w := lo; w <= hi; w++ {
			for x := set[w]; x != 0; x &= x - 1 {
				flat = append(flat, w<<6|bits.TrailingZeros64(x))
			}
			set[w] = 0
		}
		all[c] = flat[start:len(flat):len(flat)]
	}
	return all
}

// mark sets the bits of cells in set.
func mark(set []uint64, cells []int) {
	for _, c := range cells {
		set[c>>6] |= 1 << (c & 63)
	}
}

// appendUnitKey appends to b a key of the cells, equal for equal lists:
// 4 bytes a cell (cells are far below 2^32).
func appendUnitKey(b []byte, cells []int) []byte {
	for _, c := range cells {
		b = binary.LittleEndian.AppendUint32(b, uint32(c))
	}
	return b
}

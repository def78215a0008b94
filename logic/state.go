package logic

import (
	"math/bits"
	"slices"

	"gattai/layouts"
)

// solver holds a model's tables and the candidate state of one puzzle.
// Techniques read the state and describe a Step; apply changes it.
// Not safe for concurrent use.
type solver struct {
	m   *layouts.Model
	n   int
	all uint64 // every digit's bit

	cand []uint64 // candidates of each cell, bit d-1 for digit d
	val  []uint8  // the placed digit, or 0

	full      []int     // indices of the full units
	fullIdx   []int32   // unit -> its index in full, or -1
	cellFull  [][]int32 // cell -> its full units, as indices into full
	cellRules [][]int32 // cell -> the rules on it, as indices into rules
	locks     []lock    // pairs of units meeting in 2 cells or more
	grids     []fishG   // per grid: its rows and columns as unit indices
	rules     []layouts.Rule
	pairRel   []*[65]uint64 // per rule: for a kropki or nonconsecutive pair, the digits its relation allows beside each digit

	peerBits []uint64 // cell a*len(cand)+b: a and b share a unit (small models)
	stamp    []uint32 // per cell, for marking without clearing
	gen      uint32

	memo     []uint8   // killer: per set of used digits, 1 feasible, 2 not
	placeTab []uint64  // fish: see places
	bils     []bilocal // see bilocals
	pairs    []int     // w-wing: the cells with two candidates
	cs       chainScratch
	ts       trialScratch

	unique  bool // Options.Unique: the uniqueness techniques apply
	noTrial bool // tests: stop where a trial would be needed
	prove   bool // trial steps tell their proofs (Hint and Steps; Rate needs none)

	done <-chan struct{} // the context of the Hint, Steps or Rate running
	stop bool            // done was seen closed
}

// watch makes stopped look at done, until watch(nil).
func (s *solver) watch(done <-chan struct{}) { s.done, s.stop = done, false }

// stopped says whether the context is done. The searches that can take
// long (trials) look, and give up finding anything once it is.
func (s *solver) stopped() bool {
	if !s.stop && s.done != nil {
		select {
		case <-s.done:
			s.stop = true
		default:
		}
	}
	return s.stop
}

// lock is a full unit u meeting a unit v: a digit whose candidates in u
// all lie in the meeting leaves v's other cells.
type lock struct {
	u, v  int
	cells []int // u ∩ v
	rest  []int // v \ u
}

type fishG struct {
	grid       int   // index into Layout.Grids
	rows, cols []int // unit indices, in grid order

	// When the grid's boxes are bands times stacks (not a jigsaw),
	// rowBox[i] is the rows in row i's band and colBox[j] the columns
	// in column j's stack, as masks of grid rows and columns; else nil.
	rowBox, colBox []uint64
}

func newSolver(m *layouts.Model) *solver {
	// The rules, and after them the cages the full units imply (the 45
	// rule, inside and out), which a person reads off a killer as well.
	s := &solver{m: m, n: m.N, all: ^uint64(0) >> (64 - m.N), rules: slices.Concat(m.Rules, m.Innies(), m.Outies())}
	nc := len(m.Cells)
	s.cand = make([]uint64, nc)
	s.val = make([]uint8, nc)
	s.stamp = make([]uint32, nc)
	s.placeTab = make([]uint64, m.N*m.N)
	s.fullIdx = make([]int32, len(m.Units))
	s.cellFull = make([][]int32, nc)
	for u := range m.Units {
		s.fullIdx[u] = -1
		if m.Full(u) {
			s.fullIdx[u] = int32(len(s.full))
			for _, c := range m.Units[u].Cells {
				s.cellFull[c] = append(s.cellFull[c], int32(len(s.full)))
			}
			s.full = append(s.full, u)
		}
	}
	s.ts.inDirty = make([]uint32, len(s.full))
	s.pairRel = pairRelations(m)
	s.cellRules = make([][]int32, nc)
	for ri, r := range s.rules {
		for _, c := range r.Cells {
			if !slices.Contains(s.cellRules[c], int32(ri)) {
				s.cellRules[c] = append(s.cellRules[c], int32(ri))
			}
		}
	}
	s.ts.fresh = make([]uint32, len(s.rules))
	// Locks: a full unit and any unit that shares 2+ cells with it
	// without lying inside it.
	for _, u := range s.full {
		s.mark()
		for _, c := range m.Units[u].Cells {
			s.stamp[c] = s.gen
		}
		seen := map[int]bool{}
		for _, c := range m.Units[u].Cells {
			for _, v := range m.CellUnits[c] {
				if v == u || seen[v] {
					continue
				}
				seen[v] = true
				var in, out []int
				for _, x := range m.Units[v].Cells {
					if s.stamp[x] == s.gen {
						in = append(in, x)
					} else {
						out = append(out, x)
					}
				}
				if len(in) >= 2 && len(out) > 0 {
					s.locks = append(s.locks, lock{u, v, in, out})
				}
			}
		}
	}
	slices.SortStableFunc(s.locks, func(a, b lock) int {
		return lockRank(m, a) - lockRank(m, b)
	})
	// Fish: each grid's rows and columns, found among the units.
	for gi, gc := range m.GridCells {
		f := fishG{grid: gi}
		n := s.n
		for i := range n {
			row := make([]int, n)
			col := make([]int, n)
			for j := range n {
				row[j] = gc[i*n+j]
				col[j] = gc[j*n+i]
			}
			slices.Sort(row)
			slices.Sort(col)
			f.rows = append(f.rows, s.unitOf(row))
			f.cols = append(f.cols, s.unitOf(col))
		}
		if !slices.Contains(f.rows, -1) && !slices.Contains(f.cols, -1) {
			f.rowBox, f.colBox = boxGroups(m, gc, n)
			s.grids = append(s.grids, f)
		}
	}
	if nc <= maxPeerBits {
		s.peerBits = make([]uint64, (nc*nc+63)/64)
		for a, ps := range m.Peers {
			for _, b := range ps {
				i := a*nc + b
				s.peerBits[i>>6] |= 1 << (i & 63)
			}
		}
	}
	return s
}

// boxGroups finds the bands and stacks of the grid of cells gc: rows
// i and i' share a band when their first cells share a box, and
// likewise columns. It returns nil unless every cell's box is the one
// of its band and stack.
func boxGroups(m *layouts.Model, gc []int, n int) (rowBox, colBox []uint64) {
	box := make([]int, len(gc)) // a box unit of each cell, -1 for none
	for i, c := range gc {
		box[i] = -1
		for _, u := range m.CellUnits[c] {
			if m.Units[u].Kind == layouts.UnitBox && len(m.Units[u].Cells) == n {
				box[i] = u
				break
			}
		}
		if box[i] < 0 {
			return nil, nil
		}
	}
	rowBox, colBox = make([]uint64, n), make([]uint64, n)
	for i := range n {
		for j := range n {
			if box[i*n] == box[j*n] {
				rowBox[i] |= 1 << j
			}
			if box[i] == box[j] {
				colBox[i] |= 1 << j
			}
		}
	}
	// Every cell in the box of its band's first row and its stack's
	// first column, and no two such boxes the same.
	reps := map[int]bool{}
	for i := range n {
		for j := range n {
			r, c := bits.TrailingZeros64(rowBox[i]), bits.TrailingZeros64(colBox[j])
			if box[i*n+j] != box[r*n+c] {
				return nil, nil
			}
			if i == r && j == c {
				if reps[box[i*n+j]] {
					return nil, nil
				}
				reps[box[i*n+j]] = true
			}
		}
	}
	return rowBox, colBox
}

// lockRank puts pointing (from a box) before claiming.
func lockRank(m *layouts.Model, l lock) int {
	if m.Units[l.u].Kind == layouts.UnitBox {
		return 0
	}
	return 1
}

// unitOf is the unit with exactly these (ascending) cells, or -1.
func (s *solver) unitOf(cells []int) int {
	for _, u := range s.m.CellUnits[cells[0]] {
		if slices.Equal(s.m.Units[u].Cells, cells) {
			return u
		}
	}
	return -1
}

// mark starts a new marking of cells in stamp.
func (s *solver) mark() {
	s.gen++
	if s.gen == 0 {
		clear(s.stamp)
		s.gen = 1
	}
}

// load sets the state to p's givens, each removed from its peers. It
// reports false when two givens conflict or a digit is out of range.
func (s *solver) load(p *layouts.Puzzle) bool {
	for c := range s.cand {
		s.cand[c] = s.all
		s.val[c] = 0
	}
	for c, d := range p.Givens {
		if d == 0 {
			continue
		}
		if int(d) > s.n || s.cand[c]&bit(int(d)) == 0 {
			return false
		}
		s.place(c, int(d))
	}
	return true
}

func bit(d int) uint64 { return 1 << (d - 1) }

// digits lists the digits of mask m, ascending, into dst.
func digits(m uint64) func(func(int) bool) {
	return func(yield func(int) bool) {
		for m != 0 {
			d := bits.TrailingZeros64(m) + 1
			if !yield(d) {
				return
			}
			m &= m - 1
		}
	}
}

func first(m uint64) int { return bits.TrailingZeros64(m) + 1 }
func count(m uint64) int { return bits.OnesCount64(m) }

// place puts d in c and removes d from c's peers.
func (s *solver) place(c, d int) {
	s.val[c] = uint8(d)
	s.cand[c] = bit(d)
	b := bit(d)
	for _, p := range s.m.Peers[c] {
		s.cand[p] &^= b
	}
}

// apply makes a step's changes.
func (s *solver) apply(st *Step) {
	for _, mv := range st.Eliminations {
		s.cand[mv.cell] &^= bit(mv.Digit)
	}
	for _, mv := range st.Placements {
		if s.val[mv.cell] == 0 {
			s.place(mv.cell, mv.Digit)
		}
	}
}

// broken reports a contradiction: a cell with no candidate, or a full
// unit with a digit that fits nowhere.
func (s *solver) broken() bool {
	for _, m := range s.cand {
		if m == 0 {
			return true
		}
	}
	for _, u := range s.full {
		var seen uint64
		for _, c := range s.m.Units[u].Cells {
			seen |= s.cand[c]
		}
		if seen != s.all {
			return true
		}
	}
	return false
}

// solved reports whether every cell is placed.
func (s *solver) solved() bool {
	for _, v := range s.val {
		if v == 0 {
			return false
		}
	}
	return true
}

func (s *solver) pos(c int) layouts.Pos { return s.m.Cells[c] }

func (s *solver) mv(c, d int) Move { return Move{Cell: s.m.Cells[c], Digit: d, cell: c} }

func (s *solver) unitName(u int) string { return s.m.Units[u].Name }

// positions is the cells of cs as positions.
func (s *solver) positions(cs ...int) []layouts.Pos {
	out := make([]layouts.Pos, len(cs))
	for i, c := range cs {
		out[i] = s.m.Cells[c]
	}
	return out
}

// sees reports whether cells a and b share a unit.
func (s *solver) sees(a, b int) bool {
	if s.peerBits != nil {
		i := a*len(s.cand) + b
		return s.peerBits[i>>6]&(1<<(i&63)) != 0
	}
	_, ok := slices.BinarySearch(s.m.Peers[a], b)
	return ok
}

// maxPeerBits is the most cells for which sees uses a bit matrix
// (2 MiB at most) rather than a search of the peer list.
const maxPeerBits = 4096

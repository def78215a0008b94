package nine

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math"
	"math/bits"
	"slices"
)

// MaxLinked is the most grids Link takes.
const MaxLinked = 64

// Linked is a board of 9x9 grids that overlap in whole, aligned boxes
// (a Samurai, a Sumo, ...), compiled once by Link: each grid is a grid
// of Count's, and the boxes two grids share keep equal candidates in
// both (see doc.go). It holds its search's scratch space, reused from
// one Count to the next: not safe for concurrent use.
type Linked struct {
	grids      [][81]int32    // grids[g][i]: the cell at row-major index i of grid g
	cellAt     [][3][32]int32 // cellAt[g][b][p]: the cell at bit p of band b of grid g (0 for the unused bits)
	links      [][]link       // links[g]: the boxes board g shares, each with a = g
	cells      int
	levels     []level      // levels[depth]: the state at that depth of the search
	unitWeight [][6]uint8   // unitWeight[g][u]: 1 + 2 per box that unit u of board g shares (see choose)
	shared     [][6]uint8   // shared[g][u]: the boxes that unit u of board g shares, bit k for its kth box
	weight     []uint64     // weight[g]: board g's links and contradictions (see choose)
	inv        [][6]float64 // inv[g][u]: 1 / (weight[g] * unitWeight[g][u])
	bump       uint64       // what the next contradiction adds to a weight
	places     []place      // every cell of every grid, in the order of the cells
	digit      [][9]uint8   // digit[g][i]: the digit (0..8) that board g keeps at index i, for this Count (see order)
	index      [][9]uint8   // index[g][d]: the index at which board g keeps digit d
	maps       [][][9]uint8 // maps[g][j][i]: g's index of the digit that the partner of link j of g keeps at index i
	at         []uint32     // Count's scratch: the givenBands of every grid, end to end
}

// A place is a cell c of a grid g, at bit of its band b: Count puts c's
// given v into Linked.at[at + v<<2], at being g*64 + b (see givenBands).
type place struct {
	c, at int32
	bit   uint32
}

// A level is the state at one depth of the search: the boards, and the
// configurations of their units (see choose) as of the last choice made
// at that depth, for the boards that have not settled since (known).
type level struct {
	boards  []grid
	configs [][6]uint32
	known   uint64
}

// A link is a box that boards a and b share: box (ba, ka) of a (band,
// stack) is box (bb, kb) of b, cell for cell.
type link struct {
	a, b   uint8
	ba, bb uint8
	ka, kb uint8
}

// Link compiles a board of 9x9 grids with cells numbered 0..cells-1:
// grids[g] lists the 81 cells of grid g, row-major. Two grids may share
// cells only in whole boxes, each cell of the box at the same place in
// both; every cell must belong to a grid. Otherwise, or beyond MaxLinked
// grids, it returns an error and the board is not for this package.
func Link(grids [][]int, cells int) (*Linked, error) {
	if len(grids) == 0 || len(grids) > MaxLinked || cells < 0 {
		return nil, fmt.Errorf("nine: %d grids, want 1 to %d", len(grids), MaxLinked)
	}
	l := &Linked{grids: make([][81]int32, len(grids)), cells: cells, weight: make([]uint64, len(grids)), inv: make([][6]float64, len(grids)), links: make([][]link, len(grids))}
	// at[c]: the grids holding cell c, as g*81+i.
	at := make([][]int, cells)
	for g, gc := range grids {
		if len(gc) != 81 {
			return nil, fmt.Errorf("nine: grid %d has %d cells, want 81", g+1, len(gc))
		}
		for i, c := range gc {
			if c < 0 || c >= cells {
				return nil, fmt.Errorf("nine: grid %d: cell %d outside 0..%d", g+1, c, cells-1)
			}
			for _, o := range at[c] {
				if o/81 == g {
					return nil, fmt.Errorf("nine: grid %d holds cell %d twice", g+1, c)
				}
			}
			at[c] = append(at[c], g*81+i)
			l.grids[g][i] = int32(c)
		}
	}
	seen := map[link]bool{}
	for _, os := range at {
		for x, o := range os {
			for _, p := range os[x+1:] {
				k, ok := l.boxLink(o/81, o%81, p/81, p%81)
				if !ok {
					return nil, errors.New("nine: grids share cells outside whole, aligned boxes")
				}
				if !seen[k] {
					seen[k] = true
					l.links[k.a] = append(l.links[k.a], k)
					l.links[k.b] = append(l.links[k.b], link{a: k.b, b: k.a, ba: k.bb, bb: k.ba, ka: k.kb, kb: k.ka})
				}
			}
		}
	}
	for c, os := range at {
		if len(os) == 0 {
			return nil, fmt.Errorf("nine: cell %d is in no grid", c)
		}
		for _, o := range os {
			p := posOf[o%81]
			l.places = append(l.places, place{c: int32(c), at: int32(o/81*len(givenBands{}) + int(p&3)), bit: 1 << (p >> 2)})
		}
	}
	l.at = make([]uint32, len(grids)*len(givenBands{}))
	l.cellAt = make([][3][32]int32, len(grids))
	for g := range l.cellAt {
		for b := range 3 {
			for p, i := range cellOf[b] {
				if i < 81 {
					l.cellAt[g][b][p] = l.grids[g][i]
				}
			}
		}
	}
	l.digit = make([][9]uint8, len(grids))
	l.index = make([][9]uint8, len(grids))
	l.maps = make([][][9]uint8, len(grids))
	for g := range l.maps {
		l.maps[g] = make([][9]uint8, len(l.links[g]))
	}
	l.unitWeight = make([][6]uint8, len(grids))
	l.shared = make([][6]uint8, len(grids))
	for g := range l.links {
		l.unitWeight[g] = [6]uint8{1, 1, 1, 1, 1, 1}
		for _, k := range l.links[g] {
			l.unitWeight[g][k.ba%3] += 2
			l.unitWeight[g][3+k.ka%3] += 2
			l.shared[g][k.ba%3] |= 1 << (k.ka % 3)
			l.shared[g][3+k.ka%3] |= 1 << (k.ba % 3)
		}
	}
	return l, nil
}

// boxLink is the link between the box of cell i of grid g and that of
// cell j of grid h, and whether the two boxes are the same cells in the
// same places.
func (l *Linked) boxLink(g, i, h, j int) (link, bool) {
	r0, c0 := i/27*3, i%9/3*3
	r1, c1 := j/27*3, j%9/3*3
	if i/9-r0 != j/9-r1 || i%9-c0 != j%9-c1 {
		return link{}, false
	}
	for r := range 3 {
		for c := range 3 {
			if l.grids[g][(r0+r)*9+c0+c] != l.grids[h][(r1+r)*9+c1+c] {
				return link{}, false
			}
		}
	}
	return link{a: uint8(g), b: uint8(h), ba: uint8(r0 / 3), ka: uint8(c0 / 3), bb: uint8(r1 / 3), kb: uint8(c1 / 3)}, true
}

// Cells is the number of cells of the board: the length of Count's
// givens and solution.
func (l *Linked) Cells() int { return l.cells }

// linkedSearch is what a search accumulates.
type linkedSearch struct {
	limit, count int
	guesses      int64
	solution     []uint8
	done         <-chan struct{}
	stopped      bool
}

// checkEvery is the number of guesses between two looks at the context.
const checkEvery = 256

// Count solves the board with givens (one per cell, 0 empty, 1..9 a
// given), stopping after limit solutions (limit < 1 means 1). It writes
// the first solution found into solution, if not nil, and returns the
// number of solutions found and the number of guesses made. Conflicting
// givens give count 0, and so does a given outside 0..9. givens, and
// solution if not nil, must have Cells() entries. When ctx is done before
// the search ends, the error is ctx.Err() and the count what was found so
// far. It allocates only when a search goes deeper than any before on l.
func (l *Linked) Count(ctx context.Context, givens []uint8, limit int, solution []uint8) (count int, guesses int64, err error) {
	return l.CountWithout(ctx, givens, limit, solution, -1, 0)
}

// CountWithout is Count of the solutions in which cell does not hold
// digit (1..9): the givens with that candidate ruled out. Another cell
// or digit rules out nothing.
func (l *Linked) CountWithout(ctx context.Context, givens []uint8, limit int, solution []uint8, cell int, digit uint8) (count int, guesses int64, err error) {
	if len(givens) != l.cells || solution != nil && len(solution) != l.cells {
		panic("nine: Linked.Count: givens or solution of the wrong length")
	}
	if err := ctx.Err(); err != nil {
		return 0, 0, err
	}
	lv := l.level(0)
	lv.known = 0
	st := lv.boards
	// The givens of every grid at once, in one pass over the cells (as
	// grid.init does for one).
	at, places := l.at, l.places
	clear(at)
	if !putGivens(at, places, givens) {
		return 0, 0, nil
	}
	for g := range st {
		st[g] = grid{}
		if !st[g].fill((*givenBands)(at[g*len(givenBands{}):])) {
			return 0, 0, nil
		}
		l.order(g, &st[g])
		l.weight[g] = uint64(1+len(l.links[g])) << weightShift
		l.weigh(g)
	}
	for g, ks := range l.links {
		for j, k := range ks {
			m, ia := &l.maps[g][j], &l.index[g]
			for i, d := range &l.digit[k.b] {
				m[i] = ia[d]
			}
		}
	}
	if cell >= 0 && cell < l.cells && digit >= 1 && digit <= 9 {
		// One board holding the cell is enough: link narrows the others.
		i, _ := slices.BinarySearchFunc(l.places, int32(cell), func(p place, c int32) int { return cmp.Compare(p.c, c) })
		p := l.places[i]
		g, b := int(p.at)/len(givenBands{}), p.at&3
		m := [3]uint32{bandMask, bandMask, bandMask}
		m[b] &^= p.bit
		st[g].narrow(uint(l.index[g][digit-1]), &m)
	}
	l.bump = 1 << weightShift
	s := linkedSearch{limit: max(limit, 1), solution: solution, done: ctx.Done()}
	l.search(&s, 0)
	if s.stopped {
		err = ctx.Err()
	}
	return s.count, s.guesses, err
}

// putGivens puts the givens of every grid into at (see place), in one pass
// over the cells; false means a given above 15. A function of its own,
// so that its loop has the registers to itself.
//
//go:noinline
func putGivens(at []uint32, places []place, givens []uint8) bool {
	var bad uint8
	for _, p := range places {
		v := givens[p.c]
		bad |= v
		at[p.at+int32(v&15)<<2] |= p.bit
	}
	return bad <= 15
}

// order keeps the digits of board g, fresh from fill, in the order of
// their cells, fewest first: settle reduces its dirty digits in the order
// of their indices, and a digit with few cells is the likeliest to place
// some, which takes them from the other digits before these are reduced
// rather than after (each would then be reduced again). A digit's index
// is then its place in that order, the same for the whole search (see
// digit and index); link maps the indices between boards.
func (l *Linked) order(g int, b *grid) {
	// Each key, the digit's cells<<4 | the digit, below 2048, takes a
	// 12-bit lane of lo (digits 0..4) or hi (5..8), whose top bit is a
	// guard: subtracting a key k from every lane at once leaves the
	// guard of the lanes below k clear (see rank).
	var key [9]uint64
	var lo, hi uint64
	for d := range b.f {
		x := &b.f[d]
		key[d] = uint64(bits.OnesCount32(x[0])+bits.OnesCount32(x[1])+bits.OnesCount32(x[2]))<<4 | uint64(d)
	}
	for d := range 5 {
		lo |= key[d] << (12 * d)
	}
	for d := range 4 {
		hi |= key[5+d] << (12 * d)
	}
	f := b.f
	dg, ix := &l.digit[g], &l.index[g]
	for d, k := range key {
		i := (rank(lo, k, 5) + rank(hi, k, 4)) % 9
		dg[i], ix[d] = uint8(d), uint8(i)
		b.f[i] = f[d]
	}
}

// guards are the top bits of five 12-bit lanes, and lanes the low bits.
const (
	guards = 0x800_800_800_800_800
	lanes  = 0x001_001_001_001_001
)

// rank is the number of the n lanes of x (see order) that hold less
// than k, without a branch.
func rank(x, k uint64, n int) int {
	h := uint64(guards) >> (12 * (5 - n))
	return bits.OnesCount64(h &^ ((x | h) - k*(lanes>>(12*(5-n)))))
}

// level is the state at depth, made when the search first goes there.
func (l *Linked) level(depth int) *level {
	for len(l.levels) <= depth {
		l.levels = append(l.levels, level{boards: make([]grid, len(l.grids)), configs: make([][6]uint32, len(l.grids))})
	}
	return &l.levels[depth]
}

// search solves the boards at depth, which the caller has narrowed to
// its guess, recording solutions in s until s.limit is reached; as in
// Count's search, when a guess's subtree is done the boards here are
// narrowed to the other side.
func (l *Linked) search(s *linkedSearch, depth int) {
	lv := &l.levels[depth]
	st := lv.boards
	for {
		switch l.propagate(lv) {
		case failed:
			return
		case solved:
			l.record(s, st)
			return
		}
		var x guess
		b := l.choose(lv, &x)
		s.guesses++
		if s.guesses%checkEvery == 0 && s.done != nil {
			select {
			case <-s.done:
				s.stopped = true
			default:
			}
		}
		if s.stopped {
			return
		}
		next := l.level(depth + 1)
		lv = &l.levels[depth] // level may have moved l.levels
		copy(next.boards, st)
		copy(next.configs, lv.configs)
		next.known = lv.known
		next.boards[b].narrow(x.d, &x.try)
		l.search(s, depth+1)
		lv = &l.levels[depth]
		if s.count >= s.limit || s.stopped {
			return
		}
		st[b].narrow(x.d, &x.other)
	}
}

// propagate settles every board and makes the boxes they share agree,
// until nothing changes: failed, solved (every board), or stalled.
func (l *Linked) propagate(lv *level) int {
	st := lv.boards
	for {
		settled := false
		for i := range st {
			if st[i].dirty == 0 {
				continue
			}
			if st[i].settle() == failed {
				l.fail(i)
				return failed
			}
			settled = true
			lv.known &^= 1 << (i & 63)
			l.link(st, i)
		}
		if !settled {
			break
		}
	}
	for i := range st {
		if st[i].unsolved[0]|st[i].unsolved[1]|st[i].unsolved[2] != 0 {
			return stalled
		}
	}
	return solved
}

// link narrows each box that board g shares, in the other board, to
// the candidates it has in g, digit by digit, and marks the digits that
// lost cells dirty there. Run after every settle of g, it leaves no
// shared box unequal once no board is dirty. One way is enough: a
// partner's box holds cells that g's lacks only when g narrowed it since
// they last agreed (g links it now) or the partner did, which is then
// dirty and links it when it settles (every change to a board's cells
// makes their digit dirty; narrowing by a guess too). Every digit, not
// only those g reduced since its last link: those did not change in g,
// so the partner's box, narrowed to g's then, still is, and nine
// branch-free digits cost less than a loop over the few that changed
// (its exits mispredicted).
func (l *Linked) link(st []grid, g int) {
	a := &st[g]
	for j, k := range l.links[g] {
		b := &st[k.b]
		ia, ib := k.ba%3, k.bb%3
		mb := uint32(boxCols) << (k.kb & 3)
		// A box placed in both boards agrees already: the link after
		// the settle that placed a cell gave the partner its digit.
		if a.unsolved[ia]&(boxCols<<(k.ka&3))|b.unsolved[ib]&mb == 0 {
			continue
		}
		// The box of a, rotated by rot, sits where that of b does (the
		// bits of a's other boxes land outside b's, which keep lets
		// through).
		rot := int(k.kb&3) - int(k.ka&3)
		keep := ^mb
		b.dirty |= linkBox(a, b, int(ia), int(ib), &l.maps[g][j], rot, keep)
	}
}

// linkBoxGo narrows, for each digit i of board b, its band word ib to
// board a's band word ia of digit m[i] (m: a's index of each of b's
// digits, since the boards order their digits each their own way)
// rotated by rot, where keep is clear, and returns the digits of b that
// lost a cell, without a branch (whether a box changes is
// unpredictable).
func linkBoxGo(a, b *grid, ia, ib int, m *[9]uint8, rot int, keep uint32) uint32 {
	// Unrolled, as linkBox is.
	return linkDigit(&a.f[m[0]][ia], &b.f[0][ib], rot, keep) |
		linkDigit(&a.f[m[1]][ia], &b.f[1][ib], rot, keep)<<1 |
		linkDigit(&a.f[m[2]][ia], &b.f[2][ib], rot, keep)<<2 |
		linkDigit(&a.f[m[3]][ia], &b.f[3][ib], rot, keep)<<3 |
		linkDigit(&a.f[m[4]][ia], &b.f[4][ib], rot, keep)<<4 |
		linkDigit(&a.f[m[5]][ia], &b.f[5][ib], rot, keep)<<5 |
		linkDigit(&a.f[m[6]][ia], &b.f[6][ib], rot, keep)<<6 |
		linkDigit(&a.f[m[7]][ia], &b.f[7][ib], rot, keep)<<7 |
		linkDigit(&a.f[m[8]][ia], &b.f[8][ib], rot, keep)<<8
}

// linkDigit narrows the band word y of one digit to x, rotated by rot,
// where keep is clear, and returns 1 if y lost a cell, else 0: a band
// word has 27 bits, so -(lost) has bit 31 set when any cell was lost.
func linkDigit(x, y *uint32, rot int, keep uint32) uint32 {
	old := *y
	n := old & (bits.RotateLeft32(*x, rot) | keep)
	*y = n
	return -(old ^ n) >> 31
}

// Weights: a board starts at 1 plus its links, in units of
// 1<<weightShift, and each contradiction found in it adds bump, which
// grows by 1/2^bumpShift with each one, so that recent contradictions
// count most. On the sumo set, bumpShift 6 took half the guesses of no
// growth; 3 to 8 were all better than none.
const (
	weightShift = 16
	bumpShift   = 6
)

// fail weighs a contradiction found in board g.
func (l *Linked) fail(g int) {
	l.weight[g] += l.bump
	l.weigh(g)
	l.bump += l.bump >> bumpShift
	if l.bump > 1<<40 { // rescale, keeping the weights' sums exact
		for i := range l.weight {
			l.weight[i] = max(l.weight[i]>>20, 1)
			l.weigh(i)
		}
		l.bump >>= 20
	}
}

// weigh sets the inverse weights of the units of board g from its
// weight.
func (l *Linked) weigh(g int) {
	for u, w := range l.unitWeight[g] {
		l.inv[g][u] = 1 / (float64(l.weight[g]) * float64(w))
	}
}

// choose fills in x with a guess on one of the boards, which it
// returns: a configuration guess (see chooseConfig) in the band or stack
// of any board with the fewest configurations for its weight, else a
// cell of that board. A unit weighs its board's weight (see fail; as
// dom/wdeg in the general engine) times 1 + 2 * the boxes it shares with
// other boards: a guess there settles cells of two boards at once, and
// on the sumo set this took a fifth of the guesses of board weights
// alone. Without weights the search thrashed: a wrong guess in one
// board surfaced as a contradiction in another only after guesses in
// boards that had nothing to do with it, which the search then undid
// and tried again one by one.
func (l *Linked) choose(lv *level, x *guess) int {
	st := lv.boards
	// The least key: configurations times inverse weight, a positive
	// float whose bits order as integers, with the low bits replaced by
	// the board and unit (ties go to the first, as they did; the bits
	// dropped are far below any real difference). Branch-free: which
	// unit wins is unpredictable.
	const none = 0x7ff0_0000_0000_0000 // +Inf: no unit to guess in
	best := uint64(none)
	first := -1
	for i := range st {
		g := &st[i]
		if g.unsolved[0]|g.unsolved[1]|g.unsolved[2] == 0 {
			continue
		}
		if first < 0 {
			first = i
		}
		inv := &l.inv[i]
		id := uint64(i) << 3
		cf := &lv.configs[i]
		if lv.known>>(i&63)&1 == 0 {
			*cf = g.unitConfigs()
			lv.known |= 1 << (i & 63)
		}
		// Unrolled (the loop's exits mispredicted).
		best = min(best, unitKey(cf[0], inv[0], id), unitKey(cf[1], inv[1], id|1),
			unitKey(cf[2], inv[2], id|2), unitKey(cf[3], inv[3], id|3),
			unitKey(cf[4], inv[4], id|4), unitKey(cf[5], inv[5], id|5))
	}
	if best < none {
		bb, bu := int(best>>3&63), int(best&7)
		if l.configGuess(&st[bb], bb, bu, x) {
			return bb
		}
		st[bb].chooseCell(&l.index[bb], x)
		return bb
	}
	st[first].chooseCell(&l.index[first], x)
	return first
}

// configGuess fills in x with a guess on the configurations of a digit
// with exactly two in unit bu of board g (b): of those, the one whose
// two differ in the most boxes that the unit shares, the first in the
// order of the digits on a tie. Either way the guess then settles cells
// of the partner too; on the sumo set this took 9% fewer guesses than
// the first digit, on the samurai set 1%. It returns false when there
// is no such digit.
func (l *Linked) configGuess(b *grid, g, bu int, x *guess) bool {
	sh := unitShift[bu%6]
	shared := uint32(l.shared[g][bu%6])
	best, bt, bs := -1, uint64(0), -1
	for _, d := range &l.index[g] {
		t := b.open[d%9] >> sh & planeMask
		if configs[t] != 2 {
			continue
		}
		// The boxes where the two configurations differ: a band's
		// pattern has bit r*3+k for row r of box k, a stack's b*3+j for
		// column j of its box in band b.
		p, c := uint32(firstPerm[t]), perms[t]
		diff := uint32(c)&^p | p&^uint32(c>>32)
		var boxes uint32
		if bu < 3 {
			boxes = (diff | diff>>3 | diff>>6) & 7
		} else {
			y := diff | diff>>1 | diff>>2
			boxes = y&1 | y>>2&2 | y>>4&4
		}
		if sc := bits.OnesCount32(boxes & shared); sc > bs {
			best, bt, bs = int(d%9), t, sc
		}
	}
	if best < 0 {
		return false
	}
	b.configSet(bu, best, bt, x)
	return true
}

// put3 writes v into the cells of the three bits of band word m, c the
// cell at each bit of its band (cellOf, Linked.cellAt).
func put3[C uint8 | int32](sol []uint8, c *[32]C, m uint32, v uint8) {
	sol[c[bits.TrailingZeros32(m)&31]] = v
	m &= m - 1
	sol[c[bits.TrailingZeros32(m)&31]] = v
	m &= m - 1
	sol[c[bits.TrailingZeros32(m)&31]] = v
}

// unitKey is the key of a unit with t configurations and inverse weight
// inv, id its board and unit (see choose): +Inf when it is fixed.
func unitKey(t uint32, inv float64, id uint64) uint64 {
	k := math.Float64bits(float64(t)*inv)&^511 | id
	if t <= 9 {
		k = 0x7ff0_0000_0000_0000
	}
	return k
}

// record counts the solved boards and keeps the first solution.
func (l *Linked) record(s *linkedSearch, st []grid) {
	s.count++
	if s.count > 1 || s.solution == nil {
		return
	}
	// A solved board has each digit once in each row: three cells a
	// band word, taken without a loop (whose exits mispredicted).
	sol := s.solution
	for g := range st {
		at := &l.cellAt[g]
		for d := range st[g].f {
			v := l.digit[g][d] + 1
			f := &st[g].f[d]
			put3(sol, &at[0], f[0], v)
			put3(sol, &at[1], f[1], v)
			put3(sol, &at[2], f[2], v)
		}
	}
}

package nine

import (
	"context"
	"encoding/binary"
	"math/bits"

	"gattai/internal/bytewise"
)

// grid is the whole search state (272 bytes); it is copied by value on
// every guess. Band words use the layout of doc.go.
type grid struct {
	f        [9][3]uint32 // f[d][b]: cells of band b that may hold digit d+1
	unsolved [3]uint32    // cells of band b not yet placed
	dirty    uint32       // digits whose cells changed since they were last reduced

	// open[d] and sure[d] are the triads that may hold digit d+1 and those
	// certain to, as of its last reduce: bit b*9+r*3+k is the row triad of
	// row r, box k in band b; bit 32+k*9+b*3+j the column triad of column
	// j of box k in band b.
	open, sure [9]uint64
}

// solver holds what the search accumulates; it lives on Count's stack.
type solver struct {
	limit    int
	count    int
	guesses  int64
	solution *[81]uint8
	done     <-chan struct{}
	stopped  bool
}

// Count solves a 9x9 puzzle (givens[i] in 0..9, row-major, 0 empty),
// stopping after limit solutions (limit < 1 means 1). It writes the first
// solution found into solution (if count > 0) and returns the number of
// solutions found and the number of guesses made. Conflicting givens give
// count 0, and so does a given outside 0..9. When ctx is done before the
// search ends (it looks every checkEvery guesses), the error is ctx.Err()
// and the count what was found so far. It does not allocate.
func Count(ctx context.Context, givens *[81]uint8, limit int, solution *[81]uint8) (count int, guesses int64, err error) {
	return countFrom(ctx, givens, limit, solution, 0, [3]uint32{bandMask, bandMask, bandMask})
}

// CountWithout is Count of the solutions in which cell (0..80) does not
// hold digit (1..9): the givens with that candidate ruled out. Another
// cell or digit rules out nothing.
func CountWithout(ctx context.Context, givens *[81]uint8, limit int, solution *[81]uint8, cell int, digit uint8) (count int, guesses int64, err error) {
	m := [3]uint32{bandMask, bandMask, bandMask}
	if cell >= 0 && cell < 81 && digit >= 1 && digit <= 9 {
		p := posOf[cell]
		m[p&3] &^= 1 << (p >> 2)
	}
	return countFrom(ctx, givens, limit, solution, uint(digit+8)%9, m)
}

// countFrom is Count with the givens' digit d narrowed to the cells m.
func countFrom(ctx context.Context, givens *[81]uint8, limit int, solution *[81]uint8, d uint, m [3]uint32) (int, int64, error) {
	if err := ctx.Err(); err != nil {
		return 0, 0, err
	}
	var g grid
	if !g.init(givens) {
		return 0, 0, nil
	}
	s := solver{limit: max(limit, 1), solution: solution, done: ctx.Done()}
	s.search(g, d, m)
	var err error
	if s.stopped {
		err = ctx.Err()
	}
	return s.count, s.guesses, err
}

// init places the givens; false means a given outside 0..9 or two equal
// givens in one box (other conflicts surface in propagation).
func (g *grid) init(givens *[81]uint8) bool {
	var at givenBands
	// Only the givens are visited, found 8 cells at a time (most cells
	// are empty); the empty cells are the rest. An empty cell's bit put
	// into at one by one made a chain of stores to the same few words.
	var bad uint64 // every byte ORed: a high nibble is a given above 15
	for i := 0; i < 80; i += 8 {
		x := binary.LittleEndian.Uint64(givens[i:])
		bad |= x
		for held := bytewise.Held(x); held != 0; held &= held - 1 {
			put(&at, i+bits.TrailingZeros64(held)>>3, givens)
		}
	}
	if v := givens[80]; v != 0 {
		bad |= uint64(v)
		put(&at, 80, givens)
	}
	if bad&highNibbles != 0 {
		return false
	}
	at.empty()
	return g.fill(&at)
}

// empty sets at's empty cells, at[0..2], to those given no digit 1..9
// (a given of 10 to 15 fails fill).
func (at *givenBands) empty() {
	e0, e1, e2 := uint32(bandMask), uint32(bandMask), uint32(bandMask)
	for v := 1; v <= 9; v++ {
		e0 &^= at[v<<2]
		e1 &^= at[v<<2|1]
		e2 &^= at[v<<2|2]
	}
	at[0], at[1], at[2] = e0, e1, e2
}

// put puts the given of cell i into at.
func put(at *givenBands, i int, givens *[81]uint8) {
	p := posOf[i%81]
	at[uint(givens[i%81]&15)<<2|uint(p&3)] |= 1 << (p >> 2)
}

// highNibbles is the high half of every byte of a word.
const highNibbles = 0xf0f0_f0f0_f0f0_f0f0

// givenBands holds a grid's givens by value and band: at[v<<2|b] is the
// cells of band b given v (v 0: the empty cells).
type givenBands [64]uint32

// fill places the givens at; false means a given of 10 to 15 or two
// equal givens in one box.
func (g *grid) fill(at *givenBands) bool {
	var beyond uint32
	for _, m := range at[10<<2:] {
		beyond |= m
	}
	if beyond != 0 {
		return false
	}
	// Each given must be alone in its box: then the givens are as many as
	// the (digit, box) pairs they occupy.
	g.unsolved = [3]uint32{at[0], at[1], at[2]}
	clues, pairs := 81-bits.OnesCount32(at[0])-bits.OnesCount32(at[1])-bits.OnesCount32(at[2]), 0
	for d := range g.f {
		var occupied uint32
		for b := range 3 {
			m := at[(d+1)<<2|b]
			x := m | m>>9 | m>>18
			boxes := (x | x>>3 | x>>6) & 7
			occupied |= boxes << (3 * b)
			// The empty cells, less the boxes of the digit's givens, and
			// those givens.
			g.f[d][b] = at[b]&^(boxes*boxCols) | m
		}
		pairs += bits.OnesCount32(occupied)
	}
	if pairs != clues {
		return false
	}
	g.dirty = 1<<9 - 1
	return true
}

// search solves g narrowed to the cells m of digit d, recording
// solutions in s, until s.limit is reached. g is the caller's copy: a
// guess passes it down with the cells to try, and when that subtree is
// done narrows g to the alternative. Narrowing in the callee makes the
// argument the only copy of the grid a guess makes.
func (s *solver) search(g grid, d uint, m [3]uint32) {
	g.narrow(d, &m)
	for {
		var x guess
		switch g.propagate(&x) {
		case failed:
			return
		case solved:
			s.record(&g)
			return
		}
		s.guesses++
		if s.guesses%checkEvery == 0 && s.done != nil {
			select {
			case <-s.done:
				s.stopped = true
				return
			default:
			}
		}
		s.search(g, x.d, x.try)
		if s.count >= s.limit || s.stopped {
			return
		}
		g.narrow(x.d, &x.other)
	}
}

// A guess is a binary choice about one digit: its cells are first ANDed
// with try, band by band, then (when that fails or to count further)
// with other.
type guess struct {
	d          uint
	try, other [3]uint32
}

// narrow keeps only the cells of m for digit d.
func (g *grid) narrow(d uint, m *[3]uint32) {
	f := &g.f[d%9]
	f[0] &= m[0]
	f[1] &= m[1]
	f[2] &= m[2]
	g.dirty |= 1 << (d % 9)
}

// record counts the solved grid g and keeps the first one.
func (s *solver) record(g *grid) {
	s.count++
	if s.count > 1 || s.solution == nil {
		return
	}
	// A solved grid has each digit once in each row: three cells a band
	// word, taken without a loop (whose exits mispredicted).
	sol := s.solution[:]
	for d := range g.f {
		v := uint8(d + 1)
		f := &g.f[d]
		put3(sol, &cellOf[0], f[0], v)
		put3(sol, &cellOf[1], f[1], v)
		put3(sol, &cellOf[2], f[2], v)
	}
}

// Outcomes of propagate.
const (
	failed  = iota // a contradiction
	solved         // every cell placed
	stalled        // a guess is needed; propagate has filled it in
)

// propagate reduces g until nothing more follows, and when that is not
// the end, chooses the guess x.
func (g *grid) propagate(x *guess) int {
	r := g.settle()
	if r == stalled && !g.chooseConfig(x) {
		g.chooseCell(&digitOrder, x)
	}
	return r
}

// settle reduces g until nothing more follows: failed, solved, or
// stalled when a guess is needed.
func (g *grid) settle() int {
	for {
		if !reduceDirty(g) {
			return failed
		}
		if g.unsolved[0]|g.unsolved[1]|g.unsolved[2] == 0 {
			return solved
		}
		// Naked singles: count the candidates of every cell, all bands
		// at once: oneB, twoB are the cells of band B with at least 1,
		// 2 candidates.
		// Unrolled: the loop spilled a counter and cost a third more.
		f := &g.f
		one0, one1, one2, two0, two1, two2 := f[0][0], f[0][1], f[0][2], uint32(0), uint32(0), uint32(0)
		one0, one1, one2, two0, two1, two2 = tally(&f[1], one0, one1, one2, two0, two1, two2)
		one0, one1, one2, two0, two1, two2 = tally(&f[2], one0, one1, one2, two0, two1, two2)
		one0, one1, one2, two0, two1, two2 = tally(&f[3], one0, one1, one2, two0, two1, two2)
		one0, one1, one2, two0, two1, two2 = tally(&f[4], one0, one1, one2, two0, two1, two2)
		one0, one1, one2, two0, two1, two2 = tally(&f[5], one0, one1, one2, two0, two1, two2)
		one0, one1, one2, two0, two1, two2 = tally(&f[6], one0, one1, one2, two0, two1, two2)
		one0, one1, one2, two0, two1, two2 = tally(&f[7], one0, one1, one2, two0, two1, two2)
		one0, one1, one2, two0, two1, two2 = tally(&f[8], one0, one1, one2, two0, two1, two2)
		u := &g.unsolved
		if u[0]&^one0|u[1]&^one1|u[2]&^one2 != 0 {
			return failed
		}
		single := [3]uint32{u[0] & one0 &^ two0, u[1] & one1 &^ two1, u[2] & one2 &^ two2}
		if single[0]|single[1]|single[2] != 0 {
			// Bands unrolled (the loop's exits mispredicted).
			for d := range g.f {
				x := &g.f[d]
				g.dirty |= (keepSingles(&x[0], single[0]) | keepSingles(&x[1], single[1]) | keepSingles(&x[2], single[2])) << d
			}
		}
		if g.dirty != 0 {
			continue
		}
		switch g.triads() {
		case -1:
			return failed
		case 1:
			continue
		}
		return stalled
	}
}

// chooseConfig fills in x with a guess on configurations: in the band or
// stack with the fewest configurations over all digits (a band or stack
// is fixed at nine, one per digit), a digit with exactly two. The guess
// fixes the digit's permutation there: try one, else the other. It
// returns false when no such digit exists.
func (g *grid) chooseConfig(x *guess) bool {
	u, _ := g.bestUnit()
	return u >= 0 && g.configGuess(u, x)
}

// digitOrder is the digits' indices in the order of the digits: a grid
// keeps digit d at index d (Linked's boards keep their own order).
var digitOrder = [9]uint8{0, 1, 2, 3, 4, 5, 6, 7, 8}

// unitShift[u] places unit u's 3x3 triad pattern for a digit at
// open>>unitShift[u] & planeMask: units 0..2 are the bands, 3..5 the
// stacks.
var unitShift = [6]uint{0, 9, 18, 32, 41, 50}

// bestUnit is the band or stack with the fewest configurations summed
// over the digits, among those not fixed, and that number; -1 when every
// unit is fixed.
func (g *grid) bestUnit() (int, uint32) {
	total := g.unitConfigs()
	best, bu := uint32(1000), -1
	for u, t := range total {
		if t > 9 && t < best {
			best, bu = t, u
		}
	}
	return bu, best
}

// unitConfigs is the number of configurations of each band and stack
// summed over the digits: 9 when the unit is fixed.
func (g *grid) unitConfigs() [6]uint32 {
	// Unrolled (the loop's exit mispredicted).
	o := &g.open
	var t0, t1, t2, t3, t4, t5 uint32
	t0, t1, t2, t3, t4, t5 = addConfigs(o[0], t0, t1, t2, t3, t4, t5)
	t0, t1, t2, t3, t4, t5 = addConfigs(o[1], t0, t1, t2, t3, t4, t5)
	t0, t1, t2, t3, t4, t5 = addConfigs(o[2], t0, t1, t2, t3, t4, t5)
	t0, t1, t2, t3, t4, t5 = addConfigs(o[3], t0, t1, t2, t3, t4, t5)
	t0, t1, t2, t3, t4, t5 = addConfigs(o[4], t0, t1, t2, t3, t4, t5)
	t0, t1, t2, t3, t4, t5 = addConfigs(o[5], t0, t1, t2, t3, t4, t5)
	t0, t1, t2, t3, t4, t5 = addConfigs(o[6], t0, t1, t2, t3, t4, t5)
	t0, t1, t2, t3, t4, t5 = addConfigs(o[7], t0, t1, t2, t3, t4, t5)
	t0, t1, t2, t3, t4, t5 = addConfigs(o[8], t0, t1, t2, t3, t4, t5)
	return [6]uint32{t0, t1, t2, t3, t4, t5}
}

// configGuess fills in x with a guess on the configurations of a digit
// with exactly two in unit bu, the first, and returns false when there
// is none.
func (g *grid) configGuess(bu int, x *guess) bool {
	sh := unitShift[bu%6]
	for d := range g.open {
		if t := g.open[d] >> sh & planeMask; configs[t] == 2 {
			g.configSet(bu, d, t, x)
			return true
		}
	}
	return false
}

// configSet fills in x with the guess on digit d, whose configurations
// in unit bu are the two in pattern t: try the first, else the other.
func (g *grid) configSet(bu, d int, t uint64, x *guess) {
	p, c := uint32(firstPerm[t]), perms[t]
	q := uint32(c)&^p | uint32(c>>32)
	x.d = uint(d)
	if bu < 3 {
		x.try = [3]uint32{bandMask, bandMask, bandMask}
		x.other = x.try
		x.try[bu] = p * fold3
		x.other[bu] = q * fold3
		return
	}
	// A stack pattern has bit b*3+j for column j of box k in band b.
	k := bu - 3
	for b := range 3 {
		x.try[b] = colKeep[k][bits.TrailingZeros32(p>>(3*b)&7)&3]
		x.other[b] = colKeep[k][bits.TrailingZeros32(q>>(3*b)&7)&3]
	}
}

// chooseCell fills in x with a guess on a cell: the first with two
// candidates, else the first unsolved one; its first digit in order (as
// in configGuess), else not that digit.
func (g *grid) chooseCell(order *[9]uint8, x *guess) {
	var one0, one1, one2, two0, two1, two2, three0, three1, three2 uint32
	for d := range g.f {
		x := &g.f[d]
		three0 |= two0 & x[0]
		two0 |= one0 & x[0]
		one0 |= x[0]
		three1 |= two1 & x[1]
		two1 |= one1 & x[1]
		one1 |= x[1]
		three2 |= two2 & x[2]
		two2 |= one2 & x[2]
		one2 |= x[2]
	}
	u := &g.unsolved
	cells := [3]uint32{u[0] & two0 &^ three0, u[1] & two1 &^ three1, u[2] & two2 &^ three2}
	if cells[0]|cells[1]|cells[2] == 0 {
		cells = *u
	}
	for b, m := range cells {
		if m == 0 {
			continue
		}
		p := bits.TrailingZeros32(m) & 31
		for _, d := range order {
			d %= 9
			if g.f[d][b]>>p&1 != 0 {
				x.d = uint(d)
				x.try = [3]uint32{bandMask, bandMask, bandMask}
				x.other = x.try
				x.try[b] = keepBox[p]
				x.other[b] = bandMask &^ (1 << p)
				return
			}
		}
	}
}

// triads applies the rule that the three cells of a triad (a row or a
// column within a box) hold three different digits: a triad open to only
// three digits holds each of them, and a triad certain to hold three
// digits holds no other. It returns -1 on a contradiction, 1 when it
// changed the grid, 0 otherwise.
func (g *grid) triads() int {
	// Bit-sliced counters over the nine digits: o3 is "at least 3
	// digits open", s4 "at least 4 digits sure", and so on.
	// Unrolled, open and sure apart: eight counters in one loop spilled.
	o, u := &g.open, &g.sure
	o1, o2, o3, o4 := o[0], uint64(0), uint64(0), uint64(0)
	o1, o2, o3, o4 = count4(o[1], o1, o2, o3, o4)
	o1, o2, o3, o4 = count4(o[2], o1, o2, o3, o4)
	o1, o2, o3, o4 = count4(o[3], o1, o2, o3, o4)
	o1, o2, o3, o4 = count4(o[4], o1, o2, o3, o4)
	o1, o2, o3, o4 = count4(o[5], o1, o2, o3, o4)
	o1, o2, o3, o4 = count4(o[6], o1, o2, o3, o4)
	o1, o2, o3, o4 = count4(o[7], o1, o2, o3, o4)
	_, _, o3, o4 = count4(o[8], o1, o2, o3, o4)
	s1, s2, s3, s4 := u[0], uint64(0), uint64(0), uint64(0)
	s1, s2, s3, s4 = count4(u[1], s1, s2, s3, s4)
	s1, s2, s3, s4 = count4(u[2], s1, s2, s3, s4)
	s1, s2, s3, s4 = count4(u[3], s1, s2, s3, s4)
	s1, s2, s3, s4 = count4(u[4], s1, s2, s3, s4)
	s1, s2, s3, s4 = count4(u[5], s1, s2, s3, s4)
	s1, s2, s3, s4 = count4(u[6], s1, s2, s3, s4)
	s1, s2, s3, s4 = count4(u[7], s1, s2, s3, s4)
	_, _, s3, s4 = count4(u[8], s1, s2, s3, s4)
	const all = bandMask | bandMask<<32
	if (^o3|s4)&all != 0 {
		return -1
	}
	s3 &^= s4
	in := o3 &^ o4 &^ s3 // exactly three digits open, not all sure yet
	out := s3 & o4       // exactly three digits sure, more open
	if in|out == 0 {
		return 0
	}
	for m := in | out; m != 0; m &= m - 1 {
		q := bits.TrailingZeros64(m)
		isIn := in>>q&1 != 0
		for d := range g.open {
			if g.open[d]>>q&1 == 0 || g.sure[d]>>q&1 != 0 {
				continue
			}
			g.dirty |= 1 << d
			if q < 32 {
				b, rk := q/9, q%9
				if isIn {
					g.f[d][b] &= hKeep[rk]
				} else {
					g.f[d][b] &^= hCells[rk]
				}
			} else {
				k, bj := (q-32)/9, (q-32)%9
				b, j := bj/3, bj%3
				cells := uint32(0x49) << (j*9 + k)
				if isIn {
					for b2 := range 3 {
						if b2 == b {
							g.f[d][b2] &= ^(boxCols << k) | cells
						} else {
							g.f[d][b2] &^= cells
						}
					}
				} else {
					g.f[d][b] &^= cells
				}
			}
		}
	}
	return 1
}

// reduceDirtyGo reduces the dirty digits, lowest first, until none is
// dirty, and returns false on a contradiction. Bits of g.dirty above the
// nine digits' are ignored, and dropped when a digit is taken.
func reduceDirtyGo(g *grid) bool {
	for {
		m := g.dirty & (1<<9 - 1)
		if m == 0 {
			return true
		}
		g.dirty = m & (m - 1)
		if !g.reduceGo(bits.TrailingZeros32(m)) {
			return false
		}
	}
}

// reduceGo applies every rule that concerns digit d alone until none
// changes its cells, then takes the cells it has placed out of the other
// digits. It returns false on a contradiction.
//
// Per band, the digit's 9 triads (3 rows x 3 boxes) must contain a
// permutation: one triad per row and per box. Per stack, the 9 vertical
// triads (3 bands x 3 columns) must likewise contain a permutation.
func (g *grid) reduceGo(d int) bool {
	f := &g.f[d]
	s0, s1, s2 := f[0], f[1], f[2]
	var e0, e1, e2, c0, c1, c2 uint64
	// Both filters are idempotent (the triads left to a digit are exactly
	// the union of the permutations they hold), so each round ends as
	// soon as the other filter would change nothing. That is read off the
	// triads, without the look-ups that would confirm it: less work, and
	// an exit known sooner costs less when it was mispredicted.
	i0 := (s0 | s0>>9 | s0>>18) & planeMask
	i1 := (s1 | s1>>9 | s1>>18) & planeMask
	i2 := (s2 | s2>>9 | s2>>18) & planeMask
	for {
		e0, e1, e2 = band[i0&planeMask], band[i1&planeMask], band[i2&planeMask] // masked again for the bounds check
		t0 := s0 & uint32(e0)
		t1 := s1 & uint32(e1)
		t2 := s2 & uint32(e2)
		// A band with no cell left: t-1 wraps to bit 31 (a band word
		// has 27 bits), one branch for the three.
		if int32((t0-1)|(t1-1)|(t2-1)) < 0 {
			return false
		}
		s0, s1, s2 = t0, t1, t2
		// Vertical triads: y bit j*9+b*3+k is column j of box k in band b.
		y := (s0|s0>>3|s0>>6)&colTriads | (s1|s1>>3|s1>>6)&colTriads<<3 | (s2|s2>>3|s2>>6)&colTriads<<6
		g0, g1, g2 := gather(y&boxCols), gather(y>>1&boxCols), gather(y>>2&boxCols)
		c0, c1, c2 = perms[g0], perms[g1], perms[g2]
		// The stack filter keeps every open column triad, so every cell.
		if (uint32(c0)^g0)|(uint32(c1)^g1)|(uint32(c2)^g2) == 0 {
			break
		}
		// a bit k*9+b*3+j: column j of box k allowed in band b.
		a := uint32(c0) | uint32(c1)<<9 | uint32(c2)<<18
		w0 := a & colTriads
		w1 := a >> 3 & colTriads
		w2 := a >> 6 & colTriads
		s0 &= expand[(w0|w0>>6|w0>>12)&planeMask]
		s1 &= expand[(w1|w1>>6|w1>>12)&planeMask]
		s2 &= expand[(w2|w2>>6|w2>>12)&planeMask]
		// The row triads left are those the band filter kept, which it
		// would keep again.
		n0 := (s0 | s0>>9 | s0>>18) & planeMask
		n1 := (s1 | s1>>9 | s1>>18) & planeMask
		n2 := (s2 | s2>>9 | s2>>18) & planeMask
		if ((n0^uint32(e0))|(n1^uint32(e1))|(n2^uint32(e2)))&planeMask == 0 {
			break
		}
		i0, i1, i2 = n0, n1, n2
	}
	f[0], f[1], f[2] = s0, s1, s2
	g.open[d] = uint64(uint32(e0)&planeMask|uint32(e1)&planeMask<<9|uint32(e2)&planeMask<<18) | uint64(uint32(c0)|uint32(c1)<<9|uint32(c2)<<18)<<32
	g.sure[d] = uint64(uint32(e0>>32)|uint32(e1>>32)<<9|uint32(e2>>32)<<18) | uint64(uint32(c0>>32)|uint32(c1>>32)<<9|uint32(c2>>32)<<18)<<32
	// Placed: a certain triad with a single cell.
	p0 := s0 & (uint32(e0>>32) & once(s0) * fold3) & g.unsolved[0]
	p1 := s1 & (uint32(e1>>32) & once(s1) * fold3) & g.unsolved[1]
	p2 := s2 & (uint32(e2>>32) & once(s2) * fold3) & g.unsolved[2]
	if p0|p1|p2 == 0 {
		return true
	}
	g.unsolved[0] &^= p0
	g.unsolved[1] &^= p1
	g.unsolved[2] &^= p2
	// Unrolled: the loop's exit branch alone cost more than its body.
	dirty := g.dirty
	dirty |= take(&g.f[0], p0, p1, p2)
	dirty |= take(&g.f[1], p0, p1, p2) << 1
	dirty |= take(&g.f[2], p0, p1, p2) << 2
	dirty |= take(&g.f[3], p0, p1, p2) << 3
	dirty |= take(&g.f[4], p0, p1, p2) << 4
	dirty |= take(&g.f[5], p0, p1, p2) << 5
	dirty |= take(&g.f[6], p0, p1, p2) << 6
	dirty |= take(&g.f[7], p0, p1, p2) << 7
	dirty |= take(&g.f[8], p0, p1, p2) << 8
	f[0], f[1], f[2] = s0, s1, s2
	g.dirty = dirty &^ (1 << d)
	return true
}

// tally adds the band words x of one digit to the cells with at least
// one (oneB) and at least two (twoB) candidates.
func tally(x *[3]uint32, one0, one1, one2, two0, two1, two2 uint32) (uint32, uint32, uint32, uint32, uint32, uint32) {
	return one0 | x[0], one1 | x[1], one2 | x[2], two0 | one0&x[0], two1 | one1&x[1], two2 | one2&x[2]
}

// addConfigs adds the configurations of one digit's open triads o in
// each band and stack to t0..t5.
func addConfigs(o uint64, t0, t1, t2, t3, t4, t5 uint32) (uint32, uint32, uint32, uint32, uint32, uint32) {
	return t0 + uint32(configs[o&planeMask]), t1 + uint32(configs[o>>9&planeMask]),
		t2 + uint32(configs[o>>18&planeMask]), t3 + uint32(configs[o>>32&planeMask]),
		t4 + uint32(configs[o>>41&planeMask]), t5 + uint32(configs[o>>50&planeMask])
}

// count4 adds x to bit-sliced counters saturating at 4: c1 is "at
// least 1", c4 "at least 4".
func count4(x, c1, c2, c3, c4 uint64) (uint64, uint64, uint64, uint64) {
	return c1 | x, c2 | c1&x, c3 | c2&x, c4 | c3&x
}

// keepSingles clears, in the band word o of one digit, the rest of the
// box of each of its cells among s, and returns 1 if it has any, else
// 0.
func keepSingles(o *uint32, s uint32) uint32 {
	m := *o & s
	for r := m; r != 0; r &= r - 1 {
		*o &= keepBox[bits.TrailingZeros32(r)&31]
	}
	return -m >> 31
}

// take removes cells p0, p1, p2 from the band words of one digit and
// returns 1 if it had any of them, else 0, without a branch.
func take(o *[3]uint32, p0, p1, p2 uint32) uint32 {
	hit := o[0]&p0 | o[1]&p1 | o[2]&p2
	o[0] &^= p0
	o[1] &^= p1
	o[2] &^= p2
	return -hit >> 31
}

// once is the set of triads (bit r*3+k) of band word s that hold exactly
// one cell.
func once(s uint32) uint32 {
	p0, p1, p2 := s&planeMask, s>>9&planeMask, s>>18
	return (p0 ^ p1 ^ p2) &^ (p0 & p1 & p2)
}

package backtrack

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"sync/atomic"

	"gattai/backtrack/nine"
	"gattai/layouts"
)

// Result of a search up to a limit of solutions.
type Result struct {
	Count int          // solutions found, at most the limit
	Grid  layouts.Grid // the first solution found, if Count > 0
	Nodes int64        // search nodes (guesses), for statistics
}

// Solver holds the per-model tables and scratch space, reusable across
// puzzles of the same model with no allocation per call beyond the
// result grid. Not safe for concurrent use: one goroutine at a time (a
// paused search may resume in another; see Pause).
type Solver struct {
	// Progress, when set, receives the node count of the running Count
	// each time the search looks at its context (every millisecond or
	// so): a watcher in another goroutine can tell how much search a
	// puzzle has taken so far, whatever the machine's load. Count sets
	// it to 0 when it starts.
	Progress *atomic.Int64

	// Pause, when set, is asked at each look at the context (see
	// Progress) with the nodes searched so far: when it says true, the
	// general engine's Count returns ErrPaused and keeps the state of
	// its search, which Resume goes on with, as if it had not paused.
	// The 9x9 and linked paths, whose searches are short, never pause.
	Pause func(nodes int64) bool

	// MaxNodes, when above 0, bounds the search of the general engine:
	// a Count that would take more search nodes stops there with
	// ErrNodes, at the same node on every run, so that a caller that
	// restarts a search (generate's Fill) stays deterministic. The 9x9
	// and linked paths, whose searches are short, ignore it.
	MaxNodes int64

	model *layouts.Model
	full  uint64 // the mask of all n digits

	// The model flattened, each relation as offsets into one array:
	// the peers of c are peers[peerAt[c]:peerAt[c+1]], and so on.
	peerAt, peers         []int32
	unitAt, unitCells     []int32 // full units only: the ones with hidden singles
	cellUnitAt, cellUnits []int32

	lt lockTable // the intersections of full units
	mt matcher   // all-different filtering of full units (matching.go)

	// classic9 is set for one 9x9 grid whose units are its rows,
	// columns and 3x3 boxes, with no rules: the puzzles that
	// backtrack/nine can take (see Count).
	classic9 bool

	// linked is set for a board of several 9x9 grids with 3x3 boxes,
	// overlapping in whole boxes, with no rules or extra regions: the
	// puzzles that backtrack/nine's Linked takes (see Count).
	linked *nine.Linked

	// matchFrom is the search node from which the matcher runs: 0 from
	// the start, -1 never (see matchFrom); matching is whether it runs
	// now.
	matchFrom int64
	matching  bool

	// props are the constraints beyond all-different units: one per
	// rule of the model, made by its kind (see kinds).
	props  []propagator
	propAt []int32 // the propagators watching c: watch[propAt[c]:propAt[c+1]]
	watch  []int32
	tables map[string]any // what propagators share, while New runs

	checkEvery int64 // search nodes between two looks at the context

	room []uint8 // where the next solution goes, if it fits (Reuse)

	// checked, set by tests, holds every solution to layouts.Check
	// before it counts, and panics if one fails: the propagators must
	// leave no full assignment that breaks a rule.
	checked []uint8

	// The search state. Everything below is reset by Count.
	cand    []uint64 // candidates of each cell
	free    []int32  // free[:nfree] are the cells not yet placed
	where   []int32  // where[c] is the index of c in free
	nfree   int
	trail   []undo   // earlier masks, to restore on backtracking
	frames  []frame  // the guesses that lead to the state (see search)
	queue   []int32  // cells left with one candidate, to place
	last    int32    // the last cell whose every digit failed, or -1
	weight  []uint64 // how often, and how lately, each cell's units failed
	bump    uint64   // what a failure adds to weight; it grows (see fail)
	singles workList // full units narrowed since their last scan
	locks   workList // full units narrowed since their last lock
	matches workList // full units narrowed since their last match
	woken   workList // propagators to run

	limit, count int
	nodes        int64
	grid         []uint8
	puzzle       *layouts.Puzzle
	done         <-chan struct{}
	ctx          context.Context
	err          error
}

// ErrNodes is Count's error when the search reached Solver.MaxNodes.
var ErrNodes = errors.New("search node bound reached")

// ErrPaused is Count's and Resume's error when Solver.Pause paused the
// search: Resume goes on with it.
var ErrPaused = errors.New("search paused")

// errNotPaused is Resume's error when no search is paused.
var errNotPaused = errors.New("backtrack: Resume with no search paused")

// undo is a cell's mask before a change.
type undo struct {
	c int32
	m uint64
}

// New builds the solver's tables for m.
func New(m *layouts.Model) *Solver {
	n := m.N
	nc := len(m.Cells)
	s := &Solver{model: m, full: ^uint64(0) >> (64 - n)}

	s.peerAt = make([]int32, nc+1)
	for c, ps := range m.Peers {
		s.peerAt[c+1] = s.peerAt[c] + int32(len(ps))
	}
	s.peers = make([]int32, 0, s.peerAt[nc])
	for _, ps := range m.Peers {
		for _, p := range ps {
			s.peers = append(s.peers, int32(p))
		}
	}

	// Number the full units 0..k-1 in model order.
	fullIndex := make([]int32, len(m.Units))
	s.unitAt = []int32{0}
	for u := range m.Units {
		fullIndex[u] = -1
		if !m.Full(u) {
			continue
		}
		fullIndex[u] = int32(len(s.unitAt) - 1)
		for _, c := range m.Units[u].Cells {
			s.unitCells = append(s.unitCells, int32(c))
		}
		s.unitAt = append(s.unitAt, int32(len(s.unitCells)))
	}
	s.cellUnitAt = make([]int32, nc+1)
	for c, us := range m.CellUnits {
		for _, u := range us {
			if fu := fullIndex[u]; fu >= 0 {
				s.cellUnits = append(s.cellUnits, fu)
			}
		}
		s.cellUnitAt[c+1] = int32(len(s.cellUnits))
	}

	s.mt = newMatcher(s)
	s.matchFrom = matchFrom(n)

	s.classic9 = m.Classic9() && len(m.Rules) == 0

	if linkable(m) {
		// Link refuses grids that overlap other than in whole, aligned
		// boxes: those stay with the general engine.
		s.linked, _ = nine.Link(m.GridCells, nc)
	}

	// Propagators for m.Rules, one per rule, by kind (kinds.go).
	s.setPropagators(s.propagators())

	// A node costs time in proportion to the cells: look at the context
	// every millisecond or so, whatever the size (a 25x25 node can take
	// 100µs; auto waits for a stopped search before it answers).
	s.checkEvery = int64(max(4, min(4096, 1<<14/nc)))

	nu := len(s.unitAt) - 1
	s.cand = make([]uint64, nc)
	s.free = make([]int32, nc)
	s.where = make([]int32, nc)
	s.weight = make([]uint64, nc)
	s.trail = make([]undo, 0, min(nc*n, 1<<16))
	s.queue = make([]int32, 0, nc)
	s.singles = newWorkList(nu)
	s.locks = newWorkList(nu)
	s.matches = newWorkList(nu)
	s.grid = nil
	return s
}

// linkable reports whether m is several 9x9 grids with 3x3 boxes and
// no other units or rules, its units then the grids' rows, columns and
// boxes as nine.Link assumes, no two of which share more than two boxes.
func linkable(m *layouts.Model) bool {
	l := m.Layout
	if m.N != 9 || len(l.Grids) < 2 || len(l.Regions) > 0 || len(l.Constraints) > 0 || len(m.Rules) > 0 {
		return false
	}
	for g := range l.Grids {
		if l.BoxOf(g) != (layouts.Shape{Rows: 3, Cols: 3}) {
			return false
		}
	}
	// Grids that share more than two boxes share rows and columns of
	// six cells or more, and the general engine's locks across those
	// intersections are an inference that linked boards, which agree
	// box by box, lack: on the butterfly and the flower they took more
	// guesses and no less time (the flower 1.35 times the time).
	// (Link takes at most nine.MaxLinked grids.)
	ng := len(m.GridCells)
	if ng > nine.MaxLinked {
		return false
	}
	at := make([][]int, len(m.Cells)) // at[c]: the grids holding c
	shared := make([]int, ng*ng)      // shared[h*ng+g]: cells grids h and g share
	for g, cells := range m.GridCells {
		for _, c := range cells {
			for _, h := range at[c] {
				if shared[h*ng+g]++; shared[h*ng+g] > 2*9 {
					return false
				}
			}
			at[c] = append(at[c], g)
		}
	}
	return true
}

// Solve searches for one solution of p.
func Solve(ctx context.Context, p *layouts.Puzzle) (Result, error) {
	return New(p.Model).Count(ctx, p, 1)
}

// Count counts the solutions of p up to limit.
func Count(ctx context.Context, p *layouts.Puzzle, limit int) (Result, error) {
	return New(p.Model).Count(ctx, p, limit)
}

// Count counts the solutions of p up to limit (limit < 1 means 1) and
// returns the first one found. Givens that conflict give a count of 0:
// no solution is a result. A puzzle that does not fit its model (see
// layouts.Puzzle.Validate) or the solver's is an error wrapping
// layouts.ErrPuzzle. The error is ctx.Err() when ctx is done before the
// search ends, ErrNodes when it reached MaxNodes; the result then holds
// what was found so far.
func (s *Solver) Count(ctx context.Context, p *layouts.Puzzle, limit int) (Result, error) {
	return s.countWithout(ctx, p, limit, -1, 0)
}

// CountWithout is Count of the solutions of p in which cell does not
// hold digit: p with that candidate ruled out. generate proves the
// removal of a given this way: the puzzle without it keeps one solution
// exactly when none puts another digit there, a search that need not
// find the solution it knows. A cell outside 0..len(p.Givens)-1 or a
// digit outside 1..N is an error wrapping layouts.ErrPuzzle.
func (s *Solver) CountWithout(ctx context.Context, p *layouts.Puzzle, limit int, cell int, digit uint8) (Result, error) {
	if cell < 0 || cell >= len(s.model.Cells) || digit < 1 || int(digit) > s.model.N {
		return Result{}, fmt.Errorf("%w: candidate %d of cell %d: no such cell or digit", layouts.ErrPuzzle, digit, cell)
	}
	return s.countWithout(ctx, p, limit, cell, digit)
}

// countWithout is Count, ruling out digit at cell when cell is not -1.
func (s *Solver) countWithout(ctx context.Context, p *layouts.Puzzle, limit int, cell int, digit uint8) (Result, error) {
	if err := p.Validate(); err != nil {
		return Result{}, err
	}
	if p.Model != s.model {
		return Result{}, fmt.Errorf("%w: a puzzle of another model than the solver's", layouts.ErrPuzzle)
	}
	if err := ctx.Err(); err != nil {
		return Result{}, err
	}
	if s.Progress != nil {
		s.Progress.Store(0)
	}
	// Classic 9x9 dispatch: when s.classic9 is set, p is one 9x9 grid with
	// 3x3 boxes and no extra regions, its cells row-major, so
	// (*[81]uint8)(p.Givens) is what nine.Count (package backtrack/nine)
	// takes. This is the one place to hand such puzzles to it.
	if s.classic9 {
		var grid [81]uint8
		count, guesses, err := nine.CountWithout(ctx, (*[81]uint8)(p.Givens), limit, &grid, cell, digit)
		res := Result{Count: count, Nodes: guesses}
		if count > 0 {
			d := s.take(81)
			copy(d, grid[:])
			res.Grid = layouts.Grid{Model: s.model, Digits: d}
		}
		return res, err
	}

	// Linked 9x9 grids: the cells of p are those of m.GridCells, which
	// s.linked was compiled from.
	if s.linked != nil {
		digits := s.take(len(p.Givens))
		count, guesses, err := s.linked.CountWithout(ctx, p.Givens, limit, digits, cell, digit)
		res := Result{Count: count, Nodes: guesses}
		if count > 0 {
			res.Grid = layouts.Grid{Model: s.model, Digits: digits}
		} else {
			s.room = digits
		}
		return res, err
	}

	// The locks' table, the costliest of the general engine's, is built
	// on its first puzzle: the paths above never use it (on a Sumo it
	// took a third of a one-puzzle run of gattai count).
	if s.lt.groupAt == nil {
		s.lt = newLockTable(s)
	}
	s.limit = max(limit, 1)
	s.count, s.nodes = 0, 0
	s.grid = nil
	s.puzzle = p
	return s.run(ctx, s.start(p.Givens) && s.without(cell, digit))
}

// Resume goes on with the search that Count (or Resume) paused, under
// ctx, and returns what Count would have. With no search paused it
// returns an error.
func (s *Solver) Resume(ctx context.Context) (Result, error) {
	if s.puzzle == nil {
		return Result{}, errNotPaused
	}
	return s.run(ctx, true)
}

// run searches on from the state of s.puzzle's search, unless ok is
// false (the state contradicts), until the search ends, stops or
// pauses, and returns its result so far.
func (s *Solver) run(ctx context.Context, ok bool) (Result, error) {
	s.err = nil
	s.ctx, s.done = ctx, ctx.Done()
	defer func() {
		s.ctx, s.done = nil, nil
		if s.err != ErrPaused {
			s.puzzle = nil
		}
	}()
	if ok {
		if s.err = ctx.Err(); s.err == nil {
			s.search()
		}
	}
	res := Result{Count: s.count, Nodes: s.nodes}
	if s.grid != nil {
		res.Grid = layouts.Grid{Model: s.model, Digits: s.grid}
	}
	return res, s.err
}

// start resets the state to p's givens and propagates them. It reports
// false if they contradict each other.
func (s *Solver) start(givens []uint8) bool {
	for c := range s.cand {
		s.cand[c] = s.full
		s.free[c] = int32(c)
		s.where[c] = int32(c)
		s.weight[c] = uint64(s.cellUnitAt[c+1]-s.cellUnitAt[c]) << bumpShift
	}
	s.bump = 1 << bumpShift
	s.nfree = len(s.cand)
	s.last = -1
	s.trail = s.trail[:0]
	s.frames = s.frames[:0]
	s.queue = s.queue[:0]
	s.singles.fill()
	s.locks.fill()
	s.matches.clear()
	s.matching = s.matchFrom == 0
	if s.matching {
		s.matches.fill()
	}
	s.woken.fill()
	if s.full&(s.full-1) == 0 {
		// One symbol: every cell starts with its one candidate, which no
		// removal will ever queue. Place them all, or search would
		// branch on a cell with nothing to choose between.
		for c := range s.cand {
			s.queue = append(s.queue, int32(c))
		}
	}
	for c, d := range givens {
		if d == 0 {
			continue
		}
		if int(d) > s.model.N {
			s.clear()
			return false
		}
		if !s.remove(int32(c), s.full&^(1<<(d-1))) {
			s.clear()
			return false
		}
	}
	return s.propagate()
}

// without rules out digit at cell, unless cell is -1, and propagates.
// It reports false on a contradiction (the next start resets the
// state, as after one in start's own propagate).
func (s *Solver) without(cell int, digit uint8) bool {
	return cell < 0 || s.remove(int32(cell), 1<<(digit-1)) && s.propagate()
}

// search explores the state, which propagate left consistent, until
// it is all explored, the limit is reached or the search stops (ctx
// done, MaxNodes reached or Pause saying so: s.err says which). Each
// guess is a frame on s.frames, whose cell took its first candidate;
// when the guess's subtree is done, up takes the frame off and goes on
// with the other candidates. A loop rather than recursion: the search's
// state is all in s, so that a paused search can go on in another
// goroutine (Resume).
func (s *Solver) search() {
	for {
		if s.nfree == 0 {
			s.solution()
			if s.count >= s.limit || !s.up() {
				return
			}
			continue
		}
		c := s.pick()
		s.nodes++
		if s.nodes > s.MaxNodes && s.MaxNodes > 0 {
			s.err = ErrNodes
			return
		}
		if s.nodes == s.matchFrom {
			s.matching = true
			s.matches.fill()
			if !s.propagate() {
				s.fail()
				if !s.up() {
					return
				}
			}
			continue // pick again, in the narrower state
		}
		if s.nodes%s.checkEvery == 0 {
			if s.Progress != nil {
				s.Progress.Store(s.nodes)
			}
			if s.Pause != nil && s.Pause(s.nodes) {
				// This node is searched when the search resumes:
				// picked again, the same cell, and counted again.
				s.nodes--
				s.err = ErrPaused
				return
			}
			if s.done != nil {
				select {
				case <-s.done:
					s.err = s.ctx.Err()
					return
				default:
				}
			}
		}
		m := s.cand[c]
		d := m & -m
		s.frames = append(s.frames, frame{c: c, d: d, mark: len(s.trail), nfree: s.nfree})
		if s.remove(c, m&^d) && s.propagate() {
			if c == s.last {
				s.last = -1
			}
			continue // into the subtree of c = d
		}
		s.fail()
		if !s.up() {
			return
		}
	}
}

// A frame is a guess: cell c took candidate d, the first of its mask,
// when the trail was mark long and nfree cells were free.
type frame struct {
	c           int32
	d           uint64
	mark, nfree int
}

// up ends the subtree of the last guess, which neither reached the
// limit nor was stopped: the cell of the guess loses its candidate, and
// the search goes on in that state. When that contradicts, the guess
// before it is done too, and so on; false means no guess is left (the
// search is over).
func (s *Solver) up() bool {
	for n := len(s.frames); n > 0; n-- {
		f := s.frames[n-1]
		s.frames = s.frames[:n-1]
		s.undo(f.mark, f.nfree)
		if s.remove(f.c, f.d) && s.propagate() {
			return true
		}
		s.fail()
		s.last = f.c
	}
	return false
}

// bumpShift sets the weights' memory: each failure weighs 1/2^bumpShift
// more than the one before, so recent failures count most (as VSIDS in
// SAT solvers, and conflict-history search in CP). Measured against no
// decay, in one run each: 8 took 10-35% less time on the sumo, samurai
// and 16x16 sets of BenchmarkCount and 17% fewer nodes on four hard
// 25x25s; 5 was erratic (one of those 25x25s took 80% more nodes).
const bumpShift = 8

// fail clears the work lists after a contradiction and ages the weights.
func (s *Solver) fail() {
	s.clear()
	s.bump += s.bump >> bumpShift
	if s.bump > 1<<40 { // rescale, keeping room for k*w in pick
		for c := range s.weight {
			// Never to 0: pick compares k*w, and a cell of weight 0
			// could never be picked.
			s.weight[c] = max(s.weight[c]>>20, 1)
		}
		s.bump >>= 20
	}
}

// pick is the last cell whose every digit failed, while it is free
// (last-conflict reasoning, Lecoutre et al. 2009: the search goes back
// to the cell that failed, rather than on with the heuristic, until it
// takes a digit that holds); otherwise the free cell with the fewest
// candidates for its weight (see blame), the first in free order among
// equals.
func (s *Solver) pick() int32 {
	if l := s.last; l >= 0 {
		if s.where[l] < int32(s.nfree) {
			return l
		}
		s.last = -1
	}
	best, bestW, bc := uint64(65), uint64(1), int32(-1)
	for _, c := range s.free[:s.nfree] {
		k, w := uint64(bits.OnesCount64(s.cand[c])), s.weight[c]
		if k*bestW < best*w {
			best, bestW, bc = k, w, c
		}
	}
	return bc
}

// solution counts the current state, all cells placed, and keeps the
// first one. Propagation has held the state to every unit and rule.
func (s *Solver) solution() {
	if s.checked != nil {
		s.digits(s.checked)
		if err := layouts.Check(s.puzzle, layouts.Grid{Model: s.model, Digits: s.checked}); err != nil {
			panic(fmt.Sprintf("backtrack: a solution breaks the puzzle: %v", err))
		}
	}
	s.count++
	if s.grid == nil {
		s.grid = s.take(len(s.cand))
		s.digits(s.grid)
	}
}

// Reuse hands the next Count a slice its caller is done with: the
// solution it finds, if any, may be written there instead of into new
// memory. A batch that hands back each answer once it has written it
// then solves into the same memory over and over.
func (s *Solver) Reuse(digits []uint8) { s.room = digits }

// take is room for the n digits of a solution: what Reuse handed over,
// if it fits, or new memory.
func (s *Solver) take(n int) []uint8 {
	if cap(s.room) < n {
		return make([]uint8, n)
	}
	d := s.room[:n]
	s.room = nil
	return d
}

// digits writes the placed digits, all cells placed, to g.
func (s *Solver) digits(g []uint8) {
	for c, m := range s.cand {
		g[c] = uint8(bits.TrailingZeros64(m) + 1)
	}
}

// undo restores the masks changed since the trail was mark long, and
// the free cells.
func (s *Solver) undo(mark, nfree int) {
	t := s.trail
	for i := len(t) - 1; i >= mark; i-- {
		s.cand[t[i].c] = t[i].m
	}
	s.trail = t[:mark]
	s.nfree = nfree
}

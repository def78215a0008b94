package generate

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"

	"gattai/layouts"
)

// Counter counts a puzzle's solutions up to limit and returns the first
// one it found. An engine adapts to it (the tests adapt backtrack); one
// counter serves one goroutine, and one model: Generate asks a
// constructor for one per worker and per model it makes. A count short
// of limit is exact; the error is for a done ctx or internal failure.
type Counter interface {
	Count(ctx context.Context, p *layouts.Puzzle, limit int) (count int, first layouts.Grid, err error)
}

// A WithoutCounter is a Counter that can also rule out a candidate:
// CountWithout counts the solutions of p in which cell does not hold
// digit. Reduce proves the removal of one given with it: the puzzle
// keeps its one solution exactly when none puts another digit in the
// cell, a search that need not find the solution it knows, where a
// count to 2 finds it first.
type WithoutCounter interface {
	Counter
	CountWithout(ctx context.Context, p *layouts.Puzzle, limit int, cell int, digit uint8) (count int, err error)
}

// ErrNoGrid is returned by Fill and Grow for a model that has no complete grid.
var ErrNoGrid = errors.New("the layout has no complete grid")

// A BoundedCounter is a Counter that can also give up: CountWithin is
// Count with a bound on its search (nodes of backtrack's), ok false when
// the bound was reached, and the same answer for the same puzzle and
// bound on every run; spent is the nodes searched (the bound, when it
// was reached). Fill restarts a fill that reaches it; Reduce with a
// floor keeps the givens of a removal that does, and stops once its
// counts have spent reduceNodes.
type BoundedCounter interface {
	Counter
	CountWithin(ctx context.Context, p *layouts.Puzzle, limit int, nodes int64) (count int, first layouts.Grid, spent int64, ok bool, err error)
}

// fillNodes is Fill's first bound on a search, with 4 nodes a cell
// besides, when its counter is a BoundedCounter; every round of
// restarts doubles it.
//
// The searches for a grid under a rule (nonconsecutive above all) have
// a heavy tail: of a dozen random seedings of a flower, a few found a
// grid within a few thousand nodes and most had not after twenty
// thousand, and seedings that contradict each other under the rule can
// take as long to refute (antiknight on a sumo). Restarts with a
// growing bound take the quick ones. A grid without rules takes about a
// node for each free cell (a plain 36x36 up to 2000), under the first
// bound: its fills are as before.
const fillNodes = 4096

// Fill returns a random complete grid of m, deterministic for rng and
// the counter's answers. It gives an eighth of the cells (at least n+2),
// in random order, random digits that no peer holds, and asks the
// counter for a solution: one count, where Grow makes one per cell. If
// the digits leave none (a contradiction that the peers did not show),
// it tries again with half as many, down to one. With a BoundedCounter
// each of those counts is bounded (fillNodes), and a round that reached
// the bound is made again, with new digits and twice the bound. A round
// in which every count found no grid leaves the grid to Grow. On a
// model without rules the digits of the solution are then renamed by a
// random permutation, which keeps every unit whole, so that the
// counter's preference for low digits leaves no trace.
func Fill(ctx context.Context, m *layouts.Model, c Counter, rng *rand.Rand) (layouts.Grid, error) {
	p := layouts.NewPuzzle(m)
	order := make([]uint8, m.N)
	b, bounded := c.(BoundedCounter)
	for nodes := int64(fillNodes + 4*len(m.Cells)); ; nodes *= 2 {
		hit := false
		for k := max(len(m.Cells)/8, m.N+2); k >= 1; k /= 2 {
			clear(p.Givens)
			for _, x := range rng.Perm(len(m.Cells))[:min(k, len(m.Cells))] {
				for i, d := range rng.Perm(m.N) {
					order[i] = uint8(d + 1)
				}
				for _, d := range order {
					if !peerHolds(p, x, d) {
						p.Givens[x] = d
						break
					}
				}
			}
			var n int
			var g layouts.Grid
			var err error
			ok := true
			if bounded {
				n, g, _, ok, err = b.CountWithin(ctx, p, 1, nodes)
			} else {
				n, g, err = c.Count(ctx, p, 1)
			}
			if err != nil {
				return layouts.Grid{}, err
			}
			if !ok {
				hit = true
				continue
			}
			if n == 0 {
				continue
			}
			if len(m.Rules) == 0 {
				rename := rng.Perm(m.N)
				for i, d := range g.Digits {
					g.Digits[i] = uint8(rename[d-1] + 1)
				}
			}
			return g, nil
		}
		if !hit {
			return Grow(ctx, m, c, rng)
		}
	}
}

// Grow returns a random complete grid of m, deterministic for rng and
// the counter's answers: a counter for m finds a first solution, then a
// quarter of the cells, in random order, each take a random digit that
// leaves the puzzle solvable (the digit of the current solution always
// does, so only other digits cost a count). The rules of m hold: the
// counter enforces them. It is slower than Fill and never fails on a
// model that has a grid.
func Grow(ctx context.Context, m *layouts.Model, c Counter, rng *rand.Rand) (layouts.Grid, error) {
	p := layouts.NewPuzzle(m)
	k, sol, err := c.Count(ctx, p, 1)
	if err != nil {
		return layouts.Grid{}, err
	}
	if k == 0 {
		return layouts.Grid{}, ErrNoGrid
	}
	cells := rng.Perm(len(m.Cells))[:max(len(m.Cells)/4, 1)]
	digits := make([]int, m.N)
	for _, x := range cells {
		// Try the digits in random order; the digit of the current
		// solution always works, so the loop ends.
		for i, d := range rng.Perm(m.N) {
			digits[i] = d + 1
		}
		for _, d := range digits {
			if peerHolds(p, x, uint8(d)) {
				continue
			}
			p.Givens[x] = uint8(d)
			if sol.Digits[x] == uint8(d) {
				break
			}
			k, g, err := c.Count(ctx, p, 1)
			if err != nil {
				return layouts.Grid{}, err
			}
			if k > 0 {
				sol = g
				break
			}
			p.Givens[x] = 0
		}
	}
	return sol, nil
}

// peerHolds reports whether a peer of x is given digit d.
func peerHolds(p *layouts.Puzzle, x int, d uint8) bool {
	for _, q := range p.Model.Peers[x] {
		if p.Givens[q] == d {
			return true
		}
	}
	return false
}

// removeNodes bounds the count of one removal when Reduce has a floor,
// and reduceNodes the counts of all of them (see Reduce).
const (
	removeNodes = 1 << 14
	reduceNodes = 1 << 15
)

// Reduce removes givens from p, which must have exactly one solution
// (a full grid's digits do), while it keeps exactly one: the orbits of
// sym (see Orbits) in random order, each once, an orbit's givens all
// removed together or not at all. It stops once p is down to floor
// givens; with floor 0 the result is minimal: no orbit's givens can go
// (removing more givens never removes solutions, so an orbit that
// failed once fails for good). It changes p's Givens in place; on an
// error (ctx done) p is left half reduced.
//
// A removal is proved by counting to 2, unless every removed cell is a
// single: its digit the one no peer's given holds, or the one digit no
// other cell of one of its full units can take. Then the solution is
// still forced, and Reduce skips the count. With a WithoutCounter, the
// removal of one given is proved by a search for a solution with
// another digit in its cell instead.
//
// With a floor above 0 the result is not minimal anyway: then, with a
// BoundedCounter, a removal whose count passes removeNodes search nodes
// keeps its givens, and the removals stop, above the floor, once their
// counts have spent reduceNodes in all. The puzzle stays unique (every
// removal kept was proved), with a few more givens, and the last
// removals of a sparse puzzle, the hardest counts, cost a bounded
// time (see doc.go: a third of a 25x25's cells lies below its minimal
// puzzles, where nearly every removal's count fails after thousands of
// nodes).
func Reduce(ctx context.Context, c Counter, p *layouts.Puzzle, rng *rand.Rand, sym Symmetry, floor int) error {
	orbits, err := Orbits(p.Model, sym)
	if err != nil {
		return err
	}
	r := reducer{m: p.Model, full: ^uint64(0) >> (64 - p.Model.N)}
	return r.reduce(ctx, c, p, orbits, rng, floor)
}

// reducer holds what Reduce reads of the model.
type reducer struct {
	m    *layouts.Model
	full uint64 // the mask of all n digits
	was  []uint8
}

func (r *reducer) reduce(ctx context.Context, c Counter, p *layouts.Puzzle, orbits [][]int, rng *rand.Rand, floor int) error {
	b, bounded := c.(BoundedCounter)
	w, without := c.(WithoutCounter)
	done := ctx.Done()
	left := p.Clues()
	budget := int64(reduceNodes) // for the counts, with a floor
	for _, i := range rng.Perm(len(orbits)) {
		if left <= floor || bounded && floor > 0 && budget <= 0 {
			break
		}
		select {
		case <-done:
			return ctx.Err()
		default:
		}
		o := orbits[i]
		r.was = r.was[:0]
		removed := 0
		for _, x := range o {
			r.was = append(r.was, p.Givens[x])
			if p.Givens[x] != 0 {
				removed++
			}
			p.Givens[x] = 0
		}
		if removed == 0 {
			continue
		}
		if !r.singles(p, o) {
			k, ok := 0, true
			var err error
			switch {
			case bounded && floor > 0:
				var spent int64
				k, _, spent, ok, err = b.CountWithin(ctx, p, 2, min(removeNodes, budget))
				budget -= spent
			case without && len(o) == 1:
				k, err = w.CountWithout(ctx, p, 1, o[0], r.was[0])
				k++ // and the solution it knows
			default:
				k, _, err = c.Count(ctx, p, 2)
			}
			if err != nil {
				return err
			}
			if k != 1 || !ok {
				for j, x := range o {
					p.Givens[x] = r.was[j]
				}
				continue
			}
		}
		left -= removed
	}
	return nil
}

// singles reports whether every cell of o that was given (r.was) is a
// naked or a hidden single of the givens left in p.
func (r *reducer) singles(p *layouts.Puzzle, o []int) bool {
	for j, x := range o {
		if d := r.was[j]; d != 0 && !r.naked(p, x, d) && !r.hidden(p, x, d) {
			return false
		}
	}
	return true
}

// naked reports whether the givens among x's peers hold every digit but d.
func (r *reducer) naked(p *layouts.Puzzle, x int, d uint8) bool {
	var seen uint64
	for _, q := range r.m.Peers[x] {
		if g := p.Givens[q]; g != 0 {
			seen |= 1 << (g - 1)
		}
	}
	return seen|1<<(d-1) == r.full && seen&(1<<(d-1)) == 0
}

// hidden reports whether a full unit of x has no other cell that can
// take d: every other cell is given, or has a peer given d.
func (r *reducer) hidden(p *layouts.Puzzle, x int, d uint8) bool {
	for _, u := range r.m.CellUnits[x] {
		if !r.m.Full(u) {
			continue
		}
		if !slices.ContainsFunc(r.m.Units[u].Cells, func(y int) bool {
			return y != x && p.Givens[y] == 0 && !peerHolds(p, y, d)
		}) {
			return true
		}
	}
	return false
}

// Symmetry is the symmetry of the givens on the canvas: a given's
// images under it are given too.
type Symmetry uint8

const (
	NoSymmetry Symmetry = iota
	Rotate180           // (r, c) and (H-1-r, W-1-c)
	Rotate90            // the four quarter turns; a square canvas
	Mirror              // (r, c) and (r, W-1-c): left and right
	Diagonal            // (r, c) and (c, r); a square canvas
)

var symmetryNames = []string{"none", "rotate180", "rotate90", "mirror", "diagonal"}

func (s Symmetry) String() string {
	if int(s) < len(symmetryNames) {
		return symmetryNames[s]
	}
	return fmt.Sprintf("Symmetry(%d)", s)
}

// ErrSymmetry is wrapped by errors about a symmetry.
var ErrSymmetry = errors.New("bad symmetry")

// ParseSymmetry reads a symmetry's name: none, rotate180, rotate90,
// mirror or diagonal ("" is none).
func ParseSymmetry(text string) (Symmetry, error) {
	if text == "" {
		return NoSymmetry, nil
	}
	if i := slices.Index(symmetryNames, text); i >= 0 {
		return Symmetry(i), nil
	}
	return 0, fmt.Errorf("%w %q (want one of none, rotate180, rotate90, mirror, diagonal)", ErrSymmetry, text)
}

// image is where sym takes canvas position (r, c) of an h x w canvas.
func (s Symmetry) image(r, c, h, w int) (int, int) {
	switch s {
	case Rotate180:
		return h - 1 - r, w - 1 - c
	case Rotate90:
		return c, h - 1 - r
	case Mirror:
		return r, w - 1 - c
	case Diagonal:
		return c, r
	}
	return r, c
}

// Orbits are the cells of m grouped by sym: each cell with its images
// on the canvas, in cell order of their first cells. A cell whose
// images include a canvas position that is no cell is in no orbit: its
// given always stays. With NoSymmetry each cell is an orbit of one.
// Rotate90 and Diagonal need a square canvas.
func Orbits(m *layouts.Model, sym Symmetry) ([][]int, error) {
	if sym > Diagonal {
		return nil, fmt.Errorf("%w: %s", ErrSymmetry, sym)
	}
	if (sym == Rotate90 || sym == Diagonal) && m.Height != m.Width {
		return nil, fmt.Errorf("%w: %s needs a square canvas, not %dx%d", ErrSymmetry, sym, m.Height, m.Width)
	}
	seen := make([]bool, len(m.Cells))
	var out [][]int
	for x, pos := range m.Cells {
		if seen[x] {
			continue
		}
		o := []int{x}
		seen[x] = true
		whole := true
		for r, c := sym.image(pos.Row, pos.Col, m.Height, m.Width); r != pos.Row || c != pos.Col; r, c = sym.image(r, c, m.Height, m.Width) {
			y, ok := m.Cell(layouts.Pos{Row: r, Col: c})
			if !ok {
				whole = false
				continue
			}
			if !seen[y] {
				seen[y] = true
				o = append(o, y)
			}
		}
		if whole {
			slices.Sort(o)
			out = append(out, o)
		}
	}
	return out, nil
}

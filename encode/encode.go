package encode

import (
	"context"
	"fmt"
	"math/bits"
	"slices"
	"strings"

	"gattai/layouts"
)

// AMO is an at-most-one encoding: how "at most one of these literals is
// true" becomes clauses. The zero value, Auto, picks the measured default
// for the grid size (see DefaultAMO and doc.go).
type AMO uint8

const (
	Auto       AMO = iota // DefaultAMO(n)
	Pairwise              // every pair: k(k-1)/2 binary clauses, no auxiliary variable
	Sequential            // Sinz's sequential counter: 3k-4 clauses, k-1 auxiliary variables
	Commander             // Klieber and Kwon's commander, groups of 3, recursively
	Binary                // bitwise: k*ceil(log2 k) clauses, ceil(log2 k) auxiliary variables
)

var amoNames = [...]string{"auto", "pairwise", "sequential", "commander", "binary"}

func (a AMO) String() string {
	if int(a) < len(amoNames) {
		return amoNames[a]
	}
	return fmt.Sprintf("AMO(%d)", a)
}

// ParseAMO reads an encoding name as String writes it.
func ParseAMO(s string) (AMO, error) {
	for i, name := range amoNames {
		if strings.EqualFold(strings.TrimSpace(s), name) {
			return AMO(i), nil
		}
	}
	return 0, fmt.Errorf("unknown at-most-one encoding %q (want one of %s)", s, strings.Join(amoNames[:], ", "))
}

// AMOs lists the concrete encodings (all but Auto), in a fixed order.
func AMOs() []AMO { return []AMO{Pairwise, Sequential, Commander, Binary} }

// DefaultAMO is the encoding Auto stands for with grids of n symbols.
// Pairwise won at every measured size (figures in doc.go): with the
// variables that the givens fix removed, the groups are small and
// gophersat propagates binary clauses fastest.
func DefaultAMO(n int) AMO { return Pairwise }

// Options choose how a puzzle is encoded.
type Options struct {
	AMO AMO // the at-most-one encoding; Auto is DefaultAMO(n)
	Sum Sum // the encoding of killer sums; SumAuto is DefaultSum()
}

// ErrPuzzle is wrapped by the errors of Puzzle: a puzzle that is not
// well formed (not a bad instance, which gets the empty clause). It is
// layouts.ErrPuzzle, which every engine returns for such a puzzle.
var ErrPuzzle = layouts.ErrPuzzle

// Formula is a puzzle in CNF. Variables 1..CellVars are cell variables,
// one per (cell, digit) that the givens and the rules leave open,
// numbered by cell then digit; CellVars+1..NumVars are auxiliary
// variables of the at-most-one and sum encodings. Var and CellDigit
// translate; Decode and Block read and write models in these terms.
type Formula struct {
	Puzzle   *layouts.Puzzle
	AMO      AMO // the encoding used, never Auto
	Sum      Sum // the encoding of killer sums, never SumAuto
	NumVars  int
	CellVars int
	Clauses  [][]int // each a disjunction of non-zero literals; an empty one is false

	vars  []cellDigit // v-1 -> its cell and digit, for v <= CellVars
	varOf []int32     // c*N+d-1 -> v, or 0

	slab []int           // where add copies the literals of new clauses
	done <-chan struct{} // while encoding: PuzzleContext's ctx.Done()
	ctx  context.Context
	size *Size // set by Estimate: add counts the clauses, keeping none
}

// slabInts is the size of the chunks of literals that add fills: one
// allocation per chunk, not per clause.
const slabInts = 1 << 16

// pollClauses is how many clauses add makes between two looks at the
// context: a few milliseconds of encoding.
const pollClauses = 1 << 14

// stopped is what add panics with when the context of PuzzleContext is
// done; PuzzleContext recovers it and nothing else.
type stopped struct{ err error }

// poll stops the encoding, through a panic that PuzzleContext
// recovers, when its context is done.
func (f *Formula) poll() {
	if f.done == nil {
		return
	}
	select {
	case <-f.done:
		panic(stopped{f.ctx.Err()})
	default:
	}
}

// add appends the clause of lits, copied into the slab, so that a clause
// costs its literals and a slice header, not an allocation.
func (f *Formula) add(lits ...int) {
	if f.size != nil {
		if f.size.Clauses%pollClauses == 0 {
			f.poll()
		}
		f.size.Clauses++
		f.size.count(lits)
		return
	}
	if len(f.Clauses)%pollClauses == 0 {
		f.poll()
	}
	if len(lits) == 0 {
		f.Clauses = append(f.Clauses, []int{}) // rare: one at most per puzzle and rule
		return
	}
	if len(lits) > cap(f.slab)-len(f.slab) {
		f.slab = make([]int, 0, max(slabInts, len(lits)))
	}
	i := len(f.slab)
	f.slab = append(f.slab, lits...)
	if len(f.Clauses) == cap(f.Clauses) {
		// Grow by half, where append would add a quarter: a large list
		// then costs three times its size in all, not five.
		f.Clauses = slices.Grow(f.Clauses, max(1024, len(f.Clauses)/2))
	}
	f.Clauses = append(f.Clauses, f.slab[i:len(f.slab):len(f.slab)])
}

type cellDigit struct {
	c int32
	d uint8
}

// Var is the variable "cell c holds digit d", or 0 if the givens decide
// it (c is given, or a given peer holds d) or a rule rules d out (see
// Puzzle).
func (f *Formula) Var(c, d int) int {
	n := f.Puzzle.Model.N
	if c < 0 || c >= len(f.Puzzle.Model.Cells) || d < 1 || d > n {
		return 0
	}
	return int(f.varOf[c*n+d-1])
}

// CellDigit is the cell and digit of cell variable v; ok is false for an
// auxiliary variable or one out of range.
func (f *Formula) CellDigit(v int) (c, d int, ok bool) {
	if v < 1 || v > f.CellVars {
		return 0, 0, false
	}
	cd := f.vars[v-1]
	return int(cd.c), int(cd.d), true
}

// newFormula makes a formula with no cell variables yet.
func newFormula(p *layouts.Puzzle, amo AMO, sum Sum) *Formula {
	m := p.Model
	return &Formula{Puzzle: p, AMO: amo, Sum: sum, varOf: make([]int32, len(m.Cells)*m.N)}
}

// addCellVar numbers the next cell variable.
func (f *Formula) addCellVar(c, d int) int {
	f.vars = append(f.vars, cellDigit{int32(c), uint8(d)})
	f.CellVars = len(f.vars)
	f.NumVars = f.CellVars
	f.varOf[c*f.Puzzle.Model.N+d-1] = int32(f.CellVars)
	return f.CellVars
}

// Puzzle encodes p. Cell variables fixed by the givens are left out,
// not asserted, and so are the digits that the rules of the variant
// constraints rule out (each rule's kind narrows its cells until none
// can narrow more). Clauses, in this order: at least one digit per open
// cell, at most one per open cell, each missing digit at least once per
// full unit (the extended encoding), each digit at most once per unit,
// and the clauses of each rule, in the model's order. Givens that make
// the puzzle impossible (a digit given twice in a unit, an open cell
// with no digit left, a full unit with no place for a missing digit, a
// rule they break) give the empty clause, not an error. A rule of a
// kind that this package does not encode is an error wrapping
// ErrPuzzle.
func Puzzle(p *layouts.Puzzle, opts Options) (*Formula, error) {
	return PuzzleContext(context.Background(), p, opts)
}

// PuzzleContext is Puzzle, stopped with ctx.Err() within milliseconds
// once ctx is done: a large layout takes seconds to encode.
func PuzzleContext(ctx context.Context, p *layouts.Puzzle, opts Options) (*Formula, error) {
	return encodeContext(ctx, p, opts, nil)
}

// encodeContext is PuzzleContext, counting the clauses in size instead
// of keeping them when size is not nil.
func encodeContext(ctx context.Context, p *layouts.Puzzle, opts Options, size *Size) (f *Formula, err error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	defer func() {
		if r := recover(); r != nil {
			s, ok := r.(stopped)
			if !ok {
				panic(r)
			}
			f, err = nil, s.err
		}
	}()
	f, err = puzzle(ctx, p, opts, size)
	if f != nil {
		f.done, f.ctx, f.slab, f.size = nil, nil, nil, nil
	}
	return f, err
}

func puzzle(ctx context.Context, p *layouts.Puzzle, opts Options, size *Size) (*Formula, error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	m := p.Model
	n := m.N
	if err := checkKinds(m); err != nil {
		return nil, err
	}
	amo := opts.AMO
	if amo == Auto {
		amo = DefaultAMO(n)
	}
	if int(amo) >= len(amoNames) {
		return nil, fmt.Errorf("unknown at-most-one encoding %v", amo)
	}
	sum := opts.Sum
	if sum == SumAuto {
		sum = DefaultSum()
	}
	if int(sum) >= len(sumNames) {
		return nil, fmt.Errorf("unknown killer sum encoding %v", sum)
	}

	f := newFormula(p, amo, sum)
	f.ctx, f.done, f.size = ctx, ctx.Done(), size
	all := ^uint64(0) >> (64 - n)
	cand := make([]uint64, len(m.Cells))
	for c, d := range p.Givens {
		if d != 0 {
			continue
		}
		cand[c] = all
		for _, q := range m.Peers[c] {
			if g := p.Givens[q]; g != 0 {
				cand[c] &^= 1 << (g - 1)
			}
		}
	}
	b := &builder{f: f, cand: cand, sum: sum}
	b.narrow()
	for c, d := range p.Givens {
		if d == 0 {
			for mask := cand[c]; mask != 0; mask &= mask - 1 {
				f.addCellVar(c, bits.TrailingZeros64(mask)+1)
			}
		}
	}

	if p.Conflict() != nil {
		f.add()
	}
	for c, d := range p.Givens {
		if d == 0 {
			f.add(f.cellLits(c, cand[c])...)
		}
	}
	for c, d := range p.Givens {
		if d == 0 {
			f.atMostOne(f.cellLits(c, cand[c]))
		}
	}
	for u := range m.Units {
		if !m.Full(u) {
			continue
		}
		var given uint64
		for _, c := range m.Units[u].Cells {
			if d := p.Givens[c]; d != 0 {
				given |= 1 << (d - 1)
			}
		}
		for d := 1; d <= n; d++ {
			if given&(1<<(d-1)) == 0 {
				f.add(f.unitLits(u, d)...)
			}
		}
	}
	if amo == Pairwise {
		// The union over units of their pairwise clauses, each pair of
		// peers once: a row and a box that share cells share clauses.
		// They are most of the formula: count them first, so that the
		// clause list grows once rather than by a quarter at a time
		// (which allocated 5 times its final size on a 36x36).
		if f.size == nil {
			k := 0
			for c := range m.Cells {
				for _, q := range m.Peers[c] {
					if q > c {
						k += bits.OnesCount64(cand[c] & cand[q])
					}
				}
			}
			f.Clauses = slices.Grow(f.Clauses, k+k/16) // and room for rules
		}
		for c := range m.Cells {
			for _, q := range m.Peers[c] {
				if q <= c {
					continue
				}
				for mask := cand[c] & cand[q]; mask != 0; mask &= mask - 1 {
					d := bits.TrailingZeros64(mask) + 1
					f.add(-f.Var(c, d), -f.Var(q, d))
				}
			}
		}
	} else {
		for u := range m.Units {
			for d := 1; d <= n; d++ {
				f.atMostOne(f.unitLits(u, d))
			}
		}
	}
	b.ruleClauses()
	return f, nil
}

// cellLits are the variables of open cell c, ascending.
func (f *Formula) cellLits(c int, cand uint64) []int {
	lits := make([]int, 0, bits.OnesCount64(cand))
	for mask := cand; mask != 0; mask &= mask - 1 {
		lits = append(lits, f.Var(c, bits.TrailingZeros64(mask)+1))
	}
	return lits
}

// unitLits are the variables placing d in a cell of unit u, ascending.
func (f *Formula) unitLits(u, d int) []int {
	lits := []int{}
	for _, c := range f.Puzzle.Model.Units[u].Cells {
		if v := f.Var(c, d); v != 0 {
			lits = append(lits, v)
		}
	}
	return lits
}

// Block is the clause that excludes grid g: the negation of its cell
// variables (over open cells only). Added to the formula, it makes the
// solver look for another grid; an empty clause means g was the only
// possible grid.
func (f *Formula) Block(g layouts.Grid) []int {
	var clause []int
	for c, d := range f.Puzzle.Givens {
		if d != 0 || c >= len(g.Digits) {
			continue
		}
		if v := f.Var(c, int(g.Digits[c])); v != 0 {
			clause = append(clause, -v)
		}
	}
	return clause
}

// RuleOut adds the clause that cell c does not hold digit d, so that
// the solver looks for the grids with another digit there: a unit
// clause, or nothing when the givens or rules rule d out already, or
// the empty clause when c is given d.
func (f *Formula) RuleOut(c, d int) {
	switch v := f.Var(c, d); {
	case v != 0:
		f.Clauses = append(f.Clauses, []int{-v})
	case c >= 0 && c < len(f.Puzzle.Givens) && int(f.Puzzle.Givens[c]) == d:
		f.Clauses = append(f.Clauses, []int{})
	}
}

// String summarises the formula: "10 vars (10 cell), 31 clauses,
// pairwise", and with killer cages ", killer combinations".
func (f *Formula) String() string {
	s := fmt.Sprintf("%d vars (%d cell), %d clauses, %s", f.NumVars, f.CellVars, len(f.Clauses), f.AMO)
	if hasSums(f.Puzzle.Model) {
		s += ", killer " + f.Sum.String()
	}
	return s
}

// Unsat reports whether the formula holds the empty clause, so that the
// givens alone make the puzzle impossible.
func (f *Formula) Unsat() bool {
	return slices.ContainsFunc(f.Clauses, func(cl []int) bool { return len(cl) == 0 })
}

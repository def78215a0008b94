package encode

import (
	"context"
	"strconv"

	"gattai/layouts"
)

// Size is how large a formula is: what Estimate predicts before
// encoding and Formula.Size measures after.
type Size struct {
	Vars, CellVars int
	Clauses        int
	Lits           int64 // the literals of all clauses
	// DIMACSBytes is the size of the clause body that WriteDIMACS
	// writes (the p line and the clauses; the comments before it take
	// a few bytes per cell variable more, see CommentBytes).
	DIMACSBytes int64
	// MemBytes is what the formula takes in memory: its clauses (a
	// 24-byte slice header and 8 bytes per literal) and its variable
	// tables. Encoding takes up to about twice it at its peak, as the
	// clause list grows; a SAT solver given the formula (gophersat)
	// takes several times more.
	MemBytes int64
}

// Estimate is the exact size of the formula that Puzzle would make for
// p and opts, found by running the encoder without keeping its clauses:
// it takes the time of encoding (less the allocations) but only the
// memory of the variable tables (at most 48 MB, for 65536 cells of 64
// digits). A caller checks it against a budget before encoding, or
// before handing the puzzle to a SAT engine. When ctx is done Estimate
// stops with ctx.Err(). The errors are those of Puzzle.
func Estimate(ctx context.Context, p *layouts.Puzzle, opts Options) (Size, error) {
	var s Size
	f, err := encodeContext(ctx, p, opts, &s)
	if err != nil {
		return Size{}, err
	}
	s.Vars, s.CellVars = f.NumVars, f.CellVars
	s.DIMACSBytes += int64(len("p cnf  \n") + len(strconv.Itoa(f.NumVars)) + len(strconv.Itoa(s.Clauses)))
	s.MemBytes = s.tables(p.Model) + int64(s.Clauses)*clauseBytes + s.Lits*litBytes
	return s, nil
}

// Size measures f as Estimate predicts it.
func (f *Formula) Size() Size {
	s := Size{Vars: f.NumVars, CellVars: f.CellVars, Clauses: len(f.Clauses)}
	for _, cl := range f.Clauses {
		s.count(cl)
	}
	s.DIMACSBytes += int64(len("p cnf  \n") + len(strconv.Itoa(f.NumVars)) + len(strconv.Itoa(s.Clauses)))
	s.MemBytes = s.tables(f.Puzzle.Model) + int64(s.Clauses)*clauseBytes + s.Lits*litBytes
	return s
}

// count adds clause cl's literals and DIMACS bytes ("1 -2 0\n").
func (s *Size) count(cl []int) {
	s.Lits += int64(len(cl))
	n := int64(2)
	for _, lit := range cl {
		n += int64(digits(lit)) + 1
	}
	s.DIMACSBytes += n
}

// tables is the memory of the variable maps of a formula of s.
func (s *Size) tables(m *layouts.Model) int64 {
	return int64(s.CellVars)*8 + int64(len(m.Cells)*m.N)*4
}

// digits is the length of lit in decimal.
func digits(lit int) int {
	n := 1
	if lit < 0 {
		n, lit = 2, -lit
	}
	for ; lit >= 10; lit /= 10 {
		n++
	}
	return n
}

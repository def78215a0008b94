package encode

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"gattai/layouts"
)

// Status is a solver's verdict.
type Status uint8

const (
	Unknown Status = iota // the solver gave up (UNKNOWN, INDETERMINATE, INDET)
	Sat
	Unsat
)

func (s Status) String() string {
	switch s {
	case Sat:
		return "SATISFIABLE"
	case Unsat:
		return "UNSATISFIABLE"
	}
	return "UNKNOWN"
}

// Model is a solver's answer: its verdict and, when Sat, the literals it
// made true (v for a true variable, -v for a false one).
type Model struct {
	Status Status
	Lits   []int
}

// ErrModel is wrapped by Decode when a model does not fit the formula.
var ErrModel = errors.New("model does not fit the formula")

// ParseModel reads a SAT solver's answer (grammar in doc.go): minisat's
// result file ("SAT" then the literals ending in 0, or "UNSAT"), the
// competition form of cadical, kissat, picosat and cryptominisat ("s
// SATISFIABLE" and "v" lines, "s UNSATISFIABLE", "s UNKNOWN"), or a plain
// list of literals. After a SAT verdict the model must end in 0: an
// answer cut short is an error wrapping layouts.ErrTruncated. Errors
// are *layouts.ParseError naming name, at the line and column of the
// offending word. It streams: whatever the input,
// it holds one word (at most 64 bytes) and the model, whose literals are
// at most 2^30 and each variable given once; comments of any length are
// skipped unread. To read the answer for a known formula, whose variable
// count then bounds the literals, use Formula.ParseModel.
func ParseModel(r io.Reader, name string) (Model, error) {
	return parseModel(r, name, maxVar)
}

// ParseModel reads a solver's answer for f, as the package's ParseModel,
// and stops at the first literal beyond f.NumVars, an error wrapping
// ErrModel and layouts.ErrTooLarge at its position: the model then takes at most
// NumVars literals, and a model of another formula fails on its first
// wrong literal rather than after it is read whole.
func (f *Formula) ParseModel(r io.Reader, name string) (Model, error) {
	return parseModel(r, name, f.NumVars)
}

// parseModel is ParseModel with literals up to maxV in magnitude.
func parseModel(r io.Reader, name string, maxV int) (Model, error) {
	var (
		m        Model
		statusAt int
		ended    bool     // the terminating 0 was read
		seen     []uint64 // a bit per variable given, grown as needed
	)
	s := newScanner(r, name)
	fail := func(line, col int, sentinel error, format string, args ...any) (Model, error) {
		return Model{}, s.errorAt(line, col, sentinel, format, args...)
	}
	setStatus := func(st Status) bool {
		if statusAt != 0 {
			return false
		}
		m.Status, statusAt = st, s.line
		return true
	}
	for more := true; more; {
		w, col, err := s.word()
		if err != nil {
			return Model{}, err
		}
		switch w {
		case "c":
			if err := s.skipLine(); err != nil {
				return Model{}, err
			}
			w = ""
		case "s", "SAT", "UNSAT", "INDET", "UNKNOWN":
			verdict, vcol, line := w, col, s.line
			next, ncol, err := s.word()
			if err != nil {
				return Model{}, err
			}
			if w == "s" {
				if next == "" {
					return fail(line, col, layouts.ErrSyntax, "want \"s SATISFIABLE\", \"s UNSATISFIABLE\" or \"s UNKNOWN\"")
				}
				verdict, vcol = next, ncol
				if x, xcol, err := s.word(); err != nil {
					return Model{}, err
				} else if x != "" {
					return fail(line, xcol, layouts.ErrSyntax, "unexpected %q after the verdict", x)
				}
			} else if next != "" {
				return fail(line, ncol, layouts.ErrSyntax, "unexpected %q after %s", next, w)
			}
			var st Status
			switch verdict {
			case "SATISFIABLE", "SAT":
				st = Sat
			case "UNSATISFIABLE", "UNSAT":
				st = Unsat
			case "UNKNOWN", "INDETERMINATE", "INDET":
				st = Unknown
			default:
				return fail(line, vcol, layouts.ErrSyntax, "unknown verdict %q", verdict)
			}
			if len(m.Lits) > 0 || ended {
				return fail(line, col, layouts.ErrSyntax, "verdict after the literals")
			}
			if !setStatus(st) {
				return fail(line, col, layouts.ErrSyntax, "second verdict (the first is on line %d)", statusAt)
			}
			w = ""
		case "v":
			w, col, err = s.word()
			if err != nil {
				return Model{}, err
			}
		}
		for ; w != ""; w, col, err = s.word() {
			lit, err := strconv.Atoi(w)
			if err != nil {
				if errors.Is(err, strconv.ErrRange) {
					return fail(s.line, col, layouts.ErrTooLarge, "literal %q beyond %d", w, maxV)
				}
				return fail(s.line, col, layouts.ErrSyntax, "%q is not a literal", w)
			}
			if lit > maxV || lit < -maxV {
				if maxV < maxVar {
					return Model{}, &layouts.ParseError{File: name, Line: s.line, Col: col, Err: fmt.Errorf("%w (%w): literal %d is beyond the formula's %d variables (a model of another CNF?)", ErrModel, layouts.ErrTooLarge, lit, maxV)}
				}
				return fail(s.line, col, layouts.ErrTooLarge, "literal %d beyond %d", lit, maxV)
			}
			if statusAt != 0 && m.Status != Sat {
				return fail(s.line, col, layouts.ErrSyntax, "literal after verdict %s", m.Status)
			}
			if ended {
				return fail(s.line, col, layouts.ErrSyntax, "literal %d after the terminating 0", lit)
			}
			if lit == 0 {
				ended = true
				continue
			}
			v := max(lit, -lit)
			if i := v / 64; i >= len(seen) {
				seen = append(seen, make([]uint64, i+1-len(seen))...)
			}
			if seen[v/64]&(1<<(v%64)) != 0 {
				return fail(s.line, col, layouts.ErrSyntax, "variable %d given twice", v)
			}
			seen[v/64] |= 1 << (v % 64)
			m.Lits = append(m.Lits, lit)
		}
		if err != nil {
			return Model{}, err
		}
		if more, err = s.endLine(); err != nil {
			return Model{}, err
		}
	}
	if statusAt == 0 {
		if len(m.Lits) == 0 && !ended {
			return fail(s.after(), 1, layouts.ErrEmpty, "no verdict and no literals")
		}
		m.Status = Sat // a plain list of literals
	} else if m.Status == Sat && !ended {
		// Every solver ends its model in 0: without it the answer was
		// cut short, and its missing variables would read as false.
		if len(m.Lits) == 0 {
			return fail(s.after(), 1, layouts.ErrTruncated, "input ends after the verdict on line %d, with no model", statusAt)
		}
		return fail(s.after(), 1, layouts.ErrTruncated, "input ends after %d literals, before the model's terminating 0", len(m.Lits))
	}
	return m, nil
}

// Decode turns a model of f into a grid: the givens, and for each open
// cell the digit of its one true cell variable. A model that does not
// fit (not Sat, a literal beyond NumVars, a cell with no digit or two)
// is an error wrapping ErrModel; a grid that fits still needs
// layouts.Check, which Decode leaves to the caller.
func (f *Formula) Decode(m Model) (layouts.Grid, error) {
	if m.Status != Sat {
		return layouts.Grid{}, fmt.Errorf("%w: the answer is %s, not a model", ErrModel, m.Status)
	}
	p := f.Puzzle
	cells := p.Model.Cells
	g := layouts.Grid{Model: p.Model, Digits: append([]uint8(nil), p.Givens...)}
	for _, lit := range m.Lits {
		if lit > f.NumVars || -lit > f.NumVars || lit == 0 {
			return layouts.Grid{}, fmt.Errorf("%w: literal %d is beyond the formula's %d variables (a model of another CNF?)", ErrModel, lit, f.NumVars)
		}
		c, d, ok := f.CellDigit(lit)
		if !ok {
			continue // false, or auxiliary
		}
		if prev := g.Digits[c]; prev != 0 {
			return layouts.Grid{}, fmt.Errorf("%w: cell %s has two digits, %s and %s", ErrModel, cells[c], layouts.Symbol(int(prev)), layouts.Symbol(d))
		}
		g.Digits[c] = uint8(d)
	}
	for c, d := range g.Digits {
		if d == 0 {
			return layouts.Grid{}, fmt.Errorf("%w: cell %s has no digit", ErrModel, cells[c])
		}
	}
	return g, nil
}

// ClauseError names the first clause of a formula that a model leaves
// false. It wraps ErrModel.
type ClauseError struct {
	Clause int   // 1-based, in the order of Formula.Clauses and of the CNF body
	Lits   []int // the clause
}

func (e *ClauseError) Error() string {
	if len(e.Lits) == 0 {
		return fmt.Sprintf("%v: clause %d is empty (the formula is unsatisfiable)", ErrModel, e.Clause)
	}
	return fmt.Sprintf("%v: clause %d (%s) is false", ErrModel, e.Clause, clauseText(e.Lits, 8))
}

func (e *ClauseError) Unwrap() error { return ErrModel }

// clauseText is the clause as in DIMACS, its first k literals and a
// count of the rest.
func clauseText(lits []int, k int) string {
	var b strings.Builder
	for i, lit := range lits[:min(k, len(lits))] {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(strconv.Itoa(lit))
	}
	if len(lits) > k {
		fmt.Fprintf(&b, " and %d more", len(lits)-k)
	}
	return b.String()
}

// Satisfied checks m against every clause of f: nil when m is Sat and
// makes each clause true, else an error wrapping ErrModel — a
// *ClauseError naming the first false clause, or an error for a verdict
// other than Sat or a literal beyond NumVars. A variable that m does
// not give counts as false, as DIMACS solvers print every variable.
// Decode reads only the cell variables; Satisfied is how a caller knows
// that the solver's model is a model of the whole CNF.
func (f *Formula) Satisfied(m Model) error {
	if m.Status != Sat {
		return fmt.Errorf("%w: the answer is %s, not a model", ErrModel, m.Status)
	}
	val := make([]bool, f.NumVars+1)
	for _, lit := range m.Lits {
		if lit > f.NumVars || -lit > f.NumVars || lit == 0 {
			return fmt.Errorf("%w: literal %d is beyond the formula's %d variables (a model of another CNF?)", ErrModel, lit, f.NumVars)
		}
		if lit > 0 {
			val[lit] = true
		}
	}
next:
	for i, cl := range f.Clauses {
		for _, lit := range cl {
			if lit > 0 && val[lit] || lit < 0 && !val[-lit] {
				continue next
			}
		}
		return &ClauseError{Clause: i + 1, Lits: cl}
	}
	return nil
}

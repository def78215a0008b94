package encode

import (
	"bufio"
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

// maxVar bounds the literals ParseModel accepts.
const maxVar = 1 << 30

// ParseModel reads a SAT solver's answer (grammar in doc.go): minisat's
// result file ("SAT" then the literals ending in 0, or "UNSAT"), the
// competition form of cadical, kissat, picosat and cryptominisat ("s
// SATISFIABLE" and "v" lines, "s UNSATISFIABLE", "s UNKNOWN"), or a plain
// list of literals. Errors are *layouts.ParseError naming name.
func ParseModel(r io.Reader, name string) (Model, error) {
	var (
		m        Model
		statusAt int
		ended    bool // the terminating 0 was read
		seen     = map[int]bool{}
		line     int
	)
	fail := func(col int, sentinel error, format string, args ...any) (Model, error) {
		return Model{}, &layouts.ParseError{File: name, Line: line, Col: col,
			Err: fmt.Errorf("%w: %s", sentinel, fmt.Sprintf(format, args...))}
	}
	setStatus := func(s Status) bool {
		if statusAt != 0 {
			return false
		}
		m.Status, statusAt = s, line
		return true
	}
	br := bufio.NewReader(r)
	for {
		s, err := br.ReadString('\n')
		if err != nil && err != io.EOF {
			return Model{}, err
		}
		if s == "" && err == io.EOF {
			break
		}
		line++
		s = strings.TrimRight(s, "\r\n")
		w := fields(s, 0)
		if len(w) == 0 {
			continue
		}
		from := 0
		switch w[0].text {
		case "c":
			continue
		case "s", "SAT", "UNSAT", "INDET", "UNKNOWN":
			verdict := w[0].text
			if verdict == "s" {
				if len(w) != 2 {
					return fail(w[0].col, layouts.ErrSyntax, "want \"s SATISFIABLE\", \"s UNSATISFIABLE\" or \"s UNKNOWN\"")
				}
				verdict = w[1].text
			} else if len(w) != 1 {
				return fail(w[1].col, layouts.ErrSyntax, "unexpected %q after %s", w[1].text, w[0].text)
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
				return fail(w[len(w)-1].col, layouts.ErrSyntax, "unknown verdict %q", verdict)
			}
			if len(m.Lits) > 0 || ended {
				return fail(w[0].col, layouts.ErrSyntax, "verdict after the literals")
			}
			if !setStatus(st) {
				return fail(w[0].col, layouts.ErrSyntax, "second verdict (the first is on line %d)", statusAt)
			}
			continue
		case "v":
			from = 1
		}
		for _, x := range w[from:] {
			lit, err := strconv.Atoi(x.text)
			if err != nil {
				return fail(x.col, layouts.ErrSyntax, "%q is not a literal", x.text)
			}
			if lit > maxVar || lit < -maxVar {
				return fail(x.col, layouts.ErrTooLarge, "literal %d beyond %d", lit, maxVar)
			}
			if statusAt != 0 && m.Status != Sat {
				return fail(x.col, layouts.ErrSyntax, "literal after verdict %s", m.Status)
			}
			if ended {
				return fail(x.col, layouts.ErrSyntax, "literal %d after the terminating 0", lit)
			}
			if lit == 0 {
				ended = true
				continue
			}
			v := max(lit, -lit)
			if seen[v] {
				return fail(x.col, layouts.ErrSyntax, "variable %d given twice", v)
			}
			seen[v] = true
			m.Lits = append(m.Lits, lit)
		}
	}
	if statusAt == 0 {
		if len(m.Lits) == 0 && !ended {
			line++
			return fail(1, layouts.ErrEmpty, "no verdict and no literals")
		}
		m.Status = Sat // a plain list of literals
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

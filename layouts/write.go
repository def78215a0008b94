package layouts

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
)

// WritePuzzle writes the puzzle's givens in p.Source.Format (canvas when
// FormatAuto), '.' for an empty cell ('0' in POJ and Euler, and where
// cells are numbers). In rows form it follows p.Source.Style: spacing,
// '|' and rule lines, numbers and the empty cell as they were read.
// Read gives the same givens back.
func WritePuzzle(w io.Writer, p *Puzzle) error {
	return write(w, p, p.Model, p.Givens)
}

// WriteGrid writes g as the puzzle p was read: in line form one line,
// in rows form and POJ n lines, in Euler the header then n lines, in
// canvas form (and for FormatAuto) one line per canvas row.
//
// It writes one puzzle and nothing else; between two puzzles write
// p.Source.Format.Separator(). Rows, POJ and Euler forms hold one grid:
// for a layout of several they write nothing and return an error, as
// Read refuses them (WritePuzzle too).
func WriteGrid(w io.Writer, p *Puzzle, g Grid) error {
	m := g.Model
	if m == nil {
		m = p.Model
	}
	return write(w, p, m, g.Digits)
}

// Separator is what goes between two puzzles written in format f: a
// blank line in canvas and rows forms (a canvas needs it to be read
// back), nothing in line, POJ and Euler forms.
func (f Format) Separator() string {
	switch f {
	case FormatLine, FormatPOJ, FormatEuler:
		return ""
	}
	return "\n"
}

func write(w io.Writer, p *Puzzle, m *Model, digits []uint8) error {
	if m == nil || len(digits) != len(m.Cells) {
		return errors.New("digits do not fit the layout")
	}
	if beyond(digits, m.N) { // written, it would read back as other digits
		return fmt.Errorf("%w: a digit beyond %d", ErrPuzzle, m.N)
	}
	if !singleGrid(m) {
		switch f := p.Source.Format; f {
		case FormatRows, FormatPOJ, FormatEuler: // as read refuses them
			return fmt.Errorf("the %s format holds a single grid, and layout %s has %d", f, layoutName(m), len(m.GridCells))
		}
	}
	var b []byte
	switch p.Source.Format {
	case FormatLine:
		b = appendLine(b, m, digits)
	case FormatRows:
		if st := &p.Source.Style; !st.zero() && singleGrid(m) {
			b = appendRows(b, m, digits, st)
		} else {
			b = appendCanvas(b, m, digits, '.')
		}
	case FormatPOJ:
		b = appendCanvas(b, m, digits, '0')
	case FormatEuler:
		h := p.Source.Header
		if h == "" {
			h = "Grid"
		}
		b = append(append(b, h...), '\n')
		b = appendCanvas(b, m, digits, '0')
	default:
		b = appendCanvas(b, m, digits, '.')
	}
	_, err := w.Write(b)
	return err
}

// appendLine appends the cells in order on one line: symbols, or
// numbers separated by spaces when n is beyond the letters.
func appendLine(b []byte, m *Model, digits []uint8) []byte {
	numbers := m.N > MaxLetterSymbols
	for ci, d := range digits {
		if numbers && ci > 0 {
			b = append(b, ' ')
		}
		if d == 0 && !numbers {
			b = append(b, '.')
		} else {
			b = append(b, symbolText(int(d), m.N)...)
		}
	}
	return append(b, '\n')
}

// appendCanvas appends one line per canvas row: a symbol or empty for
// each cell, a space outside every grid, no trailing spaces. Beyond the
// letters cells are numbers (0 empty) right-aligned in columns and
// separated by a space, '-' outside. A row without cells is "-", so
// that no puzzle holds a blank line.
func appendCanvas(b []byte, m *Model, digits []uint8, empty byte) []byte {
	if m.N <= MaxLetterSymbols {
		return appendCharCanvas(b, m, digits, empty)
	}
	width := len(strconv.Itoa(m.N))
	for r := range m.Height {
		start, end := len(b), len(b)
		for c := range m.Width {
			ci, ok := m.Cell(Pos{r, c})
			if c > 0 {
				b = append(b, ' ')
			}
			tok := "-"
			if ok {
				tok = symbolText(int(digits[ci]), m.N)
			}
			b = append(b, strings.Repeat(" ", width-len(tok))...)
			b = append(b, tok...)
			if ok {
				end = len(b)
			}
		}
		b = endRow(b, start, end)
	}
	return b
}

// appendCharCanvas is appendCanvas for symbols of one character: a
// position a byte, ' ' outside the grids.
func appendCharCanvas(b []byte, m *Model, digits []uint8, empty byte) []byte {
	b = slices.Grow(b, m.Height*(m.Width+1))
	for r := range m.Height {
		index := m.index[r*m.Width : (r+1)*m.Width] // the row's cells, -1 outside
		start, end := len(b), len(b)
		for _, ci := range index {
			switch {
			case ci < 0:
				b = append(b, ' ')
				continue
			case digits[ci] == 0:
				b = append(b, empty)
			case int(digits[ci]) <= len(symbols):
				b = append(b, symbols[digits[ci]-1])
			default:
				b = append(b, symbolText(int(digits[ci]), m.N)...)
			}
			end = len(b)
		}
		b = endRow(b, start, end)
	}
	return b
}

// endRow ends a canvas row begun at start, its last cell ending at end:
// the text after it dropped, "-" for a row without cells, a newline.
func endRow(b []byte, start, end int) []byte {
	b = b[:end]
	if end == start {
		b = append(b, '-')
	}
	return append(b, '\n')
}

// appendRows appends the n rows of a single grid written in style st.
func appendRows(b []byte, m *Model, digits []uint8, st *Style) []byte {
	n := m.N
	numbers := st.Numbers || n > MaxLetterSymbols
	spaced := st.Spaced || numbers
	empty := "."
	if st.Empty == '0' || st.Empty == '-' && spaced {
		empty = string(st.Empty) // a row of compact '-' would read as a rule
	}
	rule := st.Rule
	if rule == "" {
		rule = strings.Repeat("-", n)
	}
	for r := 0; r <= n; r++ {
		if slices.Contains(st.Rules, r) {
			b = append(append(b, rule...), '\n')
		}
		if r == n {
			break
		}
		for c := 0; c <= n; c++ {
			bar := slices.Contains(st.Bars, c)
			switch {
			case c == 0 && bar && spaced:
				b = append(b, "| "...)
			case c == 0 && bar:
				b = append(b, '|')
			case c == 0:
			case c == n && bar && spaced:
				b = append(b, " |"...)
			case c == n && bar:
				b = append(b, '|')
			case c == n:
			case bar && spaced:
				b = append(b, " | "...)
			case bar:
				b = append(b, '|')
			case spaced || slices.Contains(st.Gaps, c):
				b = append(b, ' ')
			}
			if c == n {
				break
			}
			ci, _ := m.Cell(Pos{r, c})
			tok := empty
			switch d := int(digits[ci]); {
			case d > 0 && numbers:
				tok = strconv.Itoa(d)
			case d > 0:
				tok = Symbol(d)
			}
			b = append(b, strings.Repeat(" ", max(0, st.Width-len(tok)))...)
			b = append(b, tok...)
		}
		b = append(b, '\n')
	}
	return b
}

package encode

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"gattai/layouts"
)

// ErrNoPuzzle is wrapped by ParseDIMACS when a CNF lacks the comments
// that gattai writes (the layout, givens, encoding and variable map).
var ErrNoPuzzle = errors.New("no gattai puzzle in the CNF comments")

// WriteDIMACSContext is WriteDIMACS stopped with ctx.Err() once ctx is
// done: a large formula takes seconds to write.
func (f *Formula) WriteDIMACSContext(ctx context.Context, w io.Writer) error {
	return f.WriteDIMACS(ctxWriter{ctx, w})
}

// ctxWriter fails every write once its context is done.
type ctxWriter struct {
	ctx context.Context
	w   io.Writer
}

func (c ctxWriter) Write(b []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	return c.w.Write(b)
}

// WriteDIMACS writes the formula in DIMACS CNF, with comment lines that
// carry everything needed to decode a model without re-encoding: the
// layout file, the givens, the encoding and the meaning of every cell
// variable (grammar in doc.go). ParseDIMACS reads it back.
func (f *Formula) WriteDIMACS(w io.Writer) error {
	bw := bufio.NewWriter(w)
	p := f.Puzzle
	m := p.Model
	l := m.Layout
	rules := ""
	if len(m.Rules) > 0 {
		rules = fmt.Sprintf(", %d rules", len(m.Rules))
	}
	fmt.Fprintf(bw, "c gattai: sudoku on layout %q, size %d, box %s: %d cells, %d units%s, %d givens\n",
		l.Name, l.Size, l.Box, len(m.Cells), len(m.Units), rules, p.Clues())
	fmt.Fprintf(bw, "c encoding %s\n", f.AMO)
	if hasSums(m) {
		fmt.Fprintf(bw, "c killer %s\n", f.Sum)
	}
	if src := p.Source; src.Format != layouts.FormatAuto {
		fmt.Fprintf(bw, "c format %s\n", src.Format)
		if src.Header != "" {
			writeComment(bw, "header", src.Header)
		}
	}
	for line := range strings.Lines(string(l.MarshalFile())) {
		writeComment(bw, "layout", strings.TrimSuffix(line, "\n"))
	}
	writeComment(bw, "givens", givensText(p))
	for line := range strings.Lines(p.String()) {
		writeComment(bw, "canvas", strings.TrimSuffix(line, "\n"))
	}
	fmt.Fprintf(bw, "c vars %d cell, %d auxiliary\n", f.CellVars, f.NumVars-f.CellVars)
	for i, cd := range f.vars {
		fmt.Fprintf(bw, "c var %d %s %d\n", i+1, m.Cells[cd.c], cd.d)
	}
	fmt.Fprintf(bw, "p cnf %d %d\n", f.NumVars, len(f.Clauses))
	var buf []byte
	for _, cl := range f.Clauses {
		buf = buf[:0]
		for _, lit := range cl {
			buf = strconv.AppendInt(buf, int64(lit), 10)
			buf = append(buf, ' ')
		}
		buf = append(buf, '0', '\n')
		if _, err := bw.Write(buf); err != nil {
			return err // stop at once: a full disk, a cancelled writer
		}
	}
	return bw.Flush()
}

// hasSums reports whether m has a killer rule, whose sum encoding the
// CNF then names.
func hasSums(m *layouts.Model) bool {
	for i := range m.Rules {
		if m.Rules[i].Kind == "killer" {
			return true
		}
	}
	return false
}

func writeComment(w *bufio.Writer, key, text string) {
	w.WriteString("c ")
	w.WriteString(key)
	if text != "" {
		w.WriteByte(' ')
		w.WriteString(text)
	}
	w.WriteByte('\n')
}

// givensText is the givens in cell order: one symbol per cell, '.' for
// an empty one, or with more symbols than letters, numbers separated by
// spaces and 0 for an empty cell.
func givensText(p *layouts.Puzzle) string {
	var b strings.Builder
	wide := p.Model.N > layouts.MaxLetterSymbols
	for c, d := range p.Givens {
		switch {
		case wide:
			if c > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(strconv.Itoa(int(d)))
		case d == 0:
			b.WriteByte('.')
		default:
			b.WriteString(layouts.Symbol(int(d)))
		}
	}
	return b.String()
}

// dimacsReader reads lines and makes positioned errors.
type dimacsReader struct {
	r    *bufio.Reader
	line int
	eof  bool
}

func (d *dimacsReader) next() (string, bool, error) {
	if d.eof {
		return "", false, nil
	}
	var line []byte
	for {
		b, err := d.r.ReadSlice('\n')
		if len(line)+len(b) > maxLine {
			return "", false, errorAt(d.line+1, maxLine+1, layouts.ErrTooLarge, "line longer than %d bytes", maxLine)
		}
		line = append(line, b...)
		if err == bufio.ErrBufferFull {
			continue
		}
		if err == io.EOF {
			d.eof = true
			if len(line) == 0 {
				return "", false, nil
			}
		} else if err != nil {
			return "", false, err
		}
		break
	}
	d.line++
	return strings.TrimRight(string(line), "\r\n"), true, nil
}

func errorAt(line, col int, sentinel error, format string, args ...any) error {
	return &layouts.ParseError{Line: line, Col: col, Err: fmt.Errorf("%w: %s", sentinel, fmt.Sprintf(format, args...))}
}

// field is a whitespace-separated word of a line and its 1-based column.
type field struct {
	text string
	col  int
}

func fields(s string, from int) []field {
	var out []field
	for w, rest := nextField(s, from); w.text != ""; w, rest = nextField(s, rest) {
		out = append(out, w)
	}
	return out
}

// nextField is the first field of s[from:] and the offset after it; an
// empty text at the end of s.
func nextField(s string, from int) (field, int) {
	i := from
	for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
		i++
	}
	j := i
	for j < len(s) && s[j] != ' ' && s[j] != '\t' {
		j++
	}
	return field{s[i:j], i + 1}, j
}

type varLine struct {
	line int
	f    []field // V, cell, digit
}

// ParseDIMACS reads a CNF written by WriteDIMACS: the puzzle, layout,
// encoding and variable map from the comments, the clauses from the
// body. Errors are *layouts.ParseError with the line and column (File is
// empty: set it from the caller's name for the input); a CNF without
// gattai's comments is an error wrapping ErrNoPuzzle.
//
// Limits, each an error wrapping layouts.ErrTooLarge at its position:
// a line of at most 1 MB, at most 2^30 variables, and clauses that fit
// in 4 GB of memory (24 bytes a clause, 8 a literal): a p line that
// declares more clauses than that is refused before any is read.
func ParseDIMACS(r io.Reader) (*Formula, error) {
	in := &dimacsReader{r: plainText(bufio.NewReader(r))}
	var (
		layoutText  strings.Builder
		layoutLines []int // JSON line i is file line layoutLines[i-1]
		givens      string
		givensAt    [2]int
		amo         AMO
		amoAt       int
		sum         = DefaultSum()
		vars        []varLine
		f           *Formula
		declared    int            // clauses the p line announces
		clause      []int          // the literals of the clause being read
		open        bool           // a clause is being read
		src         layouts.Source // the puzzle's format, from "c format"
		clauseLine  int
		mem         int64 // the bytes the clauses read so far take
	)
	const layoutPrefix = len("c layout ")
	for {
		s, ok, err := in.next()
		if err != nil {
			return nil, err
		}
		if !ok {
			break
		}
		if f != nil { // the body
			if s == "" || s[0] == 'c' {
				continue
			}
			if s[0] == '%' {
				break
			}
			for w, rest := nextField(s, 0); w.text != ""; w, rest = nextField(s, rest) {
				lit, err := strconv.Atoi(w.text)
				if err != nil {
					return nil, errorAt(in.line, w.col, layouts.ErrSyntax, "literal %q is not an integer", w.text)
				}
				if lit > f.NumVars || -lit > f.NumVars {
					return nil, errorAt(in.line, w.col, layouts.ErrSyntax, "literal %d is beyond the %d variables of the p line", lit, f.NumVars)
				}
				if lit == 0 {
					if len(f.Clauses) == declared {
						return nil, errorAt(in.line, w.col, layouts.ErrSyntax, "more than the %d clauses of the p line", declared)
					}
					f.add(clause...) // copied into the formula's slab
					clause, open = clause[:0], false
					mem += clauseBytes
					continue
				}
				if !open {
					open, clauseLine = true, in.line
				}
				if mem += litBytes; mem > maxCNFBytes {
					return nil, errorAt(in.line, w.col, layouts.ErrTooLarge, "clauses beyond %d GB", maxCNFBytes>>30)
				}
				clause = append(clause, lit)
			}
			continue
		}
		switch {
		case s == "":
		case s == "c layout" || strings.HasPrefix(s, "c layout "):
			layoutText.WriteString(s[min(layoutPrefix, len(s)):])
			layoutText.WriteByte('\n')
			layoutLines = append(layoutLines, in.line)
		case strings.HasPrefix(s, "c givens"):
			givens, givensAt = strings.TrimPrefix(strings.TrimPrefix(s, "c givens"), " "), [2]int{in.line, len("c givens ") + 1}
		case strings.HasPrefix(s, "c encoding "):
			w := fields(s, len("c encoding"))
			if len(w) == 0 {
				return nil, errorAt(in.line, len(s), layouts.ErrSyntax, "no encoding after \"c encoding\"")
			}
			a, err := ParseAMO(w[0].text)
			if err != nil || a == Auto {
				return nil, errorAt(in.line, w[0].col, layouts.ErrSyntax, "unknown encoding %q", w[0].text)
			}
			amo, amoAt = a, in.line
		case strings.HasPrefix(s, "c killer "):
			w := fields(s, len("c killer"))
			if len(w) == 0 {
				return nil, errorAt(in.line, len(s), layouts.ErrSyntax, "no encoding after \"c killer\"")
			}
			k, err := ParseSum(w[0].text)
			if err != nil || k == SumAuto {
				return nil, errorAt(in.line, w[0].col, layouts.ErrSyntax, "unknown killer sum encoding %q", w[0].text)
			}
			sum = k
		case strings.HasPrefix(s, "c format "):
			// How the puzzle was written, so a decoded grid is printed alike.
			fm, err := layouts.ParseFormat(strings.TrimSpace(s[len("c format "):]))
			if err != nil {
				return nil, errorAt(in.line, len("c format ")+1, layouts.ErrSyntax, "%v", err)
			}
			src.Format = fm
		case strings.HasPrefix(s, "c header "):
			src.Header = s[len("c header "):]
		case strings.HasPrefix(s, "c var "):
			w := fields(s, len("c var"))
			if len(w) != 3 {
				return nil, errorAt(in.line, 1, layouts.ErrSyntax, "want \"c var V rRcC D\"")
			}
			vars = append(vars, varLine{in.line, w})
		case s[0] == 'c':
		case s[0] == 'p':
			w := fields(s, 0)
			if len(w) != 4 || w[0].text != "p" || w[1].text != "cnf" {
				return nil, errorAt(in.line, 1, layouts.ErrSyntax, "want \"p cnf VARS CLAUSES\"")
			}
			nv, err1 := strconv.Atoi(w[2].text)
			nc, err2 := strconv.Atoi(w[3].text)
			switch {
			case err1 != nil || nv < 0 || nv > maxVar:
				return nil, errorAt(in.line, w[2].col, layouts.ErrSyntax, "bad number of variables %q", w[2].text)
			case err2 != nil || nc < 0 || nc > maxVar:
				return nil, errorAt(in.line, w[3].col, layouts.ErrSyntax, "bad number of clauses %q", w[3].text)
			case int64(nc)*(clauseBytes+litBytes) > maxCNFBytes:
				return nil, errorAt(in.line, w[3].col, layouts.ErrTooLarge, "%d clauses would take more than %d GB", nc, maxCNFBytes>>30)
			}
			p, err := parsePuzzle(layoutText.String(), layoutLines, givens, givensAt, in.line)
			if err != nil {
				return nil, err
			}
			if amoAt == 0 {
				return nil, errorAt(in.line, 1, ErrNoPuzzle, "no encoding comment before the p line")
			}
			p.Source.Format, p.Source.Header = src.Format, src.Header
			if f, err = parseVars(p, amo, sum, vars); err != nil {
				return nil, err
			}
			if nv < f.CellVars {
				return nil, errorAt(in.line, w[2].col, layouts.ErrSyntax, "%d variables, fewer than the %d cell variables", nv, f.CellVars)
			}
			f.NumVars, declared = nv, nc
			f.Clauses = make([][]int, 0, min(nc, 1<<20))
		default:
			return nil, errorAt(in.line, 1, layouts.ErrSyntax, "want a comment or the p line, not %q", short(s))
		}
	}
	switch {
	case f == nil:
		return nil, errorAt(in.line+1, 1, ErrNoPuzzle, "no p line")
	case open:
		return nil, errorAt(clauseLine, 1, layouts.ErrTruncated, "last clause has no terminating 0")
	case len(f.Clauses) != declared:
		return nil, errorAt(in.line+1, 1, layouts.ErrTruncated, "%d clauses, the p line says %d", len(f.Clauses), declared)
	}
	return f, nil
}

func short(s string) string {
	if len(s) > 20 {
		return s[:20] + "..."
	}
	return s
}

// parsePuzzle rebuilds the puzzle from the layout and givens comments.
func parsePuzzle(text string, lines []int, givens string, givensAt [2]int, pLine int) (*layouts.Puzzle, error) {
	if len(lines) == 0 {
		return nil, errorAt(pLine, 1, ErrNoPuzzle, "no layout comment before the p line")
	}
	l, err := layouts.ParseLayoutFile("", []byte(text))
	if err != nil {
		var pe *layouts.ParseError
		if errors.As(err, &pe) {
			line, col := lines[len(lines)-1], 1
			if pe.Line >= 1 && pe.Line <= len(lines) {
				line, col = lines[pe.Line-1], pe.Col+len("c layout ")
			}
			return nil, &layouts.ParseError{Line: line, Col: col, Err: pe.Err}
		}
		return nil, errorAt(lines[0], 1, layouts.ErrLayout, "%v", err)
	}
	m, err := layouts.Compile(l)
	if err != nil {
		return nil, &layouts.ParseError{Line: lines[0], Col: 1, Err: err}
	}
	if givensAt[0] == 0 {
		return nil, errorAt(pLine, 1, ErrNoPuzzle, "no givens comment before the p line")
	}
	p := layouts.NewPuzzle(m)
	line, col := givensAt[0], givensAt[1]
	if m.N > layouts.MaxLetterSymbols {
		w := fields(givens, 0)
		if len(w) != len(m.Cells) {
			return nil, errorAt(line, col, layouts.ErrShape, "%d givens for %d cells", len(w), len(m.Cells))
		}
		for c, x := range w {
			d, err := strconv.Atoi(x.text)
			if err != nil || d < 0 || d > m.N {
				return nil, errorAt(line, col+x.col-1, layouts.ErrSymbol, "given %q is not a number 0..%d", x.text, m.N)
			}
			p.Givens[c] = uint8(d)
		}
		return p, nil
	}
	if len(givens) != len(m.Cells) {
		return nil, errorAt(line, col, layouts.ErrShape, "%d givens for %d cells", len(givens), len(m.Cells))
	}
	for c := range len(givens) {
		d := layouts.SymbolDigit(givens[c])
		if d < 0 || d > m.N {
			return nil, errorAt(line, col+c, layouts.ErrSymbol, "%q is not a symbol of a grid of %d", givens[c], m.N)
		}
		p.Givens[c] = uint8(d)
	}
	return p, nil
}

// parseVars rebuilds the map of cell variables from the var comments.
func parseVars(p *layouts.Puzzle, amo AMO, sum Sum, vars []varLine) (*Formula, error) {
	f := newFormula(p, amo, sum)
	m := p.Model
	for _, vl := range vars {
		v, err := strconv.Atoi(vl.f[0].text)
		if err != nil || v != f.CellVars+1 {
			return nil, errorAt(vl.line, vl.f[0].col, layouts.ErrSyntax, "variable %q out of order, want %d", vl.f[0].text, f.CellVars+1)
		}
		pos, err := layouts.ParsePos(vl.f[1].text)
		c, ok := m.Cell(pos)
		if err != nil || !ok {
			return nil, errorAt(vl.line, vl.f[1].col, layouts.ErrSyntax, "%q is not a cell of the layout", vl.f[1].text)
		}
		if p.Givens[c] != 0 {
			return nil, errorAt(vl.line, vl.f[1].col, layouts.ErrSyntax, "cell %s is given, it has no variables", pos)
		}
		d, err := strconv.Atoi(vl.f[2].text)
		if err != nil || d < 1 || d > m.N {
			return nil, errorAt(vl.line, vl.f[2].col, layouts.ErrSyntax, "digit %q is not 1..%d", vl.f[2].text, m.N)
		}
		if f.Var(c, d) != 0 {
			return nil, errorAt(vl.line, vl.f[2].col, layouts.ErrSyntax, "cell %s digit %d already has variable %d", pos, d, f.Var(c, d))
		}
		f.addCellVar(c, d)
	}
	return f, nil
}

package layouts

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math/bits"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
	"unsafe"

	"gattai/internal/bytewise"
)

// canvasSizes are the grid sizes tried when detecting a canvas layout.
var canvasSizes = [...]int{4, 6, 8, 9, 12, 16, 25}

var errTooLong = fmt.Errorf("%w: line longer than %d bytes", ErrTooLarge, maxLine)

// cell is one symbol or number as written, at a 1-based byte column.
type cell struct {
	text string
	col  int
}

// sheet collects one puzzle as it is read: its givens, where each was
// written (to place a conflict), and the first error.
type sheet struct {
	m      *Model
	givens []uint8
	at     []textPos // cell -> where its given was read
	src    Source
	err    error
	p      *Puzzle // the puzzle to read into, nil for a new one
}

type textPos struct{ line, col int32 }

func (r *Reader) newSheet(first int) *sheet {
	return &sheet{src: Source{File: r.opts.File, Line: first, Format: r.format}}
}

// use starts s on model m, in memory of r's that the next sheet reuses:
// the puzzle handed back by Reuse, when its givens fit, and the
// positions. A batch of puzzles then takes little fresh memory, whose
// pages cost more to touch for the first time than reading them does.
func (r *Reader) use(s *sheet, m *Model) {
	n := len(m.Cells)
	s.m = m
	if sp := r.takeSpare(n); sp != nil {
		s.p, s.givens = sp, sp.Givens[:n]
		clear(s.givens)
	} else {
		s.givens = make([]uint8, n)
	}
	if cap(r.at) < n {
		r.at = make([]textPos, n)
	}
	s.at = r.at[:n]
	clear(s.at)
}

// takeSpare takes the puzzle handed back by Reuse when its givens have
// room for n cells, and is nil otherwise.
func (r *Reader) takeSpare(n int) *Puzzle {
	sp := r.spare
	if sp == nil || cap(sp.Givens) < n {
		return nil
	}
	r.spare = nil
	return sp
}

// fail records err at line:col unless an error came first.
func (s *sheet) fail(line, col int, err error) {
	if s.err == nil {
		s.err = &ParseError{File: s.src.File, Line: line, Col: col, Err: err}
	}
}

// set reads x, found on line, as the given of cell ci.
func (s *sheet) set(ci int, x cell, line int) {
	n := s.m.N
	switch d := value(x.text); {
	case d < 0:
		s.fail(line, x.col, fmt.Errorf("%w %s", ErrSymbol, quote(x.text)))
	case d > n:
		s.fail(line, x.col, fmt.Errorf("%w %s in a %dx%d grid, which has %s", ErrSymbol, quote(x.text), n, n, symbolRange(n)))
	default:
		s.put(ci, d, line, x.col)
	}
}

// put records d, read at line:col, as the given of cell ci.
func (s *sheet) put(ci, d, line, col int) {
	s.givens[ci] = uint8(d)
	s.at[ci] = textPos{int32(line), int32(col)}
}

// puzzle is the puzzle read, or the first error about it: a given
// repeated in a unit is placed at its second occurrence.
func (s *sheet) puzzle() (*Puzzle, error) {
	if s.err != nil {
		return nil, s.err
	}
	p := s.p
	if p == nil {
		p = new(Puzzle)
	}
	*p = Puzzle{Model: s.m, Givens: s.givens, Source: s.src}
	if err := p.Conflict(); err != nil {
		at := textPos{int32(s.src.Line), 1}
		var ce *CheckError
		if errors.As(err, &ce) && len(ce.Cells) == 2 {
			if ci, ok := s.m.Cell(ce.Cells[1]); ok {
				at = s.at[ci]
			}
		}
		err = fmt.Errorf("%w: %w", ErrConflict, err)
		if box, ok := otherBox(p, ce); ok {
			err = fmt.Errorf("%w; with boxes %s (--box %s) the givens have no conflict", err, box, box)
		}
		return nil, &ParseError{File: s.src.File, Line: int(at.line), Col: int(at.col), Err: err}
	}
	return p, nil
}

// otherBox is the transposed box shape of a single classic grid whose
// givens conflict in a box (ce), when with it they have no conflict: a
// 6x6 written with 3x2 boxes, read with the default 2x3.
func otherBox(p *Puzzle, ce *CheckError) (Shape, bool) {
	m := p.Model
	l := m.Layout
	if ce == nil || l == nil || !singleGrid(m) || len(l.Regions) > 0 || len(l.Constraints) > 0 {
		return Shape{}, false
	}
	box := l.BoxOf(0)
	if box.Rows == box.Cols || l.boxOf(0).None() {
		return Shape{}, false
	}
	if i := slices.IndexFunc(m.Units, func(u Unit) bool { return u.Name == ce.Unit }); i < 0 || m.Units[i].Kind != UnitBox {
		return Shape{}, false
	}
	t := Shape{box.Cols, box.Rows}
	tm, err := Compile(Classic(m.N, t))
	if err != nil {
		return Shape{}, false
	}
	q := &Puzzle{Model: tm, Givens: p.Givens}
	return t, q.Conflict() == nil
}

// value is the digit a cell's text stands for: a one-character symbol
// ('.' and '0' are 0) or a decimal number; -1 if neither.
func value(s string) int {
	if len(s) == 1 {
		return SymbolDigit(s[0])
	}
	if s == "" || len(s) > 4 || strings.Trim(s, "0123456789") != "" {
		return -1
	}
	d, _ := strconv.Atoi(s)
	return d
}

func quote(s string) string {
	if !utf8.ValidString(s) { // a byte, not the replacement character
		return strconv.Quote(s) + " (not UTF-8)"
	}
	if utf8.RuneCountInString(s) == 1 {
		ch, _ := utf8.DecodeRuneInString(s)
		return strconv.QuoteRune(ch)
	}
	return strconv.Quote(s)
}

// plural is "1 row", "2 rows".
func plural(k int, noun string) string {
	if k == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(k) + " " + noun + "s"
}

// symbolRange names the symbols of a grid of n: "1-9", "1-9 and A-G".
func symbolRange(n int) string {
	switch {
	case n <= 9 || n > MaxLetterSymbols:
		return "1-" + strconv.Itoa(n)
	case n == 10:
		return "1-9 and A"
	}
	return "1-9 and A-" + Symbol(n)
}

// splitCells splits a line or rows line into its cells: one character
// each, blanks and '|' between them ignored, when size accepts their
// count and every one is a symbol within it; else whitespace-separated
// numbers when size accepts theirs; else characters again (to be
// reported). size is the n of a count of cells, 0 if none. numbers
// forces numbers, for grids beyond the letters.
func splitCells(s string, size func(k int) int, numbers bool) []cell {
	var sp splitter
	return sp.split(s, size, numbers)
}

// splitter splits as splitCells into buffers that it reuses: the cells
// it returns are valid until its next call. A Reader keeps one, so that
// a line costs no allocation for its cells.
type splitter struct {
	chars, words []cell
}

func (sp *splitter) split(s string, size func(k int) int, numbers bool) []cell {
	if numbers {
		sp.words = wordCells(sp.words[:0], s)
		return sp.words
	}
	sp.chars = charCells(sp.chars[:0], s)
	if n := size(len(sp.chars)); n > 0 && within(sp.chars, n) {
		return sp.chars
	}
	sp.words = wordCells(sp.words[:0], s)
	if len(sp.words) > 1 && size(len(sp.words)) > 0 && numeric(sp.words) {
		return sp.words
	}
	return sp.chars
}

// sizeIs accepts exactly k cells, for a grid of n symbols.
func sizeIs(k, n int) func(int) int {
	return func(x int) int {
		if x == k {
			return n
		}
		return 0
	}
}

// rowSize accepts a row of k cells when k is a size inferred without a layout.
func rowSize(k int) int {
	if isAutoSize(k) {
		return k
	}
	return 0
}

// charCells appends the cells of s, a character each, to out.
func charCells(out []cell, s string) []cell {
	for i := 0; i < len(s); {
		ch, w := utf8.DecodeRuneInString(s[i:])
		if ch != ' ' && ch != '\t' && ch != '|' {
			out = append(out, cell{s[i : i+w], i + 1})
		}
		i += w
	}
	return out
}

// wordCells appends the cells of s, a word each, to out.
func wordCells(out []cell, s string) []cell {
	for i := 0; i < len(s); {
		if s[i] == ' ' || s[i] == '\t' || s[i] == '|' {
			i++
			continue
		}
		j := i
		for j < len(s) && s[j] != ' ' && s[j] != '\t' && s[j] != '|' {
			j++
		}
		out = append(out, cell{s[i:j], i + 1})
		i = j
	}
	return out
}

func within(cells []cell, n int) bool {
	for _, x := range cells {
		if d := value(x.text); d < 0 || d > n {
			return false
		}
	}
	return true
}

func numeric(cells []cell) bool {
	for _, x := range cells {
		if x.text != "." && strings.Trim(x.text, "0123456789") != "" {
			return false
		}
	}
	return true
}

// countError places a wrong count of cells: at the first cell too many,
// or at the end of the line.
func countError(s *sheet, l line, cells []cell, want int, what string) {
	col := len(l.text) + 1
	if len(cells) > want {
		col = cells[want].col
	}
	s.fail(l.num, col, fmt.Errorf("%w: %s has %s, want %d", ErrShape, what, plural(len(cells), "symbol"), want))
}

// lastLine reports whether l, just consumed, ends the input without a
// line end: a puzzle short there was cut off.
func (r *Reader) lastLine() bool {
	return r.ended && len(r.ahead) == 0 && !r.nl
}

func (r *Reader) readLine() (*Puzzle, error) {
	if p, ok := r.borrowLine(); ok {
		return p, nil
	}
	if !r.skip() {
		return nil, io.EOF
	}
	l, _ := r.next()
	s := r.newSheet(l.num)
	if l.long {
		s.fail(l.num, maxLine+1, errTooLong)
		return s.puzzle()
	}
	l.text = clean(l.text, r.blanks)
	m := r.opts.Model
	size := autoSquare
	if m != nil {
		size = sizeIs(len(m.Cells), m.N)
	}
	if p, ok := r.fastLine(s, l, m); ok {
		return p, nil
	}
	cells := r.split(l.text, size, m != nil && m.N > MaxLetterSymbols)
	k := len(cells)
	if m == nil {
		n := autoSquare(k)
		switch {
		case n > 0:
			m, _ = r.builtin("classic", n)
		case k > MaxSymbols*MaxSymbols:
			s.fail(l.num, cells[MaxSymbols*MaxSymbols].col, fmt.Errorf("%w: line has %d symbols, more than a %dx%d grid", ErrTooLarge, k, MaxSymbols, MaxSymbols))
		case r.lastLine():
			s.fail(l.num, len(l.text)+1, fmt.Errorf("%w: input ends after %s", ErrTruncated, plural(k, "symbol")))
		default:
			s.fail(l.num, len(l.text)+1, fmt.Errorf("%w: line has %s, not n*n for a grid size n (81 for 9x9)", ErrShape, plural(k, "symbol")))
		}
		if s.err != nil {
			return s.puzzle()
		}
	}
	r.use(s, m)
	switch want := len(m.Cells); {
	case k < want && r.lastLine():
		s.fail(l.num, len(l.text)+1, fmt.Errorf("%w: input ends after %d of %d symbols", ErrTruncated, k, want))
	case k != want:
		countError(s, l, cells, want, "line")
	default:
		for ci, x := range cells {
			s.set(ci, x, l.num)
		}
	}
	return s.puzzle()
}

// decimals is the digits of 8 symbols x (a byte each, the first
// lowest), and whether each is '.' (0), '0' or a digit up to n, add
// being bytewise.AddFor(n) (n at most 9).
func decimals(x, add uint64) (uint64, bool) {
	y := x ^ 0x3030_3030_3030_3030                                  // '0'..'9' -> 0..9, '.' -> 0x1e
	dots := ^bytewise.Held(y^0x1e1e_1e1e_1e1e_1e1e) & bytewise.High // the top bit of each '.'
	ds := y &^ (dots >> 7 * 0xff)
	bad := bytewise.Over(y, bytewise.AddFor(9))&^dots | bytewise.Over(ds, add)
	return ds, bad&bytewise.High == 0
}

// load8 is the 8 bytes of s from i on as a word, the first lowest.
func load8(s string, i int) uint64 {
	s = s[i : i+8]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

// puzzle81 is a 9x9 puzzle with room for its givens.
type puzzle81 struct {
	p     Puzzle
	cells [81]uint8
}

// borrowLine is readLine's fastLine on the next line as it lies in the
// input's buffer, not copied: a batch of line puzzles then reads with no
// fresh memory a line (see Reuse). It takes a line wholly buffered and
// ended by "\n" alone, after the first (a byte-order mark) and when no
// line is peeked; otherwise, or when fastLine refuses it, it consumes
// nothing and reports false, and readLine reads the line as any other.
func (r *Reader) borrowLine() (*Puzzle, bool) {
	if r.num == 0 || r.ended || len(r.ahead) > 0 {
		return nil, false
	}
	buf, _ := r.in.Peek(r.in.Buffered())
	n := lineEnd(buf)
	if n <= 0 || n > maxLine || buf[n] != '\n' {
		return nil, false
	}
	// The buffer's bytes until the Discard below; fastLine keeps none.
	text := unsafe.String(&buf[0], n)
	if strings.ContainsAny(text, r.blanks) {
		return nil, false
	}
	l := line{text: text, num: r.num + 1}
	p, ok := r.fastLine(r.newSheet(l.num), l, r.opts.Model)
	if !ok {
		return nil, false
	}
	r.in.Discard(n + 1)
	r.num, r.nl, r.last = l.num, true, n
	return p, true
}

// fastLine reads the common line, one symbol byte per cell and nothing
// else, without splitting it into cells first. It reports false when the
// line is anything else, or is bad: the general path then says why. It
// keeps nothing of l.text, which may be borrowed (borrowLine).
func (r *Reader) fastLine(s *sheet, l line, m *Model) (*Puzzle, bool) {
	text := l.text
	if m == nil {
		n := 1
		for n*n < len(text) {
			n++
		}
		if n*n != len(text) || n > MaxLetterSymbols || !isAutoSize(n) {
			return nil, false
		}
		m, _ = r.builtin("classic", n)
		if m == nil {
			return nil, false
		}
	}
	if m.N > MaxLetterSymbols || len(text) != len(m.Cells) {
		return nil, false
	}
	var p *Puzzle
	var givens []uint8
	if sp := r.takeSpare(len(text)); sp != nil {
		p, givens = sp, sp.Givens[:len(text)]
	} else if len(text) == 81 {
		// The common 9x9 line: the puzzle and its cells in one allocation.
		pc := new(puzzle81)
		p, givens = &pc.p, pc.cells[:]
	} else {
		p, givens = new(Puzzle), make([]uint8, len(text))
	}
	n := uint8(m.N) // at most MaxLetterSymbols
	i := 0
	if n <= 9 {
		// Grids of digits, 8 symbols at a time while they are '.' or
		// digits (the rest, one by one).
		add := bytewise.AddFor(int(n))
		for ; i+8 <= len(text); i += 8 {
			ds, ok := decimals(load8(text, i), add)
			if !ok {
				break
			}
			binary.LittleEndian.PutUint64(givens[i:i+8], ds)
		}
	}
	for ; i < len(text); i++ {
		// Looked up, not SymbolDigit's branches: '.' or a digit is a
		// coin toss. No symbol (-1) is 255 as uint8, beyond n.
		d := uint8(symbolDigits[text[i]])
		if d > n {
			return nil, false
		}
		givens[i] = d
	}
	*p = Puzzle{Model: m, Givens: givens, Source: s.src}
	if p.Conflict() != nil {
		return nil, false
	}
	return p, true
}

func (r *Reader) readRows() (*Puzzle, error) {
	rule := ""
	for r.skip() {
		l, _ := r.peek(0)
		if !separator(l.text) {
			break
		}
		rule = l.text
		r.next()
	}
	if !r.skip() {
		return nil, io.EOF
	}
	l, _ := r.peek(0)
	s := r.newSheet(l.num)
	if rule != "" {
		s.src.Style.Rules = []int{0}
		s.src.Style.Rule = strings.TrimRight(rule, " \t")
	}
	n := 0
	if m := r.opts.Model; m != nil {
		r.use(s, m)
		n = m.N
	}
	return r.readGrid(s, n, false)
}

func (r *Reader) readPOJ() (*Puzzle, error) {
	m := r.opts.Model
	if m == nil {
		m, _ = r.builtin("classic", 9)
	}
	if !r.counted {
		r.counted = true
		if r.skip() {
			l, _ := r.peek(0)
			switch {
			case countLine(l.text, m.N):
				r.next()
				r.left, _ = strconv.Atoi(strings.TrimSpace(l.text))
			case countLike(l.text, m.N):
				r.next()
				text := strings.TrimSpace(l.text)
				return nil, &ParseError{File: r.opts.File, Line: l.num, Col: 1 + strings.Index(l.text, text),
					Err: fmt.Errorf("%w: count line %s has more than %d digits (or is a row of %d symbols, not %d)", ErrTooLarge, text[:min(len(text), 20)], maxCountDigits, len(text), m.N)}
			}
		}
	}
	if !r.skip() {
		if r.left > 0 {
			line, col := r.end()
			err := &ParseError{File: r.opts.File, Line: line, Col: col,
				Err: fmt.Errorf("%w: input ends %s short of its count line", ErrTruncated, plural(r.left, "puzzle"))}
			r.left = 0
			return nil, err
		}
		return nil, io.EOF
	}
	if r.left > 0 {
		r.left--
	}
	l, _ := r.peek(0)
	s := r.newSheet(l.num)
	r.use(s, m)
	return r.readGrid(s, m.N, false)
}

func (r *Reader) readEuler() (*Puzzle, error) {
	if !r.skip() {
		return nil, io.EOF
	}
	l, _ := r.next()
	s := r.newSheet(l.num)
	if !eulerHeader(l.text) {
		s.fail(l.num, 1, fmt.Errorf("%w: want a \"Grid NN\" header line", ErrSyntax))
		for {
			if nx, ok := r.peek(0); !ok || eulerHeader(nx.text) {
				break
			}
			r.next()
		}
		return s.puzzle()
	}
	s.src.Header = strings.TrimSpace(l.text)
	m := r.opts.Model
	if m == nil {
		m, _ = r.builtin("classic", 9)
	}
	r.use(s, m)
	return r.readGrid(s, m.N, true)
}

// readGrid reads the n rows of one single-grid puzzle (rows, POJ,
// Euler) into s. With n 0 (no model), the first row's length sets it.
// A puzzle ends early at a blank line, or at a header in Euler.
func (r *Reader) readGrid(s *sheet, n int, euler bool) (*Puzzle, error) {
	size := sizeIs(n, n)
	if n == 0 {
		size = rowSize
	}
	for row := 0; n == 0 || row < n; {
		l, ok := r.peek(0)
		switch {
		case !ok:
			line, col := r.end()
			s.fail(line, col, fmt.Errorf("%w: input ends after %d of %d rows", ErrTruncated, row, n))
			return s.puzzle()
		case blank(l.text) && row == 0:
			r.next()
			continue
		case blank(l.text) || euler && eulerHeader(l.text):
			s.fail(l.num, 1, fmt.Errorf("%w: puzzle ends after %d of %d rows", ErrShape, row, n))
			return s.puzzle()
		}
		r.next()
		if r.comment(l) {
			continue
		}
		if separator(l.text) {
			s.rule(row, l.text)
			continue
		}
		if l.long {
			s.fail(l.num, maxLine+1, errTooLong)
			if n == 0 {
				r.skipBlock()
				return s.puzzle()
			}
			row++
			continue
		}
		raw := l.text
		l.text = clean(l.text, r.blanks)
		cells := r.split(l.text, size, n > MaxLetterSymbols)
		if n == 0 {
			k := len(cells)
			if !isAutoSize(k) {
				err := fmt.Errorf("%w: row has %s; without a layout a grid has 4, 6, 8, 9, 12, 16, 25, 36, 49 or 64", ErrShape, plural(k, "symbol"))
				if k > MaxSymbols {
					err = fmt.Errorf("%w: row has %d symbols, more than %d", ErrTooLarge, k, MaxSymbols)
				}
				s.fail(l.num, len(l.text)+1, err)
				r.skipBlock()
				return s.puzzle()
			}
			n, size = k, sizeIs(k, k)
			m, _ := r.builtin("classic", n)
			r.use(s, m)
		}
		if len(cells) != n {
			countError(s, l, cells, n, "row")
		} else {
			for c, x := range cells {
				ci, _ := s.m.Cell(Pos{row, c})
				s.set(ci, x, l.num)
			}
			if s.src.Format == FormatRows {
				s.style(row, raw, cells)
			}
		}
		row++
	}
	// A rule line below the last row belongs to this puzzle.
	if l, ok := r.peek(0); ok && s.src.Format == FormatRows && separator(l.text) {
		r.next()
		s.rule(n, l.text)
	}
	return s.puzzle()
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// rule records a rows rule line found after k rows.
func (s *sheet) rule(k int, text string) {
	if s.src.Format != FormatRows {
		return
	}
	st := &s.src.Style
	if len(st.Rules) == 0 {
		st.Rule = strings.TrimRight(text, " \t")
	}
	if len(st.Rules) == 0 || st.Rules[len(st.Rules)-1] != k {
		st.Rules = append(st.Rules, k)
	}
}

// style records how a rows puzzle is written from its row r, as read
// (raw) and split into cells (of the same columns).
func (s *sheet) style(r int, raw string, cells []cell) {
	st := &s.src.Style
	text := func(x cell) string { return raw[x.col-1 : x.col-1+len(x.text)] }
	if st.Empty == 0 {
		for _, x := range cells {
			if value(x.text) == 0 {
				switch t := text(x); t {
				case ".", "0", "-":
					st.Empty = t[0]
				}
				break
			}
		}
	}
	if r > 0 || len(cells) == 0 {
		return
	}
	end := func(k int) int { return cells[k].col - 1 + len(cells[k].text) }
	n := len(cells)
	for k := 0; k <= n; k++ {
		var gap string
		switch {
		case k == 0:
			gap = raw[:cells[0].col-1]
		case k == n:
			gap = raw[end(n-1):]
		default:
			gap = raw[end(k-1) : cells[k].col-1]
		}
		if strings.Contains(gap, "|") {
			st.Bars = append(st.Bars, k)
		}
		if k > 0 && k < n && strings.ContainsAny(gap, " \t") && !strings.Contains(gap, "|") {
			st.Gaps = append(st.Gaps, k)
		}
		if len(cells[min(k, n-1)].text) > 1 {
			st.Numbers = true
		}
	}
	// Spaced when every gap without a bar holds a blank.
	if inner := n - 1 - len(st.Bars) + btoi(slices.Contains(st.Bars, 0)) + btoi(slices.Contains(st.Bars, n)); inner > 0 && len(st.Gaps) == inner {
		st.Spaced, st.Gaps = true, nil
	}
	if st.Numbers && len(st.Bars) == 0 && n > 1 {
		// Right-aligned when every cell ends one stride after the last.
		w := end(1) - end(0) - 1
		for k := 1; k < n && w > 1; k++ {
			if end(k)-end(k-1)-1 != w || len(cells[k].text) > w || len(cells[0].text) > w {
				w = 0
			}
		}
		if w > 1 {
			st.Width = w
		}
	}
}

// skipBlock consumes lines up to a blank line or the end of the input.
func (r *Reader) skipBlock() {
	for {
		if l, ok := r.peek(0); !ok || blank(l.text) {
			return
		}
		r.next()
	}
}

func (r *Reader) readCanvas() (*Puzzle, error) {
	if !r.skip() {
		return nil, io.EOF
	}
	rows := r.rows[:0]
	defer func() {
		clear(rows) // keep the room for the next canvas, not the text
		r.rows = rows[:0]
	}()
	over := 0 // the first line beyond MaxCanvasSide rows
	atEOF := false
	for {
		l, ok := r.peek(0)
		if !ok {
			atEOF = true
			break
		}
		if blank(l.text) {
			break
		}
		r.next()
		if len(rows) == MaxCanvasSide {
			if over == 0 {
				over = l.num
			}
			continue
		}
		rows = append(rows, l)
	}
	rows = r.cleanCanvas(rows)
	s := r.newSheet(rows[0].num)
	if over > 0 {
		s.fail(over, 1, fmt.Errorf("%w: canvas has more than %d rows", ErrTooLarge, MaxCanvasSide))
		return s.puzzle()
	}
	for _, l := range rows {
		if l.long {
			s.fail(l.num, maxLine+1, errTooLong)
			return s.puzzle()
		}
	}
	m := r.opts.Model
	var fits []*shape
	if m == nil {
		o := r.occupancy(rows)
		var err error
		if m, err = r.detectCanvas(rows, o, atEOF); err != nil {
			return nil, err
		}
		fits = r.otherShapes(m, o)
	}
	r.use(s, m)
	r.parseCanvas(s, rows, atEOF)
	p, err := s.puzzle()
	if len(fits) > 0 && errors.Is(err, ErrConflict) {
		err = r.ambiguous(err.(*ParseError), m, fits, rows, atEOF)
	}
	if p != nil && len(fits) > 0 {
		texts := make([]string, len(fits))
		for i, sh := range fits {
			texts[i] = flagged(sh)
		}
		p.Source.Ambiguous = strings.Join(texts, " or ")
	}
	return p, err
}

// otherShapes are the built-ins other than m whose cells are exactly
// the canvas's and hold every symbol written.
func (r *Reader) otherShapes(m *Model, o *occupancy) []*shape {
	var out []*shape
	shapes := r.builtinShapes()
	for i := range shapes {
		sh := &shapes[i]
		if sh.h == o.h && sh.w == o.w && sh.n >= o.maxSym && (sh.n != m.N || sh.name != layoutName(m)) && sh.covers(o, true) {
			out = append(out, sh)
		}
	}
	return out
}

// flagged names a built-in and the flags that choose it.
func flagged(sh *shape) string {
	if sh.name == "classic" {
		return fmt.Sprintf("%s (--size %d)", described(sh.name, sh.n), sh.n)
	}
	return fmt.Sprintf("%s (--layout %s --size %d)", described(sh.name, sh.n), sh.name, sh.n)
}

// ambiguous adds to a conflict in a canvas read as the built-in m the
// other built-ins it fits: those where it has no conflict, or else all
// of them (a 12x12 square of digits reads as a butterfly of 9x9 grids,
// and may be a classic 12x12).
func (r *Reader) ambiguous(pe *ParseError, m *Model, fits []*shape, rows []line, atEOF bool) error {
	var all, clean []string
	for _, sh := range fits {
		all = append(all, flagged(sh))
		alt, err := r.builtin(sh.name, sh.n)
		if err != nil {
			continue
		}
		s := r.newSheet(rows[0].num)
		r.use(s, alt)
		r.parseCanvas(s, rows, atEOF)
		if _, err := s.puzzle(); err == nil {
			clean = append(clean, flagged(sh))
		}
	}
	hint := fmt.Sprintf("; the input is ambiguous: it was read as %s, and it may be %s", described(layoutName(m), m.N), strings.Join(all, " or "))
	if len(clean) > 0 {
		hint = fmt.Sprintf("; the input is ambiguous: it was read as %s, and as %s it has no conflict", described(layoutName(m), m.N), strings.Join(clean, " or "))
	}
	return &ParseError{File: pe.File, Line: pe.Line, Col: pe.Col, Err: fmt.Errorf("%w%s", pe.Err, hint)}
}

// described names a built-in of n symbols: "a classic 12x12 grid", "a
// butterfly of 9x9 grids".
func described(name string, n int) string {
	if name == "classic" {
		return fmt.Sprintf("a classic %dx%d grid", n, n)
	}
	return fmt.Sprintf("a %s of %dx%d grids", name, n, n)
}

// parseCanvas reads rows, one per canvas row of s.m, into s.
func (r *Reader) parseCanvas(s *sheet, rows []line, atEOF bool) {
	m := s.m
	name := layoutName(m)
	switch {
	case len(rows) < m.Height && atEOF:
		line, col := r.end()
		s.fail(line, col, fmt.Errorf("%w: input ends after %d of the %d rows of %s", ErrTruncated, len(rows), m.Height, name))
		return
	case len(rows) < m.Height:
		s.fail(rows[len(rows)-1].num+1, 1, fmt.Errorf("%w: canvas has %s, %s has %d", ErrShape, plural(len(rows), "row"), name, m.Height))
		return
	case len(rows) > m.Height:
		s.fail(rows[m.Height].num, 1, fmt.Errorf("%w: canvas has %s, %s has %d", ErrShape, plural(len(rows), "row"), name, m.Height))
		return
	}
	numbers := m.N > MaxLetterSymbols
	var words []cell
	for i, l := range rows {
		n := 0 // the row's positions
		if numbers {
			words = wordCells(words[:0], l.text)
			for c, x := range words {
				s.canvasCell(Pos{i, c}, x, l.num)
			}
			n = len(words)
		} else {
			// A position a character, most of them a byte: a symbol in
			// a cell or a filler outside the grids is read here, the
			// rest (errors, characters of several bytes) by canvasCell.
			t := l.text
			index := m.index[i*m.Width : (i+1)*m.Width] // the row's cells, -1 outside
			n = canvasRow(t, index, s.givens, s.at, int32(l.num), int8(m.N))
			for at := n; at < len(t); n++ {
				ch := t[at]
				if ch < utf8.RuneSelf {
					ci := int32(-1)
					if n < len(index) {
						ci = index[n]
					}
					isCell := ci >= 0
					if d := symbolDigits[ch]; isCell && d >= 0 && int(d) <= m.N { // as set takes it
						s.put(int(ci), int(d), l.num, at+1)
						at++
						continue
					}
					if !isCell && fillerByte(ch) {
						at++
						continue
					}
				}
				w := 1
				if ch >= utf8.RuneSelf {
					_, w = utf8.DecodeRuneInString(t[at:])
				}
				s.canvasCell(Pos{i, n}, cell{t[at : at+w], at + 1}, l.num)
				at += w
			}
		}
		for c := n; c < m.Width; c++ {
			if _, ok := m.Cell(Pos{i, c}); ok {
				s.fail(l.num, len(l.text)+1, fmt.Errorf("%w: row ends before its cell %s of %s", ErrShape, Pos{i, c}, name))
				break
			}
		}
		if s.err != nil {
			return
		}
	}
}

// canvasRow reads the start of row text t of a canvas whose row has
// the cells index (-1 outside every grid), on line, into givens and at
// (see sheet), and returns the bytes it read: up to the first that is
// neither a symbol up to n in a cell nor a filler outside the grids
// (parseCanvas reads the rest, errors and characters of several bytes
// included). Most rows it reads whole.
func canvasRow(t string, index []int32, givens []uint8, at []textPos, line int32, n int8) int {
	k := min(len(t), len(index))
	for c := range k {
		ch := t[c]
		if ci := index[c]; ci >= 0 {
			d := symbolDigits[ch]
			if d < 0 || d > n {
				return c
			}
			givens[ci] = uint8(d)
			at[ci] = textPos{line, int32(c + 1)}
		} else if !fillerByte(ch) {
			return c
		}
	}
	return k
}

// canvasCell reads x, found at position p of a canvas on line, into s.
func (s *sheet) canvasCell(p Pos, x cell, line int) {
	ci, isCell := s.m.Cell(p)
	switch {
	case filler(x.text) && isCell:
		s.fail(line, x.col, fmt.Errorf("%w: %s is a cell of %s: want a symbol or '.', not %s", ErrShape, p, layoutName(s.m), quote(x.text)))
	case filler(x.text):
	case !isCell:
		s.fail(line, x.col, fmt.Errorf("%w: %s at %s is outside every grid of %s", ErrShape, quote(x.text), p, layoutName(s.m)))
	default:
		s.set(ci, x, line)
	}
}

// filler reports whether a canvas position is outside every grid.
func filler(s string) bool { return len(s) == 1 && fillerByte(s[0]) }

// fillerByte is filler for a position of one byte.
func fillerByte(ch byte) bool { return ch == ' ' || ch == '#' || ch == '-' }

// shape is a built-in layout as a set of canvas positions: bits holds
// them row by row, shapeWords words a row, as occupancy does a canvas's.
type shape struct {
	name string
	n    int
	h, w int
	at   []Pos    // the grids' top-left cells
	bits []uint64 // made by covers on first use (most shapes are never compared)
}

// shapeWords is the words of a row of a shape's or an occupancy's bits:
// enough for the widest built-in canvas (TestShapeWords).
const shapeWords = 3

// covers reports whether the positions of the canvas o that are not
// fillers are exactly the cells of sh in its rows: all of sh's rows if
// whole, its first rows otherwise.
func (sh *shape) covers(o *occupancy, whole bool) bool {
	if o.h > sh.h || whole && o.h != sh.h || o.w > sh.w {
		return false
	}
	if sh.bits == nil {
		sh.bits = make([]uint64, sh.h*shapeWords)
		for _, at := range sh.at {
			for row := at.Row; row < at.Row+sh.n; row++ {
				setBits(sh.bits[row*shapeWords:(row+1)*shapeWords], at.Col, at.Col+sh.n)
			}
		}
	}
	n := o.h * shapeWords
	return slices.Equal(o.bits[:n], sh.bits[:n])
}

// builtinShapes lists the built-ins in every canvas size: by size, then
// in catalogue order.
func (r *Reader) builtinShapes() []shape {
	if r.shapes != nil {
		return r.shapes
	}
	for _, n := range canvasSizes {
		for _, in := range Builtins() {
			l, err := Builtin(in.Name, n, Shape{})
			if err != nil {
				continue
			}
			sh := shape{name: in.Name, n: n, at: make([]Pos, len(l.Grids))}
			for i, g := range l.Grids {
				sh.h = max(sh.h, g.At.Row+n)
				sh.w = max(sh.w, g.At.Col+n)
				sh.at[i] = g.At
			}
			r.shapes = append(r.shapes, sh)
		}
	}
	return r.shapes
}

// setBits sets bits from to to-1 of words.
func setBits(words []uint64, from, to int) {
	for k := range words {
		lo, hi := max(from-64*k, 0), min(to-64*k, 64)
		if lo < hi {
			words[k] |= (^uint64(0) >> (64 - (hi - lo))) << lo
		}
	}
}

// occupancy is where the rows of a canvas hold something other than a
// filler, byte by byte (each byte of a longer UTF-8 character counts):
// its rows, its width (the last such position), its largest symbol, and
// the positions as bits, row by row, shapeWords words a row, those
// beyond shapeWords*64 left out (no shape is so wide).
type occupancy struct {
	h, w, maxSym int
	bits         []uint64
}

// occupancy is that of rows, in memory of r's that the next call reuses.
func (r *Reader) occupancy(rows []line) *occupancy {
	o := &r.occ
	o.h, o.w, o.maxSym = len(rows), 0, 0
	n := len(rows) * shapeWords
	o.bits = slices.Grow(o.bits[:0], n)[:n]
	clear(o.bits)
	var seen [4]uint64 // the bytes written, fillers too (no symbol)
	for i, l := range rows {
		t := l.text
		row := (*[shapeWords]uint64)(o.bits[i*shapeWords:])
		for c := 0; c < len(t); c++ {
			ch := t[c]
			seen[ch>>6] |= 1 << (ch & 63)
			if !fillerByte(ch) && c < shapeWords*64 {
				row[c>>6] |= 1 << (c & 63)
			}
		}
		end := len(t)
		for end > 0 && fillerByte(t[end-1]) {
			end--
		}
		o.w = max(o.w, end)
	}
	for k, w := range seen {
		for ; w != 0; w &= w - 1 {
			o.maxSym = max(o.maxSym, int(symbolDigits[k<<6|bits.TrailingZeros64(w)]))
		}
	}
	return o
}

// matchShape is the built-in whose cells are exactly the symbols of the
// canvas o: of those that fit, the one with the fewest symbols holding
// every symbol written (a 12x12 of digits 1-9 is a butterfly, not a
// classic 12x12), or else the largest.
func (r *Reader) matchShape(o *occupancy) *shape {
	var best *shape
	shapes := r.builtinShapes()
	for i := range shapes {
		sh := &shapes[i]
		if sh.h != o.h || sh.w != o.w || !sh.covers(o, true) {
			continue
		}
		if sh.n >= o.maxSym {
			return sh
		}
		best = sh
	}
	return best
}

// detectCanvas chooses the built-in layout of a canvas puzzle. With no
// exact match it reports a canvas cut short by the end of the input, or
// falls back on a layout of the same size so that reading it places the
// first difference, or asks for the layout.
func (r *Reader) detectCanvas(rows []line, o *occupancy, atEOF bool) (*Model, error) {
	if sh := r.matchShape(o); sh != nil {
		return r.builtin(sh.name, sh.n)
	}
	h, w, maxSym := o.h, o.w, o.maxSym
	shapes := r.builtinShapes()
	if atEOF {
		for i := range shapes {
			if sh := &shapes[i]; sh.h > h && sh.w >= w && sh.covers(o, false) {
				line, col := r.end()
				return nil, &ParseError{File: r.opts.File, Line: line, Col: col,
					Err: fmt.Errorf("%w: input ends after %d of the %d rows of %s", ErrTruncated, h, sh.h, sh.name)}
			}
		}
	}
	var near *shape
	for i := range shapes {
		if sh := &shapes[i]; sh.h == h && sh.w == w && (near == nil || near.n < maxSym) {
			near = sh
		}
	}
	if near != nil {
		return r.builtin(near.name, near.n)
	}
	return nil, &ParseError{File: r.opts.File, Line: rows[0].num, Col: 1,
		Err: fmt.Errorf("%w: no built-in layout has a canvas of %s and %s; give the layout (--layout, --size or --layout-file)", ErrShape, plural(h, "row"), plural(w, "column"))}
}

package layouts

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"
)

// maxLine is the longest line read, in bytes: a 64x64 grid on one line
// as numbers, or a canvas row of MaxCanvasSide numbers, with room to spare.
// A longer line is refused (ErrTooLarge) without being held in memory.
const maxLine = 4 * max(MaxSymbols*MaxSymbols, MaxCanvasSide)

// ReadOptions tell a Reader what it reads.
type ReadOptions struct {
	File   string // name used in error messages ("-" for stdin)
	Format Format // FormatAuto: detect from the first non-comment content
	Model  *Model // nil: classic size inferred, or a built-in layout detected from a canvas

	// Blank lists more characters that stand for an empty cell, besides
	// '.' and '0' (and '-' outside a canvas): printable ASCII other than
	// a blank, '#', '|' and the digits 1-9, like "_x*". A letter in it is
	// an empty cell in either case, not a symbol. In a canvas ' ', '#' and '-' stay
	// positions outside every grid.
	Blank string
}

// checkBlank reports a ReadOptions.Blank that cannot be read.
func checkBlank(s string) error {
	for i, ch := range s {
		if ch <= ' ' || ch > '~' || ch == '#' || ch == '|' || ch >= '1' && ch <= '9' {
			_, size := utf8.DecodeRuneInString(s[i:])
			return fmt.Errorf("empty-cell characters %q: %s cannot stand for an empty cell (want printable ASCII other than blanks, '#', '|' and 1-9)", s, quote(s[i:i+size]))
		}
	}
	return nil
}

// Reader reads puzzles one at a time from a stream of text, line by
// line, in any format (grammars and detection rules in doc.go).
type Reader struct {
	in     *bufio.Reader
	base   *bufio.Reader // in, unless in decodes UTF-16 from it
	opts   ReadOptions
	format Format

	num   int    // lines read from in
	nl    bool   // the last line read ended with a newline
	last  int    // length of the last line read
	ended bool   // in is exhausted
	began bool   // in was looked at for a UTF-16 byte-order mark
	ahead []line // lines read but not yet consumed
	ioErr error

	done    bool // io.EOF from now on
	records int  // puzzles and errors returned
	counted bool // a POJ count line was looked for
	left    int  // puzzles the POJ count line still announces

	splitter // the cells of the line being read

	blanks       string // empty cells besides '.' and '0' outside a canvas: '-' and Blank
	canvasBlanks string // those of Blank that are no canvas filler

	spare *Puzzle // handed back by Reuse, for the next puzzle read

	models map[string]*Model // built-ins compiled so far, by name/n
	recent lastModel         // the built-in asked for last, to skip the map
	shapes []shape           // canvas shapes of the built-ins, made on first use
	occ    occupancy         // the last canvas's, reused (see occupancy)
	rows   []line            // the last canvas's rows, the room reused
	at     []textPos         // the last sheet's positions, the room reused (see use)
}

// lastModel is the built-in a reader compiled or found last: a file of
// line puzzles asks for the same one every line.
type lastModel struct {
	name string
	n    int
	m    *Model
}

// line is one line of input without its line end.
type line struct {
	text string
	num  int  // 1-based
	long bool // longer than maxLine: text holds only its start
}

// NewReader reads puzzles from r.
func NewReader(r io.Reader, opts ReadOptions) *Reader {
	return newReader(bufio.NewReaderSize(r, maxLine+8), opts)
}

// Reset makes r read from src with opts, as a new Reader would, but
// keeps its buffer and the built-in layouts it has compiled: the puzzles
// of many small texts (the records of package records) share their
// models, as those of one text do.
func (r *Reader) Reset(src io.Reader, opts ReadOptions) {
	r.base.Reset(src)
	nr := newReader(r.base, opts)
	nr.models, nr.recent, nr.shapes, nr.occ, nr.splitter = r.models, r.recent, r.shapes, r.occ, r.splitter
	nr.rows, nr.at = r.rows, r.at
	*r = *nr
}

func newReader(br *bufio.Reader, opts ReadOptions) *Reader {
	rd := &Reader{in: br, base: br, opts: opts, format: opts.Format}
	rd.blanks = "-"
	for i := 0; i < len(opts.Blank); i++ {
		ch := opts.Blank[i]
		if ch == '.' || ch == '0' {
			continue
		}
		chars := string(ch)
		if lower, upper := strings.ToLower(chars), strings.ToUpper(chars); lower != upper {
			chars = lower + upper // letters are case-insensitive, as symbols
		}
		rd.blanks += chars
		if !filler(chars) {
			rd.canvasBlanks += chars
		}
	}
	return rd
}

// clean writes the empty cells of s that are neither '.' nor '0' as
// '.', byte for byte so that columns stay: blanks outside a canvas,
// canvasBlanks in one.
func clean(s, blanks string) string {
	if blanks == "" || !strings.ContainsAny(s, blanks) {
		return s
	}
	b := []byte(s)
	for i, ch := range b {
		if strings.IndexByte(blanks, ch) >= 0 {
			b[i] = '.'
		}
	}
	return string(b)
}

// Format is the format being read: the one given, or the one detected
// once Read has seen the first puzzle (FormatAuto before).
func (r *Reader) Format() Format { return r.format }

// Read returns the next puzzle, or io.EOF at the end of the input.
//
// A malformed puzzle gives a *ParseError (its lines are consumed) and the
// next call goes on with the next puzzle, so every puzzle yields exactly
// one record. Any other error (reading the input, a model that the format
// cannot hold) ends the input: Read returns io.EOF after it.
func (r *Reader) Read() (*Puzzle, error) {
	if r.done {
		return nil, io.EOF
	}
	p, err := r.read()
	if r.ioErr != nil {
		r.done = true
		return nil, r.ioErr
	}
	if err == io.EOF {
		r.done = true
		if r.records == 0 {
			r.records++
			return nil, &ParseError{File: r.opts.File, Line: 1, Col: 1, Err: ErrEmpty}
		}
		return nil, io.EOF
	}
	if err != nil && !isParseError(err) {
		r.done = true
	}
	r.records++
	return p, err
}

func (r *Reader) read() (*Puzzle, error) {
	if err := checkBlank(r.opts.Blank); err != nil {
		return nil, err
	}
	if r.format == FormatAuto {
		f, err := r.detect()
		if err != nil {
			return nil, err
		}
		r.format = f
	}
	if m := r.opts.Model; m != nil && !singleGrid(m) {
		switch r.format {
		case FormatRows, FormatPOJ, FormatEuler:
			return nil, fmt.Errorf("the %s format holds a single grid, and layout %s has %d", r.format, layoutName(m), len(m.GridCells))
		}
	}
	switch r.format {
	case FormatLine:
		return r.readLine()
	case FormatRows:
		return r.readRows()
	case FormatPOJ:
		return r.readPOJ()
	case FormatEuler:
		return r.readEuler()
	case FormatCanvas:
		return r.readCanvas()
	}
	return nil, fmt.Errorf("unknown format %d", r.format)
}

// ReadAll reads every puzzle, stopping at the first error.
func ReadAll(r io.Reader, opts ReadOptions) ([]*Puzzle, error) {
	return Collect(NewReader(r, opts))
}

// Collect reads every puzzle of rd, stopping at the first error: of a
// Reader, or of a reader of another package that reads puzzles one at
// a time, then io.EOF, as Reader does (links.Reader, records.Reader).
func Collect(rd interface{ Read() (*Puzzle, error) }) ([]*Puzzle, error) {
	var out []*Puzzle
	for {
		p, err := rd.Read()
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			return out, err
		}
		out = append(out, p)
	}
}

// readRaw reads one line from the input; false at its end.
func (r *Reader) readRaw() (line, bool) {
	if r.ended {
		return line{}, false
	}
	if !r.began {
		r.began = true
		r.in = UTF8(r.in)
	}
	b, err := r.readSlice()
	s := string(b)
	long := false
	if err == bufio.ErrBufferFull {
		// Longer than the buffer: s is its start, and the rest is
		// skipped, unless s holds a NUL byte already (the error below).
		long = true
		if strings.IndexByte(s, 0) < 0 {
			b, err = r.skipLine(len(b))
		} else {
			err = nil
		}
	}
	if err == nil && b[len(b)-1] == '\r' {
		// CR LF, or an old Mac's CR alone.
		if nb, perr := r.in.Peek(1); perr == nil && nb[0] == '\n' {
			r.in.ReadByte()
		}
	}
	if err != nil {
		r.ended = true
		if err != io.EOF {
			r.ioErr = err
			return line{}, false
		}
		if s == "" && !long {
			return line{}, false
		}
	}
	r.num++
	r.nl = err == nil
	s = strings.TrimSuffix(s, "\n")
	s = strings.TrimSuffix(s, "\r")
	if r.num == 1 {
		s = strings.TrimPrefix(s, "\uFEFF")
	}
	if len(s) > maxLine {
		s, long = s[:maxLine], true
	}
	if i := strings.IndexByte(s, 0); i >= 0 {
		// No text holds a NUL byte: the input is an image, an archive,
		// a compiled program... One record for it, not one per block.
		what := "a NUL byte"
		if r.num == 1 && i < 2 && len(s) >= 2 && s[1-i] != 0 && s[1-i] < utf8.RuneSelf {
			what += ": UTF-16 text without its byte-order mark? Save it as UTF-8"
		}
		r.ended = true
		r.ioErr = binaryAt(r.opts.File, r.num, i+1, what)
		return line{}, false
	}
	r.last = len(s)
	return line{text: s, num: r.num, long: long}, true
}

// maxSkip is the most of one overlong line that is read to find its
// end, in bytes: past it, the input ends (no text has such a line, and
// a device such as /dev/zero has no end).
const maxSkip = 64 << 20

// skipLine reads the rest of a line longer than the buffer, whose first
// n bytes were read, up to its end: the last slice read and its error,
// as readSlice gives them. A NUL byte, or a line longer than maxSkip,
// ends the input with its *ParseError.
func (r *Reader) skipLine(n int) ([]byte, error) {
	for {
		b, err := r.readSlice()
		if i := bytes.IndexByte(b, 0); i >= 0 {
			return nil, NULByte(r.opts.File, r.num+1, n+i+1)
		}
		n += len(b)
		if err != bufio.ErrBufferFull {
			return b, err
		}
		if n > maxSkip {
			return nil, &ParseError{File: r.opts.File, Line: r.num + 1, Col: maxLine + 1, Err: fmt.Errorf("%w: a line longer than %d MiB; the rest of the input is not read", ErrTooLarge, maxSkip>>20)}
		}
	}
}

// readSlice is bufio.Reader.ReadSlice with a line end of "\n" or "\r":
// the bytes up to and including the first of them, ErrBufferFull when
// the buffer fills first, the rest and io.EOF at the end. Like
// ReadSlice's, the bytes are valid until the next read.
func (r *Reader) readSlice() ([]byte, error) {
	for n := 0; ; {
		buf, _ := r.in.Peek(r.in.Buffered())
		if i := lineEnd(buf[n:]); i >= 0 {
			// The line is buf's until the next read: taken as it is, not
			// searched again by ReadSlice.
			n += i + 1
			r.in.Discard(n)
			return buf[:n], nil
		}
		n = len(buf)
		if _, err := r.in.Peek(n + 1); err != nil {
			// Full, or the end of the input: ReadSlice says which.
			return r.in.ReadSlice('\n')
		}
	}
}

// lineEnd is the index in b of its first "\n" or "\r", or -1. Two
// byte searches, which are vectorised, beat IndexAny.
func lineEnd(b []byte) int {
	i := bytes.IndexByte(b, '\n')
	if i >= 0 {
		b = b[:i]
	}
	if j := bytes.IndexByte(b, '\r'); j >= 0 {
		return j
	}
	return i
}

// peek returns the i-th line not yet consumed, reading as needed.
func (r *Reader) peek(i int) (line, bool) {
	for len(r.ahead) <= i {
		l, ok := r.readRaw()
		if !ok {
			return line{}, false
		}
		r.ahead = append(r.ahead, l)
	}
	return r.ahead[i], true
}

// next consumes the next line.
func (r *Reader) next() (line, bool) {
	l, ok := r.peek(0)
	switch {
	case !ok:
	case len(r.ahead) == 1:
		r.ahead = r.ahead[:0] // keep the room, for the next line's peek
	default:
		r.ahead = r.ahead[1:]
	}
	return l, ok
}

// skip consumes blank and comment lines; false at the end of the input.
func (r *Reader) skip() bool {
	for {
		l, ok := r.peek(0)
		if !ok {
			return false
		}
		if !blank(l.text) && !r.comment(l) {
			return true
		}
		r.next()
	}
}

// end is the position just after the last line read.
func (r *Reader) end() (line, col int) {
	if r.nl || r.num == 0 {
		return r.num + 1, 1
	}
	return r.num, r.last + 1
}

// comment reports whether l is a comment. In a canvas, where '#' also
// marks a position outside every grid, a line that looks like a canvas
// row is not one (see doc.go).
func (r *Reader) comment(l line) bool {
	if !strings.HasPrefix(l.text, "#") {
		return false
	}
	if r.format == FormatCanvas || r.format == FormatAuto {
		return l.long || !canvasRowLike(l.text)
	}
	return true
}

// canvasRowLike reports whether s, starting with '#', reads as a canvas
// row: no blanks, and a cell right after its leading fillers.
func canvasRowLike(s string) bool {
	i := strings.IndexFunc(s, func(ch rune) bool { return ch != '#' && ch != '-' })
	if i < 0 {
		return false
	}
	for j := 0; j < len(s); j++ {
		ch := s[j]
		if ch != '#' && ch != '-' && SymbolDigit(ch) < 0 {
			return false
		}
	}
	return true
}

func blank(s string) bool { return strings.TrimLeft(s, " \t") == "" }

// builtin is the compiled built-in layout name of n symbols, compiled
// once per reader so that its puzzles share one model.
func (r *Reader) builtin(name string, n int) (*Model, error) {
	if l := r.recent; l.m != nil && l.name == name && l.n == n {
		return l.m, nil
	}
	key := name + "/" + strconv.Itoa(n)
	if m, ok := r.models[key]; ok {
		r.recent = lastModel{name, n, m}
		return m, nil
	}
	l, err := Builtin(name, n, Shape{})
	if err != nil {
		return nil, err
	}
	m, err := Compile(l)
	if err != nil {
		return nil, err
	}
	if r.models == nil {
		r.models = map[string]*Model{}
	}
	r.models[key] = m
	return m, nil
}

// singleGrid reports whether m is one grid at the canvas origin, which
// the line, rows, POJ and Euler formats can hold.
func singleGrid(m *Model) bool {
	return len(m.GridCells) == 1 && m.Height == m.N && m.Width == m.N
}

func layoutName(m *Model) string {
	if m.Layout != nil && m.Layout.Name != "" {
		return m.Layout.Name
	}
	return "the layout"
}

// isAutoSize reports whether a grid of n symbols is inferred from the
// length of a line or row when no layout is given.
func isAutoSize(n int) bool {
	switch n {
	case 4, 6, 8, 9, 12, 16, 25, 36, 49, 64:
		return true
	}
	return false
}

// autoSquare is the n of a line of k cells, 0 if none is inferred.
func autoSquare(k int) int {
	for n := 1; n <= MaxSymbols; n++ {
		if n*n == k && isAutoSize(n) {
			return n
		}
	}
	return 0
}

// detect chooses the format from the first content of the input and
// leaves every line unconsumed but leading blank and comment lines.
func (r *Reader) detect() (Format, error) {
	if !r.skip() {
		return FormatAuto, io.EOF
	}
	l, _ := r.peek(0)
	m := r.opts.Model
	if l.long { // a bad record in any format: a line puzzle next tells
		if nx, ok := r.nextContent(); ok && !nx.long && (lineLike(nx.text, m) > 4 || lineLike(clean(nx.text, r.blanks), m) > 4) {
			return FormatLine, nil
		}
	}
	ln := lineLike(l.text, m)
	dl := ln // the same with '-' and Blank as empty cells
	if ln == 0 {
		dl = lineLike(clean(l.text, r.blanks), m)
	}
	if m != nil && !singleGrid(m) { // a line of all its cells, or a canvas
		if dl > 0 {
			return FormatLine, nil
		}
		return FormatCanvas, nil
	}
	n := 9
	if m != nil {
		n = m.N
	}
	if eulerHeader(l.text) {
		return FormatEuler, nil
	}
	if countLike(l.text, n) {
		// POJ rows are digits only, 0 for an empty cell.
		if nx, ok := r.nextContent(); ok && strings.Trim(strings.TrimSpace(nx.text), "0123456789") == "" &&
			len(splitCells(nx.text, sizeIs(n, n), n > MaxLetterSymbols)) == n {
			return FormatPOJ, nil
		}
	}
	if m != nil {
		if dl > 0 {
			return FormatLine, nil
		}
		return FormatRows, nil
	}
	if ln > 0 && ln != 4 {
		return FormatLine, nil
	}
	if strings.Contains(l.text, "|") || separator(l.text) {
		return FormatRows, nil
	}
	var block []line
	for i := 0; i <= MaxCanvasSide; i++ {
		b, ok := r.peek(i)
		if !ok || blank(b.text) {
			break
		}
		block = append(block, b)
	}
	// A bad first line among line puzzles: the next one tells, past
	// comments.
	next := ""
	for _, b := range block[min(1, len(block)):] {
		if !strings.HasPrefix(b.text, "#") {
			next = b.text
			break
		}
	}
	if ln == 0 && lineLike(next, m) > 4 {
		return FormatLine, nil
	}
	sh := r.matchShape(r.occupancy(r.cleanCanvas(block)))
	// Lines with '-' for empty cells, unless they draw a canvas.
	if ln == 0 && sh == nil && (dl > 4 || lineLike(clean(next, r.blanks), m) > 4) {
		return FormatLine, nil
	}
	// Lines of 16 cells are 4x4 puzzles, or the rows of a 16x16 grid
	// when a cell is above 4.
	big := ln == 4 && maxCell(block) > 4
	if sh != nil && (ln != 4 || big) {
		return FormatCanvas, nil
	}
	if ln > 0 && !big {
		return FormatLine, nil
	}
	if isAutoSize(len(splitCells(l.text, rowSize, false))) {
		return FormatRows, nil
	}
	return FormatCanvas, nil
}

// nextContent is the first line after the first that is neither blank
// nor a comment, within MaxCanvasSide lines; false if there is none.
func (r *Reader) nextContent() (line, bool) {
	for i := 1; i <= MaxCanvasSide; i++ {
		nx, ok := r.peek(i)
		if !ok {
			return line{}, false
		}
		if !blank(nx.text) && !strings.HasPrefix(nx.text, "#") {
			return nx, true
		}
	}
	return line{}, false
}

// maxCell is the largest digit written in lines, as symbols or numbers.
func maxCell(lines []line) int {
	d := 0
	for _, l := range lines {
		for _, x := range splitCells(l.text, rowSize, false) {
			d = max(d, value(x.text))
		}
	}
	return d
}

// eulerHeader reports whether s is a "Grid NN" line.
func eulerHeader(s string) bool {
	s = strings.TrimSpace(s)
	if len(s) < 4 || !strings.EqualFold(s[:4], "grid") {
		return false
	}
	return len(s) == 4 || s[4] == ' ' || s[4] == '\t' || s[4] >= '0' && s[4] <= '9'
}

// maxCountDigits is the longest POJ count line: up to 99999999 puzzles.
const maxCountDigits = 8

// countLine reports whether s is a POJ count line for grids of n symbols.
func countLine(s string, n int) bool {
	return countLike(s, n) && len(strings.TrimSpace(s)) <= maxCountDigits
}

// countLike reports whether s, digits only and not a row of n, stands
// where a POJ count line does: a count line, or one too long to be one.
func countLike(s string, n int) bool {
	s = strings.TrimSpace(s)
	return s != "" && len(s) != n && strings.Trim(s, "0123456789") == ""
}

// separator reports whether s is a rows separator line, like ------+------.
// Lone dashes between blanks ("- - - | - - -") are a row of empty cells.
func separator(s string) bool {
	return strings.Trim(s, " \t-+|=") == "" && strings.ContainsAny(s, "-=+") && !dashRow(s)
}

// dashRow reports whether s is two or more lone '-' between blanks and '|'.
func dashRow(s string) bool {
	f := strings.Fields(strings.ReplaceAll(s, "|", " "))
	for _, w := range f {
		if w != "-" {
			return false
		}
	}
	return len(f) > 1
}

// cleanCanvas is rows with the empty cells of Blank written '.'.
func (r *Reader) cleanCanvas(rows []line) []line {
	if r.canvasBlanks == "" {
		return rows
	}
	out := make([]line, len(rows))
	for i, l := range rows {
		l.text = clean(l.text, r.canvasBlanks)
		out[i] = l
	}
	return out
}

// lineLike is the n of a line puzzle if s reads as one: n*n symbols with
// no blanks between them, or n*n whitespace-separated numbers, each at
// most n; with a model, as many as it has cells. It is 0 otherwise.
func lineLike(s string, m *Model) int {
	size := autoSquare
	if m != nil {
		size = sizeIs(len(m.Cells), m.N)
	}
	cells := splitCells(s, size, m != nil && m.N > MaxLetterSymbols)
	k := len(cells)
	switch f := len(strings.Fields(s)); {
	case f == 1:
		return size(k)
	case f == k && within(cells, size(k)):
		return size(k)
	}
	return 0
}

// isParseError reports whether err is a *ParseError, without making its
// caller's target escape (errors.As would, once per record).
func isParseError(err error) bool {
	var pe *ParseError
	return errors.As(err, &pe)
}

// Reuse hands r a puzzle that its caller is done with (one a Reader
// read): nothing will look at it, or its givens, again. r may read a
// later puzzle into its memory, which spares a batch of line puzzles
// fresh memory for each.
func (r *Reader) Reuse(p *Puzzle) {
	if p != nil {
		r.spare = p
	}
}

// FirstLine is the first line of head, the start of an input, that is
// neither blank nor a '#' comment, trimmed (nil if there is none), and
// whether it is whole: ended by a line feed, not by the end of head. A
// byte-order mark before it is skipped. What an input holds is told by
// it (links.DetectReader, records.Detect).
func FirstLine(head []byte) (line []byte, whole bool) {
	head = bytes.TrimPrefix(head, []byte("\ufeff"))
	for len(head) > 0 {
		line, rest, ended := bytes.Cut(head, []byte("\n"))
		if t := bytes.TrimSpace(line); len(t) > 0 && t[0] != '#' {
			return t, ended
		}
		head = rest
	}
	return nil, false
}

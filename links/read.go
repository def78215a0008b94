package links

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"strings"
	"unicode"

	"gattai/layouts"
)

// Reader reads the links of a stream one at a time: one a line, blank
// lines and '#' comments skipped, or the whole stream when it starts
// with '{', one JSON document.
type Reader struct {
	in    *bufio.Reader
	name  string
	site  Site
	line  int      // lines read
	done  bool     // the input has ended, or failed
	err   error    // the failure, once the link read before it is handed out
	notes []string // the last puzzle's
}

// NewReader reads links from r, named name in errors, with the reader
// of site (Auto: as each looks). A caller that has looked at the start
// of r through a *bufio.Reader (DetectReader) passes that.
func NewReader(r io.Reader, name string, site Site) *Reader {
	br, ok := r.(*bufio.Reader)
	if !ok {
		br = bufio.NewReaderSize(r, 64<<10)
	}
	return &Reader{in: layouts.UTF8(br), name: name, site: site}
}

// Read reads the next link's puzzle, as layouts.Reader reads the next
// puzzle of a text. A bad link is a *layouts.ParseError, and the reader
// goes on after it; so is a read that fails, a line (or JSON document)
// of more than MaxLink bytes or a NUL byte, and then the reader stops.
// At the end it returns io.EOF.
func (r *Reader) Read() (*layouts.Puzzle, error) {
	r.notes = nil
	p, err := r.next()
	if err != nil {
		return nil, err
	}
	r.notes = p.Notes
	return p.Puzzle, nil
}

// Notes is what the link last read held and gattai ignored, for the
// user to see.
func (r *Reader) Notes() []string { return r.notes }

// next is Read with the notes.
func (r *Reader) next() (*Puzzle, error) {
	if r.line == 0 {
		if head, _ := r.in.Peek(1); len(head) == 1 && head[0] == '{' {
			r.line, r.done = 1, true
			data, err := io.ReadAll(io.LimitReader(r.in, MaxLink+1))
			if err == nil && len(data) > MaxLink {
				err = fmt.Errorf("%w: a JSON puzzle of more than %d bytes", layouts.ErrTooLarge, MaxLink)
			}
			if err != nil {
				return nil, r.failed(err)
			}
			return Parse(r.name, 1, 1, r.site, data)
		}
	}
	for !r.done {
		r.line++
		text, err := r.readLine()
		switch {
		case err == io.EOF:
			r.done = true
		case err != nil:
			r.done, r.err = true, r.failed(err)
		}
		if t := bytes.TrimSpace(text); len(t) > 0 && t[0] != '#' {
			col := 1 + len(text) - len(bytes.TrimLeftFunc(text, unicode.IsSpace))
			return Parse(r.name, r.line, col, r.site, t)
		}
	}
	if err := r.err; err != nil {
		r.err = nil
		return nil, err
	}
	return nil, io.EOF
}

// failed is the error of a read that failed at the current line, unless
// it has its place already. The path of a file's error is left out: the
// error names the file already.
func (r *Reader) failed(err error) error {
	var at *layouts.ParseError
	if errors.As(err, &at) {
		return err
	}
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	return &layouts.ParseError{File: r.name, Line: r.line, Col: 1, Err: err}
}

// readLine reads line r.line, of at most MaxLink bytes; a NUL byte in
// it (no link holds one) is binary data at its place.
func (r *Reader) readLine() ([]byte, error) {
	var line []byte
	for {
		chunk, err := r.in.ReadSlice('\n')
		if i := bytes.IndexByte(chunk, 0); i >= 0 {
			return nil, layouts.NULByte(r.name, r.line, len(line)+i+1)
		}
		line = append(line, chunk...)
		if len(line) > MaxLink {
			return nil, fmt.Errorf("%w: a line of more than %d bytes", layouts.ErrTooLarge, MaxLink)
		}
		if err != bufio.ErrBufferFull {
			return line, err
		}
	}
}

// DetectReader reports whether the input read through br holds
// setters' links (or their JSON) rather than text grids, as its first
// line that is no comment looks (Head). A '{' starts no grid, unless
// blank (layouts.ReadOptions.Blank) makes it an empty cell: text that
// starts with one is JSON, whose errors Parse tells.
func DetectReader(br *bufio.Reader, blank string) bool {
	json := func(text []byte) bool { return text[0] == '{' && !strings.Contains(blank, "{") }
	head := bytes.TrimPrefix(Head(br), []byte("\ufeff"))
	if t := bytes.TrimSpace(head); len(t) > 0 && json(t) {
		return true
	}
	if line, _ := layouts.FirstLine(head); line != nil {
		if plainLine(line) {
			return false // spares the detectors' regexps
		}
		return json(line) || Detect(line)
	}
	return false
}

// Head is the start of the input read through br, to tell what it
// holds: what br has buffered once that holds a whole first line that
// is neither blank nor a comment, or 64 KB, or the input has ended. It
// waits for no more, so that puzzles piped in one by one are read as
// they come, not once 64 KB have gathered.
func Head(br *bufio.Reader) []byte {
	limit := min(64<<10, br.Size())
	for n := 1; ; {
		head, err := br.Peek(n)
		if err != nil {
			return head // all there is
		}
		head, _ = br.Peek(br.Buffered())
		if _, whole := layouts.FirstLine(head); len(head) >= limit || whole {
			return head
		}
		n = len(head) + 1
	}
}

// plainLine reports a line of digits, '.', '-' and blanks only, as most
// puzzle lines and canvas rows are: no link, id or JSON of a setter's
// site is one.
func plainLine(line []byte) bool {
	for _, b := range line {
		if (b < '0' || b > '9') && b != '.' && b != '-' && b != ' ' && b != '\t' {
			return false
		}
	}
	return true
}

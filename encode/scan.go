package encode

import (
	"bufio"
	"bytes"
	"fmt"
	"io"

	"gattai/layouts"
)

// Limits of the readers (ParseModel, ParseDIMACS), so that no input,
// however long, makes them hold more than its meaning needs.
const (
	// maxVar bounds the variables of a CNF and the literals of a model.
	maxVar = 1 << 30
	// maxWord is the longest word (a literal, a verdict, a keyword) read
	// from a model or a clause line: no literal has more digits.
	maxWord = 64
	// maxLine is the longest line read whole: a comment line of a CNF,
	// which carries the layout, the givens and the canvas.
	maxLine = 1 << 20
	// maxCNFBytes is the memory that ParseDIMACS lets the clauses of a
	// CNF take, counting each clause's header and each literal.
	maxCNFBytes = 4 << 30
	// clauseBytes and litBytes are what a clause and a literal of
	// Formula.Clauses take.
	clauseBytes, litBytes = 24, 8
)

// scanner reads a text input word by word, never holding a whole line,
// and knows the 1-based line and column of each word. A line ends at
// "\n", "\r\n" or a lone "\r".
type scanner struct {
	r    *bufio.Reader
	name string
	line int  // the current line
	col  int  // the column of the next byte
	used bool // a byte of the current line was read
	buf  []byte
}

func newScanner(r io.Reader, name string) *scanner {
	return &scanner{r: plainText(bufio.NewReaderSize(r, 64<<10)), name: name, line: 1, col: 1}
}

// plainText is br decoded to UTF-8 when it starts with a UTF-16
// byte-order mark (a solver's output that Windows PowerShell 5
// redirected to a file), without a UTF-8 byte-order mark, as the
// puzzle readers take text.
func plainText(br *bufio.Reader) *bufio.Reader {
	br = layouts.UTF8(br)
	if b, _ := br.Peek(3); string(b) == "\uFEFF" {
		br.Discard(3)
	}
	return br
}

// errorAt is a ParseError at line, col of the input.
func (s *scanner) errorAt(line, col int, sentinel error, format string, args ...any) error {
	return &layouts.ParseError{File: s.name, Line: line, Col: col, Err: fmt.Errorf("%w: %s", sentinel, fmt.Sprintf(format, args...))}
}

// peek is the next byte, or ok false at the end of the input.
func (s *scanner) peek() (byte, bool, error) {
	b, err := s.r.ReadByte()
	if err == io.EOF {
		return 0, false, nil
	}
	if err != nil {
		return 0, false, err
	}
	s.r.UnreadByte()
	return b, true, nil
}

func (s *scanner) advance() {
	s.r.ReadByte()
	s.col++
	s.used = true
}

// word is the next word of the current line and its column, or "" at
// the end of the line or input (nothing consumed then). A word longer
// than maxWord is an error wrapping layouts.ErrTooLarge.
func (s *scanner) word() (string, int, error) {
	for {
		b, ok, err := s.peek()
		if err != nil || !ok || b == '\n' || b == '\r' {
			return "", s.col, err
		}
		if b != ' ' && b != '\t' {
			break
		}
		s.advance()
	}
	col := s.col
	s.buf = s.buf[:0]
	for {
		b, ok, err := s.peek()
		if err != nil {
			return "", col, err
		}
		if !ok || b == ' ' || b == '\t' || b == '\n' || b == '\r' {
			break
		}
		if len(s.buf) == maxWord {
			return "", col, s.errorAt(s.line, col, layouts.ErrTooLarge, "word longer than %d bytes", maxWord)
		}
		s.buf = append(s.buf, b)
		s.advance()
	}
	return string(s.buf), col, nil
}

// skipLine discards the rest of the current line, keeping its end: a
// buffer at a time, since a solver may write megabytes of comments.
func (s *scanner) skipLine() error {
	for {
		if s.r.Buffered() == 0 {
			if _, err := s.r.Peek(1); err == io.EOF {
				return nil
			} else if err != nil {
				return err
			}
		}
		b, _ := s.r.Peek(s.r.Buffered())
		end := len(b)
		if i := bytes.IndexByte(b, '\n'); i >= 0 {
			end = i
		}
		if i := bytes.IndexByte(b[:end], '\r'); i >= 0 {
			end = i
		}
		if end > 0 {
			s.r.Discard(end)
			s.col += end
			s.used = true
		}
		if end < len(b) {
			return nil
		}
	}
}

// endLine moves past the end of the current line; false at the end of
// the input. The rest of the line must have been read.
func (s *scanner) endLine() (bool, error) {
	b, ok, err := s.peek()
	if err != nil || !ok {
		return false, err
	}
	s.r.ReadByte()
	if b == '\r' {
		if nb, ok, err := s.peek(); err != nil {
			return false, err
		} else if ok && nb == '\n' {
			s.r.ReadByte()
		}
	}
	s.line, s.col, s.used = s.line+1, 1, false
	return true, nil
}

// after is the line just after the input, for errors about what is
// missing at its end.
func (s *scanner) after() int {
	if s.used {
		return s.line + 1
	}
	return s.line
}

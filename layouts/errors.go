package layouts

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Sentinels that parse and check errors unwrap to.
var (
	ErrSyntax    = errors.New("syntax error")
	ErrSymbol    = errors.New("unknown symbol")
	ErrShape     = errors.New("wrong shape")
	ErrConflict  = errors.New("conflicting givens")
	ErrTruncated = errors.New("truncated puzzle")
	ErrEmpty     = errors.New("empty input")
	ErrTooLarge  = errors.New("beyond limits")
	ErrBinary    = errors.New("binary data, not a puzzle")
)

// ParseError is an error at a position in a named input, 1-based.
type ParseError struct {
	File      string
	Line, Col int
	Err       error
}

// Error is the error on one line of printable text: a name or message
// that holds anything else (input repeated where no Excerpt was taken)
// is quoted whole rather than reach a terminal or a log as it is.
func (e *ParseError) Error() string {
	name := e.File
	if name == "" {
		name = "-"
	}
	msg := fmt.Sprint(e.Err)
	name = ShownName(name)
	if !printable(msg) {
		msg = strconv.Quote(msg)
	}
	return fmt.Sprintf("%s:%d:%d: %s", name, e.Line, e.Col, msg)
}

func (e *ParseError) Unwrap() error { return e.Err }

// ShownName is a file's name as a message shows it: as it is when it
// prints on one line, quoted whole when it holds a control, format or
// line-breaking character, or is not UTF-8 (or holds U+FFFD, which
// stands for bytes that were not), which would reach a terminal or a
// log as they are. Excerpt quotes so too.
func ShownName(name string) string {
	if strings.ContainsRune(name, utf8.RuneError) || !printable(name) {
		return strconv.Quote(name)
	}
	return name
}

// NULByte is the error of a NUL byte at line:col of file. No text holds
// one, so every reader of puzzles ends its input there with this one
// ErrBinary.
func NULByte(file string, line, col int) *ParseError {
	return binaryAt(file, line, col, "a NUL byte")
}

// binaryAt is ErrBinary at line:col of file, saying what was found.
func binaryAt(file string, line, col int, what string) *ParseError {
	return &ParseError{File: file, Line: line, Col: col, Err: fmt.Errorf("%w (%s)", ErrBinary, what)}
}

// maxExcerpt is the most of the input an error message repeats, in bytes.
const maxExcerpt = 40

// Excerpt is input text as an error message repeats it: cut to 40 bytes
// (then "..."), as it is when it prints on one line, quoted when it holds
// a control, format or line-breaking character or is not UTF-8, which
// would reach a terminal or a log as they are.
func Excerpt(s string) string {
	cut := ""
	if len(s) > maxExcerpt {
		n := maxExcerpt
		for n > 0 && !utf8.RuneStart(s[n]) { // a character cut in two is left out
			n--
		}
		s, cut = s[:n], "..."
	}
	return ShownName(s) + cut
}

// CheckError names the first unit or given that a grid violates.
type CheckError struct {
	Unit  string // "" for a given that was changed
	Cells []Pos
	Msg   string
}

func (e *CheckError) Error() string {
	s := e.Msg
	if e.Unit != "" {
		s = e.Unit + ": " + s
	}
	return s
}

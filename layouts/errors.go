package layouts

import (
	"errors"
	"fmt"
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

func (e *ParseError) Error() string {
	name := e.File
	if name == "" {
		name = "-"
	}
	return fmt.Sprintf("%s:%d:%d: %v", name, e.Line, e.Col, e.Err)
}

func (e *ParseError) Unwrap() error { return e.Err }

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

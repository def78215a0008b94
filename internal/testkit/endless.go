package testkit

import (
	"errors"
	"io"
)

// ErrReadOn is what an Endless input gives once read past its limit.
var ErrReadOn = errors.New("testkit: read on past the limit")

// Endless is an input that does not end: text, then fill forever, as
// /dev/zero gives NUL bytes. Past limit bytes it gives ErrReadOn, so
// that a reader which waits for the end fails rather than hangs.
func Endless(text string, fill byte, limit int) io.Reader {
	return &endless{text: text, fill: fill, left: limit}
}

type endless struct {
	text string
	fill byte
	left int
}

func (e *endless) Read(p []byte) (int, error) {
	if e.left <= 0 {
		return 0, ErrReadOn
	}
	p = p[:min(len(p), e.left)]
	e.left -= len(p)
	n := copy(p, e.text)
	e.text = e.text[n:]
	for i := n; i < len(p); i++ {
		p[i] = e.fill
	}
	return len(p), nil
}

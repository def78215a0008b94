package encode

import (
	"bufio"
	"math/rand/v2"
	"strings"
	"testing"
)

// skipLineRef is skipLine a byte at a time, as it was written first.
func (s *scanner) skipLineRef() error {
	for {
		b, ok, err := s.peek()
		if err != nil || !ok || b == '\n' || b == '\r' {
			return err
		}
		s.advance()
	}
}

// skipLine leaves the scanner where the byte-at-a-time reference does,
// after a line's first word, on lines of every length around the
// buffer's, ended by "\n", "\r\n", a lone "\r" or the end of the input.
func TestSkipLine(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	ends := []string{"\n", "\r\n", "\r", ""}
	for i := range 3000 {
		var b strings.Builder
		for range 1 + rng.IntN(3) {
			n := rng.IntN(40)
			if rng.IntN(4) == 0 {
				n = 16*(1+rng.IntN(4)) + rng.IntN(3) - 1 // near a multiple of the buffer's size
			}
			for range n {
				b.WriteByte("c x1\t"[rng.IntN(5)])
			}
			b.WriteString(ends[rng.IntN(len(ends))])
		}
		text := b.String()
		scan := func() *scanner {
			return &scanner{r: bufio.NewReaderSize(strings.NewReader(text), 16), name: "t", line: 1, col: 1}
		}
		got, want := scan(), scan()
		for step := 0; ; step++ {
			w1, _, _ := got.word()
			w2, _, _ := want.word()
			if w1 != w2 {
				t.Fatalf("case %d %q step %d: word %q, want %q", i, text, step, w1, w2)
			}
			errGot, errWant := got.skipLine(), want.skipLineRef()
			if errGot != nil || errWant != nil {
				t.Fatalf("case %d: errors %v, %v", i, errGot, errWant)
			}
			if got.col != want.col || got.used != want.used || got.line != want.line {
				t.Fatalf("case %d %q step %d: at line %d col %d used %v, want line %d col %d used %v",
					i, text, step, got.line, got.col, got.used, want.line, want.col, want.used)
			}
			more1, _ := got.endLine()
			more2, _ := want.endLine()
			if more1 != more2 {
				t.Fatalf("case %d %q step %d: endLine %v, want %v", i, text, step, more1, more2)
			}
			if !more1 {
				break
			}
		}
	}
}

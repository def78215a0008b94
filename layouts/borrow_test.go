package layouts

import (
	"bytes"
	"io"
	"strings"
	"testing"
	"testing/iotest"
)

// Lines read from the input's buffer (borrowLine) read as lines copied
// out of it do, good and bad, puzzle by puzzle: the same input read a
// byte at a time is seldom wholly buffered and takes the copying path.
func TestBorrowLine(t *testing.T) {
	const p9 = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
	const p4 = "1..4..1.2......3"
	for _, c := range []struct {
		name, in string
		opts     ReadOptions
	}{
		{"lines", strings.Repeat(p9+"\n", 50), ReadOptions{}},
		{"lines given as such", strings.Repeat(p9+"\n", 50), ReadOptions{Format: FormatLine}},
		{"4x4 then 9x9", p4 + "\n" + p9 + "\n" + p4 + "\n", ReadOptions{Format: FormatLine}},
		{"comments and blank lines", p9 + "\n# note\n\n" + p9 + "\n  \n" + p9 + "\n", ReadOptions{}},
		{"CR LF", p9 + "\r\n" + p9 + "\r\n" + p9 + "\n" + p9 + "\r\n", ReadOptions{}},
		{"CR alone", p9 + "\n" + p9 + "\r" + p9 + "\n", ReadOptions{}},
		{"no last line end", p9 + "\n" + p9 + "\n" + p9, ReadOptions{}},
		{"blanks", p9 + "\n" + strings.ReplaceAll(p9, ".", "-") + "\n" + strings.ReplaceAll(p9, ".", "x") + "\n", ReadOptions{Blank: "x"}},
		{"a letter blank in a 16x16", strings.Repeat("A1"+strings.Repeat(".", 254)+"\n", 3), ReadOptions{Blank: "A"}},
		{"zeros", p9 + "\n" + strings.ReplaceAll(p9, ".", "0") + "\n", ReadOptions{}},
		{"bad symbol", p9 + "\n" + "z" + p9[1:] + "\n" + p9 + "\n", ReadOptions{}},
		{"conflict", p9 + "\n" + "44" + p9[2:] + "\n" + p9 + "\n", ReadOptions{}},
		{"short and long", p9 + "\n" + p9[1:] + "\n" + p9 + "1\n" + p9 + "\n", ReadOptions{}},
		{"NUL", p9 + "\n" + p9 + "\n" + "\x00" + p9[1:] + "\n" + p9 + "\n", ReadOptions{}},
		{"spaced", p9 + "\n" + strings.Join(strings.Split(p9, ""), " ") + "\n", ReadOptions{}},
		{"model", strings.Repeat(p9+"\n", 3), ReadOptions{Model: compiled(t, "classic", 9, Shape{})}},
		{"model of another size", p9 + "\n" + p4 + "\n", ReadOptions{Model: compiled(t, "classic", 4, Shape{})}},
	} {
		r := NewReader(strings.NewReader(c.in), c.opts)
		slow := NewReader(iotest.OneByteReader(strings.NewReader(c.in)), c.opts)
		for i := 0; ; i++ {
			p, err := r.Read()
			sp, serr := slow.Read()
			if !sameRead(p, err, sp, serr) {
				t.Fatalf("%s, record %d: read as %v, %v; a byte at a time as %v, %v", c.name, i+1, p, err, sp, serr)
			}
			if err == io.EOF {
				break
			}
		}
	}
}

// A batch of line puzzles, each handed back once done with, reads with
// no fresh memory: the lines are read where they lie in the buffer.
func TestBorrowLineAllocs(t *testing.T) {
	const p9 = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n"
	in := bytes.Repeat([]byte(p9), 400)
	r := NewReader(bytes.NewReader(in), ReadOptions{})
	p, err := r.Read() // the format found, the model compiled
	if err != nil {
		t.Fatal(err)
	}
	allocs := testing.AllocsPerRun(300, func() {
		r.Reuse(p)
		if p, err = r.Read(); err != nil {
			t.Fatal(err)
		}
	})
	if allocs != 0 {
		t.Errorf("%.1f allocations a line, want 0", allocs)
	}
}

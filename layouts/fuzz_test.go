package layouts

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"testing"
	"testing/iotest"
)

// fuzzRead seeds f with testdata files and checks that reading in format
// never panics, always progresses, gives only ParseErrors at sensible
// positions, each one line of printable text, and that every puzzle read
// writes back as the same givens.
func fuzzRead(f *testing.F, format Format, seeds ...string) {
	fuzzReadWith(f, ReadOptions{Format: format}, seeds...)
}

// fuzzReadWith is fuzzRead with more options: a model, blanks.
func fuzzReadWith(f *testing.F, opts ReadOptions, seeds ...string) {
	for _, s := range seeds {
		data, err := os.ReadFile(filepath.Join("../testdata", s))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		lines := bytes.Count(data, []byte("\n")) + bytes.Count(data, []byte("\r")) + 1 // CR alone ends a line too
		opts := opts
		opts.File = "fuzz"
		r := NewReader(bytes.NewReader(data), opts)
		// The same input a byte a read: lines are then seldom wholly
		// buffered, so borrowLine leaves them to the copying path.
		slow := NewReader(iotest.OneByteReader(bytes.NewReader(data)), opts)
		for range lines + 2 {
			p, err := r.Read()
			sp, serr := slow.Read()
			if !sameRead(p, err, sp, serr) {
				t.Fatalf("read as %v, %v; a byte at a time as %v, %v", p, err, sp, serr)
			}
			if err == io.EOF {
				return
			}
			var pe *ParseError
			if err != nil {
				if !errors.As(err, &pe) {
					t.Fatalf("%v is not a ParseError", err)
				}
				if pe.Line < 1 || pe.Col < 1 || pe.Line > lines+1 {
					t.Fatalf("%v: position outside the input of %d lines", err, lines)
				}
				if !printable(err.Error()) {
					t.Fatalf("%q is not one line of printable text", err)
				}
				continue
			}
			var b bytes.Buffer
			if err := WritePuzzle(&b, p); err != nil {
				t.Fatal(err)
			}
			q, err := ReadAll(bytes.NewReader(b.Bytes()), ReadOptions{Format: p.Source.Format, Model: p.Model})
			if err != nil || len(q) != 1 || !slices.Equal(q[0].Givens, p.Givens) {
				t.Fatalf("written as\n%s\nread back as %d puzzles, %v", b.Bytes(), len(q), err)
			}
		}
		t.Fatalf("more records than the %d lines", lines)
	})
}

// sameRead reports whether two reads gave the same puzzle (givens,
// source, and a layout of the same name and cells) or the same error.
func sameRead(p *Puzzle, err error, q *Puzzle, qerr error) bool {
	if err != nil || qerr != nil {
		return p == nil && q == nil && err != nil && qerr != nil && err.Error() == qerr.Error()
	}
	return slices.Equal(p.Givens, q.Givens) && reflect.DeepEqual(p.Source, q.Source) &&
		layoutName(p.Model) == layoutName(q.Model) && p.Model.N == q.Model.N && slices.Equal(p.Model.Cells, q.Model.Cells)
}

func FuzzReadLine(f *testing.F) {
	fuzzRead(f, FormatLine, "formats/line.txt", "formats/line-bad.txt", "formats/line-crlf.txt", "formats/line-utf16.txt")
}

func FuzzReadRows(f *testing.F) {
	fuzzRead(f, FormatRows, "formats/rows.txt", "formats/numbers36.txt", "formats/rows-styles.txt")
}

func FuzzReadPOJ(f *testing.F) {
	fuzzRead(f, FormatPOJ, "formats/poj3.txt", "seeds/poj2676-sample.in")
}

func FuzzReadEuler(f *testing.F) {
	fuzzRead(f, FormatEuler, "formats/euler3.txt")
}

func FuzzReadCanvas(f *testing.F) {
	fuzzRead(f, FormatCanvas, "formats/canvas-multi.txt", "formats/canvas-fillers.txt",
		"examples/twodoku.txt", "examples/windmill.txt", "examples/classic.txt")
}

func FuzzReadAuto(f *testing.F) {
	fuzzRead(f, FormatAuto, "formats/line.txt", "formats/line-utf16.txt", "formats/rows.txt", "formats/rows-styles.txt", "formats/poj3.txt", "formats/euler3.txt",
		"formats/canvas-multi.txt", "formats/canvas-fillers.txt", "examples/butterfly.txt")
}

// Puzzles read on a layout given, as --layout and --layout-file do, and
// with more blank characters, as --blank.
func FuzzReadLayout(f *testing.F) {
	l, err := Builtin("twodoku", 9, Shape{})
	if err != nil {
		f.Fatal(err)
	}
	m, err := Compile(l)
	if err != nil {
		f.Fatal(err)
	}
	fuzzReadWith(f, ReadOptions{Model: m, Blank: "_x"}, "examples/twodoku.txt", "examples/twodoku.solution.txt")
}

func FuzzReadClassic6(f *testing.F) {
	m, err := Compile(Classic(6, Shape{3, 2}))
	if err != nil {
		f.Fatal(err)
	}
	f.Add([]byte("# two 6x6\n1*3.5.............................6.\n..3|.5.\n4..|...\n---+---\n...|..2\n.1.|...\n...|...\n6..|...\n"))
	fuzzReadWith(f, ReadOptions{Model: m, Blank: "*"}, "formats/line.txt", "formats/rows-styles.txt")
}

// A layout file never panics, to read or to compile, an error is one
// line at a place in it, and one that reads writes back as itself.
func FuzzParseLayoutFile(f *testing.F) {
	data, err := os.ReadFile("../testdata/layouts/twodoku-x.json")
	if err != nil {
		f.Fatal(err)
	}
	f.Add(data)
	f.Add([]byte(utf16Text("\uFEFF"+string(data), false)))
	for _, in := range Builtins() {
		l, err := Builtin(in.Name, 4, Shape{})
		if err != nil {
			f.Fatal(err)
		}
		f.Add(l.MarshalFile())
	}
	for _, k := range Kinds() { // every kind's fields
		f.Add([]byte(`{"size": 9, "grids": [{"at": "r1c1"}], "constraints": [` + k.Example + `]}`))
	}
	f.Add([]byte(`{"size": 4, "grids": [{"at": "r1c1"}, {"at": "r3c3"}], "constraints": [{"kind": "killer", "grid": 2, "pieces": ["aab.", "a.bb", "cc..", "dd.."], "sums": {"a": 6, "d": 3}}]}`)) // a killer of pieces
	f.Fuzz(func(t *testing.T, data []byte) {
		l, err := ParseLayoutFile("fuzz.json", data)
		if err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) || !errors.Is(err, ErrLayout) {
				t.Fatalf("%v is not a ParseError wrapping ErrLayout", err)
			}
			if lines := bytes.Count(data, []byte("\n")) + 1; pe.Line < 1 || pe.Col < 1 || pe.Line > lines {
				t.Fatalf("%v: position outside the input of %d lines", err, lines)
			}
			if !printable(err.Error()) {
				t.Fatalf("%q is not one line of printable text", err)
			}
			return
		}
		Compile(l) // must not panic; an error is fine
		out := l.MarshalFile()
		back, err := ParseLayoutFile("back.json", out)
		if err != nil {
			t.Fatalf("%v reading back\n%s", err, out)
		}
		if again := back.MarshalFile(); !bytes.Equal(again, out) {
			t.Fatalf("written as\n%s\nthen as\n%s", out, again)
		}
	})
}

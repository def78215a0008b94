package links

import (
	"bufio"
	"errors"
	"io"
	"os"
	"strconv"
	"strings"
	"testing"

	"gattai/fpuzzles"
	"gattai/internal/testkit"
	"gattai/layouts"
	"gattai/lzstring"
	"gattai/sudokupad"
)

// plainLine lets DetectReader skip the detectors only for lines that
// they would never take for a link.
func TestPlainLine(t *testing.T) {
	for _, tc := range []struct {
		line  string
		plain bool
	}{
		{"4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......", true},
		{"000000010400000000020000000000050407008000300001090000300400200050100000000806000", true},
		{"-1", true},
		{"123", true},
		{".....6...   26.3.4..9   ....8...4", true}, // a canvas row
		{"1 . 3\t4", true},
		{"      7..3.....   .....2...", true},
		{"https://f-puzzles.com/?load=N4IgzglgXgpiBcBOANCA5gJwg", false},
		{"sclN4IgzglgXgpiBcBOANCA5gJwg", false},
		{"fpuzzlesN4IgzglgXgpiBcBOANCA5gJwg", false},
		{`{"size": 9, "grid": []}`, false},
		{"A.B.", false},
		{"A. B.", false},
		{"https://f-puzzles.com/?load=N4Ig zgl", false},
	} {
		if got := plainLine([]byte(tc.line)); got != tc.plain {
			t.Errorf("plainLine(%q) = %v", tc.line, got)
		}
		if tc.plain && (fpuzzles.Detect([]byte(tc.line)) || sudokupad.Detect([]byte(tc.line))) {
			t.Errorf("%q is plain, but a detector takes it for a link", tc.line)
		}
	}
}

// FuzzPlainLine: no line that plainLine lets DetectReader skip is one
// that a detector takes for a link.
func FuzzPlainLine(f *testing.F) {
	f.Add(".....6...   26.3.4..9   ....8...4")
	f.Add("1 2 3 4")
	f.Add("-1")
	f.Fuzz(func(t *testing.T, line string) {
		if plainLine([]byte(line)) && Detect([]byte(line)) {
			t.Fatalf("%q is plain, but a detector takes it for a link", line)
		}
	})
}

// DetectReader takes links and JSON for links, grids for grids, and a
// '{' for an empty cell when blank says so.
func TestDetectReader(t *testing.T) {
	for _, tc := range []struct {
		name, in, blank string
		want            bool
	}{
		{"line", "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n", "", false},
		{"link after a comment", "# mine\n" + fpuzzles.LinkPrefix + lzstring.CompressToBase64(grid4) + "\n", "", true},
		{"JSON", "{\"cells\": [[{}]]}\n", "", true},
		{"brace blank", "{2{4\n3{1{\n{1{3\n4{2{\n", "{", false},
		{"empty", "", "", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := DetectReader(bufio.NewReader(strings.NewReader(tc.in)), tc.blank); got != tc.want {
				t.Errorf("DetectReader = %v, want %v", got, tc.want)
			}
		})
	}
}

// grid4 is an empty 4x4 f-puzzles puzzle.
const grid4 = `{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]`

// Reader reads one link a line, skipping comments, goes on after a bad
// one, and places each error at its line and column.
func TestReader(t *testing.T) {
	good := fpuzzles.LinkPrefix + lzstring.CompressToBase64(grid4+"}")
	cage := fpuzzles.LinkPrefix + lzstring.CompressToBase64(grid4+`,"killercage":[{"cells":"R1C1"}]}`)
	tests := []struct {
		name, in string
		site     Site
		want     []string // "line" of a puzzle, or an error's text
	}{
		{"links", "# two\n" + good + "\n\n  " + good + "\n", Auto, []string{"2", "4"}},
		{"bad between", good + "\n" + cage + "\n" + good, Auto, []string{"1", "x:2:1: syntax error: killercage[0].cells: want a list of strings, found \"R1C1\"", "3"}},
		{"no link", "  hello\n", Auto, []string{"x:1:3: not an f-puzzles or SudokuPad link, id or JSON"}},
		{"site said", "hello\n", SudokuPad, []string{"x:1:1: not a SudokuPad scl puzzle: "}},
		{"JSON", "{\"cells\": [[{}]],\n \"x\" 1}\n", Auto, []string{"x:2:6: syntax error: invalid character '1' after object key"}},
		{"indented JSON", "# links\n   {\"cells\":[[{},1]]}\n", Auto, []string{"x:2:18: syntax error: cells[0][1]: want an object, found 1"}},
		{"JSON of no site", "{\"a\": 1}", Auto, []string{"x:1:1: JSON, but no puzzle: "}},
		{"a record", "{\"input\": \"a.txt:1\", \"puzzle\": \"1...\"}\n", Auto, []string{"x:1:1: a gattai record (with \"puzzle\"), not a setter's puzzle: "}},
		{"too long", good + "\n" + strings.Repeat("x", MaxLink+1) + "\n" + good + "\n", Auto, []string{"1", "x:2:1: beyond limits: a line of more than 4194304 bytes"}},
		{"JSON too long", "{" + strings.Repeat(" ", MaxLink), Auto, []string{"x:1:1: beyond limits: a JSON puzzle of more than 4194304 bytes"}},
		{"binary", good + "\n  ab\x00c\n" + good + "\n", Auto, []string{"1", "x:2:5: binary data, not a puzzle (a NUL byte)"}},
		{"binary in a long line", good + "\n" + strings.Repeat("x", 100000) + "\x00\n" + good + "\n", Auto, []string{"1", "x:2:100001: binary data, not a puzzle (a NUL byte)"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rd := NewReader(strings.NewReader(tt.in), "x", tt.site)
			var got []string
			for p, err := rd.Read(); err != io.EOF && len(got) <= len(tt.want); p, err = rd.Read() {
				got = append(got, result(t, p, err))
			}
			same(t, got, tt.want)
		})
	}
}

// result is a puzzle's line, or its error's text, which must be a
// *layouts.ParseError.
func result(t *testing.T, p *layouts.Puzzle, err error) string {
	t.Helper()
	if err == nil {
		return strconv.Itoa(p.Source.Line)
	}
	var pe *layouts.ParseError
	if !errors.As(err, &pe) {
		t.Fatalf("%v: not a *layouts.ParseError", err)
	}
	return err.Error()
}

// The real f-puzzles links of fpuzzles/testdata read as a file of
// links, each at its line, with the notes of what they held and gattai
// ignored.
func TestReaderNotes(t *testing.T) {
	f, err := os.Open("../fpuzzles/testdata/links.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rd := NewReader(f, "links.txt", Auto)
	var got []string
	for p, err := rd.Read(); err != io.EOF; p, err = rd.Read() {
		got = append(got, result(t, p, err)+": "+strings.Join(rd.Notes(), "; "))
	}
	want := []string{"6: ", "10: ", "12: ", "15: ignored \"activeConstraints\"", "17: ignored \"activeConstraints\""}
	same(t, got, want)
}

// same fails unless got holds as many results as want, each starting
// with want's.
func same(t *testing.T, got, want []string) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("read %q, want %q", got, want)
	}
	for i := range got {
		if !strings.HasPrefix(got[i], want[i]) {
			t.Errorf("read %q, want %q", got[i], want[i])
		}
	}
}

// FuzzReader: any stream of links reads without a panic and comes to
// an end, one record at most a line (or one for a JSON document); an
// error is a *layouts.ParseError inside the input, one line of
// printable text; a puzzle read compiles on its layout and sits at a
// line of the input.
func FuzzReader(f *testing.F) {
	good := fpuzzles.LinkPrefix + lzstring.CompressToBase64(grid4+"}")
	f.Add("# two\n" + good + "\n\n  " + good + "\n")
	f.Add(good + "\nhello\n" + good)
	f.Add(good + "\n  ab\x00c\n" + good)
	f.Add("{\"cells\": [[{}]],\n \"x\" 1}\n")
	f.Add("   {\"cells\":[[{},1]]}\n")
	f.Add("{\"input\": \"a.txt:1\", \"puzzle\": \"1...\"}\n")
	if data, err := os.ReadFile("../fpuzzles/testdata/links.txt"); err == nil {
		f.Add(string(data))
	}
	m, _ := layouts.Compile(layouts.Classic(4, layouts.DefaultBox(4)))
	if b, err := sudokupad.Marshal(layouts.NewPuzzle(m), sudokupad.WriteOptions{}); err == nil {
		f.Add(string(b))
		f.Add("scl" + lzstring.CompressToBase64(string(b)) + "\n" + good)
	}
	f.Fuzz(func(t *testing.T, in string) {
		lines := strings.Count(in, "\n") + 1
		rd := NewReader(strings.NewReader(in), "fuzz", Auto)
		for range lines + 1 {
			p, err := rd.Read()
			if err == io.EOF {
				return
			}
			if err != nil {
				var pe *layouts.ParseError
				if !errors.As(err, &pe) || pe.File != "fuzz" || pe.Line < 1 || pe.Col < 1 || pe.Line > lines {
					t.Fatalf("%v: not a *layouts.ParseError inside the %d lines", err, lines)
				}
				if !testkit.OneLine(err.Error()) {
					t.Fatalf("%q is not one line of printable text", err)
				}
				continue
			}
			if p.Source.File != "fuzz" || p.Source.Line < 1 || p.Source.Line > lines {
				t.Fatalf("a puzzle at %s:%d, outside the %d lines", p.Source.File, p.Source.Line, lines)
			}
			if _, err := layouts.Compile(p.Model.Layout); err != nil {
				t.Fatalf("read a layout that does not compile: %v", err)
			}
		}
		t.Fatalf("more records than the %d lines", lines)
	})
}

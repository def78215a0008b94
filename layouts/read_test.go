package layouts

import (
	"errors"
	"fmt"
	"io"
	"os"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"unicode/utf16"
)

const l81 = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"

// record is what one Read gave: "ok N name" for a puzzle of N symbols on
// layout name, or "line:col" and the sentinel of a ParseError.
type record struct {
	at  string
	err error
}

func (r record) String() string { return r.at }

func ok(n int, name string) record    { return record{at: fmt.Sprintf("ok %d %s", n, name)} }
func bad(at string, err error) record { return record{at: at, err: err} }

// readRecords reads every record of in, failing on an error that is not
// a ParseError, and on a Reader that does not make progress.
func readRecords(t *testing.T, in string, opts ReadOptions) []record {
	t.Helper()
	if opts.File == "" {
		opts.File = "x.txt"
	}
	r := NewReader(strings.NewReader(in), opts)
	var out []record
	for i := 0; ; i++ {
		if i > strings.Count(in, "\n")+strings.Count(in, "\r")+2 {
			t.Fatalf("more records than lines: %v", out)
		}
		p, err := r.Read()
		if err == io.EOF {
			return out
		}
		var pe *ParseError
		switch {
		case err == nil:
			out = append(out, ok(p.Model.N, p.Model.Layout.Name))
		case errors.As(err, &pe):
			if !strings.HasPrefix(err.Error(), fmt.Sprintf("x.txt:%d:%d: ", pe.Line, pe.Col)) || strings.Contains(err.Error(), "\n") {
				t.Errorf("error %q is not one line at file:line:col", err)
			}
			if p != nil {
				t.Errorf("error %v came with a puzzle", err)
			}
			out = append(out, bad(fmt.Sprintf("%d:%d", pe.Line, pe.Col), pe.Err))
		default:
			t.Fatalf("record %d: error %v is not a ParseError", len(out)+1, err)
		}
	}
}

func example(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile("../testdata/examples/" + name + ".txt")
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// canvasLine is a canvas puzzle of m as one line, its cells in m's order.
func canvasLine(canvas string, m *Model) string {
	rows := strings.Split(canvas, "\n")
	var b strings.Builder
	for _, p := range m.Cells {
		b.WriteByte(rows[p.Row][p.Col])
	}
	return b.String()
}

// edit changes the text at line l (1-based), byte col c, to s.
func edit(text string, l, c int, s string) string {
	lines := strings.Split(text, "\n")
	row := lines[l-1]
	lines[l-1] = row[:c-1] + s + row[min(len(row), c-1+len(s)):]
	return strings.Join(lines, "\n")
}

// dropLast removes the last character of line l (1-based).
func dropLast(text string, l int) string {
	lines := strings.Split(text, "\n")
	lines[l-1] = lines[l-1][:len(lines[l-1])-1]
	return strings.Join(lines, "\n")
}

func firstLines(text string, k int) string {
	lines := strings.SplitAfter(text, "\n")
	return strings.Join(lines[:k], "")
}

func rows9(line string) string {
	var b strings.Builder
	for r := range 9 {
		b.WriteString(line[r*9:r*9+9] + "\n")
	}
	return b.String()
}

func TestRead(t *testing.T) {
	samurai := example(t, "samurai")
	sm := compiled(t, "samurai", 9, Shape{})
	c9 := compiled(t, "classic", 9, Shape{})
	tests := []struct {
		name   string
		in     string
		format Format
		model  *Model
		want   []record
	}{
		{"empty", "", FormatAuto, nil, []record{bad("1:1", ErrEmpty)}},
		{"only comments", "# a\n\n  \n#\n", FormatAuto, nil, []record{bad("1:1", ErrEmpty)}},
		{"empty line format", "", FormatLine, nil, []record{bad("1:1", ErrEmpty)}},

		{"line/comments and blanks", "# c\n\n" + l81 + "\n\n# end\n", FormatLine, nil, []record{ok(9, "classic")}},
		{"line/bom crlf zeros", "\uFEFF" + strings.ReplaceAll(l81, ".", "0") + "\r\n" + l81 + "\r\n", FormatAuto, nil, []record{ok(9, "classic"), ok(9, "classic")}},
		{"line/no final newline", l81, FormatAuto, nil, []record{ok(9, "classic")}},
		{"line/4x4", "1.3..4.2....2..1\n", FormatAuto, nil, []record{ok(4, "classic")}},
		{"line/16x16 lowercase", strings.Repeat(".", 255) + "g\n", FormatAuto, nil, []record{ok(16, "classic")}},
		{"line/spaces between symbols", strings.Join(strings.Split(l81, ""), " ") + "\n", FormatLine, nil, []record{ok(9, "classic")}},
		{"line/unknown symbol", l81[:80] + "?\n", FormatAuto, nil, []record{bad("1:81", ErrSymbol)}},
		{"line/letter in 9x9", l81[:3] + "A" + l81[4:] + "\n", FormatLine, nil, []record{bad("1:4", ErrSymbol)}},
		{"line/utf-8 symbol", l81[:3] + "é" + l81[4:] + "\n", FormatLine, nil, []record{bad("1:4", ErrSymbol)}},
		{"line/short", l81[:80] + "\n", FormatLine, nil, []record{bad("1:81", ErrShape)}},
		{"line/long with model", l81 + "1\n", FormatLine, c9, []record{bad("1:82", ErrShape)}},
		{"line/short with model", l81[:70] + "\n", FormatLine, c9, []record{bad("1:71", ErrShape)}},
		{"line/conflict", "44" + l81[2:] + "\n", FormatAuto, nil, []record{bad("1:2", ErrConflict)}},
		{"line/truncated", l81 + "\n" + l81[:40], FormatAuto, nil, []record{ok(9, "classic"), bad("2:41", ErrTruncated)}},
		{"line/truncated with model", l81[:40], FormatLine, c9, []record{bad("1:41", ErrTruncated)}},
		{"line/recovers", l81 + "\n" + l81[:80] + "x\n" + l81 + "\n", FormatAuto, nil,
			[]record{ok(9, "classic"), bad("2:81", ErrSymbol), ok(9, "classic")}},
		{"line/too long", l81 + "\n" + strings.Repeat(".", 20000) + "\n" + l81 + "\n", FormatAuto, nil,
			[]record{ok(9, "classic"), bad("2:16385", ErrTooLarge), ok(9, "classic")}},
		{"line/too long first", strings.Repeat(".", 20000) + "\n# c\n" + l81 + "\n" + l81 + "\n", FormatAuto, nil,
			[]record{bad("1:16385", ErrTooLarge), ok(9, "classic"), ok(9, "classic")}},
		{"line/too long first, then a blank", strings.Repeat(".", 20000) + "\n\n" + l81 + "\n" + l81 + "\n", FormatAuto, nil,
			[]record{bad("1:16385", ErrTooLarge), ok(9, "classic"), ok(9, "classic")}},
		{"line/bad first", l81[:80] + "x\n# c\n" + l81 + "\n", FormatAuto, nil, []record{bad("1:81", ErrSymbol), ok(9, "classic")}},
		{"line/too many numbers", strings.Repeat("0 ", 4100) + "\n", FormatLine, nil, []record{bad("1:8193", ErrTooLarge)}},

		{"rows/separators", "+-------+-------+-------+\n" + strings.Repeat("| . . . | . . . | . . . |\n", 3) + "+-------+-------+-------+\n" +
			strings.Repeat("| . . . | . . . | . . . |\n", 6) + "+-------+-------+-------+\n", FormatAuto, nil, []record{ok(9, "classic")}},
		{"rows/no blank between", rows9(l81) + rows9(l81), FormatAuto, nil, []record{ok(9, "classic"), ok(9, "classic")}},
		{"rows/short row", dropLast(rows9(l81), 3), FormatRows, nil, []record{bad("3:9", ErrShape)}},
		{"rows/long row", edit(rows9(l81), 3, 10, "12"), FormatRows, nil, []record{bad("3:10", ErrShape)}},
		{"rows/blank inside", firstLines(rows9(l81), 5) + "\n" + rows9(l81), FormatRows, nil, []record{bad("6:1", ErrShape), ok(9, "classic")}},
		{"rows/truncated", rows9(l81) + firstLines(rows9(l81), 5), FormatRows, nil, []record{ok(9, "classic"), bad("15:1", ErrTruncated)}},
		{"rows/bad size", "12345\n12345\n\n" + rows9(l81), FormatRows, nil, []record{bad("1:6", ErrShape), ok(9, "classic")}},
		{"rows/too large", strings.Repeat("1 ", 65) + "\n", FormatRows, nil, []record{bad("1:131", ErrTooLarge)}},
		{"rows/conflict", edit(rows9(l81), 9, 2, "1"), FormatRows, nil, []record{bad("9:2", ErrConflict)}},
		{"rows/numbers", strings.Repeat(strings.Repeat(" 0", 16)+"\n", 15) + strings.Repeat(" 0", 15) + " 16\n", FormatAuto, nil, []record{ok(16, "classic")}},
		{"line/numbers", strings.Repeat(strings.Repeat(" 0", 16)+"\n", 2), FormatAuto, nil, []record{ok(4, "classic"), ok(4, "classic")}},

		{"poj/sample", "1\n" + zeros(rows9(l81)), FormatAuto, nil, []record{ok(9, "classic")}},
		{"poj/no count", rows9(l81), FormatPOJ, nil, []record{ok(9, "classic")}},
		{"poj/count short", "2\n" + zeros(rows9(l81)), FormatAuto, nil, []record{ok(9, "classic"), bad("11:1", ErrTruncated)}},
		{"poj/dots detect as rows", "12345678\n" + rows9(l81), FormatAuto, nil, []record{bad("2:9", ErrShape), bad("11:1", ErrTruncated)}},
		{"poj/letter", "1\n" + edit(rows9(l81), 2, 2, "A"), FormatPOJ, nil, []record{bad("3:2", ErrSymbol)}},

		{"euler/two", "Grid 01\n" + rows9(l81) + "Grid 02\n" + rows9(l81), FormatAuto, nil, []record{ok(9, "classic"), ok(9, "classic")}},
		{"euler/no header", rows9(l81) + "Grid 02\n" + rows9(l81), FormatEuler, nil, []record{bad("1:1", ErrSyntax), ok(9, "classic")}},
		{"euler/header early", "Grid 01\n" + firstLines(rows9(l81), 5) + "Grid 02\n" + rows9(l81), FormatAuto, nil, []record{bad("7:1", ErrShape), ok(9, "classic")}},
		{"euler/truncated", "Grid 01\n" + firstLines(rows9(l81), 8), FormatAuto, nil, []record{bad("10:1", ErrTruncated)}},

		{"canvas/samurai", samurai, FormatAuto, nil, []record{ok(9, "samurai")}},
		{"canvas/samurai model", samurai, FormatAuto, sm, []record{ok(9, "samurai")}},
		{"line/samurai model", canvasLine(samurai, sm) + "\n", FormatAuto, sm, []record{ok(9, "samurai")}},
		{"line/samurai model dashes", strings.ReplaceAll(canvasLine(samurai, sm), ".", "-") + "\n", FormatAuto, sm, []record{ok(9, "samurai")}},
		{"canvas/two", samurai + "\n\n" + samurai, FormatCanvas, nil, []record{ok(9, "samurai"), ok(9, "samurai")}},
		{"canvas/crlf", strings.ReplaceAll(samurai, "\n", "\r\n"), FormatAuto, nil, []record{ok(9, "samurai")}},
		{"canvas/cr only", strings.ReplaceAll(samurai, "\n", "\r"), FormatAuto, nil, []record{ok(9, "samurai")}},
		{"line/cr only", l81 + "\r" + l81 + "\r\r" + l81, FormatAuto, nil, []record{ok(9, "classic"), ok(9, "classic"), ok(9, "classic")}},
		{"line/cr only, bad second", l81 + "\r" + l81[:80] + "\r" + l81 + "\r", FormatLine, nil, []record{ok(9, "classic"), bad("2:81", ErrShape), ok(9, "classic")}},
		{"rows/cr only", strings.ReplaceAll(rows9(l81), "\n", "\r"), FormatAuto, nil, []record{ok(9, "classic")}},
		{"canvas/given outside", edit(samurai, 1, 11, "5"), FormatCanvas, sm, []record{bad("1:11", ErrShape)}},
		{"canvas/given outside detected", edit(samurai, 1, 11, "5"), FormatAuto, nil, []record{bad("1:11", ErrShape)}},
		{"canvas/filler at a cell", edit(samurai, 1, 3, " "), FormatCanvas, sm, []record{bad("1:3", ErrShape)}},
		{"canvas/short row", edit(samurai, 2, 19, "   "), FormatCanvas, sm, []record{bad("2:19", ErrShape)}},
		{"canvas/missing row", firstLines(samurai, 20) + "\n" + samurai, FormatCanvas, sm, []record{bad("21:1", ErrShape), ok(9, "samurai")}},
		{"canvas/extra row", samurai + ".........\n", FormatCanvas, sm, []record{bad("22:1", ErrShape)}},
		{"canvas/truncated", firstLines(samurai, 15), FormatAuto, nil, []record{bad("16:1", ErrTruncated)}},
		{"canvas/truncated model", firstLines(samurai, 15), FormatAuto, sm, []record{bad("16:1", ErrTruncated)}},
		{"canvas/unknown shape", "....\n...\n\n" + samurai, FormatCanvas, nil, []record{bad("1:1", ErrShape), ok(9, "samurai")}},
		{"canvas/letter in 9x9", edit(samurai, 2, 2, "z"), FormatCanvas, sm, []record{bad("2:2", ErrSymbol)}},
		{"canvas/tab", edit(samurai, 2, 2, "\t"), FormatCanvas, sm, []record{bad("2:2", ErrSymbol)}},
		{"canvas/conflict", edit(samurai, 7, 7, "2"), FormatCanvas, nil, []record{bad("7:7", ErrConflict)}},
		{"canvas/too many rows", strings.Repeat(".\n", MaxCanvasSide+1), FormatCanvas, nil, []record{bad("1025:1", ErrTooLarge)}},
		{"canvas/hash comment and filler rows", "# comment\n" + strings.ReplaceAll(example(t, "sohei"), " ", "#"), FormatAuto, nil, []record{ok(9, "sohei")}},
		{"canvas/grid rows", "Grid 01\n", FormatCanvas, nil, []record{bad("1:1", ErrShape)}},

		{"utf-16le", utf16Text("\uFEFF"+l81+"\r\n"+l81+"\r\n", false), FormatAuto, nil, []record{ok(9, "classic"), ok(9, "classic")}},
		{"utf-16be", utf16Text("\uFEFF"+l81+"\n", true), FormatAuto, nil, []record{ok(9, "classic")}},
		{"utf-16le canvas", utf16Text("\uFEFF"+samurai, false), FormatAuto, nil, []record{ok(9, "samurai")}},
		{"utf-16le surrogate pair", utf16Text("\uFEFF"+l81[:3]+"\U0001F600"+l81[4:]+"\n", false), FormatLine, nil, []record{bad("1:4", ErrSymbol)}},
		{"utf-16le lone surrogate", utf16Text("\uFEFF"+l81[:3], false) + "\x00\xD8" + utf16Text(l81[4:]+"\n", false), FormatLine, nil, []record{bad("1:4", ErrSymbol)}},
		{"utf-16le odd last byte", utf16Text("\uFEFF"+l81, false) + "\x31", FormatLine, nil, []record{bad("1:85", ErrTruncated)}},
		{"utf-16le without a mark", utf16Text(l81+"\n", false), FormatAuto, nil, []record{bad("1:2", ErrBinary)}},
		{"binary/first line", "\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", FormatAuto, nil, []record{bad("3:1", ErrBinary)}},
		{"binary/after a puzzle", l81 + "\n" + l81 + "\n..\x00..\n" + l81 + "\n", FormatAuto, nil, []record{ok(9, "classic"), ok(9, "classic"), bad("3:3", ErrBinary)}},
		{"binary/in a canvas", edit(samurai, 5, 4, "\x00"), FormatAuto, nil, []record{bad("5:4", ErrBinary)}},
		{"binary/beyond a long line", strings.Repeat(".", 20000) + "\x00\n" + l81 + "\n", FormatLine, nil, []record{bad("1:20001", ErrBinary)}},
		{"binary/at the start of a long line", strings.Repeat(".", 99) + "\x00" + strings.Repeat(".", 20000) + "\n" + l81 + "\n", FormatLine, nil, []record{bad("1:100", ErrBinary)}},
		{"binary/past a long line", l81 + "\n" + strings.Repeat(".", 20000) + "\n" + l81 + "\n.\x00\n", FormatAuto, nil, []record{ok(9, "classic"), bad("2:16385", ErrTooLarge), ok(9, "classic"), bad("4:2", ErrBinary)}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := readRecords(t, tt.in, ReadOptions{Format: tt.format, Model: tt.model})
			if fmt.Sprint(got) != fmt.Sprint(tt.want) {
				t.Errorf("got  %v\nwant %v", got, tt.want)
			}
			for i, r := range got {
				if i < len(tt.want) && tt.want[i].err != nil && !errors.Is(r.err, tt.want[i].err) {
					t.Errorf("record %d: %v is not %v", i+1, r.err, tt.want[i].err)
				}
			}
		})
	}
}

// A model the format cannot hold ends the input with an error that is
// no ParseError.
func TestReadModelMismatch(t *testing.T) {
	r := NewReader(strings.NewReader(rows9(l81)), ReadOptions{Format: FormatRows, Model: compiled(t, "samurai", 9, Shape{})})
	_, err := r.Read()
	var pe *ParseError
	if err == nil || errors.As(err, &pe) || !strings.Contains(err.Error(), "single grid") {
		t.Fatalf("got %v, want an error about a single grid", err)
	}
	if _, err := r.Read(); err != io.EOF {
		t.Errorf("after it: %v, want EOF", err)
	}
}

func TestReadMessages(t *testing.T) {
	tests := []struct {
		name, in string
		format   Format
		want     string
	}{
		{"unknown symbol", l81[:9] + "x" + l81[10:] + "\n", FormatLine, "x.txt:1:10: unknown symbol 'x' in a 9x9 grid, which has 1-9"},
		{"punctuation", l81[:9] + "?" + l81[10:] + "\n", FormatLine, "x.txt:1:10: unknown symbol '?'"},
		{"not UTF-8", l81[:9] + "\xe9" + l81[10:] + "\n", FormatLine, "x.txt:1:10: unknown symbol \"\\xe9\" (not UTF-8)"},
		{"conflict", "44" + l81[2:] + "\n", FormatLine, "x.txt:1:2: conflicting givens: row 1: digit 4 given twice, at r1c1 and r1c2"},
		{"short row", dropLast(rows9(l81), 3), FormatRows, "x.txt:3:9: wrong shape: row has 8 symbols, want 9"},
		{"outside", edit(example(t, "samurai"), 1, 11, "5"), FormatCanvas, "x.txt:1:11: wrong shape: '5' at r1c11 is outside every grid of samurai"},
		{"no layout", "....\n...\n", FormatCanvas, "x.txt:1:1: wrong shape: no built-in layout has a canvas of 2 rows and 4 columns; give the layout (--layout, --size or --layout-file)"},
		{"one row, one symbol", "5\n", FormatCanvas, "x.txt:1:1: wrong shape: no built-in layout has a canvas of 1 row and 1 column; give the layout (--layout, --size or --layout-file)"},
		{"a line of one symbol", "5\n", FormatLine, "x.txt:1:2: wrong shape: line has 1 symbol, not n*n for a grid size n (81 for 9x9)"},
		{"a row of one symbol", "5\n", FormatRows, "x.txt:1:2: wrong shape: row has 1 symbol; without a layout a grid has 4, 6, 8, 9, 12, 16, 25, 36, 49 or 64"},
		{"POJ one puzzle short", "2\n" + rows9(strings.ReplaceAll(l81, ".", "0")), FormatPOJ, "x.txt:11:1: truncated puzzle: input ends 1 puzzle short of its count line"},
		{"truncated canvas", firstLines(example(t, "samurai"), 15), FormatCanvas, "x.txt:16:1: truncated puzzle: input ends after 15 of the 21 rows of samurai"},
		{"letter beyond 16x16", strings.Repeat(".", 255) + "H\n", FormatLine, "x.txt:1:256: unknown symbol 'H' in a 16x16 grid, which has 1-9 and A-G"},
		{"number beyond 36x36", strings.Repeat("0 ", 35) + "37\n", FormatRows, "x.txt:1:71: unknown symbol \"37\" in a 36x36 grid, which has 1-36"},
		{"empty", "\n", FormatAuto, "x.txt:1:1: empty input"},
		{"POJ count too large", "1000000000\n" + rows9(strings.ReplaceAll(l81, ".", "0")), FormatAuto, "x.txt:1:1: beyond limits: count line 1000000000 has more than 8 digits (or is a row of 10 symbols, not 9)"},
		{"POJ count too large, given", "  123456789012\n" + rows9(strings.ReplaceAll(l81, ".", "0")), FormatPOJ, "x.txt:1:3: beyond limits: count line 123456789012 has more than 8 digits (or is a row of 12 symbols, not 9)"},
		{"12x12 of digits read as a butterfly", edit(edit(edit(strings.Repeat(strings.Repeat(".", 12)+"\n", 12), 1, 4, "1"), 2, 5, "1"), 12, 12, "9"), FormatAuto,
			"x.txt:2:5: conflicting givens: grid 1 box 2: digit 1 given twice, at r1c4 and r2c5; the input is ambiguous: it was read as a butterfly of 9x9 grids, and as a classic 12x12 grid (--size 12) it has no conflict"},
		{"12x12 of digits, conflicts either way", edit(edit(edit(strings.Repeat(strings.Repeat(".", 12)+"\n", 12), 1, 4, "1"), 1, 5, "1"), 12, 12, "9"), FormatAuto,
			"x.txt:1:5: conflicting givens: grid 1 row 1: digit 1 given twice, at r1c4 and r1c5; the input is ambiguous: it was read as a butterfly of 9x9 grids, and it may be a classic 12x12 grid (--size 12)"},
		{"6x6 with 3x2 boxes", ".23.56\n34.61.\n5.12.4\n.34.61\n45.12.\n6.23.5\n", FormatAuto,
			"x.txt:2:1: conflicting givens: box 1: digit 3 given twice, at r1c3 and r2c1; with boxes 3x2 (--box 3x2) the givens have no conflict"},
		{"8x8 with 4x2 boxes, a line", ".23.56.834.67.125.78.23..81.34.623.56.814.67.12..78.23.581.34.67\n", FormatAuto,
			"x.txt:1:9: conflicting givens: box 1: digit 3 given twice, at r1c3 and r2c1; with boxes 4x2 (--box 4x2) the givens have no conflict"},
		{"6x6 conflicting either way", "11....\n......\n......\n......\n......\n......\n", FormatRows,
			"x.txt:1:2: conflicting givens: row 1: digit 1 given twice, at r1c1 and r1c2"},
		{"CR only, error on line 3", "1\r" + strings.ReplaceAll(dropLast(rows9(strings.ReplaceAll(l81, ".", "0")), 2), "\n", "\r"), FormatAuto, "x.txt:3:9: wrong shape: row has 8 symbols, want 9"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ReadAll(strings.NewReader(tt.in), ReadOptions{File: "x.txt", Format: tt.format})
			if err == nil || err.Error() != tt.want {
				t.Errorf("got  %v\nwant %s", err, tt.want)
			}
		})
	}
}

func TestDetect(t *testing.T) {
	full := func(n int, sym string) string {
		row := strings.Repeat(".", n-1) + sym + "\n"
		return strings.Repeat(strings.Repeat(".", n)+"\n", n-1) + row
	}
	tests := []struct {
		name   string
		in     string
		model  *Model
		format Format
		layout string
		n      int
	}{
		{"line", l81 + "\n", nil, FormatLine, "classic", 9},
		{"line with model", l81 + "\n", compiled(t, "classic", 9, Shape{}), FormatLine, "classic", 9},
		{"rows with model", rows9(l81), compiled(t, "classic", 9, Shape{}), FormatRows, "classic", 9},
		{"canvas classic", rows9(l81), nil, FormatCanvas, "classic", 9},
		{"rows spaced", strings.Repeat(". . . . . . . . .\n", 9), nil, FormatRows, "classic", 9},
		{"rows bars", strings.Repeat("...|...|...\n", 9), nil, FormatRows, "classic", 9},
		{"poj", "1\n" + zeros(rows9(l81)), nil, FormatPOJ, "classic", 9},
		{"euler", "Grid 01\n" + rows9(l81), nil, FormatEuler, "classic", 9},
		{"samurai model", rows9(l81), compiled(t, "samurai", 9, Shape{}), FormatCanvas, "", 0},
		{"butterfly", full(12, "9"), nil, FormatCanvas, "butterfly", 9},
		{"classic 12", full(12, "C"), nil, FormatCanvas, "classic", 12},
		{"sumo of 4x4", full(12, "4"), nil, FormatCanvas, "sumo", 4},
		{"sixteen 4x4 lines", full(16, "4"), nil, FormatLine, "classic", 4},
		{"a 16x16", full(16, "G"), nil, FormatCanvas, "classic", 16},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := NewReader(strings.NewReader(tt.in), ReadOptions{Model: tt.model})
			if r.Format() != FormatAuto {
				t.Errorf("format %s before reading", r.Format())
			}
			p, err := r.Read()
			if tt.n == 0 {
				if r.Format() != tt.format {
					t.Errorf("format %s, want %s", r.Format(), tt.format)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if r.Format() != tt.format || p.Source.Format != tt.format || p.Model.Layout.Name != tt.layout || p.Model.N != tt.n {
				t.Errorf("read %s %s %d, want %s %s %d", r.Format(), p.Model.Layout.Name, p.Model.N, tt.format, tt.layout, tt.n)
			}
		})
	}
}

// Puzzles of one layout read by one Reader share its model.
func TestReadSharesModels(t *testing.T) {
	ps, err := ReadAll(strings.NewReader(l81+"\n"+l81+"\n"), ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if ps[0].Model != ps[1].Model {
		t.Error("two 9x9 puzzles got two models")
	}
	if ps[1].Source.Line != 2 || ps[1].Source.Format != FormatLine {
		t.Errorf("source %+v", ps[1].Source)
	}
}

// An input that fails while being read gives its error, then EOF.
func TestReadIOError(t *testing.T) {
	boom := errors.New("boom")
	r := NewReader(io.MultiReader(strings.NewReader(l81+"\n"), errReader{boom}), ReadOptions{})
	if _, err := r.Read(); err != nil {
		t.Fatal(err)
	}
	if _, err := r.Read(); !errors.Is(err, boom) {
		t.Errorf("got %v, want %v", err, boom)
	}
	if _, err := r.Read(); err != io.EOF {
		t.Errorf("then %v, want EOF", err)
	}
	// The same through UTF-16, the error in the middle of a unit.
	r = NewReader(io.MultiReader(strings.NewReader(utf16Text("\uFEFF"+l81+"\n", false)+"\x31"), errReader{boom}), ReadOptions{})
	if _, err := r.Read(); err != nil {
		t.Fatal(err)
	}
	if _, err := r.Read(); !errors.Is(err, boom) {
		t.Errorf("UTF-16: got %v, want %v", err, boom)
	}
}

type errReader struct{ err error }

func (e errReader) Read([]byte) (int, error) { return 0, e.err }

// zeros writes empty cells as POJ does.
func zeros(s string) string { return strings.ReplaceAll(s, ".", "0") }

// '-' is an empty cell in line and rows forms, and Blank adds others;
// in a canvas '-' stays a position outside every grid.
func TestReadBlank(t *testing.T) {
	dashes := strings.ReplaceAll(l81, ".", "-")
	spaced := func(s string) string { return strings.Join(strings.Split(s, ""), " ") }
	samurai := example(t, "samurai")
	tests := []struct {
		name   string
		in     string
		format Format
		blank  string
		want   string // the givens as a '.' line, or the error's position
	}{
		{"line dashes", dashes + "\n", FormatAuto, "", l81},
		{"line dashes given", dashes + "\n", FormatLine, "", l81},
		{"line underscores", strings.ReplaceAll(l81, ".", "_") + "\n", FormatAuto, "_", l81},
		{"line mixed", strings.NewReplacer(".", "x", "6", "6").Replace(l81[:40]) + strings.ReplaceAll(l81[40:], ".", "*") + "\n", FormatAuto, "_x*", l81},
		{"line letter blank", strings.ReplaceAll(l81, ".", "X") + "\n", FormatAuto, "x", l81},
		{"rows dashes", rows9(dashes), FormatAuto, "", l81},
		{"rows spaced dashes", spaced(rows9(dashes)), FormatAuto, "", l81},
		{"rows spaced dashes, empty row", spaced(rows9(strings.Repeat("-", 9) + dashes[9:])), FormatAuto, "", "........." + l81[9:]},
		{"rows spaced dashes, bars", strings.Repeat("- - - | - - - | - - -\n", 9), FormatAuto, "", strings.Repeat(".", 81)},
		{"rows dashes with separators", "---+---+---\n" + strings.ReplaceAll(rows9(dashes), "\n", "\n") + "---+---+---\n", FormatRows, "", l81},
		{"rows underscores", rows9(strings.ReplaceAll(l81, ".", "_")), FormatAuto, "_", l81},
		{"canvas dash outside", samurai, FormatAuto, "", ""},
		{"canvas underscores", strings.ReplaceAll(samurai, ".", "_"), FormatAuto, "_", ""},
		{"canvas underscores given", strings.ReplaceAll(samurai, ".", "_"), FormatCanvas, "_-", ""},
		{"canvas dash at a cell", edit(samurai, 1, 3, "-"), FormatCanvas, "", "1:3"},
		{"no blank given", strings.ReplaceAll(l81, ".", "_") + "\n", FormatLine, "", "1:2"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ps, err := ReadAll(strings.NewReader(tt.in), ReadOptions{File: "x.txt", Format: tt.format, Blank: tt.blank})
			var pe *ParseError
			switch {
			case errors.As(err, &pe) && fmt.Sprintf("%d:%d", pe.Line, pe.Col) == tt.want:
				return
			case err != nil:
				t.Fatalf("%v, want %s", err, tt.want)
			case len(ps) != 1:
				t.Fatalf("%d puzzles", len(ps))
			}
			got := strings.ReplaceAll(string(appendLine(nil, ps[0].Model, ps[0].Givens)), "\n", "")
			want := tt.want
			if want == "" {
				want = strings.ReplaceAll(string(appendLine(nil, ps[0].Model, readOne(t, "../testdata/examples/samurai.txt", ps[0].Model).Givens)), "\n", "")
			}
			if got != want {
				t.Errorf("givens\n%s\nwant\n%s", got, want)
			}
		})
	}
	for _, b := range []string{"1", " ", "#", "|", "é"} {
		if _, err := ReadAll(strings.NewReader(l81+"\n"), ReadOptions{Blank: b}); err == nil {
			t.Errorf("blank %q accepted", b)
		}
	}
	// A refused character is named whole, never by its first byte.
	for _, tt := range []struct{ blank, want string }{
		{"_é", `'é' cannot stand`},
		{"_\xe9", `"\xe9" (not UTF-8) cannot stand`},
	} {
		b, want := tt.blank, tt.want
		_, err := ReadAll(strings.NewReader(l81+"\n"), ReadOptions{Blank: b})
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("blank %q: %v, want %s", b, err, want)
		}
	}
}

// A canvas that fits several built-ins says which others it fits.
func TestReadAmbiguous(t *testing.T) {
	square := func(n int, sym string) string {
		return strings.Repeat(strings.Repeat(".", n)+"\n", n-1) + strings.Repeat(".", n-1) + sym + "\n"
	}
	tests := []struct{ name, in, want string }{
		{"12x12 of digits", square(12, "9"), "a classic 12x12 grid (--size 12)"},
		{"12x12 of 1-4", square(12, "4"), "a butterfly of 9x9 grids (--layout butterfly --size 9) or a classic 12x12 grid (--size 12)"},
		{"12x12 with letters", square(12, "C"), ""},
		{"samurai", example(t, "samurai"), ""},
		{"9x9", square(9, "9"), ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ps, err := ReadAll(strings.NewReader(tt.in), ReadOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if got := ps[0].Source.Ambiguous; got != tt.want {
				t.Errorf("Ambiguous %q, want %q", got, tt.want)
			}
		})
	}
}

// utf16Text is s in UTF-16, big-endian or little-endian.
func utf16Text(s string, big bool) string {
	var b []byte
	for _, u := range utf16.Encode([]rune(s)) {
		if big {
			b = append(b, byte(u>>8), byte(u))
		} else {
			b = append(b, byte(u), byte(u>>8))
		}
	}
	return string(b)
}

// A reset Reader reads its new text from the start, with its new
// options, on the built-in models it compiled before.
func TestReaderReset(t *testing.T) {
	r := NewReader(strings.NewReader("1234341221434321\n"), ReadOptions{File: "a"})
	p, err := r.Read()
	if err != nil {
		t.Fatal(err)
	}
	r.Reset(strings.NewReader("\n\n.234341221434321\n"), ReadOptions{File: "b"})
	q, err := r.Read()
	if err != nil {
		t.Fatal(err)
	}
	if q.Model != p.Model || q.Source.File != "b" || q.Source.Line != 3 || q.Givens[0] != 0 {
		t.Errorf("read %s:%d on a new model %v", q.Source.File, q.Source.Line, q.Model != p.Model)
	}
	if _, err := r.Read(); err != io.EOF {
		t.Errorf("then %v, want io.EOF", err)
	}
}

// Excerpt repeats input on one line, cut short, quoted only when it
// would not print as it is.
func TestExcerpt(t *testing.T) {
	long := strings.Repeat("é", 30) // 60 bytes
	for _, tc := range []struct{ in, want string }{
		{"R1C1", "R1C1"},
		{"12x", "12x"},
		{"1\x7f", `"1\x7f"`},
		{"a\nb", `"a\nb"`},
		{"a\u202eb", `"a\u202eb"`},
		{"\xff", `"\xff"`},
		{long, strings.Repeat("é", 20) + "..."},
		{strings.Repeat("x", 39) + "é", strings.Repeat("x", 39) + "..."},
		{strings.Repeat("\x01", 50), strconv.Quote(strings.Repeat("\x01", 40)) + "..."},
	} {
		if got := Excerpt(tc.in); got != tc.want {
			t.Errorf("Excerpt(%q) = %s, want %s", tc.in, got, tc.want)
		}
	}
}

// A puzzle handed back with Reuse is read into: the next line puzzle
// takes over its memory, and reads exactly as without it, of any size
// its cells fit; a line too long for it gets fresh memory.
func TestReuse(t *testing.T) {
	const in = l81 + "\n" + "1234341221434321\n" + l81 + "\n" + "# a comment\n" + l81 + "\n"
	var want []*Puzzle
	r := NewReader(strings.NewReader(in), ReadOptions{File: "x"})
	for {
		p, err := r.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		want = append(want, p)
	}
	if len(want) != 4 {
		t.Fatalf("%d puzzles, want 4", len(want))
	}
	r = NewReader(strings.NewReader(in), ReadOptions{File: "x"})
	var prev *Puzzle
	for i := range want {
		if prev != nil {
			r.Reuse(prev)
		}
		p, err := r.Read()
		if err != nil {
			t.Fatal(err)
		}
		if prev != nil && p != prev {
			t.Errorf("puzzle %d: read into fresh memory, not the puzzle handed back", i+1)
		}
		if p.String() != want[i].String() || !reflect.DeepEqual(p.Source, want[i].Source) || p.Model.N != want[i].Model.N {
			t.Errorf("puzzle %d: read as\n%v %+v\nwant\n%v %+v", i+1, p, p.Source, want[i], want[i].Source)
		}
		prev = p
	}
	// 256 cells do not fit in the 81 of the last puzzle.
	r = NewReader(strings.NewReader(strings.Repeat(".", 256)+"\n"), ReadOptions{})
	r.Reuse(prev)
	if p, err := r.Read(); err != nil || p == prev || len(p.Givens) != 256 {
		t.Errorf("a 16x16 line read into a 9x9 puzzle's memory, or not read: %v", err)
	}
}

// Canvases, and grids written as rows, read into a puzzle handed back
// with Reuse when its cells fit, and read exactly as without it: the
// puzzles, and the errors with their positions (a canvas reuses the
// reader's memory for its rows and the givens' positions too).
func TestReuseCanvas(t *testing.T) {
	samurai := strings.TrimRight(example(t, "samurai"), "\n")
	reuseMatches(t, []string{
		samurai,
		strings.TrimRight(example(t, "twodoku"), "\n"),
		edit(samurai, 1, 2, "6"), // 6 twice in a row
		samurai,
		strings.TrimRight(example(t, "sumo"), "\n"),
		edit(samurai, 2, 2, "6"), // 6 twice in a box
		samurai,
	}, 2, 5)
	rows := strings.TrimRight(rows9(l81), "\n")
	reuseMatches(t, []string{
		rows,
		"12..\n..12\n21..\n..21",
		edit(rows, 1, 2, "4"), // 4 twice in a row
		rows,
		rows,
	}, 2)
}

// reuseMatches reads the texts, a blank line apart, with and without
// handing each puzzle back, and fails unless both read the same; the
// texts at the indices bad must be errors.
func reuseMatches(t *testing.T, texts []string, bad ...int) {
	t.Helper()
	in := strings.Join(texts, "\n\n") + "\n"
	type read struct {
		p   *Puzzle
		err error
	}
	var want []read
	r := NewReader(strings.NewReader(in), ReadOptions{File: "x"})
	for {
		p, err := r.Read()
		if err == io.EOF {
			break
		}
		want = append(want, read{p, err})
	}
	if len(want) != len(texts) {
		t.Fatalf("%d records, want %d", len(want), len(texts))
	}
	for _, i := range bad {
		if want[i].err == nil {
			t.Fatalf("record %d read, want an error", i+1)
		}
	}
	r = NewReader(strings.NewReader(in), ReadOptions{File: "x"})
	var spare *Puzzle
	for i, w := range want {
		if spare != nil {
			r.Reuse(spare)
		}
		p, err := r.Read()
		if w.err != nil {
			if err == nil || err.Error() != w.err.Error() {
				t.Errorf("record %d: error %v, want %v", i+1, err, w.err)
			}
			spare = nil // taken by the record that failed
			continue
		}
		if err != nil {
			t.Fatalf("record %d: %v", i+1, err)
		}
		if spare != nil && cap(spare.Givens) >= len(p.Givens) && p != spare {
			t.Errorf("record %d: read into fresh memory, not the puzzle handed back", i+1)
		}
		if !sameRead(p, nil, w.p, nil) {
			t.Errorf("record %d: read as\n%v %+v\nwant\n%v %+v", i+1, p, p.Source, w.p, w.p.Source)
		}
		spare = p
	}
}

// FirstLine tells links.Head when it has seen enough to detect the
// input: a whole line that is neither blank nor a comment.
func TestFirstLine(t *testing.T) {
	for _, tc := range []struct {
		head string
		want bool
	}{
		{"", false},
		{"1.3.", false}, // not whole yet
		{"# made by hand\n", false},
		{"# made by hand\n\n  \r\n", false},
		{"\ufeff# made by hand\n1.3.\n", true},
		{"\ufeff1.3.\n", true},
		{"{\n", true},
		{"  https://f-puzzles.com/?load=x\r\n", true},
	} {
		if _, got := FirstLine([]byte(tc.head)); got != tc.want {
			t.Errorf("FirstLine(%q) whole = %v", tc.head, got)
		}
	}
}

// A ParseError is one line of printable text whatever its parts hold:
// a name or message with a control character or a line break is
// quoted whole; others are as they were.
func TestParseErrorOneLine(t *testing.T) {
	for _, tc := range []struct {
		e    ParseError
		want string
	}{
		{ParseError{File: "a.txt", Line: 2, Col: 3, Err: ErrSyntax}, "a.txt:2:3: syntax error"},
		{ParseError{Line: 1, Col: 1, Err: errors.New("cell r1c1 holds é")}, "-:1:1: cell r1c1 holds é"},
		{ParseError{File: "a\nb.txt", Line: 1, Col: 1, Err: ErrSyntax}, `"a\nb.txt":1:1: syntax error`},
		{ParseError{File: "a.txt", Line: 1, Col: 5, Err: fmt.Errorf("%w: a \x7f colour", ErrSyntax)}, `a.txt:1:5: "syntax error: a \x7f colour"`},
	} {
		if got := tc.e.Error(); got != tc.want {
			t.Errorf("%s, want %s", got, tc.want)
		}
	}
}

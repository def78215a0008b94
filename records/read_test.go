package records_test

import (
	"bytes"
	"errors"
	"io"
	"os"
	"slices"
	"strings"
	"testing"
	"unicode/utf16"

	"gattai/internal/testkit"
	"gattai/layouts"
	"gattai/records"
	"gattai/report"
)

// readAll reads every record of data, puzzles and errors in order.
func readAll(t *testing.T, data []byte, opts layouts.ReadOptions) ([]*layouts.Puzzle, []error) {
	t.Helper()
	r := records.NewReader(bytes.NewReader(data), opts)
	var ps []*layouts.Puzzle
	var errs []error
	for range bytes.Count(data, []byte("\n")) + 2 {
		p, err := r.Read()
		if err == io.EOF {
			return ps, errs
		}
		ps, errs = append(ps, p), append(errs, err)
	}
	t.Fatal("more records than lines")
	return nil, nil
}

// Records as gattai writes them read back as their puzzles, each at its
// line, with the layout the record carries or the one its text names.
func TestRead(t *testing.T) {
	data, err := os.ReadFile("testdata/records.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	ps, errs := readAll(t, data, layouts.ReadOptions{File: "records.jsonl"})
	want := []struct {
		line        int
		n           int
		constraints int
		format      layouts.Format
		givens      string
	}{
		{1, 9, 0, layouts.FormatLine, ".7....3.........78..46..9...869.1.37....68..9...5.3..48.......545........61.3..8.\n"},
		{4, 4, 6, layouts.FormatLine, "...3....1.2...31\n"},
		{5, 4, 0, layouts.FormatCanvas, "12..\n3...\n....\n...1\n"},
		{6, 9, 0, layouts.FormatCanvas, "6.3....5.\n.2.5.....\n7....8..4\n..8.9.6..\n.....3..5\n1.2.4....\n.8......9\n.4..5.1..\n...7...8.\n"},
	}
	if len(ps) != len(want) {
		t.Fatalf("%d records, want %d", len(ps), len(want))
	}
	for i, w := range want {
		p, err := ps[i], errs[i]
		if err != nil {
			t.Errorf("record %d: %v", i+1, err)
			continue
		}
		var b strings.Builder
		layouts.WritePuzzle(&b, p)
		if p.Source.File != "records.jsonl" || p.Source.Line != w.line || p.Model.N != w.n ||
			len(p.Model.Layout.Constraints) != w.constraints || p.Source.Format != w.format || b.String() != w.givens {
			t.Errorf("record %d: %s:%d, %dx%d, %d constraints, %v:\n%s", i+1, p.Source.File, p.Source.Line, p.Model.N, p.Model.N,
				len(p.Model.Layout.Constraints), p.Source.Format, b.String())
		}
	}
}

// What a record without a puzzle says of itself is repeated on one
// line of printable text and cut short: the fuzzer found a control
// character in "input" printed as it was.
func TestReadBadShown(t *testing.T) {
	long := strings.Repeat("x", 1000)
	data := `{"input":"a\u007fb:1","status":"error"}` + "\n" +
		`{"input":"` + long + `","status":"` + long + `"}` + "\n" +
		`{"status":"bad\nline"}` + "\n"
	_, errs := readAll(t, []byte(data), layouts.ReadOptions{File: "r.jsonl"})
	want := []string{
		`r.jsonl:1:1: bad record: no "puzzle" field ("a\x7fb:1", status "error")`,
		`r.jsonl:2:1: bad record: no "puzzle" field (` + long[:40] + `..., status "` + long[:40] + `...")`,
		`r.jsonl:3:1: bad record: no "puzzle" field (status "bad\nline")`,
	}
	if len(errs) != len(want) {
		t.Fatalf("%d records, want %d: %v", len(errs), len(want), errs)
	}
	for i, w := range want {
		if errs[i] == nil || errs[i].Error() != w {
			t.Errorf("record %d: %v\nwant %s", i+1, errs[i], w)
		}
	}
}

// A bad record is one error at its line, and reading goes on.
func TestReadBad(t *testing.T) {
	data, err := os.ReadFile("testdata/records-bad.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	ps, errs := readAll(t, data, layouts.ReadOptions{File: "bad.jsonl"})
	want := []struct {
		msg  string
		is   error
		good bool
	}{
		{`bad.jsonl:1:1: bad record: no "puzzle" field (p.txt:1, status "error")`, records.ErrRecord, false},
		{`bad.jsonl:2:12: bad record: "puzzle" is a number, not a string`, records.ErrRecord, false},
		{`bad.jsonl:3:37: syntax error: unexpected end of the record`, layouts.ErrSyntax, false},
		{`bad.jsonl:4:1: bad record: not a JSON object`, records.ErrRecord, false},
		{`bad.jsonl:5:11: in "puzzle" at 1:3: unknown symbol 'x'`, layouts.ErrSymbol, false},
		{`bad.jsonl:6:75: in "layout": bad layout: unknown field "extra"`, layouts.ErrLayout, false},
		{`bad.jsonl:7:11: bad record: "puzzle" holds more than one puzzle`, records.ErrRecord, false},
		{`bad.jsonl:8:11: in "puzzle" at 1:1: empty input`, layouts.ErrEmpty, false},
		// JSON would keep the last "puzzle": refused, as elsewhere.
		{`bad.jsonl:9:33: syntax error: key "puzzle" given twice`, layouts.ErrSyntax, false},
		{`bad.jsonl:10:34: syntax error: data after the record's object`, layouts.ErrSyntax, false},
		{"", nil, true},
	}
	if len(errs) != len(want) {
		t.Fatalf("%d records, want %d: %v", len(errs), len(want), errs)
	}
	for i, w := range want {
		err := errs[i]
		if w.good {
			if err != nil || ps[i] == nil || ps[i].Source.Line != i+1 {
				t.Errorf("record %d: %v, want a puzzle at line %d", i+1, err, i+1)
			}
			continue
		}
		var pe *layouts.ParseError
		if !errors.As(err, &pe) || !errors.Is(err, w.is) || !strings.HasPrefix(err.Error(), w.msg) {
			t.Errorf("record %d: %v, want %s... (%v)", i+1, err, w.msg, w.is)
		}
	}
}

// Limits, the empty input, and a layout given to the reader.
func TestReadEdges(t *testing.T) {
	killer := `{"puzzle":"...3....1.2...31\n","layout":{"size":4,"grids":[{"at":"r1c1"}],"constraints":[{"kind":"killer","cells":["r1c1","r1c2"],"sum":3}]}}`
	tests := []struct {
		name  string
		in    string
		model *layouts.Model
		msg   string // the first record's error, "" for a puzzle
		is    error
	}{
		{"empty", "", nil, "f:1:1: empty input", layouts.ErrEmpty},
		{"comments only", "# seed 1\n\n", nil, "f:1:1: empty input", layouts.ErrEmpty},
		{"too long", `{"puzzle":"` + strings.Repeat(" ", records.MaxRecord) + "\"}\n" + killer, nil,
			"f:1:1: beyond limits: a record of more than 16 MiB", layouts.ErrTooLarge},
		{"utf-8 mark", "\uFEFF" + killer, nil, "", nil},
		{"utf-16", utf16LE("\uFEFF" + killer + "\r\n"), nil, "", nil}, // as Windows PowerShell 5 redirects output
		{"model for plain records", `{"puzzle":"1234341221434321\n"}`, testkit.Model(t, "classic", 4), "", nil},
		{"model and another layout", killer, testkit.Model(t, "classic", 4),
			`f:1:41: bad record: its "layout" is not the layout given`, records.ErrRecord},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := records.NewReader(strings.NewReader(tt.in), layouts.ReadOptions{File: "f", Model: tt.model})
			p, err := r.Read()
			if tt.msg == "" {
				if err != nil || p == nil {
					t.Fatalf("%v, want a puzzle", err)
				}
				if tt.model != nil && p.Model != tt.model {
					t.Errorf("read on another model than the one given")
				}
				return
			}
			if err == nil || err.Error() != tt.msg || !errors.Is(err, tt.is) {
				t.Fatalf("%v, want %s", err, tt.msg)
			}
			if tt.name == "too long" { // the next record is read
				if p, err := r.Read(); err != nil || p.Source.Line != 2 {
					t.Errorf("then %v, want the puzzle of line 2", err)
				}
			}
		})
	}
}

// A NUL byte, or a line that does not end (/dev/zero, a stream with no
// line end), ends the input in one error at its place, without reading
// on to the end: the records after it are not read.
func TestReadEnds(t *testing.T) {
	killer := `{"puzzle":"...3....1.2...31\n","layout":{"size":4,"grids":[{"at":"r1c1"}],"constraints":[{"kind":"killer","cells":["r1c1","r1c2"],"sum":3}]}}`
	limit := 8 * records.MaxRecord
	tests := []struct {
		name string
		in   io.Reader
		want []string // each record: "ok" or its error
	}{
		{"zeros", testkit.Endless("", 0, limit), []string{"f:1:1: binary data, not a puzzle (a NUL byte)"}},
		{"zeros after a long start", testkit.Endless(killer+"\n"+strings.Repeat(" ", records.MaxRecord+10), 0, limit),
			[]string{"ok", "f:2:16777227: binary data, not a puzzle (a NUL byte)"}},
		{"NUL in a record", strings.NewReader(killer + "\n" + `{"puzzle":"` + "\x00" + `"}` + "\n" + killer + "\n"),
			[]string{"ok", "f:2:12: binary data, not a puzzle (a NUL byte)"}},
		{"no line end", testkit.Endless(killer+"\n", ' ', limit),
			[]string{"ok", "f:2:1: beyond limits: a record of more than 64 MiB; the rest of the input is not read"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := records.NewReader(tt.in, layouts.ReadOptions{File: "f"})
			var got []string
			for len(got) <= len(tt.want) {
				p, err := r.Read()
				if err == io.EOF {
					break
				}
				switch {
				case err != nil:
					got = append(got, err.Error())
				case p != nil:
					got = append(got, "ok")
				}
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("got %q\nwant %q", got, tt.want)
			}
		})
	}
}

// Records of one layout share one model, as the text readers' puzzles
// do: a solver keeps its tables from one puzzle to the next.
func TestReadSharesModels(t *testing.T) {
	data, err := os.ReadFile("testdata/records.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	twice := append(slices.Clip(data), data...)
	ps, _ := readAll(t, twice, layouts.ReadOptions{})
	if len(ps) != 8 || ps[0].Model != ps[4].Model || ps[0].Model != ps[7].Model || ps[1].Model != ps[5].Model {
		t.Errorf("records of one layout read on different models")
	}
}

// Detect tells records from the other JSON that gattai reads: an
// f-puzzles or SudokuPad puzzle.
func TestDetect(t *testing.T) {
	tests := []struct {
		in   string
		want bool
	}{
		{`{"puzzle":"1234341221434321\n"}`, true},
		{`{"input":"f:1","status":"error","error":{"file":"f","message":"x"}}`, true},
		{`{"input":"seed 1 #1","status":"unique","solution":"` + strings.Repeat("1", 100<<10), true}, // cut by a peek
		{`{"input":"seed 1 #1","puzzle":"` + strings.Repeat("1", 100<<10), true},                     // cut inside the puzzle
		{`{"size":9,"grid":[[{}]],"puzzle":"x"}`, false},
		{`{"cells":[[{}]],"puzzle":"x"}`, false},
		{`{"size":9,"grid":[[{}]]}`, false},
		{"{\n", false},
		{`{"status":"unique"}`, false},
		{`{"a":{"puzzle":"x"}}`, false},
		{`["puzzle"]`, false},
		{"4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......", false},
		{"", false},
	}
	for _, tt := range tests {
		if got := records.Detect([]byte(tt.in)); got != tt.want {
			t.Errorf("Detect(%.40q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

// A record read writes back, with SetPuzzle, as a record of the same
// puzzle on the same layout; an error is one line of printable text at
// a place in the input, as a record of the CLI's output must be.
func FuzzRead(f *testing.F) {
	for _, name := range []string{"testdata/records.jsonl", "testdata/records-bad.jsonl"} {
		data, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
		for line := range bytes.Lines(data) {
			f.Add(line)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		lines := bytes.Count(data, []byte("\n")) + 1
		r := records.NewReader(bytes.NewReader(data), layouts.ReadOptions{File: "fuzz"})
		for range lines + 2 {
			p, err := r.Read()
			if err == io.EOF {
				return
			}
			if err != nil {
				var pe *layouts.ParseError
				if !errors.As(err, &pe) {
					t.Fatalf("%v is not a ParseError", err)
				}
				if pe.Line < 1 || pe.Col < 1 || pe.Line > lines {
					t.Fatalf("%v: position outside the input of %d lines", err, lines)
				}
				if !testkit.OneLine(err.Error()) {
					t.Fatalf("%q is not one line of printable text", err)
				}
				continue
			}
			var rec report.Record
			if err := rec.SetPuzzle(p); err != nil {
				t.Fatal(err)
			}
			var b bytes.Buffer
			report.Write(&b, rec)
			q, err := records.NewReader(&b, layouts.ReadOptions{}).Read()
			if err != nil || !slices.Equal(q.Givens, p.Givens) || !bytes.Equal(q.Model.Layout.MarshalFile(), p.Model.Layout.MarshalFile()) {
				t.Fatalf("written as %s read back as %v, %v", b.Bytes(), q, err)
			}
		}
		t.Fatalf("more records than the %d lines", lines)
	})
}

// utf16LE is s in UTF-16, little-endian.
func utf16LE(s string) string {
	var b []byte
	for _, u := range utf16.Encode([]rune(s)) {
		b = append(b, byte(u), byte(u>>8))
	}
	return string(b)
}

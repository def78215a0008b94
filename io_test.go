package gattai_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gattai"
	"gattai/internal/testkit"
	"gattai/layouts"
	"gattai/links"
	"gattai/records"
	"gattai/report"
	"gattai/sudokupad"
)

// ReadFile reads a file of setters' links as the command does: one a
// line, f-puzzles and SudokuPad mixed, each on its own layout; a bad
// link is an error at its line and column, a line beyond links.MaxLink
// is refused, and a layout given for links is refused.
func TestReadFileLinks(t *testing.T) {
	fp := fpuzzlesLinks(t)
	samurai, err := gattai.ReadFile("testdata/seeds/samurai-problem1.txt", layouts.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	sp, err := sudokupad.Link(samurai[0], sudokupad.WriteOptions{})
	if err != nil {
		t.Fatal(err)
	}
	sp1 := strings.Replace(describe(samurai[0]), "1:", "5:", 1)
	tests := []struct {
		name, in string
		model    *layouts.Model
		want     []string // each puzzle's line and givens
		err      string   // the error, "" for none
		is       error    // what it wraps, if anything
	}{
		{"links", "# two f-puzzles links, a SudokuPad one\n" + fp[0] + "\n\n  " + fp[1] + "\r\n" + sp + "\n", nil,
			[]string{"2: 1 grids, 1 givens", "4: 1 grids, 2 givens", sp1}, "", nil},
		{"bad link", fp[0] + "\n  https://f-puzzles.com/?load=!!!\n" + fp[1] + "\n", nil,
			[]string{"1: 1 grids, 1 givens"}, "x.txt:2:3: not an f-puzzles puzzle: ", nil},
		{"no link", fp[0] + "\n\thello\n", nil,
			[]string{"1: 1 grids, 1 givens"}, "x.txt:2:2: not an f-puzzles or SudokuPad link, id or JSON", nil},
		{"oversize line", fp[0] + "\n" + strings.Repeat("A", links.MaxLink+1) + "\n" + fp[1] + "\n", nil,
			[]string{"1: 1 grids, 1 givens"}, "x.txt:2:1: beyond limits: a line of more than 4194304 bytes", layouts.ErrTooLarge},
		{"a layout given", fp[0] + "\n", testkit.Model(t, "classic", 9), nil, "x.txt: a setter's link carries its own layout", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			file := filepath.Join(t.TempDir(), "x.txt")
			if err := os.WriteFile(file, []byte(tt.in), 0o644); err != nil {
				t.Fatal(err)
			}
			ps, err := gattai.ReadFile(file, layouts.ReadOptions{Model: tt.model})
			var got []string
			for _, p := range ps {
				got = append(got, describe(p))
			}
			if tt.name == "links" && len(ps) == 3 && text(t, ps[2]) != text(t, samurai[0]) {
				t.Errorf("the SudokuPad link read\n%s\nwant\n%s", text(t, ps[2]), text(t, samurai[0]))
			}
			if strings.Join(got, "|") != strings.Join(tt.want, "|") {
				t.Errorf("read\n%q\nwant\n%q", got, tt.want)
			}
			switch msg := strings.ReplaceAll(errString(err), file, "x.txt"); {
			case tt.err == "" && err != nil:
				t.Errorf("error %v", err)
			case tt.err != "" && !strings.HasPrefix(msg, tt.err):
				t.Errorf("error %q, want %q", msg, tt.err)
			case tt.is != nil && !errors.Is(err, tt.is):
				t.Errorf("error %v does not wrap %v", err, tt.is)
			}
			var pe *layouts.ParseError
			if tt.model == nil && err != nil && !errors.As(err, &pe) {
				t.Errorf("error %v is no *layouts.ParseError", err)
			}
		})
	}
}

// fpuzzlesLinks are the first and the third of the real f-puzzles
// links in fpuzzles/testdata: one given, and two.
func fpuzzlesLinks(t *testing.T) []string {
	t.Helper()
	data, err := os.ReadFile("fpuzzles/testdata/links.txt")
	if err != nil {
		t.Fatal(err)
	}
	var ls []string
	for l := range strings.Lines(string(data)) {
		if l = strings.TrimSpace(l); l != "" && l[0] != '#' {
			ls = append(ls, l)
		}
	}
	if len(ls) < 3 {
		t.Fatalf("fpuzzles/testdata/links.txt: %d links", len(ls))
	}
	return []string{ls[0], ls[2]}
}

// describe is a puzzle's line, grids and givens.
func describe(p *layouts.Puzzle) string {
	n := 0
	for _, d := range p.Givens {
		if d != 0 {
			n++
		}
	}
	return fmt.Sprintf("%d: %d grids, %d givens", p.Source.Line, len(p.Model.Layout.Grids), n)
}

// text is the puzzle's givens as canvas text.
func text(t *testing.T, p *layouts.Puzzle) string {
	t.Helper()
	q := *p
	q.Source = layouts.Source{Format: layouts.FormatCanvas}
	var b strings.Builder
	if err := layouts.WritePuzzle(&b, &q); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// errString is err's text, "" for nil.
func errString(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// Read reads gattai's own records (--to json) back as their puzzles,
// each on its layout, as the command does: a samurai written as a
// record reads back as itself; a record with no puzzle is an error at
// its line, named as a record.
func TestReadRecords(t *testing.T) {
	samurai, err := gattai.ReadFile("testdata/seeds/samurai-problem1.txt", layouts.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var rec report.Record
	if err := rec.SetPuzzle(samurai[0]); err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	b.WriteString("# gattai solve --to json\n\n")
	if err := report.Write(&b, rec); err != nil {
		t.Fatal(err)
	}
	ps, err := gattai.Read(strings.NewReader(b.String()), layouts.ReadOptions{File: "made.jsonl"})
	if err != nil || len(ps) != 1 {
		t.Fatalf("%d puzzles, %v", len(ps), err)
	}
	if text(t, ps[0]) != text(t, samurai[0]) || ps[0].Source.Line != 3 || ps[0].Model.Layout.Name != "samurai" {
		t.Errorf("read line %d, layout %q:\n%s\nwant line 3, samurai:\n%s", ps[0].Source.Line, ps[0].Model.Layout.Name, text(t, ps[0]), text(t, samurai[0]))
	}

	ps, err = gattai.ReadFile("records/testdata/records.jsonl", layouts.ReadOptions{})
	var got []string
	for _, p := range ps {
		got = append(got, describe(p))
	}
	if err != nil || strings.Join(got, "|") != "1: 1 grids, 27 givens|4: 1 grids, 5 givens|5: 1 grids, 4 givens|6: 1 grids, 23 givens" {
		t.Errorf("records.jsonl: %q, %v", got, err)
	}

	_, err = gattai.ReadFile("records/testdata/records-bad.jsonl", layouts.ReadOptions{})
	var pe *layouts.ParseError
	if !errors.As(err, &pe) || !errors.Is(err, records.ErrRecord) || pe.Line != 1 {
		t.Errorf("records-bad.jsonl: %v, want a bad record at line 1", err)
	}
}

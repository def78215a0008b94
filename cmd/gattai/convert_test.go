package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gattai/fpuzzles"
	"gattai/layouts"
	"gattai/sudokupad"
)

// convert writes the puzzles themselves: every format reads back as the
// same puzzle, constraints included, and nothing is solved.
func TestConvert(t *testing.T) {
	classic := "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........\n"
	samurai := readFile(t, td("examples", "samurai.txt"))
	killer := td("variants", "killer-classic.json")
	killerPuzzle := td("variants", "killer-classic.txt")
	for _, tc := range []struct {
		name string
		in   string   // standard input, when args name no file
		args []string // the input's flags and files
		to   []string // formats in turn, each reading the last one's output
	}{
		{name: "line to canvas and back", in: classic, to: []string{"canvas", "line"}},
		{name: "line through rows, poj, euler", in: classic, to: []string{"rows", "poj", "euler", "line"}},
		{name: "line through both links", in: classic, to: []string{"fpuzzles", "sudokupad", "json", "line"}},
		{name: "samurai through sudokupad and json", in: samurai, to: []string{"sudokupad", "json", "canvas"}},
		{name: "killer through links", args: []string{"--layout-file", killer, killerPuzzle}, to: []string{"fpuzzles", "sudokupad", "json"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in, args := tc.in, tc.args
			for _, to := range tc.to {
				out, errs, code := runGattai(t, in, append([]string{"convert", "--to", to}, args...)...)
				if code != 0 {
					t.Fatalf("--to %s: exit %d: %s", to, code, errs)
				}
				in, args = out, nil
			}
			if tc.in != "" && in != tc.in {
				t.Errorf("read back:\n%s\nwant\n%s", in, tc.in)
			}
			// Constraints kept: the end counts as the start.
			want, _, _ := runGattai(t, tc.in, append([]string{"count"}, tc.args...)...)
			got, errs, _ := runGattai(t, in, "count")
			if got != want || want == "" {
				t.Errorf("count %q after the round trip, %q before: %s", got, want, errs)
			}
		})
	}
}

// convert solves nothing: a puzzle with no solution, or with several,
// converts as any other; pictures hold the givens alone; what a format
// cannot hold and bad input are one-line errors, exit 2.
func TestConvertUnsolved(t *testing.T) {
	none := "12345678." + "........9" + strings.Repeat(".", 63) + "\n" // r1c9 has no digit left
	many := strings.Repeat(".", 81) + "\n"
	out, errs, code := runGattai(t, none+many, "convert", "--to", "json")
	if code != 0 || strings.Count(out, `"status":"read"`) != 2 || strings.Contains(out, "solution") {
		t.Errorf("json: exit %d, %q, %s", code, out, errs)
	}
	if out, errs, code := runGattai(t, none, "convert", "--to", "fpuzzles"); code != 0 || !strings.HasPrefix(out, "https://f-puzzles.com/?load=") {
		t.Errorf("a puzzle with no solution as a link: exit %d, %q, %s", code, out, errs)
	}

	dir := t.TempDir()
	givens := "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........\n"
	if _, errs, code := runGattai(t, givens+many, "convert", "--to", "svg", "-o", dir+"/"); code != 0 {
		t.Fatalf("svg: exit %d: %s", code, errs)
	}
	clues := 81 - strings.Count(givens, ".")
	for name, texts := range map[string]int{"puzzle-001.svg": clues, "puzzle-002.svg": 0} {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		if n := strings.Count(string(b), "<text"); n != texts || strings.Contains(string(b), "#1f5fbf") {
			t.Errorf("%s: %d digits, want the %d givens and no solved digit", name, n, texts)
		}
	}

	samurai := td("examples", "samurai.txt")
	out, errs, code = runGattai(t, "", "convert", "--to", "fpuzzles", samurai)
	if code != exitBadInput || !strings.HasPrefix(out, "# ") || !strings.Contains(errs, "f-puzzles holds one grid") || strings.Count(errs, "\n") != 1 {
		t.Errorf("samurai as f-puzzles: exit %d, %q, %q", code, out, errs)
	}
	out, errs, code = runGattai(t, "12x\n"+givens, "convert", "--to", "line")
	if code != exitBadInput || !strings.HasSuffix(out, givens) || !strings.Contains(errs, "-:1:") {
		t.Errorf("bad input: exit %d, %q, %q", code, out, errs)
	}
}

// A link's title and author go into the links written of it.
func TestConvertKeepsTitle(t *testing.T) {
	m, err := layouts.Compile(layouts.Classic(9, layouts.DefaultBox(9)))
	if err != nil {
		t.Fatal(err)
	}
	p := layouts.NewPuzzle(m)
	p.Givens[0] = 5
	link, err := sudokupad.Link(p, sudokupad.WriteOptions{Title: "Five & more", Author: "A. Setter"})
	if err != nil {
		t.Fatal(err)
	}
	fp, errs, code := runGattai(t, link, "convert", "--to", "fpuzzles")
	if code != 0 {
		t.Fatalf("to f-puzzles: exit %d, %s", code, errs)
	}
	q, err := fpuzzles.Parse("", []byte(strings.TrimSpace(fp)))
	if err != nil || q.Title != "Five & more" || q.Author != "A. Setter" {
		t.Errorf("f-puzzles link: title %q, author %q, %v", q.Title, q.Author, err)
	}
	sp, errs, code := runGattai(t, fp, "convert", "--to", "sudokupad")
	if code != 0 {
		t.Fatalf("back to SudokuPad: exit %d, %s", code, errs)
	}
	r, err := sudokupad.Parse("", []byte(strings.TrimSpace(sp)))
	if err != nil || r.Title != "Five & more" || r.Author != "A. Setter" {
		t.Errorf("SudokuPad link: title %q, author %q, %v", r.Title, r.Author, err)
	}
}

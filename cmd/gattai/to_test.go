package main

import (
	"encoding/json"
	"encoding/xml"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gattai/fpuzzles"
	"gattai/lzstring"
)

// --to writes every output format from one switch; links and pictures
// read back.
func TestTo(t *testing.T) {
	samurai := td("seeds", "samurai-problem1.txt")
	solved, _, _ := runGattai(t, "", "solve", samurai)

	// Links round trip: written with the solution, read back, solved again.
	for _, to := range []string{"fpuzzles", "sudokupad"} {
		file := samurai
		if to == "fpuzzles" { // square grids only
			file = td("examples", "classic.txt")
		}
		link, errs, code := runGattai(t, "", "solve", "--to", to, file)
		if code != 0 || strings.Count(link, "\n") != 1 || !strings.HasPrefix(link, "https://") {
			t.Fatalf("--to %s: exit %d, %q, %s", to, code, link, errs)
		}
		want, _, _ := runGattai(t, "", "solve", file)
		got, errs, code := runGattai(t, link, "solve")
		if code != 0 || got != want {
			t.Errorf("--to %s read back: exit %d\n%s\nwant\n%s\n%s", to, code, got, want, errs)
		}
	}
	if got, _, _ := runGattai(t, "", "solve", "--to", "canvas", samurai); got != solved {
		t.Errorf("--to canvas differs from the canvas input's own format")
	}

	// Euler's headers are numbered, as in Project Euler's file.
	many := td("top1465-200.txt")
	if out, errs, code := runGattai(t, "", "solve", "--to", "euler", "--first", many); code != 0 ||
		!strings.HasPrefix(out, "Grid 01\n") || !strings.Contains(out, "\nGrid 200\n") {
		t.Errorf("--to euler: exit %d, %.40q: %s", code, out, errs)
	}

	// JSON Lines: one object per puzzle, in input order.
	out, _, code := runGattai(t, "", "solve", "--to", "json", samurai, td("examples", "classic.txt"))
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != 0 || len(lines) != 2 {
		t.Fatalf("--to json: exit %d, %q", code, out)
	}
	var rec struct {
		Input, Status, Solution string
		Solutions               int
	}
	if err := json.Unmarshal([]byte(lines[0]), &rec); err != nil || rec.Status != "unique" || rec.Solution != solved || rec.Solutions != 1 {
		t.Errorf("--to json: %+v, %v", rec, err)
	}

	// Pictures: a file each, numbered, each one SVG document.
	dir := t.TempDir()
	_, errs, code := runGattai(t, "", "solve", "--to", "svg", samurai, td("examples", "classic.txt"), "-o", filepath.Join(dir, "p.svg"))
	files, _ := filepath.Glob(filepath.Join(dir, "*"))
	if code != 0 || len(files) != 2 || filepath.Base(files[0]) != "p-001.svg" || filepath.Base(files[1]) != "p-002.svg" {
		t.Fatalf("--to svg: exit %d, %v, %s", code, files, errs)
	}
	for _, f := range files {
		checkSVG(t, readFile(t, f))
	}
	// A folder: -o DIR/ (made) or an existing one holds them all, numbered.
	folder := filepath.Join(t.TempDir(), "pics") + "/"
	_, errs, code = runGattai(t, "", "solve", "--to", "svg", samurai, td("examples", "classic.txt"), "-o", folder)
	if got, _ := filepath.Glob(folder + "*.svg"); code != 0 || len(got) != 2 || filepath.Base(got[1]) != "solution-002.svg" {
		t.Errorf("--to svg -o DIR/: exit %d, %v, %s", code, got, errs)
	}
	// The puzzles beside their solutions, for a book: convert's pictures
	// are the puzzles', and replace none of solve's.
	_, errs, code = runGattai(t, "", "convert", "--to", "svg", samurai, td("examples", "classic.txt"), "-o", folder)
	if got, _ := filepath.Glob(folder + "*.svg"); code != 0 || len(got) != 4 || filepath.Base(got[1]) != "puzzle-002.svg" || filepath.Base(got[3]) != "solution-002.svg" {
		t.Errorf("convert --to svg -o DIR/ beside solve's: exit %d, %v, %s", code, got, errs)
	}
	_, errs, code = runGattai(t, "", "export", td("euler96.txt"), "-o", strings.TrimSuffix(folder, "/"))
	if got, _ := filepath.Glob(folder + "*.cnf"); code != 0 || len(got) != 50 {
		t.Errorf("export -o DIR: exit %d, %d files, %s", code, len(got), errs)
	}
	pic, _, code := runGattai(t, "", "solve", "--to", "svg", samurai)
	if code != 0 {
		t.Fatalf("--to svg to stdout: exit %d", code)
	}
	checkSVG(t, pic)
	pic, _, code = runGattai(t, "", "count", "--to", "svg", samurai)
	if code != 0 {
		t.Fatalf("count --to svg: exit %d", code)
	}
	checkSVG(t, pic)
	pic, _, code = runGattai(t, "", "layouts", "show", "sumo", "--to", "svg")
	if code != 0 {
		t.Fatalf("layouts show --to svg: exit %d", code)
	}
	checkSVG(t, pic)
	// The second is refused before the first is written.
	if out, errs, code := runGattai(t, "", "solve", "--to", "svg", samurai, samurai); code != exitBadInput || !strings.Contains(errs, "name the files with -o") || strings.Contains(out, "<svg") {
		t.Errorf("two pictures on stdout: exit %d, %.40q, %s", code, out, errs)
	}
}

// checkSVG parses a picture as XML: an svg root element.
func checkSVG(t *testing.T, text string) {
	t.Helper()
	d := xml.NewDecoder(strings.NewReader(text))
	root := ""
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("not XML: %v", err)
		}
		if se, ok := tok.(xml.StartElement); ok && root == "" {
			root = se.Name.Local
		}
	}
	if root != "svg" {
		t.Errorf("root element %q, want svg", root)
	}
}

// A setter's link is read from a file, one a line: its rules are kept,
// a rule gattai lacks is refused by name, and layout flags are refused.
func TestLinks(t *testing.T) {
	links := strings.Split(readFile(t, filepath.Join("..", "..", "fpuzzles", "testdata", "links.txt")), "\n")
	var killer string
	for i, l := range links {
		if strings.Contains(l, "KillerCagePuzzleUrl") {
			killer = links[i+1]
		}
	}
	if killer == "" {
		t.Fatal("fpuzzles/testdata/links.txt lacks its killer link")
	}
	// A lockout line is a rule gattai lacks.
	refused := fpuzzles.LinkPrefix + lzstring.CompressToBase64(`{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"lockout":[{"lines":[["R1C1","R1C2","R1C3"]]}]}`)
	file := filepath.Join(t.TempDir(), "links.txt")
	os.WriteFile(file, []byte("# two links\n"+killer+"\n\n"+refused+"\n"), 0o644)
	out, errs, code := runGattai(t, "", "count", file)
	if code != exitBadInput || !strings.HasPrefix(out, "1\n# "+file+":4:1: ") || !strings.Contains(out, `"lockout"`) {
		t.Errorf("exit %d, %q, %s", code, out, errs)
	}
	if _, errs, code := runGattai(t, killer, "count", "--layout", "samurai"); code != exitBadInput || !strings.Contains(errs, "carries its own layout") {
		t.Errorf("--layout with a link: exit %d, %s", code, errs)
	}
}

// A refused key of a JSON puzzle is placed in the file: the JSON is it.
func TestLinkJSONPosition(t *testing.T) {
	in := "{\"size\": 4, \"grid\": [[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],\n  \"lockout\": [{\"lines\": [[\"R1C1\", \"R1C2\", \"R1C3\"]]}]}\n"
	out, _, code := runGattai(t, in, "count")
	if code != exitBadInput || !strings.HasPrefix(out, "# -:2:3: ") || !strings.Contains(out, `"lockout"`) {
		t.Errorf("exit %d, %q", code, out)
	}
}

// An error in a link is at its line, said once: not the reader's
// position in the link's decompressed JSON on top, nor 1:1 of a line
// that held no JSON at all.
func TestLinkErrorPosition(t *testing.T) {
	cage := fpuzzles.LinkPrefix + lzstring.CompressToBase64(`{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"killercage":[{"cells":"R1C1"}]}`)
	tests := []struct {
		name, in, format, want string
	}{
		{"not a link", "# links\nhello\n", "fpuzzles", "# -:2:1: not an f-puzzles puzzle: neither JSON nor an address, and a bad payload: "},
		{"not a link, sudokupad", "hello\n", "sudokupad", "# -:1:1: not a SudokuPad scl puzzle: neither JSON nor an address, and a bad payload: "},
		{"a list", "[1,2]\n", "fpuzzles", "# -:1:1: not an f-puzzles puzzle: want an object, found a list\n"},
		{"inside the link", "# links\n\n" + cage + "\n", "auto", "# -:3:1: syntax error: killercage[0].cells: want a list of strings, found \"R1C1\"\n"},
		// Text that starts with '{' is JSON, never a grid: broken, it
		// gets its syntax error, not "no built-in layout has a canvas".
		{"broken JSON", "{\"cells\": [[{}]],\n \"x\" 1}\n", "auto", "# -:2:6: syntax error: invalid character '1' after object key\n"},
		{"broken JSON, a line", "# links\n{\"cells\": [[{}]], \"x\":\n", "auto", "# -:2:22: syntax error: unexpected end of JSON input\n"},
		// An indented line's positions count its indent.
		{"indented JSON", "# links\n   {\"cells\":[[{},1]]}\n", "auto", "# -:2:18: syntax error: cells[0][1]: want an object, found 1\n"},
		{"indented link", "  hello\n", "sudokupad", "# -:1:3: not a SudokuPad scl puzzle: "},
		{"JSON of no site", "{\"a\": 1}\n", "auto", "# -:1:1: JSON, but no puzzle: neither f-puzzles' (with \"size\" and \"grid\"), SudokuPad's (with \"cells\") nor a gattai record (with \"puzzle\")\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errs, code := runGattai(t, tt.in, "solve", "--format", tt.format)
			if code != exitBadInput || !strings.HasPrefix(out, tt.want) || strings.Contains(out, "JSON at") || strings.Count(errs, "\n") != 1 {
				t.Errorf("exit %d, %q, stderr %q; want %q", code, out, errs, tt.want)
			}
		})
	}
}

// With --blank '{' a '{' is an empty cell: text that starts with one
// is a grid, not JSON.
func TestBlankBrace(t *testing.T) {
	out, errs, code := runGattai(t, "{2{4\n3{1{\n{1{3\n4{2{\n", "solve", "--blank", "{")
	if code != 0 || out != "1234\n3412\n2143\n4321\n" {
		t.Errorf("exit %d, %q, %s", code, out, errs)
	}
}

// A link pasted as an argument is the input, when no file has its name.
func TestLinkArgument(t *testing.T) {
	link, _, code := runGattai(t, "", "solve", "--to", "fpuzzles", td("examples", "classic.txt"))
	if code != 0 {
		t.Fatal("no link")
	}
	out, errs, code := runGattai(t, "", "count", strings.TrimSpace(link))
	if code != 0 || out != "1\n" {
		t.Errorf("exit %d, %q, %s", code, out, errs)
	}
	if _, errs, code := runGattai(t, "", "count", filepath.Join(t.TempDir(), "missing.txt")); code != exitBadInput || !strings.Contains(errs, "no such file") {
		t.Errorf("a missing file: exit %d, %s", code, errs)
	}
}

// A file of links in UTF-16, as Windows PowerShell 5 redirects output,
// reads as one in UTF-8.
func TestLinkUTF16(t *testing.T) {
	link, _, code := runGattai(t, "", "solve", "--to", "sudokupad", td("seeds", "samurai-problem1.txt"))
	if code != 0 {
		t.Fatal("no link")
	}
	file := filepath.Join(t.TempDir(), "links.txt")
	os.WriteFile(file, []byte(utf16LE("\ufeff"+strings.ReplaceAll(link, "\n", "\r\n"))), 0o644)
	if out, errs, code := runGattai(t, "", "count", file); code != 0 || out != "1\n" {
		t.Errorf("exit %d, %q, %s", code, out, errs)
	}
}

// A puzzle that the --to format cannot hold (a Samurai as POJ, Euler,
// rows or an f-puzzles link) is one record at its position; the puzzles
// after it are still solved.
func TestToUnfitPuzzle(t *testing.T) {
	classic, samurai := td("examples", "classic.txt"), td("examples", "samurai.txt")
	for _, to := range []string{"poj", "euler", "rows", "fpuzzles"} {
		t.Run(to, func(t *testing.T) {
			one, _, code := runGattai(t, "", "solve", "--to", to, classic)
			if code != 0 {
				t.Fatalf("classic alone: exit %d", code)
			}
			out, errs, code := runGattai(t, "", "solve", "--to", to, classic, samurai, classic)
			rec := "# " + samurai + ":1: "
			last := strings.Replace(one, "Grid 01", "Grid 03", 1) // Euler's headers count the records
			if code != exitBadInput || !strings.HasPrefix(errs, samurai+":1: ") || strings.Count(errs, "\n") != 1 ||
				!strings.HasPrefix(out, one) || !strings.HasSuffix(out, last) || !strings.Contains(out, rec) {
				t.Errorf("exit %d\n%s\nstderr: %s", code, out, errs)
			}
		})
	}
}

// A short SudokuPad address, which only SudokuPad's server resolves, is
// read as a link and refused with what to do, as an argument, on
// standard input or in a file: not "no such file", nor a Shogun's rows.
func TestShortSudokuPadLink(t *testing.T) {
	const short = "https://sudokupad.app/wsj7iunsg6"
	file := filepath.Join(t.TempDir(), "links.txt")
	os.WriteFile(file, []byte(short+"\n"), 0o644)
	for _, tc := range []struct {
		stdin string
		args  []string
	}{
		{"", []string{"count", short}},
		{short + "\n", []string{"count"}},
		{"", []string{"solve", file}},
	} {
		_, errs, code := runGattai(t, tc.stdin, tc.args...)
		if code != exitBadInput || !strings.Contains(errs, `"wsj7iunsg6" is a short id that only SudokuPad's server can resolve; open it there and copy the scl link`) {
			t.Errorf("%v: exit %d: %s", tc.args, code, errs)
		}
	}
}

// Links are one a line: the records of puzzles without one come one a
// line too, with no blank line between them that rows input would want.
func TestLinkFailuresOneALine(t *testing.T) {
	rows := "12345678.\n........9\n" + strings.Repeat(".........\n", 7)
	for _, cmd := range []string{"solve", "convert"} {
		in := rows + "\n" + rows
		args := []string{cmd, "--to", "fpuzzles"}
		if cmd == "convert" {
			in = "12x\n\n12x\n" // bad input: convert solves nothing
			args = append(args, "--size", "4")
		}
		out, _, _ := runGattai(t, in, args...)
		if strings.Count(out, "\n") != 2 || !strings.HasPrefix(out, "# ") || strings.Contains(out, "\n\n") {
			t.Errorf("%s: %q, want two records, one a line", cmd, out)
		}
	}
}

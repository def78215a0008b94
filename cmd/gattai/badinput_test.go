package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf16"

	"gattai/internal/testkit"
)

// Every bad input gets one line "file:line:col: message" on stderr and
// the documented exit code; good input with CRLF or a byte-order mark
// reads as usual.
func TestBadInput(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	rows := strings.Split(readFile(t, td("examples", "classic.txt")), "\n")[:9]
	rowsText := strings.Join(rows, "\n") + "\n"
	line := strings.Join(rows, "")
	samurai := readFile(t, td("examples", "samurai.txt"))
	samuraiLayout, _, _ := runGattai(t, "", "layouts", "show", "samurai", "--as-file")

	tests := []struct {
		name string
		file string // written to dir, named by the test's name
		text string
		args []string // before the file; FILE stands for it
		code int
		at   string // "line:col" of the error; "" for no error
		msg  string
	}{
		{name: "wrong row length", text: strings.Replace(rowsText, rows[3], rows[3][:8], 1), code: exitBadInput, at: "4:9", msg: "row has 8 symbols, want 9"},
		{name: "wrong number of rows", text: strings.Join(rows[:8], "\n") + "\n", args: []string{"--format", "rows"}, code: exitBadInput, at: "9:1", msg: "truncated puzzle"},
		{name: "unknown symbol", text: line[:20] + "?" + line[21:] + "\n", code: exitBadInput, at: "1:21", msg: "unknown symbol '?'"},
		{name: "digit too large", text: line[:20] + "A" + line[21:] + "\n", code: exitBadInput, at: "1:21", msg: "unknown symbol 'A' in a 9x9 grid, which has 1-9"},
		{name: "duplicated given", text: "55" + line[2:] + "\n", code: exitBadInput, at: "1:2", msg: "digit 5 given twice, at r1c1 and r1c2"},
		{name: "given outside every grid", text: strings.Replace(samurai, "\n      ", "\n5     ", 1), args: []string{"--layout", "samurai"}, code: exitBadInput, at: "10:1", msg: "'5' at r10c1 is outside every grid of samurai"},
		{name: "empty input", text: "", code: exitBadInput, at: "1:1", msg: "empty input"},
		{name: "truncated last puzzle", text: line + "\n" + line[:50], code: exitBadInput, at: "2:51", msg: "truncated puzzle: input ends after 50 symbols"},
		{name: "short line", text: line[:50] + "\n" + line + "\n", code: exitBadInput, at: "1:51", msg: "line has 50 symbols, not n*n for a grid size n (81 for 9x9)"},
		{name: "binary file", text: "\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\n" + strings.Repeat("12\n\n.3\n\n", 50), code: exitBadInput, at: "3:1", msg: "binary data, not a puzzle (a NUL byte)"},
		{name: "CRLF", text: strings.ReplaceAll(rowsText, "\n", "\r\n"), code: exitOK},
		{name: "byte-order mark", text: "\ufeff" + rowsText, code: exitOK},
		{name: "UTF-16 without its mark", text: utf16LE(rowsText), code: exitBadInput, at: "1:2", msg: "(a NUL byte: UTF-16 text without its byte-order mark? Save it as UTF-8)"},
		{name: "UTF-16 with its mark", text: utf16LE("\ufeff" + strings.ReplaceAll(rowsText, "\n", "\r\n")), code: exitOK},
		{name: "grids of different sizes", file: "sizes.json", text: "{\"size\": 9,\n \"grids\": [{\"at\": \"r1c1\"},\n   {\"at\": \"r7c7\", \"size\": 4}]}\n",
			args: []string{"--layout-file", "FILE", "-"}, code: exitBadInput, at: "3:4", msg: "grid 2 has size 4 but the layout 9"},
		{name: "grid off the canvas", file: "off.json", text: "{\"size\": 9,\n \"grids\": [{\"at\": \"r1c1\"}, {\"at\": \"r1c1020\"}]}\n",
			args: []string{"--layout-file", "FILE", "-"}, code: exitBadInput, at: "2:28", msg: "grid 2 at r1c1020 is off the canvas"},
		{name: "negative offset", file: "neg.json", text: "{\"size\": 9,\n \"grids\": [{\"at\": \"r1c1\"}, {\"at\": \"r-5c1\"}]}\n",
			args: []string{"--layout-file", "FILE", "-"}, code: exitBadInput, at: "2:35", msg: `cell "r-5c1" is not of the form r1c1`},
		{name: "layout file syntax", file: "syntax.json", text: strings.Replace(samuraiLayout, "\"size\": 9,", "\"size\": 9", 1),
			args: []string{"--layout-file", "FILE", "-"}, code: exitBadInput, at: "4:3", msg: "invalid character '\"' after object key:value pair"},
		{name: "empty layout file", file: "empty.json", text: "",
			args: []string{"--layout-file", "FILE", "-"}, code: exitBadInput, at: "1:1", msg: "bad layout: the file is empty"},
		{name: "layout file cut short", file: "short.json", text: "{\"size\": 9,\n \"grids\": [",
			args: []string{"--layout-file", "FILE", "-"}, code: exitBadInput, at: "2:12", msg: "bad layout: the JSON ends early: a value, ']' or '}' is missing at the end"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			file := tt.file
			if file == "" {
				file = strings.ReplaceAll(tt.name, " ", "-") + ".txt"
			}
			name := write(file, tt.text)
			var args []string
			for _, a := range tt.args {
				args = append(args, strings.ReplaceAll(a, "FILE", name))
			}
			if !slicesContains(tt.args, "FILE") {
				args = append(args, name)
			}
			stdin := ""
			if slicesContains(tt.args, "-") {
				stdin = samurai
			}
			_, errs, code := runGattai(t, stdin, append([]string{"solve"}, args...)...)
			if code != tt.code {
				t.Errorf("exit %d, want %d; stderr %q", code, tt.code, errs)
			}
			if tt.at == "" {
				if errs != "" {
					t.Errorf("stderr %q, want nothing", errs)
				}
				return
			}
			lines := strings.Split(strings.TrimSuffix(errs, "\n"), "\n")
			want := regexp.MustCompile(`^(gattai: )?` + regexp.QuoteMeta(name+":"+tt.at+": ") + `.*` + regexp.QuoteMeta(tt.msg))
			if len(lines) != 1 || !want.MatchString(lines[0]) {
				t.Errorf("stderr %q, want one line %s:%s: ...%s", errs, name, tt.at, tt.msg)
			}
		})
	}
}

// utf16LE is s in UTF-16, little-endian, as Windows PowerShell 5 writes.
func utf16LE(s string) string {
	var b []byte
	for _, u := range utf16.Encode([]rune(s)) {
		b = append(b, byte(u), byte(u>>8))
	}
	return string(b)
}

func slicesContains(s []string, x string) bool {
	for _, v := range s {
		if v == x {
			return true
		}
	}
	return false
}

// A model file for a different CNF is refused with its name, a
// position and exit 2; a good one decodes to the puzzle's own format.
func TestDecode(t *testing.T) {
	solver := testkit.NeedSolver(t, "minisat")
	dir := t.TempDir()
	poj, samurai := filepath.Join(dir, "poj.cnf"), filepath.Join(dir, "samurai.cnf")
	if _, errs, code := runGattai(t, "", "export", "--format", "poj", td("seeds", "poj2676-sample.in"), "-o", poj); code != 0 {
		t.Fatalf("export: exit %d: %s", code, errs)
	}
	if _, errs, code := runGattai(t, "", "export", td("examples", "samurai.txt"), "-o", samurai); code != 0 {
		t.Fatalf("export: exit %d: %s", code, errs)
	}
	model := filepath.Join(dir, "poj.model")
	exec.Command(solver, poj, model).Run() // exits 10 for SAT
	out, errs, code := runGattai(t, "", "decode", poj, model)
	if want := readFile(t, td("seeds", "poj2676-sample.out")); code != 0 || out != want {
		t.Errorf("decode: exit %d, %s\n%s", code, errs, out)
	}
	_, errs, code = runGattai(t, "", "decode", samurai, model)
	if code != exitBadInput || !strings.HasPrefix(errs, "gattai: "+model+": ") || !strings.Contains(errs, "is false") ||
		!strings.Contains(errs, "a model of another CNF?") || strings.Count(errs, "\n") != 1 {
		t.Errorf("decode with another CNF's model: exit %d, %q", code, errs)
	}
}

// A device that never ends (/dev/zero) given as the puzzle file is
// binary at its first byte, whatever the input format, rather than read
// for ever.
func TestEndlessInput(t *testing.T) {
	if _, err := os.Stat("/dev/zero"); err != nil {
		t.Skip("no /dev/zero here")
	}
	for _, format := range []string{"auto", "line", "rows", "canvas", "json", "fpuzzles", "sudokupad"} {
		t.Run(format, func(t *testing.T) {
			testkit.Within(t, 20*time.Second, func() {
				_, errs, code := runGattai(t, "", "count", "--format", format, "/dev/zero")
				if want := "/dev/zero:1:1: binary data, not a puzzle (a NUL byte)\n"; code != exitBadInput || errs != want {
					t.Errorf("exit %d, stderr %q; want %d, %q", code, errs, exitBadInput, want)
				}
			})
		})
	}
}

// A layout file is read up to a bound, not to the end: a huge file, or
// a device that never ends (--layout-file /dev/zero), is refused before
// it fills the memory.
func TestLayoutFileTooLarge(t *testing.T) {
	layout := filepath.Join(t.TempDir(), "padded.json")
	text := `{"size": 9, "grids": [{"at": "r1c1"}]}` + strings.Repeat(" ", maxLayoutFile)
	if err := os.WriteFile(layout, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	puzzle := td("examples", "classic.txt")
	for _, args := range [][]string{
		{"solve", "--layout-file", layout, puzzle},
		{"generate", "--layout-file", layout},
		{"layouts", "show", "--layout-file", layout},
	} {
		_, errs, code := runGattai(t, "", args...)
		if want := "gattai: " + layout + ": beyond limits: a layout file of more than 16 MiB\n"; code != exitBadInput || errs != want {
			t.Errorf("%s: exit %d: %q", args[0], code, errs)
		}
	}
}

// A file that cannot be read is named as the user typed it, relative
// or not, never made absolute.
func TestMissingFileNamedAsTyped(t *testing.T) {
	puzzle := td("examples", "classic.txt")
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"solve", "--layout-file", "no/such.json", puzzle}, "gattai: --layout-file: open no/such.json: no such file or directory\n"},
		{[]string{"layouts", "show", "--layout-file", "no/such.json"}, "gattai: --layout-file: open no/such.json: no such file or directory\n"},
		{[]string{"solve", "--layout-file", "../../testdata", puzzle}, "gattai: --layout-file: read ../../testdata: is a directory\n"},
		{[]string{"decode", "no/such.cnf", "no/such.model"}, "gattai: open no/such.cnf: no such file or directory\n"},
		{[]string{"decode", "../../testdata", "../../testdata"}, "gattai: read ../../testdata: is a directory\n"},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			out, errs, code := runGattai(t, "", tt.args...)
			if code != exitBadInput || out != "" || errs != tt.want {
				t.Errorf("exit %d, %q, stderr %q; want %q", code, out, errs, tt.want)
			}
		})
	}
}

// A note on what a link held is at the file's name as messages show
// names: quoted when it holds a control character, which would reach
// the terminal as it is.
func TestLinkNoteNameShown(t *testing.T) {
	data := strings.Split(readFile(t, filepath.Join("..", "..", "fpuzzles", "testdata", "links.txt")), "\n")[14] + "\n"
	name := filepath.Join(t.TempDir(), "we\x1b[31mird.txt")
	if err := os.WriteFile(name, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	_, errs, _ := runGattai(t, "", "count", name)
	want := strconv.Quote(name) + `:1: note: ignored "activeConstraints"`
	if !strings.HasPrefix(errs, want) {
		t.Errorf("stderr %q, want it to start %q", errs, want)
	}
}

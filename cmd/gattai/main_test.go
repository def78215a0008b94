package main

import (
	"bytes"
	"context"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"gattai/internal/testkit"
	"gattai/layouts"
)

// runGattai runs the CLI in-process and returns its output and exit code.
func runGattai(t *testing.T, stdin string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errb bytes.Buffer
	code = run(context.Background(), args, env{stdin: strings.NewReader(stdin), stdout: &out, stderr: &errb})
	return out.String(), errb.String(), code
}

func td(parts ...string) string {
	return filepath.Join(append([]string{"..", "..", "testdata"}, parts...)...)
}

func readFile(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// The seed Samurai puzzles: solved, unique, each answer passes Check.
func TestSolveSeedSamurai(t *testing.T) {
	for _, name := range []string{"samurai-problem1.txt", "samurai-problem2.txt"} {
		t.Run(name, func(t *testing.T) {
			file := td("seeds", name)
			for _, args := range [][]string{{"solve", "--layout", "samurai", file}, {"solve", file}} {
				out, errs, code := runGattai(t, "", args...)
				if code != 0 {
					t.Fatalf("%v: exit %d: %s", args, code, errs)
				}
				checkCanvas(t, "samurai", readFile(t, file), out)
			}
			out, errs, code := runGattai(t, "", "count", "--layout", "samurai", file)
			if code != 0 || out != "1\n" {
				t.Errorf("count: %q, exit %d, %s", out, code, errs)
			}
		})
	}
}

// checkCanvas reads a puzzle and a printed solution on a built-in layout
// and checks one against the other, and the canvas form of the output.
func checkCanvas(t *testing.T, layout, puzzle, solution string) {
	t.Helper()
	m := testkit.Model(t, layout, 9)
	opts := layouts.ReadOptions{Format: layouts.FormatCanvas, Model: m}
	ps, err := layouts.ReadAll(strings.NewReader(puzzle), opts)
	if err != nil || len(ps) != 1 {
		t.Fatalf("%d puzzles, %v", len(ps), err)
	}
	g := testkit.CheckSolution(t, ps[0], solution, opts)
	if g.String() != solution {
		t.Errorf("output is not the canvas form:\n%s", solution)
	}
}

func TestSolvePOJ(t *testing.T) {
	out, errs, code := runGattai(t, "", "solve", "--format", "poj", td("seeds", "poj2676-sample.in"))
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if want := readFile(t, td("seeds", "poj2676-sample.out")); out != want {
		t.Errorf("got\n%s\nwant\n%s", out, want)
	}
}

// Project Euler 96: the sum of the top-left 3-digit numbers is 24702.
func TestSolveEuler(t *testing.T) {
	out, errs, code := runGattai(t, "", "solve", "--format", "euler", td("euler96.txt"))
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != 500 {
		t.Fatalf("%d lines, want 500", len(lines))
	}
	sum := 0
	for i := 0; i < len(lines); i += 10 {
		if want := fmt.Sprintf("Grid %02d", i/10+1); lines[i] != want {
			t.Fatalf("line %d: %q, want %q", i+1, lines[i], want)
		}
		n, err := strconv.Atoi(lines[i+1][:3])
		if err != nil {
			t.Fatal(err)
		}
		sum += n
	}
	if sum != 24702 {
		t.Errorf("sum %d, want 24702", sum)
	}
}

// Every built-in layout: the example counts 1 and solves to the shipped
// solution; with a given removed that makes it ambiguous, it counts 2+.
func TestExamples(t *testing.T) {
	for _, in := range layouts.Builtins() {
		t.Run(in.Name, func(t *testing.T) {
			file := td("examples", in.Name+".txt")
			out, errs, code := runGattai(t, "", "solve", "--layout", in.Name, file)
			if code != 0 {
				t.Fatalf("solve: exit %d: %s", code, errs)
			}
			if want := readFile(t, td("examples", in.Name+".solution.txt")); out != want {
				t.Errorf("solve:\n%s\nwant\n%s", out, want)
			}
			if out, _, _ := runGattai(t, "", "count", "--layout", in.Name, file); out != "1\n" {
				t.Errorf("count: %q, want 1", out)
			}
			// Every given of a minimal puzzle is needed: dropping the
			// first one leaves several solutions.
			puzzle := readFile(t, file)
			i := strings.IndexAny(puzzle, "123456789")
			ambiguous := puzzle[:i] + "." + puzzle[i+1:]
			if out, errs, _ := runGattai(t, ambiguous, "count", "--layout", in.Name); out != "2+\n" {
				t.Errorf("count without the first given: %q, want 2+ (%s)", out, errs)
			}
		})
	}
}

func TestCountMultiSolution(t *testing.T) {
	out, errs, code := runGattai(t, "", "count", td("serg-multi-200.txt"))
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if want := strings.Repeat("2+\n", 200); out != want {
		t.Errorf("got %q...", out[:min(40, len(out))])
	}
	data := testkit.DataFile(t, "../..", "serg-multi-solution.txt")
	if testing.Short() {
		t.Skip("the full set takes a few seconds")
	}
	out, errs, code = runGattai(t, "", "count", data)
	if code != 0 || out != strings.Repeat("2+\n", 10000) {
		t.Errorf("full set: exit %d, %d lines, %s", code, strings.Count(out, "\n"), errs)
	}
}

func TestExitCodes(t *testing.T) {
	solved := readFile(t, td("examples", "classic.solution.txt"))
	noSolution := "123456780\n000000009\n" + strings.Repeat("000000000\n", 7) // 9 has no place in row 1
	multi := "1" + strings.Repeat(".", 80) + "\n"
	tests := []struct {
		name  string
		stdin string
		args  []string
		code  int
		out   string
		err   string
	}{
		{"solved", solved, []string{"solve"}, exitOK, solved, ""},
		{"no solution", noSolution, []string{"solve"}, exitNoSolution, "# -:1: no solution (--explain says why)\n", "-:1: no solution"},
		{"count no solution", noSolution, []string{"count"}, exitOK, "0\n", ""},
		{"bad symbol", "12345678x" + strings.Repeat("0", 72) + "\n", []string{"solve"}, exitBadInput, "", "-:1:9: "},
		{"unknown layout", "", []string{"solve", "--layout", "nosuch"}, exitBadInput, "", "unknown layout"},
		{"a slip of a layout", "", []string{"solve", "--layout", "samuri"}, exitBadInput, "", `unknown layout "samuri": did you mean samurai?`},
		{"size with a layout file", "", []string{"solve", "--layout-file", td("variants", "killer-classic.json"), "--size", "9"}, exitBadInput, "", "--size and --box shape a built-in layout"},
		{"usage", "", []string{"solve", "--nosuch"}, exitBadInput, "", "unknown flag"},
		{"bad limit", solved, []string{"count", "--limit", "0"}, exitBadInput, "", "--limit"},
		{"several solutions", multi, []string{"solve"}, exitNoSolution, "# -:1: more than one solution (--first prints one, --explain shows where two differ)\n", "-:1: more than one solution"},
		{"several solutions, first", multi, []string{"solve", "--first"}, exitOK, "", ""},
		{"count bad symbol", "12345678x" + strings.Repeat("0", 72) + "\n", []string{"count"}, exitBadInput, "# -:1:9: unknown symbol 'x' in a 9x9 grid, which has 1-9\n", "-:1:9: "},
		{"negative timeout", solved, []string{"solve", "--timeout=-1s"}, exitBadInput, "", "--timeout -1s: must not be negative"},
		{"negative jobs", solved, []string{"solve", "--jobs=-3"}, exitBadInput, "", "--jobs -3: must not be negative"},
		{"huge jobs", solved, []string{"solve", "--jobs", strconv.Itoa(math.MaxInt)}, exitOK, solved, ""},
		{"no solver", solved + "\n" + solved, []string{"solve", "--engine", "external", "--solver", "gattai-no-such-solver"}, exitBadInput, "", "gattai: --solver gattai-no-such-solver: executable file not found in $PATH\n"},
		{"solver with arguments", solved, []string{"solve", "--engine", "external", "--solver", "gattai-no-such-solver -q"}, exitBadInput, "", "gattai: --solver \"gattai-no-such-solver -q\": executable file not found in $PATH (it takes a program, not its arguments: put them in a script that runs it)\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errs, code := runGattai(t, tt.stdin, tt.args...)
			if code != tt.code {
				t.Errorf("exit %d, want %d (stderr %s)", code, tt.code, errs)
			}
			if tt.out != "" && out != tt.out {
				t.Errorf("stdout %q, want %q", out, tt.out)
			}
			if !strings.Contains(errs, tt.err) {
				t.Errorf("stderr %q, want it to contain %q", errs, tt.err)
			}
		})
	}
}

func TestLayoutsCommand(t *testing.T) {
	out, _, code := runGattai(t, "", "layouts")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	for _, in := range layouts.Builtins() {
		if !strings.Contains(out, in.Name) {
			t.Errorf("layouts does not list %s", in.Name)
		}
	}
	if !strings.Contains(out, "samurai    5      369") {
		t.Errorf("samurai line lacks grids and cells:\n%s", out)
	}
	// --box alone sets the size, as in solve.
	if out, errs, code := runGattai(t, "", "layouts", "list", "--box", "2x3"); code != 0 || !strings.Contains(out, "classic    1      36") {
		t.Errorf("list --box 2x3: exit %d: %s\n%s", code, errs, out)
	}
	out, _, code = runGattai(t, "", "layouts", "show", "samurai")
	if code != 0 || !strings.Contains(out, "grid 5 at r13c13") || strings.Contains(out, "constraints") {
		t.Errorf("show: exit %d\n%s", code, out)
	}
	// A layout file's constraints are counted by kind.
	out, _, code = runGattai(t, "", "layouts", "show", "--layout-file", td("variants", "killer-samurai.json"))
	if code != 0 || !strings.Contains(out, "\n  constraints: 109 killer\n") {
		t.Errorf("show --layout-file: exit %d\n%s", code, out)
	}
	file, _, code := runGattai(t, "", "layouts", "show", "samurai", "--as-file")
	if code != 0 {
		t.Fatalf("show --as-file: exit %d", code)
	}
	name := filepath.Join(t.TempDir(), "samurai.json")
	if err := os.WriteFile(name, []byte(file), 0o644); err != nil {
		t.Fatal(err)
	}
	seed := td("seeds", "samurai-problem1.txt")
	a, _, _ := runGattai(t, "", "solve", "--layout-file", name, seed)
	b, _, _ := runGattai(t, "", "solve", "--layout", "samurai", seed)
	if a != b || a == "" {
		t.Errorf("the layout file solves differently from the built-in")
	}
}

// Output is written atomically: no file when the run fails.
func TestOutputFile(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "out.txt")
	if _, errs, code := runGattai(t, "", "solve", "-o", name, td("examples", "classic.txt")); code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if got, want := readFile(t, name), readFile(t, td("examples", "classic.solution.txt")); got != want {
		t.Errorf("file holds %q", got)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("%d files left in the directory, want 1", len(entries))
	}
	// A run cut short by --timeout leaves no file, not half of one.
	cut := filepath.Join(dir, "cut.txt")
	empty := strings.Repeat(".", 625) + "\n"
	if _, _, code := runGattai(t, empty, "count", "-o", cut, "--engine", "backtrack", "--limit", "1000000000", "--timeout", "50ms"); code != exitTimeout {
		t.Errorf("exit %d, want %d", code, exitTimeout)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("after a timeout, the directory holds %d files, want 1", len(entries))
	}
}

// Shell completion: gattai answers the shell's COMP_LINE with the
// commands and flags that fit, serve's included, and prints the line
// that installs it.
func TestCompletion(t *testing.T) {
	for _, tc := range []struct{ line, want string }{
		{"gattai solve --to s", "sudokupad svg"},
		{"gattai solve --layout s", "samurai shogun sohei sumo"},
		{"gattai layouts show tw", "twodoku"},
		{"gattai generate --kinds killer,th", "killer,thermo"},
		{"gattai generate --kinds killer,thermo,killer", ""}, // each kind once
		{"gattai count --encoding b", "binary"},
		{"gattai count --sum-encoding c", "combinations counter"},
		// serve passes its arguments through: the completer knows
		// gattai-serve's flags and their values all the same.
		{"gattai serve --ma", "--max-body"},
		{"gattai serve --jobs 2 --engine ", "auto backtrack sat"},
		{"gattai serve --ver", "--verbose --version"},
	} {
		t.Setenv("COMP_LINE", tc.line)
		out, _, code := runGattai(t, "", "ignored")
		got := strings.Fields(out) // in the completer's own order
		slices.Sort(got)
		if code != 0 || strings.Join(got, " ") != tc.want {
			t.Errorf("completing %q: exit %d, %q; want %q", tc.line, code, out, tc.want)
		}
	}
	t.Setenv("COMP_LINE", "")
	os.Unsetenv("COMP_LINE")
	for _, sh := range []string{"bash", "zsh", "fish"} {
		out, _, code := runGattai(t, "", "completion", sh)
		if code != 0 || !strings.Contains(out, "gattai") {
			t.Errorf("completion %s: exit %d, %q", sh, code, out)
		}
	}
}

// Every command says when standard output cannot be written, also those
// that print without a run's output: exit 2, one line.
func TestStdoutWriteFails(t *testing.T) {
	for _, args := range [][]string{
		{"--version"},
		{"completion", "bash"},
		{"layouts", "list"},
		{"layouts", "kinds"},
		{"layouts", "show", "samurai"},
		{"layouts", "show", "--as-file", "samurai"},
		{"solve", td("examples", "classic.txt")},
	} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			var errs bytes.Buffer
			code := run(context.Background(), args, env{stdin: strings.NewReader(""), stdout: full{}, stderr: &errs})
			if code != exitBadInput || errs.String() != "gattai: writing standard output: no space left on device\n" {
				t.Errorf("exit %d: %q", code, errs.String())
			}
		})
	}
}

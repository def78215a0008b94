package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"gattai/internal/testkit"
	"gattai/layouts"
	"gattai/report"
)

// A file of 1,000 puzzles with 10 broken ones: 990 solved, 10 reported
// with their line numbers, one record each, in order, exit code 2.
func TestBatchWithBrokenPuzzles(t *testing.T) {
	var good []string
	for _, l := range strings.Split(readFile(t, td("top1465-200.txt")), "\n") {
		if len(l) == 81 {
			good = append(good, l)
		}
	}
	broken := map[int]bool{}
	for _, i := range []int{0, 37, 99, 150, 151, 420, 512, 777, 901, 999} {
		broken[i] = true
	}
	var in strings.Builder
	in.WriteString("# 1000 puzzles, 10 broken\n")
	for i := range 1000 {
		p := good[i%len(good)]
		if broken[i] {
			p = p[:40] + "x" + p[41:] // an unknown symbol at column 41
		}
		in.WriteString(p + "\n")
	}
	name := filepath.Join(t.TempDir(), "batch.txt")
	if err := os.WriteFile(name, []byte(in.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, jobs := range []string{"1", "2"} {
		t.Run("jobs "+jobs, func(t *testing.T) {
			out, errs, code := runGattai(t, "", "solve", "--jobs", jobs, name)
			if code != exitBadInput {
				t.Errorf("exit %d, want %d", code, exitBadInput)
			}
			lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
			if len(lines) != 1000 {
				t.Fatalf("%d records, want 1000", len(lines))
			}
			for i, l := range lines {
				want := fmt.Sprintf("# %s:%d:41: unknown symbol 'x'", name, i+2)
				switch {
				case broken[i] && !strings.HasPrefix(l, want):
					t.Errorf("record %d: %q, want it to start %q", i+1, l, want)
				case !broken[i] && (len(l) != 81 || strings.Contains(l, ".")):
					t.Errorf("record %d: %q is not a solution", i+1, l)
				}
			}
			reported := regexp.MustCompile(`(?m)^`+regexp.QuoteMeta(name)+`:\d+:41: unknown symbol`).FindAllString(errs, -1)
			if len(reported) != 10 {
				t.Errorf("%d errors on stderr, want 10:\n%s", len(reported), errs)
			}
		})
	}
}

// --timeout returns on time with exit 3 even where the engine cannot be
// interrupted: counting the solutions of an empty grid never ends.
func TestTimeout(t *testing.T) {
	tests := []struct {
		name string
		args []string
		in   string
	}{
		{"backtrack", []string{"count", "--engine", "backtrack", "--limit", "1000000000"}, strings.Repeat(".", 625) + "\n"},
		{"sat", []string{"count", "--engine", "sat", "--no-verify", "--limit", "1000000000"}, strings.Repeat(".", 256) + "\n"},
		{"solve sat 25x25", []string{"solve", "--engine", "sat", "--encoding", "binary"}, strings.Repeat(".", 625) + "\n"},
	}
	if _, err := exec.LookPath("cadical"); err == nil {
		tests = append(tests, struct {
			name string
			args []string
			in   string
		}{"external", []string{"count", "--engine", "external", "--solver", "cadical", "--no-verify", "--limit", "1000000000"}, strings.Repeat(".", 256) + "\n"})
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			start := time.Now()
			_, errs, code := runGattai(t, tt.in, append(tt.args, "--timeout", "100ms")...)
			took := time.Since(start)
			if code != exitTimeout || !strings.Contains(errs, "timed out after 100ms") {
				t.Errorf("exit %d, stderr %q; want %d and a timeout message", code, errs, exitTimeout)
			}
			if took > 3*time.Second {
				t.Errorf("took %v, want under 3s", took)
			}
		})
	}
}

// explain finds a minimal set of contradictory givens in a samurai with
// one wrong given, quickly.
// For a puzzle with several solutions, explain and solve --explain say
// where two of them differ, draw the first with those cells empty, and
// exit 1; the drawing has several solutions, and one given fewer
// empty cell leaves one.
func TestExplainSeveral(t *testing.T) {
	puzzle := readFile(t, td("examples", "classic.txt"))
	puzzle = strings.Replace(puzzle, "8", ".", 1) // the example is minimal: now it has several
	out, errs, code := runGattai(t, puzzle, "explain")
	if code != exitNoSolution || errs != "" {
		t.Fatalf("exit %d, want %d: %s", code, exitNoSolution, errs)
	}
	first, drawn, _ := strings.Cut(out, "\n")
	head := regexp.MustCompile(`^-:1: several solutions: two differ only in these (\d+) cells \(a given in any one of them rules the second out\): ((r\dc\d=\d\|\d ?)+)$`).FindStringSubmatch(first)
	if head == nil {
		t.Fatalf("first line %q", first)
	}
	cells := strings.Fields(head[2])
	if strconv.Itoa(len(cells)) != head[1] || strings.Count(drawn, ".") != len(cells) {
		t.Errorf("%s cells named, %d listed, %d drawn empty", head[1], len(cells), strings.Count(drawn, "."))
	}
	if out, _, _ := runGattai(t, drawn, "count"); out != "2+\n" {
		t.Errorf("the drawing counts %q, want 2+", out)
	}
	// Either solution's digit in the first cell leaves one.
	at := regexp.MustCompile(`^r(\d)c(\d)=(\d)\|(\d)$`).FindStringSubmatch(cells[0])
	r, c := int(at[1][0]-'1'), int(at[2][0]-'1')
	rows := strings.Split(drawn, "\n")
	for _, d := range at[3:] {
		one := slices.Clone(rows)
		one[r] = one[r][:c] + d + one[r][c+1:]
		if out, _, _ := runGattai(t, strings.Join(one, "\n"), "count"); out != "1\n" {
			t.Errorf("with r%dc%d=%s the drawing counts %q, want 1", r+1, c+1, d, out)
		}
	}
	out2, _, code := runGattai(t, puzzle, "solve", "--explain")
	if code != exitNoSolution || out2 != "# -:1: more than one solution (--first prints one)\n"+out {
		t.Errorf("solve --explain: exit %d, %q", code, out2)
	}
	// The same as JSON: status multiple, the cells in ambiguous.
	js, _, code := runGattai(t, puzzle, "explain", "--to", "json")
	var rec report.Record
	if err := json.Unmarshal([]byte(js), &rec); err != nil || code != exitNoSolution || rec.Status != report.Multiple || strings.Join(rec.Ambiguous, " ") != head[2] {
		t.Errorf("explain --to json: exit %d, %q, %v", code, js, err)
	}
	// solve --explain --to json holds them too.
	js, _, code = runGattai(t, puzzle, "solve", "--explain", "--to", "json")
	rec = report.Record{}
	if err := json.Unmarshal([]byte(js), &rec); err != nil || code != exitNoSolution || rec.Status != report.Multiple || strings.Join(rec.Ambiguous, " ") != head[2] {
		t.Errorf("solve --explain --to json: exit %d, %q, %v", code, js, err)
	}
}

func TestExplain(t *testing.T) {
	puzzle := readFile(t, td("seeds", "samurai-problem1.txt"))
	solution, _, code := runGattai(t, puzzle, "solve")
	if code != 0 {
		t.Fatal("the seed does not solve")
	}
	// Give an empty cell of the centre grid a wrong digit that no given
	// contradicts directly: only search finds that it has no solution.
	rows, sol := strings.Split(puzzle, "\n"), strings.Split(solution, "\n")
	r, c := 10, 8
	if rows[r][c] != '.' {
		t.Fatalf("r%dc%d is not empty", r+1, c+1)
	}
	var bad string
	var wrong byte
	for d := byte('1'); d <= '9' && bad == ""; d++ {
		edited := slices.Clone(rows)
		edited[r] = rows[r][:c] + string(d) + rows[r][c+1:]
		text := strings.Join(edited, "\n")
		if out, _, code := runGattai(t, text, "count"); d != sol[r][c] && code == 0 && out == "0\n" {
			bad, wrong = text, d
		}
	}
	if bad == "" {
		t.Fatal("no wrong digit at that cell reads without a direct conflict")
	}

	start := time.Now()
	out, errs, code := runGattai(t, bad, "explain")
	took := time.Since(start)
	if code != exitNoSolution {
		t.Fatalf("exit %d, want %d: %s", code, exitNoSolution, errs)
	}
	if took > 5*time.Second {
		t.Errorf("explain took %v, want under 5s", took)
	}
	first, drawn, _ := strings.Cut(out, "\n")
	if !strings.Contains(first, fmt.Sprintf("r%dc%d=%c", r+1, c+1, wrong)) {
		t.Errorf("the wrong given is not in the explanation: %s", first)
	}
	js, _, code := runGattai(t, bad, "explain", "--to", "json")
	var rec report.Record
	if err := json.Unmarshal([]byte(js), &rec); err != nil || code != exitNoSolution || rec.Status != report.None ||
		!strings.HasSuffix(first, ": "+strings.Join(rec.Core, " ")) {
		t.Errorf("explain --to json: exit %d, %q, %v; the text says %s", code, js, err, first)
	}
	js, _, code = runGattai(t, bad, "solve", "--explain", "--to", "json")
	want := rec.Core
	rec = report.Record{}
	if err := json.Unmarshal([]byte(js), &rec); err != nil || code != exitNoSolution || rec.Status != report.None || !slices.Equal(rec.Core, want) {
		t.Errorf("solve --explain --to json: exit %d, %q, %v; explain's core %q", code, js, err, want)
	}
	// The drawn givens have no solution; dropping any one of them gives one.
	if out, _, _ := runGattai(t, drawn, "count", "--layout", "samurai"); out != "0\n" {
		t.Errorf("the explanation counts %q, want 0", out)
	}
	m := testkit.Model(t, "samurai", 9)
	ps, err := layouts.ReadAll(strings.NewReader(drawn), layouts.ReadOptions{Format: layouts.FormatCanvas, Model: m})
	if err != nil {
		t.Fatal(err)
	}
	core := ps[0]
	for cell, d := range core.Givens {
		if d == 0 {
			continue
		}
		core.Givens[cell] = 0
		if out, _, _ := runGattai(t, core.String(), "count", "--layout", "samurai", "--limit", "1"); out != "1+\n" {
			t.Errorf("without %s the rest still has no solution: not minimal", m.Cells[cell])
		}
		core.Givens[cell] = d
	}
	t.Logf("explain: %v, %s", took, first)
}

// TestExplainOneGiven: a core of one given is said as one ("these 1
// givens cannot all hold" before).
func TestExplainOneGiven(t *testing.T) {
	// The killer's first empty cell given a wrong digit, which its
	// cages rule out whatever the other givens: the core is that one.
	layout := td("variants", "killer-classic.json")
	puzzle := readFile(t, td("variants", "killer-classic.txt"))
	sol := strings.ReplaceAll(readFile(t, td("variants", "killer-classic.solution.txt")), "\n", "")
	cells := strings.ReplaceAll(puzzle, "\n", "")
	i := strings.IndexByte(cells, '.')
	bad := []byte(puzzle)
	wrong := (sol[i]-'0')%9 + '1'
	bad[i+i/9] = wrong // the canvas has a newline after every 9 cells
	out, errs, code := runGattai(t, string(bad), "explain", "--layout-file", layout)
	first, _, _ := strings.Cut(out, "\n")
	want := fmt.Sprintf("-:1: no solution: the given r%dc%d=%c cannot hold (without it the rest can)", i/9+1, i%9+1, wrong)
	if code != exitNoSolution || first != want {
		t.Errorf("explain: exit %d, %q, %s; want %q", code, first, errs, want)
	}
}

// generate timed out with no puzzle made says how to stop sooner, when
// it was making minimal puzzles.
func TestGenerateTimeoutHint(t *testing.T) {
	args := []string{"generate", "--layout", "twodoku", "--kinds", "nonconsecutive", "--seed", "1"}
	_, errs, code := runGattai(t, "", append(args, "--timeout", "200ms")...)
	if code != exitTimeout || !strings.Contains(errs, "--min-givens") {
		t.Errorf("minimal: exit %d, stderr %q; want %d and --min-givens named", code, errs, exitTimeout)
	}
	_, errs, code = runGattai(t, "", append(args, "--min-givens", "40", "--timeout", "1ns")...)
	if code != exitTimeout || strings.Contains(errs, "--min-givens") {
		t.Errorf("--min-givens 40: exit %d, stderr %q; want %d and no advice", code, errs, exitTimeout)
	}
}

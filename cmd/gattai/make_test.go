package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// generate: the same seed gives the same bytes whatever --jobs and
// --engine are; each
// puzzle has exactly one solution by both engines; without --seed the
// seed used is printed first.
func TestGenerate(t *testing.T) {
	for _, layout := range []string{"classic", "samurai"} {
		one, errs, code := runGattai(t, "", "generate", "--layout", layout, "--count", "4", "--seed", "7", "--jobs", "1")
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", layout, code, errs)
		}
		four, _, _ := runGattai(t, "", "generate", "--layout", layout, "--count", "4", "--seed", "7", "--jobs", "4")
		if one != four {
			t.Errorf("%s: --jobs 1 and --jobs 4 differ", layout)
		}
		// The grids are completed by the native engine whatever --engine
		// counts with (README: the same bytes whatever --engine is).
		if sat, errs, _ := runGattai(t, "", "generate", "--layout", layout, "--count", "4", "--seed", "7", "--engine", "sat"); sat != one {
			t.Errorf("%s: --engine sat and backtrack differ: %s", layout, errs)
		}
		for _, engine := range []string{"backtrack", "sat"} {
			counts, errs, code := runGattai(t, one, "count", "--layout", layout, "--engine", engine)
			if code != 0 || counts != "1\n1\n1\n1\n" {
				t.Errorf("%s by %s: %q, exit %d, %s", layout, engine, counts, code, errs)
			}
		}
	}
	out, _, code := runGattai(t, "", "generate")
	if code != 0 || !regexp.MustCompile(`^# seed \d+\n[.1-9]{81}\n$`).MatchString(out) {
		t.Errorf("no seed: exit %d, %q", code, out)
	}
	// With kinds, the rules travel in a link.
	link, errs, code := runGattai(t, "", "generate", "--kinds", "killer", "--seed", "3")
	if code != 0 || !strings.HasPrefix(link, "https://f-puzzles.com/?load=") {
		t.Fatalf("--kinds killer: exit %d, %q, %s", code, link, errs)
	}
	if out, errs, code := runGattai(t, link, "count"); code != 0 || out != "1\n" {
		t.Errorf("the killer link counts %q, exit %d, %s", out, code, errs)
	}
	// Kropki dots of other values have no f-puzzles form: a SudokuPad
	// link carries them, their values written in the dots (this failed
	// with exit 2 on every seed). gattai does not read such dots back:
	// a number in a dot means other things to other setters.
	link, errs, code = runGattai(t, "", "generate", "--kinds", "kropki-values", "--seed", "1")
	if code != 0 || !strings.HasPrefix(link, "https://sudokupad.app/") || strings.Count(link, "\n") != 1 {
		t.Fatalf("--kinds kropki-values: exit %d, %q, %s", code, link, errs)
	}
	// A SudokuPad link holds the solution, so that SudokuPad checks the
	// answer: the link is solve's of the same puzzle, byte for byte. An
	// f-puzzles link holds none: f-puzzles would open on the solved grid.
	for _, args := range [][]string{{"--kinds", "kropki-values"}, {"--layout", "samurai", "--kinds", "killer"}, {"--layout", "samurai"}, {}} {
		args = append(args, "--seed", "1")
		link, _, _ := runGattai(t, "", append([]string{"generate", "--to", "sudokupad"}, args...)...)
		js, _, _ := runGattai(t, "", append([]string{"generate", "--to", "json"}, args...)...)
		solved, errs, code := runGattai(t, js, "solve", "--to", "sudokupad")
		if code != 0 || link != solved {
			t.Errorf("%v: generate's link\n%s\nsolve's (exit %d, %s)\n%s", args, link, code, errs, solved)
		}
	}
	link, _, _ = runGattai(t, "", "generate", "--to", "fpuzzles", "--seed", "1")
	if out, errs, _ := runGattai(t, link, "solve"); strings.Contains(errs, "not given") {
		t.Errorf("the f-puzzles link holds digits not given: %s%s", out, errs)
	}
	// A rating that no puzzle has: the tries run out, and the message
	// says what to change.
	if _, errs, code := runGattai(t, "", "generate", "--rating", "11.6-12", "--tries", "3", "--seed", "1"); code != exitBadInput || !strings.Contains(errs, "within the tries (3)") || !strings.Contains(errs, "--tries") {
		t.Errorf("--rating out of reach: exit %d, %s", code, errs)
	}
	if _, errs, code := runGattai(t, "", "generate", "--tries=-1"); code != exitBadInput || !strings.Contains(errs, "--tries") {
		t.Errorf("--tries=-1: exit %d, %s", code, errs)
	}
	if _, errs, code := runGattai(t, "", "generate", "--kinds", "killer", "--to", "line"); code != exitBadInput || !strings.Contains(errs, "would lose the rules") {
		t.Errorf("--kinds with --to line: exit %d, %s", code, errs)
	}
}

// rate, hint and steps: one line per puzzle, the next step, the path;
// a puzzle with several solutions has no logical path.
func TestLogic(t *testing.T) {
	classic := td("examples", "classic.txt")
	out, errs, code := runGattai(t, "", "rate", classic, td("top1465-200.txt"))
	lines := strings.Split(strings.TrimSpace(out), "\n")
	rating := regexp.MustCompile(`^\d+\.\d (easy|medium|hard|expert|extreme) [a-z0-9 +-]+$`)
	if code != 0 || len(lines) != 201 {
		t.Fatalf("rate: exit %d, %d lines, %s", code, len(lines), errs)
	}
	for _, l := range lines {
		if !rating.MatchString(l) {
			t.Errorf("rate: %q", l)
		}
	}
	if out, _, code := runGattai(t, "", "hint", td("seeds", "samurai-problem1.txt")); code != 0 || !regexp.MustCompile(`^[a-z -]+: r\d+c\d+ (=|<>) \d`).MatchString(out) {
		t.Errorf("hint: exit %d, %q", code, out)
	}
	out, _, code = runGattai(t, "", "steps", classic)
	if code != 0 || !strings.HasPrefix(out, "# "+classic+":1\n") || !strings.Contains(out, "\n# solved: ") {
		t.Errorf("steps: exit %d, %q", code, out)
	}
	// A unique rectangle settles this one, unless told to do without.
	ur := ".................1..2..3.4......2.....5..43...1......6..4...2...7..1.....8..6...7\n"
	if out, _, code := runGattai(t, ur, "rate"); code != 0 || out != "4.5 hard unique rectangle type 1\n" {
		t.Errorf("rate: exit %d, %q", code, out)
	}
	if out, _, code := runGattai(t, ur, "rate", "--no-uniqueness"); code != 0 || out != "7.3 expert aic\n" {
		t.Errorf("rate --no-uniqueness: exit %d, %q", code, out)
	}
	// A nudge names the technique and where to look, not the digit.
	if out, _, code := runGattai(t, ur, "hint", "--nudge"); code != 0 || out != "hidden single: look at column 2\n" {
		t.Errorf("hint --nudge: exit %d, %q", code, out)
	}
	multi := "1" + strings.Repeat(".", 80) + "\n"
	if out, _, code := runGattai(t, multi, "rate"); code != exitNoSolution || out != "# -:1: more than one solution: no logical path (gattai explain shows where two differ)\n" {
		t.Errorf("rate of a puzzle with several solutions: exit %d, %q", code, out)
	}
	if out, _, code := runGattai(t, "", "steps", "--to", "json", classic); code != 0 || !strings.Contains(out, `"steps":[{"technique":`) || !strings.Contains(out, `"rating":{"score":`) {
		t.Errorf("steps --to json: exit %d, %.200s", code, out)
	}
}

// A bad flag of generate is refused by name before anything is written:
// no "# seed" line on standard output, no seed note on standard error.
func TestGenerateBadFlags(t *testing.T) {
	for _, tc := range []struct {
		args []string
		msg  string
	}{
		{[]string{"--min-givens=-5"}, "gattai: --min-givens -5: must not be negative (0 is the default: minimal)\n"},
		{[]string{"--min-givens", "81"}, "gattai: --min-givens 81: must be below the layout's 81 cells\n"},
		{[]string{"--size", "4", "--min-givens", "1000"}, "gattai: --min-givens 1000: must be below the layout's 16 cells\n"},
		{[]string{"--seed=-5"}, "gattai: --seed \"-5\": want a whole number from 0 to 18446744073709551615\n"},
		{[]string{"--rating", "nan-nan"}, "gattai: --rating \"nan-nan\": want MIN-MAX, e.g. 2.5-4\n"},
		{[]string{"--rating", "1-nan"}, "gattai: --rating \"1-nan\": want MIN-MAX, e.g. 2.5-4\n"},
		{[]string{"--rating", "0-0"}, "gattai: --rating \"0-0\": MAX must be above 0 (a full house, the lightest step, weighs 1.0)\n"},
		{[]string{"--kinds", "nosuch", "--to", "json"}, "gattai: --kinds: unknown kind \"nosuch\" (want some of " + genKinds() + ")\n"},
		{[]string{"--kinds", "killer,", "--to", "json"}, "gattai: --kinds: unknown kind \"\" (want some of " + genKinds() + ")\n"},
		{[]string{"--kinds", "killer,thermo,killer", "--to", "json"}, "gattai: --kinds: killer given twice\n"},
		// Said before the first puzzle is made, not after: minutes on a
		// big layout.
		{[]string{"--kinds", "killer,xv", "--difficulty", "easy", "--to", "json"}, "gattai: --kinds xv: its rule cannot be rated yet, so --difficulty and --rating cannot choose its puzzles\n"},
		{[]string{"--kinds", "arrow", "--rating", "1-3", "--to", "json"}, "gattai: --kinds arrow: its rule cannot be rated yet, so --difficulty and --rating cannot choose its puzzles\n"},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			out, errs, code := runGattai(t, "", append([]string{"generate"}, tc.args...)...)
			if code != exitBadInput || out != "" || errs != tc.msg {
				t.Errorf("exit %d, %q, %q", code, out, errs)
			}
		})
	}
}

// A --to format that cannot hold the layout is refused before the first
// puzzle is made, which takes minutes on a big layout.
func TestGenerateToUnfitLayout(t *testing.T) {
	for _, tc := range []struct {
		args []string
		msg  string
	}{
		{[]string{"--layout", "sumo", "--size", "25", "--to", "poj"}, "gattai: --to poj: the poj format holds a single grid, and layout sumo has 13\n"},
		{[]string{"--layout", "samurai", "--size", "16", "--to", "rows"}, "gattai: --to rows: the rows format holds a single grid, and layout samurai has 5\n"},
		{[]string{"--layout", "samurai", "--size", "16", "--to", "fpuzzles"}, "gattai: --to fpuzzles: not supported: f-puzzles holds one grid, layout \"samurai\" has 5\n"},
		{[]string{"--layout", "samurai", "--size", "16", "-n", "2", "--to", "svg"}, "gattai: several puzzles: name the files with -o (out.ext becomes out-001.ext, ...)\n"},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			out, errs, code := runGattai(t, "", append([]string{"generate", "--seed", "1", "--timeout", "3s"}, tc.args...)...)
			if code != exitBadInput || out != "" || errs != tc.msg {
				t.Errorf("exit %d, %q, %q", code, out, errs)
			}
		})
	}
}

// firstWrite is an output whose reader stops the run at its first
// write, as a user would with Ctrl-C on seeing the first puzzle.
type firstWrite struct {
	bytes.Buffer
	stop context.CancelFunc
}

func (w *firstWrite) Write(b []byte) (int, error) {
	w.stop()
	return w.Buffer.Write(b)
}

// Puzzles stream as they are made: the first reaches the output before
// the second is made, however few bytes it has.
func TestGenerateStreams(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	out := &firstWrite{stop: cancel}
	var errs bytes.Buffer
	code := run(ctx, []string{"generate", "--size", "4", "--seed", "1", "-n", "100", "--jobs", "1"}, env{stdin: strings.NewReader(""), stdout: out, stderr: &errs})
	if want := "1.2......1.3....\n"; code != exitTimeout || out.String() != want || errs.String() != "gattai: interrupted with 1 puzzle made\n" {
		t.Errorf("exit %d, %q, %q; want exit %d, %q", code, out.String(), errs.String(), exitTimeout, want)
	}
}

// writes counts the writes an output gets.
type writes struct {
	bytes.Buffer
	n int
}

func (w *writes) Write(b []byte) (int, error) {
	w.n++
	return w.Buffer.Write(b)
}

// rate, hint and steps write each puzzle's record as it is done, not
// held until the run ends: a puzzle can take seconds to rate.
func TestLogicStreams(t *testing.T) {
	three := "...3.6...78....2..2..1.7..6..52.....1...6.7....7...8....28.31...3.7..4.5.9.......\n" +
		"..4.7......6.4.9....85..2..5..26.48..8......1....54....7..3..6........7.......8.4\n" +
		"...5......69.34..2..4.9.8.......7.2.9..1...5...2......748.....9...9..3......7.6..\n"
	for _, cmd := range []string{"rate", "hint", "steps"} {
		for _, to := range []string{"auto", "json"} {
			t.Run(cmd+"/"+to, func(t *testing.T) {
				out := &writes{}
				var errs bytes.Buffer
				code := run(context.Background(), []string{cmd, "--jobs", "1", "--to", to}, env{stdin: strings.NewReader(three), stdout: out, stderr: &errs})
				if code != 0 || out.n != 3 {
					t.Errorf("exit %d, %d writes for 3 puzzles, %s", code, out.n, errs.String())
				}
			})
		}
	}
}

// full is an output that takes nothing, as a full disk.
type full struct{}

func (full) Write([]byte) (int, error) { return 0, errors.New("no space left on device") }

// A record that cannot be written ends the run at once, not after the
// puzzles left are rated: here one that takes minutes.
func TestLogicWriteFails(t *testing.T) {
	in := `{"puzzle":"...3.6...78....2..2..1.7..6..52.....1...6.7....7...8....28.31...3.7..4.5.9.......\n"}` + "\n" +
		`{"puzzle":".............7...............5..3....6..................6..7................5....\n","layout":{"name":"classic","size":9,"grids":[{"at":"r1c1"}],"constraints":[{"kind":"nonconsecutive"}]}}` + "\n"
	var errs bytes.Buffer
	code := run(context.Background(), []string{"rate", "--jobs", "1", "--timeout", "3s"}, env{stdin: strings.NewReader(in), stdout: full{}, stderr: &errs})
	if code != exitBadInput || errs.String() != "gattai: writing standard output: no space left on device\n" {
		t.Errorf("exit %d, %q", code, errs.String())
	}
}

// generate's help words the shared flags for making puzzles: none are
// solved, no record says "timed out", and --to auto mirrors no input.
func TestGenerateHelpWording(t *testing.T) {
	gen, _, _ := runGattai(t, "", "generate", "--help")
	solve, _, _ := runGattai(t, "", "solve", "--help")
	flat := func(s string) string { return strings.Join(strings.Fields(s), " ") }
	gen, solve = flat(gen), flat(solve)
	for _, want := range []string{"Puzzles made at once", "the puzzles made by then are printed", "auto is line for one grid and canvas for several"} {
		if !strings.Contains(gen, want) {
			t.Errorf("generate --help lacks %q", want)
		}
	}
	for _, want := range []string{"Puzzles solved at once", "puzzles read but not finished get a 'timed out' record", "auto mirrors the input"} {
		if !strings.Contains(solve, want) {
			t.Errorf("solve --help lacks %q", want)
		}
	}
}

// A random seed is below 2^53: a JSON reader whose numbers are doubles
// (jq, JavaScript) reads the record's seed exactly, and the seed makes
// the same puzzle again.
func TestGenerateRandomSeedJSON(t *testing.T) {
	for range 5 {
		out, errs, code := runGattai(t, "", "generate", "--size", "4", "--to", "json")
		var rec struct {
			Input  string
			Seed   float64
			Puzzle string
		}
		if err := json.Unmarshal([]byte(out), &rec); err != nil || code != 0 {
			t.Fatalf("exit %d, %q, %v, %s", code, out, err, errs)
		}
		seed := strconv.FormatFloat(rec.Seed, 'f', -1, 64)
		if rec.Input != "seed "+seed+" #1" || errs != "gattai: seed "+seed+"\n" {
			t.Fatalf("the seed read as a double, %s, is not the seed: %q, %q", seed, rec.Input, errs)
		}
		again, _, _ := runGattai(t, "", "generate", "--size", "4", "--to", "json", "--seed", seed)
		if again != out {
			t.Errorf("--seed %s makes %q, want %q", seed, again, out)
		}
	}
}

// count's help names the --to formats count writes, and only those: a
// format it names is taken, and one it refuses is not named.
func TestCountHelpFormats(t *testing.T) {
	help, _, _ := runGattai(t, "", "count", "--help")
	_, text, _ := strings.Cut(strings.Join(strings.Fields(help), " "), "--to=")
	text, _, _ = strings.Cut(text, "--limit")
	for _, to := range toFormats {
		_, errs, code := runGattai(t, "12..\n34..\n....\n....\n", "count", "--to", to)
		if named := strings.Contains(text, to); named != (code == 0) {
			t.Errorf("--to %s: named in the help %v, exit %d %s: %s", to, named, code, errs, text)
		}
	}
}

// Formats that hold no comments get no "# seed" line (the seed goes to
// standard error), and Euler's headers are numbered as in Project
// Euler's file; a full grid rates with "none" for its hardest step, not
// an empty last field.
func TestGenerateFormatsWithoutComments(t *testing.T) {
	for _, to := range []string{"poj", "euler"} {
		out, errs, code := runGattai(t, "", "generate", "--size", "4", "-n", "2", "--to", to)
		if code != 0 || strings.Contains(out, "#") || !strings.HasPrefix(errs, "gattai: seed ") {
			t.Errorf("--to %s: exit %d, %q, %q", to, code, out, errs)
		}
		if to == "euler" && (!strings.HasPrefix(out, "Grid 01\n") || !strings.Contains(out, "\nGrid 02\n")) {
			t.Errorf("--to euler: headers not numbered: %q", out)
		}
	}
	if out, _, code := runGattai(t, "1234341221434321\n", "rate"); code != 0 || out != "0.0 easy none\n" {
		t.Errorf("rate of a full grid: exit %d, %q", code, out)
	}
}

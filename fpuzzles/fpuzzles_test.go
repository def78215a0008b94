package fpuzzles

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"gattai/internal/testkit"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"gattai/backtrack"
	"gattai/internal/linktest"
	"gattai/layouts"
	"gattai/lzstring"
)

// realLinks are the links of testdata/links.txt, with their source
// comments dropped.
func realLinks(t testing.TB) []string {
	f, err := os.Open("testdata/links.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		if s := strings.TrimSpace(sc.Text()); s != "" && !strings.HasPrefix(s, "#") {
			out = append(out, s)
		}
	}
	return out
}

func TestRealLinks(t *testing.T) {
	links := realLinks(t)
	want := []struct {
		clues       int
		constraints int
		refused     string // the key refused, if any
		solutions   int    // -1: not counted
	}{
		{clues: 1, solutions: -1},
		// Its arrow has a circle of two cells. It is a test of features,
		// not a puzzle: antiknight and antiking with the rest leave no
		// solution (both engines agree: gattai count).
		{clues: 3, constraints: 9, solutions: 0},
		{clues: 2, solutions: -1},
		{constraints: 2, solutions: -1},
		{constraints: 17, solutions: 1},
	}
	if len(links) != len(want) {
		t.Fatalf("%d links, want %d", len(links), len(want))
	}
	for i, link := range links {
		t.Run(fmt.Sprint(i+1), func(t *testing.T) {
			w := want[i]
			if !Detect([]byte(link)) {
				t.Errorf("Detect = false")
			}
			p, err := Parse("link", []byte(link))
			if w.refused != "" {
				var ue *UnsupportedError
				if !errors.As(err, &ue) || ue.Key != w.refused {
					t.Fatalf("err = %v, want key %q refused", err, w.refused)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := p.Puzzle.Clues(); got != w.clues {
				t.Errorf("%d clues, want %d", got, w.clues)
			}
			if got := len(p.Layout().Constraints); got != w.constraints {
				t.Errorf("%d constraints, want %d", got, w.constraints)
			}
			if w.solutions >= 0 {
				r, err := backtrack.Count(context.Background(), p.Puzzle, 2)
				if err != nil {
					t.Fatal(err)
				}
				if r.Count != w.solutions {
					t.Fatalf("%d solutions, want %d", r.Count, w.solutions)
				}
				if r.Count > 0 {
					if err := layouts.Check(p.Puzzle, r.Grid); err != nil {
						t.Errorf("Check: %v", err)
					}
				}
			}
			roundTrip(t, p.Puzzle)
		})
	}
}

// roundTrip writes p and reads it back: the same layout and givens.
func roundTrip(t *testing.T, p *layouts.Puzzle) {
	t.Helper()
	link, err := Link(p, WriteOptions{Title: "t"})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(link, LinkPrefix) {
		t.Fatalf("link %q", link)
	}
	q, err := Parse("written", []byte(link))
	if err != nil {
		b, _ := Marshal(p, WriteOptions{})
		t.Fatalf("reading back: %v\n%s", err, b)
	}
	if q.Title != "t" {
		t.Errorf("title %q", q.Title)
	}
	a, b := p.Model.Layout, q.Layout()
	if a.Size != b.Size || a.Box != b.Box || !testkit.SameConstraints(a.Constraints, b.Constraints) {
		t.Errorf("layout changed:\n%s\nbecame\n%s", a.MarshalFile(), b.MarshalFile())
	}
	if p.String() != q.Puzzle.String() {
		t.Errorf("givens changed:\n%s\nbecame\n%s", p, q.Puzzle)
	}
}

func pos(s string) layouts.Pos {
	p, err := layouts.ParsePos(s)
	if err != nil {
		panic(err)
	}
	return p
}

func cells(ss ...string) []layouts.Pos {
	out := make([]layouts.Pos, len(ss))
	for i, s := range ss {
		out[i] = pos(s)
	}
	return out
}

func TestRoundTrip(t *testing.T) {
	for _, tc := range []struct {
		name string
		size int
		cs   []layouts.Constraint
	}{
		{"classic", 9, nil},
		{"6x6", 6, nil},
		{"16x16", 16, nil},
		{"every kind", 9, []layouts.Constraint{
			{Kind: "diagonal"},
			{Kind: "antiknight"},
			{Kind: "antiking"},
			{Kind: "region", Preset: "disjoint"},
			{Kind: "region", Cells: cells("r1c1", "r5c5", "r9c9")},
			{Kind: "killer", Sum: 15, Cells: cells("r1c1", "r1c2", "r2c1")},
			{Kind: "killer", Cells: cells("r9c8", "r9c9")},
			{Kind: "kropki", White: [][]layouts.Pos{cells("r3c3", "r3c4")}, Black: [][]layouts.Pos{cells("r4c4", "r5c4")}, Negative: true},
			{Kind: "parity", Even: cells("r2c2"), Odd: cells("r8c8", "r7c7")},
			{Kind: "thermo", Cells: cells("r6c1", "r7c2", "r8c2")},
		}},
		{"nonconsecutive", 9, []layouts.Constraint{{Kind: "nonconsecutive"}, {Kind: "thermo", Cells: cells("r6c1", "r7c2", "r8c2")}}},
		{"jigsaw", 4, []layouts.Constraint{{Kind: "jigsaw", Pieces: []string{"AAAB", "ACBB", "CCDB", "CDDD"}}}},
		{"kropki positive", 4, []layouts.Constraint{{Kind: "kropki", White: [][]layouts.Pos{cells("r1c1", "r1c2")}}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l := &layouts.Layout{Name: "f-puzzles", Size: tc.size, Box: layouts.DefaultBox(tc.size), Grids: []layouts.Placement{{}}, Constraints: tc.cs}
			m, err := layouts.Compile(l)
			if err != nil {
				t.Fatal(err)
			}
			p := layouts.NewPuzzle(m)
			p.Givens[0] = 1
			p.Givens[len(p.Givens)-1] = uint8(tc.size)
			roundTrip(t, p)
		})
	}
}

// TestSolutionAsEntries fills a solution in as digits that are not
// givens: reading the link back keeps only the givens, and notes the rest.
func TestSolutionAsEntries(t *testing.T) {
	m, _ := layouts.Compile(layouts.Classic(4, layouts.DefaultBox(4)))
	p := layouts.NewPuzzle(m)
	p.Givens[0] = 1
	r, err := backtrack.Solve(context.Background(), p)
	if err != nil || r.Count == 0 {
		t.Fatal(r.Count, err)
	}
	b, err := Marshal(p, WriteOptions{Solution: &r.Grid})
	if err != nil {
		t.Fatal(err)
	}
	q, err := Parse("", b)
	if err != nil {
		t.Fatal(err)
	}
	if q.Puzzle.Clues() != 1 || len(q.Notes) != 1 || !strings.Contains(q.Notes[0], "15 digits") {
		t.Errorf("%d clues, notes %q", q.Puzzle.Clues(), q.Notes)
	}
}

func TestWriteRefused(t *testing.T) {
	l, err := layouts.Builtin("samurai", 9, layouts.Shape{})
	if err != nil {
		t.Fatal(err)
	}
	m, err := layouts.Compile(l)
	if err != nil {
		t.Fatal(err)
	}
	_, err = Marshal(layouts.NewPuzzle(m), WriteOptions{})
	if want := `layout "samurai" has 5`; !errors.Is(err, ErrUnsupported) || !strings.Contains(err.Error(), want) {
		t.Errorf("samurai: err = %v, want ErrUnsupported saying %s", err, want)
	}
	// A layout from a file may have no name: it is not called "".
	l.Name = ""
	if m, err = layouts.Compile(l); err != nil {
		t.Fatal(err)
	}
	_, err = Marshal(layouts.NewPuzzle(m), WriteOptions{})
	if want := "the layout has 5"; !errors.Is(err, ErrUnsupported) || !strings.Contains(err.Error(), want) {
		t.Errorf("unnamed: err = %v, want ErrUnsupported saying %s", err, want)
	}
}

// fp is an f-puzzles JSON of a 4x4 with extra keys.
func fp(extra string) string {
	return `{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]` + extra + `}`
}

func TestRefused(t *testing.T) {
	var tcs []struct{ name, json, key, msg string }
	for _, k := range Keys() {
		if k.Support == Refused {
			tcs = append(tcs, struct{ name, json, key, msg string }{k.Name,
				fp(`,"` + k.Name + `":[{"cells":["R1C1"]}]`), k.Name,
				fmt.Sprintf("f-puzzles key %q is not supported yet", k.Name)})
		}
	}
	tcs = append(tcs, []struct{ name, json, key, msg string }{
		{"unknown", fp(`,"wibble":1`), "wibble", `key "wibble" (unknown to gattai) is not supported yet`},
		{"negative other", fp(`,"negative":["ratio","difference","wibble"]`), "negative", `with "wibble"`},
		{"negative with two differences", fp(`,"difference":[{"cells":["R1C1","R1C2"],"value":"2"},{"cells":["R3C1","R3C2"]}],"negative":["difference"]`), "negative", `with difference and dots of several values`},
		{"negative with two ratios", fp(`,"ratio":[{"cells":["R1C1","R1C2"]},{"cells":["R3C1","R3C2"],"value":3}],"negative":["xv","ratio"]`), "negative", `with ratio and dots of several values`},
		{"negative with two differences", fp(`,"difference":[{"cells":["R1C1","R1C2"]},{"cells":["R3C1","R3C2"],"value":3}],"negative":["ratio"]`), "negative", `several values`},
		{"nonconsecutive with two differences", fp(`,"nonconsecutive":true,"difference":[{"cells":["R1C1","R1C2"]},{"cells":["R3C1","R3C2"],"value":3}]`), "nonconsecutive", `with kropki dots and dots of several values`},
		{"nonconsecutive with difference 2", fp(`,"nonconsecutive":true,"difference":[{"cells":["R1C1","R1C2"],"value":2}]`), "nonconsecutive", `with difference dots of value 2`},
		{"difference 4", fp(`,"difference":[{"cells":["R1C1","R1C2"],"value":"4"}]`), "difference", `with value 4 in a 4x4 grid`},
		{"ratio 5", fp(`,"ratio":[{"cells":["R1C1","R1C2"],"value":5}]`), "ratio", `with value 5`},
		{"xv value", fp(`,"xv":[{"cells":["R1C1","R1C2"],"value":"W"}]`), "xv", `with value "W"`},
		{"arrow circle of 4", fp(`,"arrow":[{"cells":["R1C1","R1C2","R2C1","R2C2"],"lines":[["R2C2","R3C3"]]}]`), "arrow", `with a circle of 4 cells`},
		{"arrow circle out of order", fp(`,"arrow":[{"cells":["R2C2","R2C1"],"lines":[["R2C2","R3C3"]]}]`), "arrow", `with a circle not in reading order (r2c2 before r2c1)`},
		{"arrow line from outside", fp(`,"arrow":[{"cells":["R2C2"],"lines":[["R3C3","R4C4"]]}]`), "arrow", `does not leave its circle`},
		{"arrow line back through", fp(`,"arrow":[{"cells":["R2C2","R2C3"],"lines":[["R2C2","R3C3","R2C3"]]}]`), "arrow", `does not leave its circle`},
		{"arrow line of the circle", fp(`,"arrow":[{"cells":["R2C2"],"lines":[["R2C2"]]}]`), "arrow", `does not leave its circle`},
		{"arrow circle of 0", fp(`,"arrow":[{"cells":[],"lines":[["R2C2","R3C3"]]}]`), "arrow", `with a circle of 0 cells`},
		{"little killer direction", fp(`,"littlekillersum":[{"cell":"R0C1","direction":"DD","value":"5"}]`), "littlekillersum", `with direction "DD"`},
		{"renban value", fp(`,"renban":[{"lines":[["R1C1","R1C2"]],"value":"3"}]`), "renban", `with value "3"`},
		{"cage with value", fp(`,"cage":[{"cells":["R1C1","R1C2"],"value":"7"}]`), "cage", `with a value`},
	}...)
	for _, tc := range tcs {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse("in.json", []byte(tc.json))
			var ue *UnsupportedError
			var pe *layouts.ParseError
			if !errors.As(err, &ue) || ue.Key != tc.key || !errors.Is(err, ErrUnsupported) || !errors.As(err, &pe) {
				t.Fatalf("err = %v, want key %q refused in a ParseError", err, tc.key)
			}
			if !strings.Contains(err.Error(), tc.msg) || !strings.HasPrefix(err.Error(), "in.json:1:") {
				t.Errorf("err = %q, want it to say %q at line 1", err, tc.msg)
			}
		})
	}
}

func TestParseErrors(t *testing.T) {
	for _, tc := range []struct {
		name, in string
		want     error
		at       string
		says     string // in the message, if set
	}{
		{"syntax", `{"size":4,`, layouts.ErrSyntax, "-:1:11:", "syntax error: the JSON ends early"},
		{"data after", `{"size":4}  x`, layouts.ErrSyntax, "-:1:13:", "syntax error: data after the JSON object"},
		{"no grid", `{"size":4}`, ErrNotFPuzzles, "", ""},
		{"short grid", `{"size":4,"grid":[]}`, layouts.ErrShape, "-:1:11:", ""},
		{"one row", `{"size":4,"grid":[[{},{},{},{}]]}`, layouts.ErrShape, "", "grid has 1 row, want 4"},
		{"one cell in a row", `{"size":2,"grid":[[{},{}],[{}]]}`, layouts.ErrShape, "", "grid row 2 has 1 cell, want 2"},
		{"bad size", `{"size":99,"grid":[]}`, layouts.ErrTooLarge, "-:1:2:", ""},
		{"digit", fp(``)[:len(`{"size":4,"grid":[[`)] + `{"value":5,"given":true},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]}`, layouts.ErrSymbol, "", ""},
		{"cell outside", fp(`,"odd":[{"cell":"R5C1"}]`), layouts.ErrLayout, "", ""},
		{"bad cell", fp(`,"odd":[{"cell":"X"}]`), layouts.ErrLayout, "", ""},
		{"bad killer sum", fp(`,"killercage":[{"cells":["R1C1"],"value":"?"}]`), layouts.ErrSyntax, "", ""},
		// What the link holds is repeated on one printable line.
		{"killer sum with a control", fp(",\"killercage\":[{\"cells\":[\"R1C1\"],\"value\":\"1\x7f\"}]"), layouts.ErrSyntax, "", `syntax error: "\"1\x7f\"" is not a whole number`},
		{"long killer sum", fp(`,"killercage":[{"cells":["R1C1"],"value":"` + strings.Repeat("1", 100) + `x"}]`), layouts.ErrSyntax, "", `syntax error: "` + strings.Repeat("1", 39) + `... is not a whole number`},
		{"region with a control", `{"size":1,"grid":[[{"region":"0` + "\x7f" + `"}]]}`, layouts.ErrSyntax, "", `region "\"0\x7f\"" is not a region number`},
		{"killer sum too big", fp(`,"killercage":[{"cells":["R1C1"],"value":"9"}]`), layouts.ErrLayout, "", "killercage[0] (killer): "},
		{"little killer named", fp(`,"littlekillersum":[{"cell":"R0C0","direction":"DR","value":"99"}]`), layouts.ErrLayout, "", "the little killer clue at R0C0 (littlekiller): "},
		{"thermo named", fp(`,"thermometer":[{"lines":[["R1C1","R1C2","R1C3","R1C4","R2C4"]]}]`), layouts.ErrLayout, "", "thermometer[0].lines[0] (thermo): "},
		{"quadruple named", fp(`,"quadruple":[{"cells":["R1C1","R1C2","R2C1","R2C2"],"values":[1]},{"cells":["R1C1","R1C3"],"values":[1]}]`), layouts.ErrLayout, "", "quadruple[1] (quadruple): the cells are not in one 2x2 square"},
		{"dots named", fp(`,"difference":[{"cells":["R1C1","R1C2"]}],"ratio":[{"cells":["R1C2","R1C1"]}]`), layouts.ErrLayout, "", "the dots of difference 1 and ratio 2 (kropki): two dots between r1c2 and r1c1"},
		{"dots of a value named", fp(`,"difference":[{"cells":["R1C1","R1C2"]},{"cells":["R2C1","R3C2"],"value":"3"}]`), layouts.ErrLayout, "", "the dots of difference 3 (kropki): a dot joins orthogonal neighbours, not r2c1 and r3c2"},
		{"xv named", fp(`,"xv":[{"cells":["R1C1","R2C2"],"value":"X"}]`), layouts.ErrLayout, "", "the XV clues (xv): "},
		{"parity named", fp(`,"odd":[{"cell":"R1C1"}],"even":[{"cell":"R1C1"}]`), layouts.ErrLayout, "", "the parity marks (parity): cell r1c1 is both even and odd"},
		{"bad region", `{"size":2,"grid":[[{"region":0},{"region":0}],[{"region":0},{"region":1}]]}`, layouts.ErrLayout, "", ""},
		{"null region", `{"size":1,"grid":[[{"region":null}]]}`, layouts.ErrLayout, "", ""},
		{"bad region number", `{"size":1,"grid":[[{"region":-2}]]}`, layouts.ErrSyntax, "", ""},
		// f-puzzles numbers a grid's regions 0..size-1: the cell with
		// another is named, not the first cell of a fifth region.
		{"region number beyond", fp(``)[:len(`{"size":4,"grid":[[`)] + `{"region":1000000000},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]}`, layouts.ErrLayout, "", "cell r1c1: region 1000000000 is not 0..3"},
		{"duplicate key", fp(`,"size":4`), layouts.ErrSyntax, "", ""},
		// A value of the wrong type is named by its path, with what
		// was wanted and found, never a Go type.
		{"grid not a list", `{"size":9,"grid":5}`, layouts.ErrSyntax, "-:1:18:", "grid: want a list of lists of objects, found 5"},
		{"cell not an object", `{"size":9,"grid":[[1]]}`, layouts.ErrSyntax, "-:1:20:", "grid[0][0]: want an object, found 1"},
		{"size a word", `{"size":"x","grid":[]}`, layouts.ErrSyntax, "-:1:9:", `size: want a whole number, found "x"`},
		{"cage cells a string", fp(`,"killercage":[{"cells":"R1C1"}]`), layouts.ErrSyntax, "", `killercage[0].cells: want a list of strings, found "R1C1"`},
		{"flag a word", fp(`,"diagonal+":"yes"`), layouts.ErrSyntax, "", `"diagonal+": want true or false, found "yes"`},
		{"little killer direction", fp(`,"littlekillersum":[{"cell":"R0C1","direction":5,"value":3}]`), ErrUnsupported, "", `with direction 5`},
		{"little killer direction with a control", fp(",\"littlekillersum\":[{\"cell\":\"R0C1\",\"direction\":[\"\x7f\"],\"value\":3}]"), ErrUnsupported, "", `with direction "[\"\x7f\"]" (not UL`},
		// Any other error in a key's value names the key.
		{"cage cell outside", fp(`,"killercage":[{"cells":["R1C9"]}]`), layouts.ErrLayout, "", "killercage: bad layout: cell R1C9 is outside the 4x4 grid"},
		{"not fpuzzles", `hello world!`, ErrNotFPuzzles, "", ""},
		// JSON that is no object says what it is, not "neither JSON".
		{"a list", `[1,2]`, ErrNotFPuzzles, "-:1:1:", "not an f-puzzles puzzle: want an object, found a list"},
		{"a word", `hello`, ErrNotFPuzzles, "-:1:1:", "not an f-puzzles puzzle: neither JSON nor an address, and a bad payload: "},
		{"scl id", `sclN4Ig`, ErrNotFPuzzles, "", ""},
		{"scl json", `{"cells":[[{}]],"regions":[]}`, ErrNotFPuzzles, "", ""},
		{"bad payload", `N4IgzglgXgpiBcBOANCA5gJwgEwQbT1ADcBD`, ErrNotFPuzzles, "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse("", []byte(tc.in))
			var pe *layouts.ParseError
			if !errors.Is(err, tc.want) || !errors.As(err, &pe) {
				t.Fatalf("err = %v, want %v in a ParseError", err, tc.want)
			}
			if tc.at != "" && !strings.HasPrefix(err.Error(), tc.at) {
				t.Errorf("err = %q, want it at %s", err, tc.at)
			}
			if !strings.Contains(err.Error(), tc.says) {
				t.Errorf("err = %q, want it to say %q", err, tc.says)
			}
		})
	}
}

func TestCosmeticNotes(t *testing.T) {
	p, err := Parse("", []byte(fp(`,"title":"T","author":"A","ruleset":"R","text":[{"cell":"R1C1","value":"hi"}],"cage":[{"cells":["R1C1"]}],"arrow":[],"highlightConflicts":true,"solution":[1,2,3,4,3,4,1,2,2,1,4,3,4,3,2,1]`)))
	if err != nil {
		t.Fatal(err)
	}
	if p.Title != "T" || p.Author != "A" || p.Rules != "R" || len(p.Solution) != 16 || p.Solution[15] != 1 {
		t.Errorf("meta %q %q %q %v", p.Title, p.Author, p.Rules, p.Solution)
	}
	want := []string{"solution", "text", "cage", "highlightConflicts"}
	if len(p.Notes) != len(want) {
		t.Fatalf("notes %q, want one for each of %q", p.Notes, want)
	}
	for i, w := range want {
		if !strings.Contains(p.Notes[i], w) && !(w == "cage" && strings.Contains(p.Notes[i], "cages")) {
			t.Errorf("note %d %q, want it about %q", i, p.Notes[i], w)
		}
	}
}

func TestDetect(t *testing.T) {
	payload := lzstring.CompressToBase64(fp(""))
	for _, tc := range []struct {
		in   string
		want bool
	}{
		{"https://f-puzzles.com/?load=" + payload, true},
		{"http://www.f-puzzles.com/?load=" + payload, true},
		{"https://sudokupad.app/fpuzzles" + payload, true},
		{"fpuz" + payload, true},
		{payload, true},
		{fp(""), true},
		{"  \n" + fp("") + "\n", true},
		{`{"cells":[]}`, false},
		{"https://sudokupad.app/scl" + payload, false},
		{"530070000600195000098000060800060003400803001700020006060000280000419005000080079", false},
		{"", false},
	} {
		if got := Detect([]byte(tc.in)); got != tc.want {
			t.Errorf("Detect(%.50q) = %v, want %v", tc.in, got, tc.want)
		}
	}
}

func FuzzParse(f *testing.F) {
	for _, l := range realLinks(f) {
		f.Add(l)
	}
	f.Add(fp(`,"killercage":[{"cells":["R1C1","R1C2"],"value":"3"}],"negative":["ratio","difference"],"thermometer":[{"lines":[["R1C1","R2C2"]]}]`))
	f.Add(`{"size":2,"grid":[[{"region":0},{"region":1}],[{"region":0},{"region":1}]]}`)
	f.Add(fp(`,"arrow":[{"cells":["R1C1"],"lines":[["R1C1","R1C2"]]}],"littlekillersum":[{"cell":"R0C1","direction":"DR","value":"9"}],` +
		`"sandwichsum":[{"cell":"R0C2","value":"0"}],"xsum":[{"cell":"R3C5","value":"4"}],"skyscraper":[{"cell":"R5C1","value":"2"}],` +
		`"xv":[{"cells":["R4C1","R4C2"],"value":"V"}],"negative":["xv","ratio"],"difference":[{"cells":["R2C1","R2C2"],"value":"2"}],` +
		`"whispers":[{"lines":[["R1C3","R1C4"]]}],"renban":[{"lines":[["R2C3","R2C4"]]}],"palindrome":[{"lines":[["R3C3","R3C4"]]}],` +
		`"betweenline":[{"lines":[["R4C2","R4C3","R4C4"]]}],"regionsumline":[{"lines":[["R2C2","R2C3"]]}],"clone":[{"cells":["R1C1"],"cloneCells":["R4C4"]}],` +
		`"quadruple":[{"cells":["R1C1","R1C2","R2C1","R2C2"],"values":[1]}],"minimum":[{"cell":"R1C1"}],"maximum":[{"cell":"R4C4"}],"diagonal-":true`))
	f.Add(`{"size":9,"grid":[[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}]],"entropicline":[{"lines":[["R1C1","R1C2","R1C3"]]}]}`)
	f.Fuzz(func(t *testing.T, s string) {
		p, err := Parse("fuzz", []byte(s))
		if err != nil {
			var pe *layouts.ParseError
			if !errors.As(err, &pe) || pe.File != "fuzz" || pe.Line < 1 || pe.Col < 1 {
				t.Fatalf("%v is not a ParseError with a position", err)
			}
			if !testkit.OneLine(err.Error()) {
				t.Fatalf("%q is not one line of printable text", err)
			}
			return
		}
		if _, err := layouts.Compile(p.Layout()); err != nil {
			t.Fatalf("read a layout that does not compile: %v", err)
		}
		if b, err := Marshal(p.Puzzle, WriteOptions{}); err == nil {
			q, err := Parse("again", b)
			if err != nil {
				t.Fatalf("reading back %s: %v", b, err)
			}
			if q.Puzzle.String() != p.Puzzle.String() {
				t.Fatalf("givens changed")
			}
		}
	})
}

func pairs(ps ...string) [][]layouts.Pos {
	var out [][]layouts.Pos
	for i := 0; i+1 < len(ps); i += 2 {
		out = append(out, cells(ps[i], ps[i+1]))
	}
	return out
}

func row(r, from, step int) []layouts.Pos {
	out := make([]layouts.Pos, 9)
	for i := range out {
		out[i] = layouts.Pos{Row: r - 1, Col: from - 1 + i*step}
	}
	return out
}

func col(c, from, step int) []layouts.Pos {
	out := make([]layouts.Pos, 9)
	for i := range out {
		out[i] = layouts.Pos{Row: from - 1 + i*step, Col: c - 1}
	}
	return out
}

// TestRoundTripKinds writes every kind with an f-puzzles key and reads
// it back: the same constraints, in the order Parse makes them.
func TestRoundTripKinds(t *testing.T) {
	for _, tc := range []struct {
		name string
		cs   []layouts.Constraint
	}{
		{"diagonal+", []layouts.Constraint{{Kind: "diagonal", Which: "positive"}}},
		{"diagonal-", []layouts.Constraint{{Kind: "diagonal", Which: "negative"}}},
		{"kropki values", []layouts.Constraint{
			{Kind: "kropki", White: pairs("r1c1", "r1c2", "r5c5", "r6c5"), Black: pairs("r2c1", "r2c2"), Difference: 3},
			{Kind: "kropki", White: pairs("r3c3", "r3c4"), Black: pairs("r8c8", "r8c9"), Ratio: 4},
			{Kind: "kropki", Black: pairs("r9c8", "r9c9"), Ratio: 3},
		}},
		{"kropki negative black", []layouts.Constraint{{Kind: "kropki", Black: pairs("r2c1", "r2c2"), Negative: true, Which: "black"}}},
		{"kropki negative white", []layouts.Constraint{{Kind: "kropki", Black: pairs("r2c1", "r2c2"), Negative: true, Which: "white"}}},
		{"kropki negative black, ratio 3", []layouts.Constraint{{Kind: "kropki", Black: pairs("r2c1", "r2c2"), Ratio: 3, Negative: true, Which: "black"}}},
		{"kropki negative", []layouts.Constraint{{Kind: "kropki", White: pairs("r2c1", "r2c2"), Negative: true}}},
		{"kropki negative black, difference 3", []layouts.Constraint{{Kind: "kropki", White: pairs("r1c1", "r1c2"), Difference: 3, Negative: true, Which: "black"}}},
		{"xv negative", []layouts.Constraint{{Kind: "xv", X: pairs("r1c1", "r1c2"), V: pairs("r2c1", "r3c1", "r9c9", "r9c8"), Negative: true}}},
		{"lines and clues", []layouts.Constraint{
			{Kind: "thermo", Cells: cells("r6c1", "r7c2", "r8c2")},
			{Kind: "xv", V: pairs("r4c4", "r4c5")},
			{Kind: "arrow", Cells: cells("r1c1"), Lines: [][]layouts.Pos{cells("r1c1", "r1c2", "r1c3"), cells("r1c1", "r2c1")}},
			{Kind: "arrow", Cells: cells("r5c5", "r5c6"), Lines: [][]layouts.Pos{cells("r5c6", "r6c7", "r7c7", "r8c7")}},
			{Kind: "arrow", Cells: cells("r3c5", "r4c5", "r5c5"), Lines: [][]layouts.Pos{cells("r3c5", "r2c6", "r2c7")}},
			{Kind: "littlekiller", Cells: cells("r1c3", "r2c2", "r3c1"), Sum: 12},
			{Kind: "littlekiller", Cells: cells("r9c2", "r8c1"), Sum: 5},
			{Kind: "littlekiller", Cells: cells("r1c9"), Sum: 4},
			{Kind: "littlekiller", Cells: cells("r1c1", "r2c2", "r3c3", "r4c4", "r5c5", "r6c6", "r7c7", "r8c8", "r9c9"), Sum: 45},
			{Kind: "sandwich", Cells: row(1, 1, 1), Sum: 10},
			{Kind: "sandwich", Cells: col(9, 9, -1)},
			{Kind: "xsum", Cells: row(5, 9, -1), Sum: 23},
			{Kind: "skyscraper", Cells: col(2, 1, 1), Count: 3},
			{Kind: "whispers", Cells: cells("r4c1", "r4c2", "r5c3")},
			{Kind: "whispers", Cells: cells("r6c6", "r6c7"), Difference: 4},
			{Kind: "renban", Cells: cells("r7c1", "r8c2", "r9c3")},
			{Kind: "palindrome", Cells: cells("r1c4", "r2c4", "r2c5", "r3c6")},
			{Kind: "between", Cells: cells("r7c4", "r7c5", "r7c6")},
			{Kind: "regionsum", Cells: cells("r3c3", "r3c4", "r4c4")},
			{Kind: "entropic", Cells: cells("r9c4", "r9c5", "r9c6", "r8c7")},
			{Kind: "clone", Cells: cells("r1c1", "r1c2"), Clone: cells("r5c5", "r5c6")},
			{Kind: "quadruple", Cells: cells("r4c7", "r4c8", "r5c7", "r5c8"), Digits: []int{1, 2, 2}},
			{Kind: "minimum", Cells: cells("r5c5", "r1c9")},
			{Kind: "maximum", Cells: cells("r9c9")},
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l := &layouts.Layout{Name: "f-puzzles", Size: 9, Box: layouts.DefaultBox(9), Grids: []layouts.Placement{{}}, Constraints: tc.cs}
			m, err := layouts.Compile(l)
			if err != nil {
				t.Fatal(err)
			}
			roundTrip(t, layouts.NewPuzzle(m))
		})
	}
}

// TestReadKinds reads the new kinds as f-puzzles writes them: clue
// cells outside the grid become the cells they are about, in order.
func TestReadKinds(t *testing.T) {
	for _, tc := range []struct {
		name, json string
		want       []layouts.Constraint
		notes      int
	}{
		{"diagonal+", fp(`,"diagonal+":true`), []layouts.Constraint{{Kind: "diagonal", Which: "positive"}}, 0},
		{"diagonal- and +", fp(`,"diagonal-":true,"diagonal+":true`), []layouts.Constraint{{Kind: "diagonal"}}, 0},
		{"little killers", fp(`,"littlekillersum":[{"cell":"R0C1","cells":["R1C2"],"direction":"DR","value":"9"},` +
			`{"cell":"R5C5","direction":"UL","value":10},{"cell":"R0C4","direction":"DL","value":"7"},{"cell":"R2C0","direction":"UR","value":""}]`),
			[]layouts.Constraint{
				{Kind: "littlekiller", Cells: cells("r1c2", "r2c3", "r3c4"), Sum: 9},
				{Kind: "littlekiller", Cells: cells("r4c4", "r3c3", "r2c2", "r1c1"), Sum: 10},
				{Kind: "littlekiller", Cells: cells("r1c3", "r2c2", "r3c1"), Sum: 7},
			}, 1},
		{"outside clues", fp(`,"sandwichsum":[{"cell":"R0C2","value":"0"},{"cell":"R3C5","value":"3"},{"cell":"R1C0","value":""}],` +
			`"xsum":[{"cell":"R3C0","value":6}],"skyscraper":[{"cell":"R5C1","value":"2"}]`),
			[]layouts.Constraint{
				{Kind: "sandwich", Cells: cells("r1c2", "r2c2", "r3c2", "r4c2")},
				{Kind: "sandwich", Cells: cells("r3c4", "r3c3", "r3c2", "r3c1"), Sum: 3},
				{Kind: "xsum", Cells: cells("r3c1", "r3c2", "r3c3", "r3c4"), Sum: 6},
				{Kind: "skyscraper", Cells: cells("r4c1", "r3c1", "r2c1", "r1c1"), Count: 2},
			}, 1},
		{"arrow of a pill", fp(`,"arrow":[{"cells":["R2C1","R2C2"],"lines":[["R2C2","R3C3","R4C4"],["R2C1","R3C1"]]}]`),
			[]layouts.Constraint{{Kind: "arrow", Cells: cells("r2c1", "r2c2"), Lines: [][]layouts.Pos{cells("r2c2", "r3c3", "r4c4"), cells("r2c1", "r3c1")}}}, 0},
		{"dots of several values", fp(`,"difference":[{"cells":["R1C1","R1C2"],"value":"2"},{"cells":["R2C1","R2C2"]},{"cells":["R3C1","R3C2"],"value":2}],` +
			`"ratio":[{"cells":["R4C1","R4C2"],"value":"3"}]`),
			[]layouts.Constraint{
				{Kind: "kropki", White: pairs("r1c1", "r1c2", "r3c1", "r3c2"), Black: pairs("r4c1", "r4c2"), Difference: 2, Ratio: 3},
				{Kind: "kropki", White: pairs("r2c1", "r2c2")},
			}, 0},
		{"negative ratio", fp(`,"negative":["ratio"]`), []layouts.Constraint{{Kind: "kropki", Negative: true, Which: "black"}}, 0},
		{"nonconsecutive alone", fp(`,"nonconsecutive":true`), []layouts.Constraint{{Kind: "nonconsecutive"}}, 0},
		{"nonconsecutive beside dots", fp(`,"nonconsecutive":true,"ratio":[{"cells":["R1C1","R1C2"],"value":3}]`),
			[]layouts.Constraint{{Kind: "kropki", Black: pairs("r1c1", "r1c2"), Ratio: 3, Negative: true, Which: "white"}}, 0},
		{"nonconsecutive and negative ratio", fp(`,"nonconsecutive":true,"negative":["ratio"]`), []layouts.Constraint{{Kind: "kropki", Negative: true}}, 0},
		{"adjacent maxima", fp(`,"maximum":[{"cell":"R1C1"},{"cell":"R1C2"},{"cell":"R4C4"}],"minimum":[{"cell":"R3C3"},{"cell":"R2C3"}]`),
			[]layouts.Constraint{
				{Kind: "thermo", Cells: cells("r3c3", "r3c2")},
				{Kind: "thermo", Cells: cells("r3c3", "r3c4")},
				{Kind: "thermo", Cells: cells("r3c3", "r4c3")},
				{Kind: "thermo", Cells: cells("r2c3", "r1c3")},
				{Kind: "thermo", Cells: cells("r2c3", "r2c2")},
				{Kind: "thermo", Cells: cells("r2c3", "r2c4")},
				{Kind: "thermo", Cells: cells("r2c1", "r1c1")},
				{Kind: "thermo", Cells: cells("r1c3", "r1c2")},
				{Kind: "thermo", Cells: cells("r2c2", "r1c2")},
				{Kind: "maximum", Cells: cells("r4c4")},
			}, 2},
		{"negative all", fp(`,"negative":["xv","difference","ratio"],"xv":[{"cells":["R1C1","R1C2"],"value":"x"}]`),
			[]layouts.Constraint{{Kind: "kropki", Negative: true}, {Kind: "xv", X: pairs("r1c1", "r1c2"), Negative: true}}, 0},
		{"whispers default value", fp(`,"whispers":[{"lines":[["R1C1","R1C2"]],"value":"2"}],"renban":[{"lines":[["R2C1","R2C2"]],"value":""}]`),
			[]layouts.Constraint{{Kind: "whispers", Cells: cells("r1c1", "r1c2")}, {Kind: "renban", Cells: cells("r2c1", "r2c2")}}, 0},
		{"clones not moved copies", fp(`,"clone":[{"cells":["R1C1","R1C2"],"cloneCells":["R1C2","R1C3"]},{"cells":["R2C1","R2C2","R3C3"],"cloneCells":["R4C1","R3C2","R3C3"]}]`),
			[]layouts.Constraint{
				{Kind: "clone", Cells: cells("r1c1"), Clone: cells("r1c2")},
				{Kind: "clone", Cells: cells("r1c2"), Clone: cells("r1c3")},
				{Kind: "clone", Cells: cells("r2c1"), Clone: cells("r4c1")},
				{Kind: "clone", Cells: cells("r2c2"), Clone: cells("r3c2")},
			}, 0},
		{"clone quadruple extrema", fp(`,"clone":[{"cells":["R1C1"],"cloneCells":["R4C4"]}],"quadruple":[{"cells":["R1C1","R1C2","R2C1","R2C2"],"values":[1,"3"]}],` +
			`"maximum":[{"cell":"R1C1"},{"cell":"R4C4"}],"minimum":[]`),
			[]layouts.Constraint{
				{Kind: "clone", Cells: cells("r1c1"), Clone: cells("r4c4")},
				{Kind: "quadruple", Cells: cells("r1c1", "r1c2", "r2c1", "r2c2"), Digits: []int{1, 3}},
				{Kind: "maximum", Cells: cells("r1c1", "r4c4")},
			}, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := Parse("in.json", []byte(tc.json))
			if err != nil {
				t.Fatal(err)
			}
			if got := p.Layout().Constraints; !testkit.SameConstraints(got, tc.want) {
				t.Errorf("constraints\n%+v\nwant\n%+v", got, tc.want)
			}
			if len(p.Notes) != tc.notes {
				t.Errorf("notes %q, want %d", p.Notes, tc.notes)
			}
		})
	}
}

// TestClueErrors: clue cells that are not beside the grid, or point away
// from it, are layout errors at the key.
func TestClueErrors(t *testing.T) {
	for _, tc := range []struct{ name, json, msg string }{
		{"sandwich corner", fp(`,"sandwichsum":[{"cell":"R0C0","value":"3"}]`), "not beside a row or column"},
		{"sandwich inside", fp(`,"xsum":[{"cell":"R2C2","value":"3"}]`), "not beside a row or column"},
		{"far away", fp(`,"skyscraper":[{"cell":"R0C7","value":"3"}]`), "beyond the 4x4 grid"},
		{"little killer inside", fp(`,"littlekillersum":[{"cell":"R2C2","direction":"UR","value":"3"}]`), "inside the grid"},
		{"little killer away", fp(`,"littlekillersum":[{"cell":"R0C1","direction":"UR","value":"3"}]`), "away from the grid"},
		{"arrow without lines", fp(`,"arrow":[{"cells":["R1C1"],"lines":[]}]`), "has no lines"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse("in.json", []byte(tc.json))
			var pe *layouts.ParseError
			if !errors.Is(err, layouts.ErrLayout) || !errors.As(err, &pe) || !strings.Contains(err.Error(), tc.msg) || !strings.HasPrefix(err.Error(), "in.json:1:") {
				t.Errorf("err = %v, want a layout error at line 1 saying %q", err, tc.msg)
			}
		})
	}
}

// TestWriteKindsRefused: constraints f-puzzles cannot say exactly.
func TestWriteKindsRefused(t *testing.T) {
	for _, tc := range []struct {
		name string
		cs   []layouts.Constraint
	}{
		{"partial little killer", []layouts.Constraint{{Kind: "littlekiller", Cells: cells("r2c2", "r3c3"), Sum: 5}}},
		{"circle out of order", []layouts.Constraint{{Kind: "arrow", Cells: cells("r1c2", "r1c1"), Lines: [][]layouts.Pos{cells("r1c2", "r2c3")}}}},
		{"line away from its circle", []layouts.Constraint{{Kind: "arrow", Cells: cells("r1c1"), Lines: [][]layouts.Pos{cells("r3c3", "r4c4")}}}},
		{"two kropki and a negative", []layouts.Constraint{{Kind: "kropki", Negative: true}, {Kind: "kropki", Difference: 2}}},
		{"nonconsecutive beside dots", []layouts.Constraint{{Kind: "nonconsecutive"}, {Kind: "kropki", Black: pairs("r2c1", "r2c2")}}},
		{"adjacent maxima", []layouts.Constraint{{Kind: "maximum", Cells: cells("r1c1")}, {Kind: "maximum", Cells: cells("r1c2")}}},
		{"negative white kropki of difference 2", []layouts.Constraint{{Kind: "kropki", Negative: true, Which: "white", Difference: 2}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l := &layouts.Layout{Name: "f-puzzles", Size: 9, Box: layouts.DefaultBox(9), Grids: []layouts.Placement{{}}, Constraints: tc.cs}
			m, err := layouts.Compile(l)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := Marshal(layouts.NewPuzzle(m), WriteOptions{}); !errors.Is(err, ErrUnsupported) {
				t.Errorf("err = %v, want ErrUnsupported", err)
			}
		})
	}
}

// TestArrowLineFromCircle: a line that starts beside the circle is
// written from it, which reads back as the same arrow.
func TestArrowLineFromCircle(t *testing.T) {
	l := &layouts.Layout{Name: "f-puzzles", Size: 9, Box: layouts.DefaultBox(9), Grids: []layouts.Placement{{}},
		Constraints: []layouts.Constraint{{Kind: "arrow", Cells: cells("r1c1"), Lines: [][]layouts.Pos{cells("r1c2", "r1c3")}}}}
	m, err := layouts.Compile(l)
	if err != nil {
		t.Fatal(err)
	}
	b, err := Marshal(layouts.NewPuzzle(m), WriteOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), `"arrow":[{"lines":[["R1C1","R1C2","R1C3"]],"cells":["R1C1"]}]`) {
		t.Errorf("wrote %s", b)
	}
	q, err := Parse("", b)
	if err != nil {
		t.Fatal(err)
	}
	if len(q.Puzzle.Model.Rules) != 1 || !reflect.DeepEqual(q.Puzzle.Model.Rules[0], m.Rules[0]) {
		t.Errorf("rules %+v, want %+v", q.Puzzle.Model.Rules, m.Rules)
	}
}

// TestVariants writes gattai's own variant puzzles (../testdata/variants,
// one a kind, each with one solution) as f-puzzles links and reads them
// back: the same layout, the same unique solution, by both engines' count.
// Every kind of a single grid travels, so every key is held both ways.
func TestVariants(t *testing.T) {
	dir := filepath.Join("..", "testdata", "variants")
	seen := 0
	for _, name := range testkit.Variants(t, dir) {
		p, want := testkit.ReadVariant(t, dir, name)
		if len(p.Model.Layout.Grids) != 1 {
			continue // f-puzzles holds one grid
		}
		seen++
		t.Run(name, func(t *testing.T) {
			link, err := Link(p, WriteOptions{})
			if err != nil {
				t.Fatal(err)
			}
			q, err := Parse("link", []byte(link))
			if err != nil {
				t.Fatal(err)
			}
			if q.Puzzle.String() != p.String() {
				t.Fatalf("givens changed:\n%s\nwant\n%s", q.Puzzle, p)
			}
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			r, err := backtrack.Count(ctx, q.Puzzle, 2)
			if err != nil || r.Count != 1 {
				t.Fatalf("%d solutions, %v; want 1", r.Count, err)
			}
			if err := layouts.Check(q.Puzzle, r.Grid); err != nil {
				t.Fatal(err)
			}
			if string(r.Grid.Digits) != string(want.Digits) {
				t.Fatalf("solution\n%s\nwant\n%s", r.Grid, want)
			}
		})
	}
	if seen < 20 {
		t.Errorf("%d single-grid variants, want every kind", seen)
	}
}

// TestSudokuPadAddress: SudokuPad keeps a puzzle it converted from
// f-puzzles in f-puzzles' JSON; its address reads as the f-puzzles link.
func TestSudokuPadAddress(t *testing.T) {
	link := realLinks(t)[1]
	payload := link[strings.Index(link, "load=")+len("load="):]
	a, err := Parse("", []byte(link))
	if err != nil {
		t.Fatal(err)
	}
	for _, in := range []string{"https://sudokupad.app/fpuzzles" + payload, "https://sudokupad.app/sudoku/fpuz" + payload, "fpuzzles" + payload} {
		b, err := Parse("", []byte(in))
		if err != nil {
			t.Fatalf("%.40s: %v", in, err)
		}
		if !reflect.DeepEqual(a.Layout().Constraints, b.Layout().Constraints) || a.Puzzle.String() != b.Puzzle.String() {
			t.Errorf("%.40s reads otherwise", in)
		}
	}
}

// TestLongClone reads a clone whose 200,000 cells are one cell, and as
// many clone cells another: each clone cell was looked for among all
// the cells, 30 s of work for a 3 MB puzzle (a small link).
func TestLongClone(t *testing.T) {
	const n = 200000
	cells := strings.TrimSuffix(strings.Repeat(`"R1C1",`, n), ",")
	clones := strings.TrimSuffix(strings.Repeat(`"R2C2",`, n), ",")
	js := fp(`,"clone":[{"cells":[` + cells + `],"cloneCells":[` + clones + `]}]`)
	var err error
	testkit.Within(t, 5*time.Second, func() { _, err = Parse("clone", []byte(js)) })
	if !errors.Is(err, layouts.ErrLayout) {
		t.Errorf("err = %v, want the clone's repeated cell refused", err)
	}
}

// TestLongNegative reads "negative" listing "ratio" 300,000 times
// beside 40,000 ratio dots: each listing counted the dots' values again,
// 48 s of work for a 4 MB puzzle (a small link).
func TestLongNegative(t *testing.T) {
	dots := strings.TrimSuffix(strings.Repeat(`{"cells":["R1C1","R1C2"]},`, 40000), ",")
	negative := strings.TrimSuffix(strings.Repeat(`"ratio",`, 300000), ",")
	js := fp(`,"ratio":[` + dots + `],"negative":[` + negative + `]`)
	var err error
	testkit.Within(t, 5*time.Second, func() { _, err = Parse("negative", []byte(js)) })
	if !errors.Is(err, layouts.ErrLayout) {
		t.Errorf("err = %v, want the repeated dot refused", err)
	}
}

// TestLayoutParts writes puzzles whose rules lie outside a layout's
// constraints, or in another form of a constraint: the windows of the
// variant region-classic as the layout's own regions, the cages of
// killer-classic drawn as pieces; and disjoint groups of boxes other
// than the default (a jigsaw's own, or boxes written as regions), which
// a jigsaw on the default boxes would change.
// Each reads back as the same puzzle: the same units and rules, and
// its one solution (without the windows, or the cages, it has many).
func TestLayoutParts(t *testing.T) {
	disjoint := []layouts.Constraint{{Kind: "region", Preset: "disjoint"}}
	linktest.CheckParts(t, []linktest.Part{
		{Name: "regions", Variant: "region-classic", Alter: linktest.WindowsAsRegions},
		{Name: "killer pieces", Variant: "killer-classic", Alter: linktest.CagesAsPieces},
		{Name: "disjoint groups of 3x2 boxes", L: &layouts.Layout{Size: 6, Box: layouts.Shape{Rows: 3, Cols: 2}, Grids: []layouts.Placement{{}}, Constraints: disjoint}},
		// Pieces that are boxes of another shape than the grid's: read
		// back as those boxes, whose disjoint groups differ.
		{Name: "disjoint groups of 3x2 boxes under a jigsaw", L: &layouts.Layout{Size: 6, Box: layouts.Shape{Rows: 3, Cols: 2}, Grids: []layouts.Placement{{}},
			Constraints: []layouts.Constraint{{Kind: "jigsaw", Pieces: []string{"AAABBB", "AAABBB", "CCCDDD", "CCCDDD", "EEEFFF", "EEEFFF"}}, {Kind: "region", Preset: "disjoint"}}}},
		{Name: "disjoint groups of no boxes", L: &layouts.Layout{Size: 6, Box: layouts.NoBox, Grids: []layouts.Placement{{}}, Constraints: disjoint}},
	}, func(p *layouts.Puzzle) (*layouts.Puzzle, error) {
		link, err := Link(p, WriteOptions{})
		if err != nil {
			return nil, err
		}
		q, err := Parse("link", []byte(link))
		if err != nil {
			return nil, err
		}
		return q.Puzzle, nil
	})
}

package fpuzzles

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"reflect"
	"strings"
	"testing"

	"gattai/backtrack"
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
		{refused: "arrow"},
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
				if err := layouts.Check(p.Puzzle, r.Grid); err != nil {
					t.Errorf("Check: %v", err)
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
	if a.Size != b.Size || a.Box != b.Box || !reflect.DeepEqual(a.Constraints, b.Constraints) {
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
			{Kind: "nonconsecutive"},
			{Kind: "region", Preset: "disjoint"},
			{Kind: "region", Cells: cells("r1c1", "r5c5", "r9c9")},
			{Kind: "killer", Sum: 15, Cells: cells("r1c1", "r1c2", "r2c1")},
			{Kind: "killer", Cells: cells("r9c8", "r9c9")},
			{Kind: "kropki", White: [][]layouts.Pos{cells("r3c3", "r3c4")}, Black: [][]layouts.Pos{cells("r4c4", "r5c4")}, Negative: true},
			{Kind: "parity", Even: cells("r2c2"), Odd: cells("r8c8", "r7c7")},
			{Kind: "thermo", Cells: cells("r6c1", "r7c2", "r8c2")},
		}},
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
	if _, err := Marshal(layouts.NewPuzzle(m), WriteOptions{}); !errors.Is(err, ErrUnsupported) {
		t.Errorf("samurai: err = %v, want ErrUnsupported", err)
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
		{"diagonal+ alone", fp(`,"diagonal+":true`), "diagonal+", `key "diagonal+" without diagonal- is not supported yet`},
		{"diagonal- alone", fp(`,"diagonal-":true`), "diagonal-", `without diagonal+`},
		{"negative ratio", fp(`,"negative":["ratio"]`), "negative", `with "ratio" but not "difference"`},
		{"negative xv", fp(`,"negative":["ratio","difference","xv"]`), "negative", `with "xv"`},
		{"difference 3", fp(`,"difference":[{"cells":["R1C1","R1C2"],"value":"3"}]`), "difference", `with value 3`},
		{"ratio 3", fp(`,"ratio":[{"cells":["R1C1","R1C2"],"value":3}]`), "ratio", `with value 3`},
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
	}{
		{"syntax", `{"size":4,`, layouts.ErrSyntax, ""},
		{"no grid", `{"size":4}`, ErrNotFPuzzles, ""},
		{"short grid", `{"size":4,"grid":[]}`, layouts.ErrShape, "-:1:11:"},
		{"bad size", `{"size":99,"grid":[]}`, layouts.ErrTooLarge, "-:1:2:"},
		{"digit", fp(``)[:len(`{"size":4,"grid":[[`)] + `{"value":5,"given":true},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]}`, layouts.ErrSymbol, ""},
		{"cell outside", fp(`,"odd":[{"cell":"R5C1"}]`), layouts.ErrLayout, ""},
		{"bad cell", fp(`,"odd":[{"cell":"X"}]`), layouts.ErrLayout, ""},
		{"bad killer sum", fp(`,"killercage":[{"cells":["R1C1"],"value":"?"}]`), layouts.ErrSyntax, ""},
		{"killer sum too big", fp(`,"killercage":[{"cells":["R1C1"],"value":"9"}]`), layouts.ErrLayout, ""},
		{"bad region", `{"size":2,"grid":[[{"region":0},{"region":0}],[{"region":0},{"region":1}]]}`, layouts.ErrLayout, ""},
		{"null region", `{"size":1,"grid":[[{"region":null}]]}`, layouts.ErrLayout, ""},
		{"bad region number", `{"size":1,"grid":[[{"region":-2}]]}`, layouts.ErrSyntax, ""},
		{"duplicate key", fp(`,"size":4`), layouts.ErrSyntax, ""},
		{"not fpuzzles", `hello world!`, ErrNotFPuzzles, ""},
		{"scl id", `sclN4Ig`, ErrNotFPuzzles, ""},
		{"scl json", `{"cells":[[{}]],"regions":[]}`, ErrNotFPuzzles, ""},
		{"bad payload", `N4IgzglgXgpiBcBOANCA5gJwgEwQbT1ADcBD`, ErrNotFPuzzles, ""},
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
	f.Fuzz(func(t *testing.T, s string) {
		p, err := Parse("fuzz", []byte(s))
		if err != nil {
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

package sudokupad

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"gattai/backtrack"
	"gattai/internal/linktest"
	"gattai/internal/testkit"
	"gattai/layouts"
	"gattai/lzstring"
)

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

func TestSplitID(t *testing.T) {
	for _, tc := range []struct {
		in, format, payload string
		ok                  bool
	}{
		{"https://sudokupad.app/sclABC", FormatSCL, "ABC", true},
		{"https://sudokupad.app/ctcA/B+C=", FormatSCL, "A/B+C=", true},
		{"https://sudokupad.app/sudoku/sclABC?setting-x=1", FormatSCL, "ABC", true},
		{"https://app.crackingthecryptic.com/sudoku/ctcABC", FormatSCL, "ABC", true},
		{"https://sudokupad.app/?puzzleid=sclA+B", FormatSCL, "A+B", true},
		{"https://sudokupad.app/?puzzle=fpuzzlesN4Ig", FormatFPuzzles, "N4Ig", true},
		{"sudokupad.app/fpuzN4Ig%2B", FormatFPuzzles, "N4Ig+", true},
		{"sudokupad://puzzle/sclXYZ", FormatSCL, "XYZ", true},
		{"sclXYZ", FormatSCL, "XYZ", true},
		{"scfXYZ", FormatSCF, "XYZ", true},
		{"https://sudokupad.app/wsj7iunsg6", FormatRemote, "wsj7iunsg6", true},
		{"N4IgXYZ", "", "", false},
		{"https://f-puzzles.com/?load=N4Ig", "", "", false},
		{"", "", "", false},
	} {
		f, p, ok := SplitID(tc.in)
		if f != tc.format || p != tc.payload || ok != tc.ok {
			t.Errorf("SplitID(%q) = %q, %q, %v; want %q, %q, %v", tc.in, f, p, ok, tc.format, tc.payload, tc.ok)
		}
	}
}

func TestUnzip(t *testing.T) {
	for _, tc := range []struct{ zipped, want string }{
		{`{ce:[[,{v:5}],[,]],t:'a\'b',c:#0,c2:#F,c1:ff00AA,r:t,o:f}`,
			`{"backgroundColor":"#FFFFFF","borderColor":"#ff00AA","cells":[[{},{"value":5}],[{},{}]],"color":"#000000","overlays":false,"rounded":true,"title":"a'b"}`},
		{`{d:1,d2:'M0',te:'{x:1,y}'}`, `{"d":"M0","duration":1,"text":"{x:1,y}"}`},
		{`{a:{},b:[1,2.5,-3]}`, `{"arrows":{},"b":[1,2.5,-3]}`},
	} {
		got, err := unzip(tc.zipped)
		if err != nil || string(got) != tc.want {
			t.Errorf("unzip(%s) = %s, %v; want %s", tc.zipped, got, err, tc.want)
		}
	}
	for _, bad := range []string{`{a:'x`, `{c:1,color:2}`, `[`} {
		if got, err := unzip(bad); err == nil {
			t.Errorf("unzip(%s) = %s, want an error", bad, got)
		}
	}
}

// TestParityFish reads a real zipped scl link. Its red lines are only in a
// background image, so it is refused by name; without the image, its dots
// are read where the setter's solution satisfies them.
func TestParityFish(t *testing.T) {
	link := realLinks(t)[0]
	if !Detect([]byte(link)) {
		t.Errorf("Detect = false")
	}
	_, err := Parse("fish", []byte(link))
	var ue *UnsupportedError
	if !errors.As(err, &ue) || ue.Key != "metadata" || ue.Detail != "bgimage" {
		t.Fatalf("err = %v, want the bgimage refused", err)
	}
	_, payload, _ := SplitID(link)
	zipped, err := lzstring.DecompressFromBase64(payload)
	if err != nil {
		t.Fatal(err)
	}
	js, err := unzip(zipped)
	if err != nil {
		t.Fatal(err)
	}
	var v map[string]any
	if err := json.Unmarshal(js, &v); err != nil {
		t.Fatal(err)
	}
	delete(v["metadata"].(map[string]any), "bgimage")
	js, _ = json.Marshal(v)
	p, err := Parse("fish.json", js)
	if err != nil {
		t.Fatal(err)
	}
	if p.Title != "Parity Fish" || p.Author != "Marty Sears" || len(p.Solution) != 81 {
		t.Errorf("meta %q %q %q", p.Title, p.Author, p.Solution)
	}
	l := p.Layout()
	if len(l.Grids) != 1 || l.Size != 9 || l.Box != (layouts.Shape{Rows: 3, Cols: 3}) || len(l.Constraints) != 1 {
		t.Fatalf("layout %s", l.MarshalFile())
	}
	if k := l.Constraints[0]; k.Kind != "kropki" || len(k.White) != 16 || len(k.Black) != 5 {
		t.Fatalf("kropki %d white, %d black", len(k.White), len(k.Black))
	}
	g := layouts.Grid{Model: p.Puzzle.Model, Digits: make([]uint8, 81)}
	for i := range g.Digits {
		g.Digits[i] = p.Solution[i] - '0'
	}
	if err := layouts.Check(p.Puzzle, g); err != nil {
		t.Errorf("the setter's solution fails the dots read: %v", err)
	}
}

func compile(t *testing.T, l *layouts.Layout) *layouts.Model {
	t.Helper()
	m, err := layouts.Compile(l)
	if err != nil {
		t.Fatal(err)
	}
	return m
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

// TestRoundTrip writes puzzles and reads them back: the same
// grid, boxes (or jigsaw pieces), givens, and the constraints SudokuPad
// draws.
func TestRoundTrip(t *testing.T) {
	for _, tc := range []struct {
		name string
		l    *layouts.Layout
		back []layouts.Constraint // what reading gives back, if not l's
	}{
		{name: "classic", l: layouts.Classic(9, layouts.DefaultBox(9))},
		{name: "6x6", l: layouts.Classic(6, layouts.DefaultBox(6))},
		{name: "6x6 3x2 boxes", l: layouts.Classic(6, layouts.Shape{Rows: 3, Cols: 2})},
		{name: "7x7", l: layouts.Classic(7, layouts.DefaultBox(7))},
		{name: "7x7 jigsaw with rows for pieces", l: &layouts.Layout{Size: 7, Box: layouts.DefaultBox(7), Grids: []layouts.Placement{{}},
			Constraints: []layouts.Constraint{{Kind: "jigsaw", Pieces: []string{"AAAAAAA", "BBBBBBB", "CCCCCCC", "DDDEFFF", "DDEEEFF", "DGEEEGF", "DGGGGGF"}}}}},
		{name: "jigsaw", l: &layouts.Layout{Size: 4, Box: layouts.DefaultBox(4), Grids: []layouts.Placement{{}},
			Constraints: []layouts.Constraint{{Kind: "jigsaw", Pieces: []string{"AAAB", "ACBB", "CCDB", "CDDD"}}}}},
		{name: "drawn kinds", l: &layouts.Layout{Size: 9, Box: layouts.DefaultBox(9), Grids: []layouts.Placement{{}},
			Constraints: []layouts.Constraint{
				{Kind: "killer", Sum: 15, Cells: cells("r1c1", "r1c2", "r2c1")},
				{Kind: "killer", Cells: cells("r9c8", "r9c9")},
				{Kind: "kropki", White: [][]layouts.Pos{cells("r3c3", "r3c4")}, Black: [][]layouts.Pos{cells("r4c4", "r5c4")}},
				{Kind: "parity", Even: cells("r2c2"), Odd: cells("r8c8", "r7c7")},
				{Kind: "thermo", Cells: cells("r6c1", "r7c2", "r8c2")},
			}}},
		{name: "xv and numbered dots", l: &layouts.Layout{Size: 9, Box: layouts.DefaultBox(9), Grids: []layouts.Placement{{}},
			Constraints: []layouts.Constraint{
				{Kind: "kropki", White: [][]layouts.Pos{cells("r3c3", "r3c4")}, Black: [][]layouts.Pos{cells("r4c4", "r5c4")}, Difference: 3, Ratio: 3},
				{Kind: "xv", X: [][]layouts.Pos{cells("r1c1", "r1c2"), cells("r9c8", "r9c9")}, V: [][]layouts.Pos{cells("r2c1", "r3c1")}},
			}}},
		// Negative X and V are stated in the rules text only; dots of
		// other values make a constraint each.
		{name: "negative xv, two sets of dots", l: &layouts.Layout{Size: 9, Box: layouts.DefaultBox(9), Grids: []layouts.Placement{{}},
			Constraints: []layouts.Constraint{
				{Kind: "kropki", White: [][]layouts.Pos{cells("r3c3", "r3c4")}, Difference: 4},
				{Kind: "kropki", White: [][]layouts.Pos{cells("r6c6", "r6c7")}, Black: [][]layouts.Pos{cells("r7c7", "r8c7")}},
				{Kind: "xv", X: [][]layouts.Pos{cells("r1c1", "r1c2")}, Negative: true},
			}},
			back: []layouts.Constraint{
				{Kind: "kropki", White: [][]layouts.Pos{cells("r3c3", "r3c4")}, Black: [][]layouts.Pos{cells("r7c7", "r8c7")}, Difference: 4},
				{Kind: "kropki", White: [][]layouts.Pos{cells("r6c6", "r6c7")}},
				// Negative, from the metadata's constraints, its X read
				// as part of it.
				{Kind: "xv", X: [][]layouts.Pos{cells("r1c1", "r1c2")}, Negative: true},
			}},
		{name: "xv across grids", l: samurai(t,
			layouts.Constraint{Kind: "xv", X: [][]layouts.Pos{cells("r7c9", "r7c10")}, V: [][]layouts.Pos{cells("r15c13", "r16c13")}})},
		{name: "arrows", l: &layouts.Layout{Size: 9, Box: layouts.DefaultBox(9), Grids: []layouts.Placement{{}},
			Constraints: []layouts.Constraint{
				{Kind: "arrow", Cells: cells("r5c5", "r5c6"), Lines: [][]layouts.Pos{cells("r5c6", "r6c7", "r7c7")}},
				{Kind: "arrow", Cells: cells("r1c9"), Lines: [][]layouts.Pos{cells("r1c9", "r2c9", "r3c9"), cells("r1c9", "r2c8")}},
				{Kind: "arrow", Cells: cells("r7c1", "r8c1", "r9c1"), Lines: [][]layouts.Pos{cells("r9c1", "r9c2", "r8c3", "r7c4")}},
			}}},
		// An arrow drawn from beside its circle is drawn from the circle.
		{name: "arrow from beside its circle", l: &layouts.Layout{Size: 9, Box: layouts.DefaultBox(9), Grids: []layouts.Placement{{}},
			Constraints: []layouts.Constraint{{Kind: "arrow", Cells: cells("r3c3"), Lines: [][]layouts.Pos{cells("r3c4", "r3c5")}}}},
			back: []layouts.Constraint{{Kind: "arrow", Cells: cells("r3c3"), Lines: [][]layouts.Pos{cells("r3c3", "r3c4", "r3c5")}}}},
		{name: "arrows across grids", l: samurai(t,
			layouts.Constraint{Kind: "arrow", Cells: cells("r9c9"), Lines: [][]layouts.Pos{cells("r9c9", "r10c10", "r11c11")}},
			layouts.Constraint{Kind: "arrow", Cells: cells("r7c13", "r8c13"), Lines: [][]layouts.Pos{cells("r8c13", "r9c12", "r10c11")}})},
		{name: "lines", l: &layouts.Layout{Size: 9, Box: layouts.DefaultBox(9), Grids: []layouts.Placement{{}},
			Constraints: []layouts.Constraint{
				{Kind: "whispers", Cells: cells("r4c4", "r4c5")},
				{Kind: "renban", Cells: cells("r6c1", "r7c2")},
				{Kind: "palindrome", Cells: cells("r6c3", "r6c4", "r6c5")},
				{Kind: "between", Cells: cells("r8c4", "r8c5", "r8c6")},
				{Kind: "between", Cells: cells("r8c6", "r9c7", "r9c8")}, // shares an end
				{Kind: "regionsum", Cells: cells("r3c3", "r3c4")},
				{Kind: "entropic", Cells: cells("r9c1", "r9c2", "r9c3")},
			}}},
		{name: "lines across grids", l: samurai(t,
			layouts.Constraint{Kind: "renban", Cells: cells("r9c9", "r8c8", "r7c7")},
			layouts.Constraint{Kind: "between", Cells: cells("r13c13", "r14c14", "r15c15", "r16c16")},
			layouts.Constraint{Kind: "regionsum", Cells: cells("r2c2", "r3c3", "r4c4")})},
		{name: "little killers", l: &layouts.Layout{Size: 9, Box: layouts.DefaultBox(9), Grids: []layouts.Placement{{}},
			Constraints: []layouts.Constraint{
				{Kind: "littlekiller", Cells: cells("r1c3", "r2c2", "r3c1"), Sum: 12},
				{Kind: "littlekiller", Cells: cells("r1c5", "r2c6", "r3c7", "r4c8", "r5c9"), Sum: 20}, // from the same place
				{Kind: "littlekiller", Cells: cells("r2c1", "r3c2", "r4c3", "r5c4", "r6c5", "r7c6", "r8c7", "r9c8"), Sum: 40},
				{Kind: "littlekiller", Cells: cells("r9c2", "r8c1"), Sum: 9},
			}}},
		{name: "little killers across grids", l: samurai(t,
			layouts.Constraint{Kind: "littlekiller", Cells: diagonal(1, 1, 1, 1, 21), Sum: 100},
			layouts.Constraint{Kind: "littlekiller", Cells: diagonal(21, 1, -1, 1, 21), Sum: 105},
			// Up to the hidden corner of grid 1's right.
			layouts.Constraint{Kind: "littlekiller", Cells: diagonal(9, 2, -1, 1, 8), Sum: 40})},
		// Clues sharing a place: each number where Marshal shifts it
		// toward its line, read back by place and line, whatever the
		// order of little killers and the metadata's clues.
		{name: "outside clues sharing a place across grids", l: samurai(t,
			layouts.Constraint{Kind: "sandwich", Cells: fullRow(6, 9, -1), Sum: 7},
			layouts.Constraint{Kind: "skyscraper", Cells: diagonal(7, 10, 1, 0, 9), Count: 3})},
		{name: "five clues at a place across grids", l: samurai(t,
			layouts.Constraint{Kind: "littlekiller", Cells: diagonal(7, 11, 1, 1, 5), Sum: 25},
			layouts.Constraint{Kind: "sandwich", Cells: fullRow(6, 9, -1), Sum: 7},
			layouts.Constraint{Kind: "littlekiller", Cells: diagonal(5, 9, -1, -1, 5), Sum: 21},
			layouts.Constraint{Kind: "xsum", Cells: diagonal(7, 10, 1, 0, 9), Sum: 16},
			layouts.Constraint{Kind: "littlekiller", Cells: diagonal(7, 9, 1, -1, 3), Sum: 6}),
			back: []layouts.Constraint{ // little killers first
				{Kind: "littlekiller", Cells: diagonal(7, 11, 1, 1, 5), Sum: 25},
				{Kind: "littlekiller", Cells: diagonal(5, 9, -1, -1, 5), Sum: 21},
				{Kind: "littlekiller", Cells: diagonal(7, 9, 1, -1, 3), Sum: 6},
				{Kind: "sandwich", Cells: fullRow(6, 9, -1), Sum: 7},
				{Kind: "xsum", Cells: diagonal(7, 10, 1, 0, 9), Sum: 16}}},
		// Drawn first, the sandwich's number was taken for the first
		// little killer's when numbers were matched by place alone.
		{name: "a column's clue between little killers", l: &layouts.Layout{Size: 9, Box: layouts.DefaultBox(9), Grids: []layouts.Placement{{}},
			Constraints: []layouts.Constraint{
				{Kind: "sandwich", Cells: diagonal(1, 4, 1, 0, 9), Sum: 10},
				{Kind: "littlekiller", Cells: cells("r1c3", "r2c2", "r3c1"), Sum: 12},
				{Kind: "littlekiller", Cells: cells("r1c5", "r2c6", "r3c7", "r4c8", "r5c9"), Sum: 20},
			}},
			back: []layouts.Constraint{
				{Kind: "littlekiller", Cells: cells("r1c3", "r2c2", "r3c1"), Sum: 12},
				{Kind: "littlekiller", Cells: cells("r1c5", "r2c6", "r3c7", "r4c8", "r5c9"), Sum: 20},
				{Kind: "sandwich", Cells: diagonal(1, 4, 1, 0, 9), Sum: 10}}},
		{name: "two clues of one line", l: &layouts.Layout{Size: 9, Box: layouts.DefaultBox(9), Grids: []layouts.Placement{{}},
			Constraints: []layouts.Constraint{
				{Kind: "skyscraper", Cells: fullRow(4, 9, -1), Count: 2},
				{Kind: "xsum", Cells: fullRow(4, 9, -1), Sum: 20},
			}}},
		{name: "a clue given twice", l: &layouts.Layout{Size: 9, Box: layouts.DefaultBox(9), Grids: []layouts.Placement{{}},
			Constraints: []layouts.Constraint{
				{Kind: "xsum", Cells: fullRow(4, 9, -1), Sum: 20},
				{Kind: "xsum", Cells: fullRow(4, 9, -1), Sum: 20},
			}},
			back: []layouts.Constraint{{Kind: "xsum", Cells: fullRow(4, 9, -1), Sum: 20}}},
		{name: "quadruples", l: &layouts.Layout{Size: 9, Box: layouts.DefaultBox(9), Grids: []layouts.Placement{{}},
			Constraints: []layouts.Constraint{
				{Kind: "quadruple", Cells: cells("r4c7", "r4c8", "r5c7", "r5c8"), Digits: []int{2, 1}},
				{Kind: "quadruple", Cells: cells("r8c8", "r8c9", "r9c8", "r9c9"), Digits: []int{9, 9, 8, 3}},
			}}},
		// At a corner of grids whose neighbours are hidden, the cells
		// of the puzzle around it.
		{name: "quadruples across grids", l: samurai(t,
			layouts.Constraint{Kind: "quadruple", Cells: cells("r6c9", "r7c9", "r7c10"), Digits: []int{4}},
			layouts.Constraint{Kind: "quadruple", Cells: cells("r9c9", "r9c10", "r10c9", "r10c10"), Digits: []int{1, 5}})},
		// Kinds with nothing drawn, from the metadata's constraints,
		// after those drawn.
		{name: "text-only kinds", l: &layouts.Layout{Size: 9, Box: layouts.DefaultBox(9), Grids: []layouts.Placement{{}},
			Constraints: []layouts.Constraint{{Kind: "diagonal"}, {Kind: "antiknight"}, {Kind: "region", Cells: cells("r1c1", "r5c5")}}},
			back: []layouts.Constraint{{Kind: "killer", Cells: cells("r1c1", "r5c5")}, {Kind: "diagonal"}, {Kind: "antiknight"}}},
		{name: "text-only kinds of grids", l: samurai(t,
			layouts.Constraint{Kind: "diagonal", Grid: 3, Which: "positive"},
			layouts.Constraint{Kind: "antiking", Grid: 5},
			layouts.Constraint{Kind: "nonconsecutive", Grid: 1},
			layouts.Constraint{Kind: "region", Preset: "disjoint", Grid: 2},
			layouts.Constraint{Kind: "minimum", Cells: cells("r5c5")},
			layouts.Constraint{Kind: "maximum", Cells: cells("r17c17", "r19c19")},
			// A quadruple along an edge and a little killer whose place
			// is a cell of another grid: no place to draw them.
			layouts.Constraint{Kind: "quadruple", Cells: cells("r1c1", "r1c2"), Digits: []int{3}},
			layouts.Constraint{Kind: "littlekiller", Cells: diagonal(8, 10, 1, 1, 12), Sum: 70},
			layouts.Constraint{Kind: "kropki", Black: [][]layouts.Pos{cells("r2c2", "r2c3")}, Negative: true, Which: "black", Ratio: 3})},
		// A grid without boxes sharing cells with another has no
		// regions, its rows crossing the other's boxes: the metadata's
		// grids say where it is, first or not.
		{name: "a grid without boxes sharing cells", l: &layouts.Layout{Size: 9, Box: layouts.DefaultBox(9),
			Grids: []layouts.Placement{{}, {At: pos("r7c7"), Box: shape(layouts.NoBox)}}}},
		{name: "a grid without boxes first", l: &layouts.Layout{Size: 6, Box: layouts.NoBox,
			Grids:       []layouts.Placement{{}, {At: pos("r4c4"), Box: shape(layouts.DefaultBox(6))}},
			Constraints: []layouts.Constraint{{Kind: "antiking", Grid: 1}}}},
		// Grids listed out of reading order: the metadata's grids keep
		// their order, which the constraints' grid numbers follow.
		{name: "grids out of order", l: &layouts.Layout{Size: 9, Box: layouts.DefaultBox(9),
			Grids:       []layouts.Placement{{At: pos("r7c7")}, {}},
			Constraints: []layouts.Constraint{{Kind: "diagonal", Grid: 1, Which: "negative"}, {Kind: "antiknight", Grid: 2}}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := compile(t, tc.l)
			p := layouts.NewPuzzle(m)
			p.Givens[0] = 1
			p.Givens[len(p.Givens)-1] = uint8(m.N)
			link, err := Link(p, WriteOptions{Title: "t"})
			if err != nil {
				t.Fatal(err)
			}
			q, err := Parse("written", []byte(link))
			if err != nil {
				b, _ := Marshal(p, WriteOptions{})
				t.Fatalf("reading back: %v\n%s", err, b)
			}
			want := tc.l.Constraints
			if tc.back != nil {
				want = tc.back
			}
			got := q.Layout()
			if got.Size != tc.l.Size || got.Box != tc.l.Box || !reflect.DeepEqual(got.Grids, tc.l.Grids) || !testkit.SameConstraints(got.Constraints, want) {
				t.Errorf("layout changed:\n%s\nbecame\n%s", tc.l.MarshalFile(), got.MarshalFile())
			}
			if p.String() != q.Puzzle.String() || q.Title != "t" {
				t.Errorf("givens changed:\n%s\nbecame\n%s", p, q.Puzzle)
			}
			// The rules text is gattai's own for what was read: no note
			// that it is not read. A setter's words added to it are not
			// read: they get the note.
			if rulesNoted(q) {
				t.Errorf("a link of gattai's own has the note %q", q.Notes)
			}
			link, err = Link(p, WriteOptions{Rules: "Also: no 5 in a corner."})
			if err != nil {
				t.Fatal(err)
			}
			if q, err = Parse("written", []byte(link)); err != nil || !rulesNoted(q) {
				t.Errorf("rules text with more words: no note, %v", err)
			}
		})
	}
}

// rulesNoted reports whether p has the note that its rules text is not
// read.
func rulesNoted(p *Puzzle) bool {
	return slices.ContainsFunc(p.Notes, func(n string) bool { return strings.HasPrefix(n, "the rules text is not read") })
}

// shape is a box shape to point to.
func shape(s layouts.Shape) *layouts.Shape { return &s }

// TestBareGridsRefused: where every grid is without boxes and shares
// cells with another, no region would give the size: refused by name.
func TestBareGridsRefused(t *testing.T) {
	l := &layouts.Layout{Size: 6, Box: layouts.NoBox, Grids: []layouts.Placement{{}, {At: pos("r4c4")}}}
	_, err := Marshal(layouts.NewPuzzle(compile(t, l)), WriteOptions{})
	if !errors.Is(err, ErrUnsupported) || !strings.Contains(err.Error(), "without boxes") || !testkit.OneLine(err.Error()) {
		t.Errorf("err = %v, want ErrUnsupported saying the grids are without boxes", err)
	}
}

// diagonal is k cells from r(row)c(col) in steps of dr, dc.
func diagonal(row, col, dr, dc, k int) []layouts.Pos {
	out := make([]layouts.Pos, k)
	for i := range out {
		out[i] = layouts.Pos{Row: row - 1 + i*dr, Col: col - 1 + i*dc}
	}
	return out
}

// samurai is the built-in samurai with constraints cs.
func samurai(t testing.TB, cs ...layouts.Constraint) *layouts.Layout {
	l, err := layouts.Builtin("samurai", 9, layouts.Shape{})
	if err != nil {
		t.Fatal(err)
	}
	l.Constraints = append(l.Constraints, cs...)
	return l
}

// TestMultiGrid writes every built-in layout with a solution and reads
// it back: the same cells, grids and givens, and a solution that passes
// Check. A windmill's regions also make squares that are no grid: its
// grids travel in the metadata (gridList).
func TestMultiGrid(t *testing.T) {
	for _, info := range layouts.Builtins() {
		name := info.Name
		t.Run(name, func(t *testing.T) {
			l, err := layouts.Builtin(name, 9, layouts.Shape{})
			if err != nil {
				t.Skip(err)
			}
			m := compile(t, l)
			p := layouts.NewPuzzle(m)
			r, err := backtrack.Solve(context.Background(), p)
			if err != nil || r.Count == 0 {
				t.Fatal(r.Count, err)
			}
			for c := 0; c < len(p.Givens); c += 7 {
				p.Givens[c] = r.Grid.Digits[c]
			}
			b, err := Marshal(p, WriteOptions{Solution: &r.Grid})
			if err != nil {
				t.Fatal(err)
			}
			q, err := Parse("", b)
			if err != nil {
				t.Fatal(err)
			}
			got := q.Layout()
			if !reflect.DeepEqual(got.Grids, l.Grids) || got.Box != l.Box {
				t.Errorf("grids changed:\n%s\nbecame\n%s", l.MarshalFile(), got.MarshalFile())
			}
			if p.String() != q.Puzzle.String() {
				t.Errorf("givens changed:\n%s\nbecame\n%s", p, q.Puzzle)
			}
			g := layouts.Grid{Model: q.Puzzle.Model, Digits: make([]uint8, len(q.Puzzle.Givens))}
			for c, at := range q.Puzzle.Model.Cells {
				g.Digits[c] = q.Solution[at.Row*q.Puzzle.Model.Width+at.Col] - '0'
			}
			if err := layouts.Check(q.Puzzle, g); err != nil {
				t.Errorf("the written solution fails: %v", err)
			}
		})
	}
}

// betweenEnd is a between line's circle at r1c1, as Marshal draws it.
const betweenEnd = `{"center":[0.5,0.5],"width":0.83,"height":0.83,"rounded":true,"backgroundColor":"#FFFFFF","borderColor":"#9AB8E0","thickness":2}`

// circleJSON is an arrow's circle at r1c1, as Marshal draws it.
const circleJSON = `{"center":[0.5,0.5],"width":0.83,"height":0.83,"rounded":true,"backgroundColor":"#FFFFFF","borderColor":"#A1A1A1","thickness":2}`

// clueJSON and clueArrowJSON are a little killer's clue 3 up and left
// of r1c1 and its arrow, as Marshal draws them.
var (
	clueJSON      = mustJSON(text([2]float64{-0.5, -0.5}, "3", false))
	clueArrowJSON = mustJSON(clueArrow([2]float64{-0.5, -0.5}, [2]int{1, 1}))
)

func mustJSON(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return string(b)
}

func TestRefused(t *testing.T) {
	base := `"cells":[[{},{}],[{},{}]],"regions":[[[0,0],[0,1]],[[1,0],[1,1]]]`
	for _, tc := range []struct{ name, json, key, msg string }{
		{"line", `{` + base + `,"lines":[{"wayPoints":[[0.5,0.5],[1.5,1.5]],"color":"#FF0000","thickness":8}]}`, "lines", `SudokuPad "lines" item 1`},
		{"underlay with text", `{` + base + `,"underlays":[{"center":[0.5,0.5],"width":1,"height":1,"text":"5"}]}`, "underlays", `"underlays" item 1`},
		{"coloured overlay", `{` + base + `,"overlays":[{"center":[1,1],"width":0.3,"height":0.3,"rounded":true,"backgroundColor":"#FF0000"}]}`, "overlays", `"overlays" item 1`},
		// Far off the board: no cell, whatever int(1e300) is.
		{"dot far away", `{` + base + `,"overlays":[{"center":[1e300,0.5],"width":0.3,"height":0.3,"rounded":true,"backgroundColor":"#000000"}]}`, "overlays", `"overlays" item 1`},
		{"thermo far away", `{` + base + `,"underlays":[{"center":[0.5,0.5],"width":0.8,"height":0.8,"rounded":true,"backgroundColor":"#CFCFCF"}],"lines":[{"wayPoints":[[0.5,0.5],[1e20,0.5]],"color":"#CFCFCF"}]}`, "lines", `"lines" item 1`},
		{"hiding far away", `{` + base + `,"overlays":[{"center":[1e300,1e300],"width":1e300,"height":2e300,"backgroundColor":"#FFFFFF"}]}`, "overlays", `"overlays" item 1`},
		// Lines of draw.go's kinds: another thickness, another colour, a
		// between line without its circles or a circle without its line.
		{"whispers thickness", `{` + base + `,"lines":[{"wayPoints":[[0.5,0.5],[1.5,1.5]],"color":"#60C060","thickness":8}]}`, "lines", `a #60C060 line`},
		{"renban colour", `{` + base + `,"lines":[{"wayPoints":[[0.5,0.5],[1.5,1.5]],"color":"#F067F1","thickness":10}]}`, "lines", `a #F067F1 line`},
		{"line off centre", `{` + base + `,"lines":[{"wayPoints":[[0.5,0.5],[1.5,1.25]],"color":"#60C060","thickness":10}]}`, "lines", `"lines" item 1`},
		{"between without circles", `{` + base + `,"lines":[{"wayPoints":[[0.5,0.5],[1.5,1.5]],"color":"#9AB8E0","thickness":10}]}`, "lines", `a #9AB8E0 line`},
		{"between circle alone", `{` + base + `,"overlays":[` + betweenEnd + `]}`, "overlays", `a between line's circle with no line`},
		{"between circle small", `{` + base + `,"lines":[{"wayPoints":[[0.5,0.5],[1.5,1.5]],"color":"#9AB8E0","thickness":10}],"overlays":[` + strings.Replace(betweenEnd, "0.83", "0.8", 2) + `]}`, "overlays", `"overlays" item 1`},
		// Marks on an edge as Marshal draws them but for one thing.
		{"x on nothing", `{` + base + `,"overlays":[{"center":[0.5,1],"width":0.4,"height":0.4,"text":"X","fontSize":20,"color":"#000000"}]}`, "overlays", `a rectangle with text "X" at 0.5,1`},
		{"x small", `{` + base + `,"overlays":[{"center":[0.5,1],"width":0.4,"height":0.4,"backgroundColor":"#FFFFFF","text":"X","fontSize":12,"color":"#000000"}]}`, "overlays", `text "X"`},
		{"x red", `{` + base + `,"overlays":[{"center":[0.5,1],"width":0.4,"height":0.4,"backgroundColor":"#FFFFFF","text":"X","fontSize":20,"color":"#FF0000"}]}`, "overlays", `text "X"`},
		{"v off the edge", `{` + base + `,"overlays":[{"center":[0.5,0.5],"width":0.4,"height":0.4,"backgroundColor":"#FFFFFF","text":"V","fontSize":20,"color":"#000000"}]}`, "overlays", `text "V"`},
		{"white dot of 1", `{` + base + `,"overlays":[{"center":[0.5,1],"width":0.3,"height":0.3,"rounded":true,"backgroundColor":"#FFFFFF","borderColor":"#000000","text":"1","fontSize":12,"color":"#000000"}]}`, "overlays", `text "1"`},
		{"black dot of 2", `{` + base + `,"overlays":[{"center":[0.5,1],"width":0.3,"height":0.3,"rounded":true,"backgroundColor":"#000000","borderColor":"#000000","text":"2","fontSize":12,"color":"#FFFFFF"}]}`, "overlays", `text "2"`},
		{"black dot, black number", `{` + base + `,"overlays":[{"center":[0.5,1],"width":0.3,"height":0.3,"rounded":true,"backgroundColor":"#000000","borderColor":"#000000","text":"3","fontSize":12,"color":"#000000"}]}`, "overlays", `text "3"`},
		{"white dot large", `{` + base + `,"overlays":[{"center":[0.5,1],"width":0.4,"height":0.4,"rounded":true,"backgroundColor":"#FFFFFF","borderColor":"#000000","text":"3","fontSize":12,"color":"#000000"}]}`, "overlays", `text "3"`},
		// Arrows and their circles as Marshal draws them but for one thing.
		{"arrow's circle alone", `{` + base + `,"overlays":[` + circleJSON + `]}`, "overlays", `an arrow's circle with no arrow`},
		{"arrow's circle of another colour", `{` + base + `,"overlays":[` + strings.Replace(circleJSON, "A1A1A1", "A0A0A0", 1) + `]}`, "overlays", `a #FFFFFF circle at 0.5,0.5`},
		{"arrow's pill too wide", `{` + base + `,"overlays":[{"center":[0.5,1],"width":1.9,"height":0.83,"rounded":true,"backgroundColor":"#FFFFFF","borderColor":"#A1A1A1","thickness":2}]}`, "overlays", `"overlays" item 1`},
		{"arrow's head", `{` + base + `,"overlays":[` + circleJSON + `],"arrows":[{"wayPoints":[[0.5,0.5],[1.5,1.5]],"color":"#A1A1A1","thickness":2,"headLength":0.2}]}`, "arrows", `a #A1A1A1 arrow through 2 points`},
		{"arrow's colour", `{` + base + `,"overlays":[` + circleJSON + `],"arrows":[{"wayPoints":[[0.5,0.5],[1.5,1.5]],"color":"#000000","thickness":2,"headLength":0.3}]}`, "arrows", `"arrows" item 1`},
		{"arrow from no circle", `{` + base + `,"overlays":[` + circleJSON + `],"arrows":[{"wayPoints":[[1.5,1.5],[0.5,0.5]],"color":"#A1A1A1","thickness":2,"headLength":0.3}]}`, "arrows", `"arrows" item 1`},
		// A quadruple's circle as Marshal draws it but for one thing.
		{"quadruple large", `{` + base + `,"overlays":[{"center":[1,1],"width":0.7,"height":0.7,"rounded":true,"backgroundColor":"#FFFFFF","borderColor":"#000000","thickness":1,"text":"1 2","fontSize":12,"color":"#000000"}]}`, "overlays", `text "1 2"`},
		{"quadruple spaced", `{` + base + `,"overlays":[{"center":[1,1],"width":0.6,"height":0.6,"rounded":true,"backgroundColor":"#FFFFFF","borderColor":"#000000","thickness":1,"text":"1,2","fontSize":12,"color":"#000000"}]}`, "overlays", `text "1,2"`},
		{"quadruple thick", `{` + base + `,"overlays":[{"center":[1,1],"width":0.6,"height":0.6,"rounded":true,"backgroundColor":"#FFFFFF","borderColor":"#000000","thickness":2,"text":"1 2","fontSize":12,"color":"#000000"}]}`, "overlays", `text "1 2"`},
		{"quadruple off a corner", `{` + base + `,"overlays":[{"center":[1,0.5],"width":0.6,"height":0.6,"rounded":true,"backgroundColor":"#FFFFFF","borderColor":"#000000","thickness":1,"text":"1 2","fontSize":12,"color":"#000000"}]}`, "overlays", `text "1 2"`},
		// A little killer's clue and arrow as Marshal draws them but for
		// one thing; a number with no arrow is another kind's clue.
		{"little killer's head", `{` + base + `,"overlays":[` + clueJSON + `],"arrows":[` + strings.Replace(clueArrowJSON, `"headLength":0.1`, `"headLength":0.2`, 1) + `]}`, "arrows", `"arrows" item 1`},
		{"little killer's arrow grey", `{` + base + `,"overlays":[` + clueJSON + `],"arrows":[` + strings.Replace(clueArrowJSON, `#000000`, `#A1A1A1`, 1) + `]}`, "arrows", `"arrows" item 1`},
		{"little killer's arrow alone", `{` + base + `,"arrows":[` + clueArrowJSON + `]}`, "arrows", `a little killer's arrow with no number`},
		{"sandwich clue", `{` + base + `,"overlays":[` + clueJSON + `]}`, "overlays", `text "3" at -0.5,-0.5: a number with no little killer's arrow (outside the grids, a sandwich, x-sum or skyscraper clue`},
		{"little killer's clue large", `{` + base + `,"overlays":[` + strings.Replace(clueJSON, `"fontSize":20`, `"fontSize":24`, 1) + `],"arrows":[` + clueArrowJSON + `]}`, "overlays", `"overlays" item 1`},
		{"little killer's clue on a cell", `{` + base + `,"overlays":[` + mustJSON(text(centre(pos("r1c1")), "3", false)) + `],"arrows":[` + mustJSON(clueArrow(centre(pos("r1c1")), [2]int{1, 1})) + `]}`, "overlays", `a little killer's clue on a cell`},
		{"clone's shading", `{` + base + `,"underlays":[` + mustJSON(shade(pos("r1c1"), "#FFD0D0")) + `]}`, "underlays", `a #FFD0D0 rectangle at 0.5,0.5: a clone's shading`},
		{"arrows", `{` + base + `,"arrows":[{"wayPoints":[[0.5,0.5],[1.5,1.5]]}]}`, "arrows", `"arrows"`},
		{"unknown", `{` + base + `,"wibble":1}`, "wibble", `unknown to gattai`},
		{"cage text", `{` + base + `,"cages":[{"cells":[[0,0]],"value":"A"}]}`, "cages", `not a sum`},
		{"bgimage", `{` + base + `,"metadata":{"bgimage":"x.png"}}`, "metadata", `bgimage`},
		{"ragged regions", `{"cells":[[{},{}],[{},{}]],"regions":[[[0,0],[0,1],[1,0]],[[1,1]]]}`, "regions", `"regions" item 2`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse("in", []byte(tc.json))
			var ue *UnsupportedError
			if !errors.As(err, &ue) || ue.Key != tc.key || !errors.Is(err, ErrUnsupported) {
				t.Fatalf("err = %v, want %q refused", err, tc.key)
			}
			if !strings.Contains(err.Error(), tc.msg) || !strings.HasSuffix(err.Error(), "is not supported yet") {
				t.Errorf("err = %q, want it to say %q", err, tc.msg)
			}
		})
	}
}

func TestParseErrors(t *testing.T) {
	for _, tc := range []struct {
		name, in string
		want     error
	}{
		{"remote id", "https://sudokupad.app/wsj7iunsg6", ErrNotSCL},
		{"fpuzzles id", "fpuzzlesN4Ig", ErrNotSCL},
		{"no cells", `{"regions":[]}`, ErrNotSCL},
		{"f-puzzles json", `{"size":1,"grid":[[{}]]}`, ErrNotSCL},
		{"bad zipped", `{ce:[[`, layouts.ErrSyntax},
		{"bad digit", `{"cells":[[{"value":7}]]}`, layouts.ErrSymbol},
		{"given outside", `{"cells":[[{},{}],[{},{"value":1}]],"regions":[[[0,0]]]}`, layouts.ErrLayout},
		{"region not a grid", `{"cells":[[{},{},{}],[{},{},{}]],"regions":[[[0,0],[0,1]],[[1,1],[1,2]]]}`, layouts.ErrLayout},
		{"too large", `{"cells":[` + strings.Repeat(`[],`, 1100) + `[]]}`, layouts.ErrTooLarge},
		// The metadata's grids: each must be a square of whole regions.
		{"grids not a square", twoByTwo(`"grids":"r1c2"`), layouts.ErrLayout},
		{"grids twice", twoByTwo(`"grids":"r1c1 r1c1"`), layouts.ErrLayout},
		{"grids unreadable", twoByTwo(`"grids":"here"`), layouts.ErrLayout},
		{"grids empty", twoByTwo(`"grids":" "`), layouts.ErrLayout},
		{"grids outside", twoByTwo(`"grids":"r2c1"`), layouts.ErrLayout},
		// A bare grid (":none"), with no regions of its own: a square of
		// visible cells, beside regions that give the size.
		{"grids bare of what", twoByTwo(`"grids":"r1c1:jigsaw"`), layouts.ErrLayout},
		{"grids bare outside", twoByTwo(`"grids":"r1c1 r2c2:none"`), layouts.ErrLayout},
		{"grids bare hidden", `{"cells":[[{},{},{}],[{},{},{}],[{},{},{}]],"regions":[[[0,0],[0,1]],[[1,0],[1,1]]],` +
			`"overlays":[{"center":[2.5,2.5],"width":1,"height":1,"backgroundColor":"#FFFFFF","borderColor":"#FFFFFF"}],"metadata":{"grids":"r1c1 r2c2:none"}}`, layouts.ErrLayout},
		{"grids bare with no regions", `{"cells":[[{},{}],[{},{}]],"metadata":{"grids":"r1c1:none"}}`, layouts.ErrLayout},
		{"text", "hello", ErrNotSCL},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse("", []byte(tc.in))
			var pe *layouts.ParseError
			if !errors.Is(err, tc.want) || !errors.As(err, &pe) {
				t.Fatalf("err = %v, want %v in a ParseError", err, tc.want)
			}
		})
	}
}

// An error names what the user wrote and the element it is in, placed
// at that element of JSON: never a Go type, never only 1:1.
func TestParseErrorsSay(t *testing.T) {
	for _, tc := range []struct{ name, in, says string }{
		{"cells a number", `{"cells":5}`, `-:1:10: syntax error: cells: want a list of lists of objects, found 5`},
		{"cell a number", `{"cells":[[{},1]]}`, `-:1:15: syntax error: cells[0][1]: want an object, found 1`},
		{"centre a word", "{\"cells\":[[{}]],\n\"overlays\":[{\"center\":\"a\"}]}", `-:2:23: syntax error: overlays[0].center: want a list of numbers, found "a"`},
		{"broken JSON", `{"cells":[[{}]],, "x":1}`, `-:1:17: syntax error: invalid character ','`},
		{"broken JSON, spaced", `{ "cells":[[{}]],, "x":1}`, `-:1:18: syntax error: invalid character ','`},
		{"bad digit", `{"cells":[[{},{}],[{},{"value":"x"}]],"regions":[[[0,0],[0,1]],[[1,0],[1,1]]]}`, `-:1:32: unknown symbol: cell r2c2 holds "x", not a digit 1..2`},
		{"cage off the board", `{"cells":[[{}]],"cages":[{"cells":[[0,0]]},{"cells":[[0,5]]}]}`, `-:1:44: bad layout: cage 2: cell [0,5] is off the board`},
		{"region off the board", `{"cells":[[{}]],"regions":[[[1,0]]]}`, `-:1:28: bad layout: region 1: cell [1,0] is off the board`},
		{"line", twoByTwo(``)[:len(twoByTwo(``))-len(`,"metadata":{}}`)] + `,"lines":[{"wayPoints":[[0.5,0.5],[1.5,1.5]],"color":"#FF0000"}]}`, `-:1:77: SudokuPad "lines" item 1`},
		{"huge digit", `{"cells":[[{"value":1e400}]]}`, `-:1:21: unknown symbol: cell r1c1 holds 1e400, not a digit 1..1`},
		// What the link holds is repeated on one printable line.
		{"line colour with a control", "{\"cells\":[[{}]],\"lines\":[{\"wayPoints\":[[0.5,0.5],[0.5,0.6]],\"color\":\"#F\x7f\"}]}", `-:1:26: SudokuPad "lines" item 1 (a "#F\x7f" line through 2 points) is not supported yet`},
		{"overlay colour and text", "{\"cells\":[[{}]],\"overlays\":[{\"center\":[0.5,0.5],\"width\":0.5,\"height\":0.5,\"backgroundColor\":\"#\x7f\",\"text\":\"a\x7f\"}]}", `-:1:29: SudokuPad "overlays" item 1 (a "#\x7f" rectangle with text "\"a\x7f\"" at 0.5,0.5) is not supported yet`},
		{"long cage value", `{"cells":[[{}]],"cages":[{"cells":[[0,0]],"value":"` + strings.Repeat("x", 100) + `"}]}`, `-:1:26: SudokuPad "cages" item 1 (value "` + strings.Repeat("x", 39) + `... is not a sum) is not supported yet`},
		{"digit with a control", "{\"cells\":[[{\"value\":\"1\x7f\"}]]}", `-:1:21: unknown symbol: cell r1c1 holds "\"1\x7f\"", not a digit 1..1`},
		{"grids not a cell", twoByTwo(`"grids":5`), `-:1:88: bad layout: metadata grids: "5" is not a cell like r1c1`},
		{"no rows", `{"cells":[]}`, `-:1:10: wrong shape: cells: no rows of cells`},
		// A key given twice is refused: json would keep the last.
		{"regions twice", `{"cells":[[{},{}],[{},{}]],"regions":[[[0,0],[0,1]],[[1,0],[1,1]]],"regions":[[[0,0]],[[0,1]],[[1,0]],[[1,1]]]}`, `-:1:68: syntax error: key "regions" given twice`},
		// A cage with a sum and no cells is refused by name, not skipped.
		{"sum with no cells", `{"cells":[[{}]],"cages":[{"cells":[],"value":5}]}`, `-:1:26: bad layout: cage 1: a sum (5) with no cells`},
		// A rule that cannot hold is named as the link has it, not by
		// gattai's numbering of its constraints.
		{"cage sum too big", `{"cells":[[{},{}],[{},{}]],"regions":[[[0,0],[0,1]],[[1,0],[1,1]]],"cages":[{"cells":[[0,0]],"value":9}]}`, `-:1:1: bad layout: cage 1 (killer): `},
		{"dots named", `{"cells":[[{},{}],[{},{}]],"regions":[[[0,0],[0,1]],[[1,0],[1,1]]],"overlays":[{"center":[0.5,1],"width":0.3,"height":0.3,"rounded":true,"backgroundColor":"#000000"},{"center":[0.5,1],"width":0.3,"height":0.3,"rounded":true,"backgroundColor":"#FFFFFF","borderColor":"#000000"}]}`, `-:1:1: bad layout: the dots (kropki): two dots between r1c1 and r1c2`},
		{"parity named", `{"cells":[[{},{}],[{},{}]],"regions":[[[0,0],[0,1]],[[1,0],[1,1]]],"underlays":[{"center":[0.5,0.5],"width":0.8,"height":0.8,"rounded":true,"backgroundColor":"#CFCFCF"},{"center":[0.5,0.5],"width":0.8,"height":0.8,"backgroundColor":"#CFCFCF"}]}`, `-:1:1: bad layout: the parity marks (parity): cell r1c1 is both even and odd`},
		{"sum text with no cells", `{"cells":[[{}]],"cages":[{"cells":[[0,0]]},{"value":"12"}]}`, `-:1:44: bad layout: cage 2: a sum ("12") with no cells`},
		// JSON that is no object says what it is, not "neither JSON".
		{"a list", `[1,2]`, `-:1:1: not a SudokuPad scl puzzle: want an object, found a list`},
		{"a word", `hello`, `-:1:1: not a SudokuPad scl puzzle: neither JSON nor an address, and a bad payload: `},
		// Text after the puzzle is refused, not dropped.
		{"text after JSON", `{"cells":[[{}]]} x`, `-:1:18: syntax error: invalid character 'x' after top-level value`},
		{"text after zipped", `{ce:[[,]]} x`, `-:1:1: syntax error: unzipped text goes on after the puzzle`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse("", []byte(tc.in))
			var pe *layouts.ParseError
			if !errors.As(err, &pe) || !strings.HasPrefix(err.Error(), tc.says) {
				t.Errorf("err = %v, want %s...", err, tc.says)
			}
		})
	}
}

// The metadata's constraints, a list of a layout file's constraint
// objects in a string, are checked as a layout file's: each error names
// the key and the element, placed at the key (1:1 for what Compile
// finds, as for the other constraints read).
func TestParseListed(t *testing.T) {
	list := func(js string) string { b, _ := json.Marshal(js); return `"constraints":` + string(b) }
	for _, tc := range []struct {
		name, meta, says string
		n                int // constraints read, if no error
	}{
		{"diagonal", list(`[{"kind":"diagonal"}]`) + `,"rules":"Sudoku-X"`, "note: the rules text is not read: gattai solves the grids, regions and drawn constraints it reads, and the constraints the metadata lists (diagonal)", 1},
		{"as JSON, not a string", `"constraints":[{"kind":"antiking"},{"kind":"diagonal","which":"negative"}]`, "", 2},
		{"empty", list(``), "", 0},
		{"none", list(`[]`), "", 0},
		{"no list", list(`{}`), `-:1:94: bad layout: metadata constraints: want a list of constraint objects`, 0},
		{"broken", list(`[{`), `-:1:94: bad layout: metadata constraints: unexpected end of JSON input`, 0},
		{"no object", list(`[5]`), `-:1:94: bad layout: metadata constraints[0]: want an object, found 5`, 0},
		{"unknown kind", list(`[{"kind":"wibble"}]`), `-:1:94: bad layout: metadata constraints[0]: kind "wibble" is not one the metadata lists (diagonal, region, `, 0},
		{"drawn kind", list(`[{"kind":"thermo","cells":["r1c1","r1c2"]}]`), `-:1:94: bad layout: metadata constraints[0]: kind "thermo" is not one the metadata lists`, 0},
		{"kropki not negative", list(`[{"kind":"kropki","white":[["r1c1","r1c2"]]}]`), `-:1:94: bad layout: metadata constraints[0]: a kropki constraint is listed only when negative: its marks are drawn`, 0},
		{"region of cells", list(`[{"kind":"region","cells":["r1c1","r2c2"]}]`), `-:1:94: bad layout: metadata constraints[0]: a region is listed only as the disjoint preset: others are drawn`, 0},
		{"unknown field", list(`[{"kind":"diagonal"},{"kind":"antiking","colour":1}]`), `-:1:94: bad layout: metadata constraints[1]: unknown field "colour"`, 0},
		{"key twice", list(`[{"kind":"diagonal","Kind":"antiking"}]`), `-:1:94: bad layout: metadata constraints[0]: key "Kind" given twice`, 0},
		{"wrong type", list(`[{"kind":"minimum","cells":5}]`), `-:1:94: bad layout: metadata constraints[0]: cells: want a list of cells like "r1c1", found 5`, 0},
		{"bad cell", list(`[{"kind":"minimum","cells":["here"]}]`), `-:1:94: bad layout: metadata constraints[0]: cell "here" is not of the form r1c1`, 0},
		{"cell outside", list(`[{"kind":"minimum","cells":["r5c5"]}]`), `-:1:1: bad layout: metadata constraints[0] (minimum): cell r5c5 is outside every grid`, 0},
		{"bad sum", list(`[{"kind":"littlekiller","cells":["r1c1","r2c2"],"sum":70}]`), `-:1:1: bad layout: metadata constraints[0] (littlekiller): 2 digits sum to 2..4, not 70`, 0},
		{"bad grid", list(`[{"kind":"antiking","grid":3}]`), `-:1:1: bad layout: metadata constraints[0] (antiking): grid 3: the layout has grids 1..1`, 0},
		{"bad which", list(`[{"kind":"diagonal","which":"up"}]`), `-:1:1: bad layout: metadata constraints[0] (diagonal): which is positive (/), negative (\) or both, not "up"`, 0},
		{"dot not drawn", list(`[{"kind":"kropki","negative":true,"white":[["r1c1","r1c2"]]}]`), `-:1:94: bad layout: metadata constraints[0]: a white dot of 1 between r1c1 and r1c2 that is not drawn`, 0},
		{"X not drawn", list(`[{"kind":"xv","negative":true,"x":[["r2c1","r1c1"]]}]`), `-:1:94: bad layout: metadata constraints[0]: an X between r1c1 and r2c1 that is not drawn`, 0},
		{"key twice in the metadata", list(`[]`) + `,` + list(`[{"kind":"diagonal"}]`), `-:1:99: syntax error: metadata key "constraints" given twice`, 0},
		{"too large", list(`[` + strings.Repeat(" ", maxListed) + `]`), `-:1:94: beyond limits: metadata constraints: 1048578 bytes, more than 1048576`, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := Parse("", []byte(twoByTwo(tc.meta)))
			switch {
			case strings.HasPrefix(tc.says, "-:"):
				var pe *layouts.ParseError
				if !errors.As(err, &pe) || !strings.HasPrefix(err.Error(), tc.says) {
					t.Errorf("err = %v, want %s...", err, tc.says)
				}
			case err != nil:
				t.Fatal(err)
			case len(p.Layout().Constraints) != tc.n:
				t.Errorf("%d constraints read, want %d", len(p.Layout().Constraints), tc.n)
			case tc.says != "" && !slices.Contains(p.Notes, strings.TrimPrefix(tc.says, "note: ")):
				t.Errorf("notes %q, want %q", p.Notes, tc.says)
			}
		})
	}
}

// twoByTwo is a 2x2 classic (boxes of a row) with the metadata fields
// meta.
func twoByTwo(meta string) string {
	return `{"cells":[[{},{}],[{},{}]],"regions":[[[0,0],[0,1]],[[1,0],[1,1]]],"metadata":{` + meta + `}}`
}

func TestDetect(t *testing.T) {
	js := `{"cells":[[{}]]}`
	for _, tc := range []struct {
		in   string
		want bool
	}{
		{"https://sudokupad.app/scl" + lzstring.CompressToBase64(js), true},
		{"ctc" + lzstring.CompressToBase64(js), true},
		{lzstring.CompressToBase64(js), true},
		{js, true},
		{`{ce:[[{v:1}]]}`, true},
		{`{"size":9,"grid":[]}`, false},
		{"https://sudokupad.app/fpuzzlesN4Ig", false},
		{"https://sudokupad.app/wsj7iunsg6", false},
		{"123", false},
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
	f.Add(`{ce:[[,{v:1}],[,]],re:[[[0,0],[0,1]],[[1,0],[1,1]]],u:[{ct:[0.5,0.5],w:0.85,h:0.85,r:t,c2:CFCFCF}],l:[{wp:[[0.5,0.5],[1.5,1.5]],c:CFCFCF}]}`)
	m, _ := layouts.Compile(layouts.Classic(4, layouts.DefaultBox(4)))
	b, _ := Marshal(layouts.NewPuzzle(m), WriteOptions{})
	f.Add(string(b))
	// A windmill: its grids travel in the metadata.
	l, _ := layouts.Builtin("windmill", 9, layouts.Shape{})
	wm, _ := layouts.Compile(l)
	b, _ = Marshal(layouts.NewPuzzle(wm), WriteOptions{})
	f.Add(string(b))
	f.Add(twoByTwo(`"grids":"r1c1"`))
	// The kinds of draw.go that are read back.
	dl := &layouts.Layout{Size: 9, Box: layouts.DefaultBox(9), Grids: []layouts.Placement{{}},
		Constraints: []layouts.Constraint{
			{Kind: "kropki", White: [][]layouts.Pos{cells("r3c3", "r3c4")}, Difference: 3},
			{Kind: "xv", X: [][]layouts.Pos{cells("r1c1", "r1c2")}, V: [][]layouts.Pos{cells("r2c1", "r3c1")}},
			{Kind: "arrow", Cells: cells("r5c5", "r5c6"), Lines: [][]layouts.Pos{cells("r5c6", "r6c7", "r7c7")}},
			{Kind: "littlekiller", Cells: cells("r1c3", "r2c2", "r3c1"), Sum: 12},
			{Kind: "xsum", Cells: diagonal(1, 4, 1, 0, 9), Sum: 15}, // at the little killer's place
			{Kind: "between", Cells: cells("r8c4", "r8c5", "r8c6")},
			{Kind: "quadruple", Cells: cells("r4c7", "r4c8", "r5c7", "r5c8"), Digits: []int{1, 2}},
			{Kind: "sandwich", Cells: fullRow(9, 1, 1), Sum: 10},
			{Kind: "skyscraper", Cells: fullRow(9, 9, -1), Count: 3},
		}}
	if dm, err := layouts.Compile(dl); err == nil {
		b, _ = Marshal(layouts.NewPuzzle(dm), WriteOptions{})
		f.Add(string(b))
	}
	// The rules with nothing drawn, in the metadata's constraints.
	ll := samurai(f,
		layouts.Constraint{Kind: "diagonal", Grid: 3, Which: "positive"},
		layouts.Constraint{Kind: "antiknight"},
		layouts.Constraint{Kind: "region", Preset: "disjoint", Grid: 2},
		layouts.Constraint{Kind: "kropki", White: [][]layouts.Pos{cells("r1c1", "r1c2")}, Negative: true},
		layouts.Constraint{Kind: "xv", V: [][]layouts.Pos{cells("r2c1", "r3c1")}, Negative: true, Which: "v"},
		layouts.Constraint{Kind: "quadruple", Cells: cells("r1c1", "r1c2"), Digits: []int{3}},
		layouts.Constraint{Kind: "minimum", Cells: cells("r5c5")})
	if lm, err := layouts.Compile(ll); err == nil {
		b, _ = Marshal(layouts.NewPuzzle(lm), WriteOptions{})
		f.Add(string(b))
	}
	f.Add(twoByTwo(`"constraints":"[{\"kind\":\"diagonal\"},{\"kind\":\"maximum\",\"cells\":[\"r1c1\"]}]"`))
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
		b, err := Marshal(p.Puzzle, WriteOptions{})
		if err != nil && !errors.Is(err, ErrUnsupported) {
			t.Fatalf("writing what was read: %v", err)
		}
		if err == nil {
			q, err := Parse("again", b)
			if err != nil {
				t.Fatalf("reading back %s: %v", b, err)
			}
			if q.Puzzle.String() != p.Puzzle.String() {
				t.Fatalf("givens changed:\n%s\nbecame\n%s", p.Puzzle, q.Puzzle)
			}
		}
	})
}

// TestManyOverlays reads a link of 50 KB whose 20,000 hiding overlays
// each cover the whole 256x256 board: marking every covered cell of
// every overlay took minutes; the covered cells are marked once.
func TestManyOverlays(t *testing.T) {
	row := "[" + strings.Repeat("{},", 255) + "{}]"
	board := "[" + strings.Repeat(row+",", 255) + row + "]"
	cover := `{"center":[128,128],"width":256,"height":256,"backgroundColor":"#FFFFFF"}`
	js := `{"cells":` + board + `,"overlays":[` + strings.Repeat(cover+",", 19999) + cover + `]}`
	link := "scl" + lzstring.CompressToBase64(js)
	var err error
	testkit.Within(t, 10*time.Second, func() { _, err = Parse("bomb", []byte(link)) })
	if !errors.Is(err, layouts.ErrLayout) {
		t.Errorf("err = %v, want a board with no grid refused", err)
	}
}

// TestManyLines reads a link of 77 KB with 27,000 grey circles and as
// many lines of another grey from them: each circle looked through
// every line for its thermometer, 15 s of work; lines are found by
// their colour and first point.
func TestManyLines(t *testing.T) {
	row := "[" + strings.Repeat("{},", 8) + "{}]"
	board := "[" + strings.Repeat(row+",", 8) + row + "]"
	circle := `{"center":[0.5,0.5],"width":0.8,"height":0.8,"rounded":true,"backgroundColor":"#CFCFCF"}`
	line := `{"wayPoints":[[0.5,0.5],[1.5,0.5]],"color":"#CFCFCE"}`
	const n = 27000
	js := `{"cells":` + board + `,"underlays":[` + strings.Repeat(circle+",", n-1) + circle + `],"lines":[` + strings.Repeat(line+",", n-1) + line + `]}`
	link := "scl" + lzstring.CompressToBase64(js)
	var err error
	testkit.Within(t, 5*time.Second, func() { _, err = Parse("bomb", []byte(link)) })
	var ue *UnsupportedError
	if !errors.As(err, &ue) || ue.Key != "lines" || ue.Index != 1 {
		t.Errorf("err = %v, want the first line refused", err)
	}
}

// TestZippedBomb reads a 5 KB link whose zipped text is 4,000,000
// commas: each stands for a left-out empty object, so the text unzipped
// to 12 MB of JSON, decoded three times over (6 s and 500 MB). Unzipped
// text is bounded as the compressed one is.
func TestZippedBomb(t *testing.T) {
	link := "scl" + lzstring.CompressToBase64("{ce:[["+strings.Repeat(",", 4_000_000)+"]]}")
	var err error
	testkit.Within(t, 3*time.Second, func() { _, err = Parse("bomb", []byte(link)) })
	if !errors.Is(err, layouts.ErrTooLarge) || !strings.Contains(err.Error(), "unzips to more than") {
		t.Errorf("err = %v, want the unzipped text too large", err)
	}
}

// TestLayoutParts writes puzzles whose rules lie outside a layout's
// constraints, or in another form of a constraint: the windows of the
// variants region-classic and region-samurai as the layout's own
// regions, the cages of killer-classic drawn as pieces; grids without
// boxes that share cells with another; and disjoint groups of boxes a
// jigsaw replaces. Each reads back as the
// same puzzle: the same units and rules, and its one solution (without
// the windows, or the cages, it has many).
func TestLayoutParts(t *testing.T) {
	linktest.CheckParts(t, []linktest.Part{
		{Name: "regions", Variant: "region-classic", Alter: linktest.WindowsAsRegions},
		{Name: "regions of grids", Variant: "region-samurai", Alter: linktest.WindowsAsRegions},
		{Name: "killer pieces", Variant: "killer-classic", Alter: linktest.CagesAsPieces},
		{Name: "a grid without boxes sharing cells", L: &layouts.Layout{Size: 9, Box: layouts.DefaultBox(9),
			Grids: []layouts.Placement{{}, {At: pos("r7c7"), Box: shape(layouts.NoBox)}}}},
		// Pieces that are boxes of another shape than the grid's: read
		// back as those boxes, whose disjoint groups differ.
		{Name: "disjoint groups of 3x2 boxes under a jigsaw", L: &layouts.Layout{Size: 6, Box: layouts.Shape{Rows: 3, Cols: 2}, Grids: []layouts.Placement{{}},
			Constraints: []layouts.Constraint{{Kind: "jigsaw", Pieces: []string{"AAABBB", "AAABBB", "CCCDDD", "CCCDDD", "EEEFFF", "EEEFFF"}}, {Kind: "region", Preset: "disjoint"}}}},
		// One sharing no cell has its rows as regions, read back as
		// boxes 1x6: the same units.
		{Name: "grids without boxes, one sharing none", L: &layouts.Layout{Size: 6, Box: layouts.NoBox,
			Grids: []layouts.Placement{{}, {At: pos("r4c4"), Box: shape(layouts.DefaultBox(6))}, {At: pos("r1c11")}}}},
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

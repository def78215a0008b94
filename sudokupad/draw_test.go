package sudokupad

import (
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"

	"gattai/internal/testkit"
	"gattai/layouts"
)

func fullRow(r, from, step int) []layouts.Pos {
	out := make([]layouts.Pos, 9)
	for i := range out {
		out[i] = layouts.Pos{Row: r - 1, Col: from - 1 + i*step}
	}
	return out
}

// written is what a test reads back of Marshal's JSON.
type written struct {
	Lines []struct {
		WayPoints [][2]float64 `json:"wayPoints"`
		Color     string       `json:"color"`
	} `json:"lines"`
	Overlays  []outShape `json:"overlays"`
	Underlays []outShape `json:"underlays"`
	Arrows    []struct {
		WayPoints  [][2]float64 `json:"wayPoints"`
		HeadLength float64      `json:"headLength"`
	} `json:"arrows"`
	Metadata struct {
		Rules string `json:"rules"`
		Clues string `json:"clues"`
	} `json:"metadata"`
}

// TestDrawKinds writes every kind drawn by draw.go: each is drawn where
// SudokuPad has a usual drawing, and its rule is in the rules text.
// Reading the puzzle back refuses what the drawing alone does not tell
// (a clone's shading, a number outside the grids with no arrow) by name
// rather than drop or guess a rule.
func TestDrawKinds(t *testing.T) {
	l := &layouts.Layout{Size: 9, Box: layouts.DefaultBox(9), Grids: []layouts.Placement{{}},
		Constraints: []layouts.Constraint{
			{Kind: "diagonal", Which: "positive"},
			{Kind: "kropki", White: [][]layouts.Pos{cells("r1c1", "r1c2")}, Black: [][]layouts.Pos{cells("r2c1", "r2c2")}, Difference: 3, Negative: true, Which: "white"},
			{Kind: "xv", X: [][]layouts.Pos{cells("r3c1", "r3c2")}, V: [][]layouts.Pos{cells("r4c1", "r5c1")}, Negative: true},
			{Kind: "arrow", Cells: cells("r5c5", "r5c6"), Lines: [][]layouts.Pos{cells("r5c6", "r6c7", "r7c7")}},
			{Kind: "arrow", Cells: cells("r1c9"), Lines: [][]layouts.Pos{cells("r2c9", "r3c9")}},
			{Kind: "littlekiller", Cells: cells("r1c3", "r2c2", "r3c1"), Sum: 12},
			{Kind: "littlekiller", Cells: cells("r2c2", "r3c3"), Sum: 7},
			{Kind: "sandwich", Cells: fullRow(1, 1, 1), Sum: 10},
			{Kind: "xsum", Cells: fullRow(9, 9, -1), Sum: 23},
			{Kind: "skyscraper", Cells: fullRow(8, 1, 1), Count: 3},
			{Kind: "whispers", Cells: cells("r4c4", "r4c5")},
			{Kind: "renban", Cells: cells("r6c1", "r7c2")},
			{Kind: "palindrome", Cells: cells("r6c3", "r6c4", "r6c5")},
			{Kind: "between", Cells: cells("r8c4", "r8c5", "r8c6")},
			{Kind: "regionsum", Cells: cells("r3c3", "r3c4")},
			{Kind: "entropic", Cells: cells("r9c1", "r9c2", "r9c3")},
			{Kind: "clone", Cells: cells("r1c4"), Clone: cells("r1c6")},
			{Kind: "quadruple", Cells: cells("r4c7", "r4c8", "r5c7", "r5c8"), Digits: []int{1, 2}},
			{Kind: "minimum", Cells: cells("r7c5")},
			{Kind: "maximum", Cells: cells("r7c9")},
		}}
	p := layouts.NewPuzzle(compile(t, l))
	b, err := Marshal(p, WriteOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var w written
	if err := json.Unmarshal(b, &w); err != nil {
		t.Fatal(err)
	}
	texts := map[[2]float64]string{}
	for _, o := range w.Overlays {
		if o.Text != "" {
			texts[o.Center] = o.Text
		}
	}
	for at, want := range map[[2]float64]string{
		{0.5, 1}:    "3",   // the white dot of difference 3
		{2.5, 1}:    "X",   // r3c1-r3c2
		{4, 0.5}:    "V",   // r4c1-r5c1
		{-0.5, 3.5}: "12",  // the little killer's clue, above r1c4
		{0.5, -0.5}: "10",  // the sandwich clue, left of r1c1
		{8.5, 9.5}:  "23",  // the x-sum clue, right of r9c9
		{7.5, -0.5}: "3",   // the skyscraper clue, left of r8c1
		{4, 7}:      "1 2", // the quadruple
	} {
		if texts[at] != want {
			t.Errorf("text at %v = %q, want %q", at, texts[at], want)
		}
	}
	if _, ok := texts[[2]float64{1, 1}]; ok {
		t.Errorf("a black dot of ratio 2 has a number")
	}
	if len(w.Arrows) != 3 || w.Arrows[0].WayPoints[0] != [2]float64{4.5, 5.5} || w.Arrows[1].WayPoints[0] != [2]float64{0.5, 8.5} || w.Arrows[2].HeadLength >= 0.3 {
		t.Errorf("arrows %+v, want the two arrows (the second from its circle) and the little killer's", w.Arrows)
	}
	var colours []string
	for _, line := range w.Lines {
		colours = append(colours, line.Color)
	}
	if want := []string{"#60C060", "#F067F0", "#A0A0A0", "#9AB8E0", "#2E7BFF", "#FFA040"}; !slices.Equal(colours, want) {
		t.Errorf("line colours %q, want %q", colours, want)
	}
	if len(w.Underlays) != 2 || w.Underlays[0].BackgroundColor != w.Underlays[1].BackgroundColor {
		t.Errorf("clone underlays %+v", w.Underlays)
	}
	for _, want := range []string{
		"the / diagonal", "white dot differ by its number", "All white dots are given: neighbours with no dot do not differ by 3.",
		"X sum to 10", "All X and V are given", "circle of several cells",
		"diagonal r1c3-r3c1 sum to 12", "diagonal r2c2-r3c3 sum to 7", "1 and the 9 of r1c1-r1c9 sum to 10", "r9c9-r9c1, the first X digits sum to 23",
		"r8c1-r8c9, 3 digits", "differ by at least 5", "consecutive", "same from either end", "between the circles", "each box",
		"a low (1-3), a middle (4-6) and a high (7-9)", "r1c6 hold the digits of r1c4", "r4c7, r4c8, r5c7, r5c8 hold the digits 1, 2",
		"Minimum: each of r7c5", "Maximum: each of r7c9",
	} {
		if !strings.Contains(w.Metadata.Rules, want) {
			t.Errorf("rules lack %q:\n%s", want, w.Metadata.Rules)
		}
	}
	if w.Metadata.Clues != "sandwich r1c1-r1c9; xsum r9c9-r9c1; skyscraper r8c1-r8c9" {
		t.Errorf("metadata clues %q", w.Metadata.Clues)
	}
	var ue *UnsupportedError
	if _, err := Parse("written", b); !errors.As(err, &ue) || ue.Key != "underlays" || !strings.Contains(ue.Detail, "a clone's shading") {
		t.Errorf("reading back: err = %v, want the clone's shading refused", err)
	}
	// Without the clone, the outside clues read back by the metadata's
	// names; the number alone would not tell them apart.
	l.Constraints = slices.DeleteFunc(l.Constraints, func(c layouts.Constraint) bool { return c.Kind == "clone" })
	b, err = Marshal(layouts.NewPuzzle(compile(t, l)), WriteOptions{})
	if err != nil {
		t.Fatal(err)
	}
	q, err := Parse("written", b)
	if err != nil {
		t.Fatal(err)
	}
	outside := func(cs []layouts.Constraint) []layouts.Constraint {
		return slices.DeleteFunc(slices.Clone(cs), func(c layouts.Constraint) bool {
			return c.Kind != "sandwich" && c.Kind != "xsum" && c.Kind != "skyscraper"
		})
	}
	want, got := outside(l.Constraints), outside(q.Layout().Constraints)
	if len(want) != 3 || !testkit.SameConstraints(got, want) {
		t.Errorf("outside clues read back as %+v, want %+v", got, want)
	}
}

// TestDrawCluesOnCells: a clue whose place is a cell of another grid is
// stated in the rules only.
func TestDrawCluesOnCells(t *testing.T) {
	l, err := layouts.Builtin("samurai", 9, layouts.Shape{})
	if err != nil {
		t.Fatal(err)
	}
	// Row 7 of grid 1 from its right end: the clue's place, r7c10, is a
	// cell of the middle grid.
	l.Constraints = append(l.Constraints, layouts.Constraint{Kind: "sandwich", Cells: fullRow(7, 9, -1), Sum: 5})
	b, err := Marshal(layouts.NewPuzzle(compile(t, l)), WriteOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var w written
	json.Unmarshal(b, &w)
	for _, o := range w.Overlays {
		if o.Text != "" {
			t.Errorf("drew %q at %v", o.Text, o.Center)
		}
	}
	if !strings.Contains(w.Metadata.Rules, "r7c9-r7c1 sum to 5") {
		t.Errorf("rules %q", w.Metadata.Rules)
	}
}

// TestDrawRefused: an arrow's circle out of reading order, and drawings
// that would read back as another rule: a drawing names no cells or gap
// beyond what Marshal's own form implies.
func TestDrawRefused(t *testing.T) {
	for _, tc := range []struct {
		c    layouts.Constraint
		want string
	}{
		{layouts.Constraint{Kind: "arrow", Cells: cells("r1c2", "r1c1"), Lines: [][]layouts.Pos{cells("r1c2", "r2c3")}}, "reading order"},
		{layouts.Constraint{Kind: "quadruple", Cells: cells("r4c7", "r4c8", "r5c7"), Digits: []int{1}}, "a quadruple on 3 of the 4 cells at a corner would read back as all 4"},
		{layouts.Constraint{Kind: "littlekiller", Cells: cells("r1c1", "r2c2", "r3c3"), Sum: 10}, "a little killer that stops at r3c3, short of the board's edge"},
		{layouts.Constraint{Kind: "whispers", Cells: cells("r4c4", "r4c5"), Difference: 4}, "whispers with a gap of 4, not the usual 5"},
	} {
		l := &layouts.Layout{Size: 9, Box: layouts.DefaultBox(9), Grids: []layouts.Placement{{}}, Constraints: []layouts.Constraint{tc.c}}
		if _, err := Marshal(layouts.NewPuzzle(compile(t, l)), WriteOptions{}); !errors.Is(err, ErrUnsupported) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: err = %v, want ErrUnsupported saying %q", tc.c.Kind, err, tc.want)
		}
	}
}

// TestOutsideCluesRefused: the metadata's clues name a drawn number
// each, along a row or column of the board, where Marshal draws it
// among the clues of its place; else the link is refused.
func TestOutsideCluesRefused(t *testing.T) {
	l := &layouts.Layout{Size: 9, Box: layouts.DefaultBox(9), Grids: []layouts.Placement{{}},
		Constraints: []layouts.Constraint{{Kind: "sandwich", Cells: fullRow(1, 1, 1), Sum: 10}}}
	b, err := Marshal(layouts.NewPuzzle(compile(t, l)), WriteOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		clues string
		// moved, if set, is where the number is drawn instead, small,
		// as if shifted beside another clue.
		moved []float64
		want  string
	}{
		{"sandwich r1c1-r1c9", nil, ""},
		{"sandwich r1c1-r1c9", []float64{0.5, -0.35}, `"overlays" item 1 (a rectangle with text "10" at 0.5,-0.35: not where Marshal draws it among the clues of its place)`},
		{"sandwich r1c1-r1c9; skyscraper r1c1-r1c9", []float64{0.5, -0.35}, `SudokuPad "metadata" (clues: a skyscraper clue with no number before r1c1) is not supported yet`},
		{"sandwich r1c1-r1c9; skyscraper r1c1-r1c9; xsum r1c1-r1c9", nil, `SudokuPad "metadata" (clues: 3 clues at r1c0, two of one line beside another, which Marshal does not draw) is not supported yet`},
		{"", nil, `"overlays" item 1 (a rectangle with text "10" at 0.5,-0.5: a number with no little killer's arrow`},
		{"sandwich r2c1-r2c9", nil, `"overlays" item 1 (a rectangle with text "10" at 0.5,-0.5: a number with no little killer's arrow`},
		{"sandwich r1c1-r1c9; sandwich r2c1-r2c9", nil, `SudokuPad "metadata" (clues: a sandwich clue with no number before r2c1) is not supported yet`},
		{"sandwich r1c1-r1c9; sandwich r1c1-r1c9", nil, `"overlays" item 1 (a rectangle with text "10" at 0.5,-0.5: 1 drawn at its place, where the metadata's clues name 2)`},
		{"kakuro r1c1-r1c9", nil, `metadata clues: "kakuro r1c1-r1c9" is not a sandwich, xsum or skyscraper clue`},
		{"xsum r1c1-r2c2", nil, `metadata clues: xsum r1c1-r2c2 is not along a row or column of the board`},
		{"xsum r1c1-r1c99", nil, `is not along a row or column of the board`},
	} {
		var v map[string]any
		if err := json.Unmarshal(b, &v); err != nil {
			t.Fatal(err)
		}
		meta := v["metadata"].(map[string]any)
		meta["clues"] = tc.clues
		if tc.moved != nil {
			o := v["overlays"].([]any)[0].(map[string]any)
			o["center"], o["fontSize"] = tc.moved, clueSize
		}
		changed, _ := json.Marshal(v)
		_, err := Parse("written", changed)
		if tc.want == "" && err != nil || tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)) {
			t.Errorf("clues %q: err = %v, want %q", tc.clues, err, tc.want)
		}
	}
}

// TestDrawCluesShared: clues that share a place outside the grids, as a
// Samurai's grid 1 row clue from the right and the middle grid's column
// clue from the top at r6c10, or a column's clue and little killers
// above a grid, are each drawn small and shifted toward their own line
// (a little killer's toward its arrow's corner), not on top of each
// other; a clue alone at its place stays at its centre, and a clue
// given twice is drawn once. Two clues of one line beside a third are
// refused, naming the clues of the place.
func TestDrawCluesShared(t *testing.T) {
	type at struct {
		centre [2]float64
		text   string
		size   float64
	}
	for _, tc := range []struct {
		name   string
		layout string
		cs     []layouts.Constraint
		want   []at
		err    string
	}{
		{"alone", "classic", []layouts.Constraint{
			{Kind: "sandwich", Cells: fullRow(1, 1, 1), Sum: 10},
		}, []at{{[2]float64{0.5, -0.5}, "10", textSize}}, ""},
		{"given twice", "classic", []layouts.Constraint{
			{Kind: "sandwich", Cells: fullRow(1, 1, 1), Sum: 10},
			{Kind: "sandwich", Cells: fullRow(1, 1, 1), Sum: 10},
		}, []at{{[2]float64{0.5, -0.5}, "10", textSize}}, ""},
		{"row and column across grids", "samurai", []layouts.Constraint{
			{Kind: "sandwich", Cells: fullRow(6, 9, -1), Sum: 7},            // grid 1's row 6 from the right
			{Kind: "skyscraper", Cells: diagonal(7, 10, 1, 0, 9), Count: 3}, // the middle grid's column 10 from the top
		}, []at{{[2]float64{5.5, 9.15}, "7", clueSize}, {[2]float64{5.85, 9.5}, "3", clueSize}}, ""},
		{"column and little killers", "classic", []layouts.Constraint{
			{Kind: "littlekiller", Cells: cells("r1c3", "r2c2", "r3c1"), Sum: 12},
			{Kind: "xsum", Cells: diagonal(1, 4, 1, 0, 9), Sum: 15},
			{Kind: "littlekiller", Cells: cells("r1c5", "r2c6", "r3c7", "r4c8", "r5c9"), Sum: 30},
		}, []at{{[2]float64{-0.3, 3.3}, "12", clueSize}, {[2]float64{-0.15, 3.5}, "15", clueSize}, {[2]float64{-0.3, 3.7}, "30", clueSize}}, ""},
		// All five that r6c10 of a Samurai can hold.
		{"five at a place", "samurai", []layouts.Constraint{
			{Kind: "sandwich", Cells: fullRow(6, 9, -1), Sum: 7},
			{Kind: "skyscraper", Cells: diagonal(7, 10, 1, 0, 9), Count: 3},
			{Kind: "littlekiller", Cells: diagonal(5, 9, -1, -1, 5), Sum: 21},
			{Kind: "littlekiller", Cells: diagonal(7, 9, 1, -1, 3), Sum: 6},
			{Kind: "littlekiller", Cells: diagonal(7, 11, 1, 1, 5), Sum: 25},
		}, []at{{[2]float64{5.5, 9.15}, "7", clueSize}, {[2]float64{5.85, 9.5}, "3", clueSize},
			{[2]float64{5.3, 9.3}, "21", clueSize}, {[2]float64{5.7, 9.3}, "6", clueSize}, {[2]float64{5.7, 9.7}, "25", clueSize}}, ""},
		// Two clues of one line, alone at their place, side by side
		// along it, the first nearer the grid.
		{"one line twice", "classic", []layouts.Constraint{
			{Kind: "sandwich", Cells: fullRow(1, 1, 1), Sum: 10},
			{Kind: "skyscraper", Cells: fullRow(1, 1, 1), Count: 4},
		}, []at{{[2]float64{0.5, -0.35}, "10", clueSize}, {[2]float64{0.5, -0.65}, "4", clueSize}}, ""},
		{"one line twice beside a little killer", "classic", []layouts.Constraint{
			{Kind: "sandwich", Cells: diagonal(1, 4, 1, 0, 9), Sum: 10},
			{Kind: "littlekiller", Cells: cells("r1c3", "r2c2", "r3c1"), Sum: 12},
			{Kind: "xsum", Cells: diagonal(1, 4, 1, 0, 9), Sum: 15},
		}, nil, "not supported: sandwich r1c4-r9c4, littlekiller r1c3-r3c1, xsum r1c4-r9c4 share one place outside the grids, r0c4, where two clues of one line beside another cannot be told apart"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l, err := layouts.Builtin(tc.layout, 9, layouts.Shape{})
			if err != nil {
				t.Fatal(err)
			}
			l.Constraints = tc.cs
			b, err := Marshal(layouts.NewPuzzle(compile(t, l)), WriteOptions{})
			if tc.err != "" {
				if !errors.Is(err, ErrUnsupported) || err.Error() != tc.err {
					t.Fatalf("err = %v, want %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			var w written
			if err := json.Unmarshal(b, &w); err != nil {
				t.Fatal(err)
			}
			var got []at
			for _, o := range w.Overlays {
				if o.Text != "" {
					got = append(got, at{o.Center, o.Text, o.FontSize})
				}
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("clues drawn at %v, want %v", got, tc.want)
			}
			// Little killers' arrows, as their clues, in hundredths
			// (0.25 - 0.3 was written -0.04999999999999999).
			for _, a := range w.Arrows {
				for _, p := range a.WayPoints {
					if p != [2]float64{hundredths(p[0]), hundredths(p[1])} {
						t.Errorf("an arrow at %v, not in hundredths", a.WayPoints)
					}
				}
			}
		})
	}
}

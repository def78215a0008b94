package layouts

import (
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestCompileErrors(t *testing.T) {
	sq := func(n int) *Shape { return &Shape{n, n} }
	tests := []struct {
		name string
		l    Layout
		want string
	}{
		{"no grids", Layout{Size: 9, Box: Shape{3, 3}}, "no grids"},
		{"negative offset", Layout{Size: 4, Box: Shape{2, 2}, Grids: []Placement{{At: Pos{-1, 0}}}}, "off the canvas"},
		{"far offset", Layout{Size: 4, Box: Shape{2, 2}, Grids: []Placement{{At: Pos{MaxCanvasSide, 0}}}}, "off the canvas"},
		{"box not n", Layout{Size: 9, Box: Shape{2, 2}, Grids: []Placement{{}}}, "does not hold 9"},
		{"grid box not n", Layout{Size: 4, Box: Shape{2, 2}, Grids: []Placement{{}, {At: Pos{4, 4}, Box: sq(3)}}}, "grid 2: box 3x3"},
		{"grids on each other", Layout{Size: 4, Box: Shape{2, 2}, Grids: []Placement{{}, {At: Pos{2, 2}}, {At: Pos{2, 2}}}}, "grid 3 lies on grid 2"},
		{"region outside", Layout{Size: 4, Box: Shape{2, 2}, Grids: []Placement{{}}, Regions: []Region{{Cells: []Pos{{0, 0}, {5, 5}}}}}, "r6c6 is outside"},
		{"region twice", Layout{Size: 4, Box: Shape{2, 2}, Grids: []Placement{{}}, Regions: []Region{{Cells: []Pos{{0, 0}, {0, 0}}}}}, "listed twice"},
		{"region too big", Layout{Size: 4, Box: Shape{2, 2}, Grids: []Placement{{}}, Regions: []Region{{Cells: make([]Pos, 5)}}}, "more than the 4"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Compile(&tt.l)
			if !errors.Is(err, ErrLayout) || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("got %v, want ErrLayout containing %q", err, tt.want)
			}
		})
	}
}

func TestCompileSharedUnits(t *testing.T) {
	m := compiled(t, "samurai", 9, Shape{})
	centre, corner := Pos{6, 6}, Pos{8, 8} // both in the box grids 1 and 3 share
	a, _ := m.Cell(centre)
	b, _ := m.Cell(corner)
	if !slices.Contains(m.Peers[a], b) {
		t.Fatalf("%s and %s are not peers", centre, corner)
	}
	boxes := 0
	for _, u := range m.CellUnits[a] {
		if m.Units[u].Kind == UnitBox {
			boxes++
		}
	}
	if boxes != 1 {
		t.Errorf("shared cell %s is in %d boxes, want 1", centre, boxes)
	}
	if got := len(m.Peers[a]); got != 20+12 { // 20 in grid 1; grid 3's row and column add 6 each
		t.Errorf("%s has %d peers, want 32", centre, got)
	}
}

func TestCheck(t *testing.T) {
	m := compiled(t, "classic", 4, Shape{})
	solution := []uint8{1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1}
	p := NewPuzzle(m)
	p.Givens[0] = 1
	tests := []struct {
		name string
		edit func(d []uint8)
		want string
	}{
		{"valid", func([]uint8) {}, ""},
		{"given changed", func(d []uint8) { d[0], d[1] = 2, 1 }, "cell r1c1 holds 2 but the given is 1"},
		{"empty cell", func(d []uint8) { d[5] = 0 }, "cell r2c2 holds 0"},
		{"too large", func(d []uint8) { d[5] = 5 }, "cell r2c2 holds 5"},
		{"row repeat", func(d []uint8) { d[2], d[3] = 4, 4 }, "row 1: digit 4 repeated at r1c3 and r1c4"},
		{"column repeat", func(d []uint8) { d[4], d[5] = d[5], d[4] }, "column 1: digit 4 repeated at r2c1 and r4c1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := slices.Clone(solution)
			tt.edit(d)
			err := Check(p, Grid{Model: m, Digits: d})
			if tt.want == "" {
				if err != nil {
					t.Fatalf("Check: %v", err)
				}
				return
			}
			var ce *CheckError
			if !errors.As(err, &ce) || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("got %v, want CheckError containing %q", err, tt.want)
			}
		})
	}
	other := compiled(t, "classic", 4, Shape{})
	if err := Check(p, Grid{Model: other, Digits: solution}); err == nil {
		t.Error("a grid of another model passed Check")
	}
	// No puzzle, or a broken one: an error, not a panic.
	for i, q := range []*Puzzle{nil, {}, {Model: m, Givens: p.Givens[:3]}} {
		var ce *CheckError
		if err := Check(q, Grid{Model: m, Digits: solution}); !errors.As(err, &ce) {
			t.Errorf("broken puzzle %d: %v", i, err)
		}
	}
	if err := (*Puzzle)(nil).Validate(); !errors.Is(err, ErrPuzzle) {
		t.Errorf("a nil puzzle's Validate: %v", err)
	}
}

func TestConflict(t *testing.T) {
	m := compiled(t, "samurai", 9, Shape{})
	p := NewPuzzle(m)
	a, _ := m.Cell(Pos{6, 6})
	b, _ := m.Cell(Pos{6, 14})
	p.Givens[a], p.Givens[b] = 5, 5
	err := p.Conflict()
	if err == nil || !strings.Contains(err.Error(), "grid 3 row 1: digit 5 given twice, at r7c7 and r7c15") {
		t.Errorf("Conflict = %v", err)
	}
}

// TestMisfit: a puzzle or grid whose digits do not fit its layout
// prints and reports that, rather than panicking.
func TestMisfit(t *testing.T) {
	m := compiled(t, "classic", 9, Shape{})
	for _, tt := range []struct {
		name string
		p    *Puzzle
		want string
	}{
		{"nil", nil, "<bad puzzle: no puzzle>"},
		{"no model", &Puzzle{}, "<bad puzzle: no model>"},
		{"short", &Puzzle{Model: m, Givens: make([]uint8, 3)}, "<bad puzzle: 3 givens for 81 cells>"},
		{"long", &Puzzle{Model: m, Givens: make([]uint8, 82)}, "<bad puzzle: 82 givens for 81 cells>"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.p.String(); got != tt.want {
				t.Errorf("String = %q, want %q", got, tt.want)
			}
			if err := tt.p.Conflict(); !errors.Is(err, ErrPuzzle) {
				t.Errorf("Conflict = %v, want ErrPuzzle", err)
			}
		})
	}
	if got, want := (Grid{Model: m, Digits: make([]uint8, 80)}).String(), "<80 digits for 81 cells>"; got != want {
		t.Errorf("Grid.String = %q, want %q", got, want)
	}
}

func TestPos(t *testing.T) {
	for _, s := range []string{"r1c1", "R12c3", " r1c10 "} {
		p, err := ParsePos(s)
		if err != nil {
			t.Errorf("ParsePos(%q): %v", s, err)
			continue
		}
		if q, _ := ParsePos(p.String()); q != p {
			t.Errorf("round trip of %q: %v", s, q)
		}
	}
	for _, s := range []string{"", "r0c1", "c1r1", "r1", "rxc1", "r1c99999"} {
		if _, err := ParsePos(s); !errors.Is(err, ErrLayout) {
			t.Errorf("ParsePos(%q) = %v, want ErrLayout", s, err)
		}
	}
}

// A constraint given again compiles to nothing more: a whole-board rule
// repeated thousands of times, a few bytes each in a layout file, must
// not cost thousands of compilations (each is O(cells)).
func TestCompileRepeatedConstraints(t *testing.T) {
	once := Classic(9, DefaultBox(9))
	once.Constraints = []Constraint{{Kind: "antiknight"}, {Kind: "killer", Cells: []Pos{{0, 0}, {0, 1}}, Sum: 3}}
	many := Classic(9, DefaultBox(9))
	for range 10000 {
		many.Constraints = append(many.Constraints, once.Constraints...)
	}
	m1, err := Compile(once)
	if err != nil {
		t.Fatal(err)
	}
	m2, err := Compile(many)
	if err != nil {
		t.Fatal(err)
	}
	if len(m2.Units) != len(m1.Units) || len(m2.Rules) != len(m1.Rules) {
		t.Errorf("repeated: %d units, %d rules; once: %d units, %d rules", len(m2.Units), len(m2.Rules), len(m1.Units), len(m1.Rules))
	}
	// One that differs in a field (here the sum) is another rule.
	once.Constraints = append(once.Constraints, Constraint{Kind: "killer", Cells: []Pos{{0, 0}, {0, 1}}, Sum: 4})
	if m3, err := Compile(once); err != nil || len(m3.Rules) != len(m1.Rules)+1 {
		t.Errorf("a killer of another sum on the same cells: err %v, rules kept?", err)
	}
}

// TestPeers holds Model.Peers to the sorted union of each cell's units,
// less the cell, on every built-in layout (sizes on both sides of 64
// cells, a word of peers' bitset) and every variant layout, whose
// regions and constraints add units.
func TestPeers(t *testing.T) {
	var ms []*Model
	for _, b := range Builtins() {
		for _, n := range []int{4, 9} {
			ms = append(ms, compiled(t, b.Name, n, Shape{}))
		}
	}
	files, _ := filepath.Glob("../testdata/variants/*.json")
	if len(files) == 0 {
		t.Fatal("no variant layouts in ../testdata/variants")
	}
	for _, f := range files {
		_, m := layoutFile(t, f)
		ms = append(ms, m)
	}
	for _, m := range ms {
		for c := range m.Cells {
			var want []int
			for _, u := range m.CellUnits[c] {
				for _, p := range m.Units[u].Cells {
					if p != c && !slices.Contains(want, p) {
						want = append(want, p)
					}
				}
			}
			slices.Sort(want)
			if !slices.Equal(m.Peers[c], want) {
				t.Fatalf("%s, cell %d: peers %v, want %v", m.Layout.Name, c, m.Peers[c], want)
			}
		}
	}
}

// BenchmarkCompile compiles each size of built-in layout: the start of
// every run on it.
//
//	go test -run='^$' -bench=Compile -cpu=1 ./layouts/
func BenchmarkCompile(b *testing.B) {
	for _, tc := range benchCases {
		b.Run(tc.name, func(b *testing.B) {
			l, err := Builtin(tc.name, tc.n, tc.box)
			if err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Compile(l); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// Two grids at one place with boxes of other shapes are a layout (each
// adds its boxes); with the same boxes, a mistake (TestCompileErrors).
func TestGridsAtOnePlace(t *testing.T) {
	l := Layout{Size: 6, Grids: []Placement{{Box: &Shape{2, 3}}, {Box: &Shape{3, 2}}}}
	m, err := Compile(&l)
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Cells) != 36 {
		t.Errorf("%d cells", len(m.Cells))
	}
}

// TestInnies: a full unit's cells outside the cages wholly inside it
// make a cage of the rest of its sum; a cage across units, or sharing a
// cell with another, covers nothing.
func TestInnies(t *testing.T) {
	cells := func(ps ...string) []Pos {
		var out []Pos
		for _, s := range ps {
			p, err := ParsePos(s)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, p)
		}
		return out
	}
	l := Classic(4, DefaultBox(4))
	l.Constraints = []Constraint{
		{Kind: "killer", Sum: 3, Cells: cells("r1c1", "r1c2")}, // in row 1 and box 1
		{Kind: "killer", Sum: 7, Cells: cells("r2c1", "r2c2")}, // in row 2 and box 1: box 1 is covered
		{Kind: "killer", Sum: 5, Cells: cells("r3c3", "r4c3")}, // in column 3 and box 4
		{Kind: "killer", Sum: 4, Cells: cells("r3c4", "r4c4")}, // column 4 and box 4, sharing r4c4 with the next
		{Kind: "killer", Sum: 7, Cells: cells("r4c4", "r4c2")}, // across boxes
	}
	m, err := Compile(l)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, r := range m.Innies() {
		if r.Kind != "innies" {
			t.Errorf("%s: kind %q", r.Name, r.Kind)
		}
		var ps []string
		for _, c := range r.Cells {
			ps = append(ps, m.Cells[c].String())
		}
		got = append(got, fmt.Sprintf("%s: %s = %d", r.Name, strings.Join(ps, " "), r.Sum))
	}
	want := []string{
		"innies of row 1: r1c3 r1c4 = 7",
		"innies of row 2: r2c3 r2c4 = 3",
		"innies of column 3: r1c3 r2c3 = 5",
		"innies of box 4: r3c4 r4c4 = 5",
	}
	if !slices.Equal(got, want) {
		t.Errorf("innies:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestOuties: the cages that cover a full unit leave, outside it, cells
// summing to their sums less the unit's; a cage only when those cells
// must differ.
func TestOuties(t *testing.T) {
	pos := func(s string) Pos {
		p, err := ParsePos(s)
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	for _, tc := range []struct {
		name string
		cs   []Constraint
		want []string
	}{
		{"one cell out", []Constraint{
			{Kind: "killer", Sum: 6, Cells: []Pos{pos("r1c1"), pos("r1c2"), pos("r2c1")}},
			{Kind: "killer", Sum: 7, Cells: []Pos{pos("r1c3"), pos("r1c4")}},
		}, []string{"outies of row 1: r2c1 = 3"}},
		{"two peers out", []Constraint{
			{Kind: "killer", Sum: 5, Cells: []Pos{pos("r1c1"), pos("r2c1")}},
			{Kind: "killer", Sum: 5, Cells: []Pos{pos("r1c2"), pos("r2c2")}},
			{Kind: "killer", Sum: 5, Cells: []Pos{pos("r1c3"), pos("r1c4")}},
		}, []string{"outies of row 1: r2c1 r2c2 = 5"}},
		{"two apart out: no cage", []Constraint{
			{Kind: "killer", Sum: 5, Cells: []Pos{pos("r1c1"), pos("r2c1")}},
			{Kind: "killer", Sum: 7, Cells: []Pos{pos("r1c2"), pos("r1c3"), pos("r3c3")}},
			{Kind: "killer", Sum: 4, Cells: []Pos{pos("r1c4")}},
		}, nil},
		{"a cell of no cage: none", []Constraint{
			{Kind: "killer", Sum: 6, Cells: []Pos{pos("r1c1"), pos("r1c2"), pos("r2c1")}},
			{Kind: "killer", Sum: 4, Cells: []Pos{pos("r1c3")}},
		}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l := Classic(4, DefaultBox(4))
			l.Constraints = tc.cs
			m, err := Compile(l)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, r := range m.Outies() {
				var ps []string
				for _, c := range r.Cells {
					ps = append(ps, m.Cells[c].String())
				}
				got = append(got, fmt.Sprintf("%s: %s = %d", r.Name, strings.Join(ps, " "), r.Sum))
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("outies %q, want %q", got, tc.want)
			}
		})
	}
}

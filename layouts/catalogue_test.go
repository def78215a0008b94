package layouts

import (
	"errors"
	"fmt"
	"slices"
	"testing"
)

// The 9x9 offsets are the catalogue of the foundation issue, verbatim.
func TestBuiltinOffsets(t *testing.T) {
	tests := []struct {
		name  string
		at    [][2]int
		cells int
		units int // 27 per grid less the boxes shared
	}{
		{"classic", [][2]int{{0, 0}}, 81, 27},
		{"twodoku", [][2]int{{0, 0}, {6, 6}}, 153, 53},
		{"butterfly", [][2]int{{0, 0}, {0, 3}, {3, 0}, {3, 3}}, 144, 64},
		{"flower", [][2]int{{0, 3}, {3, 0}, {3, 3}, {3, 6}, {6, 3}}, 189, 87},
		{"samurai", [][2]int{{0, 0}, {0, 12}, {6, 6}, {12, 0}, {12, 12}}, 369, 131},
		{"sohei", [][2]int{{0, 6}, {6, 0}, {6, 12}, {12, 6}}, 288, 104},
		{"windmill", [][2]int{{0, 3}, {3, 12}, {6, 6}, {9, 0}, {12, 9}}, 333, 127},
		{"gattai8", [][2]int{{0, 0}, {0, 12}, {0, 24}, {6, 6}, {6, 18}, {12, 0}, {12, 12}, {12, 24}}, 576, 208},
		{"shogun", [][2]int{{0, 0}, {0, 12}, {0, 24}, {0, 36}, {6, 6}, {6, 18}, {6, 30}, {12, 0}, {12, 12}, {12, 24}, {12, 36}}, 783, 285},
		{"sumo", [][2]int{{0, 0}, {0, 12}, {0, 24}, {6, 6}, {6, 18}, {12, 0}, {12, 12}, {12, 24}, {18, 6}, {18, 18}, {24, 0}, {24, 12}, {24, 24}}, 909, 335},
	}
	if len(tests) != len(Builtins()) {
		t.Fatalf("catalogue has %d layouts, test knows %d", len(Builtins()), len(tests))
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l, err := Builtin(tt.name, 9, Shape{})
			if err != nil {
				t.Fatal(err)
			}
			var at [][2]int
			for _, g := range l.Grids {
				at = append(at, [2]int{g.At.Row, g.At.Col})
			}
			if !slices.Equal(at, tt.at) {
				t.Errorf("offsets %v, want %v", at, tt.at)
			}
			m, err := Compile(l)
			if err != nil {
				t.Fatal(err)
			}
			if len(m.Cells) != tt.cells || len(m.Units) != tt.units {
				t.Errorf("%d cells, %d units; want %d, %d", len(m.Cells), len(m.Units), tt.cells, tt.units)
			}
		})
	}
}

// Every layout is derived for other box shapes, and the grids overlap
// in whole boxes exactly as at 9x9.
func TestBuiltinOtherShapes(t *testing.T) {
	for _, in := range Builtins() {
		base := compiled(t, in.Name, 9, Shape{})
		shared := len(base.Layout.Grids)*27 - len(base.Units)
		for _, box := range []Shape{{2, 2}, {2, 3}, {3, 2}, {4, 4}, {5, 5}} {
			t.Run(fmt.Sprintf("%s/%s", in.Name, box), func(t *testing.T) {
				n := box.Rows * box.Cols
				m := compiled(t, in.Name, n, box)
				// Grids two boxes wide overlap differently; butterfly and
				// flower grids shift by a box, so share more boxes when bigger.
				wide := n/box.Rows >= 3 && n/box.Cols >= 3
				if got := len(m.Layout.Grids)*3*n - len(m.Units); wide && in.Name != "butterfly" && in.Name != "flower" && got != shared {
					t.Errorf("%d shared units, want %d as at 9x9", got, shared)
				}
				for ui := range m.Units {
					if m.Units[ui].Kind != UnitRegion && !m.Full(ui) {
						t.Errorf("unit %s has %d cells", m.Units[ui].Name, len(m.Units[ui].Cells))
					}
				}
			})
		}
	}
}

func compiled(t testing.TB, name string, n int, box Shape) *Model {
	t.Helper()
	l, err := Builtin(name, n, box)
	if err != nil {
		t.Fatal(err)
	}
	m, err := Compile(l)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func TestBuiltinErrors(t *testing.T) {
	tests := []struct {
		name string
		n    int
		box  Shape
		want error
	}{
		{"nosuch", 9, Shape{}, ErrUnknownLayout},
		{"classic", 0, Shape{}, ErrLayout},
		{"classic", MaxSymbols + 1, Shape{}, ErrLayout},
		{"samurai", 9, Shape{2, 3}, ErrLayout},
		{"samurai", 9, Shape{1, 9}, ErrLayout}, // its grids on each other
		{"samurai", 2, Shape{}, ErrLayout},
		{"sumo", 3, Shape{}, ErrLayout},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%s/%d/%s", tt.name, tt.n, tt.box), func(t *testing.T) {
			if _, err := Builtin(tt.name, tt.n, tt.box); !errors.Is(err, tt.want) {
				t.Errorf("got %v, want %v", err, tt.want)
			}
		})
	}
}

func TestDefaultBox(t *testing.T) {
	for n, want := range map[int]Shape{4: {2, 2}, 6: {2, 3}, 8: {2, 4}, 9: {3, 3}, 12: {3, 4}, 16: {4, 4}, 25: {5, 5}, 7: {1, 7}} {
		if got := DefaultBox(n); got != want {
			t.Errorf("DefaultBox(%d) = %s, want %s", n, got, want)
		}
	}
}

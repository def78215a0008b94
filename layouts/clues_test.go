package layouts

import (
	"slices"
	"testing"
)

// ClueShifts moves each clue of a shared place toward its own line, two
// of one line apart along it, and refuses two of one line beside a third.
func TestClueShifts(t *testing.T) {
	for _, tc := range []struct {
		name  string
		steps [][2]int
		want  [][2]float64 // nil: refused
	}{
		{"alone", [][2]int{{0, 1}}, [][2]float64{{0, 0}}},
		{"row and column", [][2]int{{0, -1}, {1, 0}}, [][2]float64{{0, -0.35}, {0.35, 0}}},
		{"column and little killer", [][2]int{{1, 0}, {1, -1}}, [][2]float64{{0.35, 0}, {0.2, -0.2}}},
		{"two of one line", [][2]int{{0, 1}, {0, 1}}, [][2]float64{{0, 0.15}, {0, -0.15}}},
		{"two of one line and a third", [][2]int{{0, 1}, {1, 0}, {0, 1}}, nil},
	} {
		got, ok := ClueShifts(tc.steps)
		if ok != (tc.want != nil) || !slices.Equal(got, tc.want) {
			t.Errorf("%s: ClueShifts(%v) = %v, %v; want %v", tc.name, tc.steps, got, ok, tc.want)
		}
	}
}

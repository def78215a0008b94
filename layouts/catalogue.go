package layouts

import (
	"fmt"
	"slices"
	"strings"
)

// span is an offset along one axis: Steps grid-minus-one-box strides
// plus Boxes box lengths. With 9x9 grids a step is 6 cells and a box 3,
// so the same description yields a samurai of 4x4 or of 16x16 grids.
// Boxes may be negative: a windmill sail sits two steps less a box out.
type span struct{ Steps, Boxes int }

type entry struct {
	name, about string
	grids       [][2]span // (row, col) of each grid's top-left cell
}

var catalogue = []entry{
	{"classic", "one grid", [][2]span{{}}},
	{"twodoku", "two grids sharing a corner box", [][2]span{
		{{0, 0}, {0, 0}}, {{1, 0}, {1, 0}}}},
	{"butterfly", "four grids in a square, each overlapping its neighbours by all but one box band", [][2]span{
		{{0, 0}, {0, 0}}, {{0, 0}, {0, 1}}, {{0, 1}, {0, 0}}, {{0, 1}, {0, 1}}}},
	{"flower", "a centre grid and four petals shifted one box each way", [][2]span{
		{{0, 0}, {0, 1}}, {{0, 1}, {0, 0}}, {{0, 1}, {0, 1}}, {{0, 1}, {0, 2}}, {{0, 2}, {0, 1}}}},
	{"samurai", "four corner grids each sharing a box with a centre grid", [][2]span{
		{{0, 0}, {0, 0}}, {{0, 0}, {2, 0}}, {{1, 0}, {1, 0}}, {{2, 0}, {0, 0}}, {{2, 0}, {2, 0}}}},
	{"sohei", "four grids in a diamond, neighbours sharing a corner box", [][2]span{
		{{0, 0}, {1, 0}}, {{1, 0}, {0, 0}}, {{1, 0}, {2, 0}}, {{2, 0}, {1, 0}}}},
	{"windmill", "a centre grid and four sails turning round it, each sharing two boxes with it", [][2]span{
		{{0, 0}, {0, 1}}, {{0, 1}, {2, 0}}, {{1, 0}, {1, 0}}, {{2, -1}, {0, 0}}, {{2, 0}, {2, -1}}}},
	{"gattai8", "eight grids: two rows of three with two joining grids between", [][2]span{
		{{0, 0}, {0, 0}}, {{0, 0}, {2, 0}}, {{0, 0}, {4, 0}}, {{1, 0}, {1, 0}}, {{1, 0}, {3, 0}},
		{{2, 0}, {0, 0}}, {{2, 0}, {2, 0}}, {{2, 0}, {4, 0}}}},
	{"shogun", "eleven grids: two rows of four with three joining grids between", [][2]span{
		{{0, 0}, {0, 0}}, {{0, 0}, {2, 0}}, {{0, 0}, {4, 0}}, {{0, 0}, {6, 0}},
		{{1, 0}, {1, 0}}, {{1, 0}, {3, 0}}, {{1, 0}, {5, 0}},
		{{2, 0}, {0, 0}}, {{2, 0}, {2, 0}}, {{2, 0}, {4, 0}}, {{2, 0}, {6, 0}}}},
	{"sumo", "thirteen grids: three rows of three with two rows of two joining grids", [][2]span{
		{{0, 0}, {0, 0}}, {{0, 0}, {2, 0}}, {{0, 0}, {4, 0}},
		{{1, 0}, {1, 0}}, {{1, 0}, {3, 0}},
		{{2, 0}, {0, 0}}, {{2, 0}, {2, 0}}, {{2, 0}, {4, 0}},
		{{3, 0}, {1, 0}}, {{3, 0}, {3, 0}},
		{{4, 0}, {0, 0}}, {{4, 0}, {2, 0}}, {{4, 0}, {4, 0}}}},
}

// Info describes one built-in layout.
type Info struct {
	Name, About string
	Grids       int
}

// Builtins lists the catalogue in a fixed order.
func Builtins() []Info {
	out := make([]Info, len(catalogue))
	for i, e := range catalogue {
		out[i] = Info{e.name, e.about, len(e.grids)}
	}
	return out
}

// ErrUnknownLayout is returned by Builtin for a name not in the catalogue.
var ErrUnknownLayout = fmt.Errorf("%w: unknown layout", ErrLayout)

// Builtin returns the catalogue layout name for grids of n symbols with
// boxes of shape box (the zero Shape means DefaultBox(n)). With NoBox
// the grids have no boxes and sit where DefaultBox(n) would put them.
func Builtin(name string, n int, box Shape) (*Layout, error) {
	i := slices.IndexFunc(catalogue, func(e entry) bool { return e.name == name })
	if i < 0 {
		if near := nearest(name); near != "" {
			return nil, fmt.Errorf("%w %q: did you mean %s? (see gattai layouts)", ErrUnknownLayout, name, near)
		}
		return nil, fmt.Errorf("%w %q (see gattai layouts)", ErrUnknownLayout, name)
	}
	if n < 1 || n > MaxSymbols {
		return nil, fmt.Errorf("%w: size %d is outside 1..%d", ErrLayout, n, MaxSymbols)
	}
	if box == (Shape{}) {
		box = DefaultBox(n)
	}
	l := &Layout{Name: name, Size: n, Box: box}
	if box.None() {
		box = DefaultBox(n) // places the grids
	}
	if box.Rows*box.Cols != n {
		return nil, fmt.Errorf("%w: box %s does not hold %d cells", ErrLayout, box, n)
	}
	e := catalogue[i]
	for _, g := range e.grids {
		at := Pos{
			Row: g[0].Steps*(n-box.Rows) + g[0].Boxes*box.Rows,
			Col: g[1].Steps*(n-box.Cols) + g[1].Boxes*box.Cols,
		}
		l.Grids = append(l.Grids, Placement{At: at})
	}
	return l, l.Validate()
}

// nearest is the catalogue name that name is a slip of: the one it
// begins (three letters at least), else the closest within two edits,
// ignoring case; "" when none is.
func nearest(name string) string {
	name = strings.ToLower(strings.TrimSpace(name))
	if len(name) >= 3 {
		for _, e := range catalogue {
			if strings.HasPrefix(e.name, name) {
				return e.name
			}
		}
	}
	best, bestD := "", 3
	for _, e := range catalogue {
		if d := distance(name, e.name); d < bestD {
			best, bestD = e.name, d
		}
	}
	return best
}

// distance is the Levenshtein distance between a and b.
func distance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

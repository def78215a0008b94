package generate

import (
	"fmt"
	"math/rand/v2"
	"slices"

	"gattai/layouts"
)

// The drawers of lines, marks and outside clues. Each reads its
// constraints off a solution, as Cages does. The ones with a faithful
// argument also draw at random with faithful false, for tests that need
// constraints a grid may not hold (then the solution only shapes the
// drawing); Generate always passes true.

// Walk is a random path of up to k distinct cells, each a move from
// the one before and accepted by next.
func Walk(m *layouts.Model, rng *rand.Rand, k int, moves [][2]int, next func(path []int, o int) bool) []int {
	return WalkFrom(m, rng, rng.IntN(len(m.Cells)), k, moves, next)
}

// WalkFrom is Walk from cell start.
func WalkFrom(m *layouts.Model, rng *rand.Rand, start, k int, moves [][2]int, next func(path []int, o int) bool) []int {
	path := []int{start}
	for len(path) < k {
		var cands []int
		for _, o := range Around(m, path[len(path)-1], moves) {
			if !slices.Contains(path, o) && next(path, o) {
				cands = append(cands, o)
			}
		}
		if len(cands) == 0 {
			break
		}
		path = append(path, cands[rng.IntN(len(cands))])
	}
	return path
}

// tries calls f up to limit times for up to count constraints that it
// accepts.
func tries(count, limit int, f func() (layouts.Constraint, bool)) []layouts.Constraint {
	var out []layouts.Constraint
	for range limit {
		if len(out) == count {
			break
		}
		if c, ok := f(); ok {
			out = append(out, c)
		}
	}
	return out
}

// digitSum is the sum of the solution's digits in cells.
func digitSum(sol []uint8, cells []int) int {
	s := 0
	for _, c := range cells {
		s += int(sol[c])
	}
	return s
}

// Arrows draws up to count arrows: a circle (one cell, or two on grids
// of at most 9 digits, read as a number in reading order, as f-puzzles
// and SudokuPad read it) and a path of 1 to 3 cells from it, a king's
// move each, whose digits sum to the circle's number.
func Arrows(m *layouts.Model, sol []uint8, rng *rand.Rand, count int, faithful bool) []layouts.Constraint {
	var out []layouts.Constraint
	for range 10 * count {
		if len(out) == count {
			break
		}
		circle := []int{rng.IntN(len(m.Cells))}
		if m.N <= 9 && rng.IntN(6) == 0 {
			circle = Walk(m, rng, 2, Orthogonal, func([]int, int) bool { return true })
			slices.Sort(circle) // cells are numbered in reading order
		}
		path := WalkFrom(m, rng, circle[len(circle)-1], 2+rng.IntN(min(3, m.N)), King, func(_ []int, o int) bool {
			return !slices.Contains(circle, o)
		})[1:]
		if len(path) == 0 {
			continue
		}
		v := 0
		for _, c := range circle {
			v = 10*v + int(sol[c])
		}
		if faithful && v != digitSum(sol, path) {
			continue
		}
		line := append(Positions(m, circle[len(circle)-1:]), Positions(m, path)...)
		out = append(out, layouts.Constraint{Kind: "arrow", Cells: Positions(m, circle), Lines: [][]layouts.Pos{line}})
	}
	return out
}

// XV marks orthogonal pairs that sum to 10 (X) or 5 (V). One time in
// three it is negative, for every grid or one, and shows every mark;
// otherwise it shows half the marks, and makes no constraint if that
// is none.
func XV(m *layouts.Model, sol []uint8, rng *rand.Rand, faithful bool) []layouts.Constraint {
	k := layouts.Constraint{Kind: "xv", Negative: rng.IntN(3) == 0}
	if k.Negative {
		k.Grid = rng.IntN(len(m.GridCells) + 1)
	}
	for c := range m.Cells {
		for _, o := range Around(m, c, Orthogonal[2:]) {
			sum := int(sol[c] + sol[o])
			if !faithful {
				if rng.IntN(5) != 0 {
					continue
				}
				sum = []int{5, 10}[rng.IntN(2)]
			}
			if sum != 5 && sum != 10 || !k.Negative && rng.IntN(2) == 0 {
				continue
			}
			pair := Positions(m, []int{c, o})
			if sum == 10 {
				k.X = append(k.X, pair)
			} else {
				k.V = append(k.V, pair)
			}
		}
	}
	if !k.Negative && len(k.X)+len(k.V) == 0 {
		return nil
	}
	return []layouts.Constraint{k}
}

// LittleKillers is a little killer along each diagonal of two cells or
// more of every grid, both ways, each kept with probability keep,
// summing to the solution's digits.
func LittleKillers(m *layouts.Model, sol []uint8, rng *rand.Rand, keep float64) []layouts.Constraint {
	var out []layouts.Constraint
	seen := map[string]bool{}
	for _, g := range m.GridCells {
		for _, start := range g {
			p := m.Cells[start]
			for _, dc := range []int{1, -1} {
				if _, ok := m.Cell(layouts.Pos{Row: p.Row - 1, Col: p.Col - dc}); ok {
					continue // not where a diagonal enters the canvas
				}
				var cells []int
				for q := p; ; q = (layouts.Pos{Row: q.Row + 1, Col: q.Col + dc}) {
					c, ok := m.Cell(q)
					if !ok {
						break
					}
					cells = append(cells, c)
				}
				key := fmt.Sprint(cells)
				if len(cells) < 2 || seen[key] || rng.Float64() >= keep {
					continue
				}
				seen[key] = true
				out = append(out, layouts.Constraint{Kind: "littlekiller", Cells: Positions(m, cells), Sum: digitSum(sol, cells)})
			}
		}
	}
	return out
}

// randomLine is a random row or column of a random grid, in order
// from either end.
func randomLine(m *layouts.Model, rng *rand.Rand) []int {
	g := m.GridCells[rng.IntN(len(m.GridCells))]
	i, col := rng.IntN(m.N), rng.IntN(2) == 0
	cells := make([]int, m.N)
	for j := range cells {
		if col {
			cells[j] = g[j*m.N+i]
		} else {
			cells[j] = g[i*m.N+j]
		}
	}
	if rng.IntN(2) == 0 {
		slices.Reverse(cells)
	}
	return cells
}

// outside draws count clues of kind on distinct random rows and columns
// (in order from either end; a line drawn twice is drawn again, up to
// 4*count draws): value reads the clue off the line's digits, random
// draws one at random.
func outside(m *layouts.Model, sol []uint8, rng *rand.Rand, count int, faithful bool, set func(c *layouts.Constraint, ds []int, faithful bool)) []layouts.Constraint {
	var out []layouts.Constraint
	seen := map[string]bool{}
	for range 4 * count {
		if len(out) == count {
			break
		}
		cells := randomLine(m, rng)
		if key := fmt.Sprint(cells); seen[key] {
			continue
		} else {
			seen[key] = true
		}
		ds := make([]int, len(cells))
		for i, c := range cells {
			ds[i] = int(sol[c])
		}
		c := layouts.Constraint{Cells: Positions(m, cells)}
		set(&c, ds, faithful)
		out = append(out, c)
	}
	return out
}

// Sandwiches draws up to count sandwich clues: the sum of the digits
// between the 1 and the n of a row or column.
func Sandwiches(m *layouts.Model, sol []uint8, rng *rand.Rand, count int, faithful bool) []layouts.Constraint {
	return outside(m, sol, rng, count, faithful, func(c *layouts.Constraint, ds []int, faithful bool) {
		c.Kind = "sandwich"
		c.Sum, _ = layouts.SandwichSum(ds, m.N)
		if !faithful {
			c.Sum = rng.IntN(m.N*(m.N+1)/2 - m.N)
		}
	})
}

// XSums draws up to count x-sum clues: the sum of the first x digits of
// a row or column, x the first digit.
func XSums(m *layouts.Model, sol []uint8, rng *rand.Rand, count int, faithful bool) []layouts.Constraint {
	return outside(m, sol, rng, count, faithful, func(c *layouts.Constraint, ds []int, faithful bool) {
		c.Kind = "xsum"
		for _, d := range ds[:ds[0]] {
			c.Sum += d
		}
		if !faithful {
			c.Sum = 1 + rng.IntN(m.N*(m.N+1)/2)
		}
	})
}

// Skyscrapers draws up to count skyscraper clues: how many digits of a
// row or column are taller than all before them.
func Skyscrapers(m *layouts.Model, sol []uint8, rng *rand.Rand, count int, faithful bool) []layouts.Constraint {
	return outside(m, sol, rng, count, faithful, func(c *layouts.Constraint, ds []int, faithful bool) {
		c.Kind = "skyscraper"
		c.Count = layouts.Visible(ds)
		if !faithful {
			c.Count = 1 + rng.IntN(m.N)
		}
	})
}

// Whispers draws up to count whispers lines of 2 to 5 cells, a king's
// move apart, neighbours on a line differing by gap or more; gap 0 is
// the default (layouts.WhispersGap), and any other is written as the
// lines' difference.
func Whispers(m *layouts.Model, sol []uint8, rng *rand.Rand, count, gap int, faithful bool) []layouts.Constraint {
	k := layouts.Constraint{Kind: "whispers", Difference: gap}
	if gap == 0 {
		gap = layouts.WhispersGap(m.N)
	}
	var out []layouts.Constraint
	for range count {
		cells := Walk(m, rng, 2+rng.IntN(4), King, func(path []int, o int) bool {
			x, y := int(sol[o]), int(sol[path[len(path)-1]])
			return !faithful || x-y >= gap || y-x >= gap
		})
		if len(cells) >= 2 {
			k.Cells = Positions(m, cells)
			out = append(out, k)
		}
	}
	return out
}

// Renbans draws up to count renban lines of 2 to 4 cells (at most n-1),
// a king's move apart, that hold consecutive digits.
func Renbans(m *layouts.Model, sol []uint8, rng *rand.Rand, count int, faithful bool) []layouts.Constraint {
	return tries(count, 15*count, func() (layouts.Constraint, bool) {
		cells := Walk(m, rng, 2+rng.IntN(min(3, m.N-1)), King, func(path []int, o int) bool {
			return !faithful || !slices.ContainsFunc(path, func(x int) bool { return sol[x] == sol[o] })
		})
		lo, hi := 255, 0
		for _, c := range cells {
			lo, hi = min(lo, int(sol[c])), max(hi, int(sol[c]))
		}
		ok := len(cells) >= 2 && (!faithful || hi-lo == len(cells)-1)
		return layouts.Constraint{Kind: "renban", Cells: Positions(m, cells)}, ok
	})
}

// Palindromes draws up to count palindrome lines of 2 to 5 cells, a
// king's move apart, that read the same from either end.
func Palindromes(m *layouts.Model, sol []uint8, rng *rand.Rand, count int, faithful bool) []layouts.Constraint {
	return tries(count, 30*count, func() (layouts.Constraint, bool) {
		cells := Walk(m, rng, 2+rng.IntN(4), King, func([]int, int) bool { return true })
		ok := len(cells) >= 2
		for i, j := 0, len(cells)-1; i < j && faithful; i, j = i+1, j-1 {
			ok = ok && sol[cells[i]] == sol[cells[j]]
		}
		return layouts.Constraint{Kind: "palindrome", Cells: Positions(m, cells)}, ok
	})
}

// Clones draws up to count clones: 1 to 3 orthogonally connected cells
// and the same shape moved elsewhere, holding the same digits.
func Clones(m *layouts.Model, sol []uint8, rng *rand.Rand, count int, faithful bool) []layouts.Constraint {
	return tries(count, 30*count, func() (layouts.Constraint, bool) {
		cells := Walk(m, rng, 1+rng.IntN(3), Orthogonal, func([]int, int) bool { return true })
		o := m.Cells[rng.IntN(len(m.Cells))]
		dr, dc := o.Row-m.Cells[cells[0]].Row, o.Col-m.Cells[cells[0]].Col
		var clone []int
		for _, c := range cells {
			p := m.Cells[c]
			x, ok := m.Cell(layouts.Pos{Row: p.Row + dr, Col: p.Col + dc})
			if !ok || slices.Contains(cells, x) || faithful && sol[x] != sol[c] {
				return layouts.Constraint{}, false
			}
			clone = append(clone, x)
		}
		return layouts.Constraint{Kind: "clone", Cells: Positions(m, cells), Clone: Positions(m, clone)}, true
	})
}

// Quadruples draws count quadruples: the 2x2 cells at a junction (fewer
// at the canvas's edge) and 1 to 4 of their digits.
func Quadruples(m *layouts.Model, sol []uint8, rng *rand.Rand, count int, faithful bool) []layouts.Constraint {
	return tries(count, 10*count, func() (layouts.Constraint, bool) {
		p := m.Cells[rng.IntN(len(m.Cells))]
		var cells []int
		for _, mv := range [][2]int{{0, 0}, {0, 1}, {1, 0}, {1, 1}} {
			if x, ok := m.Cell(layouts.Pos{Row: p.Row + mv[0], Col: p.Col + mv[1]}); ok {
				cells = append(cells, x)
			}
		}
		var ds []int
		for _, i := range rng.Perm(len(cells))[:1+rng.IntN(len(cells))] {
			d := int(sol[cells[i]])
			if !faithful {
				d = 1 + rng.IntN(m.N)
			}
			ds = append(ds, d)
		}
		return layouts.Constraint{Kind: "quadruple", Cells: Positions(m, cells), Digits: ds}, true
	})
}

// Minimum marks each cell whose digit is less than every orthogonal
// neighbour's with probability keep (faithful false: random cells, one
// in len(cells)/2). It makes no constraint if it marks no cell.
func Minimum(m *layouts.Model, sol []uint8, rng *rand.Rand, keep float64, faithful bool) []layouts.Constraint {
	return extremum(m, sol, rng, "minimum", func(x, y uint8) bool { return x < y }, keep, faithful)
}

// Maximum is Minimum for cells whose digit is more than every
// orthogonal neighbour's.
func Maximum(m *layouts.Model, sol []uint8, rng *rand.Rand, keep float64, faithful bool) []layouts.Constraint {
	return extremum(m, sol, rng, "maximum", func(x, y uint8) bool { return x > y }, keep, faithful)
}

func extremum(m *layouts.Model, sol []uint8, rng *rand.Rand, kind string, beats func(x, y uint8) bool, keep float64, faithful bool) []layouts.Constraint {
	k := layouts.Constraint{Kind: kind}
	for c := range m.Cells {
		ok := true
		for _, o := range Around(m, c, Orthogonal) {
			ok = ok && beats(sol[c], sol[o])
		}
		if faithful && ok && rng.Float64() < keep || !faithful && rng.IntN(len(m.Cells)/2) == 0 {
			k.Cells = append(k.Cells, m.Cells[c])
		}
	}
	if len(k.Cells) == 0 {
		return nil
	}
	return []layouts.Constraint{k}
}

// Entropics draws up to count entropic lines of 2 to 6 cells, a king's
// move apart, any three in a row on them holding a low, a middle and a
// high digit. It needs n a multiple of 3, and makes none otherwise.
func Entropics(m *layouts.Model, sol []uint8, rng *rand.Rand, count int, faithful bool) []layouts.Constraint {
	if m.N%3 != 0 {
		return nil
	}
	var out []layouts.Constraint
	for range count {
		cells := Walk(m, rng, 2+rng.IntN(5), King, func(path []int, o int) bool {
			g := layouts.EntropicGroup(m.N, int(sol[o]))
			for _, x := range path[max(0, len(path)-2):] {
				if faithful && layouts.EntropicGroup(m.N, int(sol[x])) == g {
					return false
				}
			}
			return true
		})
		if len(cells) >= 2 {
			out = append(out, layouts.Constraint{Kind: "entropic", Cells: Positions(m, cells)})
		}
	}
	return out
}

// RegionSums draws up to count region-sum lines of 2 to 6 cells, a
// king's move apart, whose digits sum the same in each box they pass
// through, by m's boxes (pieces, if m has a jigsaw).
func RegionSums(m *layouts.Model, sol []uint8, rng *rand.Rand, count int, faithful bool) []layouts.Constraint {
	return tries(count, 100*count, func() (layouts.Constraint, bool) {
		cells := Walk(m, rng, 2+rng.IntN(5), King, func([]int, int) bool { return true })
		c := layouts.Constraint{Kind: "regionsum", Cells: Positions(m, cells)}
		if !faithful {
			return c, true
		}
		cm, err := withConstraints(m.Layout, []layouts.Constraint{c})
		if err != nil {
			return c, false
		}
		return c, layouts.Check(layouts.NewPuzzle(cm), layouts.Grid{Model: cm, Digits: sol}) == nil
	})
}

// Betweens draws up to count between lines of 3 or 4 cells, a king's
// move apart, the digits strictly inside the line strictly between
// those of its ends.
func Betweens(m *layouts.Model, sol []uint8, rng *rand.Rand, count int, faithful bool) []layouts.Constraint {
	return tries(count, 20*count, func() (layouts.Constraint, bool) {
		cells := Walk(m, rng, 3+rng.IntN(2), King, func([]int, int) bool { return true })
		if len(cells) < 3 {
			return layouts.Constraint{}, false
		}
		ok := true
		a, e := int(sol[cells[0]]), int(sol[cells[len(cells)-1]])
		for _, c := range cells[1 : len(cells)-1] {
			ok = ok && (!faithful || layouts.BetweenHolds(a, e, int(sol[c])))
		}
		return layouts.Constraint{Kind: "between", Cells: Positions(m, cells)}, ok
	})
}

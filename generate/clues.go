package generate

import (
	"math/rand/v2"
	"slices"
	"strings"

	"gattai/layouts"
)

// The constraints below are read off a solution: digits for every cell
// of a model (a Grid's Digits), which they all hold. Cells are named by
// their canvas positions, so a constraint made on a plain model goes
// into a layout of the same grids.

// Moves on the canvas, as (row, column) steps: Orthogonal[2:] are right
// and down only, which name each Orthogonal pair once.
var (
	Orthogonal = [][2]int{{-1, 0}, {0, -1}, {0, 1}, {1, 0}}
	King       = [][2]int{{-1, -1}, {-1, 0}, {-1, 1}, {0, -1}, {0, 1}, {1, -1}, {1, 0}, {1, 1}}
)

// Around lists the cells a move away from cell c on the canvas.
func Around(m *layouts.Model, c int, moves [][2]int) []int {
	var out []int
	p := m.Cells[c]
	for _, mv := range moves {
		if o, ok := m.Cell(layouts.Pos{Row: p.Row + mv[0], Col: p.Col + mv[1]}); ok {
			out = append(out, o)
		}
	}
	return out
}

// Positions names cells by their canvas positions, as constraints do.
func Positions(m *layouts.Model, cells []int) []layouts.Pos {
	ps := make([]layouts.Pos, len(cells))
	for i, c := range cells {
		ps[i] = m.Cells[c]
	}
	return ps
}

// Cages cuts every cell into killer cages of lo to hi cells (hi at most
// m.N), each orthogonally connected on the canvas with no digit twice,
// summing to the solution's digits. A cage that cannot grow to lo cells,
// for the digits or the cages around it, joins a neighbouring cage that
// has room, or takes cells from neighbours that can spare them; a cage
// that can do neither stays short, down to one cell.
func Cages(m *layouts.Model, solution []uint8, rng *rand.Rand, lo, hi int) []layouts.Constraint {
	cage := make([]int, len(m.Cells)) // cell -> cage index + 1
	var cages [][]int
	for _, c := range rng.Perm(len(m.Cells)) {
		if cage[c] != 0 {
			continue
		}
		size := lo + rng.IntN(hi-lo+1)
		cells := []int{c}
		have := digits(solution, cells)
		cage[c] = len(cages) + 1
		for len(cells) < size {
			var next []int
			for _, x := range cells {
				for _, o := range Around(m, x, Orthogonal) {
					if cage[o] == 0 && have&(1<<(solution[o]-1)) == 0 && !slices.Contains(next, o) {
						next = append(next, o)
					}
				}
			}
			if len(next) == 0 {
				break
			}
			o := next[rng.IntN(len(next))]
			cells = append(cells, o)
			have |= 1 << (solution[o] - 1)
			cage[o] = len(cages) + 1
		}
		cages = append(cages, cells)
	}
	// A cage short of lo joins a neighbouring cage that has room for
	// it, or else takes cells from neighbouring cages that can spare
	// them (each keeps lo cells and stays connected), the digits
	// distinct.
	for i := range cages {
		if len(cages[i]) == 0 || len(cages[i]) >= lo || join(m, solution, cages, cage, i, hi) {
			continue
		}
		for len(cages[i]) < lo {
			if !steal(m, solution, cages, cage, i, lo) {
				break
			}
		}
	}
	var out []layouts.Constraint
	for _, cells := range cages {
		if len(cells) == 0 {
			continue
		}
		slices.Sort(cells)
		sum := 0
		for _, x := range cells {
			sum += int(solution[x])
		}
		out = append(out, layouts.Constraint{Kind: "killer", Sum: sum, Cells: Positions(m, cells)})
	}
	slices.SortFunc(out, func(a, b layouts.Constraint) int {
		return comparePos(a.Cells[0], b.Cells[0])
	})
	return out
}

// digits is the mask of the solution's digits in cells.
func digits(solution []uint8, cells []int) uint64 {
	var m uint64
	for _, c := range cells {
		m |= 1 << (solution[c] - 1)
	}
	return m
}

// steal moves into cage i a neighbouring cell whose cage keeps lo cells
// and stays connected without it, and reports whether it found one.
func steal(m *layouts.Model, solution []uint8, cages [][]int, cage []int, i, lo int) bool {
	have := digits(solution, cages[i])
	for _, x := range cages[i] {
		for _, o := range Around(m, x, Orthogonal) {
			j := cage[o] - 1
			if j == i || len(cages[j]) <= lo || have&(1<<(solution[o]-1)) != 0 {
				continue
			}
			rest := slices.DeleteFunc(slices.Clone(cages[j]), func(y int) bool { return y == o })
			if !linked(m, rest) {
				continue
			}
			cages[j] = rest
			cages[i] = append(cages[i], o)
			cage[o] = i + 1
			return true
		}
	}
	return false
}

// join merges cage i into a neighbouring cage with room for it, and
// reports whether it found one.
func join(m *layouts.Model, solution []uint8, cages [][]int, cage []int, i, hi int) bool {
	have := digits(solution, cages[i])
	for _, x := range cages[i] {
		for _, o := range Around(m, x, Orthogonal) {
			j := cage[o] - 1
			if j == i || len(cages[j])+len(cages[i]) > hi || digits(solution, cages[j])&have != 0 {
				continue
			}
			for _, y := range cages[i] {
				cage[y] = j + 1
			}
			cages[j] = append(cages[j], cages[i]...)
			cages[i] = nil
			return true
		}
	}
	return false
}

// linked reports whether cells are orthogonally connected.
func linked(m *layouts.Model, cells []int) bool {
	seen := map[int]bool{cells[0]: true}
	for todo := []int{cells[0]}; len(todo) > 0; {
		c := todo[len(todo)-1]
		todo = todo[:len(todo)-1]
		for _, o := range Around(m, c, Orthogonal) {
			if !seen[o] && slices.Contains(cells, o) {
				seen[o] = true
				todo = append(todo, o)
			}
		}
	}
	return len(seen) == len(cells)
}

func comparePos(a, b layouts.Pos) int {
	if a.Row != b.Row {
		return a.Row - b.Row
	}
	return a.Col - b.Col
}

// Thermos draws up to count thermometers of lo cells or more, none
// sharing a cell: random walks from a bulb, each step to a cell a
// king's move away that holds a larger digit.
func Thermos(m *layouts.Model, solution []uint8, rng *rand.Rand, count, lo int) []layouts.Constraint {
	used := make([]bool, len(m.Cells))
	var out []layouts.Constraint
	for try := 0; try < 100*count && len(out) < count; try++ {
		c := rng.IntN(len(m.Cells))
		if used[c] {
			continue
		}
		path := []int{c}
		for len(path) < m.N {
			var next []int
			for _, o := range Around(m, path[len(path)-1], King) {
				if !used[o] && solution[o] > solution[path[len(path)-1]] && !slices.Contains(path, o) {
					next = append(next, o)
				}
			}
			if len(next) == 0 {
				break
			}
			path = append(path, next[rng.IntN(len(next))])
		}
		if len(path) < lo {
			continue
		}
		for _, x := range path {
			used[x] = true
		}
		out = append(out, layouts.Constraint{Kind: "thermo", Cells: Positions(m, path)})
	}
	return out
}

// Dots is a kropki constraint with a dot between Orthogonal neighbours
// on the canvas wherever the solution allows one: white where the
// digits differ by 1, black where one is double the other (either, at
// random, for 1 and 2). Each dot is kept with probability keep; with
// keep 1 every dot is shown and the constraint is negative.
func Dots(m *layouts.Model, solution []uint8, rng *rand.Rand, keep float64) layouts.Constraint {
	return KropkiDots(m, solution, rng, keep, 1, 2)
}

// KropkiDots is Dots with white dots for a difference of diff and black
// dots for a ratio of ratio, written in the constraint when they are
// not the defaults (1 and 2).
func KropkiDots(m *layouts.Model, solution []uint8, rng *rand.Rand, keep float64, diff, ratio int) layouts.Constraint {
	k := layouts.Constraint{Kind: "kropki", Negative: keep >= 1}
	if diff != 1 || ratio != 2 {
		k.Difference, k.Ratio = diff, ratio
	}
	for c := range m.Cells {
		for _, o := range Around(m, c, Orthogonal[2:]) { // right and down: each pair once
			x, y := int(solution[c]), int(solution[o])
			white, black := layouts.KropkiHolds(layouts.DotWhite, diff, ratio, x, y), layouts.KropkiHolds(layouts.DotBlack, diff, ratio, x, y)
			if white && black {
				white = rng.IntN(2) == 0
				black = !white
			}
			if !white && !black || rng.Float64() >= keep {
				continue
			}
			pair := Positions(m, []int{c, o})
			if white {
				k.White = append(k.White, pair)
			} else {
				k.Black = append(k.Black, pair)
			}
		}
	}
	return k
}

// Parity marks each cell with probability keep as holding an even or an
// odd digit, as the solution does.
func Parity(m *layouts.Model, solution []uint8, rng *rand.Rand, keep float64) layouts.Constraint {
	k := layouts.Constraint{Kind: "parity"}
	for c, d := range solution {
		if rng.Float64() >= keep {
			continue
		}
		if d%2 == 0 {
			k.Even = append(k.Even, m.Cells[c])
		} else {
			k.Odd = append(k.Odd, m.Cells[c])
		}
	}
	return k
}

// Pieces cuts an n x n grid into n orthogonally connected pieces of n
// cells, for a jigsaw constraint: n rows of n letters, n at most 26. It
// starts from the boxes (layouts.DefaultBox) and trades cells between
// neighbouring pieces at random, a trade kept when both pieces stay
// connected. Not every cut
// has a filling: count the empty jigsaw before use.
func Pieces(n int, rng *rand.Rand) []string {
	box := layouts.DefaultBox(n)
	piece := make([]int, n*n)
	for c := range piece {
		piece[c] = c/n/box.Rows*(n/box.Cols) + c%n/box.Cols
	}
	near := func(c int) []int {
		var out []int
		for _, mv := range Orthogonal {
			r, col := c/n+mv[0], c%n+mv[1]
			if r >= 0 && col >= 0 && r < n && col < n {
				out = append(out, r*n+col)
			}
		}
		return out
	}
	connected := func(p int) bool {
		start := slices.Index(piece, p)
		seen := map[int]bool{start: true}
		for todo := []int{start}; len(todo) > 0; {
			c := todo[len(todo)-1]
			todo = todo[:len(todo)-1]
			for _, o := range near(c) {
				if piece[o] == p && !seen[o] {
					seen[o] = true
					todo = append(todo, o)
				}
			}
		}
		return len(seen) == n
	}
	for range 100 * n * n {
		x := rng.IntN(n * n)
		ns := near(x)
		o := ns[rng.IntN(len(ns))]
		a, b := piece[x], piece[o]
		if a == b {
			continue
		}
		piece[x] = b
		// A cell of b, other than x, beside a, goes to a in exchange.
		var ys []int
		for y := range piece {
			if piece[y] == b && y != x && slices.ContainsFunc(near(y), func(z int) bool { return piece[z] == a }) {
				ys = append(ys, y)
			}
		}
		if len(ys) == 0 {
			piece[x] = a
			continue
		}
		y := ys[rng.IntN(len(ys))]
		piece[y] = a
		if !connected(a) || !connected(b) {
			piece[x], piece[y] = a, b
		}
	}
	rows := make([]string, n)
	for r := range n {
		var b strings.Builder
		for c := range n {
			b.WriteByte(byte('A' + piece[r*n+c]))
		}
		rows[r] = b.String()
	}
	return rows
}

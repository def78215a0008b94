package gen

import (
	"math/rand/v2"
	"slices"

	"gattai/layouts"
)

// Random constraints of every kind, for the tests that hold both
// engines to the reference (testkit.RefCount) on small layouts.

// A kindGen makes random constraints of one kind on the plain model m;
// see Random.
type kindGen func(m *layouts.Model, sol []uint8, faithful bool, rng *rand.Rand) []layouts.Constraint

// Random makes random constraints of kind on the plain model m, or
// reports false if it has no generator for kind (a test fails then:
// every kind of layouts.Kinds needs one). With faithful they hold for
// sol, a filled grid of m, as far as the kind can (a diagonal may not);
// otherwise they are drawn at random and often make a puzzle
// impossible. A constraint may still be refused by layouts.Compile on
// some layouts: callers try each and drop those.
func Random(kind string, m *layouts.Model, sol []uint8, faithful bool, rng *rand.Rand) ([]layouts.Constraint, bool) {
	g, ok := kindGens[kind]
	if !ok {
		g, ok = moreGens[kind]
	}
	if !ok {
		return nil, false
	}
	return g(m, sol, faithful, rng), true
}

// HasRandom reports whether Random has a generator for kind.
func HasRandom(kind string) bool {
	_, ok := kindGens[kind]
	_, more := moreGens[kind]
	return ok || more
}

// RandomGrid is a grid index for a per-grid kind: 0 (every grid) or
// 1..k.
func RandomGrid(m *layouts.Model, rng *rand.Rand) int {
	return rng.IntN(len(m.GridCells) + 1)
}

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

// kindGens has a generator for every kind of layouts.Kinds;
// TestRandomEveryKind holds it to that.
var kindGens = map[string]kindGen{
	"diagonal": func(m *layouts.Model, _ []uint8, _ bool, rng *rand.Rand) []layouts.Constraint {
		which := []string{"", "both", "positive", "negative"}[rng.IntN(4)]
		return []layouts.Constraint{{Kind: "diagonal", Grid: RandomGrid(m, rng), Which: which}}
	},
	"region": func(m *layouts.Model, sol []uint8, faithful bool, rng *rand.Rand) []layouts.Constraint {
		if rng.IntN(4) == 0 {
			return []layouts.Constraint{{Kind: "region", Preset: []string{"windoku", "disjoint"}[rng.IntN(2)], Grid: RandomGrid(m, rng)}}
		}
		var cells []int
		var seen uint64
		for _, c := range rng.Perm(len(m.Cells))[:2+rng.IntN(m.N-1)] {
			if faithful && seen&(1<<(sol[c]-1)) != 0 {
				continue
			}
			seen |= 1 << (sol[c] - 1)
			cells = append(cells, c)
		}
		return []layouts.Constraint{{Kind: "region", Cells: Positions(m, cells)}}
	},
	"jigsaw": func(m *layouts.Model, _ []uint8, _ bool, rng *rand.Rand) []layouts.Constraint {
		return []layouts.Constraint{{Kind: "jigsaw", Pieces: Pieces(m.N, rng), Grid: RandomGrid(m, rng)}}
	},
	"killer": func(m *layouts.Model, sol []uint8, faithful bool, rng *rand.Rand) []layouts.Constraint {
		var out []layouts.Constraint
		for range 1 + rng.IntN(4) {
			cells := Walk(m, rng, 1+rng.IntN(min(4, m.N)), Orthogonal, func(path []int, o int) bool {
				return !faithful || !slices.ContainsFunc(path, func(x int) bool { return sol[x] == sol[o] })
			})
			k := len(cells)
			sum := k*(k+1)/2 + rng.IntN(k*(m.N-k)+1) // within the range of k distinct digits
			if faithful {
				sum = digitSum(sol, cells)
			}
			if rng.IntN(8) == 0 {
				sum = 0 // no sum: a cage is then a region
			}
			out = append(out, layouts.Constraint{Kind: "killer", Cells: Positions(m, cells), Sum: sum})
		}
		return out
	},
	"antiknight": func(m *layouts.Model, _ []uint8, _ bool, rng *rand.Rand) []layouts.Constraint {
		return []layouts.Constraint{{Kind: "antiknight", Grid: RandomGrid(m, rng)}}
	},
	"antiking": func(m *layouts.Model, _ []uint8, _ bool, rng *rand.Rand) []layouts.Constraint {
		return []layouts.Constraint{{Kind: "antiking", Grid: RandomGrid(m, rng)}}
	},
	"nonconsecutive": func(m *layouts.Model, _ []uint8, _ bool, rng *rand.Rand) []layouts.Constraint {
		return []layouts.Constraint{{Kind: "nonconsecutive", Grid: RandomGrid(m, rng)}}
	},
	"kropki": func(m *layouts.Model, sol []uint8, faithful bool, rng *rand.Rand) []layouts.Constraint {
		k := layouts.Constraint{Kind: "kropki", Negative: rng.IntN(3) == 0}
		if k.Negative {
			k.Grid = RandomGrid(m, rng)
			k.Which = []string{"", "both", "white", "black"}[rng.IntN(4)]
		}
		diff, ratio := 1, 2
		if rng.IntN(3) == 0 { // other values than the usual
			diff, ratio = 1+rng.IntN(m.N-1), 2+rng.IntN(m.N-1)
			k.Difference, k.Ratio = diff, ratio
		}
		nd, nr := diff, ratio // what a pair with no dot may not be, if negative
		switch k.Which {
		case "white":
			nr = 0
		case "black":
			nd = 0
		}
		for c := range m.Cells {
			for _, o := range Around(m, c, Orthogonal[2:]) { // right and down: each pair once
				x, y := int(sol[c]), int(sol[o])
				dot := layouts.Dot(1 + rng.IntN(2))
				switch {
				case !faithful && rng.IntN(4) != 0:
					continue
				case !faithful:
				case layouts.KropkiHolds(dot, diff, ratio, x, y):
				case layouts.KropkiHolds(3-dot, diff, ratio, x, y):
					dot = 3 - dot
				default:
					continue
				}
				if (!k.Negative || layouts.KropkiHolds(layouts.DotNone, nd, nr, x, y)) && rng.IntN(2) == 0 {
					continue // not every dot, where no dot would hold too
				}
				pair := Positions(m, []int{c, o})
				if dot == layouts.DotWhite {
					k.White = append(k.White, pair)
				} else {
					k.Black = append(k.Black, pair)
				}
			}
		}
		return []layouts.Constraint{k}
	},
	"parity": func(m *layouts.Model, sol []uint8, faithful bool, rng *rand.Rand) []layouts.Constraint {
		k := layouts.Constraint{Kind: "parity"}
		for c := range m.Cells {
			if rng.IntN(3) != 0 {
				continue
			}
			even := sol[c]%2 == 0
			if !faithful {
				even = rng.IntN(2) == 0
			}
			if even {
				k.Even = append(k.Even, m.Cells[c])
			} else {
				k.Odd = append(k.Odd, m.Cells[c])
			}
		}
		return []layouts.Constraint{k}
	},
	"thermo": func(m *layouts.Model, sol []uint8, faithful bool, rng *rand.Rand) []layouts.Constraint {
		var out []layouts.Constraint
		for range 1 + rng.IntN(3) {
			cells := Walk(m, rng, 2+rng.IntN(min(4, m.N)-1), King, func(path []int, o int) bool {
				return !faithful || sol[o] > sol[path[len(path)-1]]
			})
			if len(cells) >= 2 {
				out = append(out, layouts.Constraint{Kind: "thermo", Cells: Positions(m, cells)})
			}
		}
		return out
	},
}

// moreGens are the generators of the kinds of lines, marks and clues.
var moreGens = map[string]kindGen{
	"arrow": func(m *layouts.Model, sol []uint8, faithful bool, rng *rand.Rand) []layouts.Constraint {
		var out []layouts.Constraint
		for range 20 {
			if len(out) == 2 {
				break
			}
			circle := []int{rng.IntN(len(m.Cells))}
			if m.N <= 9 && rng.IntN(6) == 0 {
				circle = Walk(m, rng, 2, Orthogonal, func([]int, int) bool { return true })
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
	},
	"xv": func(m *layouts.Model, sol []uint8, faithful bool, rng *rand.Rand) []layouts.Constraint {
		k := layouts.Constraint{Kind: "xv", Negative: rng.IntN(3) == 0}
		if k.Negative {
			k.Grid = RandomGrid(m, rng)
			k.Which = []string{"", "both", "x", "v"}[rng.IntN(4)]
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
				if k.Which == "x" && sum == 5 || k.Which == "v" && sum == 10 {
					if rng.IntN(2) == 0 {
						continue
					}
				}
				pair := Positions(m, []int{c, o})
				if sum == 10 {
					k.X = append(k.X, pair)
				} else {
					k.V = append(k.V, pair)
				}
			}
		}
		return []layouts.Constraint{k}
	},
	"littlekiller": func(m *layouts.Model, sol []uint8, faithful bool, rng *rand.Rand) []layouts.Constraint {
		var out []layouts.Constraint
		for range 1 + rng.IntN(3) {
			c := rng.IntN(len(m.Cells))
			dr, dc := 2*rng.IntN(2)-1, 2*rng.IntN(2)-1
			p := m.Cells[c]
			for { // back to the edge
				q := layouts.Pos{Row: p.Row - dr, Col: p.Col - dc}
				if _, ok := m.Cell(q); !ok {
					break
				}
				p = q
			}
			var cells []int
			for {
				x, ok := m.Cell(p)
				if !ok {
					break
				}
				cells = append(cells, x)
				p = layouts.Pos{Row: p.Row + dr, Col: p.Col + dc}
			}
			sum := digitSum(sol, cells)
			if !faithful {
				sum = len(cells) + rng.IntN(len(cells)*(m.N-1)+1)
			}
			out = append(out, layouts.Constraint{Kind: "littlekiller", Cells: Positions(m, cells), Sum: sum})
		}
		return out
	},
	"sandwich": func(m *layouts.Model, sol []uint8, faithful bool, rng *rand.Rand) []layouts.Constraint {
		var out []layouts.Constraint
		for range 1 + rng.IntN(3) {
			cells := randomLine(m, rng)
			ds := make([]int, len(cells))
			for j, c := range cells {
				ds[j] = int(sol[c])
			}
			sum, _ := layouts.SandwichSum(ds, m.N)
			if !faithful {
				sum = rng.IntN(m.N*(m.N+1)/2 - m.N)
			}
			out = append(out, layouts.Constraint{Kind: "sandwich", Cells: Positions(m, cells), Sum: sum})
		}
		return out
	},
	"xsum": func(m *layouts.Model, sol []uint8, faithful bool, rng *rand.Rand) []layouts.Constraint {
		var out []layouts.Constraint
		for range 1 + rng.IntN(3) {
			cells := randomLine(m, rng)
			x := int(sol[cells[0]])
			sum := digitSum(sol, cells[:x])
			if !faithful {
				sum = 1 + rng.IntN(m.N*(m.N+1)/2)
			}
			out = append(out, layouts.Constraint{Kind: "xsum", Cells: Positions(m, cells), Sum: sum})
		}
		return out
	},
	"skyscraper": func(m *layouts.Model, sol []uint8, faithful bool, rng *rand.Rand) []layouts.Constraint {
		var out []layouts.Constraint
		for range 1 + rng.IntN(3) {
			cells := randomLine(m, rng)
			ds := make([]int, len(cells))
			for i, c := range cells {
				ds[i] = int(sol[c])
			}
			count := layouts.Visible(ds)
			if !faithful {
				count = 1 + rng.IntN(m.N)
			}
			out = append(out, layouts.Constraint{Kind: "skyscraper", Cells: Positions(m, cells), Count: count})
		}
		return out
	},
	"whispers": func(m *layouts.Model, sol []uint8, faithful bool, rng *rand.Rand) []layouts.Constraint {
		gap := layouts.WhispersGap(m.N)
		k := layouts.Constraint{Kind: "whispers"}
		if rng.IntN(3) == 0 {
			gap = 1 + rng.IntN(m.N-1)
			k.Difference = gap
		}
		var out []layouts.Constraint
		for range 1 + rng.IntN(3) {
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
	},
	"renban": func(m *layouts.Model, sol []uint8, faithful bool, rng *rand.Rand) []layouts.Constraint {
		return tries(rng, 2, 30, func() (layouts.Constraint, bool) {
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
	},
	"palindrome": func(m *layouts.Model, sol []uint8, faithful bool, rng *rand.Rand) []layouts.Constraint {
		return tries(rng, 2, 60, func() (layouts.Constraint, bool) {
			cells := Walk(m, rng, 2+rng.IntN(4), King, func([]int, int) bool { return true })
			ok := len(cells) >= 2
			for i, j := 0, len(cells)-1; i < j && faithful; i, j = i+1, j-1 {
				ok = ok && sol[cells[i]] == sol[cells[j]]
			}
			return layouts.Constraint{Kind: "palindrome", Cells: Positions(m, cells)}, ok
		})
	},
	"clone": func(m *layouts.Model, sol []uint8, faithful bool, rng *rand.Rand) []layouts.Constraint {
		return tries(rng, 2, 60, func() (layouts.Constraint, bool) {
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
	},
	"quadruple": func(m *layouts.Model, sol []uint8, faithful bool, rng *rand.Rand) []layouts.Constraint {
		return tries(rng, 1+rng.IntN(2), 20, func() (layouts.Constraint, bool) {
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
	},
	"minimum": extremumGen("minimum", func(x, y uint8) bool { return x < y }),
	"maximum": extremumGen("maximum", func(x, y uint8) bool { return x > y }),
	"entropic": func(m *layouts.Model, sol []uint8, faithful bool, rng *rand.Rand) []layouts.Constraint {
		if m.N%3 != 0 {
			return nil
		}
		var out []layouts.Constraint
		for range 1 + rng.IntN(3) {
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
	},
	"regionsum": func(m *layouts.Model, sol []uint8, faithful bool, rng *rand.Rand) []layouts.Constraint {
		return tries(rng, 1+rng.IntN(2), 200, func() (layouts.Constraint, bool) {
			cells := Walk(m, rng, 2+rng.IntN(5), King, func([]int, int) bool { return true })
			c := layouts.Constraint{Kind: "regionsum", Cells: Positions(m, cells)}
			if !faithful {
				return c, true
			}
			l := *m.Layout
			l.Constraints = append(slices.Clone(l.Constraints), c)
			cm, err := layouts.Compile(&l)
			if err != nil {
				return c, false
			}
			return c, layouts.Check(layouts.NewPuzzle(cm), layouts.Grid{Model: cm, Digits: sol}) == nil
		})
	},
	"between": func(m *layouts.Model, sol []uint8, faithful bool, rng *rand.Rand) []layouts.Constraint {
		return tries(rng, 1+rng.IntN(2), 40, func() (layouts.Constraint, bool) {
			cells := Walk(m, rng, 3+rng.IntN(2), King, func([]int, int) bool { return true })
			ok := len(cells) >= 3
			a, e := int(sol[cells[0]]), int(sol[cells[len(cells)-1]])
			for _, c := range cells[1 : len(cells)-1] {
				ok = ok && (!faithful || layouts.BetweenHolds(a, e, int(sol[c])))
			}
			return layouts.Constraint{Kind: "between", Cells: Positions(m, cells)}, ok
		})
	},
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

// tries calls f up to limit times for up to count constraints that it
// accepts.
func tries(rng *rand.Rand, count, limit int, f func() (layouts.Constraint, bool)) []layouts.Constraint {
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

// extremumGen marks cells whose digit is less (more) than every
// orthogonal neighbour's, or random cells.
func extremumGen(kind string, beats func(x, y uint8) bool) kindGen {
	return func(m *layouts.Model, sol []uint8, faithful bool, rng *rand.Rand) []layouts.Constraint {
		k := layouts.Constraint{Kind: kind}
		for c := range m.Cells {
			ok := true
			for _, o := range Around(m, c, Orthogonal) {
				ok = ok && beats(sol[c], sol[o])
			}
			if faithful && ok && rng.IntN(2) == 0 || !faithful && rng.IntN(len(m.Cells)/2) == 0 {
				k.Cells = append(k.Cells, m.Cells[c])
			}
		}
		if len(k.Cells) == 0 {
			return nil
		}
		return []layouts.Constraint{k}
	}
}

// digitSum is the sum of the solution's digits in cells.
func digitSum(sol []uint8, cells []int) int {
	s := 0
	for _, c := range cells {
		s += int(sol[c])
	}
	return s
}

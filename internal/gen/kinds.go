package gen

import (
	"math/rand/v2"
	"slices"

	"gattai/generate"
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

// Walk is generate.Walk.
func Walk(m *layouts.Model, rng *rand.Rand, k int, moves [][2]int, next func(path []int, o int) bool) []int {
	return generate.Walk(m, rng, k, moves, next)
}

// WalkFrom is generate.WalkFrom.
func WalkFrom(m *layouts.Model, rng *rand.Rand, start, k int, moves [][2]int, next func(path []int, o int) bool) []int {
	return generate.WalkFrom(m, rng, start, k, moves, next)
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

// moreGens are the generators of the kinds of lines, marks and clues:
// package generate's, with random counts (drawn first, so a seed gives
// the same constraints as when they lived here), and a little killer of
// one random diagonal.
var moreGens = map[string]kindGen{
	"arrow": func(m *layouts.Model, sol []uint8, faithful bool, rng *rand.Rand) []layouts.Constraint {
		return generate.Arrows(m, sol, rng, 2, faithful)
	},
	"xv": func(m *layouts.Model, sol []uint8, faithful bool, rng *rand.Rand) []layouts.Constraint {
		return generate.XV(m, sol, rng, faithful)
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
	"sandwich":   counted(3, generate.Sandwiches),
	"xsum":       counted(3, generate.XSums),
	"skyscraper": counted(3, generate.Skyscrapers),
	"whispers": func(m *layouts.Model, sol []uint8, faithful bool, rng *rand.Rand) []layouts.Constraint {
		gap := 0 // the default
		if rng.IntN(3) == 0 {
			gap = 1 + rng.IntN(m.N-1)
		}
		return generate.Whispers(m, sol, rng, 1+rng.IntN(3), gap, faithful)
	},
	"renban": func(m *layouts.Model, sol []uint8, faithful bool, rng *rand.Rand) []layouts.Constraint {
		return generate.Renbans(m, sol, rng, 2, faithful)
	},
	"palindrome": func(m *layouts.Model, sol []uint8, faithful bool, rng *rand.Rand) []layouts.Constraint {
		return generate.Palindromes(m, sol, rng, 2, faithful)
	},
	"clone": func(m *layouts.Model, sol []uint8, faithful bool, rng *rand.Rand) []layouts.Constraint {
		return generate.Clones(m, sol, rng, 2, faithful)
	},
	"quadruple": counted(2, generate.Quadruples),
	"minimum": func(m *layouts.Model, sol []uint8, faithful bool, rng *rand.Rand) []layouts.Constraint {
		return generate.Minimum(m, sol, rng, 0.5, faithful)
	},
	"maximum": func(m *layouts.Model, sol []uint8, faithful bool, rng *rand.Rand) []layouts.Constraint {
		return generate.Maximum(m, sol, rng, 0.5, faithful)
	},
	"entropic":  counted(3, generate.Entropics),
	"regionsum": counted(2, generate.RegionSums),
	"between":   counted(2, generate.Betweens),
}

// counted draws 1 to most constraints with draw.
func counted(most int, draw func(m *layouts.Model, sol []uint8, rng *rand.Rand, count int, faithful bool) []layouts.Constraint) kindGen {
	return func(m *layouts.Model, sol []uint8, faithful bool, rng *rand.Rand) []layouts.Constraint {
		return draw(m, sol, rng, 1+rng.IntN(most), faithful)
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

package generate

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"gattai/layouts"
)

// A drawer makes the constraints of one kind for a puzzle. Rule kinds
// (diagonal, antiknight, ...) constrain the grid before it is filled:
// before draws them from the empty model. Clue kinds (killer, thermo,
// ...) are read off the filled grid: after draws them from the model
// and its solution, which they must hold to. One of the two is set.
type drawer struct {
	name   string // the name Options.Kinds uses
	about  string
	before func(m *layouts.Model, rng *rand.Rand) ([]layouts.Constraint, error)
	after  func(m *layouts.Model, solution []uint8, rng *rand.Rand) []layouts.Constraint
	// random is set for a rule kind that draws at random: a drawing
	// that no grid fills is drawn again, where the others fail at once.
	random bool
	// layout is the layouts.Constraint kind it makes, if not name.
	layout string
	// fits, if set, says why a clue kind cannot go on m (a rule kind
	// says so by failing to compile).
	fits func(m *layouts.Model) error
}

// drawers is every kind Generate can add, in a fixed order. Adding a
// kind is one entry here (TestEveryKindDrawn holds it to layouts.Kinds).
var drawers = []drawer{
	{name: "diagonal", about: "both main diagonals of every grid hold every digit once",
		before: every("diagonal")},
	{name: "diagonal+", about: "the positive (/) main diagonal of every grid holds every digit once",
		before: diagonal("positive"), layout: "diagonal"},
	{name: "diagonal-", about: "the negative (\\) main diagonal of every grid holds every digit once",
		before: diagonal("negative"), layout: "diagonal"},
	{name: "windoku", about: "the four hyper windows of every grid (square boxes)",
		before: preset("windoku")},
	{name: "disjoint", about: "the cells at one place in every box of a grid differ",
		before: preset("disjoint")},
	{name: "jigsaw", about: "random irregular pieces replace the boxes (one grid only)",
		before: jigsaw, random: true},
	{name: "antiknight", about: "no two cells a knight's move apart hold the same digit",
		before: every("antiknight")},
	{name: "antiking", about: "no two cells a king's move apart hold the same digit",
		before: every("antiking")},
	{name: "nonconsecutive", about: "orthogonal neighbours never differ by 1",
		before: every("nonconsecutive")},
	{name: "killer", about: "cages of 2 to 5 cells tiling the canvas, with their sums",
		after: func(m *layouts.Model, sol []uint8, rng *rand.Rand) []layouts.Constraint {
			return Cages(m, sol, rng, min(2, m.N), min(5, m.N))
		}},
	{name: "thermo", about: "a thermometer of 3 or more cells for every 9 cells, where the digits allow",
		after: func(m *layouts.Model, sol []uint8, rng *rand.Rand) []layouts.Constraint {
			return Thermos(m, sol, rng, max(1, len(m.Cells)/9), min(3, m.N))
		}},
	{name: "kropki", about: "every kropki dot between orthogonal neighbours (negative: no dot, no relation)",
		after: func(m *layouts.Model, sol []uint8, rng *rand.Rand) []layouts.Constraint {
			return []layouts.Constraint{Dots(m, sol, rng, 1)}
		}},
	{name: "kropki-values", about: "every kropki dot, white for a difference of 2 or 3, black for a ratio of 2 or 3 (negative)",
		after: func(m *layouts.Model, sol []uint8, rng *rand.Rand) []layouts.Constraint {
			diff, ratio := 2+rng.IntN(2), 2+rng.IntN(2)
			return []layouts.Constraint{KropkiDots(m, sol, rng, 1, diff, ratio)}
		}, layout: "kropki"},
	{name: "parity", about: "half the cells marked even or odd",
		after: func(m *layouts.Model, sol []uint8, rng *rand.Rand) []layouts.Constraint {
			return []layouts.Constraint{Parity(m, sol, rng, 0.5)}
		}},
	{name: "arrow", about: "an arrow for every 12 cells: a circle, and 1 to 3 cells from it that sum to it",
		after: func(m *layouts.Model, sol []uint8, rng *rand.Rand) []layouts.Constraint {
			return Arrows(m, sol, rng, per(m, 12), true)
		}},
	{name: "xv", about: "X and V marks on pairs that sum to 10 and 5: half of them, or a third of the time every one (negative)",
		after: func(m *layouts.Model, sol []uint8, rng *rand.Rand) []layouts.Constraint {
			return XV(m, sol, rng, true)
		}},
	{name: "littlekiller", about: "the sum along every diagonal of 2 to 4 cells from the canvas's edge (longer ones are slow to count)",
		after: func(m *layouts.Model, sol []uint8, rng *rand.Rand) []layouts.Constraint {
			return slices.DeleteFunc(LittleKillers(m, sol, rng, 1), func(c layouts.Constraint) bool { return len(c.Cells) > 4 })
		}},
	{name: "sandwich", about: "sandwich sums on a quarter of the rows and columns, from either side",
		after: lineClues(Sandwiches)},
	{name: "xsum", about: "x-sums on a quarter of the rows and columns, from either side",
		after: lineClues(XSums)},
	{name: "skyscraper", about: "skyscraper counts on a quarter of the rows and columns, from either side",
		after: lineClues(Skyscrapers)},
	{name: "whispers", about: "a whispers line of 2 to 5 cells for every 12 cells",
		after: func(m *layouts.Model, sol []uint8, rng *rand.Rand) []layouts.Constraint {
			return Whispers(m, sol, rng, per(m, 12), 0, true)
		}},
	{name: "renban", about: "a renban line of 2 to 4 cells for every 12 cells, where the digits allow",
		after: counted(12, Renbans)},
	{name: "palindrome", about: "a palindrome line of 2 to 5 cells for every 12 cells, where the digits allow",
		after: counted(12, Palindromes)},
	{name: "clone", about: "a clone of 1 to 3 cells for every 16 cells, where the digits allow",
		after: counted(16, Clones)},
	{name: "quadruple", about: "a quadruple for every 12 cells, 1 to 4 digits at a junction",
		after: counted(12, Quadruples)},
	{name: "minimum", about: "three quarters of the cells less than their orthogonal neighbours",
		after: func(m *layouts.Model, sol []uint8, rng *rand.Rand) []layouts.Constraint {
			return Minimum(m, sol, rng, 0.75, true)
		}},
	{name: "maximum", about: "three quarters of the cells more than their orthogonal neighbours",
		after: func(m *layouts.Model, sol []uint8, rng *rand.Rand) []layouts.Constraint {
			return Maximum(m, sol, rng, 0.75, true)
		}},
	{name: "between", about: "a between line of 3 or 4 cells for every 12 cells, where the digits allow",
		after: counted(12, Betweens)},
	{name: "entropic", about: "an entropic line of 2 to 6 cells for every 12 cells (n a multiple of 3)",
		after: counted(12, Entropics),
		fits: func(m *layouts.Model) error {
			if m.N%3 != 0 {
				return fmt.Errorf("%w: entropic needs a multiple of 3 digits, not %d", ErrKind, m.N)
			}
			return nil
		}},
	{name: "regionsum", about: "a region-sum line of 2 to 6 cells for every 20 cells, where the digits allow",
		after: counted(20, RegionSums)},
}

// per is one for every k cells of m, at least one.
func per(m *layouts.Model, k int) int { return max(1, len(m.Cells)/k) }

// counted draws one constraint for every k cells with draw.
func counted(k int, draw func(m *layouts.Model, sol []uint8, rng *rand.Rand, count int, faithful bool) []layouts.Constraint) func(*layouts.Model, []uint8, *rand.Rand) []layouts.Constraint {
	return func(m *layouts.Model, sol []uint8, rng *rand.Rand) []layouts.Constraint {
		return draw(m, sol, rng, per(m, k), true)
	}
}

// lineClues draws clues outside a quarter of the rows and columns (of
// the 4n sides of each grid, n).
func lineClues(draw func(m *layouts.Model, sol []uint8, rng *rand.Rand, count int, faithful bool) []layouts.Constraint) func(*layouts.Model, []uint8, *rand.Rand) []layouts.Constraint {
	return func(m *layouts.Model, sol []uint8, rng *rand.Rand) []layouts.Constraint {
		return draw(m, sol, rng, len(m.GridCells)*m.N, true)
	}
}

// KindInfo describes a kind Generate can add.
type KindInfo struct {
	Name, About string
	// Layout is the layouts.Constraint kind it makes.
	Layout string
	// Clue is set for a kind read off the solution (killer, thermo...);
	// else the kind constrains the grid before it is filled.
	Clue bool
}

// Kinds lists the kinds Options.Kinds takes, in a fixed order.
func Kinds() []KindInfo {
	out := make([]KindInfo, len(drawers))
	for i, d := range drawers {
		out[i] = KindInfo{Name: d.name, About: d.about, Layout: layoutKind(d), Clue: d.after != nil}
	}
	return out
}

// layoutKind is the constraint kind a drawer makes: its name, or region
// for the region presets, or its layout.
func layoutKind(d drawer) string {
	switch {
	case d.layout != "":
		return d.layout
	case d.name == "windoku" || d.name == "disjoint":
		return "region"
	}
	return d.name
}

// kindsOf resolves Options.Kinds, each once, in the table's order.
func kindsOf(names []string) ([]drawer, error) {
	var out []drawer
	for _, name := range names {
		i := slices.IndexFunc(drawers, func(d drawer) bool { return d.name == name })
		if i < 0 {
			all := make([]string, len(drawers))
			for j, d := range drawers {
				all[j] = d.name
			}
			return nil, fmt.Errorf("%w %q (want some of %s)", ErrKind, name, strings.Join(all, ", "))
		}
		out = append(out, drawers[i])
	}
	slices.SortFunc(out, func(a, b drawer) int {
		return slices.IndexFunc(drawers, func(d drawer) bool { return d.name == a.name }) -
			slices.IndexFunc(drawers, func(d drawer) bool { return d.name == b.name })
	})
	return slices.CompactFunc(out, func(a, b drawer) bool { return a.name == b.name }), nil
}

// every is a rule kind applied to every grid.
func every(kind string) func(*layouts.Model, *rand.Rand) ([]layouts.Constraint, error) {
	return func(*layouts.Model, *rand.Rand) ([]layouts.Constraint, error) {
		return []layouts.Constraint{{Kind: kind}}, nil
	}
}

// diagonal is one main diagonal of every grid.
func diagonal(which string) func(*layouts.Model, *rand.Rand) ([]layouts.Constraint, error) {
	return func(*layouts.Model, *rand.Rand) ([]layouts.Constraint, error) {
		return []layouts.Constraint{{Kind: "diagonal", Which: which}}, nil
	}
}

// preset is a region preset applied to every grid.
func preset(name string) func(*layouts.Model, *rand.Rand) ([]layouts.Constraint, error) {
	return func(*layouts.Model, *rand.Rand) ([]layouts.Constraint, error) {
		return []layouts.Constraint{{Kind: "region", Preset: name}}, nil
	}
}

// jigsaw cuts the one grid into random pieces (Pieces). A cut may have
// no filling: Fill then says ErrNoGrid and the puzzle is tried again.
func jigsaw(m *layouts.Model, rng *rand.Rand) ([]layouts.Constraint, error) {
	if len(m.GridCells) != 1 {
		return nil, fmt.Errorf("%w: jigsaw needs a layout of one grid, not %d", ErrKind, len(m.GridCells))
	}
	if m.N > 26 {
		return nil, fmt.Errorf("%w: jigsaw pieces are letters: at most 26 digits, not %d", ErrKind, m.N)
	}
	return []layouts.Constraint{{Kind: "jigsaw", Pieces: Pieces(m.N, rng)}}, nil
}

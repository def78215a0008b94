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
}

// drawers is every kind Generate can add, in a fixed order. Adding a
// kind is one entry here (TestEveryKindDrawn holds it to layouts.Kinds).
var drawers = []drawer{
	{name: "diagonal", about: "both main diagonals of every grid hold every digit once",
		before: every("diagonal")},
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
	{name: "parity", about: "half the cells marked even or odd",
		after: func(m *layouts.Model, sol []uint8, rng *rand.Rand) []layouts.Constraint {
			return []layouts.Constraint{Parity(m, sol, rng, 0.5)}
		}},
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
// for the region presets.
func layoutKind(d drawer) string {
	if d.name == "windoku" || d.name == "disjoint" {
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

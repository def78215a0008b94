package main

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"

	"gattai/backtrack"
	"gattai/internal/gen"
	"gattai/layouts"
)

// A variant is a puzzle in testdata/variants that needs one kind of
// constraint: with it the puzzle has one solution, without it (the same
// givens, the constraints of that kind dropped) two or more. This
// makes them again:
//
//	go run ./internal/cmd/gendata -set variants
//
// The grids are completed by the native engine's first solution, so
// after a change to its search the same seeds make other puzzles, as
// valid; the committed ones are kept unless a kind's puzzle must change.
type variant struct {
	name   string // testdata/variants/NAME.json, NAME.txt, NAME.solution.txt
	layout string // the built-in layout, of 9x9 grids, under the constraints
	kind   string // the kind the puzzle needs

	// Either constraints the solution is searched under, or constraints
	// read off a solution of the plain layout.
	fixed func(rng *rand.Rand) []layouts.Constraint
	read  func(m *layouts.Model, g []uint8, rng *rand.Rand) []layouts.Constraint
}

func fixed(cs ...layouts.Constraint) func(*rand.Rand) []layouts.Constraint {
	return func(*rand.Rand) []layouts.Constraint { return cs }
}

var variantList = []variant{
	{name: "diagonal-classic", layout: "classic", kind: "diagonal", fixed: fixed(layouts.Constraint{Kind: "diagonal"})},
	{name: "region-classic", layout: "classic", kind: "region", fixed: fixed(layouts.Constraint{Kind: "region", Preset: "windoku"})},
	{name: "jigsaw-classic", layout: "classic", kind: "jigsaw", fixed: func(rng *rand.Rand) []layouts.Constraint {
		return []layouts.Constraint{{Kind: "jigsaw", Pieces: gen.Pieces(9, rng)}}
	}},
	{name: "antiknight-classic", layout: "classic", kind: "antiknight", fixed: fixed(layouts.Constraint{Kind: "antiknight"})},
	{name: "antiking-classic", layout: "classic", kind: "antiking", fixed: fixed(layouts.Constraint{Kind: "antiking"})},
	{name: "nonconsecutive-classic", layout: "classic", kind: "nonconsecutive", fixed: fixed(layouts.Constraint{Kind: "nonconsecutive"})},
	{name: "killer-classic", layout: "classic", kind: "killer", read: func(m *layouts.Model, g []uint8, rng *rand.Rand) []layouts.Constraint {
		return gen.Cages(m, g, rng, 2, 4)
	}},
	{name: "thermo-classic", layout: "classic", kind: "thermo", read: func(m *layouts.Model, g []uint8, rng *rand.Rand) []layouts.Constraint {
		return gen.Thermos(m, g, rng, 6, 4)
	}},
	{name: "kropki-classic", layout: "classic", kind: "kropki", read: func(m *layouts.Model, g []uint8, rng *rand.Rand) []layouts.Constraint {
		return []layouts.Constraint{gen.Dots(m, g, rng, 1)}
	}},
	{name: "parity-classic", layout: "classic", kind: "parity", read: func(m *layouts.Model, g []uint8, rng *rand.Rand) []layouts.Constraint {
		return []layouts.Constraint{gen.Parity(m, g, rng, 0.5)}
	}},
	{name: "arrow-classic", layout: "classic", kind: "arrow", read: many("arrow", 8)},
	{name: "xv-classic", layout: "classic", kind: "xv", read: many("xv", 1)},
	{name: "littlekiller-classic", layout: "classic", kind: "littlekiller", read: func(m *layouts.Model, g []uint8, rng *rand.Rand) []layouts.Constraint {
		return gen.LittleKillers(m, g, rng, 0.5)
	}},
	{name: "sandwich-classic", layout: "classic", kind: "sandwich", read: many("sandwich", 8)},
	{name: "whispers-classic", layout: "classic", kind: "whispers", read: many("whispers", 6)},
	{name: "renban-classic", layout: "classic", kind: "renban", read: many("renban", 6)},
	{name: "palindrome-classic", layout: "classic", kind: "palindrome", read: many("palindrome", 6)},
	{name: "clone-classic", layout: "classic", kind: "clone", read: many("clone", 6)},
	{name: "quadruple-classic", layout: "classic", kind: "quadruple", read: many("quadruple", 8)},
	{name: "minimum-classic", layout: "classic", kind: "minimum", read: many("minimum", 1)},
	{name: "maximum-classic", layout: "classic", kind: "maximum", read: many("maximum", 1)},
	{name: "between-classic", layout: "classic", kind: "between", read: many("between", 6)},
	{name: "entropic-classic", layout: "classic", kind: "entropic", read: many("entropic", 6)},
	{name: "regionsum-classic", layout: "classic", kind: "regionsum", read: many("regionsum", 6)},
	{name: "xsum-classic", layout: "classic", kind: "xsum", read: many("xsum", 8)},
	{name: "skyscraper-classic", layout: "classic", kind: "skyscraper", read: many("skyscraper", 8)},
	{name: "diagonal-samurai", layout: "samurai", kind: "diagonal", fixed: fixed(layouts.Constraint{Kind: "diagonal"})},
	{name: "region-samurai", layout: "samurai", kind: "region", fixed: fixed(layouts.Constraint{Kind: "region", Preset: "windoku"})},
	{name: "killer-samurai", layout: "samurai", kind: "killer", read: func(m *layouts.Model, g []uint8, rng *rand.Rand) []layouts.Constraint {
		return gen.Cages(m, g, rng, 2, 5)
	}},
}

// many reads constraints of kind off a grid with gen.Random, times
// calls' worth.
func many(kind string, times int) func(m *layouts.Model, g []uint8, rng *rand.Rand) []layouts.Constraint {
	return func(m *layouts.Model, g []uint8, rng *rand.Rand) []layouts.Constraint {
		var out []layouts.Constraint
		for range times {
			cs, ok := gen.Random(kind, m, g, true, rng)
			if !ok {
				panic("no generator for " + kind)
			}
			for _, c := range cs {
				l := *m.Layout
				l.Constraints = append(slices.Clone(out), c)
				if _, err := layouts.Compile(&l); err == nil {
					out = l.Constraints
				}
			}
		}
		return out
	}
}

// makeVariant generates a variant from seeds 1, 2, ... until its kind
// is needed, and writes its files.
func makeVariant(root string, v variant) error {
	base, err := layouts.Builtin(v.layout, 9, layouts.Shape{})
	if err != nil {
		return err
	}
	base.Name = v.name
	for seed := uint64(1); seed <= 20; seed++ {
		rng := rand.New(rand.NewPCG(2026, seed))
		l := *base
		var solution []uint8
		if v.fixed != nil {
			l.Constraints = v.fixed(rng)
		} else {
			plain, err := layouts.Compile(base)
			if err != nil {
				return err
			}
			solution = gen.Filled(plain, rng).Digits
			l.Constraints = v.read(plain, solution, rng)
		}
		m, err := layouts.Compile(&l)
		if err != nil {
			return err
		}
		if solution == nil {
			if countOf(m, layouts.NewPuzzle(m), 1) == 0 {
				continue // a jigsaw with no filling
			}
			solution = gen.Filled(m, rng).Digits
		}
		p := gen.Reduce(m, solution, rng, 0)
		plain, err := layouts.Compile(gen.Without(&l, v.kind))
		if err != nil {
			return err
		}
		if countOf(plain, &layouts.Puzzle{Model: plain, Givens: p.Givens}, 2) < 2 {
			continue
		}
		dir := filepath.Join(root, "testdata", "variants", v.name)
		for _, f := range []struct {
			ext  string
			data []byte
		}{
			{".json", l.MarshalFile()},
			{".txt", []byte(p.String())},
			{".solution.txt", []byte(layouts.Grid{Model: m, Digits: solution}.String())},
		} {
			if err := write(dir+f.ext, f.data); err != nil {
				return err
			}
		}
		fmt.Fprintf(os.Stderr, "%s: seed %d: %d givens\n", v.name, seed, p.Clues())
		return nil
	}
	return fmt.Errorf("%s: no seed makes a puzzle that needs %s", v.name, v.kind)
}

// variants writes testdata/variants: each variant's layout, puzzle and
// solution.
func variants(root string) error {
	for _, v := range variantList {
		if err := makeVariant(root, v); err != nil {
			return err
		}
	}
	return nil
}

// countOf counts p's solutions up to limit with the native engine.
func countOf(m *layouts.Model, p *layouts.Puzzle, limit int) int {
	r, err := backtrack.New(m).Count(context.Background(), p, limit)
	if err != nil {
		panic(err)
	}
	return r.Count
}

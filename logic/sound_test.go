package logic_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"

	"gattai/backtrack"
	"gattai/generate"
	"gattai/internal/gen"
	"gattai/internal/testkit"
	"gattai/layouts"
	"gattai/logic"
)

// A puzzle made of some of a solution's digits has that solution among
// its own, maybe with others. A sound step holds in every solution, so
// none may contradict the one the givens came from, however many
// solutions there are.

// subset is the puzzle of sol's digits at the cells keep says.
func subset(sol *layouts.Puzzle, keep func(c int) bool) *layouts.Puzzle {
	p := layouts.NewPuzzle(sol.Model)
	for c, d := range sol.Givens {
		if keep(c) {
			p.Givens[c] = d
		}
	}
	return p
}

func soundOn(t *testing.T, sol *layouts.Puzzle, p *layouts.Puzzle) {
	t.Helper()
	steps, err := logic.Steps(t.Context(), p)
	if err != nil {
		t.Fatalf("%v\n%s", err, p)
	}
	checkSteps(t, p, steps, sol.Givens)
}

func TestSoundOnSubsets(t *testing.T) {
	for _, name := range []string{"classic", "twodoku"} {
		dir := filepath.Join("..", "testdata", "examples")
		sol := testkit.ReadPuzzle(t, filepath.Join(dir, name+".solution.txt"), nil)
		rng := rand.New(rand.NewPCG(1, uint64(len(name))))
		count := 20
		if testing.Short() { // CI's race run: ten times as slow
			count = 5
		}
		for i := range count {
			density := 0.3 + 0.3*rng.Float64()
			p := subset(sol, func(int) bool { return rng.Float64() < density })
			t.Run(fmt.Sprintf("%s/%d", name, i), func(t *testing.T) { soundOn(t, sol, p) })
		}
	}
}

// TestSoundSmall does the same on classic grids of other sizes (4x4,
// 6x6 with 2x3 boxes, 8x8 with 2x4 boxes, 12x12 with 3x4 boxes, 16x16),
// whose solutions backtrack finds; fewer puzzles on the larger two,
// whose trials cost more.
func TestSoundSmall(t *testing.T) {
	for _, tc := range []struct {
		n    int
		box  layouts.Shape
		name string
	}{{4, layouts.Shape{Rows: 2, Cols: 2}, "4x4"}, {6, layouts.Shape{Rows: 2, Cols: 3}, "6x6"}, {8, layouts.Shape{Rows: 2, Cols: 4}, "8x8"}, {12, layouts.Shape{Rows: 3, Cols: 4}, "12x12"}, {16, layouts.Shape{Rows: 4, Cols: 4}, "16x16"}} {
		m, err := layouts.Compile(layouts.Classic(tc.n, tc.box))
		if err != nil {
			t.Fatal(err)
		}
		res, err := backtrack.Solve(context.Background(), layouts.NewPuzzle(m))
		if err != nil || res.Count != 1 {
			t.Fatalf("no %s grid: %v", tc.name, err)
		}
		sol := res.Grid.Puzzle()
		rng := rand.New(rand.NewPCG(2, uint64(tc.n)))
		count := 20
		if tc.n > 9 {
			count = 8
		}
		if testing.Short() { // CI's race run: ten times as slow
			count /= 4
		}
		for i := range count {
			density := 0.2 + 0.4*rng.Float64()
			p := subset(sol, func(int) bool { return rng.Float64() < density })
			t.Run(fmt.Sprintf("%s/%d", tc.name, i), func(t *testing.T) { soundOn(t, sol, p) })
		}
	}
}

// FuzzSound keeps, of the classic example's solution, the cells whose
// bit in the input is set (at least a third of them, to bound the work).
func FuzzSound(f *testing.F) {
	f.Add([]byte{0xff, 0x0f, 0xf0, 0x55, 0xaa, 0x33, 0xcc, 0x99, 0x66, 0x0f, 0xf0})
	f.Add([]byte{0x92, 0x49, 0x24, 0x92, 0x49, 0x24, 0x92, 0x49, 0x24, 0x92, 0x49})
	f.Fuzz(func(t *testing.T, mask []byte) {
		sol := testkit.ReadPuzzle(t, filepath.Join("..", "testdata", "examples", "classic.solution.txt"), nil)
		keep := func(c int) bool { return c/8 < len(mask) && mask[c/8]&(1<<(c%8)) != 0 }
		p := subset(sol, keep)
		if p.Clues() < 27 {
			t.Skip()
		}
		soundOn(t, sol, p)
	})
}

// TestSoundVariants holds the paths of made puzzles, one rule or unit
// kind each, to their solutions: with the uniqueness techniques, the
// made puzzles being unique, and without them on puzzles of some of the
// solution's digits, which have several solutions, so that the rules'
// techniques and the trials work on many states. 6x6 grids, classic
// and samurai, keep the counts quick.
func TestSoundVariants(t *testing.T) {
	for _, layout := range []string{"classic", "samurai"} {
		m := testkit.Model(t, layout, 6)
		for _, kind := range []string{"killer", "thermo", "kropki", "kropki-values", "parity", "nonconsecutive", "diagonal", "antiknight", "jigsaw", "killer,thermo"} {
			if layout == "samurai" && kind == "jigsaw" {
				continue // one grid only
			}
			opts := generate.Options{Count: 3, Seed: 1, Kinds: strings.Split(kind, ",")}
			if testing.Short() { // CI's race run: ten times as slow
				opts.Count = 1
			}
			err := generate.Generate(context.Background(), m, opts, gen.NewCounter, func(g generate.Puzzle) error {
				t.Run(fmt.Sprintf("%s/%s/%d", layout, kind, g.Index), func(t *testing.T) {
					steps, err := logic.NewWith(g.Model, logic.Options{Unique: true}).Steps(t.Context(), g.Puzzle)
					if err != nil {
						t.Fatalf("%v\n%s", err, g.Puzzle)
					}
					checkSteps(t, g.Puzzle, steps, g.Solution.Digits)
					rng := rand.New(rand.NewPCG(3, uint64(g.Index)))
					for range 4 {
						density := 0.1 + 0.4*rng.Float64()
						p := subset(g.Solution.Puzzle(), func(int) bool { return rng.Float64() < density })
						soundOn(t, g.Solution.Puzzle(), p)
					}
				})
				return nil
			})
			if err != nil {
				t.Fatalf("%s %s: %v", layout, kind, err)
			}
		}
	}
}

// TestSoundKillerTechniques: on 9x9 killers, the killer techniques
// beyond the combinations (killer locked candidates, innies and outies) take
// steps that are sound, and spare the trials that those puzzles needed
// without them (seeds 3, 4 and 11 rated 8.5 or 8.7, a trial, before;
// seed 3 needs outies).
func TestSoundKillerTechniques(t *testing.T) {
	m := testkit.Model(t, "classic", 9)
	used := map[string]bool{}
	for _, seed := range []uint64{2, 3, 4, 11} {
		opts := generate.Options{Count: 1, Seed: seed, Kinds: []string{"killer"}}
		err := generate.Generate(context.Background(), m, opts, gen.NewCounter, func(g generate.Puzzle) error {
			steps, err := logic.NewWith(g.Model, logic.Options{Unique: true}).Steps(t.Context(), g.Puzzle)
			if err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
			checkSteps(t, g.Puzzle, steps, g.Solution.Digits)
			for _, st := range steps {
				used[st.Technique] = true
				if st.Technique == logic.Trial && seed != 2 {
					t.Errorf("seed %d: a trial, %v", seed, st)
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	for _, tech := range []string{logic.RuleKillerLocked, logic.RuleInnies} {
		if !used[tech] {
			t.Errorf("no step by %s", tech)
		}
	}
}

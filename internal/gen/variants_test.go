package gen_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"gattai/internal/gen"
	"gattai/internal/testkit"
	"gattai/layouts"
)

// TestVariants: the constraints read off a grid compile on its layout,
// and the grid holds to them.
func TestVariants(t *testing.T) {
	tests := []struct {
		name   string
		layout string
		n      int
		make   func(m *layouts.Model, g []uint8, rng *rand.Rand) []layouts.Constraint
		check  func(t *testing.T, m *layouts.Model, cs []layouts.Constraint)
	}{
		{"cages", "samurai", 9, func(m *layouts.Model, g []uint8, rng *rand.Rand) []layouts.Constraint {
			return gen.Cages(m, g, rng, 2, 5)
		}, func(t *testing.T, m *layouts.Model, cs []layouts.Constraint) {
			cells, odd := 0, 0
			for _, c := range cs {
				cells += len(c.Cells)
				if len(c.Cells) < 2 || len(c.Cells) > 5 {
					odd++
				}
			}
			if cells != len(m.Cells) || odd > 0 {
				t.Errorf("%d cages cover %d of %d cells, %d not of 2 to 5 cells", len(cs), cells, len(m.Cells), odd)
			}
		}},
		{"thermos", "classic", 9, func(m *layouts.Model, g []uint8, rng *rand.Rand) []layouts.Constraint {
			return gen.Thermos(m, g, rng, 5, 4)
		}, func(t *testing.T, m *layouts.Model, cs []layouts.Constraint) {
			if len(cs) != 5 {
				t.Errorf("%d thermometers", len(cs))
			}
		}},
		{"dots", "classic", 6, func(m *layouts.Model, g []uint8, rng *rand.Rand) []layouts.Constraint {
			return []layouts.Constraint{gen.Dots(m, g, rng, 1)}
		}, func(t *testing.T, m *layouts.Model, cs []layouts.Constraint) {
			if !cs[0].Negative || len(cs[0].White) == 0 || len(cs[0].Black) == 0 {
				t.Errorf("%+v", cs[0])
			}
		}},
		{"some dots", "twodoku", 9, func(m *layouts.Model, g []uint8, rng *rand.Rand) []layouts.Constraint {
			return []layouts.Constraint{gen.Dots(m, g, rng, 0.5)}
		}, nil},
		{"parity", "classic", 9, func(m *layouts.Model, g []uint8, rng *rand.Rand) []layouts.Constraint {
			return []layouts.Constraint{gen.Parity(m, g, rng, 0.5)}
		}, func(t *testing.T, m *layouts.Model, cs []layouts.Constraint) {
			if k := len(cs[0].Even) + len(cs[0].Odd); k < 20 || k > 60 {
				t.Errorf("%d cells marked", k)
			}
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			plain := testkit.Model(t, tc.layout, tc.n)
			for seed := range uint64(3) {
				rng := rand.New(rand.NewPCG(seed, 9))
				g := gen.Filled(plain, rng)
				cs := tc.make(plain, g.Digits, rng)
				l := *plain.Layout
				l.Constraints = cs
				m, err := layouts.Compile(&l)
				if err != nil {
					t.Fatalf("seed %d: %v", seed, err)
				}
				if err := layouts.Check(layouts.NewPuzzle(m), layouts.Grid{Model: m, Digits: g.Digits}); err != nil {
					t.Fatalf("seed %d: %v", seed, err)
				}
				if tc.check != nil {
					tc.check(t, m, cs)
				}
				// Reduce keeps the grid as the one solution.
				p := gen.Reduce(m, g.Digits, rng, len(m.Cells)*2/3)
				if p.Clues() != len(m.Cells)*2/3 || count(t, p, 2) != 1 {
					t.Fatalf("seed %d: Reduce: %d givens, count %d", seed, p.Clues(), count(t, p, 2))
				}
			}
		})
	}
}

func TestPieces(t *testing.T) {
	for _, n := range []int{4, 6, 9} {
		for seed := range uint64(5) {
			rows := gen.Pieces(n, rand.New(rand.NewPCG(seed, 1)))
			l := layouts.Classic(n, layouts.DefaultBox(n))
			l.Constraints = []layouts.Constraint{{Kind: "jigsaw", Pieces: rows}}
			if _, err := layouts.Compile(l); err != nil {
				t.Fatalf("n %d seed %d: %v\n%s", n, seed, err, rows)
			}
			for _, ch := range "ABCDEFGHI"[:n] {
				if k := connected(rows, ch); k != n {
					t.Fatalf("n %d seed %d: piece %c: %d connected cells\n%s", n, seed, ch, k, rows)
				}
			}
			if again := gen.Pieces(n, rand.New(rand.NewPCG(seed, 1))); !slices.Equal(rows, again) {
				t.Fatalf("n %d seed %d: not deterministic", n, seed)
			}
		}
	}
}

// connected counts the cells of piece ch reached from its first.
func connected(rows []string, ch rune) int {
	n := len(rows)
	at := func(r, c int) bool { return r >= 0 && c >= 0 && r < n && c < n && rune(rows[r][c]) == ch }
	seen := map[[2]int]bool{}
	var visit func(r, c int)
	visit = func(r, c int) {
		if !at(r, c) || seen[[2]int{r, c}] {
			return
		}
		seen[[2]int{r, c}] = true
		visit(r-1, c)
		visit(r+1, c)
		visit(r, c-1)
		visit(r, c+1)
	}
	for r := range n {
		for c := range n {
			if at(r, c) {
				visit(r, c)
				return len(seen)
			}
		}
	}
	return 0
}

// TestRandomEveryKind: Random has a generator for every kind of
// layouts.Kinds, and on a 4x4 and a 6x6 grid its faithful constraints
// compile (5 or more of them) and
// hold for the grid they were read off (but for the kinds that ignore
// it: diagonal, antiknight, antiking, nonconsecutive, jigsaw, region
// presets; those only compile, or not).
func TestRandomEveryKind(t *testing.T) {
	models := []*layouts.Model{testkit.Model(t, "classic", 4), testkit.Model(t, "classic", 6)}
	blind := map[string]bool{"diagonal": true, "antiknight": true, "antiking": true, "nonconsecutive": true, "jigsaw": true, "region": true}
	for ki, k := range layouts.Kinds() {
		if !gen.HasRandom(k.Name) {
			t.Errorf("no generator for kind %q: add one to kindGens (internal/gen/kinds.go)", k.Name)
			continue
		}
		rng := rand.New(rand.NewPCG(uint64(ki), 3))
		held := 0
		for i := range 20 {
			m := models[i%2]
			sol := gen.Filled(m, rng).Digits
			cs, _ := gen.Random(k.Name, m, sol, true, rng)
			for _, c := range cs {
				l := *m.Layout
				l.Constraints = []layouts.Constraint{c}
				cm, err := layouts.Compile(&l)
				if err != nil {
					continue
				}
				err = layouts.Check(layouts.NewPuzzle(cm), layouts.Grid{Model: cm, Digits: sol})
				if err != nil && !blind[k.Name] {
					t.Errorf("%s: %v\n%s", k.Name, err, l.MarshalFile())
				}
				if k.Rules && len(cm.Rules) == 0 && !(k.Name == "killer" && c.Sum == 0) {
					t.Errorf("%s makes rules, but none from %+v", k.Name, c)
				}
				held++
			}
		}
		if held < 5 {
			t.Errorf("%s: %d constraints compiled, want 5 or more", k.Name, held)
		}
	}
}

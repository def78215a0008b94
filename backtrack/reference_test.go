package backtrack_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"gattai/backtrack"
	"gattai/internal/gen"
	"gattai/internal/testkit"
	"gattai/layouts"
)

// refCount is testkit.RefCount's count, with no budget: the reference
// the solver is checked against on small layouts.
func refCount(p *layouts.Puzzle, limit int) int {
	n, _, _ := testkit.RefCount(p, limit, 0)
	return n
}

// smallModels are the layouts small enough for refCount.
func smallModels(t testing.TB) map[string]*layouts.Model {
	return map[string]*layouts.Model{
		"classic4": testkit.Model(t, "classic", 4),
		"samurai4": testkit.Model(t, "samurai", 4),
		"classic6": testkit.Model(t, "classic", 6),
	}
}

// TestReference compares counts with refCount on random puzzles that
// keep a fraction of a grid, some with several solutions.
func TestReference(t *testing.T) {
	for _, name := range []string{"classic4", "samurai4", "classic6"} {
		m := smallModels(t)[name]
		for _, keep := range []float64{0.2, 0.35, 0.5} {
			t.Run(fmt.Sprintf("%s/keep%.2f", name, keep), func(t *testing.T) {
				solvers := []*backtrack.Solver{
					backtrack.New(m),
					backtrack.MatchFrom(backtrack.New(m), 0),
					backtrack.MatchFrom(backtrack.New(m), 3),
				}
				rng := rand.New(rand.NewPCG(11, uint64(keep*100)))
				for i := range 30 {
					p := gen.Puzzle(m, rng, keep)
					if i%3 == 0 { // and some that may contradict
						c := rng.IntN(len(p.Givens))
						p.Givens[c] = uint8(rng.IntN(m.N) + 1)
					}
					const limit = 20
					want := refCount(p, limit)
					for j, s := range solvers {
						r := count(t, s, p, limit)
						if r.Count != want {
							t.Fatalf("puzzle %d, solver %d: count %d, reference %d\n%s", i, j, r.Count, want, p)
						}
						if r.Count > 0 {
							if err := layouts.Check(p, r.Grid); err != nil {
								t.Fatalf("puzzle %d, solver %d: %v", i, j, err)
							}
						}
					}
				}
			})
		}
	}
}

// FuzzCount builds a puzzle on a small layout from bytes: the first
// picks the layout and the limit, then each byte is a cell, 0 (empty)
// for most values. The layouts are a classic 4x4 and a samurai of 4x4
// grids, and three classic 4x4 with rules of every kind read off a grid
// (a samurai with rules and few givens is too much for refCount, which
// only sees the rules in full grids). The second byte, mod 4, picks
// the search node from which the all-different matcher runs: never, 0,
// 1 or 2. The count must equal the reference's, at most the limit, and every solution
// must pass Check.
func FuzzCount(f *testing.F) {
	f.Add([]byte{0, 0})
	f.Add([]byte{1, 3, 200, 0, 0, 0, 201, 0, 0, 202})
	f.Add([]byte{0, 1, 129, 130, 131, 132, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 130})
	f.Add([]byte{1, 7, 0, 0, 255, 254, 253, 0, 0, 0, 0, 133, 0, 0, 0, 190, 0, 0, 175})
	f.Add([]byte{2, 0, 0, 130})
	f.Add([]byte{8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 131})
	f.Add([]byte{14, 0, 140})
	classic, samurai := testkit.Model(f, "classic", 4), testkit.Model(f, "samurai", 4)
	models := []*layouts.Model{classic, samurai, ruled(f, classic, 1), ruled(f, classic, 2), ruled(f, classic, 3)}
	var solvers, pausing [][4]*backtrack.Solver // matcher from node -1, 0, 1, 2
	for _, m := range models {
		var ss, ps [4]*backtrack.Solver
		for i := range ss {
			ss[i] = backtrack.MatchFrom(backtrack.CheckSolutions(backtrack.New(m)), int64(i-1))
			ps[i] = backtrack.MatchFrom(backtrack.CheckEvery(backtrack.New(m), 1), int64(i-1))
		}
		solvers, pausing = append(solvers, ss), append(pausing, ps)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) < 1 {
			return
		}
		k := int(data[0]) % len(models)
		m, s, ps := models[k], solvers[k][0], pausing[k][0]
		if len(data) > 1 {
			s, ps = solvers[k][data[1]%4], pausing[k][data[1]%4]
		}
		limit := int(data[0])/len(models)%8 - 1 // -1..6: limit < 1 means 1
		p := layouts.NewPuzzle(m)
		for c, b := range data[1:] {
			if c >= len(p.Givens) {
				break
			}
			if b >= 128 {
				p.Givens[c] = b%uint8(m.N) + 1
			}
		}
		r, err := s.Count(context.Background(), p, limit)
		if err != nil {
			t.Fatal(err)
		}
		if r.Count > max(limit, 1) {
			t.Fatalf("count %d over the limit %d", r.Count, limit)
		}
		if want := refCount(p, max(limit, 1)); r.Count != want {
			t.Fatalf("count %d, reference %d\n%s", r.Count, want, p)
		}
		// Paused at every node and resumed, the same search.
		q, _, err := pausedCount(t, ps, p, limit, r.Nodes)
		if err != nil || q.Count != r.Count || q.Nodes != r.Nodes || !slices.Equal(q.Grid.Digits, r.Grid.Digits) {
			t.Fatalf("paused and resumed: count %d in %d nodes, %v; want %d in %d, the same grid", q.Count, q.Nodes, err, r.Count, r.Nodes)
		}
		if r.Count > 0 {
			if err := layouts.Check(p, r.Grid); err != nil {
				t.Fatal(err)
			}
		}
	})
}

// TestConstraints counts the empty 4x4 grid under constraint kinds:
// those that compile to units against refCount, those with rules
// against counts worked out by symmetry (each of the 12 ordered pairs,
// and each of the 24 orders, of the first row's digits starts equally
// many of the 288 grids).
func TestConstraints(t *testing.T) {
	pos := func(s ...string) []layouts.Pos {
		var ps []layouts.Pos
		for _, x := range s {
			p, err := layouts.ParsePos(x)
			if err != nil {
				t.Fatal(err)
			}
			ps = append(ps, p)
		}
		return ps
	}
	tests := []struct {
		name string
		c    layouts.Constraint
		want int // -1: refCount's
	}{
		{"diagonal", layouts.Constraint{Kind: "diagonal"}, -1},
		{"antiking", layouts.Constraint{Kind: "antiking"}, -1},
		{"jigsaw", layouts.Constraint{Kind: "jigsaw", Pieces: []string{"AAAB", "ACBB", "CCDB", "CDDD"}}, -1},
		{"thermo", layouts.Constraint{Kind: "thermo", Cells: pos("r1c1", "r1c2", "r1c3")}, 4 * 12},
		{"killer", layouts.Constraint{Kind: "killer", Sum: 3, Cells: pos("r1c1", "r1c2")}, 2 * 24},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			l := layouts.Classic(4, layouts.Shape{Rows: 2, Cols: 2})
			l.Constraints = []layouts.Constraint{tc.c}
			m, err := layouts.Compile(l)
			if err != nil {
				t.Fatal(err)
			}
			p := layouts.NewPuzzle(m)
			want := tc.want
			if want < 0 {
				want = refCount(p, 1000)
			}
			s := backtrack.New(m)
			r := count(t, s, p, 1000)
			if r.Count != want {
				t.Fatalf("count %d, want %d", r.Count, want)
			}
			if r.Count > 0 {
				if err := layouts.Check(p, r.Grid); err != nil {
					t.Fatal(err)
				}
			}
		})
	}
}

// ruled adds rules of every kind to a plain model, read off a grid:
// killer cages, a thermometer, kropki dots and parity marks.
func ruled(t testing.TB, plain *layouts.Model, seed uint64) *layouts.Model {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 0))
	g := gen.Filled(plain, rng).Digits
	l := *plain.Layout
	for i, c := range gen.Cages(plain, g, rng, 2, 3) {
		if i%6 == 0 {
			l.Constraints = append(l.Constraints, c)
		}
	}
	l.Constraints = append(l.Constraints, gen.Thermos(plain, g, rng, 1, 2)...)
	l.Constraints = append(l.Constraints, gen.Dots(plain, g, rng, 0.1), gen.Parity(plain, g, rng, 0.1))
	m, err := layouts.Compile(&l)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// randomConstraints draws constraints of random kinds, several or none,
// for a model of small grids, through gen.Random, and a grid that holds
// to most of them. The kinds that compile to units only (diagonal,
// region, ...) come first, then the grid, filled under them when it can
// be, then the kinds with rules read off the grid, now and then drawn
// at random instead so that it may no longer hold.
func randomConstraints(plain *layouts.Model, rng *rand.Rand) ([]layouts.Constraint, []uint8) {
	var cs []layouts.Constraint
	sol := gen.Filled(plain, rng).Digits
	add := func(k layouts.Kind, m *layouts.Model, p float64) {
		if rng.Float64() >= p {
			return
		}
		more, ok := gen.Random(k.Name, m, sol, rng.Float64() >= 0.1, rng)
		if !ok {
			panic(fmt.Sprintf("no generator for kind %q in internal/gen", k.Name))
		}
		for _, c := range more {
			l := *plain.Layout
			l.Constraints = append(slices.Clone(cs), c)
			if _, err := layouts.Compile(&l); err == nil {
				cs = l.Constraints
			}
		}
	}
	kinds := layouts.Kinds()
	for _, k := range kinds {
		if !k.Rules {
			add(k, plain, 0.1)
		}
	}
	l := *plain.Layout
	l.Constraints = cs
	m, err := layouts.Compile(&l)
	if err != nil {
		panic(err)
	}
	if r, _ := backtrack.Count(context.Background(), layouts.NewPuzzle(m), 1); r.Count == 0 {
		m, cs = plain, nil
	}
	sol = gen.Filled(m, rng).Digits
	for _, k := range kinds {
		if k.Rules {
			add(k, plain, 0.15)
		}
	}
	return cs, sol
}

// TestRulesReference compares counts with refCount on random puzzles
// under random constraints of every kind: each case a new puzzle, some
// with no solution and some with many. Killer cages are counted both
// ways, with the sums table and by bounds only; every solution counted
// is held to layouts.Check.
func TestRulesReference(t *testing.T) {
	const limit = 3
	tests := []struct {
		layout string
		n      int
		cases  int
		keep   []float64
	}{
		{"classic", 4, 500, []float64{0, 0.2, 0.4}},
		{"classic", 6, 500, []float64{0.3, 0.4, 0.5}},
		{"samurai", 4, 300, []float64{0.2, 0.35, 0.5}},
		{"twodoku", 6, 200, []float64{0.3, 0.45, 0.6}},
	}
	for _, tc := range tests {
		t.Run(fmt.Sprintf("%s/%d", tc.layout, tc.n), func(t *testing.T) {
			plain := testkit.Model(t, tc.layout, tc.n)
			cases := tc.cases
			if testing.Short() {
				cases /= 5
			}
			rng := rand.New(rand.NewPCG(5, uint64(tc.n)))
			kinds := map[string]int{}
			var counts [limit + 1]int
			for i := range cases {
				l := *plain.Layout
				var g []uint8
				l.Constraints, g = randomConstraints(plain, rng)
				m, err := layouts.Compile(&l)
				if err != nil {
					t.Fatalf("case %d: %v", i, err)
				}
				for _, c := range l.Constraints {
					kinds[c.Kind]++
				}
				p := layouts.NewPuzzle(m)
				keep := tc.keep[rng.IntN(len(tc.keep))]
				for c, d := range g {
					if rng.Float64() < keep {
						p.Givens[c] = d
					}
				}
				if i%10 == 0 {
					p.Givens[rng.IntN(len(p.Givens))] = uint8(rng.IntN(m.N) + 1)
				}
				want := refCount(p, limit)
				for j, s := range []*backtrack.Solver{
					backtrack.CheckSolutions(backtrack.New(m)),
					backtrack.KillerBounds(backtrack.CheckSolutions(backtrack.New(m))),
					backtrack.MatchFrom(backtrack.CheckSolutions(backtrack.New(m)), 0),
					backtrack.MatchFrom(backtrack.CheckSolutions(backtrack.New(m)), 2),
				} {
					r := count(t, s, p, limit)
					if r.Count != want {
						t.Fatalf("case %d, solver %d: count %d, reference %d\n%s\n%s", i, j, r.Count, want, l.MarshalFile(), p)
					}
					if r.Count > 0 {
						if err := layouts.Check(p, r.Grid); err != nil {
							t.Fatalf("case %d, solver %d: %v", i, j, err)
						}
					}
				}
				counts[want]++
			}
			t.Logf("%d cases, by count %v, constraints by kind %v", cases, counts, kinds)
		})
	}
}

package backtrack_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"gattai/backtrack"
	"gattai/internal/gen"
	"gattai/layouts"
)

// refCount counts the solutions of p up to limit the plain way: fill the
// empty cell with the fewest legal digits, no propagation. It is the
// reference the solver is checked against on small layouts.
func refCount(p *layouts.Puzzle, limit int) int {
	m := p.Model
	g := append([]uint8(nil), p.Givens...)
	if p.Conflict() != nil {
		return 0
	}
	for _, d := range g {
		if int(d) > m.N {
			return 0
		}
	}
	legal := func(c int) []uint8 {
		used := make([]bool, m.N+1)
		for _, q := range m.Peers[c] {
			used[g[q]] = true
		}
		var ds []uint8
		for d := 1; d <= m.N; d++ {
			if !used[d] {
				ds = append(ds, uint8(d))
			}
		}
		return ds
	}
	count := 0
	var search func()
	search = func() {
		best, bestDs := -1, []uint8(nil)
		for c, d := range g {
			if d != 0 {
				continue
			}
			ds := legal(c)
			if best < 0 || len(ds) < len(bestDs) {
				best, bestDs = c, ds
			}
		}
		if best < 0 {
			count++
			return
		}
		for _, d := range bestDs {
			g[best] = d
			search()
			if count >= limit {
				return
			}
		}
		g[best] = 0
	}
	search()
	return count
}

// smallModels are the layouts small enough for refCount.
func smallModels(t testing.TB) map[string]*layouts.Model {
	return map[string]*layouts.Model{
		"classic4": builtin(t, "classic", 4),
		"samurai4": builtin(t, "samurai", 4),
		"classic6": builtin(t, "classic", 6),
	}
}

// TestReference compares counts with refCount on random puzzles that
// keep a fraction of a grid, some with several solutions.
func TestReference(t *testing.T) {
	for _, name := range []string{"classic4", "samurai4", "classic6"} {
		m := smallModels(t)[name]
		for _, keep := range []float64{0.2, 0.35, 0.5} {
			t.Run(fmt.Sprintf("%s/keep%.2f", name, keep), func(t *testing.T) {
				s := backtrack.New(m)
				rng := rand.New(rand.NewPCG(11, uint64(keep*100)))
				for i := range 30 {
					p := gen.Puzzle(m, rng, keep)
					if i%3 == 0 { // and some that may contradict
						c := rng.IntN(len(p.Givens))
						p.Givens[c] = uint8(rng.IntN(m.N) + 1)
					}
					const limit = 20
					r := count(t, s, p, limit)
					if want := refCount(p, limit); r.Count != want {
						t.Fatalf("puzzle %d: count %d, reference %d\n%s", i, r.Count, want, p)
					}
					if r.Count > 0 {
						if err := layouts.Check(p, r.Grid); err != nil {
							t.Fatalf("puzzle %d: %v", i, err)
						}
					}
				}
			})
		}
	}
}

// FuzzCount builds a puzzle on a small layout from bytes: the first
// picks the layout and the limit, then each byte is a cell, 0 (empty)
// for most values. The count must equal the reference's, at most the
// limit, and a solution must pass Check.
func FuzzCount(f *testing.F) {
	f.Add([]byte{0, 0})
	f.Add([]byte{1, 3, 200, 0, 0, 0, 201, 0, 0, 202})
	f.Add([]byte{0, 1, 129, 130, 131, 132, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 130})
	f.Add([]byte{1, 7, 0, 0, 255, 254, 253, 0, 0, 0, 0, 133, 0, 0, 0, 190, 0, 0, 175})
	models := []*layouts.Model{builtin(f, "classic", 4), builtin(f, "samurai", 4)}
	solvers := []*backtrack.Solver{backtrack.New(models[0]), backtrack.New(models[1])}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) < 1 {
			return
		}
		k := int(data[0] % 2)
		m, s := models[k], solvers[k]
		limit := int(data[0]/2%8) - 1 // -1..6: limit < 1 means 1
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

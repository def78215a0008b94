package sat_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"gattai/backtrack"
	"gattai/encode"
	"gattai/internal/gen"
	"gattai/internal/testkit"
	"gattai/layouts"
	"gattai/sat"
)

// The tests here hold gophersat to a reference on small puzzles with
// random variant constraints of every kind: refCount, a plain
// backtracking counter that only keeps digits apart in units and asks
// layouts.Check about each full grid. backtrack's count must agree too.

// refCount counts p's grids up to limit: every cell in order, every
// digit that no peer holds, and layouts.Check at the leaves. ok is false
// when it gave up after budget leaves.
func refCount(p *layouts.Puzzle, limit, budget int) (count int, first layouts.Grid, ok bool) {
	m := p.Model
	if p.Conflict() != nil {
		return 0, layouts.Grid{}, true
	}
	digits := slices.Clone(p.Givens)
	var open []int
	for c, d := range digits {
		if d == 0 {
			open = append(open, c)
		}
	}
	leaves := 0
	var walk func(i int) bool // false: stop
	walk = func(i int) bool {
		if i == len(open) {
			if leaves++; leaves > budget {
				return false
			}
			g := layouts.Grid{Model: m, Digits: slices.Clone(digits)}
			if layouts.Check(p, g) == nil {
				if count++; count == 1 {
					first = g
				}
			}
			return count < limit
		}
		c := open[i]
		for d := uint8(1); int(d) <= m.N; d++ {
			if slices.ContainsFunc(m.Peers[c], func(q int) bool { return digits[q] == d }) {
				continue
			}
			digits[c] = d
			more := walk(i + 1)
			digits[c] = 0
			if !more {
				return false
			}
		}
		return true
	}
	walk(0)
	return count, first, leaves <= budget
}

// refBudget bounds refCount's leaves per puzzle; a puzzle beyond it is
// skipped (and counted, so that a test notices if most are).
const refBudget = 200_000

// A kindGen makes random constraints of one kind on the plain model m.
// With faithful, they hold for sol, a filled grid of m (as far as the
// kind can: a diagonal may not); otherwise they are drawn at random,
// and often make the puzzle impossible.
type kindGen func(m *layouts.Model, sol []uint8, faithful bool, rng *rand.Rand) []layouts.Constraint

// kindGens has a generator for every kind of layouts.Kinds;
// TestKinds fails on a kind without one.
var kindGens = map[string]kindGen{
	"diagonal": func(m *layouts.Model, _ []uint8, _ bool, rng *rand.Rand) []layouts.Constraint {
		return []layouts.Constraint{{Kind: "diagonal", Grid: randomGrid(m, rng)}}
	},
	"region": func(m *layouts.Model, sol []uint8, faithful bool, rng *rand.Rand) []layouts.Constraint {
		if rng.IntN(4) == 0 {
			return []layouts.Constraint{{Kind: "region", Preset: []string{"windoku", "disjoint"}[rng.IntN(2)], Grid: randomGrid(m, rng)}}
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
		return []layouts.Constraint{{Kind: "region", Cells: gen.Positions(m, cells)}}
	},
	"jigsaw": func(m *layouts.Model, _ []uint8, _ bool, rng *rand.Rand) []layouts.Constraint {
		return []layouts.Constraint{{Kind: "jigsaw", Pieces: gen.Pieces(m.N, rng), Grid: randomGrid(m, rng)}}
	},
	"killer": func(m *layouts.Model, sol []uint8, faithful bool, rng *rand.Rand) []layouts.Constraint {
		var out []layouts.Constraint
		for range 1 + rng.IntN(4) {
			cells := walk(m, rng, 1+rng.IntN(min(4, m.N)), gen.Orthogonal, func(path []int, o int) bool {
				return !faithful || !slices.ContainsFunc(path, func(x int) bool { return sol[x] == sol[o] })
			})
			k := len(cells)
			sum := k*(k+1)/2 + rng.IntN(k*(m.N-k)+1) // within the range of k distinct digits
			if faithful {
				sum = 0
				for _, c := range cells {
					sum += int(sol[c])
				}
			}
			if rng.IntN(8) == 0 {
				sum = 0 // no sum: a cage is then a region
			}
			out = append(out, layouts.Constraint{Kind: "killer", Cells: gen.Positions(m, cells), Sum: sum})
		}
		return out
	},
	"antiknight": func(m *layouts.Model, _ []uint8, _ bool, rng *rand.Rand) []layouts.Constraint {
		return []layouts.Constraint{{Kind: "antiknight", Grid: randomGrid(m, rng)}}
	},
	"antiking": func(m *layouts.Model, _ []uint8, _ bool, rng *rand.Rand) []layouts.Constraint {
		return []layouts.Constraint{{Kind: "antiking", Grid: randomGrid(m, rng)}}
	},
	"nonconsecutive": func(m *layouts.Model, _ []uint8, _ bool, rng *rand.Rand) []layouts.Constraint {
		return []layouts.Constraint{{Kind: "nonconsecutive", Grid: randomGrid(m, rng)}}
	},
	"kropki": func(m *layouts.Model, sol []uint8, faithful bool, rng *rand.Rand) []layouts.Constraint {
		k := layouts.Constraint{Kind: "kropki", Negative: rng.IntN(3) == 0}
		if k.Negative {
			k.Grid = randomGrid(m, rng)
		}
		for c := range m.Cells {
			for _, o := range gen.Around(m, c, gen.Orthogonal[2:]) { // right and down: each pair once
				x, y := int(sol[c]), int(sol[o])
				dot := layouts.Dot(1 + rng.IntN(2))
				switch {
				case !faithful && rng.IntN(4) != 0:
					continue
				case !faithful:
				case layouts.DotHolds(dot, x, y):
				case layouts.DotHolds(3-dot, x, y):
					dot = 3 - dot
				default:
					continue
				}
				if !k.Negative && rng.IntN(2) == 0 {
					continue // not every dot, when they need not all be there
				}
				pair := gen.Positions(m, []int{c, o})
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
			cells := walk(m, rng, 2+rng.IntN(min(4, m.N)-1), gen.King, func(path []int, o int) bool {
				return !faithful || sol[o] > sol[path[len(path)-1]]
			})
			if len(cells) >= 2 {
				out = append(out, layouts.Constraint{Kind: "thermo", Cells: gen.Positions(m, cells)})
			}
		}
		return out
	},
}

// randomGrid is a grid index for a per-grid kind: 0 (every grid) or
// 1..k.
func randomGrid(m *layouts.Model, rng *rand.Rand) int {
	return rng.IntN(len(m.GridCells) + 1)
}

// walk is a random path of up to k distinct cells, each a move from
// the one before and accepted by next.
func walk(m *layouts.Model, rng *rand.Rand, k int, moves [][2]int, next func(path []int, o int) bool) []int {
	path := []int{rng.IntN(len(m.Cells))}
	for len(path) < k {
		var cands []int
		for _, o := range gen.Around(m, path[len(path)-1], moves) {
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

// smallLayouts are the layouts of the random variant puzzles.
var smallLayouts = []struct {
	name string
	n    int
}{{"classic", 4}, {"classic", 6}, {"twodoku", 4}, {"samurai", 4}}

// variantPuzzle makes a random puzzle on layout name with grids of n
// symbols and constraints of the given kinds (each dropped if the
// layout refuses it): first the kinds that make only units, drawn on a
// filled grid of the plain layout; then the kinds with rules, drawn on
// a filled grid of the layout so far (if it has one); then givens: a
// random fraction of a grid of the variant if it has one (else of the
// last filled grid), and now and then one given changed at random.
func variantPuzzle(t *testing.T, name string, n int, kinds []string, rng *rand.Rand) *layouts.Puzzle {
	t.Helper()
	plain := testkit.Model(t, name, n)
	sol := gen.Filled(plain, rng).Digits
	l := *plain.Layout
	l.Constraints = nil
	faithful := rng.IntN(4) != 0
	rules := map[string]bool{}
	for _, k := range layouts.Kinds() {
		rules[k.Name] = k.Rules
	}
	add := func(k string, m *layouts.Model) {
		g, ok := kindGens[k]
		if !ok {
			t.Fatalf("no generator for kind %q: add one to kindGens", k)
		}
		for _, c := range g(m, sol, faithful, rng) {
			try := l
			try.Constraints = append(slices.Clone(l.Constraints), c)
			if _, err := layouts.Compile(&try); err == nil {
				l = try
			}
		}
	}
	for _, k := range kinds {
		if !rules[k] {
			add(k, plain)
		}
	}
	m, err := layouts.Compile(&l)
	if err != nil {
		t.Fatal(err)
	}
	if g, ok := variantGrid(m, rng); ok {
		sol = g.Digits
	}
	for _, k := range kinds {
		if rules[k] {
			add(k, plain)
		}
	}
	if m, err = layouts.Compile(&l); err != nil {
		t.Fatal(err)
	}
	grid := layouts.Grid{Model: m, Digits: sol}
	if layouts.Check(layouts.NewPuzzle(m), grid) != nil {
		if g, ok := variantGrid(m, rng); ok {
			grid = g
		}
	}
	p := layouts.NewPuzzle(m)
	keep := rng.Float64() // few givens only where the reference is quick
	if n > 4 || len(m.GridCells) > 2 {
		keep = 0.3 + 0.6*keep
	}
	for _, c := range rng.Perm(len(p.Givens))[:int(keep*float64(len(p.Givens)))] {
		p.Givens[c] = grid.Digits[c]
	}
	if rng.IntN(6) == 0 {
		p.Givens[rng.IntN(len(p.Givens))] = uint8(1 + rng.IntN(n))
	}
	return p
}

// variantGrid is a filled grid of m, if it has one: gophersat's, from
// an empty puzzle with a random digit given in a random cell (tried a
// few times; gen.Filled's search is slow on some variants with few or
// no grids).
func variantGrid(m *layouts.Model, rng *rand.Rand) (layouts.Grid, bool) {
	ctx := context.Background()
	for try := range 4 {
		p := layouts.NewPuzzle(m)
		if try < 3 {
			p.Givens[rng.IntN(len(p.Givens))] = uint8(1 + rng.IntN(m.N))
		}
		if res, err := sat.Solve(ctx, p, sat.Options{}); err == nil && res.Count == 1 {
			return res.Grid, true
		}
	}
	return layouts.Grid{}, false
}

// stats counts what the random puzzles came to.
type stats struct {
	puzzles, skipped int
	counts           [3]int // puzzles with 0, 1, 2+ grids
}

func (s *stats) String() string {
	return fmt.Sprintf("%d puzzles: %d without a grid, %d with one, %d with more; %d beyond the reference's budget",
		s.puzzles, s.counts[0], s.counts[1], s.counts[2], s.skipped)
}

// compareVariant counts p to 2 with the reference, with gophersat under
// the encodings picked by i, and with backtrack: the counts agree, and
// so do the grids when there is one.
func compareVariant(t *testing.T, p *layouts.Puzzle, i int, st *stats) {
	t.Helper()
	ctx := context.Background()
	st.puzzles++
	want, wantGrid, ok := refCount(p, 2, refBudget)
	if !ok {
		st.skipped++
		return
	}
	st.counts[want]++
	opts := sat.Options{Encoding: encode.AMOs()[i%len(encode.AMOs())], Sum: encode.Sums()[i/len(encode.AMOs())%len(encode.Sums())], Limit: 2}
	got, err := sat.Count(ctx, p, opts)
	if err != nil {
		t.Fatalf("sat.Count (%s, %s): %v\n%s%s", opts.Encoding, opts.Sum, err, p, p.Model.Layout.MarshalFile())
	}
	if got.Count != want || want == 1 && got.Grid.String() != wantGrid.String() {
		t.Fatalf("sat.Count (%s, %s) = %d, the reference counts %d\n%s%s\nsat:\n%s\nreference:\n%s",
			opts.Encoding, opts.Sum, got.Count, want, p, p.Model.Layout.MarshalFile(), got.Grid, wantGrid)
	}
	native, err := backtrack.Count(ctx, p, 2)
	if err != nil {
		t.Fatalf("backtrack.Count: %v\n%s%s", err, p, p.Model.Layout.MarshalFile())
	}
	if native.Count != want || want == 1 && native.Grid.String() != wantGrid.String() {
		t.Fatalf("backtrack.Count = %d, sat.Count and the reference count %d\n%s%s\nbacktrack:\n%s\nreference:\n%s",
			native.Count, want, p, p.Model.Layout.MarshalFile(), native.Grid, wantGrid)
	}
	if want > 0 {
		if err := layouts.Check(p, native.Grid); err != nil {
			t.Fatalf("backtrack grid: %v", err)
		}
	}
}

// TestKinds counts, for each kind of layouts.Kinds, random puzzles with
// constraints of that kind only on small layouts, with the reference,
// gophersat and backtrack.
func TestKinds(t *testing.T) {
	per := 30
	if testing.Short() {
		per = 6
	}
	for ki, k := range layouts.Kinds() {
		t.Run(k.Name, func(t *testing.T) {
			if _, ok := kindGens[k.Name]; !ok {
				t.Fatalf("no generator for kind %q: add one to kindGens", k.Name)
			}
			var st stats
			for li, l := range smallLayouts {
				rng := rand.New(rand.NewPCG(uint64(ki), uint64(li)))
				for i := range per {
					compareVariant(t, variantPuzzle(t, l.name, l.n, []string{k.Name}, rng), i, &st)
				}
			}
			t.Log(&st)
			if st.skipped > st.puzzles/10 {
				t.Errorf("%v: too many skipped", &st)
			}
		})
	}
}

// TestRandomVariants counts random puzzles with constraints of one to
// four random kinds on small layouts, with the reference, gophersat
// and backtrack.
func TestRandomVariants(t *testing.T) {
	count := 200
	if testing.Short() {
		count = 30
	}
	var names []string
	for _, k := range layouts.Kinds() {
		names = append(names, k.Name)
	}
	for li, l := range smallLayouts {
		t.Run(fmt.Sprintf("%s/%d", l.name, l.n), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(7, uint64(li)))
			var st stats
			for i := range count {
				kinds := make([]string, 1+rng.IntN(4))
				for j := range kinds {
					kinds[j] = names[rng.IntN(len(names))]
				}
				compareVariant(t, variantPuzzle(t, l.name, l.n, kinds, rng), i, &st)
			}
			t.Log(&st)
			if st.skipped > st.puzzles/10 {
				t.Errorf("%v: too many skipped", &st)
			}
		})
	}
}

// FuzzVariants: random variant puzzles on small layouts, from the
// fuzzer's seed; the reference, gophersat and backtrack agree.
func FuzzVariants(f *testing.F) {
	f.Add(uint64(1), uint8(0), uint8(0))
	f.Add(uint64(2), uint8(1), uint8(3))
	f.Add(uint64(3), uint8(3), uint8(200))
	kinds := layouts.Kinds()
	f.Fuzz(func(t *testing.T, seed uint64, layout, mix uint8) {
		l := smallLayouts[int(layout)%len(smallLayouts)]
		rng := rand.New(rand.NewPCG(seed, uint64(mix)))
		names := []string{kinds[int(mix)%len(kinds)].Name}
		for range int(mix) / len(kinds) % 4 {
			names = append(names, kinds[rng.IntN(len(kinds))].Name)
		}
		compareVariant(t, variantPuzzle(t, l.name, l.n, names, rng), int(seed%8), &stats{})
	})
}

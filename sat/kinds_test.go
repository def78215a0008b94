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
// random variant constraints of every kind (gen.Random): testkit.RefCount,
// a plain backtracking counter that only keeps digits apart in units and
// asks layouts.Check about each full grid. backtrack's count must agree
// too.

// refBudget bounds testkit.RefCount's leaves per puzzle; a puzzle beyond it is
// skipped (and counted, so that a test notices if most are).
const refBudget = 200_000

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
		cs, ok := gen.Random(k, m, sol, faithful, rng)
		if !ok {
			t.Fatalf("no generator for kind %q: add one to internal/gen/kinds.go", k)
		}
		for _, c := range cs {
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
	want, wantGrid, ok := testkit.RefCount(p, 2, refBudget)
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
			if !gen.HasRandom(k.Name) {
				t.Fatalf("no generator for kind %q: add one to internal/gen/kinds.go", k.Name)
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

// TestArrowNumbers: arrows whose circle of two cells reads as a number
// (10a+b) on a 9x9, read off a filled grid, with half its digits given:
// the reference, gophersat and backtrack agree, and every grid passes
// Check. The random kinds above rarely make such circles on their small
// grids.
func TestArrowNumbers(t *testing.T) {
	plain := testkit.Model(t, "classic", 9)
	rng := rand.New(rand.NewPCG(9, 9))
	var st stats
	arrows := 0
	for i := range 12 {
		sol := gen.Filled(plain, rng).Digits
		l := *plain.Layout
		for range 200 {
			circle := gen.Walk(plain, rng, 2, gen.Orthogonal, func([]int, int) bool { return true })
			if len(circle) < 2 {
				continue
			}
			v := 10*int(sol[circle[0]]) + int(sol[circle[1]])
			line := gen.WalkFrom(plain, rng, circle[1], 2+rng.IntN(8), gen.King, func(_ []int, o int) bool { return !slices.Contains(circle, o) })[1:]
			sum := 0
			for _, c := range line {
				sum += int(sol[c])
			}
			if sum != v && (i%3 != 0 || rng.IntN(4) != 0) { // now and then one that does not hold
				continue
			}
			c := layouts.Constraint{Kind: "arrow", Cells: gen.Positions(plain, circle), Lines: [][]layouts.Pos{gen.Positions(plain, line)}}
			try := l
			try.Constraints = append(slices.Clone(l.Constraints), c)
			if _, err := layouts.Compile(&try); err == nil && len(l.Constraints) < 4 {
				l = try
			}
		}
		m, err := layouts.Compile(&l)
		if err != nil {
			t.Fatal(err)
		}
		arrows += len(m.Rules)
		p := layouts.NewPuzzle(m)
		for _, c := range rng.Perm(len(p.Givens))[:45] {
			p.Givens[c] = sol[c]
		}
		compareVariant(t, p, i, &st)
	}
	t.Logf("%v; %d arrows", &st, arrows)
	if st.skipped > 0 || arrows < 24 || st.counts[1]+st.counts[2] == 0 {
		t.Errorf("%v, %d arrows: want none skipped, 24 arrows or more, some with a grid", &st, arrows)
	}
}

// TestKindsLayoutFile: for each kind, random puzzles on the multi-grid
// layouts written as layout files and read back (cells as canvas
// positions): the same rules, and the reference, gophersat and
// backtrack agree on the puzzle read back.
func TestKindsLayoutFile(t *testing.T) {
	for ki, k := range layouts.Kinds() {
		t.Run(k.Name, func(t *testing.T) {
			var st stats
			for li, l := range smallLayouts[2:] { // twodoku and samurai
				rng := rand.New(rand.NewPCG(uint64(ki), uint64(li)+50))
				for i := range 3 {
					p := variantPuzzle(t, l.name, l.n, []string{k.Name}, rng)
					file := p.Model.Layout.MarshalFile()
					back, err := layouts.ParseLayoutFile("kinds.json", file)
					if err != nil {
						t.Fatalf("%v\n%s", err, file)
					}
					m, err := layouts.Compile(back)
					if err != nil {
						t.Fatal(err)
					}
					if len(m.Rules) != len(p.Model.Rules) || len(m.Units) != len(p.Model.Units) {
						t.Fatalf("read back: %d rules, %d units; written %d, %d\n%s", len(m.Rules), len(m.Units), len(p.Model.Rules), len(p.Model.Units), file)
					}
					compareVariant(t, &layouts.Puzzle{Model: m, Givens: p.Givens}, i, &st)
				}
			}
			if st.skipped > 0 {
				t.Errorf("%v", &st)
			}
		})
	}
}

package sat_test

import (
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"gattai/internal/gen"
	"gattai/internal/testkit"
	"gattai/layouts"
	"gattai/sat"
)

var update = flag.Bool("update", false, "rewrite the generated puzzles in testdata")

// big are the generated puzzles of the external and timing tests and of
// the encoding figures: count classic grids of n symbols with about keep
// of their cells given and exactly one solution, the i-th made from
// seed+i. The tests use the first of each file.
var big = []struct {
	file  string
	n     int
	keep  float64
	seed  uint64
	count int
}{
	{"classic16.txt", 16, 0.40, 16, 4},
	{"classic25.txt", 25, 0.40, 25, 4},
}

// TestGenerate rewrites testdata/classic16.txt and classic25.txt with
// -update: a random permutation as the first row, the rest filled by
// gophersat, then givens taken away in random order, each only if the
// puzzle stays unique, down to the keep fraction. Deterministic for the
// seed, this encoding and this gophersat. Slow: about 15 minutes.
func TestGenerate(t *testing.T) {
	if !*update {
		t.Skip("go test -run '^TestGenerate$' -update rewrites the generated puzzles")
	}
	for _, b := range big {
		var text []byte
		for i := range b.count {
			p := generate(t, b.n, b.keep, b.seed+uint64(i))
			t.Logf("%s: puzzle %d: %d of %d cells given", b.file, i+1, p.Clues(), len(p.Givens))
			if i > 0 {
				text = append(text, '\n')
			}
			text = append(text, p.String()...)
		}
		if err := os.WriteFile(filepath.Join("testdata", b.file), text, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func generate(t *testing.T, n int, keep float64, seed uint64) *layouts.Puzzle {
	t.Helper()
	ctx := context.Background()
	m := testkit.Model(t, "classic", n)
	rng := rand.New(rand.NewPCG(seed, 0))
	p := layouts.NewPuzzle(m)
	for c, d := range rng.Perm(n) {
		p.Givens[c] = uint8(d + 1)
	}
	res, err := sat.Solve(ctx, p, sat.Options{})
	if err != nil || res.Count != 1 {
		t.Fatalf("filling: %d grids, %v", res.Count, err)
	}
	p = res.Grid.Puzzle()
	want := int(keep * float64(len(m.Cells)))
	for _, c := range rng.Perm(len(m.Cells)) {
		if p.Clues() <= want {
			break
		}
		d := p.Givens[c]
		p.Givens[c] = 0
		res, err := sat.Count(ctx, p, sat.Options{Limit: 2})
		if err != nil {
			t.Fatal(err)
		}
		if res.Count != 1 {
			p.Givens[c] = d
		}
	}
	return p
}

// killers are the killer puzzles of the sum encoding figures, in
// testdata/killers: NAME-I.json (the layout with its cages) and
// NAME-I.txt (the canvas puzzle), count of each, made from seed+i. A
// random filled grid cut into cages of lo to hi cells (gen.Cages) with
// no givens; if that has more than one grid, givens of the filled grid
// are added at random until it has one, then taken away in random
// order while it keeps one.
var killers = []struct {
	name   string
	layout string
	lo, hi int
	count  int
	seed   uint64
}{
	{"classic", "classic", 2, 5, 6, 90},
	{"small", "classic", 2, 3, 6, 80},
	{"samurai", "samurai", 2, 5, 2, 95},
}

// TestGenerateKillers rewrites testdata/killers with -update.
func TestGenerateKillers(t *testing.T) {
	if !*update {
		t.Skip("go test -run GenerateKillers -update rewrites the killer puzzles")
	}
	ctx := context.Background()
	dir := filepath.Join("testdata", "killers")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, k := range killers {
		for i := range k.count {
			rng := rand.New(rand.NewPCG(k.seed+uint64(i), 0))
			plain := testkit.Model(t, k.layout, 9)
			sol := gen.Filled(plain, rng).Digits
			l := *plain.Layout
			l.Name = fmt.Sprintf("killer-%s-%d", k.name, i+1)
			l.Constraints = gen.Cages(plain, sol, rng, k.lo, k.hi)
			m, err := layouts.Compile(&l)
			if err != nil {
				t.Fatal(err)
			}
			p := layouts.NewPuzzle(m)
			unique := func() bool {
				res, err := sat.Count(ctx, p, sat.Options{Limit: 2})
				if err != nil {
					t.Fatal(err)
				}
				return res.Count == 1
			}
			for _, c := range rng.Perm(len(p.Givens)) {
				if unique() {
					break
				}
				p.Givens[c] = sol[c]
			}
			for _, c := range rng.Perm(len(p.Givens)) {
				if d := p.Givens[c]; d != 0 {
					if p.Givens[c] = 0; !unique() {
						p.Givens[c] = d
					}
				}
			}
			base := filepath.Join(dir, l.Name)
			if err := os.WriteFile(base+".json", l.MarshalFile(), 0o644); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(base+".txt", []byte(p.String()), 0o644); err != nil {
				t.Fatal(err)
			}
			t.Logf("%s: %d cages, %d givens", l.Name, len(l.Constraints), p.Clues())
		}
	}
}

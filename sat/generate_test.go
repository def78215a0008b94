package sat_test

import (
	"context"
	"flag"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

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
		t.Skip("go test -run Generate -update rewrites the generated puzzles")
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
	m := model(t, "classic", n)
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

// Command gendata makes the generated data sets that tests and
// benchmarks read, deterministic for their seeds. Tests never make data:
// they read what this program wrote and committed.
//
//	go run ./internal/cmd/gendata -set bench     # testdata/bench, a minute
//	go run ./internal/cmd/gendata -set killers   # sat/testdata/killers, a minute
//	go run ./internal/cmd/gendata -set big       # sat/testdata/classic16.txt and classic25.txt, about 15 minutes
//	go run ./internal/cmd/gendata -set variants  # testdata/variants: a puzzle per kind, seconds
//
// or go generate ./internal/cmd/gendata for all of them. A change to the
// native solver (whose search internal/gen uses) or to gophersat may
// change what is made: compare before committing.
package main

//go:generate go run . -set bench
//go:generate go run . -set killers
//go:generate go run . -set big
//go:generate go run . -set variants

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"

	"gattai/internal/gen"
	"gattai/layouts"
	"gattai/sat"
)

func main() {
	set := flag.String("set", "", "the sets to make: bench, killers, big or variants")
	flag.Parse()
	makers := map[string]func(root string) error{"bench": benchSets, "killers": killers, "big": big, "variants": variants}
	do := makers[*set]
	if do == nil {
		fmt.Fprintln(os.Stderr, "gendata: -set bench, killers, big or variants")
		os.Exit(2)
	}
	root, err := moduleRoot()
	if err == nil {
		err = do(root)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "gendata:", err)
		os.Exit(1)
	}
}

// moduleRoot is the folder of go.mod, at or above the working directory.
func moduleRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		up := filepath.Dir(dir)
		if up == dir {
			return "", errors.New("no go.mod at or above the working directory")
		}
		dir = up
	}
}

func model(name string, n int) (*layouts.Model, error) {
	l, err := layouts.Builtin(name, n, layouts.Shape{})
	if err != nil {
		return nil, err
	}
	return layouts.Compile(l)
}

// A benchSet is a generated file of backtrack's BenchmarkCount, in
// testdata/bench: count puzzles on one built-in layout, each made by
// make from one random source seeded 2026 and n.
type benchSet struct {
	name   string
	layout string
	n      int
	count  int
	about  string
	make   func(*layouts.Model, *rand.Rand) *layouts.Puzzle
	format layouts.Format
}

func unique(m *layouts.Model, rng *rand.Rand) *layouts.Puzzle { return gen.Unique(m, rng) }

// uniqueAt stops gen.UniqueMin at a fraction of the cells.
func uniqueAt(frac float64) func(*layouts.Model, *rand.Rand) *layouts.Puzzle {
	return func(m *layouts.Model, rng *rand.Rand) *layouts.Puzzle {
		return gen.UniqueMin(m, rng, int(frac*float64(len(m.Cells))))
	}
}

func keep(frac float64) func(*layouts.Model, *rand.Rand) *layouts.Puzzle {
	return func(m *layouts.Model, rng *rand.Rand) *layouts.Puzzle { return gen.Puzzle(m, rng, frac) }
}

var bench = []benchSet{
	// The 9x9 peer of samurai-unique, made the same way, in lines so that
	// tdoku's driver reads it too: BENCHMARKS.md's tdoku-equivalents.
	{"classic9-unique", "classic", 9, 1000, "gen.Unique: minimal", unique, layouts.FormatLine},
	{"samurai-unique", "samurai", 9, 200, "gen.Unique: minimal", unique, layouts.FormatCanvas},
	{"sumo-unique", "sumo", 9, 10, "gen.Unique: minimal", unique, layouts.FormatCanvas},
	{"shogun-unique", "shogun", 9, 20, "gen.Unique: minimal", unique, layouts.FormatCanvas},
	{"classic16-unique", "classic", 16, 20, "gen.Unique: minimal", unique, layouts.FormatCanvas},
	{"classic16-keep45", "classic", 16, 20, "gen.Puzzle keeping 45% of a grid", keep(0.45), layouts.FormatCanvas},
	{"classic16-keep40", "classic", 16, 20, "gen.Puzzle keeping 40% of a grid", keep(0.40), layouts.FormatCanvas},
	{"classic25-unique50", "classic", 25, 10, "gen.UniqueMin down to 50% of the cells", uniqueAt(0.50), layouts.FormatCanvas},
	{"classic25-keep45", "classic", 25, 10, "gen.Puzzle keeping 45% of a grid", keep(0.45), layouts.FormatCanvas},
	{"classic25-keep40", "classic", 25, 10, "gen.Puzzle keeping 40% of a grid", keep(0.40), layouts.FormatCanvas},
}

// benchSets writes testdata/bench/NAME.txt for each generated set.
func benchSets(root string) error {
	for _, set := range bench {
		m, err := model(set.layout, set.n)
		if err != nil {
			return err
		}
		var b bytes.Buffer
		format := set.format
		fmt.Fprintf(&b, "# %d puzzles on %s %dx%d, %s, seed 2026\n", set.count, set.layout, set.n, set.n, set.about)
		rng := rand.New(rand.NewPCG(2026, uint64(set.n)))
		for i := range set.count {
			if i > 0 {
				b.WriteString(format.Separator())
			}
			p := set.make(m, rng)
			p.Source.Format = format
			if err := layouts.WritePuzzle(&b, p); err != nil {
				return err
			}
		}
		if err := write(filepath.Join(root, "testdata", "bench", set.name+".txt"), b.Bytes()); err != nil {
			return err
		}
	}
	return nil
}

// The big puzzles of sat's external and timing tests and of the encoding
// figures: count classic grids of n symbols with about keep of their
// cells given and exactly one solution, the i-th made from seed+i.
var bigSets = []struct {
	file  string
	n     int
	keep  float64
	seed  uint64
	count int
}{
	{"classic16.txt", 16, 0.40, 16, 4},
	{"classic25.txt", 25, 0.40, 25, 4},
}

// big writes sat/testdata/classic16.txt and classic25.txt: a random
// permutation as the first row, the rest filled by gophersat, then givens
// taken away in random order, each only if the puzzle stays unique, down
// to the keep fraction. Deterministic for the seed, the encoding and
// gophersat. Slow: about 15 minutes.
func big(root string) error {
	ctx := context.Background()
	for _, b := range bigSets {
		var text []byte
		m, err := model("classic", b.n)
		if err != nil {
			return err
		}
		for i := range b.count {
			rng := rand.New(rand.NewPCG(b.seed+uint64(i), 0))
			p := layouts.NewPuzzle(m)
			for c, d := range rng.Perm(b.n) {
				p.Givens[c] = uint8(d + 1)
			}
			res, err := sat.Solve(ctx, p, sat.Options{})
			if err != nil || res.Count != 1 {
				return fmt.Errorf("%s: filling: %d grids, %v", b.file, res.Count, err)
			}
			p = res.Grid.Puzzle()
			want := int(b.keep * float64(len(m.Cells)))
			for _, c := range rng.Perm(len(m.Cells)) {
				if p.Clues() <= want {
					break
				}
				d := p.Givens[c]
				p.Givens[c] = 0
				res, err := sat.Count(ctx, p, sat.Options{Limit: 2})
				if err != nil {
					return err
				}
				if res.Count != 1 {
					p.Givens[c] = d
				}
			}
			fmt.Fprintf(os.Stderr, "%s: puzzle %d: %d of %d cells given\n", b.file, i+1, p.Clues(), len(p.Givens))
			if i > 0 {
				text = append(text, '\n')
			}
			text = append(text, p.String()...)
		}
		if err := write(filepath.Join(root, "sat", "testdata", b.file), text); err != nil {
			return err
		}
	}
	return nil
}

// The killer puzzles of the sum encoding figures, in sat/testdata/killers:
// NAME-I.json (the layout with its cages) and NAME-I.txt (the canvas
// puzzle), count of each, made from seed+i. A random filled grid cut into
// cages of lo to hi cells (gen.Cages) with no givens; if that has more
// than one grid, givens of the filled grid are added at random until it
// has one, then taken away in random order while it keeps one.
var killerSets = []struct {
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

func killers(root string) error {
	ctx := context.Background()
	dir := filepath.Join(root, "sat", "testdata", "killers")
	for _, k := range killerSets {
		plain, err := model(k.layout, 9)
		if err != nil {
			return err
		}
		for i := range k.count {
			rng := rand.New(rand.NewPCG(k.seed+uint64(i), 0))
			sol := gen.Filled(plain, rng).Digits
			l := *plain.Layout
			l.Name = fmt.Sprintf("killer-%s-%d", k.name, i+1)
			l.Constraints = gen.Cages(plain, sol, rng, k.lo, k.hi)
			m, err := layouts.Compile(&l)
			if err != nil {
				return err
			}
			p := layouts.NewPuzzle(m)
			var failed error
			unique := func() bool {
				res, err := sat.Count(ctx, p, sat.Options{Limit: 2})
				if err != nil {
					failed = err
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
			if failed != nil {
				return failed
			}
			base := filepath.Join(dir, l.Name)
			if err := write(base+".json", l.MarshalFile()); err != nil {
				return err
			}
			if err := write(base+".txt", []byte(p.String())); err != nil {
				return err
			}
			fmt.Fprintf(os.Stderr, "%s: %d cages, %d givens\n", l.Name, len(l.Constraints), p.Clues())
		}
	}
	return nil
}

func write(path string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return os.WriteFile(path, data, 0o644)
}

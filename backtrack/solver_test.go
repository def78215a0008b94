package backtrack_test

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"sync/atomic"
	"testing"
	"time"

	"gattai/backtrack"
	"gattai/internal/gen"
	"gattai/internal/testkit"
	"gattai/layouts"
)

// sizes are the grid sizes every built-in layout is tested at; 6 has
// 2x3 boxes.
var sizes = []int{4, 6, 9}

// count runs s.Count with no deadline and fails on an error.
func count(t testing.TB, s *backtrack.Solver, p *layouts.Puzzle, limit int) backtrack.Result {
	t.Helper()
	r, err := s.Count(context.Background(), p, limit)
	if err != nil {
		t.Fatalf("count: %v", err)
	}
	return r
}

// checkCount asserts the count of p to limit, and that a reported
// solution passes layouts.Check.
func checkCount(t testing.TB, s *backtrack.Solver, p *layouts.Puzzle, limit, want int) backtrack.Result {
	t.Helper()
	r := count(t, s, p, limit)
	if r.Count != want {
		t.Fatalf("count to %d = %d, want %d\n%s", limit, r.Count, want, p)
	}
	if r.Count > 0 {
		if err := layouts.Check(p, r.Grid); err != nil {
			t.Fatalf("solution fails check: %v\n%s", err, r.Grid)
		}
	} else if r.Grid.Digits != nil {
		t.Fatalf("count 0 with a grid")
	}
	return r
}

// TestBuiltins runs every built-in layout at every size on generated
// puzzles: unique, ambiguous, empty and contradictory.
func TestBuiltins(t *testing.T) {
	for _, b := range layouts.Builtins() {
		for _, n := range sizes {
			t.Run(fmt.Sprintf("%s/%d", b.Name, n), func(t *testing.T) {
				m := testkit.Model(t, b.Name, n)
				s := backtrack.New(m)
				seeds := uint64(3)
				if testing.Short() || len(m.Cells) > 500 {
					seeds = 1 // gen.Unique counts once per cell
				}
				for seed := range seeds {
					want := gen.Filled(m, rand.New(rand.NewPCG(seed, 1)))
					p := gen.Unique(m, rand.New(rand.NewPCG(seed, 1)))

					r := checkCount(t, s, p, 2, 1)
					if !slices.Equal(r.Grid.Digits, want.Digits) {
						t.Fatalf("seed %d: solution differs from the filled grid", seed)
					}
					if r := checkCount(t, s, p, 1, 1); !slices.Equal(r.Grid.Digits, want.Digits) {
						t.Fatalf("seed %d: solution to limit 1 differs", seed)
					}

					// Unique leaves no given that can go: removing any
					// one makes the puzzle ambiguous.
					q := clone(p)
					c := slices.IndexFunc(q.Givens, func(d uint8) bool { return d != 0 })
					q.Givens[c] = 0
					checkCount(t, s, q, 2, 2)
					checkCount(t, s, q, 1, 1)

					// An empty cell given a digit other than the
					// solution's: no solution.
					q = clone(p)
					c = slices.IndexFunc(q.Givens, func(d uint8) bool { return d == 0 })
					q.Givens[c] = want.Digits[c]%uint8(n) + 1
					checkCount(t, s, q, 2, 0)
				}
				empty := layouts.NewPuzzle(m)
				checkCount(t, s, empty, 2, 2)
				checkCount(t, s, empty, 5, 5)

				// Two peers given the same digit.
				bad := layouts.NewPuzzle(m)
				bad.Givens[0], bad.Givens[m.Peers[0][len(m.Peers[0])-1]] = 1, 1
				checkCount(t, s, bad, 2, 0)
			})
		}
	}
}

func clone(p *layouts.Puzzle) *layouts.Puzzle {
	q := *p
	q.Givens = slices.Clone(p.Givens)
	return &q
}

// TestExamples solves the shipped example of every built-in layout:
// the solution is the shipped one, and removing a given makes it
// ambiguous.
func TestExamples(t *testing.T) {
	for _, b := range layouts.Builtins() {
		t.Run(b.Name, func(t *testing.T) {
			m := testkit.Model(t, b.Name, 9)
			p := testkit.ReadPuzzle(t, "../testdata/examples/"+b.Name+".txt", m)
			want := testkit.ReadPuzzle(t, "../testdata/examples/"+b.Name+".solution.txt", m)
			s := backtrack.New(m)
			r := checkCount(t, s, p, 2, 1)
			if !slices.Equal(r.Grid.Digits, want.Givens) {
				t.Fatalf("solution:\n%s\nwant:\n%s", r.Grid, want)
			}
			q := clone(p)
			for c, d := range p.Givens {
				if d == 0 {
					continue
				}
				q.Givens[c] = 0
				if count(t, s, q, 2).Count == 2 {
					checkCount(t, s, q, 2, 2)
					return
				}
				q.Givens[c] = d
			}
			t.Fatal("no given whose removal makes the puzzle ambiguous")
		})
	}
}

// TestSeeds solves the seed samurai puzzles.
func TestSeeds(t *testing.T) {
	m := testkit.Model(t, "samurai", 9)
	s := backtrack.New(m)
	for _, name := range []string{"samurai-problem1", "samurai-problem2"} {
		t.Run(name, func(t *testing.T) {
			p := testkit.ReadPuzzle(t, "../testdata/seeds/"+name+".txt", m)
			r := checkCount(t, s, p, 2, 1)
			if r2 := checkCount(t, backtrack.New(m), p, 1, 1); !slices.Equal(r.Grid.Digits, r2.Grid.Digits) {
				t.Fatal("a fresh solver found another solution")
			}
		})
	}
}

// TestSharedCopies checks that testdata holds the same puzzles as
// shared/, where that is present.
func TestSharedCopies(t *testing.T) {
	shared := testkit.SharedDir(t, "..")
	for _, dir := range []string{"examples", "seeds"} {
		local, err := filepath.Glob(filepath.Join("..", "testdata", dir, "*.txt"))
		if err != nil || len(local) == 0 {
			t.Fatalf("no testdata/%s: %v", dir, err)
		}
		for _, path := range local {
			want, err := os.ReadFile(filepath.Join(shared, dir, filepath.Base(path)))
			if errors.Is(err, os.ErrNotExist) {
				continue
			}
			if err != nil {
				t.Fatal(err)
			}
			got, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != string(want) {
				t.Errorf("%s differs from shared/%s/%s", path, dir, filepath.Base(path))
			}
		}
	}
}

// TestCancel counts the solutions of empty grids with no limit to speak
// of, on each path (the general engine, backtrack/nine's 9x9 and its
// linked grids): the search must stop soon after the context is done.
func TestCancel(t *testing.T) {
	for _, tc := range []struct {
		layout string
		size   int
	}{{"classic", 25}, {"classic", 9}, {"samurai", 9}} {
		t.Run(fmt.Sprint(tc.layout, tc.size), func(t *testing.T) {
			m := testkit.Model(t, tc.layout, tc.size)
			p := layouts.NewPuzzle(m)
			s := backtrack.New(m)

			ctx, cancel := context.WithCancel(context.Background())
			cancel()
			if _, err := s.Count(ctx, p, math.MaxInt); !errors.Is(err, context.Canceled) {
				t.Fatalf("cancelled before: err = %v", err)
			}

			// A deadline long enough for a first solution, which a busy
			// machine may not find in the first 500ms.
			for deadline := 500 * time.Millisecond; ; deadline *= 2 {
				ctx, cancel := context.WithTimeout(context.Background(), deadline)
				start := time.Now()
				r, err := s.Count(ctx, p, math.MaxInt)
				cancel()
				if !errors.Is(err, context.DeadlineExceeded) {
					t.Fatalf("err = %v", err)
				}
				if d := time.Since(start); d > deadline+2500*time.Millisecond {
					t.Fatalf("took %v after a %v deadline", d, deadline)
				}
				if r.Count > 0 {
					if err := layouts.Check(p, r.Grid); err != nil {
						t.Fatalf("the first solution found before the deadline: %v", err)
					}
					break
				}
				if deadline >= 8*time.Second {
					t.Fatalf("no first solution before a deadline of %v", deadline)
				}
			}

			// The solver is still good afterwards.
			checkCount(t, s, p, 3, 3)
		})
	}
}

// TestProgress: Progress follows the search, from another goroutine
// (run with -race), ends within a context check of the node count, and
// starts again at 0 with the next puzzle.
func TestProgress(t *testing.T) {
	m := testkit.Model(t, "classic", 25)
	ps := testkit.ReadPuzzles(t, "../testdata/bench/classic25-keep40.txt", m)
	s := backtrack.New(m)
	var progress atomic.Int64
	s.Progress = &progress
	for i, p := range ps[:8] {
		// The last puzzle's count stays until Count resets it: the
		// watcher starts at 0, or it could see that count first.
		progress.Store(0)
		done := make(chan struct{})
		seen := make(chan int64, 1)
		go func() {
			var most int64
			for {
				select {
				case <-done:
					seen <- most
					return
				default:
				}
				if n := progress.Load(); n > most {
					most = n
				}
				time.Sleep(50 * time.Microsecond)
			}
		}()
		r := count(t, s, p, 2)
		close(done)
		most := <-seen
		// 25x25: a look at the context every 26 nodes.
		if n := progress.Load(); n > r.Nodes || n <= r.Nodes-26 || most > r.Nodes {
			t.Errorf("puzzle %d: progress %d (at most %d seen while searching), nodes %d", i+1, n, most, r.Nodes)
		}
	}
	progress.Store(1 << 40) // a stale count: the next Count resets it
	if r := count(t, s, ps[0], 2); progress.Load() > r.Nodes {
		t.Errorf("after a stale count: progress %d, nodes %d", progress.Load(), r.Nodes)
	}
}

// TestMaxNodes: a search that would take more nodes than MaxNodes stops
// at the same node each time with ErrNodes, and the bound off, the
// same solver answers the puzzle in full.
func TestMaxNodes(t *testing.T) {
	m := testkit.Model(t, "classic", 25)
	ps := testkit.ReadPuzzles(t, "../testdata/bench/classic25-keep40.txt", m)
	s := backtrack.New(m)
	p := ps[0]
	full := count(t, s, p, 2)
	if full.Nodes < 20 {
		t.Fatalf("puzzle 1 takes %d nodes: too few to bound", full.Nodes)
	}
	s.MaxNodes = full.Nodes / 2
	for range 2 {
		r, err := s.Count(context.Background(), p, 2)
		if !errors.Is(err, backtrack.ErrNodes) || r.Nodes != s.MaxNodes+1 {
			t.Fatalf("bound %d: %d nodes, %v; want ErrNodes at %d", s.MaxNodes, r.Nodes, err, s.MaxNodes+1)
		}
	}
	s.MaxNodes = full.Nodes
	if r := count(t, s, p, 2); r.Count != full.Count || r.Nodes != full.Nodes {
		t.Fatalf("bound at its nodes: %d solutions in %d nodes, want %d in %d", r.Count, r.Nodes, full.Count, full.Nodes)
	}
}

// TestReuse: a solver reused across puzzles answers as a fresh one, and
// costs one allocation per call, the result grid.
func TestReuse(t *testing.T) {
	m := testkit.Model(t, "samurai", 9)
	s := backtrack.New(m)
	rng := rand.New(rand.NewPCG(7, 7))
	for i := range 20 {
		p := gen.Puzzle(m, rng, 0.3+0.02*float64(i))
		got := count(t, s, p, 3)
		want := count(t, backtrack.New(m), p, 3)
		if got.Count != want.Count || !slices.Equal(got.Grid.Digits, want.Grid.Digits) || got.Nodes != want.Nodes {
			t.Fatalf("puzzle %d: reused solver: count %d nodes %d, fresh: count %d nodes %d",
				i, got.Count, got.Nodes, want.Count, want.Nodes)
		}
	}
	p := testkit.ReadPuzzle(t, "../testdata/seeds/samurai-problem1.txt", m)
	if a := testing.AllocsPerRun(10, func() { count(t, s, p, 2) }); a > 1 {
		t.Errorf("%v allocations per call, want at most 1", a)
	}
}

// TestConvenience: the package functions agree with a Solver.
func TestConvenience(t *testing.T) {
	m := testkit.Model(t, "twodoku", 9)
	p := gen.Puzzle(m, rand.New(rand.NewPCG(3, 3)), 0.25)
	ctx := context.Background()
	r1, err1 := backtrack.Solve(ctx, p)
	r2, err2 := backtrack.Count(ctx, p, 0)
	r3, err3 := backtrack.Count(ctx, p, 4)
	if err := errors.Join(err1, err2, err3); err != nil {
		t.Fatal(err)
	}
	if r1.Count != 1 || r2.Count != 1 || r3.Count < 2 || !slices.Equal(r1.Grid.Digits, r2.Grid.Digits) || !slices.Equal(r1.Grid.Digits, r3.Grid.Digits) {
		t.Fatalf("Solve %d, Count to 0 %d, Count to 4 %d, or their grids differ", r1.Count, r2.Count, r3.Count)
	}
}

// TestBadGivens: a given that is no digit of the layout, givens of the
// wrong length or a puzzle of another model are bad input
// (layouts.ErrPuzzle), as in every engine: no panic, no count of 0.
func TestBadGivens(t *testing.T) {
	m := testkit.Model(t, "classic", 4)
	s := backtrack.New(m)
	var bad []*layouts.Puzzle
	for _, d := range []uint8{5, 9, 255} {
		p := layouts.NewPuzzle(m)
		p.Givens[3] = d
		bad = append(bad, p)
	}
	bad = append(bad, &layouts.Puzzle{Model: m, Givens: make([]uint8, 15)},
		layouts.NewPuzzle(testkit.Model(t, "classic", 9)))
	for _, p := range bad {
		r, err := s.Count(context.Background(), p, 2)
		if !errors.Is(err, layouts.ErrPuzzle) || r.Count != 0 {
			t.Errorf("%d givens %v: count %d, err %v; want ErrPuzzle", len(p.Givens), p.Givens[:4], r.Count, err)
		}
	}
}

// TestNotClassic: a 9x9 jigsaw has 27 units like a classic grid, but
// its pieces are no boxes: backtrack/nine must not take it.
func TestNotClassic(t *testing.T) {
	l := layouts.Classic(9, layouts.Shape{Rows: 3, Cols: 3})
	l.Constraints = []layouts.Constraint{{Kind: "jigsaw", Pieces: []string{
		"AAAACCBBB", "ACCCCCBBB", "ACDCFFBHB", "AADFFFFHB", "DADDFFFHH",
		"DDDIIIHHH", "DGIIIHHEE", "GGGGIIEEE", "GGGGIEEEE"}}}
	m, err := layouts.Compile(l)
	if err != nil {
		t.Fatal(err)
	}
	checkCount(t, backtrack.New(m), layouts.NewPuzzle(m), 3, 3)
}

// TestWeightsRescaled: a search long enough to rescale the failure
// weights once left cells of weight 0, which pick never chose, and
// search branched on cell -1. A 16x16 samurai found by the generator.
func TestWeightsRescaled(t *testing.T) {
	m := testkit.Model(t, "samurai", 16)
	p := testkit.ReadPuzzle(t, "testdata/samurai16-weights.txt", m)
	r, err := backtrack.Count(context.Background(), p, 2)
	if err != nil || r.Count != 2 {
		t.Fatalf("count %d, %v; want 2", r.Count, err)
	}
	if err := layouts.Check(p, r.Grid); err != nil {
		t.Fatal(err)
	}
}

// TestReuseRoom: a solution goes into the slice handed to Reuse when it
// fits, on each path (nine's 9x9, the linked boards, the general
// engine), and only into that one: the next Count, without Reuse, writes
// into new memory, leaving the last answer as it was.
func TestReuseRoom(t *testing.T) {
	for _, c := range []struct {
		layout string
		n      int
		file   string
	}{
		{"classic", 9, "../testdata/bench/classic9-unique.txt"},
		{"samurai", 9, "../testdata/seeds/samurai-problem1.txt"},
		{"classic", 16, "../testdata/bench/classic16-unique.txt"},
	} {
		m := testkit.Model(t, c.layout, c.n)
		p := testkit.ReadPuzzles(t, c.file, m)[0]
		want := count(t, backtrack.New(m), p, 2)
		s := backtrack.New(m)
		room := make([]uint8, len(m.Cells)+3)
		for i := range room {
			room[i] = 0xff
		}
		s.Reuse(room)
		got := count(t, s, p, 2)
		if !slices.Equal(got.Grid.Digits, want.Grid.Digits) || &got.Grid.Digits[0] != &room[0] {
			t.Fatalf("%s %d: with room, not its answer or not in the room", c.layout, c.n)
		}
		again := count(t, s, p, 2)
		if &again.Grid.Digits[0] == &room[0] || !slices.Equal(got.Grid.Digits, want.Grid.Digits) {
			t.Fatalf("%s %d: the next Count wrote into the last one's room", c.layout, c.n)
		}
		small := make([]uint8, len(m.Cells)-1)
		s.Reuse(small)
		if r := count(t, s, p, 2); &r.Grid.Digits[0] == &small[:1][0] || !slices.Equal(r.Grid.Digits, want.Grid.Digits) {
			t.Fatalf("%s %d: a room too small was written into", c.layout, c.n)
		}
		if a := testing.AllocsPerRun(5, func() { s.Reuse(got.Grid.Digits); got = count(t, s, p, 2) }); a != 0 {
			t.Errorf("%s %d: %v allocations a call with room, want 0", c.layout, c.n, a)
		}
	}
}

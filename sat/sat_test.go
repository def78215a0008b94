package sat_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"gattai/encode"
	"gattai/internal/testkit"
	"gattai/layouts"
	"gattai/sat"
)

// countCases are 4x4 puzzles and their counts, for every engine.
var countCases = []struct {
	name   string
	givens string // row by row
	limit  int
	want   int
}{
	{"all 288 grids of an empty 4x4", "................", 1000, 288},
	{"up to the limit", "................", 10, 10},
	{"limit 0 means 1", "................", 0, 1},
	{"unique", ".2.43.1....34.2.", 2, 1},
	{"every cell given", "1234341221434321", 2, 1},
	{"two grids", "1.....1..1.34...", 5, 2},
	{"digit given twice", "11..............", 2, 0},
	{"open cell with no digit", "123....4........", 2, 0},
	{"every cell given, wrongly", "1234341221434312", 2, 0},
}

// tinySolution is the grid of the "unique" count case.
const tinySolution = "1234\n3412\n2143\n4321\n"

func countPuzzle(m *layouts.Model, givens string) *layouts.Puzzle {
	p := layouts.NewPuzzle(m)
	for c := range p.Givens {
		p.Givens[c] = uint8(layouts.SymbolDigit(givens[c]))
	}
	return p
}

// checkCount checks a count of a countCases puzzle.
func checkCount(t *testing.T, p *layouts.Puzzle, res sat.Result, limit, want int, engine string) {
	t.Helper()
	if res.Count != want || res.Engine != engine {
		t.Fatalf("%d grids by %q, want %d by %s", res.Count, res.Engine, want, engine)
	}
	if res.Count == 0 {
		if res.Grid.Model != nil {
			t.Errorf("no grid counted, but Grid is\n%s", res.Grid)
		}
		return
	}
	if err := layouts.Check(p, res.Grid); err != nil {
		t.Error(err)
	}
	if want == 1 && limit > 1 && res.Grid.String() != tinySolution {
		t.Errorf("grid\n%swant\n%s", res.Grid, tinySolution)
	}
}

func TestCount(t *testing.T) {
	m := testkit.Model(t, "classic", 4)
	for _, tc := range countCases {
		for _, amo := range encode.AMOs() {
			t.Run(tc.name+"/"+amo.String(), func(t *testing.T) {
				p := countPuzzle(m, tc.givens)
				res, err := sat.Count(context.Background(), p, sat.Options{Encoding: amo, Limit: tc.limit})
				if err != nil {
					t.Fatal(err)
				}
				checkCount(t, p, res, tc.limit, tc.want, "gophersat")
			})
		}
	}
}

func TestCountErrors(t *testing.T) {
	m := testkit.Model(t, "classic", 4)
	bad := &layouts.Puzzle{Model: m, Givens: make([]uint8, 3)}
	if _, err := sat.Count(context.Background(), bad, sat.Options{}); !errors.Is(err, encode.ErrPuzzle) {
		t.Errorf("short givens: err = %v, want encode.ErrPuzzle", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := sat.Count(ctx, layouts.NewPuzzle(m), sat.Options{}); !errors.Is(err, context.Canceled) {
		t.Errorf("canceled context: err = %v, want context.Canceled", err)
	}
}

// TestTimeout: gophersat's Solve cannot be interrupted, yet Count
// returns soon after its context is done.
func TestTimeout(t *testing.T) {
	nearlyEmpty := layouts.NewPuzzle(testkit.Model(t, "classic", 25))
	nearlyEmpty.Givens[0] = 1
	for _, tc := range []struct {
		name string
		p    *layouts.Puzzle
	}{
		// Encoding is quick; proving there is no second grid takes
		// gophersat over a second.
		{"hard 25x25", testkit.ReadPuzzles(t, "testdata/classic25.txt", testkit.Model(t, "classic", 25))[0]},
		// 683,000 pairwise clauses: encoding alone takes longer than the
		// deadline.
		{"nearly empty 25x25", nearlyEmpty},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
			defer cancel()
			start := time.Now()
			_, err := sat.Count(ctx, tc.p, sat.Options{Encoding: encode.Pairwise, Limit: 2})
			if d := time.Since(start); !errors.Is(err, context.DeadlineExceeded) || d > 3*time.Second {
				t.Errorf("err = %v after %v, want the deadline within 3s", err, d)
			}
		})
	}
	// The abandoned searches finish in the background; a new Count waits
	// for them and then works.
	p := readPuzzleText(t, testkit.Model(t, "classic", 4), ".2.4\n3.1.\n...3\n4.2.\n")
	if res, err := sat.Solve(context.Background(), p, sat.Options{}); err != nil || res.Count != 1 {
		t.Errorf("after the timeouts: %d grids, %v", res.Count, err)
	}
}

package backtrack_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"testing"

	"gattai/backtrack"
	"gattai/internal/testkit"
	"gattai/layouts"
)

// countWithout is CountWithout, failing t on an error, with the grid
// held to layouts.Check and to the candidate ruled out.
func countWithout(t testing.TB, s *backtrack.Solver, p *layouts.Puzzle, limit, cell int, digit uint8) backtrack.Result {
	t.Helper()
	r, err := s.CountWithout(context.Background(), p, limit, cell, digit)
	if err != nil {
		t.Fatalf("count without %d at cell %d: %v", digit, cell, err)
	}
	if r.Count > 0 {
		if err := layouts.Check(p, r.Grid); err != nil {
			t.Fatalf("count without %d at cell %d: %v", digit, cell, err)
		}
		if r.Grid.Digits[cell] == digit {
			t.Fatalf("count without %d at cell %d: a grid with it", digit, cell)
		}
	}
	return r
}

// agreeWithout holds CountWithout of p, the candidate (cell, digit)
// ruled out, to what Count says: the solutions with another digit at
// cell are all of p's less those with digit there (p given digit at
// cell). The engines s (the fast path) and gen (the general engine)
// must both hold to it. It returns p's solutions, or 0 when p has
// manySolutions or more (then it holds nothing).
func agreeWithout(t *testing.T, s, gen *backtrack.Solver, p *layouts.Puzzle, cell int, digit uint8, what string) int {
	t.Helper()
	all := count(t, gen, p, manySolutions).Count
	if all >= manySolutions {
		return 0
	}
	want := all
	if p.Givens[cell] == 0 || p.Givens[cell] == digit {
		q := clone(p)
		q.Givens[cell] = digit
		want -= count(t, gen, q, manySolutions).Count
	}
	for _, limit := range []int{1, 2, manySolutions} {
		for name, e := range map[string]*backtrack.Solver{"fast": s, "general": gen} {
			if got := countWithout(t, e, p, limit, cell, digit).Count; got != min(want, limit) {
				t.Fatalf("%s: %s engine, count to %d without %d at cell %d: %d, want %d", what, name, limit, digit, cell, got, min(want, limit))
			}
		}
	}
	return all
}

// TestCountWithout rules out candidates of the shipped examples less a
// few givens, on every path of the engine: classic 9x9, linked grids
// and the general engine (on the same boards, and on 6x6 and 16x16).
func TestCountWithout(t *testing.T) {
	for _, c := range []struct{ layout, file string }{
		{"classic", "examples/classic"},
		{"samurai", "examples/samurai"},
		{"twodoku", "examples/twodoku"},
		{"sumo", "examples/sumo"},
	} {
		t.Run(c.file, func(t *testing.T) {
			m := testkit.Model(t, c.layout, 9)
			p := testkit.ReadPuzzle(t, "../testdata/"+c.file+".txt", m)
			sol := testkit.ReadPuzzle(t, "../testdata/"+c.file+".solution.txt", m).Givens
			s, gen := backtrack.New(m), backtrack.General(backtrack.New(m))
			if c.layout == "classic" && !backtrack.Classic9(s) || c.layout != "classic" && !backtrack.Linked(s) {
				t.Fatal("the fast path is not taken")
			}
			withoutCases(t, s, gen, p, sol)
		})
	}
	for _, n := range []int{6, 16} {
		t.Run(fmt.Sprintf("classic%d", n), func(t *testing.T) {
			m := testkit.Model(t, "classic", n)
			sol := count(t, backtrack.New(m), layouts.NewPuzzle(m), 1).Grid.Digits
			p := &layouts.Puzzle{Model: m, Givens: append([]uint8(nil), sol...)}
			// Every third cell emptied: still few solutions.
			for c := range p.Givens {
				if c%3 == 0 {
					p.Givens[c] = 0
				}
			}
			s := backtrack.New(m)
			withoutCases(t, s, s, p, sol)
		})
	}
}

// manySolutions bounds the counts of agreeWithout.
const manySolutions = 500

// fewMore is p less the first given whose removal leaves more solutions
// than p, but fewer than manySolutions; else less the first whose
// removal leaves fewer than manySolutions; else p.
func fewMore(t *testing.T, gen *backtrack.Solver, p *layouts.Puzzle) *layouts.Puzzle {
	t.Helper()
	n := count(t, gen, p, manySolutions).Count
	var fallback *layouts.Puzzle
	for c, d := range p.Givens {
		if d == 0 {
			continue
		}
		q := clone(p)
		q.Givens[c] = 0
		switch k := count(t, gen, q, manySolutions).Count; {
		case k > n && k < manySolutions:
			return q
		case k < manySolutions && fallback == nil:
			fallback = q
		}
	}
	if fallback == nil {
		return p
	}
	return fallback
}

// withoutCases rules out, in p and in p less one or two givens (see
// fewMore), the solution's digit and another: at the first empty
// cells, at given cells, and at a cell that two grids share.
func withoutCases(t *testing.T, s, gen *backtrack.Solver, p *layouts.Puzzle, sol []uint8) {
	t.Helper()
	n := uint8(p.Model.N)
	var given []int
	for c, d := range p.Givens {
		if d != 0 {
			given = append(given, c)
		}
	}
	less1 := fewMore(t, gen, p)
	less2 := fewMore(t, gen, less1)
	several := 0 // cases held on a puzzle of several solutions
	for name, q := range map[string]*layouts.Puzzle{"puzzle": p, "less a given": less1, "less two givens": less2} {
		cells := []int{given[0], given[len(given)-1], given[1]}
		for c, d := range q.Givens {
			if d == 0 && len(cells) < 8 {
				cells = append(cells, c)
			}
			if d == 0 && len(q.Model.CellUnits[c]) > 3 {
				cells = append(cells, c)
				break
			}
		}
		for _, c := range cells {
			for _, d := range []uint8{sol[c], sol[c]%n + 1} {
				if agreeWithout(t, s, gen, q, c, d, fmt.Sprintf("%s, cell %d digit %d", name, c, d)) > 1 {
					several++
				}
			}
		}
	}
	if several == 0 {
		t.Error("no case with several solutions")
	}
}

// A cell or digit out of range is an error; the puzzle is checked as by
// Count.
func TestCountWithoutRange(t *testing.T) {
	for _, layout := range []string{"classic", "samurai"} {
		for _, n := range []int{9, 6} {
			m := testkit.Model(t, layout, n)
			s := backtrack.New(m)
			p := layouts.NewPuzzle(m)
			for _, c := range []struct {
				cell  int
				digit uint8
			}{{-1, 1}, {len(p.Givens), 1}, {0, 0}, {0, uint8(n + 1)}, {0, 255}} {
				if _, err := s.CountWithout(context.Background(), p, 1, c.cell, c.digit); !errors.Is(err, layouts.ErrPuzzle) {
					t.Errorf("%s %d: cell %d digit %d: error %v, want ErrPuzzle", layout, n, c.cell, c.digit, err)
				}
			}
			if r := countWithout(t, s, p, 1, 0, 1); r.Count != 1 {
				t.Errorf("%s %d: empty grid without 1 at cell 0: %d", layout, n, r.Count)
			}
		}
	}
}

// FuzzCountWithout holds CountWithout on the fast paths (classic 9x9,
// linked grids) to the general engine, and both to Count, on puzzles
// made from bytes over the shipped solutions as in FuzzLinked: the
// first byte picks the board, the next two the cell and the digit
// ruled out, then each byte is a cell (see fuzzBoard.puzzle).
func FuzzCountWithout(f *testing.F) {
	boards := fuzzBoards(f, "classic", "twodoku", "samurai", "windmill")
	f.Add([]byte{0, 0, 5})
	f.Add([]byte{1, 40, 3, 200, 0, 0, 200, 200, 0, 130, 255, 0, 0, 0, 255, 0, 0, 255, 0, 0, 0, 0, 170})
	f.Add(append([]byte{2, 7, 9}, bytes.Repeat([]byte{0, 200, 255, 255, 200, 180}, 60)...))
	f.Add(append([]byte{3, 200, 1}, bytes.Repeat([]byte{200, 0, 255, 131}, 80)...))
	f.Add(append([]byte{4, 81, 2}, bytes.Repeat([]byte{250, 200, 0}, 100)...))
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) < 3 {
			return
		}
		b := boards[int(data[0])%len(boards)]
		p := b.puzzle(data[3:])
		cell, digit := int(data[1])%len(p.Givens), data[2]%9+1
		const limit = 20
		r := countWithout(t, b.s, p, limit, cell, digit)
		w := countWithout(t, b.gen, p, limit, cell, digit)
		if r.Count != w.Count {
			t.Fatalf("without %d at cell %d: fast %d, general %d\n%s", digit, cell, r.Count, w.Count, p)
		}
		all := count(t, b.gen, p, 2*limit).Count
		if all >= 2*limit {
			return
		}
		with := 0
		if p.Givens[cell] == 0 || p.Givens[cell] == digit {
			q := clone(p)
			q.Givens[cell] = digit
			with = count(t, b.gen, q, 2*limit).Count
		}
		if want := min(all-with, limit); r.Count != want {
			t.Fatalf("without %d at cell %d: %d, want %d (%d solutions, %d with it)\n%s", digit, cell, r.Count, want, all, with, p)
		}
	})
}

package backtrack_test

import (
	"fmt"
	"slices"
	"testing"

	"gattai/backtrack"
	"gattai/internal/testkit"
	"gattai/layouts"
)

// linked are the built-in layouts that backtrack/nine takes at 9: all
// those of several grids (all overlap in whole, aligned boxes) but the
// butterfly and the flower, whose grids share six boxes.
var linked = []string{"twodoku", "samurai", "sohei", "windmill", "gattai8", "shogun", "sumo"}

// TestLinkedTaken checks which models go to backtrack/nine's linked
// grids: the multi-grid built-ins at 9 in linked, and not a single grid,
// other sizes, extra regions, constraints, grids overlapping out of
// line or by more than two boxes.
func TestLinkedTaken(t *testing.T) {
	for _, b := range layouts.Builtins() {
		m := testkit.Model(t, b.Name, 9)
		if got, want := backtrack.Linked(backtrack.New(m)), slices.Contains(linked, b.Name); got != want {
			t.Errorf("%s: linked %v, want %v", b.Name, got, want)
		}
		if backtrack.Linked(backtrack.General(backtrack.New(m))) {
			t.Errorf("%s: General leaves it linked", b.Name)
		}
	}
	samurai := testkit.Model(t, "samurai", 9).Layout
	withRegion := *samurai
	withRegion.Regions = []layouts.Region{{Cells: []layouts.Pos{{Row: 0, Col: 0}, {Row: 1, Col: 1}}}}
	withDiagonal := *samurai
	withDiagonal.Constraints = []layouts.Constraint{{Kind: "diagonal"}}
	// Two grids overlapping by a 2x2 corner: no whole box.
	offset := layouts.Layout{Size: 9, Box: layouts.Shape{Rows: 3, Cols: 3},
		Grids: []layouts.Placement{{At: layouts.Pos{}}, {At: layouts.Pos{Row: 7, Col: 7}}}}
	for _, c := range []struct {
		name string
		l    *layouts.Layout
	}{
		{"classic", testkit.Model(t, "classic", 9).Layout},
		{"samurai4", testkit.Model(t, "samurai", 4).Layout},
		{"samurai16", testkit.Model(t, "samurai", 16).Layout},
		{"samurai+region", &withRegion},
		{"samurai+diagonal", &withDiagonal},
		{"offset", &offset},
	} {
		m, err := layouts.Compile(c.l)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if backtrack.Linked(backtrack.New(m)) {
			t.Errorf("%s: linked", c.name)
		}
	}
}

// agreeLinked counts p to each limit with the linked path (lk) and the
// general engine (gen) and fails unless the counts are equal, every
// solution passes layouts.Check and, with one solution (a count of 1
// to a limit above 1), both found the
// same. It returns the count to 2.
func agreeLinked(t *testing.T, lk, gen *backtrack.Solver, p *layouts.Puzzle, what string) int {
	t.Helper()
	n2 := -1
	for _, limit := range []int{1, 2, 3, 10} {
		r := count(t, lk, p, limit)
		w := count(t, gen, p, limit)
		if r.Count != w.Count {
			t.Fatalf("%s: count to %d: linked %d, general %d\n%s", what, limit, r.Count, w.Count, p)
		}
		if r.Count > 0 {
			if err := layouts.Check(p, r.Grid); err != nil {
				t.Fatalf("%s: count to %d: linked solution: %v", what, limit, err)
			}
		} else if r.Grid.Digits != nil {
			t.Fatalf("%s: count 0 with a grid", what)
		}
		if limit > 1 && r.Count == 1 && !slices.Equal(r.Grid.Digits, w.Grid.Digits) {
			t.Fatalf("%s: count to %d: linked and general solutions differ", what, limit)
		}
		if limit == 2 {
			n2 = r.Count
		}
	}
	return n2
}

// TestLinkedAgrees holds the linked path to the general engine on the
// multi-grid sets, examples and seeds, and on puzzles made from them
// with several solutions (a given removed, or all but a few) and with
// none (a wrong digit in an empty cell, or two equal givens in a unit).
func TestLinkedAgrees(t *testing.T) {
	type source struct{ file, layout string }
	sources := []source{
		{"bench/samurai-unique", "samurai"},
		{"bench/sumo-unique", "sumo"},
		{"bench/shogun-unique", "shogun"},
		{"seeds/samurai-problem1", "samurai"},
		{"seeds/samurai-problem2", "samurai"},
	}
	for _, name := range linked {
		sources = append(sources, source{"examples/" + name, name})
	}
	for _, src := range sources {
		t.Run(src.file, func(t *testing.T) {
			m := testkit.Model(t, src.layout, 9)
			ps := testkit.ReadPuzzles(t, "../testdata/"+src.file+".txt", m)
			if testing.Short() && len(ps) > 20 {
				ps = ps[:20]
			}
			lk, gen := backtrack.New(m), backtrack.General(backtrack.New(m))
			if !backtrack.Linked(lk) {
				t.Fatal("the linked path is not taken")
			}
			for i, p := range ps {
				what := fmt.Sprintf("puzzle %d", i+1)
				if n := agreeLinked(t, lk, gen, p, what); n != 1 {
					t.Fatalf("%s: count %d, want 1", what, n)
				}
				sol := count(t, lk, p, 1).Grid.Digits
				// Less one given, and the first five givens only.
				q := clone(p)
				c := slices.IndexFunc(q.Givens, func(d uint8) bool { return d != 0 })
				q.Givens[c] = 0
				agreeLinked(t, lk, gen, q, what+" less a given")
				q = layouts.NewPuzzle(m)
				for c, kept := 0, 0; c < len(p.Givens) && kept < 5; c++ {
					if p.Givens[c] != 0 {
						q.Givens[c] = p.Givens[c]
						kept++
					}
				}
				if n := agreeLinked(t, lk, gen, q, what+" with five givens"); n != 2 {
					t.Fatalf("%s with five givens: count %d, want 2", what, n)
				}
				// A wrong digit in an empty cell, and in an empty cell
				// that two grids share (in more than 3 units).
				for _, c := range []int{
					slices.IndexFunc(p.Givens, func(d uint8) bool { return d == 0 }),
					emptyShared(m, p),
				} {
					if c < 0 {
						continue
					}
					q = clone(p)
					q.Givens[c] = sol[c]%9 + 1
					if n := agreeLinked(t, lk, gen, q, what+" with a wrong given"); n != 0 {
						t.Fatalf("%s with a wrong given: count %d, want 0", what, n)
					}
				}
			}
		})
	}
}

// emptyShared is the first empty cell of p in several grids, or -1.
func emptyShared(m *layouts.Model, p *layouts.Puzzle) int {
	for c, d := range p.Givens {
		if d == 0 && len(m.CellUnits[c]) > 3 {
			return c
		}
	}
	return -1
}

// A fuzzBoard is a built-in layout of 9x9 grids with its shipped
// solution, a solver of the model (its fast path) and one of the
// general engine.
type fuzzBoard struct {
	m      *layouts.Model
	s, gen *backtrack.Solver
	sol    []uint8
}

// fuzzBoards are the boards of the layouts names.
func fuzzBoards(f *testing.F, names ...string) []fuzzBoard {
	var boards []fuzzBoard
	for _, name := range names {
		m := testkit.Model(f, name, 9)
		sol := testkit.ReadPuzzle(f, "../testdata/examples/"+name+".solution.txt", m).Givens
		boards = append(boards, fuzzBoard{m, backtrack.New(m), backtrack.General(backtrack.New(m)), sol})
	}
	return boards
}

// puzzle is a puzzle of b made from bytes, one a cell: 160 and up keeps
// the solution's digit there, 128..159 gives a digit of its own (often
// a wrong one), below 128 leaves it empty.
func (b fuzzBoard) puzzle(data []byte) *layouts.Puzzle {
	p := layouts.NewPuzzle(b.m)
	for c, x := range data {
		if c >= len(p.Givens) {
			break
		}
		switch {
		case x >= 160:
			p.Givens[c] = b.sol[c]
		case x >= 128:
			p.Givens[c] = x%9 + 1
		}
	}
	return p
}

// FuzzLinked holds the linked path to the general engine on puzzles
// made from bytes over the shipped solutions of four linked layouts:
// the first byte picks the layout and the limit, then each byte is a
// cell (see fuzzBoard.puzzle).
func FuzzLinked(f *testing.F) {
	boards := fuzzBoards(f, "twodoku", "samurai", "sohei", "windmill")
	for _, b := range boards {
		if !backtrack.Linked(b.s) {
			f.Fatalf("%s: the linked path is not taken", b.m.Layout.Name)
		}
	}
	f.Add([]byte{0})
	f.Add([]byte{1, 200, 0, 0, 200, 200, 0, 130, 255, 0, 0, 0, 255, 0, 0, 255, 0, 0, 0, 0, 170})
	f.Add(append([]byte{5}, slices.Repeat([]byte{0, 200, 0, 255, 90, 180}, 60)...))
	f.Add(append([]byte{6}, slices.Repeat([]byte{200, 0, 255, 131}, 80)...))
	f.Add(append([]byte{11}, slices.Repeat([]byte{250, 0}, 150)...))
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) < 1 {
			return
		}
		b := boards[int(data[0])%len(boards)]
		limit := int(data[0])/len(boards)%6 + 1
		p := b.puzzle(data[1:])
		r := count(t, b.s, p, limit)
		w := count(t, b.gen, p, limit)
		if r.Count != w.Count {
			t.Fatalf("count to %d: linked %d, general %d\n%s", limit, r.Count, w.Count, p)
		}
		if r.Count > 0 {
			if err := layouts.Check(p, r.Grid); err != nil {
				t.Fatalf("linked solution: %v", err)
			}
		}
	})
}

// A classic 9x9 grid goes to backtrack/nine's Count, with or without a
// variant whose rules are not units; a jigsaw, a diagonal, a rule, other
// sizes and multi-grids do not.
func TestClassic9Taken(t *testing.T) {
	for _, c := range []struct {
		layout string
		n      int
		want   bool
	}{
		{"classic", 9, true},
		{"classic", 4, false},
		{"classic", 16, false},
		{"twodoku", 9, false},
		{"samurai", 9, false},
	} {
		if got := backtrack.Classic9(backtrack.New(testkit.Model(t, c.layout, c.n))); got != c.want {
			t.Errorf("%s %d: classic9 %v, want %v", c.layout, c.n, got, c.want)
		}
	}
	for file, want := range map[string]bool{
		"thermo-classic":   false, // a rule
		"jigsaw-classic":   false,
		"diagonal-classic": false,
	} {
		m := testkit.LayoutFile(t, "../testdata/variants/"+file+".json")
		if got := backtrack.Classic9(backtrack.New(m)); got != want {
			t.Errorf("%s: classic9 %v, want %v", file, got, want)
		}
	}
}

package logic

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gattai/internal/testkit"
	"gattai/layouts"
)

// TestBoxGroups checks the bands and stacks found for the finned fish:
// a grid of rectangular boxes has them, a jigsaw none.
func TestBoxGroups(t *testing.T) {
	for _, tc := range []struct {
		n          int
		box        layouts.Shape
		row4, col4 uint64
	}{
		{9, layouts.Shape{Rows: 3, Cols: 3}, 0b111000, 0b111000},
		{6, layouts.Shape{Rows: 2, Cols: 3}, 0b110000, 0b111000},
		{8, layouts.Shape{Rows: 4, Cols: 2}, 0b11110000, 0b110000},
	} {
		m, err := layouts.Compile(layouts.Classic(tc.n, tc.box))
		if err != nil {
			t.Fatal(err)
		}
		g := newSolver(m).grids[0]
		if g.rowBox == nil {
			t.Errorf("%dx%d: no bands and stacks", tc.n, tc.n)
		} else if g.rowBox[4] != tc.row4 || g.colBox[4] != tc.col4 {
			t.Errorf("%dx%d: row 4's band %b, column 4's stack %b; want %b, %b", tc.n, tc.n, g.rowBox[4], g.colBox[4], tc.row4, tc.col4)
		}
	}
	m := testkit.LayoutFile(t, filepath.Join("..", "testdata", "variants", "jigsaw-classic.json"))
	if g := newSolver(m).grids[0]; g.rowBox != nil || g.colBox != nil {
		t.Errorf("a jigsaw has bands and stacks: %b, %b", g.rowBox, g.colBox)
	}
}

// TestFinnedBoxed holds the finned fish search on a grid of boxes,
// which looks only at fins in one box, to the search over every cover
// set: on a classic grid a cell outside the fish's lines sees every fin
// only through their box, so at every state of these paths both find a
// fish or neither does.
func TestFinnedBoxed(t *testing.T) {
	f, err := os.Open(filepath.Join("testdata", "techniques.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	found := 0
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		_, line, ok := strings.Cut(sc.Text(), "\t")
		if !ok || len(line) != 81 {
			continue
		}
		ps, err := layouts.ReadAll(strings.NewReader(line+"\n"), layouts.ReadOptions{})
		if err != nil || len(ps) != 1 {
			t.Fatalf("%s: %v", line, err)
		}
		s := newSolver(ps[0].Model)
		g := &s.grids[0]
		rows, cols := g.rowBox, g.colBox
		if !s.load(ps[0]) {
			t.Fatalf("%s: conflicting givens", line)
		}
		var st, all Step
		for !s.solved() {
			for k := 2; k <= 3; k++ {
				boxed := s.finned(&st, k)
				g.rowBox, g.colBox = nil, nil
				every := s.finned(&all, k)
				g.rowBox, g.colBox = rows, cols
				if boxed != every {
					t.Fatalf("%s: size %d: boxed search %v (%s), every cover set %v (%s)", line, k, boxed, st, every, all)
				}
				if boxed {
					found++
				}
			}
			if !s.next(&st) {
				break
			}
			s.apply(&st)
		}
	}
	if found == 0 {
		t.Fatal("no finned fish on any path")
	}
	t.Logf("%d states with a finned fish", found)
}

package logic

import (
	"strings"
	"testing"

	"gattai/layouts"
)

// TestTrialWeight pins the series of bounds that a trial's proof size
// passes, 0.1 each, and the caps below the next depth.
func TestTrialWeight(t *testing.T) {
	for _, tc := range []struct {
		depth, size int
		w           float64
	}{
		{1, 1, 8.5}, {1, 4, 8.5}, {1, 5, 8.6}, {1, 6, 8.6}, {1, 7, 8.7}, {1, 8, 8.7},
		{1, 9, 8.8}, {1, 12, 8.8}, {1, 13, 8.9}, {1, 16, 8.9}, {1, 17, 9.0}, {1, 24, 9.0},
		{1, 25, 9.1}, {1, 32, 9.1}, {1, 33, 9.2}, {1, 48, 9.2}, {1, 49, 9.3}, {1, 1 << 20, 9.9},
		{2, 1, 10.0}, {2, 5, 10.1}, {2, 1 << 20, SearchWeight - 0.1},
	} {
		if w := trialWeight(tc.depth, tc.size); w != tc.w {
			t.Errorf("trialWeight(%d, %d) = %v, want %v", tc.depth, tc.size, w, tc.w)
		}
	}
	for size := 1; size < 5000; size++ {
		n, below := sizeSteps(size), longestBelow(size)
		if n == 0 && below != 0 || n > 0 && (sizeSteps(below) != n-1 || sizeSteps(below+1) != n) {
			t.Fatalf("size %d (%d steps): longestBelow %d has %d steps, one more %d",
				size, n, below, sizeSteps(below), sizeSteps(below+1))
		}
	}
}

// TestTrialShortest holds each depth-1 trial step on a path to the
// lightest proof among every candidate's assumption, each followed to
// its end with no limit.
func TestTrialShortest(t *testing.T) {
	for _, line := range []string{
		"4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
		"7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........",
		".4..1.2.......9.7..1..........43.6..8......5....2.....7.5..8......6..3..9........",
		"6.9.....8...7.1...4............6...4.2.....3..3....5...1.5...7.8...9..........2..",
	} {
		ps, err := layouts.ReadAll(strings.NewReader(line+"\n"), layouts.ReadOptions{})
		if err != nil || len(ps) != 1 {
			t.Fatalf("%s: %v", line, err)
		}
		s := newSolver(ps[0].Model)
		if !s.load(ps[0]) {
			t.Fatalf("%s: conflicting givens", line)
		}
		trials := 0
		var st Step
		for !s.solved() && s.next(&st) {
			if st.Technique == Trial && st.Depth == 1 {
				trials++
				lightest := SearchWeight
				for c, m := range s.cand {
					for d := range digits(m) {
						if s.val[c] != 0 {
							break
						}
						if ok, size := s.survives(s.cand, s.val, c, d, 1, 1); !ok {
							lightest = min(lightest, trialWeight(1, size))
						}
					}
				}
				if st.Weight != lightest {
					t.Fatalf("%s: step %s weighs %v, the lightest proof %v", line, st, st.Weight, lightest)
				}
			}
			s.apply(&st)
		}
		if trials == 0 {
			t.Errorf("%s: no depth-1 trial on the path", line)
		}
	}
}

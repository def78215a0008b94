package logic

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	"gattai/internal/testkit"
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
// its end with no limit, and every trial's proof, of depth 1 or 2, to
// checkProof.
func TestTrialShortest(t *testing.T) {
	deep := 0
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
		s.prove = true
		if !s.load(ps[0]) {
			t.Fatalf("%s: conflicting givens", line)
		}
		trials := 0
		var st Step
		for !s.solved() && s.next(&st) {
			if st.Technique == Trial && st.Depth == 2 {
				deep++
				if err := checkProof(s, st); err != nil {
					t.Fatalf("%s: step %s: %v", line, st, err)
				}
			}
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
				if err := checkProof(s, st); err != nil {
					t.Fatalf("%s: step %s: %v", line, st, err)
				}
			}
			s.apply(&st)
		}
		if trials == 0 {
			t.Errorf("%s: no depth-1 trial on the path", line)
		}
	}
	if deep == 0 {
		t.Error("no depth-2 trial on any path")
	}
}

// checkProof follows a trial's proof as the step tells it, on the
// candidates before the step: each placement must be a naked single (or
// a hidden single in the unit named) given the deductions before it,
// each elimination by a trial a depth-1 trial that fails there, and the
// contradiction named must then hold. So the proof stands alone, with
// nothing left out that it needs.
func checkProof(s *solver, st Step) error {
	text, ok := strings.CutPrefix(st.Chain, "if ")
	if !ok {
		return fmt.Errorf("proof %q", st.Chain)
	}
	assumed, rest, ok := strings.Cut(text, ": ")
	if !ok || strings.Contains(rest, ", by ") {
		return fmt.Errorf("proof %q: want no rules", st.Chain)
	}
	rest, end, ok := strings.Cut(rest, "; ")
	if !ok {
		rest, end = "", rest
	}
	cand := append([]uint64(nil), s.cand...)
	val := append([]uint8(nil), s.val...)
	cell := func(t string) (int, error) {
		p, err := layouts.ParsePos(t)
		if err != nil {
			return 0, err
		}
		for c, q := range s.m.Cells {
			if q == p {
				return c, nil
			}
		}
		return 0, fmt.Errorf("no cell %s", t)
	}
	unit := func(name string) (int, error) {
		for u := range s.m.Units {
			if s.m.Units[u].Name == name {
				return u, nil
			}
		}
		return 0, fmt.Errorf("no unit %q", name)
	}
	cellDigit := func(at, digit string) (int, int, error) {
		c, err := cell(at)
		if err != nil {
			return 0, 0, err
		}
		d, err := strconv.Atoi(digit)
		return c, d, err
	}
	place := func(move string, first bool) error {
		if at, digit, ok := strings.Cut(strings.TrimSuffix(move, " by a trial"), " <> "); ok {
			c, d, err := cellDigit(at, digit)
			if err != nil {
				return err
			}
			if ok, _ := s.survives(cand, val, c, d, 1, 1); ok {
				return fmt.Errorf("%s: the trial finds no contradiction", move)
			}
			cand[c] &^= bit(d)
			return nil
		}
		move, in, hidden := strings.Cut(move, " in ")
		at, digit, ok := strings.Cut(move, " = ")
		if !ok {
			return fmt.Errorf("move %q", move)
		}
		c, d, err := cellDigit(at, digit)
		if err != nil {
			return err
		}
		b := bit(d)
		switch {
		case first:
		case hidden:
			u, err := unit(in)
			if err != nil {
				return err
			}
			for _, o := range s.m.Units[u].Cells {
				if o != c && cand[o]&b != 0 {
					return fmt.Errorf("%s: %s can hold %d as well", move, s.pos(o), d)
				}
			}
		case cand[c] != b:
			return fmt.Errorf("%s: not a naked single (%b)", move, cand[c])
		}
		if cand[c]&b == 0 {
			return fmt.Errorf("%s: %d is not a candidate", move, d)
		}
		cand[c], val[c] = b, uint8(d)
		for _, p := range s.m.Peers[c] {
			cand[p] &^= b
		}
		return nil
	}
	if err := place(assumed, true); err != nil {
		return err
	}
	if rest != "" {
		for move := range strings.SplitSeq(rest, ", ") {
			if err := place(move, false); err != nil {
				return err
			}
		}
	}
	if at, ok := strings.CutSuffix(end, " has no candidate"); ok {
		c, err := cell(at)
		if err != nil {
			return err
		}
		if cand[c] != 0 {
			return fmt.Errorf("%s keeps %b", at, cand[c])
		}
		return nil
	}
	name, digit, ok := strings.Cut(end, " has no place for ")
	if !ok {
		return fmt.Errorf("contradiction %q", end)
	}
	u, err := unit(name)
	if err != nil {
		return err
	}
	d, err := strconv.Atoi(digit)
	if err != nil {
		return err
	}
	for _, o := range s.m.Units[u].Cells {
		if cand[o]&bit(d) != 0 {
			return fmt.Errorf("%s: %s can hold %d", end, s.pos(o), d)
		}
	}
	return nil
}

// TestTrialProofs holds every trial's proof on the paths of samples of
// the hardest public sets to checkProof: depth-2 proofs there take
// dozens of depth-1 eliminations, each resting on deductions before it.
func TestTrialProofs(t *testing.T) {
	for _, set := range []struct {
		name string
		n    int
	}{{"forum-hardest-1106.txt", 30}, {"top1465.txt", 60}} {
		f, err := os.Open(testkit.DataFile(t, "..", set.name))
		if err != nil {
			t.Fatal(err)
		}
		ps, err := layouts.ReadAll(f, layouts.ReadOptions{})
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		var proofs [maxDepth + 1]int
		for _, p := range ps[:min(len(ps), set.n)] {
			s := newSolver(p.Model)
			s.prove = true
			s.load(p)
			var st Step
			for !s.solved() && s.next(&st) {
				if st.Technique == Trial {
					proofs[st.Depth]++
					if err := checkProof(s, st); err != nil {
						t.Fatalf("%s: %v", st, err)
					}
				}
				s.apply(&st)
			}
		}
		if proofs[1] == 0 || set.name[0] == 'f' && proofs[2] == 0 {
			t.Errorf("%s: %v proofs of depth 1 and 2, want some", set.name, proofs[1:])
		}
	}
}

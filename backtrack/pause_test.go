package backtrack_test

import (
	"context"
	"errors"
	"slices"
	"testing"

	"gattai/backtrack"
	"gattai/internal/testkit"
	"gattai/layouts"
)

// A search paused at every look at its context, and resumed each time,
// ends as the same search unpaused: the same count, first grid and
// nodes, on the general engine's kinds of puzzle (a unique 16x16, a
// 25x25 with several solutions, a skyscraper and a nonconsecutive).
func TestPauseResume(t *testing.T) {
	m16 := testkit.Model(t, "classic", 16)
	m25 := testkit.Model(t, "classic", 25)
	cases := []*layouts.Puzzle{
		testkit.ReadPuzzles(t, "../testdata/bench/classic16-unique.txt", m16)[4],
		testkit.ReadPuzzles(t, "../testdata/bench/classic25-keep45.txt", m25)[0],
	}
	for _, v := range []string{"skyscraper-classic", "nonconsecutive-classic"} {
		p, _ := testkit.ReadVariant(t, "../testdata/variants", v)
		cases = append(cases, p)
	}
	for i, p := range cases {
		want := count(t, backtrack.New(p.Model), p, 2)
		r, pauses, err := pausedCount(t, backtrack.New(p.Model), p, 2, want.Nodes)
		if err != nil {
			t.Fatalf("case %d: %v", i, err)
		}
		if pauses == 0 {
			t.Fatalf("case %d: never paused in %d nodes", i, want.Nodes)
		}
		if r.Count != want.Count || r.Nodes != want.Nodes || !slices.Equal(r.Grid.Digits, want.Grid.Digits) {
			t.Fatalf("case %d, %d pauses: count %d in %d nodes, want %d in %d, or another grid", i, pauses, r.Count, r.Nodes, want.Count, want.Nodes)
		}
	}
}

// pausedCount counts p to limit with s paused at every look at its
// context and resumed each time, and returns the result, the pauses and
// the error. A search of nodes nodes that pauses more often than that
// makes no progress: t fails.
func pausedCount(t testing.TB, s *backtrack.Solver, p *layouts.Puzzle, limit int, nodes int64) (backtrack.Result, int64, error) {
	t.Helper()
	last, pauses := int64(-1), int64(0)
	s.Pause = func(n int64) bool {
		if n == last { // the node it paused at, searched now
			return false
		}
		last = n
		pauses++
		return true
	}
	r, err := s.Count(context.Background(), p, limit)
	for errors.Is(err, backtrack.ErrPaused) {
		if pauses > nodes+1 {
			t.Fatalf("paused %d times in a search of %d nodes", pauses, nodes)
		}
		r, err = s.Resume(context.Background())
	}
	return r, pauses, err
}

// Resume refuses when no search is paused: before any, after a search
// that ended, and after a Count that took a paused one's place. A done
// context ends a paused search.
func TestResumeWithoutPause(t *testing.T) {
	m := testkit.Model(t, "classic", 16)
	ps := testkit.ReadPuzzles(t, "../testdata/bench/classic16-unique.txt", m)
	s := backtrack.New(m)
	ctx := context.Background()
	if _, err := s.Resume(ctx); err == nil {
		t.Fatal("Resume before any Count: no error")
	}
	s.Pause = func(int64) bool { return true }
	if _, err := s.Count(ctx, ps[4], 2); !errors.Is(err, backtrack.ErrPaused) {
		t.Fatalf("Count: %v, want ErrPaused", err)
	}
	s.Pause = nil
	checkCount(t, s, ps[0], 2, 1) // takes the paused search's place
	if _, err := s.Resume(ctx); err == nil || errors.Is(err, backtrack.ErrPaused) {
		t.Fatalf("Resume after another Count: %v", err)
	}

	s.Pause = func(int64) bool { return true }
	if _, err := s.Count(ctx, ps[4], 2); !errors.Is(err, backtrack.ErrPaused) {
		t.Fatalf("Count: %v, want ErrPaused", err)
	}
	s.Pause = nil
	done, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := s.Resume(done); !errors.Is(err, context.Canceled) {
		t.Fatalf("Resume with a done context: %v", err)
	}
	if _, err := s.Resume(ctx); err == nil {
		t.Fatal("Resume after a stop: no error")
	}
}

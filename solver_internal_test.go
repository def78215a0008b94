package gattai

import (
	"context"
	"errors"
	"testing"
	"time"

	"gattai/internal/testkit"
	"gattai/layouts"
)

// liar is an engine that answers a wrong grid, or a count beyond the
// limit.
type liar struct{ count int }

func (liar) Name() string { return "liar" }

func (l liar) Count(_ context.Context, p *layouts.Puzzle, limit int) (Result, error) {
	g := layouts.Grid{Model: p.Model, Digits: make([]uint8, len(p.Givens))}
	for c := range g.Digits {
		g.Digits[c] = 1
	}
	return Result{Count: l.count, Limit: limit, Grid: g, Engine: "liar"}, nil
}

// The solver holds every engine's answer to layouts.Check and to its
// limit, and a second engine's disagreement is an engine failure.
func TestCheckedAnswers(t *testing.T) {
	p := testkit.ReadPuzzle(t, "testdata/examples/classic.txt", testkit.Model(t, "classic", 9))
	for _, tt := range []struct {
		name   string
		verify Verify
		liar   liar
	}{
		{"wrong grid", VerifyOff, liar{1}},
		{"beyond the limit", VerifyOff, liar{3}},
		{"disagreement", VerifyOn, liar{0}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s, err := New(Options{Engine: EngineSAT, Verify: tt.verify})
			if err != nil {
				t.Fatal(err)
			}
			s.sat = tt.liar
			r, err := s.Count(context.Background(), p, 2)
			if !errors.Is(err, ErrEngine) {
				t.Errorf("count %d, err %v; want ErrEngine", r.Count, err)
			}
		})
	}
}

// engineFunc is an engine made of a function, standing in for gophersat.
type engineFunc func(ctx context.Context, p *layouts.Puzzle, limit int) (Result, error)

func (engineFunc) Name() string { return "fake" }

func (f engineFunc) Count(ctx context.Context, p *layouts.Puzzle, limit int) (Result, error) {
	return f(ctx, p, limit)
}

// Once auto's budget is spent, gophersat searches beside the native
// engine and the first answer wins: the second engine stands in for
// gophersat here, answering at once while the native search of a hard
// 25x25 takes a good part of a second. Its answer is held to
// layouts.Check like any other, a refusal leaves the puzzle to the native
// engine, and the solver is ready for the next puzzle after each (run
// with -race).
func TestAutoSideBySide(t *testing.T) {
	m := testkit.Model(t, "classic", 25)
	p := testkit.ReadPuzzle(t, "testdata/bench/classic25-hard.txt", m)
	easy := testkit.ReadPuzzles(t, "testdata/bench/classic25-unique50.txt", m)[0]
	ctx := context.Background()
	want, err := (&Native{}).Count(ctx, p, 2)
	if err != nil || want.Count != 1 {
		t.Fatalf("native: count %d, %v", want.Count, err)
	}
	oracle := engineFunc(func(_ context.Context, _ *layouts.Puzzle, limit int) (Result, error) {
		return Result{Count: 1, Limit: limit, Grid: want.Grid, Engine: "fake"}, nil
	})
	refusal := engineFunc(func(_ context.Context, _ *layouts.Puzzle, limit int) (Result, error) {
		return Result{Limit: limit}, &layouts.UnsupportedError{Engine: "fake", Kind: "k", Rule: "r"}
	})
	for _, tt := range []struct {
		name    string
		gopher  Engine
		engine  string // the engine that answers
		failure bool   // an ErrEngine
	}{
		{"second engine first", oracle, EngineBacktrack + ", then " + EngineSAT, false},
		{"wrong grid", liar{1}, "", true},
		{"refused", refusal, EngineBacktrack, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s, err := New(Options{})
			if err != nil {
				t.Fatal(err)
			}
			s.gopher = tt.gopher
			s.budget = func(*layouts.Model) time.Duration { return time.Millisecond }
			r, err := s.Count(ctx, p, 2)
			if tt.failure {
				if !errors.Is(err, ErrEngine) {
					t.Fatalf("count %d, err %v; want ErrEngine", r.Count, err)
				}
			} else {
				if err != nil || r.Count != 1 || r.Engine != tt.engine {
					t.Fatalf("count %d by %q, %v; want 1 by %q", r.Count, r.Engine, err, tt.engine)
				}
				if err := layouts.Check(p, r.Grid); err != nil {
					t.Fatal(err)
				}
			}
			// The native engine stopped: the solver takes the next
			// puzzle on its own.
			s.gopher = refusal
			r, err = s.Count(ctx, easy, 2)
			if err != nil || r.Count != 1 || r.Engine != EngineBacktrack {
				t.Errorf("next puzzle: count %d by %q, %v", r.Count, r.Engine, err)
			}
		})
	}
}

// A real race on 16x16s, gophersat joining at once: every answer is
// right, whichever engine gives it, and a done context still stops both.
func TestAutoRace(t *testing.T) {
	m := testkit.Model(t, "classic", 16)
	ps := testkit.ReadPuzzles(t, "testdata/bench/classic16-unique.txt", m)
	s, err := New(Options{})
	if err != nil {
		t.Fatal(err)
	}
	s.budget = func(*layouts.Model) time.Duration { return time.Nanosecond }
	for i, p := range ps {
		r, err := s.Count(context.Background(), p, 2)
		if err != nil || r.Count != 1 {
			t.Fatalf("puzzle %d: count %d, %v", i+1, r.Count, err)
		}
		if err := layouts.Check(p, r.Grid); err != nil {
			t.Fatalf("puzzle %d: %v", i+1, err)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	hard := testkit.ReadPuzzle(t, "testdata/bench/classic25-hard.txt", testkit.Model(t, "classic", 25))
	if r, err := s.Count(ctx, hard, 2); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("count %d, %v; want the deadline", r.Count, err)
	}
}

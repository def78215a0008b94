package gattai

import (
	"context"
	"errors"
	"slices"
	"sync/atomic"
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
	p, want := hardAlone(t)
	easy := testkit.ReadPuzzles(t, "testdata/bench/classic25-unique50.txt", p.Model)[0]
	ctx := context.Background()
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
		{"second engine first", oracle, EngineBacktrack + ", then fake", false},
		{"wrong grid", liar{1}, "", true},
		{"refused", refusal, EngineBacktrack, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s, err := New(Options{})
			if err != nil {
				t.Fatal(err)
			}
			s.sat = tt.gopher
			s.budget = func(*layouts.Model, bool) budget { return budget{wall: time.Millisecond} }
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
			s.sat = refusal
			r, err = s.Count(ctx, easy, 2)
			if err != nil || r.Count != 1 || r.Engine != EngineBacktrack {
				t.Errorf("next puzzle: count %d by %q, %v", r.Count, r.Engine, err)
			}
		})
	}
}

// A real race on 16x16s, the second engine (gophersat, and cadical
// where it is on the PATH) joining at once: every answer is right,
// whichever engine gives it, and a done context still stops both.
func TestAutoRace(t *testing.T) {
	m := testkit.Model(t, "classic", 16)
	ps := testkit.ReadPuzzles(t, "testdata/bench/classic16-unique.txt", m)
	hard := testkit.ReadPuzzle(t, "testdata/bench/classic25-hard.txt", testkit.Model(t, "classic", 25))
	for _, second := range []string{EngineSAT, "cadical"} {
		t.Run(second, func(t *testing.T) {
			if second != EngineSAT {
				testkit.NeedSolver(t, second)
			}
			s, err := New(Options{Solver: second})
			if err != nil {
				t.Fatal(err)
			}
			if second == EngineSAT {
				s.sat = s.gopher
			}
			if got := s.second().Name(); got != second {
				t.Fatalf("second engine %s, want %s", got, second)
			}
			s.budget = atOnce
			for i, p := range ps {
				raceCount(t, s, i, p, second)
			}
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
			defer cancel()
			if r, err := s.Count(ctx, hard, 2); !errors.Is(err, context.DeadlineExceeded) {
				t.Errorf("count %d, %v; want the deadline", r.Count, err)
			}
		})
	}
}

// raceCount counts puzzle i, p, to 2 with s and fails unless the
// answer is its one solution, from backtrack or from backtrack then
// second (the race's two engines); it returns the answer's engine.
func raceCount(t *testing.T, s *Solver, i int, p *layouts.Puzzle, second string) string {
	t.Helper()
	r, err := s.Count(context.Background(), p, 2)
	if err != nil || r.Count != 1 {
		t.Fatalf("puzzle %d: count %d, %v", i+1, r.Count, err)
	}
	if err := layouts.Check(p, r.Grid); err != nil {
		t.Fatalf("puzzle %d: %v", i+1, err)
	}
	if r.Engine != EngineBacktrack && r.Engine != EngineBacktrack+", then "+second {
		t.Fatalf("puzzle %d: answered by %q", i+1, r.Engine)
	}
	return r.Engine
}

// atOnce is a budget that starts the second engine at the first look.
func atOnce(*layouts.Model, bool) budget { return budget{wall: time.Nanosecond} }

// auto returns only once the second engine has returned, however long
// it takes to stop (an external solver's process reaped, its temporary
// files removed): a second engine that takes 100ms to stop here. The
// native search, paused at the budget and resumed in a goroutine of its
// own, answers as it would have alone, node for node.
func TestAutoWaitsForSecond(t *testing.T) {
	hard, want := hardAlone(t)
	s, err := New(Options{})
	if err != nil {
		t.Fatal(err)
	}
	var returned atomic.Bool
	s.sat = engineFunc(func(ctx context.Context, _ *layouts.Puzzle, limit int) (Result, error) {
		<-ctx.Done()
		time.Sleep(100 * time.Millisecond)
		returned.Store(true)
		return Result{Limit: limit}, ctx.Err()
	})
	s.budget = atOnce
	r, err := s.Count(context.Background(), hard, 2)
	if err != nil || r.Count != 1 || r.Engine != EngineBacktrack {
		t.Fatalf("count %d by %q, %v; want 1 by the native engine", r.Count, r.Engine, err)
	}
	if r.Nodes != want.Nodes || !slices.Equal(r.Grid.Digits, want.Grid.Digits) {
		t.Errorf("%d nodes, want %d, or another grid", r.Nodes, want.Nodes)
	}
	if !returned.Load() {
		t.Fatal("auto returned before its second engine")
	}
}

// A solver that is not on the PATH leaves gophersat as the second
// engine, silently.
func TestAutoMissingSolver(t *testing.T) {
	s, err := New(Options{Solver: "gattai-no-such-solver"})
	if err != nil {
		t.Fatal(err)
	}
	if s.second() != s.gopher {
		t.Fatalf("second engine %s, want gophersat", s.second().Name())
	}
	m := testkit.Model(t, "classic", 25)
	hard := testkit.ReadPuzzle(t, "testdata/bench/classic25-hard.txt", m)
	s.budget = atOnce
	r, err := s.Count(context.Background(), hard, 2)
	if err != nil || r.Count != 1 {
		t.Fatalf("count %d, %v", r.Count, err)
	}
	if r.Engine != EngineBacktrack && r.Engine != EngineBacktrack+", then "+EngineSAT {
		t.Fatalf("answered by %q", r.Engine)
	}
}

// auto's budget counts the native engine's search nodes, with a bound
// in time: the second engine starts once the native engine has spent
// either, and not before.
func TestAutoBudget(t *testing.T) {
	hard, want := hardAlone(t)
	if want.Nodes < 2000 {
		t.Fatalf("native: %d nodes, want thousands", want.Nodes)
	}
	for _, tt := range []struct {
		name   string
		b      budget
		joined bool
	}{
		{"nodes spent", budget{nodes: 200, wall: time.Hour}, true},
		{"time spent", budget{nodes: 1 << 40, wall: time.Millisecond}, true},
		{"neither", budget{nodes: want.Nodes + 1, wall: time.Hour}, false},
		{"never", budget{}, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if joined := secondJoins(t, hard, want.Grid, tt.b); joined != tt.joined {
				t.Errorf("second engine started: %v, want %v", joined, tt.joined)
			}
		})
	}
}

// secondJoins counts p to 2 with auto under budget b, beside a second
// engine that answers sol at once, and reports whether that engine
// started.
func secondJoins(t *testing.T, p *layouts.Puzzle, sol layouts.Grid, b budget) bool {
	t.Helper()
	s, err := New(Options{})
	if err != nil {
		t.Fatal(err)
	}
	var joined atomic.Bool
	s.sat = engineFunc(func(_ context.Context, _ *layouts.Puzzle, limit int) (Result, error) {
		joined.Store(true)
		return Result{Count: 1, Limit: limit, Grid: sol, Engine: "fake"}, nil
	})
	s.budget = func(*layouts.Model, bool) budget { return b }
	if r, err := s.Count(context.Background(), p, 2); err != nil || r.Count != 1 {
		t.Fatalf("count %d, %v", r.Count, err)
	}
	return joined.Load()
}

// A context done while the second engine confirms an answer stops the
// solve: the error is the context's, and the result holds no answer,
// not the first engine's unconfirmed one.
func TestStoppedWhileVerifying(t *testing.T) {
	p := testkit.ReadPuzzle(t, "testdata/examples/classic.txt", testkit.Model(t, "classic", 9))
	sol := testkit.ReadPuzzle(t, "testdata/examples/classic.solution.txt", p.Model)
	s, err := New(Options{Engine: EngineSAT, Verify: VerifyOn})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	// The first engine answers just as the context is done; the native
	// engine, confirming, sees it done.
	s.sat = engineFunc(func(_ context.Context, p *layouts.Puzzle, limit int) (Result, error) {
		cancel()
		return Result{Count: 1, Limit: limit, Grid: layouts.Grid{Model: p.Model, Digits: sol.Givens}, Engine: "fake"}, nil
	})
	r, err := s.Count(ctx, p, 2)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err %v, want context.Canceled", err)
	}
	if r.Count != 0 || r.Grid.Digits != nil {
		t.Errorf("stopped while verifying, the result has count %d and a grid %t; want no answer", r.Count, r.Grid.Digits != nil)
	}
}

// A panic in the native search is an engine failure (ErrEngine) with
// the call's engine and limit, never a crash, and the engine's state is
// dropped, to be built again.
func TestNativeRecoverPanic(t *testing.T) {
	e := &Native{m: &layouts.Model{}}
	res, err := func() (res Result, err error) {
		defer e.recoverPanic(2, &res, &err)
		panic("boom")
	}()
	if !errors.Is(err, ErrEngine) || res.Limit != 2 || res.Engine != EngineBacktrack || e.m != nil {
		t.Fatalf("result %+v, error %v, model %v", res, err, e.m)
	}
}

// hardAlone is testdata/bench/classic25-hard.txt, a 25x25 of thousands
// of nodes, and the native engine's count of it to 2, alone.
func hardAlone(t *testing.T) (*layouts.Puzzle, Result) {
	t.Helper()
	hard := testkit.ReadPuzzle(t, "testdata/bench/classic25-hard.txt", testkit.Model(t, "classic", 25))
	want, err := (&Native{}).Count(context.Background(), hard, 2)
	if err != nil || want.Count != 1 {
		t.Fatalf("native: count %d, %v", want.Count, err)
	}
	return hard, want
}

// Options out of their range are refused by New, and a Status out of
// range prints as a number, not a panic.
func TestOptionsOutOfRange(t *testing.T) {
	if _, err := New(Options{Verify: VerifyOff + 1}); err == nil {
		t.Error("New took an unknown Verify")
	}
	if _, err := New(Options{Engine: "nosuch"}); err == nil {
		t.Error("New took an unknown engine")
	}
	if got := Status(9).String(); got != "Status(9)" {
		t.Errorf("Status(9) is %q", got)
	}
	if got := Unique.String(); got != "unique" {
		t.Errorf("Unique is %q", got)
	}
}

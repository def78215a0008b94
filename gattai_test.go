package gattai_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"runtime"
	"strings"
	"testing"
	"time"

	"gattai"
	"gattai/encode"
	"gattai/internal/testkit"
	"gattai/layouts"
)

// engines are the engine choices every test runs, external only where
// its solver is on PATH (or required by GATTAI_REQUIRE_SOLVERS).
func engines(t *testing.T) []gattai.Options {
	opts := []gattai.Options{
		{Engine: gattai.EngineAuto},
		{Engine: gattai.EngineBacktrack, Verify: gattai.VerifyOn},
		{Engine: gattai.EngineSAT},
	}
	for _, s := range []string{"minisat", "cadical"} {
		t.Run("find "+s, func(t *testing.T) {
			testkit.NeedSolver(t, s)
			opts = append(opts, gattai.Options{Engine: gattai.EngineExternal, Solver: s})
		})
	}
	return opts
}

// Every engine solves every example layout, agrees with the others and
// returns a grid that passes layouts.Check.
func TestEnginesAgree(t *testing.T) {
	opts := engines(t)
	for _, in := range layouts.Builtins() {
		m := testkit.Model(t, in.Name, 9)
		p := testkit.ReadPuzzle(t, "testdata/examples/"+in.Name+".txt", m)
		want := testkit.ReadPuzzle(t, "testdata/examples/"+in.Name+".solution.txt", m)
		for _, o := range opts {
			t.Run(in.Name+"/"+o.Engine+o.Solver, func(t *testing.T) {
				r, err := gattai.Solve(context.Background(), p, o)
				if err != nil {
					t.Fatal(err)
				}
				if r.Status() != gattai.Unique || string(r.Grid.Digits) != string(want.Givens) {
					t.Fatalf("status %v, grid\n%s", r.Status(), r.Grid)
				}
				if err := layouts.Check(p, r.Grid); err != nil {
					t.Fatal(err)
				}
				if o.Engine == gattai.EngineSAT || o.Engine == gattai.EngineExternal || o.Verify == gattai.VerifyOn {
					if r.Check == "" {
						t.Errorf("%s: not verified by a second engine", o.Engine)
					}
				}
			})
		}
	}
}

// Every engine refuses bad input with the same typed error: never a
// panic, never a count of 0.
func TestBadInputSameError(t *testing.T) {
	m := testkit.Model(t, "classic", 4)
	outOfRange := layouts.NewPuzzle(m)
	outOfRange.Givens[5] = 7
	short := &layouts.Puzzle{Model: m, Givens: make([]uint8, 3)}
	sandwich := *m
	sandwich.Rules = []layouts.Rule{{Kind: "nosuchkind", Name: "nosuchkind r1", Cells: []int{0, 1, 2, 3}, Sum: 5}}
	unknownKind := layouts.NewPuzzle(&sandwich)
	tests := []struct {
		name string
		p    *layouts.Puzzle
		is   error
	}{
		{"given out of range", outOfRange, layouts.ErrPuzzle},
		{"givens of the wrong length", short, layouts.ErrPuzzle},
		{"a rule kind no engine has", unknownKind, layouts.ErrUnsupported},
		{"no model", &layouts.Puzzle{}, layouts.ErrPuzzle},
		{"no puzzle", nil, layouts.ErrPuzzle},
	}
	for _, tt := range tests {
		t.Run(tt.name+"/export", func(t *testing.T) {
			if _, err := gattai.Export(context.Background(), io.Discard, tt.p, encode.Options{}); !errors.Is(err, tt.is) {
				t.Errorf("err %v; want %v", err, tt.is)
			}
		})
		for _, o := range engines(t) {
			t.Run(tt.name+"/"+o.Engine+o.Solver, func(t *testing.T) {
				r, err := gattai.Count(context.Background(), tt.p, 2, o)
				if !errors.Is(err, tt.is) || r.Count != 0 {
					t.Errorf("count %d, err %v; want %v", r.Count, err, tt.is)
				}
				var ue *layouts.UnsupportedError
				if tt.is == layouts.ErrUnsupported && (!errors.As(err, &ue) || ue.Kind != "nosuchkind") {
					t.Errorf("err %v is not an UnsupportedError naming the kind", err)
				}
				// The same from a solver that has counted a good puzzle.
				s, err := gattai.New(o)
				if err != nil {
					t.Fatal(err)
				}
				if _, err := s.Count(context.Background(), layouts.NewPuzzle(m), 1); err != nil {
					t.Fatal(err)
				}
				if r, err := s.Count(context.Background(), tt.p, 2); !errors.Is(err, tt.is) || r.Count != 0 {
					t.Errorf("after a good puzzle: count %d, err %v; want %v", r.Count, err, tt.is)
				}
				if o.Engine != gattai.EngineBacktrack {
					return
				}
				// The engine itself, which keeps a model's tables.
				e := &gattai.Native{}
				if r, err := e.Count(context.Background(), tt.p, 2); !errors.Is(err, tt.is) || r.Count != 0 {
					t.Errorf("native engine: count %d, err %v; want %v", r.Count, err, tt.is)
				}
				if _, err := e.Count(context.Background(), layouts.NewPuzzle(m), 1); err != nil {
					t.Fatal(err)
				}
				if r, err := e.Count(context.Background(), tt.p, 2); !errors.Is(err, tt.is) || r.Count != 0 {
					t.Errorf("native engine after a good puzzle: count %d, err %v; want %v", r.Count, err, tt.is)
				}
			})
		}
	}
}

// A puzzle whose CNF would not fit in memory is refused by the SAT
// engines before it is encoded, and auto keeps it on the native engine.
func TestTooLarge(t *testing.T) {
	m := testkit.Model(t, "classic", 64)
	p := layouts.NewPuzzle(m)
	// Refused before it is encoded: far less memory than the formula's
	// 1.2 GB is allocated on the way (time would say less on a busy
	// machine, where the measuring pass takes seconds).
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, err := gattai.Count(context.Background(), p, 1, gattai.Options{Engine: gattai.EngineSAT, Verify: gattai.VerifyOff})
	runtime.ReadMemStats(&after)
	var tl *gattai.TooLargeError
	if !errors.As(err, &tl) || !errors.Is(err, layouts.ErrTooLarge) || !strings.Contains(err.Error(), "64x64") {
		t.Errorf("sat: %v, want a TooLargeError", err)
	}
	t.Logf("refusing allocated %d MB", (after.TotalAlloc-before.TotalAlloc)>>20)
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 256<<20 {
		t.Errorf("refusing allocated %d MB", alloc>>20)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 500*time.Millisecond)
	defer cancel()
	r, err := gattai.Count(ctx, p, 1, gattai.Options{})
	if err != nil && !errors.Is(err, context.DeadlineExceeded) || err == nil && r.Count != 1 {
		t.Errorf("auto: count %d, %v", r.Count, err)
	}
	if err == nil && r.Engine != gattai.EngineBacktrack {
		t.Errorf("auto answered with %s, want the native engine", r.Engine)
	}
}

// A done context is an error, never a count.
func TestStopped(t *testing.T) {
	m := testkit.Model(t, "classic", 25)
	p := layouts.NewPuzzle(m)
	for _, o := range engines(t) {
		ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
		r, err := gattai.Count(ctx, p, 1<<30, o)
		cancel()
		if !errors.Is(err, context.DeadlineExceeded) {
			t.Errorf("%s%s: count %d, err %v; want the deadline", o.Engine, o.Solver, r.Count, err)
		}
	}
}

// For a puzzle with several solutions, Explain gives two, checked, and
// the cells where they differ, a minimal set: with the first's digits
// given everywhere else, a given at any one of them leaves one solution.
// Every engine, on a 4x4, a 9x9 and a Samurai with a given dropped.
func TestExplainSeveral(t *testing.T) {
	ctx := context.Background()
	var puzzles []*layouts.Puzzle
	for _, name := range []string{"classic", "samurai"} {
		p := testkit.ReadPuzzle(t, "testdata/examples/"+name+".txt", testkit.Model(t, name, 9))
		for c, d := range p.Givens { // the examples are minimal: one fewer has several
			if d != 0 {
				p.Givens[c] = 0
				break
			}
		}
		puzzles = append(puzzles, p)
	}
	four := layouts.NewPuzzle(testkit.Model(t, "classic", 4))
	copy(four.Givens, []uint8{0, 2, 0, 4, 0, 4, 0, 2, 2, 1, 4, 3, 4, 3, 2, 1})
	puzzles = append(puzzles, four)
	for _, opts := range engines(t) {
		for _, p := range puzzles {
			x, err := gattai.Explain(ctx, p, opts)
			if err != nil || !x.Solvable || len(x.Ambiguous) == 0 || len(x.Solutions) != 2 || x.Givens != nil {
				t.Fatalf("%s, %s: %+v, %v", opts.Engine, p.Model.Layout.Name, x, err)
			}
			a, b := x.Solutions[0], x.Solutions[1]
			for _, g := range x.Solutions {
				if err := layouts.Check(p, g); err != nil {
					t.Fatalf("%s: a solution fails its check: %v", opts.Engine, err)
				}
			}
			var differ []int
			for c := range a.Digits {
				if a.Digits[c] != b.Digits[c] {
					differ = append(differ, c)
				}
			}
			if fmt.Sprint(differ) != fmt.Sprint(x.Ambiguous) {
				t.Fatalf("%s: the solutions differ in %v, Ambiguous is %v", opts.Engine, differ, x.Ambiguous)
			}
			q := layouts.NewPuzzle(p.Model)
			for _, c := range x.Ambiguous {
				copy(q.Givens, a.Digits)
				for _, o := range x.Ambiguous {
					if o != c {
						q.Givens[o] = 0
					}
				}
				if r, err := gattai.Count(ctx, q, 2, opts); err != nil || r.Count != 1 {
					t.Errorf("%s, %s: with %s given too, %d solutions, %v: not minimal", opts.Engine, p.Model.Layout.Name, p.Model.Cells[c], r.Count, err)
				}
			}
		}
	}
}

// Explain finds a minimal set of givens, and the layout's constraints
// when they alone have no solution.
func TestExplain(t *testing.T) {
	m := testkit.Model(t, "classic", 4)
	p := layouts.NewPuzzle(m)
	p.Givens[0], p.Givens[15] = 1, 1 // r1c1 and r4c4: no conflict alone
	p.Givens[5] = 1                  // r2c2 = 1 shares box 1 with r1c1
	x, err := gattai.Explain(context.Background(), p, gattai.Options{})
	if err != nil || x.Solvable || len(x.Givens) != 2 || x.Givens[0] != 0 || x.Givens[1] != 5 {
		t.Errorf("explain: %+v, %v; want r1c1 and r2c2", x, err)
	}

	l := *m.Layout
	l.Constraints = []layouts.Constraint{
		{Kind: "diagonal"},
		{Kind: "killer", Sum: 3, Cells: []layouts.Pos{{Row: 0, Col: 0}, {Row: 0, Col: 1}}},
		{Kind: "killer", Sum: 3, Cells: []layouts.Pos{{Row: 1, Col: 0}, {Row: 1, Col: 1}}},
	}
	bad, err := layouts.Compile(&l)
	if err != nil {
		t.Fatal(err)
	}
	x, err = gattai.Explain(context.Background(), layouts.NewPuzzle(bad), gattai.Options{})
	if err != nil || x.Solvable || len(x.Givens) != 0 || len(x.Constraints) != 2 || x.Constraints[0] != 1 || x.Constraints[1] != 2 {
		t.Errorf("explain constraints: %+v, %v; want the two cages", x, err)
	}
}

// A grid handed back by Reuse takes the next answer of the native
// engine, and every engine still answers right after it; the answer
// after that goes into new memory.
func TestReuse(t *testing.T) {
	m := testkit.Model(t, "samurai", 9)
	p := testkit.ReadPuzzle(t, "testdata/examples/samurai.txt", m)
	want := testkit.ReadPuzzle(t, "testdata/examples/samurai.solution.txt", m)
	for _, o := range engines(t) {
		s, err := gattai.New(o)
		if err != nil {
			t.Fatal(err)
		}
		room := make([]uint8, len(m.Cells))
		s.Reuse(layouts.Grid{Model: m, Digits: room})
		r, err := s.Solve(context.Background(), p)
		if err != nil || string(r.Grid.Digits) != string(want.Givens) {
			t.Fatalf("%s: %v, grid\n%s", o.Engine, err, r.Grid)
		}
		if o.Engine == gattai.EngineBacktrack && &r.Grid.Digits[0] != &room[0] {
			t.Errorf("%s: the answer is not in the grid handed back", o.Engine)
		}
		next, err := s.Solve(context.Background(), p)
		if err != nil || &next.Grid.Digits[0] == &r.Grid.Digits[0] || string(r.Grid.Digits) != string(want.Givens) {
			t.Errorf("%s: the next answer went into the last one's memory", o.Engine)
		}
	}
}

// A nil context is an error of its own on every path, not a panic nor
// an engine's failure.
func TestNilContext(t *testing.T) {
	var none context.Context
	p := layouts.NewPuzzle(testkit.Model(t, "classic", 4))
	for _, o := range engines(t) {
		t.Run(o.Engine+o.Solver, func(t *testing.T) {
			s, err := gattai.New(o)
			if err != nil {
				t.Fatal(err)
			}
			for name, call := range map[string]func() error{
				"Count":        func() error { _, err := s.Count(none, p, 2); return err },
				"CountWithin":  func() error { _, err := s.CountWithin(none, p, 2, 100); return err },
				"CountWithout": func() error { _, err := s.CountWithout(none, p, 2, 0, 1); return err },
				"Explain":      func() error { _, err := s.Explain(none, p, nil); return err },
			} {
				if err := call(); !errors.Is(err, gattai.ErrNilContext) {
					t.Errorf("%s: %v", name, err)
				}
			}
		})
	}
	for _, e := range []interface {
		Count(context.Context, *layouts.Puzzle, int) (gattai.Result, error)
	}{&gattai.Native{}, &gattai.Gophersat{}, &gattai.External{Solver: "cadical"}} {
		if _, err := e.Count(none, p, 2); !errors.Is(err, gattai.ErrNilContext) {
			t.Errorf("%T: %v", e, err)
		}
	}
	if _, err := gattai.Export(none, io.Discard, p, encode.Options{}); !errors.Is(err, gattai.ErrNilContext) {
		t.Errorf("Export: %v", err)
	}
}

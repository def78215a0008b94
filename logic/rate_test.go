package logic_test

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"gattai/internal/testkit"
	"gattai/layouts"
	"gattai/logic"
)

// TestRateOrders rates a sample of each public set: the medians order
// sudoku17 < top1465 < forum-hardest-1106, and every path is held to
// its solution.
func TestRateOrders(t *testing.T) {
	sets := []struct {
		name string
		n    int
	}{{"sudoku17.txt", 60}, {"top1465.txt", 60}, {"forum-hardest-1106.txt", 20}}
	var medians []float64
	for _, set := range sets {
		ps := readShared(t, set.name, set.n)
		start := time.Now()
		var scores []float64
		sv := logic.NewWith(ps[0].Model, logic.Options{Unique: true})
		for _, p := range ps {
			sol := solution(t, p) // unique: the uniqueness techniques may apply
			steps, err := sv.Steps(t.Context(), p)
			if err != nil {
				t.Fatal(err)
			}
			checkSteps(t, p, steps, sol)
			r, err := sv.Rate(t.Context(), p)
			if err != nil {
				t.Fatal(err)
			}
			if !r.Solved || r.Steps != len(steps) {
				t.Errorf("%s: rate %+v, steps %d", p, r, len(steps))
			}
			scores = append(scores, r.Score)
		}
		slices.Sort(scores)
		med := scores[len(scores)/2]
		t.Logf("%s: %d puzzles, median %.1f, min %.1f, max %.1f (%v)", set.name, len(ps), med, scores[0], scores[len(scores)-1], time.Since(start))
		medians = append(medians, med)
	}
	for i := 1; i < len(medians); i++ {
		if medians[i] <= medians[i-1] {
			t.Errorf("median of %s is %.1f, not above %.1f of %s", sets[i].name, medians[i], medians[i-1], sets[i-1].name)
		}
	}
}

func classic(t *testing.T, line string) *layouts.Puzzle {
	t.Helper()
	ps, err := layouts.ReadAll(stringsReader(line), layouts.ReadOptions{})
	if err != nil || len(ps) != 1 {
		t.Fatalf("%q: %v", line, err)
	}
	return ps[0]
}

func TestHint(t *testing.T) {
	const puzzle = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
	p := classic(t, puzzle)
	steps, err := logic.Steps(t.Context(), p)
	if err != nil {
		t.Fatal(err)
	}
	h, err := logic.Hint(t.Context(), p)
	if err != nil || h.String() != steps[0].String() {
		t.Errorf("hint = %q, %v; want the first step %q", h, err, steps[0])
	}
	solved := classic(t, "534678912672195348198342567859761423426853791713924856961537284287419635345286179")
	if _, err := logic.Hint(t.Context(), solved); !errors.Is(err, logic.ErrSolved) {
		t.Errorf("hint on a full grid: %v, want ErrSolved", err)
	}
	conflict := &layouts.Puzzle{Model: p.Model, Givens: append([]uint8(nil), p.Givens...)}
	conflict.Givens[1] = conflict.Givens[0]
	for name, f := range map[string]func(*layouts.Puzzle) error{
		"hint":  func(p *layouts.Puzzle) error { _, err := logic.Hint(t.Context(), p); return err },
		"steps": func(p *layouts.Puzzle) error { _, err := logic.Steps(t.Context(), p); return err },
		"rate":  func(p *layouts.Puzzle) error { _, err := logic.Rate(t.Context(), p); return err },
	} {
		if err := f(conflict); !errors.Is(err, logic.ErrNoSolution) {
			t.Errorf("%s on conflicting givens: %v, want ErrNoSolution", name, err)
		}
	}
	// Two solutions: the path ends where search is needed.
	two := classic(t, ".........."+puzzle[10:])
	r, err := logic.Rate(t.Context(), two)
	if err != nil || r.Solved || r.Hardest != logic.Search || r.Level != logic.Extreme {
		t.Errorf("rate on a puzzle with many solutions = %+v, %v", r, err)
	}
	// An empty 4x4's hint is a step that proves nothing, and says only
	// that.
	m4, err := layouts.Compile(layouts.Classic(4, layouts.DefaultBox(4)))
	if err != nil {
		t.Fatal(err)
	}
	h, err = logic.Hint(t.Context(), layouts.NewPuzzle(m4))
	if err != nil || h.Technique != logic.Search || h.String() != "search (depth 3)" || h.Nudge() != "search (depth 3)" {
		t.Errorf("hint on an empty 4x4 = %q (nudge %q), %v; want \"search (depth 3)\"", h, h.Nudge(), err)
	}
}

func TestUnavailable(t *testing.T) {
	l := layouts.Classic(9, layouts.DefaultBox(9))
	m, err := layouts.Compile(l)
	if err != nil {
		t.Fatal(err)
	}
	m.Rules = append(m.Rules, layouts.Rule{Kind: "sandwich", Name: "sandwich row 1", Cells: m.Units[0].Cells})
	p := layouts.NewPuzzle(m)
	_, err = logic.Rate(t.Context(), p)
	if !errors.Is(err, logic.ErrUnavailable) || err.Error() != "rating unavailable: rule kind sandwich" {
		t.Errorf("rate with an unknown rule kind: %v", err)
	}
	// Every kind without a technique is named, once.
	m.Rules = append(m.Rules, layouts.Rule{Kind: "xsum", Name: "xsum row 2", Cells: m.Units[1].Cells}, layouts.Rule{Kind: "sandwich", Name: "sandwich row 3", Cells: m.Units[2].Cells})
	if _, err = logic.Rate(t.Context(), p); !errors.Is(err, logic.ErrUnavailable) || err.Error() != "rating unavailable: rule kinds sandwich, xsum" {
		t.Errorf("rate with two unknown rule kinds: %v", err)
	}
	// RatesRule says so beforehand, and agrees for a kind it rates.
	if logic.RatesRule("sandwich") || !logic.RatesRule("killer") {
		t.Errorf("RatesRule: sandwich %v, killer %v", logic.RatesRule("sandwich"), logic.RatesRule("killer"))
	}
}

func TestStepText(t *testing.T) {
	p := classic(t, "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........")
	steps, err := logic.Steps(t.Context(), p)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		logic.HiddenSingle: "hidden single: r9c3 = 7 (box 7)",
		logic.Pointing:     "pointing: r1c3 <> 5, r2c3 <> 5, r3c3 <> 5 (box 4, column 3; r5c3 r6c3)",
	}
	for _, st := range steps {
		if w, ok := want[st.Technique]; ok {
			if st.String() != w {
				t.Errorf("first %s = %q, want %q", st.Technique, st, w)
			}
			delete(want, st.Technique)
		}
	}
	if len(want) > 0 {
		t.Errorf("not met: %v", want)
	}
	b, err := json.Marshal(steps[0])
	if err != nil {
		t.Fatal(err)
	}
	const wantJSON = `{"technique":"hidden single","weight":1.2,"units":["box 7"],"placements":[{"cell":"r9c3","digit":7}],"cells":["r9c3"]}`
	if string(b) != wantJSON {
		t.Errorf("json = %s\nwant %s", b, wantJSON)
	}
}

// A puzzle that does not fit its model (givens of the wrong length, a
// given beyond N, no model) is refused as the engines refuse it, with
// layouts.ErrPuzzle: never rated as some other puzzle, never a panic.
func TestBadPuzzle(t *testing.T) {
	m, err := layouts.Compile(layouts.Classic(9, layouts.DefaultBox(9)))
	if err != nil {
		t.Fatal(err)
	}
	long := make([]uint8, 90)
	long[85] = 1
	beyond := make([]uint8, 81)
	beyond[0] = 12
	for _, tc := range []struct {
		name string
		p    *layouts.Puzzle
	}{
		{"short givens", &layouts.Puzzle{Model: m, Givens: make([]uint8, 5)}},
		{"no givens", &layouts.Puzzle{Model: m}},
		{"long givens", &layouts.Puzzle{Model: m, Givens: long}},
		{"digit beyond N", &layouts.Puzzle{Model: m, Givens: beyond}},
		{"no model", &layouts.Puzzle{Givens: make([]uint8, 81)}},
	} {
		for name, f := range map[string]func(*layouts.Puzzle) error{
			"hint":        func(p *layouts.Puzzle) error { _, err := logic.Hint(t.Context(), p); return err },
			"steps":       func(p *layouts.Puzzle) error { _, err := logic.Steps(t.Context(), p); return err },
			"rate":        func(p *layouts.Puzzle) error { _, err := logic.Rate(t.Context(), p); return err },
			"solver rate": func(p *layouts.Puzzle) error { _, err := logic.New(m).Rate(t.Context(), p); return err },
		} {
			t.Run(tc.name+"/"+name, func(t *testing.T) {
				defer func() {
					if r := recover(); r != nil {
						t.Fatalf("panic: %v", r)
					}
				}()
				if err := f(tc.p); !errors.Is(err, layouts.ErrPuzzle) {
					t.Errorf("err %v, want layouts.ErrPuzzle", err)
				}
			})
		}
	}
}

// TestStop: a done context ends Hint, Steps and Rate with its error and
// no step or rating, soon, even in the middle of a Sumo's trials.
func TestStop(t *testing.T) {
	f, err := os.Open(filepath.Join("..", "testdata", "bench", "sumo-unique.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	ps, err := layouts.ReadAll(f, layouts.ReadOptions{Model: testkit.Model(t, "sumo", 9)})
	if err != nil {
		t.Fatal(err)
	}
	p := ps[0]
	done, cancel := context.WithCancel(t.Context())
	cancel()
	if _, err := logic.Hint(done, p); !errors.Is(err, context.Canceled) {
		t.Errorf("hint on a done context: %v", err)
	}
	sv := logic.NewWith(p.Model, logic.Options{Unique: true})
	for name, run := range map[string]func(context.Context) (any, error){
		"rate":  func(ctx context.Context) (any, error) { return sv.Rate(ctx, p) },
		"steps": func(ctx context.Context) (any, error) { return sv.Steps(ctx, p) },
	} {
		ctx, cancel := context.WithTimeout(t.Context(), 30*time.Millisecond)
		start := time.Now()
		got, err := run(ctx)
		cancel()
		if d := time.Since(start); !errors.Is(err, context.DeadlineExceeded) || d > 2*time.Second {
			t.Errorf("%s: %v after %v, want the deadline within 2s", name, err, d)
		}
		if r, ok := got.(logic.Rating); ok && r != (logic.Rating{}) || !ok && got.([]logic.Step) != nil {
			t.Errorf("%s: %v beside the deadline, want nothing", name, got)
		}
	}
	// The solver answers after the stops. Rating the whole puzzle takes
	// seconds under the race detector, which CI runs with -short: there
	// half its empty cells are given from its solution.
	q := p
	if testing.Short() {
		sol := solution(t, p)
		q = subset(p, func(int) bool { return true })
		for c := 0; c < len(sol); c += 2 {
			q.Givens[c] = sol[c]
		}
	}
	if r, err := sv.Rate(t.Context(), q); err != nil || !r.Solved {
		t.Errorf("the solver after a stop: %+v, %v", r, err)
	}
}

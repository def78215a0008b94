package gattai

import (
	"context"
	"errors"
	"testing"

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

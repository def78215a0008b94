package gattai_test

import (
	"context"
	"testing"

	"gattai"
	"gattai/layouts"
)

// Grids without boxes (layouts.NoBox) are Latin squares, and every
// engine counts them as such: 12 fillings of a 3x3 and 576 of a 4x4
// (OEIS A002860). A 9x9 cyclic square, one row
// emptied, breaks the 3x3 boxes: only an engine that ignores them (and
// so never takes the classic 9x9 path) finds its one completion.
func TestLatinSquares(t *testing.T) {
	latin := func(n int) *layouts.Model {
		l, err := layouts.Builtin("classic", n, layouts.NoBox)
		if err != nil {
			t.Fatal(err)
		}
		m, err := layouts.Compile(l)
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	cyclic := layouts.NewPuzzle(latin(9))
	for r := 1; r < 9; r++ {
		for c := range 9 {
			cyclic.Givens[r*9+c] = uint8((r+c)%9 + 1)
		}
	}
	tests := []struct {
		name  string
		p     *layouts.Puzzle
		limit int
		want  int
	}{
		{"3x3 empty", layouts.NewPuzzle(latin(3)), 100, 12},
		{"4x4 empty", layouts.NewPuzzle(latin(4)), 1000, 576},
		{"9x9 cyclic, a row empty", cyclic, 2, 1},
	}
	for _, tt := range tests {
		for _, o := range []gattai.Options{
			{Engine: gattai.EngineBacktrack, Verify: gattai.VerifyOff},
			{Engine: gattai.EngineSAT, Verify: gattai.VerifyOff},
			{Engine: gattai.EngineAuto},
		} {
			t.Run(tt.name+"/"+o.Engine, func(t *testing.T) {
				r, err := gattai.Count(context.Background(), tt.p, tt.limit, o)
				if err != nil {
					t.Fatal(err)
				}
				if r.Count != tt.want {
					t.Errorf("%d solutions, want %d", r.Count, tt.want)
				}
				if err := layouts.Check(tt.p, r.Grid); err != nil {
					t.Errorf("Check: %v", err)
				}
			})
		}
	}
}

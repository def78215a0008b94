package generate_test

import (
	"context"
	"testing"

	"gattai"
	"gattai/generate"
	"gattai/internal/testkit"
)

// Solvers counts with the facade: bad options are refused up front, and
// what it makes has one solution.
func TestSolvers(t *testing.T) {
	if _, err := generate.Solvers(gattai.Options{Engine: "nosuch"}); err == nil {
		t.Error("an unknown engine was accepted")
	}
	counters, err := generate.Solvers(gattai.Options{Engine: gattai.EngineBacktrack, Verify: gattai.VerifyOn})
	if err != nil {
		t.Fatal(err)
	}
	m := testkit.Model(t, "classic", 6)
	err = generate.Generate(context.Background(), m, generate.Options{Count: 2, Seed: 9}, counters, func(p generate.Puzzle) error {
		r, err := gattai.Count(context.Background(), p.Puzzle, 2, gattai.Options{})
		if err != nil || r.Status() != gattai.Unique {
			t.Errorf("puzzle %d: %v, %v", p.Index, r.Status(), err)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

package logic_test

import (
	"path/filepath"
	"testing"
	"time"

	"gattai/internal/testkit"
	"gattai/logic"
)

func TestScratch3(t *testing.T) {
	dir := filepath.Join("..", "testdata", "variants")
	for _, name := range testkit.Variants(t, dir) {
		p, g := testkit.ReadVariant(t, dir, name)
		start := time.Now()
		steps, err := logic.Steps(p)
		if err != nil {
			t.Fatal(name, err)
		}
		checkSteps(t, p, steps, g.Digits)
		hist := map[string]int{}
		for _, s := range steps {
			hist[s.Technique]++
		}
		r, _ := logic.Rate(p)
		t.Logf("%s %v %+v %v", name, time.Since(start), r, hist)
	}
	for _, name := range []string{"classic", "samurai", "twodoku", "butterfly", "flower", "gattai8", "shogun", "sohei", "sumo", "windmill"} {
		base := filepath.Join("..", "testdata", "examples", name)
		p := testkit.ReadPuzzle(t, base+".txt", nil)
		s := testkit.ReadPuzzle(t, base+".solution.txt", p.Model)
		start := time.Now()
		steps, err := logic.Steps(p)
		if err != nil {
			t.Fatal(name, err)
		}
		checkSteps(t, p, steps, s.Givens)
		hist := map[string]int{}
		for _, s := range steps {
			hist[s.Technique]++
		}
		r, _ := logic.Rate(p)
		t.Logf("%s %v %+v %v", name, time.Since(start), r, hist)
	}
}

package logic_test

import (
	"testing"
	"time"

	"gattai/logic"
)

func TestScratch(t *testing.T) {
	for _, set := range []string{"sudoku17.txt", "top1465.txt", "forum-hardest-1106.txt"} {
		ps := readShared(t, set, 40)
		start := time.Now()
		hist := map[string]int{}
		var scores []float64
		for _, p := range ps {
			sol := solution(t, p)
			steps, err := logic.Steps(p)
			if err != nil {
				t.Fatal(err)
			}
			checkSteps(t, p, steps, sol)
			r, _ := logic.Rate(p)
			hist[r.Hardest]++
			scores = append(scores, r.Score)
		}
		t.Logf("%s: %d puzzles in %v: %v %v", set, len(ps), time.Since(start), hist, scores)
	}
}

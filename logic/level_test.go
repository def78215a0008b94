package logic

import (
	"math"
	"testing"
)

// TestLevelScores checks that each level's score range is exactly the
// scores LevelOf labels with it: its ends inside, the next floats out.
func TestLevelScores(t *testing.T) {
	for l := Easy; l <= Extreme; l++ {
		lo, hi := l.Scores()
		if LevelOf(lo) != l || !math.IsInf(hi, 1) && LevelOf(hi) != l {
			t.Errorf("%s: %g..%g labelled %s..%s", l, lo, hi, LevelOf(lo), LevelOf(hi))
		}
		if below := math.Nextafter(lo, math.Inf(-1)); l > Easy && LevelOf(below) == l {
			t.Errorf("%s: %g below its range is labelled %s", l, below, l)
		}
		if above := math.Nextafter(hi, math.Inf(1)); l < Extreme && LevelOf(above) == l {
			t.Errorf("%s: %g above its range is labelled %s", l, above, l)
		}
		if got, err := ParseLevel(l.String()); got != l || err != nil {
			t.Errorf("ParseLevel(%q) = %s, %v", l, got, err)
		}
	}
	if _, err := ParseLevel("harder"); err == nil {
		t.Error("ParseLevel(harder): no error")
	}
}

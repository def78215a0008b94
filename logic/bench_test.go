package logic_test

import (
	"testing"

	"gattai/logic"
)

// BenchmarkRate rates whole public sets (skipped when ../shared is
// absent); one op is one pass over the set.
func BenchmarkRate(b *testing.B) {
	for _, set := range []struct {
		name string
		n    int
	}{{"sudoku17.txt", 2000}, {"top1465.txt", 0}} {
		b.Run(set.name, func(b *testing.B) {
			ps := readShared(b, set.name, set.n)
			sv := logic.New(ps[0].Model)
			b.ReportAllocs()
			b.ResetTimer()
			for b.Loop() {
				for _, p := range ps {
					if _, err := sv.Rate(b.Context(), p); err != nil {
						b.Fatal(err)
					}
				}
			}
			b.ReportMetric(float64(b.N*len(ps))/b.Elapsed().Seconds(), "puzzles/s")
		})
	}
}

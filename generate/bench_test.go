package generate_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"gattai/generate"
	"gattai/internal/gen"
	"gattai/internal/testkit"
	"gattai/layouts"
)

// BenchmarkGenerate makes minimal unique puzzles, one per iteration, on
// one worker: run with -cpu=1 to compare with qqwing --generate (its
// user time). puzzles/cpu-s divides by the process's CPU time, which a
// busy machine disturbs less than the wall clock.
func BenchmarkGenerate(b *testing.B) {
	for _, tc := range []struct {
		layout string
		n      int
		opts   generate.Options
	}{
		{"classic", 9, generate.Options{}},
		{"classic", 9, generate.Options{Symmetry: generate.Rotate180}},
		{"classic", 4, generate.Options{}},
		{"classic", 6, generate.Options{}},
		{"classic", 16, generate.Options{}},
		{"samurai", 9, generate.Options{}},
		{"sumo", 9, generate.Options{}},
		{"classic", 9, generate.Options{Kinds: []string{"killer"}}},
	} {
		name := fmt.Sprintf("%s/%d", tc.layout, tc.n)
		if tc.opts.Symmetry != generate.NoSymmetry {
			name += "-" + tc.opts.Symmetry.String()
		}
		for _, k := range tc.opts.Kinds {
			name += "-" + k
		}
		b.Run(name, func(b *testing.B) {
			m := testkit.Model(b, tc.layout, tc.n)
			opts := tc.opts
			opts.Count = b.N
			clues := 0
			b.ReportAllocs()
			b.ResetTimer()
			cpu := cpuTime()
			err := generate.Generate(context.Background(), m, opts, gen.NewCounter, func(p generate.Puzzle) error {
				clues += p.Clues()
				return nil
			})
			if err != nil {
				b.Fatal(err)
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "puzzles/s")
			if cpu := cpuTime() - cpu; cpu > 0 {
				b.ReportMetric(float64(b.N)/cpu.Seconds(), "puzzles/cpu-s")
			}
			b.ReportMetric(float64(clues)/float64(b.N), "givens")
		})
	}
}

// BenchmarkFill compares the two fillers: Fill's one count after random
// seeds, and Grow's count per cell.
func BenchmarkFill(b *testing.B) {
	for _, f := range []struct {
		name string
		fill func(context.Context, *layouts.Model, generate.Counter, *rand.Rand) (layouts.Grid, error)
	}{{"fill", generate.Fill}, {"grow", generate.Grow}} {
		for _, tc := range []struct {
			layout string
			n      int
		}{{"classic", 9}, {"classic", 16}, {"samurai", 9}, {"sumo", 9}} {
			b.Run(fmt.Sprintf("%s/%s/%d", f.name, tc.layout, tc.n), func(b *testing.B) {
				m := testkit.Model(b, tc.layout, tc.n)
				c := gen.NewCounter(m)
				rng := rand.New(rand.NewPCG(1, 2))
				b.ReportAllocs()
				cpu := cpuTime()
				for b.Loop() {
					if _, err := f.fill(context.Background(), m, c, rng); err != nil {
						b.Fatal(err)
					}
				}
				if cpu := cpuTime() - cpu; cpu > 0 {
					b.ReportMetric(float64(b.N)/cpu.Seconds(), "grids/cpu-s")
				}
			})
		}
	}
}

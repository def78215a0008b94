package encode_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"gattai/encode"
	"gattai/layouts"
)

// TestEstimate: Estimate predicts exactly the size of the formula that
// Puzzle makes, on layouts of several sizes, with givens, variant rules
// (the testdata CNFs) and every encoding, and DIMACSBytes is the length
// of the body that WriteDIMACS writes.
func TestEstimate(t *testing.T) {
	ctx := context.Background()
	var puzzles []*layouts.Puzzle
	for _, tc := range []struct {
		layout string
		n      int
		canvas string
	}{
		{"classic", 1, ""}, {"classic", 4, "12"}, {"classic", 9, ""}, {"samurai", 4, "1"},
		{"sumo", 6, "123"}, {"classic", 16, ""}, {"classic", 4, "11"},
	} {
		puzzles = append(puzzles, puzzle(t, tc.layout, tc.n, tc.canvas))
	}
	for _, name := range []string{"variant4.counter.cnf", "twodoku4.pairwise.cnf", "six.binary.cnf"} {
		puzzles = append(puzzles, readCNF(t, name).Puzzle)
	}
	for _, p := range puzzles {
		for _, amo := range encode.AMOs() {
			for _, sum := range []encode.Sum{encode.SumAuto, encode.SumCounter} {
				opts := encode.Options{AMO: amo, Sum: sum}
				t.Run(fmt.Sprintf("%s %d %s %s", p.Model.Layout.Name, p.Model.N, amo, sum), func(t *testing.T) {
					got, err := encode.Estimate(ctx, p, opts)
					if err != nil {
						t.Fatal(err)
					}
					f, err := encode.Puzzle(p, opts)
					if err != nil {
						t.Fatal(err)
					}
					want := f.Size()
					if got != want {
						t.Errorf("estimate %+v\nencoded  %+v", got, want)
					}
					var b bytes.Buffer
					if err := f.WriteDIMACS(&b); err != nil {
						t.Fatal(err)
					}
					body := b.Bytes()[bytes.Index(b.Bytes(), []byte("\np cnf "))+1:]
					if int64(len(body)) != got.DIMACSBytes {
						t.Errorf("DIMACSBytes %d, WriteDIMACS wrote %d", got.DIMACSBytes, len(body))
					}
				})
			}
		}
	}
}

// BenchmarkEncode encodes an empty 25x25 and 36x36 with each encoding:
// -benchmem shows the memory of encoding.
// A sandwich or x-sum on a big grid has astronomically many sets of
// digits: the encoding refuses it (ErrTooLarge) in a fraction of a
// second, and stops when its context does while it lists them.
func TestRuleSetsBounded(t *testing.T) {
	line := func(kind string, n, sum int) *layouts.Puzzle {
		l := layouts.Classic(n, layouts.DefaultBox(n))
		c := layouts.Constraint{Kind: kind, Sum: sum}
		for col := range n {
			c.Cells = append(c.Cells, layouts.Pos{Row: 0, Col: col})
		}
		l.Constraints = []layouts.Constraint{c}
		m, err := layouts.Compile(l)
		if err != nil {
			t.Fatal(err)
		}
		return layouts.NewPuzzle(m)
	}
	estimate := func(ctx context.Context, p *layouts.Puzzle) error {
		done := make(chan error, 1)
		go func() {
			_, err := encode.Estimate(ctx, p, encode.Options{})
			done <- err
		}()
		select {
		case err := <-done:
			return err
		case <-time.After(20 * time.Second):
			t.Fatalf("%s: still encoding after 20s", p.Model.Rules[0].Name)
			return nil
		}
	}
	for _, p := range []*layouts.Puzzle{line("sandwich", 64, 600), line("xsum", 49, 300)} {
		if err := estimate(context.Background(), p); !errors.Is(err, layouts.ErrTooLarge) {
			t.Errorf("%s: %v, want ErrTooLarge", p.Model.Rules[0].Name, err)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	if err := estimate(ctx, line("sandwich", 25, 100)); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("25x25 sandwich, stopped: %v", err)
	}
}

func BenchmarkEncode(b *testing.B) {
	for _, n := range []int{25, 36} {
		l, err := layouts.Builtin("classic", n, layouts.Shape{})
		if err != nil {
			b.Fatal(err)
		}
		m, err := layouts.Compile(l)
		if err != nil {
			b.Fatal(err)
		}
		p := layouts.NewPuzzle(m)
		for _, amo := range []encode.AMO{encode.Pairwise, encode.Sequential} {
			b.Run(fmt.Sprintf("%dx%d/%s", n, n, amo), func(b *testing.B) {
				b.ReportAllocs()
				var clauses int
				for b.Loop() {
					f, err := encode.Puzzle(p, encode.Options{AMO: amo})
					if err != nil {
						b.Fatal(err)
					}
					clauses = len(f.Clauses)
				}
				b.ReportMetric(float64(clauses), "clauses")
			})
		}
	}
}

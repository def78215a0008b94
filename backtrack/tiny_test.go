package backtrack_test

import (
	"context"
	"fmt"
	"testing"

	"gattai/backtrack"
	"gattai/encode"
	"gattai/layouts"
	"gattai/sat"
)

// TestTiny counts every catalogue layout of 1, 2 and 3 symbols (and
// the classic 1..5 with every box that fits) in both engines, with
// every encoding: the same count, and every grid passes layouts.Check.
// A 1x1 grid once overflowed the stack: its one cell starts with one
// candidate, which no removal queues, and search branched on it forever.
func TestTiny(t *testing.T) {
	ctx := context.Background()
	type tc struct {
		name string
		l    *layouts.Layout
	}
	var cases []tc
	for _, info := range layouts.Builtins() {
		for n := 1; n <= 3; n++ {
			l, err := layouts.Builtin(info.Name, n, layouts.Shape{})
			if err != nil {
				continue // no such layout at this size: Builtin says why
			}
			cases = append(cases, tc{fmt.Sprintf("%s %d", info.Name, n), l})
		}
	}
	for n := 1; n <= 5; n++ {
		for rows := 1; rows <= n; rows++ {
			if n%rows != 0 {
				continue
			}
			box := layouts.Shape{Rows: rows, Cols: n / rows}
			l, err := layouts.Builtin("classic", n, box)
			if err != nil {
				t.Fatalf("classic %d box %s: %v", n, box, err)
			}
			cases = append(cases, tc{fmt.Sprintf("classic %d box %s", n, box), l})
		}
	}
	if len(cases) < 10 {
		t.Fatalf("only %d tiny layouts", len(cases))
	}
	const limit = 200
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m, err := layouts.Compile(c.l)
			if err != nil {
				t.Skipf("does not compile: %v", err)
			}
			p := layouts.NewPuzzle(m)
			// One given, so both the empty and a narrowed start run.
			for _, given := range []uint8{0, 1} {
				p.Givens[0] = given
				got, err := backtrack.CheckSolutions(backtrack.New(m)).Count(ctx, p, limit)
				if err != nil {
					t.Fatal(err)
				}
				if got.Count == 0 {
					t.Fatalf("given %d: no grid", given)
				}
				if err := layouts.Check(p, got.Grid); err != nil {
					t.Fatalf("given %d: %v", given, err)
				}
				for _, amo := range encode.AMOs() {
					want, err := sat.Count(ctx, p, sat.Options{Encoding: amo, Limit: limit})
					if err != nil {
						t.Fatalf("sat %s: %v", amo, err)
					}
					if want.Count != got.Count {
						t.Errorf("given %d: backtrack counts %d, sat %s %d", given, got.Count, amo, want.Count)
					}
					if err := layouts.Check(p, want.Grid); err != nil {
						t.Errorf("sat %s: %v", amo, err)
					}
				}
			}
		})
	}
}

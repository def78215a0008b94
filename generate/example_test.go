package generate_test

import (
	"context"
	"fmt"

	"gattai"
	"gattai/generate"
	"gattai/layouts"
)

// Two minimal 4x4 puzzles with their givens in rotational symmetry,
// counted by the gattai facade's verified solve (generate.Solvers).
func ExampleGenerate() {
	l, _ := layouts.Builtin("classic", 4, layouts.Shape{})
	m, _ := layouts.Compile(l)
	counters, err := generate.Solvers(gattai.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	opts := generate.Options{Count: 2, Seed: 1, Symmetry: generate.Rotate180}
	err = generate.Generate(context.Background(), m, opts, counters, func(p generate.Puzzle) error {
		fmt.Printf("puzzle %d, %d givens:\n%s", p.Index+1, p.Clues(), p.Puzzle)
		return nil
	})
	if err != nil {
		fmt.Println(err)
	}
	// Output:
	// puzzle 1, 4 givens:
	// 13..
	// ....
	// ....
	// ..12
	// puzzle 2, 4 givens:
	// .3.1
	// ....
	// ....
	// 1.4.
}

// A killer puzzle: the cages are drawn from a random grid and go into a
// layout of the puzzle's own, and the givens are removed while the
// cages and the givens left keep the solution unique.
func ExampleGenerate_killer() {
	l, _ := layouts.Builtin("classic", 6, layouts.Shape{})
	m, _ := layouts.Compile(l)
	counters, err := generate.Solvers(gattai.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	opts := generate.Options{Seed: 2, Kinds: []string{"killer"}}
	err = generate.Generate(context.Background(), m, opts, counters, func(p generate.Puzzle) error {
		cs := p.Model.Layout.Constraints
		fmt.Printf("%d cages, the first %s summing to %d; %d givens\n", len(cs), cs[0].Cells, cs[0].Sum, p.Clues())
		return nil
	})
	if err != nil {
		fmt.Println(err)
	}
	// Output:
	// 9 cages, the first [r1c1 r1c2 r1c3 r1c4] summing to 15; 6 givens
}

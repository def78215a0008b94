package logic_test

import (
	"context"
	"fmt"
	"strings"

	"gattai/backtrack"
	"gattai/layouts"
	"gattai/logic"
)

func ExampleRate() {
	ps, err := layouts.ReadAll(strings.NewReader(".....8.....1.5.......6..4.1....15..25.83........28....8...3..643....9....4...62.9\n"), layouts.ReadOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	r, err := logic.Rate(context.Background(), ps[0])
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%.1f %s, hardest %s, depth %d, %d steps\n", r.Score, r.Level, r.Hardest, r.Depth, r.Steps)
	// Output:
	// 3.4 medium, hardest hidden pair, depth 0, 60 steps
}

func ExampleHint() {
	ps, err := layouts.ReadAll(strings.NewReader(".....8.....1.5.......6..4.1....15..25.83........28....8...3..643....9....4...62.9\n"), layouts.ReadOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	st, err := logic.Hint(context.Background(), ps[0])
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(st)
	// Output:
	// hidden single: r1c4 = 1 (box 2)
}

func ExampleSteps() {
	ps, err := layouts.ReadAll(strings.NewReader(".....8.....1.5.......6..4.1....15..25.83........28....8...3..643....9....4...62.9\n"), layouts.ReadOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	steps, err := logic.Steps(context.Background(), ps[0])
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, st := range steps {
		if st.Weight > 2.3 { // beyond singles
			fmt.Println(st)
		}
	}
	// Output:
	// pointing: r1c7 <> 9, r1c8 <> 9 (box 1, row 1; r1c1 r1c3)
	// pointing: r6c7 <> 9, r6c8 <> 9 (box 4, row 6; r6c1 r6c3)
	// hidden pair: r3c2 <> 3, r3c2 <> 7, r3c8 <> 2, r3c8 <> 7 (row 3; r3c2 r3c8)
}

// A puzzle proved unique may be rated with the uniqueness techniques,
// as gattai rate does.
func ExampleNewWith() {
	ps, err := layouts.ReadAll(strings.NewReader(".................1..2..3.4......2.....5..43...1......6..4...2...7..1.....8..6...7\n"), layouts.ReadOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	p := ps[0]
	if res, err := backtrack.Count(context.Background(), p, 2); err != nil || res.Count != 1 {
		fmt.Println("not unique:", err)
		return
	}
	plain, _ := logic.Rate(context.Background(), p)
	unique, _ := logic.NewWith(p.Model, logic.Options{Unique: true}).Rate(context.Background(), p)
	fmt.Printf("%.1f %s\n%.1f %s\n", plain.Score, plain.Hardest, unique.Score, unique.Hardest)
	// Output:
	// 7.3 aic
	// 4.5 unique rectangle type 1
}

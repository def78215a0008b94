package backtrack_test

import (
	"context"
	"fmt"
	"strings"

	"gattai/backtrack"
	"gattai/layouts"
)

// ExampleSolve solves a 4x4 twodoku: two grids sharing a corner box.
func ExampleSolve() {
	l, _ := layouts.Builtin("twodoku", 4, layouts.Shape{})
	m, _ := layouts.Compile(l)
	ps, err := layouts.ReadAll(strings.NewReader(""+
		".4..\n"+
		"3...\n"+
		".....2\n"+
		"..3...\n"+
		"  ...3\n"+
		"  4...\n"), layouts.ReadOptions{Format: layouts.FormatCanvas, Model: m})
	if err != nil {
		fmt.Println(err)
		return
	}
	r, err := backtrack.Count(context.Background(), ps[0], 2)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(r.Count, "solution")
	fmt.Print(r.Grid)
	// Output:
	// 1 solution
	// 1423
	// 3241
	// 231432
	// 413214
	//   2143
	//   4321
}

package sat_test

import (
	"context"
	"fmt"

	"gattai/layouts"
	"gattai/sat"
)

func ExampleSolve() {
	l, _ := layouts.Builtin("classic", 4, layouts.Shape{})
	m, _ := layouts.Compile(l)
	p := layouts.NewPuzzle(m)
	for c, ch := range []byte(".2.43.1....34.2.") { // row by row
		p.Givens[c] = uint8(layouts.SymbolDigit(ch))
	}
	res, err := sat.Count(context.Background(), p, sat.Options{Limit: 2})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%d grid, %d variables, %d clauses, by %s\n", res.Count, res.Vars, res.Clauses, res.Engine)
	fmt.Print(res.Grid)
	// Output:
	// 1 grid, 11 variables, 43 clauses, by gophersat
	// 1234
	// 3412
	// 2143
	// 4321
}

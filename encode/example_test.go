package encode_test

import (
	"fmt"
	"os"

	"gattai/encode"
	"gattai/layouts"
)

func ExampleFormula_WriteDIMACS() {
	l, _ := layouts.Builtin("classic", 4, layouts.Shape{})
	m, _ := layouts.Compile(l)
	p := layouts.NewPuzzle(m)
	for c, ch := range []byte(".2.43.1....34.2.") { // row by row
		p.Givens[c] = uint8(layouts.SymbolDigit(ch))
	}
	f, err := encode.Puzzle(p, encode.Options{AMO: encode.Pairwise})
	if err != nil {
		fmt.Println(err)
		return
	}
	if err := f.WriteDIMACS(os.Stdout); err != nil {
		fmt.Println(err)
	}
	// Output:
	// c gattai: sudoku on layout "classic", size 4, box 2x2: 16 cells, 12 units, 7 givens
	// c encoding pairwise
	// c layout {
	// c layout   "name": "classic",
	// c layout   "size": 4,
	// c layout   "box": "2x2",
	// c layout   "grids": [
	// c layout     {
	// c layout       "at": "r1c1"
	// c layout     }
	// c layout   ]
	// c layout }
	// c givens .2.43.1....34.2.
	// c canvas .2.4
	// c canvas 3.1.
	// c canvas ...3
	// c canvas 4.2.
	// c vars 11 cell, 0 auxiliary
	// c var 1 r1c1 1
	// c var 2 r1c3 3
	// c var 3 r2c2 4
	// c var 4 r2c4 2
	// c var 5 r3c1 1
	// c var 6 r3c1 2
	// c var 7 r3c2 1
	// c var 8 r3c3 4
	// c var 9 r4c2 1
	// c var 10 r4c2 3
	// c var 11 r4c4 1
	// p cnf 11 43
	// 1 0
	// 2 0
	// 3 0
	// 4 0
	// 5 6 0
	// 7 0
	// 8 0
	// 9 10 0
	// 11 0
	// -5 -6 0
	// -9 -10 0
	// 1 0
	// 2 0
	// 4 0
	// 3 0
	// 5 7 0
	// 6 0
	// 8 0
	// 9 11 0
	// 10 0
	// 1 5 0
	// 6 0
	// 7 9 0
	// 10 0
	// 3 0
	// 2 0
	// 8 0
	// 11 0
	// 4 0
	// 1 0
	// 3 0
	// 4 0
	// 2 0
	// 5 7 9 0
	// 6 0
	// 10 0
	// 11 0
	// 8 0
	// -1 -5 0
	// -5 -7 0
	// -5 -9 0
	// -7 -9 0
	// -9 -11 0
}

// A killer cage of two cells summing to 3 leaves its cells the digits 1
// and 2 only: the others get no variable.
func ExamplePuzzle_killer() {
	l, _ := layouts.Builtin("classic", 4, layouts.Shape{})
	l.Constraints = []layouts.Constraint{
		{Kind: "killer", Sum: 3, Cells: []layouts.Pos{{Row: 0, Col: 0}, {Row: 0, Col: 1}}},
	}
	m, _ := layouts.Compile(l)
	f, err := encode.Puzzle(layouts.NewPuzzle(m), encode.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(f)
	for d := 1; d <= 4; d++ {
		fmt.Printf("r1c1 holds %d: variable %d\n", d, f.Var(0, d))
	}
	// Output:
	// 60 vars (60 cell), 350 clauses, pairwise, killer combinations
	// r1c1 holds 1: variable 1
	// r1c1 holds 2: variable 2
	// r1c1 holds 3: variable 0
	// r1c1 holds 4: variable 0
}

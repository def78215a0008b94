package svg_test

import (
	"fmt"
	"os"

	"gattai/layouts"
	"gattai/svg"
)

func ExampleWrite() {
	// A 2x2 grid with boxes of one row: 1 given, 3 solved.
	m, err := layouts.Compile(layouts.Classic(2, layouts.Shape{Rows: 1, Cols: 2}))
	if err != nil {
		fmt.Println(err)
		return
	}
	p := layouts.NewPuzzle(m)
	p.Givens[0] = 1
	g := &layouts.Grid{Model: m, Digits: []uint8{1, 2, 2, 1}}
	if err := svg.Write(os.Stdout, p, g, svg.Options{Title: "tiny"}); err != nil {
		fmt.Println(err)
	}
	// Output:
	// <svg xmlns="http://www.w3.org/2000/svg" version="1.1" viewBox="0 0 100 100">
	// <title>tiny</title>
	// <rect width="100" height="100" fill="#fff"/>
	// <path fill="#fff" d="M10 10h80v40h-80zM10 50h80v40h-80z"/>
	// <path fill="none" stroke="#000" stroke-width="1" d="M10 10H90M10 50H90M10 90H90M10 10V90M50 10V90M90 10V90"/>
	// <path fill="none" stroke="#000" stroke-width="3" stroke-linecap="square" d="M10 10H90M10 50H90M10 90H90M10 10V90M90 10V90"/>
	// <g font-family="sans-serif" font-size="24" text-anchor="middle">
	// <g font-weight="bold" fill="#000">
	// <text x="30" y="38">1</text>
	// </g>
	// <g fill="#1f5fbf">
	// <text x="70" y="38">2</text>
	// <text x="30" y="78">2</text>
	// <text x="70" y="78">1</text>
	// </g>
	// </g>
	// </svg>
}

package sudokupad_test

import (
	"fmt"
	"strings"

	"gattai/layouts"
	"gattai/sudokupad"
)

// ExampleLink writes a Samurai as a SudokuPad link and reads it back: the
// five grids are found again from the regions.
func ExampleLink() {
	l, _ := layouts.Builtin("samurai", 9, layouts.Shape{})
	m, _ := layouts.Compile(l)
	p := layouts.NewPuzzle(m)
	p.Givens[0] = 5
	link, err := sudokupad.Link(p, sudokupad.WriteOptions{Title: "Samurai"})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(strings.HasPrefix(link, "https://sudokupad.app/scl"))
	back, err := sudokupad.Parse("link", []byte(link))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(back.Title, len(back.Layout().Grids), "grids,", len(back.Puzzle.Givens), "cells,", back.Puzzle.Clues(), "given")
	for _, g := range back.Layout().Grids {
		fmt.Print(g.At, " ")
	}
	fmt.Println()
	// Output:
	// true
	// Samurai 5 grids, 369 cells, 1 given
	// r1c1 r1c13 r7c7 r13c1 r13c13
}

package gattai_test

import (
	"bytes"
	"context"
	"fmt"
	"log"
	"strings"

	"gattai"
	"gattai/encode"
	"gattai/layouts"
)

// Solve the Samurai that ships with gattai: five overlapping 9x9 grids.
func ExampleSolve() {
	ps, err := gattai.ReadFile("testdata/seeds/samurai-problem1.txt", layouts.ReadOptions{})
	if err != nil {
		log.Fatal(err)
	}
	r, err := gattai.Solve(context.Background(), ps[0], gattai.Options{})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(r.Status())
	fmt.Print(strings.Join(strings.Split(r.Grid.String(), "\n")[:3], "\n"))
	// Output:
	// unique
	// 938152647   251897346
	// 465937218   784623591
	// 172684935   369145782
}

// Count a classic puzzle's solutions to 2: this one has exactly one.
func ExampleCount() {
	p, err := layouts.NewReader(strings.NewReader(
		"..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9\n"),
		layouts.ReadOptions{}).Read()
	if err != nil {
		log.Fatal(err)
	}
	r, err := gattai.Count(context.Background(), p, 2, gattai.Options{})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(r.CountText(), r.Status())
	// Output:
	// 1 unique
}

// Can a given go? The puzzle less that given keeps its one solution
// exactly when no solution has another digit there: one search with
// the candidate ruled out, which need not find the solution it knows.
// In this 17-given puzzle the 3 at r2c6 cannot go.
func ExampleSolver_CountWithout() {
	p, err := layouts.NewReader(strings.NewReader(
		"..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9\n"),
		layouts.ReadOptions{}).Read()
	if err != nil {
		log.Fatal(err)
	}
	s, err := gattai.New(gattai.Options{})
	if err != nil {
		log.Fatal(err)
	}
	const cell = 14 // r2c6
	digit := p.Givens[cell]
	p.Givens[cell] = 0
	r, err := s.CountWithout(context.Background(), p, 1, cell, digit)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("without the %d at r2c6: %d other solution found, with a %d there\n", digit, r.Count, r.Grid.Digits[cell])
	// Output:
	// without the 3 at r2c6: 1 other solution found, with a 4 there
}

// Explain why a puzzle has no solution: a minimal set of givens that
// cannot all hold. Row 1 leaves 3 and 4 for r1c3 and r1c4, but the box
// already has its 3 at r2c3; the 3 at r4c4 plays no part.
func ExampleExplain() {
	p, err := layouts.NewReader(strings.NewReader(
		"12..\n"+
			"..3.\n"+
			"....\n"+
			"...3\n"), layouts.ReadOptions{}).Read()
	if err != nil {
		log.Fatal(err)
	}
	e, err := gattai.Explain(context.Background(), p, gattai.Options{})
	if err != nil {
		log.Fatal(err)
	}
	for _, c := range e.Givens {
		fmt.Printf("%s=%d ", p.Model.Cells[c], p.Givens[c])
	}
	fmt.Println()
	// Output:
	// r1c1=1 r1c2=2 r2c3=3
}

// Export a puzzle as DIMACS CNF for any SAT solver, and read a solver's
// answer back with Decode, which checks it against every clause and the
// grid against the puzzle. The answer here is built from a solution;
// a solver writes one as "SAT" and a "v ..." line, which
// encode.Formula.ParseModel reads.
func ExampleExport() {
	p, err := layouts.NewReader(strings.NewReader("1...\n..3.\n.4..\n...2\n"), layouts.ReadOptions{}).Read()
	if err != nil {
		log.Fatal(err)
	}
	var cnf bytes.Buffer
	f, err := gattai.Export(context.Background(), &cnf, p, encode.Options{})
	if err != nil {
		log.Fatal(err)
	}
	for _, line := range strings.Split(cnf.String(), "\n") {
		if strings.HasPrefix(line, "p cnf") {
			fmt.Println(line) // the header: variables and clauses
		}
	}

	r, err := gattai.Solve(context.Background(), p, gattai.Options{})
	if err != nil {
		log.Fatal(err)
	}
	var answer strings.Builder
	answer.WriteString("SAT\nv")
	for v := 1; v <= f.NumVars; v++ {
		if c, d, ok := f.CellDigit(v); ok && int(r.Grid.Digits[c]) != d {
			fmt.Fprintf(&answer, " -%d", v)
		} else {
			fmt.Fprintf(&answer, " %d", v)
		}
	}
	answer.WriteString(" 0\n")
	m, err := f.ParseModel(strings.NewReader(answer.String()), "answer")
	if err != nil {
		log.Fatal(err)
	}
	g, err := gattai.Decode(f, m)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Print(g)
	// Output:
	// p cnf 20 76
	// 1324
	// 4231
	// 2413
	// 3142
}

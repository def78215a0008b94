package layouts_test

import (
	"fmt"
	"io"
	"os"
	"strings"

	"gattai/layouts"
)

func ExampleNewReader() {
	in := `# a line file: one puzzle per line
4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......
44....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......
52...6.........7.13...........4..8..6......5...........418.........3..2...87.....
`
	r := layouts.NewReader(strings.NewReader(in), layouts.ReadOptions{File: "puzzles.txt"})
	for {
		p, err := r.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			fmt.Println(err) // one bad puzzle does not stop the batch
			continue
		}
		fmt.Printf("%s line %d: %s, %d clues\n", r.Format(), p.Source.Line, p.Model.Layout.Name, p.Clues())
	}
	// Output:
	// line line 2: classic, 17 clues
	// puzzles.txt:3:2: conflicting givens: row 1: digit 4 given twice, at r1c1 and r1c2
	// line line 4: classic, 17 clues
}

func ExampleWritePuzzle() {
	ps, err := layouts.ReadAll(strings.NewReader("1.3..4.2....2..1\n"), layouts.ReadOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	p := ps[0]
	p.Source.Format = layouts.FormatRows
	layouts.WritePuzzle(os.Stdout, p)
	// Output:
	// 1.3.
	// .4.2
	// ....
	// 2..1
}

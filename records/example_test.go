package records_test

import (
	"fmt"
	"io"
	"strings"

	"gattai/layouts"
	"gattai/records"
)

// Records that gattai wrote read back as their puzzles: the text of
// "puzzle" on the layout of "layout", the other fields ignored.
func ExampleReader() {
	text := `{"input":"seed 3 #1","status":"unique","puzzle":"...3....1.2...31\n","layout":{"size":4,"grids":[{"at":"r1c1"}],"constraints":[{"kind":"killer","cells":["r1c1","r1c2"],"sum":3}]}}
{"input":"p.txt:2","status":"error","error":{"file":"p.txt","line":2,"message":"unknown symbol"}}
`
	r := records.NewReader(strings.NewReader(text), layouts.ReadOptions{File: "made.jsonl"})
	for {
		p, err := r.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Printf("%s:%d: %d givens, %d constraints\n", p.Source.File, p.Source.Line, p.Clues(), len(p.Model.Layout.Constraints))
	}
	// Output:
	// made.jsonl:1: 5 givens, 1 constraints
	// made.jsonl:2:1: bad record: no "puzzle" field (p.txt:2, status "error")
}

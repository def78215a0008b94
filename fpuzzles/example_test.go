package fpuzzles_test

import (
	"errors"
	"fmt"

	"gattai/fpuzzles"
)

// ExampleParse reads a 4x4 killer with a cosmetic text: the killer cage
// becomes a constraint, the text a note.
func ExampleParse() {
	p, err := fpuzzles.Parse("tiny", []byte(`{"size":4,"title":"Tiny",
		"grid":[[{"value":1,"given":true},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{"value":2}]],
		"killercage":[{"cells":["R4C3","R4C4"],"value":"7"}],
		"text":[{"cell":"R1C1","value":"hi"}]}`))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(p.Title)
	fmt.Print(p.Puzzle)
	for _, c := range p.Layout().Constraints {
		fmt.Println(c.Kind, c.Sum, c.Cells)
	}
	for _, n := range p.Notes {
		fmt.Println("note:", n)
	}
	// Output:
	// Tiny
	// 1...
	// ....
	// ....
	// ....
	// killer 7 [r4c3 r4c4]
	// note: ignored 1 digit not given (a solver's entries)
	// note: ignored "text": text drawn on the grid
}

// ExampleParse_refused shows a rule gattai has no kind for yet: refused
// by name at its place in the JSON.
func ExampleParse_refused() {
	_, err := fpuzzles.Parse("lockout.json", []byte(`{"size":4,"grid":[],
 "lockout":[{"lines":[["R1C1","R1C2","R1C3"]]}]}`))
	var ue *fpuzzles.UnsupportedError
	fmt.Println(errors.As(err, &ue), ue.Key)
	fmt.Println(err)
	// Output:
	// true lockout
	// lockout.json:2:2: f-puzzles key "lockout" is not supported yet
}

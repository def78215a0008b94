package encode_test

import (
	"errors"
	"strings"
	"testing"

	"gattai/encode"
	"gattai/layouts"
)

// TestRules checks what the rules do to the variables: the digits left
// to cells by the narrowing, the givens taken into account, and givens
// that break a rule making the formula unsatisfiable.
func TestRules(t *testing.T) {
	nine := func(cs ...layouts.Constraint) []layouts.Constraint { return cs }
	for _, tc := range []struct {
		name        string
		n           int
		constraints []layouts.Constraint
		canvas      string
		digits      map[string]string // cell -> the digits with a variable
		unsat       bool
	}{
		{name: "thermo after a given 5", n: 9,
			constraints: nine(layouts.Constraint{Kind: "thermo", Cells: pos("r1c1", "r1c2", "r1c3")}),
			canvas:      "5",
			digits:      map[string]string{"r1c2": "678", "r1c3": "789"}},
		{name: "thermo before a given 3", n: 9,
			constraints: nine(layouts.Constraint{Kind: "thermo", Cells: pos("r1c1", "r2c2", "r3c3")}),
			canvas:      "\n\n..3",
			digits:      map[string]string{"r1c1": "1", "r2c2": "2"}},
		{name: "thermo on an empty grid", n: 4,
			constraints: nine(layouts.Constraint{Kind: "thermo", Cells: pos("r1c1", "r2c2", "r3c3")}),
			digits:      map[string]string{"r1c1": "12", "r2c2": "23", "r3c3": "34"}},
		{name: "thermo broken by givens", n: 4,
			constraints: nine(layouts.Constraint{Kind: "thermo", Cells: pos("r1c1", "r1c2")}),
			canvas:      "32", unsat: true},
		{name: "killer with a given", n: 9,
			constraints: nine(layouts.Constraint{Kind: "killer", Cells: pos("r1c1", "r1c2", "r1c3"), Sum: 15}),
			canvas:      "9",
			digits:      map[string]string{"r1c2": "1245", "r1c3": "1245"}},
		{name: "killer of one set", n: 9,
			constraints: nine(layouts.Constraint{Kind: "killer", Cells: pos("r1c1", "r1c2", "r1c3"), Sum: 7}),
			digits:      map[string]string{"r1c1": "124", "r1c3": "124"}},
		{name: "killer the cells cannot hold", n: 4,
			// 3 = 1+2, but the givens leave r1c3 and r1c4 only 3 and 4.
			constraints: nine(layouts.Constraint{Kind: "killer", Cells: pos("r1c3", "r1c4"), Sum: 3}),
			canvas:      "12", unsat: true},
		{name: "killer beyond its sum by a given", n: 9,
			constraints: nine(layouts.Constraint{Kind: "killer", Cells: pos("r1c1", "r1c2", "r1c3"), Sum: 10}),
			canvas:      "9", unsat: true},
		{name: "killer given whole", n: 4,
			constraints: nine(layouts.Constraint{Kind: "killer", Cells: pos("r1c1", "r1c2"), Sum: 3}),
			canvas:      "12"},
		{name: "killer given whole, wrongly", n: 4,
			constraints: nine(layouts.Constraint{Kind: "killer", Cells: pos("r1c1", "r1c2"), Sum: 4}),
			canvas:      "12", unsat: true},
		{name: "parity", n: 4,
			constraints: nine(layouts.Constraint{Kind: "parity", Even: pos("r1c1"), Odd: pos("r1c2")}),
			digits:      map[string]string{"r1c1": "24", "r1c2": "13"}},
		{name: "parity broken by a given", n: 4,
			constraints: nine(layouts.Constraint{Kind: "parity", Even: pos("r1c1")}),
			canvas:      "3", unsat: true},
		{name: "white dot next to a given", n: 9,
			constraints: nine(layouts.Constraint{Kind: "kropki", White: [][]layouts.Pos{pos("r1c1", "r1c2")}}),
			canvas:      "5",
			digits:      map[string]string{"r1c2": "46"}},
		{name: "black dot next to a given", n: 9,
			constraints: nine(layouts.Constraint{Kind: "kropki", Black: [][]layouts.Pos{pos("r1c1", "r1c2")}}),
			canvas:      "3",
			digits:      map[string]string{"r1c2": "6"}},
		{name: "black dot with no partner", n: 9,
			constraints: nine(layouts.Constraint{Kind: "kropki", Black: [][]layouts.Pos{pos("r1c1", "r1c2")}}),
			canvas:      "5", unsat: true},
		{name: "no dot next to a given", n: 9,
			constraints: nine(layouts.Constraint{Kind: "kropki", Negative: true}),
			canvas:      "1",
			digits:      map[string]string{"r1c2": "3456789", "r2c2": "23456789"}},
		{name: "no dot anywhere on a 4x4", n: 4, // 2 has no possible neighbour
			constraints: nine(layouts.Constraint{Kind: "kropki", Negative: true}),
			unsat:       true},
		{name: "nonconsecutive next to a given", n: 9,
			constraints: nine(layouts.Constraint{Kind: "nonconsecutive"}),
			canvas:      "5",
			digits:      map[string]string{"r1c2": "123789", "r2c2": "12346789"}},
		{name: "nonconsecutive broken by givens", n: 9,
			constraints: nine(layouts.Constraint{Kind: "nonconsecutive"}),
			canvas:      "\n\n\n\n....45", unsat: true},
	} {
		for _, sum := range encode.Sums() {
			t.Run(tc.name+"/"+sum.String(), func(t *testing.T) {
				p := variant(t, "classic", tc.n, tc.constraints, tc.canvas)
				f, err := encode.Puzzle(p, encode.Options{Sum: sum})
				if err != nil {
					t.Fatal(err)
				}
				if f.Unsat() != tc.unsat {
					t.Errorf("Unsat() = %v, want %v", f.Unsat(), tc.unsat)
				}
				for cell, want := range tc.digits {
					pos, _ := layouts.ParsePos(cell)
					c, _ := p.Model.Cell(pos)
					var got strings.Builder
					for d := 1; d <= tc.n; d++ {
						if f.Var(c, d) != 0 {
							got.WriteString(layouts.Symbol(d))
						}
					}
					if got.String() != want {
						t.Errorf("%s has variables for digits %q, want %q", cell, got.String(), want)
					}
				}
			})
		}
	}
}

// TestUnknownKind: a rule of a kind that encode does not implement is
// an error, not a formula that ignores it.
func TestUnknownKind(t *testing.T) {
	p := puzzle(t, "classic", 4, "")
	m := *p.Model
	m.Rules = append(m.Rules, layouts.Rule{Kind: "nosuchkind", Name: "nosuchkind r1", Cells: []int{0, 1, 2, 3}, Sum: 5})
	_, err := encode.Puzzle(&layouts.Puzzle{Model: &m, Givens: p.Givens}, encode.Options{})
	var ue *layouts.UnsupportedError
	if !errors.As(err, &ue) || ue.Kind != "nosuchkind" || !strings.Contains(err.Error(), "nosuchkind r1: nosuchkind rules are not supported") {
		t.Errorf("err = %v, want an UnsupportedError naming the rule", err)
	}
}

func TestParseSum(t *testing.T) {
	for _, s := range append(encode.Sums(), encode.SumAuto) {
		got, err := encode.ParseSum(s.String())
		if err != nil || got != s {
			t.Errorf("ParseSum(%q) = %v, %v", s.String(), got, err)
		}
	}
	if _, err := encode.ParseSum("adder"); err == nil {
		t.Error(`ParseSum("adder"): no error`)
	}
	if _, err := encode.Puzzle(puzzle(t, "classic", 4, ""), encode.Options{Sum: 99}); err == nil {
		t.Error("unknown sum encoding: no error")
	}
}

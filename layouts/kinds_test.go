package layouts

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

// square4 is a 4x4 solution: rows 1234 3412 2143 4321.
var square4 = []uint8{1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1}

func layoutWith(t *testing.T, n int, cs ...string) (*Model, error) {
	t.Helper()
	text := fmt.Sprintf(`{"size": %d, "grids": [{"at": "r1c1"}], "constraints": [%s]}`, n, strings.Join(cs, ","))
	l, err := ParseLayoutFile("k.json", []byte(text))
	if err != nil {
		return nil, err
	}
	return Compile(l)
}

// Every kind's example is valid layout-file syntax.
func TestKindExamples(t *testing.T) {
	for _, k := range Kinds() {
		t.Run(k.Name, func(t *testing.T) {
			n := 9
			if k.Name == "jigsaw" {
				n = 4
			}
			if _, err := layoutWith(t, n, k.Example); err != nil {
				t.Fatal(err)
			}
			if k.Rules != (k.holds != nil) {
				t.Errorf("Rules is %v but holds is set: %v", k.Rules, k.holds != nil)
			}
		})
	}
}

func TestKindsCheck(t *testing.T) {
	tests := []struct {
		name       string
		constraint string
		want       string // "" when square4 satisfies it
	}{
		{"diagonal", `{"kind": "diagonal"}`, `diagonal \: digit 4 repeated at r2c2 and r3c3`},
		{"region", `{"kind": "region", "cells": ["r1c1", "r2c3"]}`, "constraint 1 (region): digit 1 repeated"},
		{"killer holds", `{"kind": "killer", "sum": 3, "cells": ["r1c1", "r1c2"]}`, ""},
		{"killer sum", `{"kind": "killer", "sum": 4, "cells": ["r1c1", "r1c2"]}`, "killer cage at r1c1: killer does not hold"},
		{"killer repeat", `{"kind": "killer", "cells": ["r1c1", "r2c3"]}`, "killer cage at r1c1: digit 1 repeated"},
		{"thermo holds", `{"kind": "thermo", "cells": ["r1c1", "r1c2", "r1c3", "r1c4"]}`, ""},
		{"thermo down", `{"kind": "thermo", "cells": ["r1c4", "r2c3"]}`, "thermo from r1c4: thermo does not hold"},
		{"white holds", `{"kind": "kropki", "white": [["r1c1", "r1c2"]]}`, ""},
		{"black holds", `{"kind": "kropki", "black": [["r1c1", "r1c2"], ["r3c2", "r3c1"]]}`, ""},
		{"black", `{"kind": "kropki", "black": [["r1c2", "r1c3"]]}`, "black dot r1c2-r1c3: kropki does not hold"},
		{"negative", `{"kind": "kropki", "white": [["r1c1", "r1c2"]], "negative": true}`, "no dot r1c2-r1c3"},
		{"parity holds", `{"kind": "parity", "even": ["r1c2", "r1c4"], "odd": ["r1c1"]}`, ""},
		{"parity", `{"kind": "parity", "even": ["r1c1"]}`, "even cells of constraint 1 (parity)"},
		{"nonconsecutive", `{"kind": "nonconsecutive"}`, "nonconsecutive r1c1-r1c2"},
		{"antiking", `{"kind": "antiking"}`, "antiking r2c2-r3c3: digit 4 repeated"},
		{"antiknight holds", `{"kind": "antiknight"}`, "antiknight r1c1-r2c3: digit 1 repeated"},
		// square4: 1234 / 3412 / 2143 / 4321
		{"diagonal positive", `{"kind": "diagonal", "which": "positive"}`, "diagonal /: digit 1 repeated"},
		{"diagonal negative", `{"kind": "diagonal", "which": "negative"}`, `diagonal \: digit 4 repeated`},
		{"difference 2 holds", `{"kind": "kropki", "white": [["r1c1", "r2c1"]], "difference": 2}`, ""},
		{"difference 2", `{"kind": "kropki", "white": [["r1c1", "r1c2"]], "difference": 2}`, "white dot r1c1-r1c2"},
		{"ratio 3", `{"kind": "kropki", "black": [["r1c1", "r1c2"]], "ratio": 3}`, "black dot r1c1-r1c2"},
		{"negative white only holds", `{"kind": "kropki", "black": [["r1c1", "r1c2"]], "negative": true, "which": "black", "grid": 1}`, "no dot r1c2-r2c2"},
		{"arrow holds", `{"kind": "arrow", "cells": ["r2c2"], "lines": [["r2c2", "r1c1", "r2c1"]]}`, ""},
		{"arrow", `{"kind": "arrow", "cells": ["r1c4"], "lines": [["r1c4", "r1c3"]]}`, "arrow from r1c4 to r1c3: arrow does not hold"},
		{"xv holds", `{"kind": "xv", "v": [["r2c2", "r2c3"], ["r1c3", "r1c2"]]}`, ""},
		{"xv", `{"kind": "xv", "v": [["r1c1", "r1c2"]]}`, "V r1c1-r1c2: xv does not hold"},
		{"xv negative", `{"kind": "xv", "v": [["r1c2", "r1c3"]], "negative": true}`, "no X or V r2c1-r3c1"},
		{"xv negative x only holds", `{"kind": "xv", "v": [["r1c2", "r1c3"]], "negative": true, "which": "x"}`, ""},
		{"xv negative v only", `{"kind": "xv", "v": [["r1c2", "r1c3"]], "negative": true, "which": "v"}`, "no X or V r2c1-r3c1"},
		{"little killer holds", `{"kind": "littlekiller", "sum": 9, "cells": ["r1c3", "r2c2", "r3c1"]}`, ""},
		{"little killer", `{"kind": "littlekiller", "sum": 10, "cells": ["r1c3", "r2c2", "r3c1"]}`, "little killer from r1c3"},
		{"sandwich holds", `{"kind": "sandwich", "sum": 5, "cells": ["r1c1", "r1c2", "r1c3", "r1c4"]}`, ""},
		{"sandwich", `{"kind": "sandwich", "sum": 0, "cells": ["r1c4", "r1c3", "r1c2", "r1c1"]}`, "sandwich from r1c4"},
		{"whispers holds", `{"kind": "whispers", "cells": ["r1c1", "r2c2", "r3c1"]}`, ""},
		{"whispers", `{"kind": "whispers", "cells": ["r1c1", "r1c2"]}`, "whispers from r1c1"},
		{"renban holds", `{"kind": "renban", "cells": ["r1c1", "r1c2", "r2c1"]}`, ""},
		{"renban", `{"kind": "renban", "cells": ["r1c1", "r2c2"]}`, "renban from r1c1"},
		{"palindrome holds", `{"kind": "palindrome", "cells": ["r1c1", "r2c2", "r3c2"]}`, ""},
		{"palindrome", `{"kind": "palindrome", "cells": ["r1c1", "r1c2"]}`, "palindrome from r1c1"},
		{"clone holds", `{"kind": "clone", "cells": ["r1c1", "r1c2"], "clone": ["r2c3", "r2c4"]}`, ""},
		{"clone", `{"kind": "clone", "cells": ["r1c1"], "clone": ["r2c2"]}`, "clone of r1c1 at r2c2"},
		{"quadruple holds", `{"kind": "quadruple", "cells": ["r1c1", "r1c2", "r2c1", "r2c2"], "digits": [1, 4]}`, ""},
		{"quadruple twice", `{"kind": "quadruple", "cells": ["r1c1", "r1c2", "r2c1", "r2c2"], "digits": [1, 1]}`, "quadruple at r1c1"},
		{"minimum holds", `{"kind": "minimum", "cells": ["r1c1", "r3c2"]}`, ""},
		{"minimum", `{"kind": "minimum", "cells": ["r1c2"]}`, "minimum at r1c2"},
		{"maximum holds", `{"kind": "maximum", "cells": ["r2c2", "r4c1"]}`, ""},
		{"maximum", `{"kind": "maximum", "cells": ["r1c1"]}`, "maximum at r1c1"},
		{"between holds", `{"kind": "between", "cells": ["r1c1", "r1c2", "r1c3", "r1c4"]}`, ""},
		{"region sum holds", `{"kind": "regionsum", "cells": ["r2c2", "r1c3", "r2c3"]}`, ""},
		{"region sum", `{"kind": "regionsum", "cells": ["r1c2", "r1c3"]}`, "region sum line from r1c2, segments 1 and 2"},
		{"x-sum holds", `{"kind": "xsum", "sum": 10, "cells": ["r4c1", "r3c1", "r2c1", "r1c1"]}`, ""},
		{"x-sum", `{"kind": "xsum", "sum": 4, "cells": ["r4c1", "r3c1", "r2c1", "r1c1"]}`, "x-sum from r4c1"},
		{"skyscraper holds", `{"kind": "skyscraper", "count": 2, "cells": ["r1c3", "r2c3", "r3c3", "r4c3"]}`, ""},
		{"skyscraper", `{"kind": "skyscraper", "count": 3, "cells": ["r1c3", "r2c3", "r3c3", "r4c3"]}`, "skyscraper from r1c3"},
		{"between", `{"kind": "between", "cells": ["r1c4", "r1c3", "r2c2", "r1c1"]}`, "between line r1c4-r1c1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, err := layoutWith(t, 4, tt.constraint)
			if err != nil {
				t.Fatal(err)
			}
			err = Check(NewPuzzle(m), Grid{Model: m, Digits: square4})
			if tt.want == "" {
				if err != nil {
					t.Errorf("Check: %v", err)
				}
				return
			}
			var ce *CheckError
			if !errors.As(err, &ce) || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("got %v, want a CheckError containing %q", err, tt.want)
			}
		})
	}
}

func TestKindsCompile(t *testing.T) {
	count := func(m *Model, prefix string) int {
		k := 0
		for _, u := range m.Units {
			if strings.HasPrefix(u.Name, prefix) {
				k++
			}
		}
		return k
	}
	m, err := layoutWith(t, 9, `{"kind": "region", "preset": "windoku"}`, `{"kind": "region", "preset": "disjoint"}`)
	if err != nil {
		t.Fatal(err)
	}
	if w, d := count(m, "window"), count(m, "disjoint"); w != 4 || d != 9 {
		t.Errorf("%d windows, %d disjoint groups; want 4, 9", w, d)
	}
	m, err = layoutWith(t, 4, `{"kind": "jigsaw", "pieces": ["AAAB", "ACBB", "CCDB", "CDDD"]}`)
	if err != nil {
		t.Fatal(err)
	}
	if b, p := count(m, "box"), count(m, "piece"); b != 0 || p != 4 {
		t.Errorf("%d boxes, %d pieces; want 0, 4", b, p)
	}
	// A 9x9 has 4*8*7 = 224 knight-move pairs; 8 lie in each box, which
	// already makes them differ: 152 are new.
	m, err = layoutWith(t, 9, `{"kind": "antiknight"}`)
	if err != nil {
		t.Fatal(err)
	}
	if k := count(m, "antiknight"); k != 152 {
		t.Errorf("%d antiknight pairs, want 152", k)
	}
	m, err = layoutWith(t, 9, `{"kind": "kropki", "negative": true, "white": [["r1c1", "r1c2"]]}`)
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Rules) != 144 { // 2*9*8 neighbour pairs, one with a dot
		t.Errorf("%d kropki rules, want 144", len(m.Rules))
	}
}

func TestKindsErrors(t *testing.T) {
	tests := []struct{ constraint, want string }{
		{`{"kind": "diagonal", "grid": 2}`, "grid 2: the layout has grids 1..1"},
		{`{"kind": "region", "preset": "hyper"}`, `unknown preset "hyper"`},
		{`{"kind": "jigsaw", "pieces": ["AAAB", "ACBB", "CCDB", "CDDA"]}`, `piece "A" has 5 cells`},
		{`{"kind": "jigsaw", "pieces": ["AAAB"]}`, `pieces has 1 row, want 4`},
		{`{"kind": "jigsaw", "pieces": ["AAAB", "A", "CCDB", "CDDA"]}`, `pieces row 2 has 1 letter, want 4`},
		{`{"kind": "kropki", "white": [["r1c1", "r2c2"]]}`, "orthogonal neighbours"},
		{`{"kind": "kropki", "white": [["r1c1", "r1c2"]], "black": [["r1c2", "r1c1"]]}`, "two dots"},
		{`{"kind": "thermo", "cells": ["r1c1", "r3c1"]}`, "not neighbours"},
		{`{"kind": "parity", "even": ["r1c1"], "odd": ["r1c1"]}`, "both even and odd"},
		{`{"kind": "killer", "cells": ["r1c1", "r1c1"]}`, "listed twice"},
		{`{"kind": "diagonal", "which": "up"}`, "which is positive"},
		{`{"kind": "kropki", "difference": 4}`, "difference is 1 to 3"},
		{`{"kind": "kropki", "which": "white"}`, "set negative too"},
		{`{"kind": "kropki", "negative": true, "which": "grey"}`, `unknown which "grey"`},
		{`{"kind": "arrow", "cells": ["r1c1", "r1c2", "r1c3", "r1c4"], "lines": [["r2c1"]]}`, "1 to 3 cells"},
		{`{"kind": "arrow", "cells": ["r1c1"]}`, "needs lines"},
		{`{"kind": "arrow", "cells": ["r1c1"], "lines": [["r1c1"]]}`, "no cell outside the circle"},
		{`{"kind": "xv", "x": [["r1c1", "r1c2"]], "v": [["r1c2", "r1c1"]]}`, "two marks"},
		{`{"kind": "xv", "v": [["r1c1", "r2c2"]]}`, "orthogonal neighbours"},
		{`{"kind": "xv", "negative": true, "which": "w"}`, `unknown which "w"`},
		{`{"kind": "littlekiller", "sum": 5, "cells": ["r1c1", "r2c2", "r3c2"]}`, "a diagonal"},
		{`{"kind": "littlekiller", "sum": 13, "cells": ["r1c1", "r2c2", "r3c3"]}`, "sum to 3..12"},
		{`{"kind": "sandwich", "sum": 1, "cells": ["r1c1", "r1c2", "r1c3"]}`, "the 4 cells of a row or column"},
		{`{"kind": "sandwich", "sum": 6, "cells": ["r1c1", "r1c2", "r1c3", "r1c4"]}`, "sums to 0..5"},
		{`{"kind": "whispers", "cells": ["r1c1", "r1c3"]}`, "not neighbours"},
		{`{"kind": "whispers", "cells": ["r1c1", "r1c2"], "difference": 4}`, "difference is 1 to 3"},
		{`{"kind": "renban", "cells": ["r1c1"]}`, "at least 2 cells"},
		{`{"kind": "clone", "cells": ["r1c1", "r1c2"], "clone": ["r3c1", "r4c1"]}`, "not the same shape"},
		{`{"kind": "clone", "cells": ["r1c1", "r1c2"], "clone": ["r1c2", "r1c3"]}`, "in both cells and clone"},
		{`{"kind": "quadruple", "cells": ["r1c1", "r1c3"], "digits": [1]}`, "not in one 2x2 square"},
		{`{"kind": "quadruple", "cells": ["r1c1", "r1c2"], "digits": [1, 2, 3]}`, "1 to 2 digits"},
		{`{"kind": "quadruple", "cells": ["r1c1", "r1c2"], "digits": [5]}`, "digit 5 is not 1..4"},
		{`{"kind": "between", "cells": ["r1c1", "r1c2"]}`, "at least 3 cells"},
		{`{"kind": "entropic", "cells": ["r1c1", "r1c2"]}`, "that 3 divides, not 4"},
		{`{"kind": "regionsum", "cells": ["r1c1", "r1c2"]}`, "stays in one box"},
		{`{"kind": "skyscraper", "count": 5, "cells": ["r1c1", "r1c2", "r1c3", "r1c4"]}`, "count is 1 to 4"},
		{`{"kind": "xsum", "sum": 11, "cells": ["r1c1", "r1c2", "r1c3", "r1c4"]}`, "an x-sum is 1 to 10"},
		{`{"kind": "minimum", "sum": 3, "cells": ["r1c1"]}`, `no field "sum"`},
	}
	for _, tt := range tests {
		t.Run(tt.want, func(t *testing.T) {
			_, err := layoutWith(t, 4, tt.constraint)
			if !errors.Is(err, ErrLayout) || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("got %v, want ErrLayout containing %q", err, tt.want)
			}
		})
	}
}

// PresetUnits finds the units a preset made, in every grid, and no other.
func TestPresetUnits(t *testing.T) {
	l, err := Builtin("samurai", 9, Shape{})
	if err != nil {
		t.Fatal(err)
	}
	l.Constraints = []Constraint{{Kind: "region", Preset: "windoku"}, {Kind: "region", Preset: "disjoint", Grid: 3}}
	l.Regions = []Region{{Name: "a region", Cells: []Pos{{Row: 0, Col: 0}, {Row: 0, Col: 1}}}}
	m, err := Compile(l)
	if err != nil {
		t.Fatal(err)
	}
	for preset, want := range map[string]int{"windoku": 4 * 5, "disjoint": 9, "nosuch": 0} {
		if got := len(m.PresetUnits(preset)); got != want {
			t.Errorf("%s: %d units, want %d", preset, got, want)
		}
	}
}

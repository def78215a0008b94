package layouts_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"gattai/layouts"
)

// Killer cages drawn as letters compile to the same rules and units as
// the same cages listed cell by cell; bad pieces are refused.
func TestKillerPieces(t *testing.T) {
	pieces := `{"kind": "killer", "pieces": ["AABB", "ACCB", "DC.E", "DDEE"], "sums": {"A": 6, "B": 7, "C": 8, "E": 9}}`
	cells := `{"kind": "killer", "sum": 6, "cells": ["r1c1", "r1c2", "r2c1"]},
		{"kind": "killer", "sum": 7, "cells": ["r1c3", "r1c4", "r2c4"]},
		{"kind": "killer", "sum": 8, "cells": ["r2c2", "r2c3", "r3c2"]},
		{"kind": "killer", "cells": ["r3c1", "r4c1", "r4c2"]},
		{"kind": "killer", "sum": 9, "cells": ["r3c4", "r4c3", "r4c4"]}`
	compile := func(constraints string) *layouts.Model {
		t.Helper()
		l, err := layouts.ParseLayoutFile("k.json", []byte(`{"size": 4, "grids": [{"at": "r1c1"}], "constraints": [`+constraints+`]}`))
		if err != nil {
			t.Fatal(err)
		}
		m, err := layouts.Compile(l)
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	text := func(m *layouts.Model) string {
		var out []string
		for _, r := range m.Rules {
			out = append(out, fmt.Sprint(r.Kind, r.Cells, r.Sum))
		}
		for _, u := range m.Units {
			out = append(out, fmt.Sprint(u.Kind, u.Cells))
		}
		slices.Sort(out)
		return strings.Join(out, "\n")
	}
	if a, b := text(compile(pieces)), text(compile(cells)); a != b {
		t.Errorf("pieces compile to\n%s\ncells to\n%s", a, b)
	}
	for _, bad := range []string{
		`{"kind": "killer", "pieces": ["AAB", "ACCB", "DC.E", "DDEE"]}`,
		`{"kind": "killer", "pieces": ["AABB", "ACCB", "DC.E", "DDEE"], "sums": {"Z": 3}}`,
		`{"kind": "killer", "pieces": ["AABB", "ACCB", "DC.E", "DDEE"], "sums": {"A": 30}}`,
		`{"kind": "killer", "pieces": ["AABB", "ACCB", "DC.E", "DDEE"], "cells": ["r1c1"]}`,
		`{"kind": "killer", "sums": {"A": 3}, "cells": ["r1c1", "r1c2"]}`,
		`{"kind": "killer"}`, // no cells: once a panic, found by fpuzzles' fuzzer
		`{"kind": "killer", "cells": []}`,
	} {
		l, err := layouts.ParseLayoutFile("k.json", []byte(`{"size": 4, "grids": [{"at": "r1c1"}], "constraints": [`+bad+`]}`))
		if err == nil {
			_, err = layouts.Compile(l)
		}
		if err == nil {
			t.Errorf("%s: no error", bad)
		}
	}
}

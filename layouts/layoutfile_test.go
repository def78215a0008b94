package layouts

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// Every built-in, in every canvas size, writes as a layout file that
// reads back as the same layout.
func TestLayoutFileRoundTrip(t *testing.T) {
	for _, n := range canvasSizes {
		for _, in := range Builtins() {
			t.Run(fmt.Sprintf("%s/%d", in.Name, n), func(t *testing.T) {
				l, err := Builtin(in.Name, n, Shape{})
				if err != nil {
					t.Fatal(err)
				}
				data := l.MarshalFile()
				back, err := ParseLayoutFile(in.Name+".json", data)
				if err != nil {
					t.Fatalf("%v in\n%s", err, data)
				}
				if !reflect.DeepEqual(back, l) {
					t.Errorf("read back %+v, want %+v", back, l)
				}
			})
		}
	}
}

// layoutFile is the layout file at path and its model.
func layoutFile(t testing.TB, path string) (*Layout, *Model) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	l, err := ParseLayoutFile(filepath.Base(path), data)
	if err != nil {
		t.Fatal(err)
	}
	m, err := Compile(l)
	if err != nil {
		t.Fatal(err)
	}
	return l, m
}

// The example of doc.go.
func TestLayoutFileExample(t *testing.T) {
	l, m := layoutFile(t, "../testdata/layouts/twodoku-x.json")
	if len(m.Cells) != 153 || m.Units[len(m.Units)-1].Name != "diagonal" {
		t.Errorf("%d cells, last unit %q", len(m.Cells), m.Units[len(m.Units)-1].Name)
	}
	back, err := ParseLayoutFile("back.json", l.MarshalFile())
	if err != nil || !reflect.DeepEqual(back, l) {
		t.Errorf("read back %+v, %v", back, err)
	}
}

func TestParseLayoutFileErrors(t *testing.T) {
	const grids = `"grids": [{"at": "r1c1"}]`
	tests := []struct {
		name, in string
		at       string // line:col
		want     string
	}{
		{"syntax", "{\n  \"size\": 9,,\n}", "2:13", "invalid character ','"},
		{"type", "{\n  \"size\": \"9\"\n}", "2:11", `bad layout: size: want a whole number, found "9"`},
		{"type in a list", "{\"size\": 9, \"grids\": [{\"at\": \"r1c1\"},\n {\"at\": 5}]}", "2:9", `bad layout: grids[1].at: want a cell like "r1c1", found 5`},
		{"type of a list", `{"size": 9, "grids": {}}`, "1:22", "bad layout: grids: want a list of objects, found an object"},
		{"type of a pair", `{"size": 9, ` + grids + `, "constraints": [{"kind": "kropki", "white": [["r1c1", 3]]}]}`, "1:94", `bad layout: constraints[0].white[0][1]: want a cell like "r1c1", found 3`},
		{"type with a format character", "{\"size\": \"\u202e9\", " + grids + "}", "1:10", "bad layout: size: want a whole number, found a string"},
		{"type of the whole", `[1]`, "1:1", "bad layout: want an object, found a list"},
		{"unknown field", `{"size": 9, ` + grids + `, "colour": 1}`, "1:40", `unknown field "colour"`},
		{"unknown field nested", "{\"size\": 9, \"grids\": [{\"at\": \"r1c1\",\n   \"zoom\" : 2}]}", "2:4", `unknown field "zoom"`},
		{"unknown field named in a value first", "{\"name\": \"colour\",\n \"colour\": 1, \"size\": 9, " + grids + "}", "2:2", `unknown field "colour"`},
		{"unknown field known elsewhere", "{\"size\": 9, \"regions\": [{\"name\": \"d\", \"cells\": [\"r1c1\"]}],\n \"grids\": [{\"at\": \"r1c1\", \"name\": \"left\"}]}", "2:27", `unknown field "name"`},
		{"unknown field escaped", `{"size": 9, ` + grids + `, "n\u00e4me": 1}`, "1:40", `unknown field "näme"`},
		{"unknown field after the key in sums", `{"size": 4, ` + grids + `, "constraints": [{"kind": "killer", "pieces": ["aabb", "aabb", "ccdd", "ccdd"], "sums": {"at": 10}}], "at": 1}`, "1:141", `unknown field "at"`},
		{"unexpected EOF", "{\"size\": 9,\n \"grids\": [", "2:12", "bad layout: the JSON ends early: a value, ']' or '}' is missing at the end"},
		{"unexpected EOF after newline", "{\"size\": 9,\n", "2:1", "the JSON ends early"},
		{"empty", "", "1:1", "l.json:1:1: bad layout: the file is empty"},
		{"blank", "\n  \n", "3:1", "l.json:3:1: bad layout: the file holds only blank space"},
		{"data after", `{"size": 9, ` + grids + "}\n}", "2:1", "data after the layout"},
		{"no grids", `{"size": 9}`, "1:1", "no grids"},
		{"size", `{"size": 65, ` + grids + `}`, "1:10", "size 65 is outside 1..64"},
		{"box", `{"size": 9, "box": "65x1", ` + grids + `}`, "1:20", "box shape"},
		{"box overflow", `{"size": 4, "box": "4611686018427387905x4", ` + grids + `}`, "1:20", "box shape"},
		{"box size", `{"size": 9, "box": "2x2", ` + grids + `}`, "1:37", "does not hold 9"},
		{"position", `{"size": 9, "grids": [{"at": "r0c1"}]}`, "1:30", "not of the form r1c1"},
		{"negative offset", "{\"size\": 9,\n \"grids\": [{\"at\": \"r1c1\"},\n  {\"at\": \"r-6c1\"}]}", "3:10", "not of the form r1c1"},
		{"off the canvas", "{\"size\": 9,\n \"grids\": [{\"at\": \"r1c1\"},\n  {\"at\": \"r1c1020\"}]}", "3:3", "grid 2 at r1c1020 is off the canvas"},
		{"sizes differ", "{\"size\": 9,\n \"grids\": [{\"at\": \"r1c1\"},\n  {\"at\": \"r7c7\", \"size\": 4}]}", "3:3", "grid 2 has size 4 but the layout 9"},
		{"region outside", "{\"size\": 4, " + grids + ",\n \"regions\": [{\"cells\": [\"r1c1\", \"r5c5\"]}]}", "2:14", "cell r5c5 is outside every grid"},
		{"unknown kind", "{\"size\": 9, " + grids + ",\n \"constraints\": [\n  {\"kind\": \"diagonal\"},\n  {\"kind\": \"nosuchkind\"}]}", "4:3", `constraint 2: unknown kind "nosuchkind"`},
		{"stray field", "{\"size\": 9, " + grids + ",\n \"constraints\": [{\"kind\": \"thermo\", \"sum\": 3, \"cells\": [\"r1c1\", \"r1c2\"]}]}", "2:18", `a thermo constraint has no field "sum"`},
		{"after a UTF-8 mark", "\uFEFF{\n  \"size\": 9,,\n}", "2:13", "invalid character ','"},
		{"UTF-16", utf16Text("\uFEFF{\r\n  \"size\": 9,,\r\n}", true), "2:13", "invalid character ','"},
		{"size given twice", `{"size": 9, "size": 65, ` + grids + `}`, "1:13", `bad layout: key "size" given twice`},
		{"grids given twice", "{\"size\": 9, \"grids\": [{\"at\": \"r1c1\"}],\n \"grids\": [{\"at\": \"r1c1\", \"size\": 4}]}", "2:2", `key "grids" given twice`},
		{"key given twice in other case", `{"size": 9, ` + grids + `, "Grids": []}`, "1:40", `key "Grids" given twice`},
		{"key given twice in a constraint", `{"size": 9, ` + grids + `, "constraints": [{"kind": "thermo", "kind": "killer", "cells": ["r1c1"]}]}`, "1:75", `key "kind" given twice`},
		{"letter given twice in sums", `{"size": 4, ` + grids + `, "constraints": [{"kind": "killer", "pieces": ["aabb", "aabb", "ccdd", "ccdd"], "sums": {"a": 10, "a": 3}}]}`, "1:137", `key "a" given twice`},
		{"letters in two cases in sums", `{"size": 4, ` + grids + `, "constraints": [{"kind": "killer", "pieces": ["aabb", "aabb", "ccdd", "ccdd"], "sums": {"a": 10, "A": 3}}]}`, "1:56", `sums names "A", no letter of the pieces`},
		{"key in capitals", `{"Size": 65, ` + grids + `}`, "1:10", "size 65 is outside 1..64"},
		{"position named before", `{"name": "r0c1", "size": 9, "grids": [{"at": "r0c1"}]}`, "1:46", "not of the form r1c1"},
		{"position with an ampersand", `{"size": 9, "grids": [{"at": "r1c1 & r2c2"}]}`, "1:30", "not of the form r1c1"},
		{"box with an escape", `{"size": 9, "box": "3\u00d73", ` + grids + `}`, "1:20", "box shape"},
		{"region name on two lines", `{"size": 4, ` + grids + `, "regions": [{"name": "left\nside", "cells": ["r1c1"]}]}`, "1:61", `bad layout: region 1: name "left\nside" holds a character that is not printable`},
		{"layout name with a terminal escape", `{"name": "\u001b[31mred", "size": 4, ` + grids + `}`, "1:10", `bad layout: name "\x1b[31mred" holds a character that is not printable`},
		{"cage sum of pieces", "{\"size\": 4, " + grids + ",\n \"constraints\": [{\"kind\": \"killer\", \"pieces\": [\"aabb\", \"aabb\", \"ccdd\", \"ccdd\"], \"sums\": {\"a\": 3}}]}", "2:18", `l.json:2:18: bad layout: constraint 1 (killer), cage "a": 4 distinct digits sum to 10..10, not 3`},
		{"cage sum", "{\"size\": 9, " + grids + ",\n \"constraints\": [{\"kind\": \"killer\", \"sum\": 18, \"cells\": [\"r1c1\", \"r1c2\"]}]}", "2:18", "2 distinct digits sum to 3..17, not 18"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseLayoutFile("l.json", []byte(tt.in))
			var pe *ParseError
			if !errors.As(err, &pe) || !errors.Is(err, ErrLayout) {
				t.Fatalf("got %v, want a ParseError wrapping ErrLayout", err)
			}
			if at := fmt.Sprintf("%d:%d", pe.Line, pe.Col); at != tt.at || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("got %v at %s, want %q at %s", err, at, tt.want, tt.at)
			}
		})
	}
}

// A layout file may start with a byte-order mark, as Windows editors
// write: UTF-8's, or UTF-16's (little- or big-endian), text decoded.
func TestLayoutFileMarks(t *testing.T) {
	l, err := Builtin("samurai", 9, Shape{})
	if err != nil {
		t.Fatal(err)
	}
	text := string(l.MarshalFile())
	for name, data := range map[string]string{
		"utf-8":    "\uFEFF" + text,
		"utf-16le": utf16Text("\uFEFF"+text, false),
		"utf-16be": utf16Text("\uFEFF"+text, true),
	} {
		back, err := ParseLayoutFile(name+".json", []byte(data))
		if err != nil || !reflect.DeepEqual(back, l) {
			t.Errorf("%s: read back %+v, %v", name, back, err)
		}
	}
}

// "box": "none" gives grids of rows and columns only: Latin squares.
func TestNoBox(t *testing.T) {
	if s, err := ParseShape(" None "); err != nil || !s.None() || s.String() != "none" {
		t.Fatalf("ParseShape(none) = %v, %v", s, err)
	}
	units := func(m *Model) (boxes, others int) {
		for _, u := range m.Units {
			if u.Kind == UnitBox {
				boxes++
			} else {
				others++
			}
		}
		return boxes, others
	}
	tests := []struct {
		name          string
		file          string
		boxes, others int
	}{
		{"4x4", `{"size": 4, "box": "none", "grids": [{"at": "r1c1"}]}`, 0, 8},
		{"9x9", `{"size": 9, "box": "none", "grids": [{"at": "r1c1"}]}`, 0, 18},
		{"one grid of two", `{"size": 4, "grids": [{"at": "r1c1"}, {"at": "r3c3", "box": "none"}]}`, 4, 16},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l, err := ParseLayoutFile("x.json", []byte(tt.file))
			if err != nil {
				t.Fatal(err)
			}
			m, err := Compile(l)
			if err != nil {
				t.Fatal(err)
			}
			if b, o := units(m); b != tt.boxes || o != tt.others {
				t.Errorf("%d box units and %d others, want %d and %d", b, o, tt.boxes, tt.others)
			}
			data := l.MarshalFile()
			if !strings.Contains(string(data), `"box": "none"`) {
				t.Errorf("written as\n%s", data)
			}
			if back, err := ParseLayoutFile("back.json", data); err != nil || !reflect.DeepEqual(back, l) {
				t.Errorf("read back %+v, %v", back, err)
			}
		})
	}
	m := compiled(t, "classic", 4, NoBox)
	if b, o := units(m); b != 0 || o != 8 || m.Layout.Box.String() != "none" || m.Layout.BoxOf(0) != (Shape{1, 4}) {
		t.Errorf("classic 4 without boxes: %d box units, %d others, box %s, grid box %s", b, o, m.Layout.Box, m.Layout.BoxOf(0))
	}
	sam := compiled(t, "samurai", 9, NoBox)
	if b, _ := units(sam); b != 0 || len(sam.Cells) != 369 {
		t.Errorf("samurai without boxes: %d box units, %d cells", b, len(sam.Cells))
	}
	// A Latin square that breaks every box rule passes Check, and
	// reads without a conflict.
	latin := "1234\n2341\n3412\n4123\n"
	ps, err := ReadAll(strings.NewReader(latin), ReadOptions{Model: m})
	if err != nil {
		t.Fatal(err)
	}
	if err := Check(ps[0], Grid{Model: m, Digits: ps[0].Givens}); err != nil {
		t.Errorf("Check: %v", err)
	}
	if _, err := ReadAll(strings.NewReader(latin), ReadOptions{Model: compiled(t, "classic", 4, Shape{})}); !errors.Is(err, ErrConflict) {
		t.Errorf("with boxes: %v, want a conflict", err)
	}
}

// Of several letters of sums that the pieces lack, the error names the
// first in order on every read, not one chosen by ranging over a map.
func TestKillerSumsNotLetters(t *testing.T) {
	in := `{"size": 4, "grids": [{"at": "r1c1"}], "constraints": [{"kind": "killer", "pieces": ["aabb", "aabb", "ccdd", "ccdd"], "sums": {"z": 5, "y": 4, "x": 3}}]}`
	for range 20 {
		_, err := ParseLayoutFile("l.json", []byte(in))
		if want := `l.json:1:56: bad layout: constraint 1 (killer): sums names "x", no letter of the pieces`; err == nil || err.Error() != want {
			t.Fatalf("got %v, want %s", err, want)
		}
	}
}

// ParseConstraint checks a constraint's JSON as ParseLayoutFile does,
// saying what is wrong and where inside it, with no position.
func TestParseConstraint(t *testing.T) {
	for _, tc := range []struct{ name, in, err string }{
		{"good", `{"kind":"killer","sum":15,"cells":["r1c1","r1c2"]}`, ""},
		{"field case", `{"Kind":"diagonal"}`, ""},
		{"unknown field", `{"kind":"diagonal","colour":"red"}`, `bad layout: unknown field "colour"`},
		{"key twice", `{"kind":"diagonal","KIND":"antiking"}`, `bad layout: key "KIND" given twice`},
		{"wrong type", `{"kind":"killer","cells":["r1c1",5]}`, `bad layout: cells[1]: want a cell like "r1c1", found 5`},
		{"bad cell", `{"kind":"killer","cells":["here"]}`, `bad layout: cell "here" is not of the form r1c1`},
		{"after", `{"kind":"diagonal"} {}`, `bad layout: data after the constraint`},
		{"broken", `{"kind":`, `bad layout: the JSON ends early`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseConstraint([]byte(tc.in))
			switch {
			case tc.err == "" && err != nil:
				t.Errorf("err = %v", err)
			case tc.err != "" && (!errors.Is(err, ErrLayout) || !strings.HasPrefix(err.Error(), tc.err)):
				t.Errorf("err = %v, want %s...", err, tc.err)
			}
		})
	}
}

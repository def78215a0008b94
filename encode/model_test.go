package encode_test

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"gattai/encode"
	"gattai/layouts"
)

func TestParseModel(t *testing.T) {
	sat := func(lits ...int) encode.Model { return encode.Model{Status: encode.Sat, Lits: lits} }
	for _, tc := range []struct {
		name, in string
		want     encode.Model
		err      error  // sentinel of a bad input
		pos      string // "line:col" of a bad input
	}{
		{name: "minisat SAT", in: "SAT\n1 -2 3 0\n", want: sat(1, -2, 3)},
		{name: "minisat UNSAT", in: "UNSAT\n", want: encode.Model{Status: encode.Unsat}},
		{name: "minisat INDET", in: "INDET\n", want: encode.Model{Status: encode.Unknown}},
		{name: "competition SAT", in: "c comment\ns SATISFIABLE\nv 1 -2\nv 3 0\nc done\n", want: sat(1, -2, 3)},
		{name: "competition SAT CRLF", in: "s SATISFIABLE\r\nv 1 -2 3 0\r\n", want: sat(1, -2, 3)},
		{name: "competition UNSAT", in: "c x\ns UNSATISFIABLE\n", want: encode.Model{Status: encode.Unsat}},
		{name: "competition UNKNOWN", in: "s UNKNOWN\n", want: encode.Model{Status: encode.Unknown}},
		{name: "competition INDETERMINATE", in: "s INDETERMINATE\n", want: encode.Model{Status: encode.Unknown}},
		{name: "SAT with no variables", in: "s SATISFIABLE\nv 0\n", want: sat()},
		{name: "plain list", in: "1 -2\n3\n", want: sat(1, -2, 3)},
		{name: "plain list ending in 0", in: "  -1 2 0\n\n", want: sat(-1, 2)},
		{name: "empty", in: "", err: layouts.ErrEmpty, pos: "1:1"},
		{name: "comments only", in: "c a\nc b\n", err: layouts.ErrEmpty, pos: "3:1"},
		{name: "unknown verdict", in: "s MAYBE\n", err: layouts.ErrSyntax, pos: "1:3"},
		{name: "s alone", in: "s\n", err: layouts.ErrSyntax, pos: "1:1"},
		{name: "word after SAT", in: "SAT yes\n", err: layouts.ErrSyntax, pos: "1:5"},
		{name: "two verdicts", in: "s SATISFIABLE\ns UNSATISFIABLE\n", err: layouts.ErrSyntax, pos: "2:1"},
		{name: "literals after UNSAT", in: "UNSAT\n1 2 0\n", err: layouts.ErrSyntax, pos: "2:1"},
		{name: "verdict after literals", in: "1 2 0\nSAT\n", err: layouts.ErrSyntax, pos: "2:1"},
		{name: "not a literal", in: "s SATISFIABLE\nv 1 x 0\n", err: layouts.ErrSyntax, pos: "2:5"},
		{name: "literal after 0", in: "SAT\n1 0 2\n", err: layouts.ErrSyntax, pos: "2:5"},
		{name: "variable twice", in: "v 1 2 -1 0\n", err: layouts.ErrSyntax, pos: "1:7"},
		{name: "huge literal", in: "v 99999999999 0\n", err: layouts.ErrTooLarge, pos: "1:3"},
		{name: "garbage", in: "hello\n", err: layouts.ErrSyntax, pos: "1:1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, err := encode.ParseModel(strings.NewReader(tc.in), "answer")
			if tc.err == nil {
				if err != nil {
					t.Fatal(err)
				}
				if m.Status != tc.want.Status || !slices.Equal(m.Lits, tc.want.Lits) {
					t.Errorf("got %v %v, want %v %v", m.Status, m.Lits, tc.want.Status, tc.want.Lits)
				}
				return
			}
			var pe *layouts.ParseError
			if !errors.As(err, &pe) || !errors.Is(err, tc.err) {
				t.Fatalf("err = %v, want a ParseError wrapping %v", err, tc.err)
			}
			if !strings.HasPrefix(err.Error(), "answer:"+tc.pos+": ") {
				t.Errorf("err = %v, want it at answer:%s", err, tc.pos)
			}
		})
	}
}

// TestDecodeFromFiles decodes the answers that real solvers wrote for
// testdata/tiny.pairwise.cnf from the two files alone.
func TestDecodeFromFiles(t *testing.T) {
	f := readCNF(t, "tiny.pairwise.cnf")
	for _, solver := range []string{"minisat", "cadical", "picosat", "cryptominisat5"} {
		t.Run(solver, func(t *testing.T) {
			m := readModel(t, "tiny."+solver+".out")
			g, err := f.Decode(m)
			if err != nil {
				t.Fatal(err)
			}
			if err := layouts.Check(f.Puzzle, g); err != nil {
				t.Fatal(err)
			}
			if g.String() != tinySolution {
				t.Errorf("decoded\n%swant\n%s", g, tinySolution)
			}
		})
	}
}

func TestDecodeErrors(t *testing.T) {
	f := readCNF(t, "tiny.pairwise.cnf")
	sat := func(lits ...int) encode.Model { return encode.Model{Status: encode.Sat, Lits: lits} }
	all := readModel(t, "tiny.cadical.out").Lits
	for _, tc := range []struct {
		name string
		m    encode.Model
		want string
	}{
		{"model of another CNF", readModel(t, "six.sequential.cadical.out"), "beyond the formula's 11 variables"},
		{"unsat", readModel(t, "unsat.cadical.out"), "UNSATISFIABLE"},
		{"unknown", encode.Model{}, "UNKNOWN"},
		{"literal beyond NumVars", sat(append(slices.Clone(all), 12)...), "literal 12 is beyond"},
		{"negative literal beyond NumVars", sat(-12), "literal -12 is beyond"},
		{"cell with no digit", sat(all[1:]...), "cell r1c1 has no digit"},
		{"cell with two digits", sat(1, 2, 3, 4, 5, 6), "cell r3c1 has two digits, 1 and 2"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := f.Decode(tc.m)
			if !errors.Is(err, encode.ErrModel) || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("err = %v, want ErrModel saying %q", err, tc.want)
			}
		})
	}
}

// readCNF parses the DIMACS file name under testdata.
func readCNF(t testing.TB, name string) *encode.Formula {
	t.Helper()
	r, err := os.Open(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	f, err := encode.ParseDIMACS(r)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

func readModel(t *testing.T, name string) encode.Model {
	t.Helper()
	r, err := os.Open(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	m, err := encode.ParseModel(r, name)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

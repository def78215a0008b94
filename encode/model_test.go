package encode_test

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
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
		{name: "CR line ends", in: "c x\rs SATISFIABLE\rv 1 -2\rv 3 0\r", want: sat(1, -2, 3)},
		{name: "CR line ends, error line", in: "s SATISFIABLE\rv 1\rv 2 1 0\r", err: layouts.ErrSyntax, pos: "3:5"},
		{name: "literal beyond int", in: "v 1\nv 99999999999999999999999 0\n", err: layouts.ErrTooLarge, pos: "2:3"},
		{name: "word too long", in: "v 1 " + strings.Repeat("1", 65) + "\n", err: layouts.ErrTooLarge, pos: "1:5"},
		{name: "third word on s line", in: "s SATISFIABLE now\n", err: layouts.ErrSyntax, pos: "1:15"},
		{name: "long comment", in: "c " + strings.Repeat("x", 1<<21) + "\nSAT\n1 0\n", want: sat(1)},
		// An answer cut short (a full disk, a killed solver, a partial
		// copy) is truncated at its end, not read as a model that lacks
		// variables; a plain list needs no 0.
		{name: "minisat cut short", in: "SAT\n1 -2", err: layouts.ErrTruncated, pos: "3:1"},
		{name: "competition cut short", in: "s SATISFIABLE\nv 1 -2\n", err: layouts.ErrTruncated, pos: "3:1"},
		{name: "verdict and no model", in: "c x\ns SATISFIABLE\nc y\n", err: layouts.ErrTruncated, pos: "4:1"},
		{name: "SAT and no model", in: "SAT\n", err: layouts.ErrTruncated, pos: "2:1"},
		// A solver's output redirected by Windows PowerShell, or saved
		// by an editor, reads as the puzzle readers read such text.
		{name: "UTF-16 from PowerShell", in: powerShell("c x\r\ns SATISFIABLE\r\nv 1 -2 0\r\n"), want: sat(1, -2)},
		{name: "UTF-16 from PowerShell, error line", in: powerShell("s SATISFIABLE\r\nv 1 x 0\r\n"), err: layouts.ErrSyntax, pos: "2:5"},
		{name: "UTF-8 byte-order mark", in: "\uFEFFSAT\n1 -2 0\n", want: sat(1, -2)},
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

// TestFormulaParseModel reads answers for a formula of 11 variables:
// the first literal beyond them stops the reading, at its position,
// even in an endless input.
func TestFormulaParseModel(t *testing.T) {
	f := readCNF(t, "tiny.pairwise.cnf")
	if f.NumVars != 11 {
		t.Fatalf("tiny.pairwise.cnf has %d variables, want 11", f.NumVars)
	}
	for _, tc := range []struct {
		name string
		in   io.Reader
		pos  string
	}{
		{"beyond", strings.NewReader("s SATISFIABLE\nv 1 -2\nv 3 -12 0\n"), "3:5"},
		{"negative beyond", strings.NewReader("SAT\n-99 0\n"), "2:1"},
		{"endless", io.MultiReader(strings.NewReader("s SATISFIABLE\nv 1 2 "), endless("13 ")), "2:7"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := f.ParseModel(tc.in, "answer")
			if !errors.Is(err, layouts.ErrTooLarge) || !strings.HasPrefix(err.Error(), "answer:"+tc.pos+": ") {
				t.Fatalf("err = %v, want ErrTooLarge at answer:%s", err, tc.pos)
			}
		})
	}
	m, err := f.ParseModel(strings.NewReader("s SATISFIABLE\nv 1 -11 0\n"), "answer")
	if err != nil || !slices.Equal(m.Lits, []int{1, -11}) {
		t.Fatalf("got %v, %v; want [1 -11]", m.Lits, err)
	}
}

// endless repeats s for ever.
type endless string

func (e endless) Read(b []byte) (int, error) {
	n := 0
	for n < len(b) {
		n += copy(b[n:], e)
	}
	return n, nil
}

// TestParseModelMemory reads 32 MB of comments and a model: the
// comments are skipped, not held.
func TestParseModelMemory(t *testing.T) {
	big := io.MultiReader(io.LimitReader(endless("c chatty solver says hello\n"), 32<<20), strings.NewReader("s SATISFIABLE\nv 1 -2 0\n"))
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	m, err := encode.ParseModel(big, "answer")
	runtime.ReadMemStats(&after)
	if err != nil || !slices.Equal(m.Lits, []int{1, -2}) {
		t.Fatalf("got %v, %v", m.Lits, err)
	}
	if n := after.TotalAlloc - before.TotalAlloc; n > 1<<20 {
		t.Errorf("allocated %d bytes reading 32 MB of comments, want at most 1 MB", n)
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

// TestSatisfied checks models of tiny.pairwise.cnf against its clauses:
// each real solver's model holds; a model with one literal flipped
// fails on a clause that it makes false, with every earlier one true.
func TestSatisfied(t *testing.T) {
	f := readCNF(t, "tiny.pairwise.cnf")
	good := readModel(t, "tiny.cadical.out")
	for _, solver := range []string{"minisat", "cadical", "picosat", "cryptominisat5"} {
		if err := f.Satisfied(readModel(t, "tiny."+solver+".out")); err != nil {
			t.Errorf("%s: %v", solver, err)
		}
	}
	truth := func(m encode.Model, cl []int) bool {
		for _, lit := range cl {
			if slices.Contains(m.Lits, lit) {
				return true
			}
		}
		return false
	}
	for i := range good.Lits {
		m := encode.Model{Status: encode.Sat, Lits: slices.Clone(good.Lits)}
		m.Lits[i] = -m.Lits[i]
		t.Run(strconv.Itoa(m.Lits[i]), func(t *testing.T) {
			err := f.Satisfied(m)
			var ce *encode.ClauseError
			if !errors.As(err, &ce) || !errors.Is(err, encode.ErrModel) {
				t.Fatalf("err = %v, want a ClauseError", err)
			}
			if ce.Clause < 1 || ce.Clause > len(f.Clauses) || !slices.Equal(ce.Lits, f.Clauses[ce.Clause-1]) {
				t.Fatalf("clause %d %v is not clause %d of the formula", ce.Clause, ce.Lits, ce.Clause)
			}
			if truth(m, ce.Lits) {
				t.Errorf("clause %d %v is true under the model", ce.Clause, ce.Lits)
			}
			for k, cl := range f.Clauses[:ce.Clause-1] {
				if !truth(m, cl) {
					t.Errorf("clause %d %v is false too, before clause %d", k+1, cl, ce.Clause)
				}
			}
			if !strings.Contains(err.Error(), "clause "+strconv.Itoa(ce.Clause)+" (") {
				t.Errorf("message %q does not name clause %d", err, ce.Clause)
			}
		})
	}
	for _, tc := range []struct {
		name string
		m    encode.Model
		want string
	}{
		{"unsat", encode.Model{Status: encode.Unsat}, "UNSATISFIABLE"},
		{"beyond", encode.Model{Status: encode.Sat, Lits: []int{12}}, "literal 12 is beyond"},
		{"all false", encode.Model{Status: encode.Sat}, "clause 1 ("},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if err := f.Satisfied(tc.m); !errors.Is(err, encode.ErrModel) || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("err = %v, want ErrModel saying %q", err, tc.want)
			}
		})
	}
}

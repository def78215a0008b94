package encode_test

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"gattai/encode"
	"gattai/internal/testkit"
	"gattai/layouts"
)

// seeds adds every testdata file whose name ends in ext to the corpus.
func seeds(f *testing.F, ext string) {
	files, err := filepath.Glob(filepath.Join("testdata", "*"+ext))
	if err != nil || len(files) == 0 {
		f.Fatalf("no testdata/*%s: %v", ext, err)
	}
	for _, name := range files {
		b, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
}

// FuzzParseDIMACS: no panic, errors placed in the input, and whatever
// reads writes back to text that reads the same.
func FuzzParseDIMACS(f *testing.F) {
	seeds(f, ".cnf")
	f.Fuzz(func(t *testing.T, b []byte) {
		if len(b) > 1<<16 {
			return
		}
		form, err := encode.ParseDIMACS(bytes.NewReader(b))
		if err != nil {
			lines := bytes.Count(b, []byte("\n")) + 1
			var pe *layouts.ParseError
			if !errors.As(err, &pe) || pe.Line < 1 || pe.Col < 1 || pe.Line > lines+1 {
				t.Fatalf("error without a position in the %d lines: %v", lines, err)
			}
			if !testkit.OneLine(err.Error()) {
				t.Fatalf("%q is not one line of printable text", err)
			}
			return
		}
		var one, two bytes.Buffer
		if err := form.WriteDIMACS(&one); err != nil {
			t.Fatal(err)
		}
		again, err := encode.ParseDIMACS(bytes.NewReader(one.Bytes()))
		if err != nil {
			t.Fatalf("reading back what was written: %v\n%s", err, one.Bytes())
		}
		again.WriteDIMACS(&two)
		if one.String() != two.String() {
			t.Fatalf("second write differs:\n%s\nfirst:\n%s", two.Bytes(), one.Bytes())
		}
	})
}

// FuzzParseModel: no panic, and a model that reads is Sat with its
// literals or has none.
func FuzzParseModel(f *testing.F) {
	seeds(f, ".out")
	for _, s := range []string{"SAT\n1 -2 0\n", "s UNKNOWN\n", "1 2 3\n", "v 0\n"} {
		f.Add([]byte(s))
	}
	form := readCNF(f, "tiny.pairwise.cnf")
	f.Fuzz(func(t *testing.T, b []byte) {
		lines := bytes.Count(b, []byte("\n")) + bytes.Count(b, []byte("\r")) + 1
		m, err := encode.ParseModel(bytes.NewReader(b), "fuzz")
		if err != nil {
			var pe *layouts.ParseError
			if !errors.As(err, &pe) || pe.File != "fuzz" || pe.Line < 1 || pe.Col < 1 || pe.Line > lines+1 {
				t.Fatalf("error without a position in the %d lines: %v", lines, err)
			}
			if !testkit.OneLine(err.Error()) {
				t.Fatalf("%q is not one line of printable text", err)
			}
		}
		if m.Status != encode.Sat && len(m.Lits) > 0 {
			t.Fatalf("%v with literals %v", m.Status, m.Lits)
		}
		form.Decode(m)    // must not panic
		form.Satisfied(m) // nor this
		// For the formula: the same, or an error at a literal beyond it.
		fm, ferr := form.ParseModel(bytes.NewReader(b), "fuzz")
		switch {
		case err != nil && ferr == nil:
			t.Fatalf("ParseModel: %v; Formula.ParseModel: none", err)
		case err == nil && ferr == nil && !slices.Equal(m.Lits, fm.Lits):
			t.Fatalf("ParseModel %v, Formula.ParseModel %v", m.Lits, fm.Lits)
		case err == nil && ferr != nil && !errors.Is(ferr, encode.ErrModel):
			t.Fatalf("Formula.ParseModel: %v, ParseModel none", ferr)
		}
		for _, lit := range fm.Lits {
			if lit > form.NumVars || -lit > form.NumVars {
				t.Fatalf("Formula.ParseModel kept literal %d beyond %d", lit, form.NumVars)
			}
		}
	})
}

package encode_test

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gattai/encode"
	"gattai/layouts"
)

func TestParseDIMACSErrors(t *testing.T) {
	good, err := os.ReadFile(filepath.Join("testdata", "tiny.pairwise.cnf"))
	if err != nil {
		t.Fatal(err)
	}
	edit := func(old, new string) string {
		if !strings.Contains(string(good), old) {
			t.Fatalf("golden has no %q", old)
		}
		return strings.Replace(string(good), old, new, 1)
	}
	head, _, _ := strings.Cut(string(good), "p cnf")
	for _, tc := range []struct {
		name, in string
		err      error
		pos      string // "line:col", "line:" for any column, "*" anywhere
	}{
		{"plain CNF", "p cnf 1 1\n1 0\n", encode.ErrNoPuzzle, "1:1"},
		{"clauses beyond memory", edit("p cnf 11 43", "p cnf 11 268435456"), layouts.ErrTooLarge, "30:10"},
		{"variables beyond 2^30", edit("p cnf 11 43", "p cnf 1073741825 43"), layouts.ErrSyntax, "30:7"},
		{"line beyond 1 MB", edit("c encoding pairwise\n", "c "+strings.Repeat("x", 1<<20)+"\n"), layouts.ErrTooLarge, "2:"},
		{"no p line", head, encode.ErrNoPuzzle, "30:1"},
		{"no layout", strings.ReplaceAll(string(good), "c layout", "c x"), encode.ErrNoPuzzle, "30:1"},
		{"bad layout JSON", edit(`"size": 4,`, `"size": x,`), layouts.ErrLayout, "5:"},                   // the column is layouts' own
		{"layout of 3 symbols with 2x2 boxes", edit(`"size": 4,`, `"size": 3,`), layouts.ErrLayout, "*"}, // the position is layouts' call
		{"no givens", edit("c givens", "c given"), encode.ErrNoPuzzle, "30:1"},
		{"short givens", edit("c givens .2.4", "c givens .2."), layouts.ErrShape, "13:10"},
		{"bad symbol in givens", edit("c givens .2.4", "c givens .2.5"), layouts.ErrSymbol, "13:13"},
		{"no encoding", edit("c encoding pairwise\n", ""), encode.ErrNoPuzzle, "29:1"},
		{"unknown encoding", edit("c encoding pairwise", "c encoding ladder"), layouts.ErrSyntax, "2:12"},
		{"var out of order", edit("c var 2 r1c3", "c var 3 r1c3"), layouts.ErrSyntax, "20:7"},
		{"var of a given cell", edit("c var 2 r1c3", "c var 2 r1c2"), layouts.ErrSyntax, "20:9"},
		{"var outside the layout", edit("c var 2 r1c3", "c var 2 r1c9"), layouts.ErrSyntax, "20:9"},
		{"var digit beyond n", edit("c var 2 r1c3 3", "c var 2 r1c3 5"), layouts.ErrSyntax, "20:14"},
		{"var twice", edit("c var 2 r1c3 3", "c var 2 r1c1 1"), layouts.ErrSyntax, "20:14"},
		{"var line short", edit("c var 2 r1c3 3", "c var 2 r1c3"), layouts.ErrSyntax, "20:1"},
		{"bad p line", edit("p cnf 11 43", "p dnf 11 43"), layouts.ErrSyntax, "30:1"},
		{"bad variable count", edit("p cnf 11 43", "p cnf x 43"), layouts.ErrSyntax, "30:7"},
		{"fewer variables than cell variables", edit("p cnf 11 43", "p cnf 10 43"), layouts.ErrSyntax, "30:7"},
		{"text before p", edit("c vars", "vars"), layouts.ErrSyntax, "18:1"},
		{"literal beyond the variables", edit("5 6 0", "5 12 0"), layouts.ErrSyntax, "35:3"},
		{"not a literal", edit("5 6 0", "5 six 0"), layouts.ErrSyntax, "35:3"},
		{"more clauses than the p line", edit("p cnf 11 43", "p cnf 11 42"), layouts.ErrSyntax, "73:8"},
		{"fewer clauses than the p line", edit("p cnf 11 43", "p cnf 11 44"), layouts.ErrTruncated, "74:1"},
		{"last clause unterminated", string(good) + "1 2\n", layouts.ErrTruncated, "74:1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := encode.ParseDIMACS(strings.NewReader(tc.in))
			var pe *layouts.ParseError
			if !errors.As(err, &pe) || !errors.Is(err, tc.err) {
				t.Fatalf("err = %v, want a ParseError wrapping %v", err, tc.err)
			}
			if tc.pos == "*" {
				return
			}
			if want := "-:" + tc.pos; !strings.HasPrefix(err.Error(), want) ||
				!strings.HasSuffix(tc.pos, ":") && !strings.HasPrefix(err.Error(), want+": ") {
				t.Errorf("err = %v, want it at -:%s", err, tc.pos)
			}
		})
	}
}

// TestParseDIMACSLenient: what other tools do to a CNF that must not
// matter.
func TestParseDIMACSLenient(t *testing.T) {
	good, err := os.ReadFile(filepath.Join("testdata", "tiny.pairwise.cnf"))
	if err != nil {
		t.Fatal(err)
	}
	want := readCNF(t, "tiny.pairwise.cnf")
	for _, tc := range []struct{ name, in string }{
		{"CRLF", strings.ReplaceAll(string(good), "\n", "\r\n")},
		{"clauses joined on one line", strings.Replace(string(good), " 0\n-", " 0 -", -1)},
		{"clause split over lines", strings.Replace(string(good), "5 6 0", "5\n6\n0", 1)},
		{"comments and blank lines in the body", strings.Replace(string(good), "5 6 0\n", "c note\n\n5 6 0\n", 1)},
		{"percent end marker", string(good) + "%\n0\n"},
		{"no final newline", strings.TrimSuffix(string(good), "\n")},
		{"UTF-16 from PowerShell", powerShell(strings.ReplaceAll(string(good), "\n", "\r\n"))},
		{"UTF-8 byte-order mark", "\uFEFF" + string(good)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f, err := encode.ParseDIMACS(strings.NewReader(tc.in))
			if err != nil {
				t.Fatal(err)
			}
			var a, b bytes.Buffer
			f.WriteDIMACS(&a)
			want.WriteDIMACS(&b)
			if a.String() != b.String() {
				t.Errorf("read\n%s\nwant\n%s", a.String(), b.String())
			}
		})
	}
}

package layouts

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files in ../testdata")

// golden compares got with the file name, or rewrites it with -update.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	if *update {
		if err := os.WriteFile(name, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(name)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("output differs from %s (go test -update rewrites it):\n%s", name, got)
	}
}

// writeAll writes every record of a file as WritePuzzle does, in the
// format read or in as, separated as Format.Separator says; an error as
// a comment line.
func writeAll(t *testing.T, file string, opts ReadOptions, as Format) []byte {
	t.Helper()
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	opts.File = filepath.Base(file)
	r := NewReader(f, opts)
	var b bytes.Buffer
	for {
		p, err := r.Read()
		if err == io.EOF {
			return b.Bytes()
		}
		if err != nil {
			fmt.Fprintf(&b, "# %v\n", err)
			continue
		}
		if as != FormatAuto {
			p.Source.Format = as
		}
		if err := WritePuzzle(&b, p); err != nil {
			t.Fatal(err)
		}
		b.WriteString(p.Source.Format.Separator())
	}
}

func TestGolden(t *testing.T) {
	tests := []struct {
		name   string // of the golden file in ../testdata/formats
		file   string
		format Format
		as     Format
	}{
		{"line", "formats/line.txt", FormatAuto, FormatAuto},
		{"line", "formats/line-crlf.txt", FormatAuto, FormatAuto},
		{"line", "formats/line-utf16.txt", FormatAuto, FormatAuto},
		{"line-bad", "formats/line-bad.txt", FormatAuto, FormatAuto},
		{"line-as-rows", "formats/line.txt", FormatAuto, FormatRows},
		{"rows", "formats/rows.txt", FormatAuto, FormatAuto},
		{"rows-as-line", "formats/rows.txt", FormatAuto, FormatLine},
		{"rows-styles", "formats/rows-styles.txt", FormatAuto, FormatAuto},
		{"numbers36", "formats/numbers36.txt", FormatAuto, FormatAuto},
		{"numbers36-as-line", "formats/numbers36.txt", FormatAuto, FormatLine},
		{"numbers36-as-canvas", "formats/numbers36.txt", FormatAuto, FormatCanvas},
		{"poj3", "formats/poj3.txt", FormatAuto, FormatAuto},
		{"poj3-as-euler", "formats/poj3.txt", FormatPOJ, FormatEuler},
		{"euler3", "formats/euler3.txt", FormatAuto, FormatAuto},
		{"euler3-as-line", "formats/euler3.txt", FormatEuler, FormatLine},
		{"canvas-multi", "formats/canvas-multi.txt", FormatAuto, FormatAuto},
		{"canvas-multi-as-line", "formats/canvas-multi.txt", FormatCanvas, FormatLine},
		{"canvas-fillers", "formats/canvas-fillers.txt", FormatAuto, FormatAuto},
	}
	for _, tt := range tests {
		t.Run(tt.name+"/"+filepath.Base(tt.file), func(t *testing.T) {
			got := writeAll(t, filepath.Join("../testdata", tt.file), ReadOptions{Format: tt.format}, tt.as)
			golden(t, filepath.Join("../testdata/formats", tt.name+".golden"), got)
		})
	}
}

// Every format written back reads as the same givens.
func TestWriteRoundTrip(t *testing.T) {
	files := []string{"formats/line.txt", "formats/rows.txt", "formats/numbers36.txt", "formats/poj3.txt",
		"formats/euler3.txt", "formats/canvas-multi.txt", "formats/canvas-fillers.txt", "examples/sumo.txt"}
	formats := []Format{FormatLine, FormatRows, FormatPOJ, FormatEuler, FormatCanvas, FormatAuto}
	for _, file := range files {
		data, err := os.ReadFile(filepath.Join("../testdata", file))
		if err != nil {
			t.Fatal(err)
		}
		ps, err := ReadAll(bytes.NewReader(data), ReadOptions{File: file})
		if err != nil {
			t.Fatal(err)
		}
		for i, p := range ps {
			for _, f := range formats {
				if !singleGrid(p.Model) && f != FormatLine && f != FormatCanvas && f != FormatAuto {
					continue
				}
				t.Run(fmt.Sprintf("%s/%d/%s", file, i+1, f), func(t *testing.T) {
					p.Source.Format = f
					var b bytes.Buffer
					if err := WritePuzzle(&b, p); err != nil {
						t.Fatal(err)
					}
					q, err := ReadAll(&b, ReadOptions{Format: f, Model: p.Model})
					if err != nil || len(q) != 1 || !slices.Equal(q[0].Givens, p.Givens) {
						t.Errorf("read back %d puzzles, %v:\n%s", len(q), err, b.String())
					}
				})
			}
		}
	}
}

func TestWriteGridFormats(t *testing.T) {
	m := compiled(t, "classic", 9, Shape{})
	p := readOne(t, "../testdata/examples/classic.txt", m)
	sol := readOne(t, "../testdata/examples/classic.solution.txt", m)
	g := Grid{Model: m, Digits: sol.Givens}
	var b bytes.Buffer
	for _, f := range []Format{FormatAuto, FormatLine, FormatRows, FormatPOJ, FormatEuler, FormatCanvas} {
		fmt.Fprintf(&b, "== %s\n", f)
		p.Source.Format, p.Source.Header = f, "Grid 07"
		if err := WriteGrid(&b, p, g); err != nil {
			t.Fatal(err)
		}
	}
	golden(t, "../testdata/formats/grid-formats.golden", b.Bytes())

	if err := WriteGrid(io.Discard, p, Grid{Model: m, Digits: sol.Givens[1:]}); err == nil {
		t.Error("a grid of 80 digits was written")
	}
}

func readOne(t *testing.T, file string, m *Model) *Puzzle {
	t.Helper()
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	ps, err := ReadAll(f, ReadOptions{File: file, Model: m})
	if err != nil {
		t.Fatal(err)
	}
	if len(ps) != 1 {
		t.Fatalf("%s: %d puzzles, want 1", file, len(ps))
	}
	return ps[0]
}

// Every example reads with its layout and by detection, its solution
// passes Check, and both write back as they are.
func TestExamples(t *testing.T) {
	files, err := filepath.Glob("../testdata/examples/*.solution.txt")
	if err != nil || len(files) == 0 {
		t.Fatalf("no examples: %v", err)
	}
	for _, solFile := range files {
		name := strings.TrimSuffix(filepath.Base(solFile), ".solution.txt")
		file := filepath.Join("../testdata/examples", name+".txt")
		t.Run(name, func(t *testing.T) {
			m := compiled(t, name, 9, Shape{})
			for _, model := range []*Model{m, nil} {
				p := readOne(t, file, model)
				sol := readOne(t, solFile, model)
				if p.Model.Layout.Name != name || sol.Model.Layout.Name != name || p.Model.N != 9 {
					t.Fatalf("detected %s and %s, want %s", p.Model.Layout.Name, sol.Model.Layout.Name, name)
				}
				g := Grid{Model: p.Model, Digits: sol.Givens}
				if err := Check(p, g); err != nil {
					t.Errorf("Check: %v", err)
				}
				for _, tc := range []struct {
					file string
					p    *Puzzle
					g    func(*bytes.Buffer) error
				}{
					{file, p, func(b *bytes.Buffer) error { return WritePuzzle(b, p) }},
					{solFile, sol, func(b *bytes.Buffer) error { return WriteGrid(b, p, g) }},
				} {
					var b bytes.Buffer
					if err := tc.g(&b); err != nil {
						t.Fatal(err)
					}
					if want, _ := os.ReadFile(tc.file); b.String() != string(want) {
						t.Errorf("written differs from %s:\n%s", tc.file, b.String())
					}
				}

				// A digit changed in an empty cell repeats in its units.
				bad := slices.Clone(sol.Givens)
				ci := slices.Index(p.Givens, 0)
				bad[ci] = bad[ci]%9 + 1
				err := Check(p, Grid{Model: p.Model, Digits: bad})
				var ce *CheckError
				if !errors.As(err, &ce) || ce.Unit == "" || !slices.Contains(ce.Cells, p.Model.Cells[ci]) {
					t.Errorf("corrupted solution: got %v, want a CheckError naming a unit of %s", err, p.Model.Cells[ci])
				}
			}
		})
	}
}

// The POJ 2676 sample: its solution written as read is the expected
// output byte for byte.
func TestPOJSample(t *testing.T) {
	in, err := os.ReadFile("../testdata/seeds/poj2676-sample.in")
	if err != nil {
		t.Fatal(err)
	}
	out, err := os.ReadFile("../testdata/seeds/poj2676-sample.out")
	if err != nil {
		t.Fatal(err)
	}
	ps, err := ReadAll(bytes.NewReader(in), ReadOptions{})
	if err != nil || len(ps) != 1 || ps[0].Source.Format != FormatPOJ || ps[0].Source.Line != 2 {
		t.Fatalf("read %d puzzles, %v", len(ps), err)
	}
	sol, err := ReadAll(bytes.NewReader(out), ReadOptions{Format: FormatPOJ, Model: ps[0].Model})
	if err != nil || len(sol) != 1 {
		t.Fatalf("read %d solutions, %v", len(sol), err)
	}
	g := Grid{Model: ps[0].Model, Digits: sol[0].Givens}
	if err := Check(ps[0], g); err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := WriteGrid(&b, ps[0], g); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(b.Bytes(), out) {
		t.Errorf("got\n%s\nwant\n%s", b.Bytes(), out)
	}
}

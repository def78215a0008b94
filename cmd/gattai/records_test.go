package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gattai/report"
)

// decodeRecords decodes JSON Lines as written by --to json.
func decodeRecords(t *testing.T, out string) []report.Record {
	t.Helper()
	var recs []report.Record
	for line := range strings.Lines(out) {
		var rec report.Record
		if err := json.Unmarshal([]byte(line), &rec); err != nil {
			t.Fatalf("%v: %s", err, line)
		}
		recs = append(recs, rec)
	}
	return recs
}

// sameLayout reports whether two records' layouts are the same file.
func sameLayout(a, b json.RawMessage) bool {
	var x, y bytes.Buffer
	json.Compact(&x, a)
	json.Compact(&y, b)
	return bytes.Equal(x.Bytes(), y.Bytes())
}

// gattai reads its own records: the puzzles that generate --to json made
// solve (from a file or standard input, detected or --format json) to
// the same puzzle and its one solution, on the same layout; so do the
// records that solve --to json writes; count and rate read them too.
func TestRecordsRoundTrip(t *testing.T) {
	tests := []struct {
		name   string
		args   []string
		layout bool // the records carry the layout
	}{
		{"classic", []string{"-n", "3"}, false},
		{"samurai", []string{"-n", "2", "--layout", "samurai", "--no-minimal"}, true},
		{"killer and thermo", []string{"-n", "2", "--kinds", "killer,thermo", "--no-minimal"}, true},
		{"jigsaw", []string{"-n", "2", "--kinds", "jigsaw", "--no-minimal"}, true},
		{"6x6 3x2", []string{"-n", "2", "--size", "6", "--box", "3x2"}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			made, errs, code := runGattai(t, "", append([]string{"generate", "--seed", "5", "--to", "json"}, tt.args...)...)
			if code != 0 {
				t.Fatalf("generate: exit %d: %s", code, errs)
			}
			want := decodeRecords(t, made)
			file := filepath.Join(t.TempDir(), "made.jsonl")
			if err := os.WriteFile(file, []byte(made), 0o644); err != nil {
				t.Fatal(err)
			}
			check := func(how, stdin string, args ...string) string {
				t.Helper()
				out, errs, code := runGattai(t, stdin, args...)
				if code != 0 {
					t.Fatalf("%s: exit %d: %s", how, code, errs)
				}
				got := decodeRecords(t, out)
				if len(got) != len(want) {
					t.Fatalf("%s: %d records, want %d", how, len(got), len(want))
				}
				for i, g := range got {
					w := want[i]
					if g.Status != report.Unique || g.Puzzle != w.Puzzle || g.Solution != w.Solution ||
						!sameLayout(g.Layout, w.Layout) || (len(g.Layout) > 0) != tt.layout {
						t.Errorf("%s, record %d:\n%+v\nwant the puzzle, solution and layout of\n%+v", how, i+1, g, w)
					}
				}
				return out
			}
			check("solve FILE", "", "solve", "--to", "json", file)
			check("solve --format json", "", "solve", "--to", "json", "--format", "json", file)
			solved := check("solve < FILE", made, "solve", "--to", "json")
			check("solve --to json | solve", solved, "solve", "--to", "json")
			if out, errs, code := runGattai(t, made, "count"); code != 0 || out != strings.Repeat("1\n", len(want)) {
				t.Errorf("count: %q, exit %d, %s", out, code, errs)
			}
			if out, errs, code := runGattai(t, "", "rate", file); code != 0 || strings.Count(out, "\n") != len(want) {
				t.Errorf("rate: %q, exit %d, %s", out, code, errs)
			}
			// In text, the solution is written in the puzzle's own format.
			if out, errs, code := runGattai(t, "", "solve", file); code != 0 || out != concat(want, func(r report.Record) string { return r.Solution }, tt.name == "samurai") {
				t.Errorf("solve: exit %d, %s\n%s", code, errs, out)
			}
		})
	}
}

// A multi-grid puzzle read as one line keeps its line in its record, and
// the record reads back on its layout.
func TestRecordsMultiGridLine(t *testing.T) {
	line, errs, code := runGattai(t, "", "generate", "--layout", "twodoku", "--seed", "7", "--no-minimal", "--to", "line")
	if code != 0 {
		t.Fatalf("generate: exit %d: %s", code, errs)
	}
	recs, errs, code := runGattai(t, line, "solve", "--layout", "twodoku", "--to", "json")
	if code != 0 {
		t.Fatalf("solve: exit %d: %s", code, errs)
	}
	if out, errs, code := runGattai(t, recs, "count"); code != 0 || out != "1\n" {
		t.Errorf("count of the record: %q, exit %d, %s", out, code, errs)
	}
}

// concat joins the field of records, with a blank line between canvases.
func concat(recs []report.Record, field func(report.Record) string, canvas bool) string {
	var b strings.Builder
	for i, r := range recs {
		if i > 0 && canvas {
			b.WriteString("\n")
		}
		b.WriteString(field(r))
	}
	return b.String()
}

// A bad record is one error at its line, the other records are solved,
// and the exit code says bad input.
func TestRecordsBad(t *testing.T) {
	in := `{"input":"p.txt:1","status":"error","error":{"file":"p.txt","line":1,"message":"unknown symbol"}}` + "\n" +
		`{"puzzle":"1234341221434321\n"}` + "\n" +
		`{"puzzle":"12x.341221434321\n"}` + "\n"
	out, errs, code := runGattai(t, in, "solve")
	want := "# -:1:1: bad record: no \"puzzle\" field (p.txt:1, status \"error\")\n1234341221434321\n# -:3:11: in \"puzzle\" at 1:3: unknown symbol"
	if code != exitBadInput || !strings.HasPrefix(out, want) || !strings.Contains(errs, "-:3:11: in \"puzzle\"") {
		t.Errorf("exit %d\n%s\nwant\n%s...\n%s", code, out, want, errs)
	}
	// --format json on text says what it wanted.
	out, _, code = runGattai(t, "1234341221434321\n", "solve", "--format", "json")
	if code != exitBadInput || !strings.HasPrefix(out, "# -:1:1: bad record: not a JSON object") {
		t.Errorf("--format json on a line: exit %d, %s", code, out)
	}
	// An f-puzzles JSON puzzle, which starts with '{' too, is still one.
	fp := `{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]}`
	if out, errs, code := runGattai(t, fp, "count", "--limit", "3"); code != 0 || out != "3+\n" {
		t.Errorf("f-puzzles JSON: %q, exit %d, %s", out, code, errs)
	}
}

// A puzzle that a stop cut short keeps its puzzle in its record, so that
// a later run can take it up.
func TestRecordsStopped(t *testing.T) {
	file := filepath.Join(t.TempDir(), "empty.txt")
	if err := os.WriteFile(file, []byte(strings.Repeat(".", 81)+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out, errs, code := runGattai(t, "", "count", "--to", "json", "--limit", "1000000000", "--jobs", "1", "--timeout", "100ms", file)
	recs := decodeRecords(t, out)
	if code != exitTimeout || len(recs) != 1 || recs[0].Status != report.Timeout || recs[0].Puzzle != strings.Repeat(".", 81)+"\n" {
		t.Fatalf("exit %d, %s, %s", code, out, errs)
	}
	if out, errs, code := runGattai(t, out, "count", "--limit", "3"); code != 0 || out != "3+\n" {
		t.Errorf("counted again: %q, exit %d, %s", out, code, errs)
	}
}

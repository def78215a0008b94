package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Several puzzles export to numbered files, each a CNF whose comments
// carry its puzzle; one puzzle may go to standard output.
func TestExport(t *testing.T) {
	dir := t.TempDir()
	_, errs, code := runGattai(t, "", "export", "--format", "euler", td("euler96.txt"), "-o", filepath.Join(dir, "grid.cnf"))
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "grid-*.cnf"))
	if len(files) != 50 || filepath.Base(files[0]) != "grid-001.cnf" || filepath.Base(files[49]) != "grid-050.cnf" {
		t.Fatalf("files %v", files)
	}
	if cnf := readFile(t, files[49]); !strings.Contains(cnf, "c format euler\nc header Grid 50\n") || !strings.Contains(cnf, "\np cnf ") {
		t.Errorf("grid-050.cnf lacks its format, header or p line")
	}
	// Names are literal: a % is no pattern (it once went to Sprintf).
	_, errs, code = runGattai(t, "", "export", "--format", "euler", td("euler96.txt"), "-o", filepath.Join(dir, "50%-done.cnf"))
	if _, err := os.Stat(filepath.Join(dir, "50%-done-007.cnf")); code != 0 || err != nil {
		t.Errorf("a name with %%: exit %d, %v, %s", code, err, errs)
	}
	_, errs, code = runGattai(t, readFile(t, td("examples", "classic.txt")), "export", "-o", filepath.Join(dir, "one%d.cnf"))
	if _, err := os.Stat(filepath.Join(dir, "one%d.cnf")); code != 0 || err != nil {
		t.Errorf("one puzzle, a name with %%: exit %d, %v, %s", code, err, errs)
	}
	out, _, code := runGattai(t, readFile(t, td("examples", "classic.txt")), "export", "--encoding", "sequential")
	if code != 0 || !strings.Contains(out, "c encoding sequential\n") {
		t.Errorf("stdout export: exit %d\n%.200s", code, out)
	}
	_, errs, code = runGattai(t, "", "export", td("euler96.txt"))
	if code != exitBadInput || !strings.Contains(errs, "several puzzles: name the files with -o") {
		t.Errorf("several puzzles to stdout: exit %d, %s", code, errs)
	}
}

package main

import (
	"context"
	"io"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"
)

// TestStackStartsFirst: stackstart's init, which grows the main
// goroutine's stack, runs while the stack is shallow: before the inits
// that grew it (internal/godebug's, regexp compiles), those of every
// package of this module, and kong's. Only leaves of the standard
// library come first. This test binary holds the command's packages
// and the testing ones, initialised in the same order.
func TestStackStartsFirst(t *testing.T) {
	self, err := os.Executable()
	if err != nil {
		t.Skip(err)
	}
	cmd := exec.Command(self, "-test.run=^$")
	cmd.Env = append(os.Environ(), "GODEBUG=inittrace=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	var order []string
	for _, m := range regexp.MustCompile(`(?m)^init (\S+) @`).FindAllStringSubmatch(string(out), -1) {
		order = append(order, m[1])
	}
	late := func(pkg string) bool {
		switch pkg {
		case "internal/godebug", "regexp", "regexp/syntax", "reflect", "unicode":
			return true
		}
		return strings.HasPrefix(pkg, "gattai") || strings.Contains(pkg, ".")
	}
	for i, pkg := range order {
		if pkg == "gattai/internal/stackstart" {
			return
		}
		if late(pkg) {
			t.Fatalf("%s's init runs before stackstart's (order: %v)", pkg, order[:i+1])
		}
	}
	t.Fatalf("no init of gattai/internal/stackstart in %v", order)
}

// BenchmarkStart is the CLI's own start: parsing the flags of a run
// that does nothing else (--version), in process.
func BenchmarkStart(b *testing.B) {
	for b.Loop() {
		run(context.Background(), []string{"--version"}, env{stdout: io.Discard, stderr: io.Discard})
	}
}

// BenchmarkCountLines is a whole count run in process over cheap line
// puzzles (sudoku17, or the repository's top1465 sample without the
// shared data), one job: reading, solving, checking, writing.
func BenchmarkCountLines(b *testing.B) {
	file := "../../../shared/data/sudoku17.txt"
	if _, err := os.Stat(file); err != nil {
		file = td("top1465-200.txt")
	}
	b.ReportAllocs()
	for b.Loop() {
		if code := run(context.Background(), []string{"count", "--engine", "backtrack", "--jobs", "1", file}, env{stdout: io.Discard, stderr: io.Discard}); code != exitOK {
			b.Fatalf("exit %d", code)
		}
	}
}

// BenchmarkQuickParse is quickParse's part of a count run's start.
func BenchmarkQuickParse(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, _, ok := quickParse([]string{"count", "--engine", "backtrack", "x.txt"}); !ok {
			b.Fatal("declined")
		}
	}
}

package main

import (
	"context"
	"io"
	"os"
	"testing"
)

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

// BenchmarkLeanParse is the lean model's part of a count run's start:
// building kong's model of count and the global flags, and parsing.
func BenchmarkLeanParse(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		l := newLean("count")
		used := map[string]bool{}
		usedVars(l.target.Elem().Type(), used)
		vars := startVars(used)
		exited := -1
		p, err := newParser(l.target.Interface(), io.Discard, io.Discard, vars, &exited)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := parse(p, []string{"count", "--engine", "backtrack", "x.txt"}, &exited); err != nil {
			b.Fatal(err)
		}
	}
}

package main

import (
	"context"
	"io"
	"testing"
)

// BenchmarkStart is the CLI's own start: parsing the flags of a run
// that does nothing else (--version), in process.
func BenchmarkStart(b *testing.B) {
	for b.Loop() {
		run(context.Background(), []string{"--version"}, env{stdout: io.Discard, stderr: io.Discard})
	}
}

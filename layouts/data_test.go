package layouts_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"gattai/internal/testkit"
	"gattai/layouts"
)

// Project Euler files read whole and write back byte for byte.
func TestEuler(t *testing.T) {
	tests := []struct {
		file string
		n    int
	}{
		{"formats/euler3.txt", 3},
		{"euler96.txt", 50},
	}
	for _, tt := range tests {
		t.Run(filepath.Base(tt.file), func(t *testing.T) {
			data, err := os.ReadFile(testkit.DataFile(t, "..", tt.file))
			if err != nil {
				t.Fatal(err)
			}
			ps, err := layouts.ReadAll(bytes.NewReader(data), layouts.ReadOptions{File: tt.file})
			if err != nil {
				t.Fatal(err)
			}
			if len(ps) != tt.n {
				t.Fatalf("%d puzzles, want %d", len(ps), tt.n)
			}
			for i, p := range ps {
				if want := fmt.Sprintf("Grid %02d", i+1); p.Source.Header != want || p.Source.Format != layouts.FormatEuler || p.Source.Line != 10*i+1 {
					t.Errorf("puzzle %d: source %+v, want header %q", i+1, p.Source, want)
				}
			}
			var b bytes.Buffer
			for _, p := range ps {
				if err := layouts.WritePuzzle(&b, p); err != nil {
					t.Fatal(err)
				}
			}
			if !bytes.Equal(b.Bytes(), data) {
				t.Errorf("written back differs from %s", tt.file)
			}
		})
	}
}

// Line files of the shared data read whole, each puzzle once.
func TestSharedLineFiles(t *testing.T) {
	tests := []struct {
		file string
		n    int
	}{
		{"top95.txt", 95},
		{"hardest11.txt", 11},
		{"top1465.txt", 1465},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			f, err := os.Open(testkit.DataFile(t, "..", tt.file))
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			ps, err := layouts.ReadAll(f, layouts.ReadOptions{File: tt.file})
			if err != nil {
				t.Fatal(err)
			}
			if len(ps) != tt.n || ps[0].Source.Format != layouts.FormatLine {
				t.Errorf("%d puzzles in %s, want %d line puzzles", len(ps), ps[0].Source.Format, tt.n)
			}
		})
	}
}

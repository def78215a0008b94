package layouts

import (
	"bytes"
	"io"
	"os"
	"strings"
	"testing"
)

// benchLines are the puzzles of top1465-200.txt, one per line, and the
// same lines spoiled three ways: an unknown symbol, a digit given twice
// in a row, a line one cell short.
func benchLines(b *testing.B) (valid, invalid []byte) {
	data, err := os.ReadFile("../testdata/top1465-200.txt")
	if err != nil {
		b.Skipf("no test data: %v", err)
	}
	var v, bad bytes.Buffer
	for i, l := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		if len(l) != 81 {
			continue
		}
		v.WriteString(l + "\n")
		switch i % 3 {
		case 0:
			bad.WriteString(l[:40] + "?" + l[41:] + "\n")
		case 1:
			d := l[0]
			if d == '.' || d == '0' {
				d = '5'
			}
			bad.WriteString(string(d) + string(d) + l[2:] + "\n")
		case 2:
			bad.WriteString(l[:80] + "\n")
		}
	}
	return v.Bytes(), bad.Bytes()
}

// BenchmarkRead reads line puzzles, detecting the format.
func BenchmarkRead(b *testing.B) {
	valid, _ := benchLines(b)
	benchRead(b, valid, false)
}

// BenchmarkReadInvalid reads the same lines spoiled: each is an error.
func BenchmarkReadInvalid(b *testing.B) {
	_, invalid := benchLines(b)
	benchRead(b, invalid, true)
}

func benchRead(b *testing.B, data []byte, bad bool) {
	lines := bytes.Count(data, []byte("\n"))
	b.ReportAllocs()
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		r := NewReader(bytes.NewReader(data), ReadOptions{File: "bench", Format: FormatLine})
		n := 0
		for {
			_, err := r.Read()
			if err == io.EOF {
				break
			}
			if (err != nil) != bad {
				b.Fatalf("record %d: %v", n+1, err)
			}
			n++
		}
		if n != lines {
			b.Fatalf("%d records for %d lines", n, lines)
		}
	}
	b.ReportMetric(float64(lines*b.N)/b.Elapsed().Seconds(), "lines/s")
}

// BenchmarkReadCanvas reads the 200 Samurai canvases of the generated
// set, detecting the layout, handing each puzzle back as a batch does
// (Reuse).
func BenchmarkReadCanvas(b *testing.B) {
	data, err := os.ReadFile("../testdata/bench/samurai-unique.txt")
	if err != nil {
		b.Skipf("no test data: %v", err)
	}
	b.ReportAllocs()
	b.SetBytes(int64(len(data)))
	n := 0
	for b.Loop() {
		r := NewReader(bytes.NewReader(data), ReadOptions{File: "bench"})
		for {
			p, err := r.Read()
			if err == io.EOF {
				break
			}
			if err != nil {
				b.Fatal(err)
			}
			r.Reuse(p)
			n++
		}
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "puzzles/s")
}

package main

import (
	"context"
	"strings"
	"testing"
)

// recorder keeps each write it gets.
type recorder struct{ writes []string }

func (r *recorder) Write(p []byte) (int, error) {
	r.writes = append(r.writes, string(p))
	return len(p), nil
}

// A stopWriter hands its writer whole lines only, in writes of at most
// pipeAtomic bytes cut at line ends (a longer line whole), and the last
// line, without a line end, at flush.
func TestStopWriterLines(t *testing.T) {
	line := strings.Repeat("x", 99) + "\n"
	long := strings.Repeat("y", pipeAtomic+10) + "\n"
	for _, tc := range []struct {
		name   string
		writes []string
		want   []string // the writes the writer gets, the flush's last
	}{
		{"lines held until they end", []string{"a\nb", "c", "d\ne\n", "f"}, []string{"a\n", "bcd\ne\n", "f"}},
		{"no line end at all", []string{"ab", "c"}, []string{"abc"}},
		{"cut at line ends", []string{strings.Repeat(line, 100)}, []string{strings.Repeat(line, 40), strings.Repeat(line, 40), strings.Repeat(line, 20)}},
		{"a long line whole", []string{line + long + line}, []string{line, long, line}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			var r recorder
			s := &stopWriter{ctx: ctx, w: &r, name: "standard output"}
			for _, w := range tc.writes {
				if n, err := s.Write([]byte(w)); n != len(w) || err != nil {
					t.Fatalf("Write(%q) = %d, %v", w, n, err)
				}
			}
			if err := s.flush(); err != nil {
				t.Fatal(err)
			}
			if strings.Join(r.writes, "|") != strings.Join(tc.want, "|") {
				t.Errorf("writes %q, want %q", r.writes, tc.want)
			}
		})
	}
}

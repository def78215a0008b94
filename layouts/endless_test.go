package layouts_test

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"

	"gattai/internal/testkit"
	"gattai/layouts"
)

// An input whose line never ends (/dev/zero, or text with no line end
// from a stream) ends in one error, after at most 64 MiB of it: the
// reader does not wait for its end.
func TestReadEndlessLine(t *testing.T) {
	const line = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
	tests := []struct {
		name string
		in   io.Reader
		want []string // "ok" for a puzzle, or an error's line:col
		is   error    // the last record's error
	}{
		{"zeros", testkit.Endless("", 0, 80<<20), []string{"1:1"}, layouts.ErrBinary},
		{"zeros after a long start", testkit.Endless(strings.Repeat(".", 20000), 0, 80<<20), []string{"1:20001"}, layouts.ErrBinary},
		{"dots", testkit.Endless(line+"\n", '.', 80<<20), []string{"ok", "2:16385"}, layouts.ErrTooLarge},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := layouts.NewReader(tt.in, layouts.ReadOptions{File: "x.txt"})
			var got []string
			var last error
			for len(got) <= len(tt.want) {
				_, err := r.Read()
				if err == io.EOF {
					break
				}
				var pe *layouts.ParseError
				switch {
				case err == nil:
					got = append(got, "ok")
				case errors.As(err, &pe):
					got, last = append(got, fmt.Sprintf("%d:%d", pe.Line, pe.Col)), err
				default:
					t.Fatalf("error %v", err)
				}
			}
			if fmt.Sprint(got) != fmt.Sprint(tt.want) || !errors.Is(last, tt.is) {
				t.Errorf("got %v (%v), want %v (%v)", got, last, tt.want, tt.is)
			}
		})
	}
}

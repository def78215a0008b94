package logic_test

import (
	"flag"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"gattai/internal/testkit"
	"gattai/layouts"
	"gattai/logic"
)

var update = flag.Bool("update", false, "rewrite testdata/*.golden")

// TestGolden compares the whole path of a few puzzles, as text, with
// testdata/NAME.golden.
func TestGolden(t *testing.T) {
	for _, tc := range []struct {
		name string
		read func(t *testing.T) *layouts.Puzzle
	}{
		{"jellyfish", func(t *testing.T) *layouts.Puzzle {
			return classic(t, ".....3...8..2..67..6.......51...2.4.......3..47.5....87..4..8....2.1....6..3..4.5")
		}},
		{"killer-classic", func(t *testing.T) *layouts.Puzzle {
			p, _ := testkit.ReadVariant(t, filepath.Join("..", "testdata", "variants"), "killer-classic")
			return p
		}},
		{"samurai", func(t *testing.T) *layouts.Puzzle {
			return testkit.ReadPuzzle(t, filepath.Join("testdata", "samurai.txt"), nil)
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := tc.read(t)
			steps, err := logic.Steps(t.Context(), p)
			if err != nil {
				t.Fatal(err)
			}
			r, err := logic.Rate(t.Context(), p)
			if err != nil {
				t.Fatal(err)
			}
			var b strings.Builder
			for _, st := range steps {
				b.WriteString(st.String() + "\n")
			}
			b.WriteString("rating: " + r.Level.String() + " " + strconv.FormatFloat(r.Score, 'f', 1, 64) + " (" + r.Hardest + ")\n")
			path := filepath.Join("testdata", tc.name+".golden")
			if *update {
				if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if b.String() != string(want) {
				t.Errorf("path differs from %s (run with -update to accept):\n%s", path, b.String())
			}
		})
	}
}

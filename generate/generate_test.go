package generate_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"gattai"
	"gattai/backtrack"
	"gattai/generate"
	"gattai/internal/gen"
	"gattai/internal/testkit"
	"gattai/layouts"
	"gattai/logic"
	"gattai/sat"
)

// count counts p's solutions with backtrack, up to limit.
func count(t testing.TB, p *layouts.Puzzle, limit int) (int, layouts.Grid) {
	t.Helper()
	r, err := backtrack.Count(context.Background(), p, limit)
	if err != nil {
		t.Fatal(err)
	}
	return r.Count, r.Grid
}

// run generates with opts on m and returns what was emitted.
func run(t testing.TB, m *layouts.Model, opts generate.Options) []generate.Puzzle {
	t.Helper()
	var out []generate.Puzzle
	err := generate.Generate(context.Background(), m, opts, gen.NewCounter, func(p generate.Puzzle) error {
		out = append(out, p)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if want := max(opts.Count, 1); len(out) != want {
		t.Fatalf("%d puzzles, want %d", len(out), want)
	}
	return out
}

// verify holds p to what Generate promises: its solution passes Check,
// it is unique (and the solution is the one), and no orbit of sym can
// lose its givens without a second solution.
func verify(t testing.TB, p generate.Puzzle, sym generate.Symmetry) {
	t.Helper()
	if err := layouts.Check(p.Puzzle, p.Solution); err != nil {
		t.Fatalf("puzzle %d: solution: %v\n%s", p.Index, err, p.Solution)
	}
	k, g := count(t, p.Puzzle, 2)
	if k != 1 || !slices.Equal(g.Digits, p.Solution.Digits) {
		t.Fatalf("puzzle %d: %d solutions\n%s", p.Index, k, p.Puzzle)
	}
	orbits, err := generate.Orbits(p.Model, sym)
	if err != nil {
		t.Fatal(err)
	}
	q := &layouts.Puzzle{Model: p.Model, Givens: slices.Clone(p.Givens)}
	for _, o := range orbits {
		given := 0
		for _, x := range o {
			if p.Givens[x] != 0 {
				given++
			}
			q.Givens[x] = 0
		}
		if given != 0 && given != len(o) {
			t.Fatalf("puzzle %d: %d of the %d cells of orbit %v given: not %s\n%s", p.Index, given, len(o), o, sym, p.Puzzle)
		}
		if given != 0 {
			if k, _ := count(t, q, 2); k < 2 {
				t.Fatalf("puzzle %d: not minimal: the givens of %v can go\n%s", p.Index, generate.Positions(p.Model, o), p.Puzzle)
			}
		}
		copy(q.Givens, p.Givens)
	}
}

// TestBuiltins: puzzles of every built-in layout, in three sizes, are
// unique and minimal, and gophersat agrees that they are unique.
func TestBuiltins(t *testing.T) {
	sizes := []int{4, 6, 9}
	if testing.Short() {
		sizes = []int{4, 9}
	}
	for _, b := range layouts.Builtins() {
		for _, n := range sizes {
			t.Run(fmt.Sprintf("%s/%d", b.Name, n), func(t *testing.T) {
				m := testkit.Model(t, b.Name, n)
				for _, p := range run(t, m, generate.Options{Count: 2, Seed: 7}) {
					verify(t, p, generate.NoSymmetry)
					r, err := sat.Count(context.Background(), p.Puzzle, sat.Options{Limit: 2})
					if err != nil {
						t.Fatal(err)
					}
					if r.Count != 1 || !slices.Equal(r.Grid.Digits, p.Solution.Digits) {
						t.Fatalf("gophersat: %d solutions\n%s", r.Count, p.Puzzle)
					}
				}
			})
		}
	}
}

// TestSizes: classic grids of other sizes, boxes and a layout file.
func TestSizes(t *testing.T) {
	tests := []struct {
		name  string
		model func(t *testing.T) *layouts.Model
	}{
		{"classic 5", func(t *testing.T) *layouts.Model { return testkit.Model(t, "classic", 5) }},
		{"classic 8", func(t *testing.T) *layouts.Model { return testkit.Model(t, "classic", 8) }},
		{"classic 12", func(t *testing.T) *layouts.Model { return testkit.Model(t, "classic", 12) }},
		{"classic 16", func(t *testing.T) *layouts.Model { return testkit.Model(t, "classic", 16) }},
		{"samurai 6 3x2", func(t *testing.T) *layouts.Model {
			l, err := layouts.Builtin("samurai", 6, layouts.Shape{Rows: 3, Cols: 2})
			if err != nil {
				t.Fatal(err)
			}
			m, err := layouts.Compile(l)
			if err != nil {
				t.Fatal(err)
			}
			return m
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if testing.Short() && tc.name == "classic 16" {
				t.Skip("16x16 minimality takes seconds")
			}
			m := tc.model(t)
			for _, p := range run(t, m, generate.Options{Seed: 3}) {
				verify(t, p, generate.NoSymmetry)
			}
		})
	}
	// A minimal 25x25 takes minutes: its last removals are hard counts.
	// Down to 320 givens it is quick.
	t.Run("classic 25 to 320 givens", func(t *testing.T) {
		m := testkit.Model(t, "classic", 25)
		for _, p := range run(t, m, generate.Options{Seed: 3, MinGivens: 320, Symmetry: generate.Rotate90}) {
			if k, _ := count(t, p.Puzzle, 2); k != 1 || p.Clues() < 317 || p.Clues() > 320 { // an orbit of 4 may pass 320
				t.Fatalf("%d solutions, %d givens", k, p.Clues())
			}
		}
	})
}

// slowToGenerate are the layout files of TestLayoutFiles whose puzzle
// takes seconds to make: the counts of few givens under nonconsecutive
// pairs or little killer sums, and a Samurai with an extra region.
var slowToGenerate = map[string]bool{"nonconsecutive-classic": true, "littlekiller-classic": true, "region-samurai": true}

// TestLayoutFiles: puzzles on the layout files of testdata/layouts and
// testdata/variants, their constraints and all.
func TestLayoutFiles(t *testing.T) {
	dirs := []string{"../testdata/layouts", "../testdata/variants"}
	var files []string
	for _, d := range dirs {
		fs, _ := filepath.Glob(d + "/*.json")
		files = append(files, fs...)
	}
	if len(files) == 0 {
		t.Skip("no layout files in ../testdata/layouts")
	}
	for _, f := range files {
		t.Run(f, func(t *testing.T) {
			m := testkit.LayoutFile(t, f)
			if testing.Short() && slowToGenerate[strings.TrimSuffix(filepath.Base(f), ".json")] {
				t.Skip("seconds to generate (ten times as long under the race detector), skipped under -short")
			}
			for _, p := range run(t, m, generate.Options{Seed: 5}) {
				verify(t, p, generate.NoSymmetry)
			}
		})
	}
}

// TestJobs: the same options give the same bytes whatever Jobs is.
func TestJobs(t *testing.T) {
	for _, tc := range []struct {
		layout string
		n      int
		kinds  []string
	}{{"classic", 9, nil}, {"samurai", 4, nil}, {"classic", 6, []string{"killer", "diagonal"}}} {
		t.Run(fmt.Sprintf("%s/%d/%v", tc.layout, tc.n, tc.kinds), func(t *testing.T) {
			m := testkit.Model(t, tc.layout, tc.n)
			text := func(jobs int) []byte {
				var b bytes.Buffer
				for _, p := range run(t, m, generate.Options{Count: 12, Seed: 42, Jobs: jobs, Kinds: tc.kinds, Symmetry: generate.Rotate180}) {
					fmt.Fprintf(&b, "%d\n%s%s", p.Index, p.Puzzle, p.Model.Layout.MarshalFile())
				}
				return b.Bytes()
			}
			one, four := text(1), text(4)
			if !bytes.Equal(one, four) {
				t.Fatalf("jobs 1 and 4 differ:\n%s\n---\n%s", one, four)
			}
			if other := run(t, m, generate.Options{Count: 1, Seed: 43, Kinds: tc.kinds}); bytes.HasPrefix(one, fmt.Appendf(nil, "0\n%s", other[0].Puzzle)) {
				t.Fatal("seeds 42 and 43 made the same first puzzle")
			}
		})
	}
}

// TestSymmetry: every symmetry on a square canvas holds, and the
// puzzles are minimal by orbits.
func TestSymmetry(t *testing.T) {
	for _, sym := range []generate.Symmetry{generate.NoSymmetry, generate.Rotate180, generate.Rotate90, generate.Mirror, generate.Diagonal} {
		for _, tc := range []struct {
			layout string
			n      int
		}{{"classic", 9}, {"samurai", 4}, {"twodoku", 4}} {
			t.Run(fmt.Sprintf("%s/%s/%d", sym, tc.layout, tc.n), func(t *testing.T) {
				m := testkit.Model(t, tc.layout, tc.n)
				for _, p := range run(t, m, generate.Options{Count: 3, Seed: 11, Symmetry: sym}) {
					verify(t, p, sym)
					for x, pos := range m.Cells {
						if p.Givens[x] == 0 {
							continue
						}
						// Each image of a given is a given or no cell.
						for _, q := range images(sym, pos, m.Height, m.Width) {
							if y, ok := m.Cell(q); ok && p.Givens[y] == 0 {
								t.Fatalf("%s given, its image %s not\n%s", pos, q, p.Puzzle)
							}
						}
					}
				}
			})
		}
	}
}

// images are the positions sym takes pos to, written out once more
// than Orbits does.
func images(sym generate.Symmetry, pos layouts.Pos, h, w int) []layouts.Pos {
	r, c := pos.Row, pos.Col
	switch sym {
	case generate.Rotate180:
		return []layouts.Pos{{Row: h - 1 - r, Col: w - 1 - c}}
	case generate.Rotate90:
		return []layouts.Pos{{Row: c, Col: h - 1 - r}, {Row: h - 1 - r, Col: w - 1 - c}, {Row: w - 1 - c, Col: r}}
	case generate.Mirror:
		return []layouts.Pos{{Row: r, Col: w - 1 - c}}
	case generate.Diagonal:
		return []layouts.Pos{{Row: c, Col: r}}
	}
	return nil
}

// TestKinds: each kind, and some together, make layouts that compile
// and puzzles that are unique and minimal; clue kinds leave few givens.
func TestKinds(t *testing.T) {
	var tests [][]string
	for _, k := range generate.Kinds() {
		tests = append(tests, []string{k.Name})
	}
	tests = append(tests, []string{"killer", "antiknight"}, []string{"thermo", "kropki", "parity"})
	for _, kinds := range tests {
		for _, tc := range []struct {
			layout string
			n      int
		}{{"classic", 6}, {"classic", 9}, {"twodoku", 4}} {
			if tc.n == 9 && slices.Contains(kinds, "nonconsecutive") {
				continue // 13 s to count its few givens; TestLayoutFiles has one
			}
			t.Run(fmt.Sprintf("%v/%s/%d", kinds, tc.layout, tc.n), func(t *testing.T) {
				m := testkit.Model(t, tc.layout, tc.n)
				var out []generate.Puzzle
				err := generate.Generate(context.Background(), m, generate.Options{Count: 2, Seed: 1, Kinds: kinds}, gen.NewCounter, func(p generate.Puzzle) error {
					out = append(out, p)
					return nil
				})
				// Some kinds cannot go on some layouts: a jigsaw of one grid
				// only, windoku on square boxes only; antiking and
				// nonconsecutive 4x4 grids have no solution. Those are
				// refused, with a typed error.
				if errors.Is(err, generate.ErrKind) && (tc.layout == "twodoku" || tc.n == 6) ||
					errors.Is(err, generate.ErrNoGrid) && tc.n == 4 {
					if len(out) != 0 {
						t.Fatalf("%v, yet %d puzzles came out", err, len(out))
					}
					return
				}
				if err != nil {
					t.Fatal(err)
				}
				for _, p := range out {
					if p.Model == m || p.Model.Layout == m.Layout {
						t.Fatal("a puzzle with kinds shares the input's layout")
					}
					// The layout as a file reads back to the same model.
					text := p.Model.Layout.MarshalFile()
					l, err := layouts.ParseLayoutFile("generated", text)
					if err != nil {
						t.Fatalf("%v\n%s", err, text)
					}
					again, err := layouts.Compile(l)
					if err != nil || len(again.Rules) != len(p.Model.Rules) || len(again.Units) != len(p.Model.Units) {
						t.Fatalf("layout does not read back: %v", err)
					}
					for _, k := range kinds {
						i := slices.IndexFunc(generate.Kinds(), func(ki generate.KindInfo) bool { return ki.Name == k })
						want := generate.Kinds()[i].Layout
						if !slices.ContainsFunc(l.Constraints, func(c layouts.Constraint) bool { return c.Kind == want }) {
							t.Fatalf("no %s constraint in\n%s", want, text)
						}
					}
					verify(t, p, generate.NoSymmetry)
				}
			})
		}
	}
}

// TestFewGivens: clue kinds carry the puzzle: every kropki dot leaves
// no givens at all, killer cages a handful.
func TestFewGivens(t *testing.T) {
	for _, tc := range []struct {
		kind     string
		n        int
		maxMean  float64
		zeroFrom int // at least this many of 20 with no givens
	}{{"kropki", 6, 0.5, 10}, {"killer", 9, 8, 0}} {
		t.Run(tc.kind, func(t *testing.T) {
			m := testkit.Model(t, "classic", tc.n)
			zero, sum := 0, 0
			for _, p := range run(t, m, generate.Options{Count: 20, Kinds: []string{tc.kind}}) {
				verify(t, p, generate.NoSymmetry)
				sum += p.Clues()
				if p.Clues() == 0 {
					zero++
				}
			}
			if mean := float64(sum) / 20; mean > tc.maxMean || zero < tc.zeroFrom {
				t.Fatalf("%g givens on average, %d of 20 with none", mean, zero)
			}
		})
	}
}

// TestEveryKindDrawn: each constraint kind that layouts declares has a
// drawer (a rule kind or a clue kind), except region, drawn through its
// presets.
func TestEveryKindDrawn(t *testing.T) {
	drawn := map[string]bool{}
	for _, k := range generate.Kinds() {
		drawn[k.Layout] = true
	}
	for _, k := range layouts.Kinds() {
		if !drawn[k.Name] {
			t.Errorf("kind %s has no drawer in generate's kinds.go", k.Name)
		}
	}
}

// TestRating: puzzles outside the range are made again, and the rating
// is kept.
func TestRating(t *testing.T) {
	m := testkit.Model(t, "classic", 9)
	clues := func(_ context.Context, p *layouts.Puzzle) (float64, error) { return float64(p.Clues()), nil }
	for _, p := range run(t, m, generate.Options{Count: 4, Rate: clues, Rating: generate.Range{Min: 0, Max: 24}}) {
		if p.Rating != float64(p.Clues()) || p.Rating > 24 {
			t.Fatalf("rating %g, %d givens", p.Rating, p.Clues())
		}
	}
	err := generate.Generate(context.Background(), m, generate.Options{Rate: clues, Rating: generate.Range{Min: 90}, Tries: 3}, gen.NewCounter, func(generate.Puzzle) error {
		t.Fatal("emitted a puzzle out of range")
		return nil
	})
	if !errors.Is(err, generate.ErrNoPuzzle) {
		t.Fatalf("got %v, want ErrNoPuzzle", err)
	}
	// Without Tries, a rated run tries RatedTries times, an unrated one
	// 100 (here a 4x4, whose every try is rated).
	small := testkit.Model(t, "classic", 4)
	var calls atomic.Int64
	never := func(context.Context, *layouts.Puzzle) (float64, error) { calls.Add(1); return 0, nil }
	err = generate.Generate(context.Background(), small, generate.Options{Rate: never, Rating: generate.Range{Min: 1}}, gen.NewCounter, func(generate.Puzzle) error {
		t.Fatal("emitted a puzzle out of range")
		return nil
	})
	if !errors.Is(err, generate.ErrNoPuzzle) || calls.Load() != generate.RatedTries {
		t.Fatalf("got %v after %d ratings, want ErrNoPuzzle after %d", err, calls.Load(), generate.RatedTries)
	}
}

// TestDifficulty: logic's ratings as the rater, easy and hard 9x9s.
func TestDifficulty(t *testing.T) {
	m := testkit.Model(t, "classic", 9)
	rate := func(_ context.Context, p *layouts.Puzzle) (float64, error) {
		r, err := logic.Rate(t.Context(), p)
		return r.Score, err
	}
	for _, tc := range []struct {
		name string
		want generate.Range
	}{{"easy", generate.Range{Max: 2.3}}, {"expert and up", generate.Range{Min: 5.5}}} {
		t.Run(tc.name, func(t *testing.T) {
			for _, p := range run(t, m, generate.Options{Count: 3, Jobs: 2, Rate: rate, Rating: tc.want}) {
				verify(t, p, generate.NoSymmetry)
				r, err := logic.Rate(t.Context(), p.Puzzle)
				if err != nil || r.Score != p.Rating || !(r.Score >= tc.want.Min && (tc.want.Max == 0 || r.Score <= tc.want.Max)) {
					t.Fatalf("rated %v (%v), kept with %g", r, err, p.Rating)
				}
			}
		})
	}
}

// TestMinGivens: the removal stops at MinGivens.
func TestMinGivens(t *testing.T) {
	m := testkit.Model(t, "classic", 9)
	for _, p := range run(t, m, generate.Options{Count: 3, MinGivens: 40}) {
		if k, _ := count(t, p.Puzzle, 2); k != 1 || p.Clues() != 40 {
			t.Fatalf("%d solutions, %d givens", k, p.Clues())
		}
	}
}

// TestCancel: a done context stops Generate promptly, every puzzle it
// emitted whole; and emit's error stops it too.
func TestCancel(t *testing.T) {
	m := testkit.Model(t, "sumo", 9)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var got []generate.Puzzle
	start := time.Now()
	time.AfterFunc(300*time.Millisecond, cancel)
	err := generate.Generate(ctx, m, generate.Options{Count: 1000, Jobs: 2}, gen.NewCounter, func(p generate.Puzzle) error {
		got = append(got, p)
		return nil
	})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("got %v, want context.Canceled", err)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Fatalf("stopped after %v", d)
	}
	if len(got) >= 1000 {
		t.Fatal("made them all")
	}
	for i, p := range got {
		if p.Index != i {
			t.Fatalf("puzzle %d has index %d", i, p.Index)
		}
		if k, _ := count(t, p.Puzzle, 2); k != 1 {
			t.Fatalf("emitted puzzle %d has %d solutions", i, k)
		}
	}

	stop := errors.New("enough")
	n := 0
	err = generate.Generate(context.Background(), testkit.Model(t, "classic", 9), generate.Options{Count: 100, Jobs: 3}, gen.NewCounter, func(generate.Puzzle) error {
		n++
		if n == 5 {
			return stop
		}
		return nil
	})
	if !errors.Is(err, stop) || n != 5 {
		t.Fatalf("got %v after %d puzzles, want %v after 5", err, n, stop)
	}
}

// TestOptions: bad options are errors before any work.
func TestOptions(t *testing.T) {
	rate := func(context.Context, *layouts.Puzzle) (float64, error) { return 0, nil }
	tests := []struct {
		name   string
		layout string
		opts   generate.Options
		want   error
	}{
		{"negative count", "classic", generate.Options{Count: -1}, generate.ErrOptions},
		{"range without rater", "classic", generate.Options{Rating: generate.Range{Min: 1}}, generate.ErrOptions},
		{"empty range", "classic", generate.Options{Rate: rate, Rating: generate.Range{Min: 3, Max: 1}}, generate.ErrOptions},
		{"unknown kind", "classic", generate.Options{Kinds: []string{"kakuro"}}, generate.ErrKind},
		{"entropic of 4 digits", "classic", generate.Options{Kinds: []string{"entropic"}}, generate.ErrKind},
		{"jigsaw of two grids", "twodoku", generate.Options{Kinds: []string{"jigsaw"}}, generate.ErrKind},
		{"rotate90 of an oblong", "gattai8", generate.Options{Symmetry: generate.Rotate90}, generate.ErrSymmetry},
		{"bad symmetry", "classic", generate.Options{Symmetry: 9}, generate.ErrSymmetry},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m := testkit.Model(t, tc.layout, 4)
			err := generate.Generate(context.Background(), m, tc.opts, gen.NewCounter, func(p generate.Puzzle) error { return nil })
			if tc.want == nil && err != nil || tc.want != nil && !errors.Is(err, tc.want) {
				t.Fatalf("got %v, want %v", err, tc.want)
			}
		})
	}
}

func TestParseSymmetry(t *testing.T) {
	for _, tc := range []struct {
		text string
		want generate.Symmetry
		err  bool
	}{{"", generate.NoSymmetry, false}, {"none", generate.NoSymmetry, false}, {"rotate180", generate.Rotate180, false},
		{"rotate90", generate.Rotate90, false}, {"mirror", generate.Mirror, false}, {"diagonal", generate.Diagonal, false},
		{"flip", 0, true}, {"Rotate180", 0, true}} {
		got, err := generate.ParseSymmetry(tc.text)
		if (err != nil) != tc.err || got != tc.want {
			t.Errorf("%q: got %v, %v", tc.text, got, err)
		}
		if err == nil && tc.text != "" && got.String() != tc.text {
			t.Errorf("%q prints as %q", tc.text, got)
		}
	}
}

// panicky panics on its third count.
type panicky struct {
	generate.Counter
	calls *int
}

func (c panicky) Count(ctx context.Context, p *layouts.Puzzle, limit int) (int, layouts.Grid, error) {
	if *c.calls++; *c.calls == 3 {
		panic("counter bug")
	}
	return c.Counter.Count(ctx, p, limit)
}

// TestCounterPanics: a counter's panic in a worker is an error, not the
// end of the program.
func TestCounterPanics(t *testing.T) {
	calls := 0
	newCounter := func(m *layouts.Model) generate.Counter { return panicky{gen.NewCounter(m), &calls} }
	err := generate.Generate(context.Background(), testkit.Model(t, "classic", 9), generate.Options{}, newCounter, func(generate.Puzzle) error {
		t.Fatal("emitted a puzzle")
		return nil
	})
	if !errors.Is(err, generate.ErrCounter) || !strings.Contains(err.Error(), "counter bug") {
		t.Fatalf("got %v, want ErrCounter", err)
	}
}

// FuzzParseSymmetry: no panic, and a name read prints back as itself.
func FuzzParseSymmetry(f *testing.F) {
	for _, s := range []string{"", "none", "rotate180", "rotate90", "mirror", "diagonal", "flip", "ROTATE90"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		s, err := generate.ParseSymmetry(text)
		if err != nil {
			if !errors.Is(err, generate.ErrSymmetry) {
				t.Fatalf("%q: %v does not wrap ErrSymmetry", text, err)
			}
			return
		}
		if again, err := generate.ParseSymmetry(s.String()); err != nil || again != s {
			t.Fatalf("%q: %v prints as %q, which reads as %v, %v", text, s, s.String(), again, err)
		}
	})
}

// TestKindSettings: the kinds that share a layouts kind with another
// write what tells them apart: a diagonal's which, kropki's values.
func TestKindSettings(t *testing.T) {
	m := testkit.Model(t, "classic", 6)
	for _, tc := range []struct {
		kind string
		ok   func(c layouts.Constraint) bool
	}{
		{"diagonal+", func(c layouts.Constraint) bool { return c.Kind == "diagonal" && c.Which == "positive" }},
		{"diagonal-", func(c layouts.Constraint) bool { return c.Kind == "diagonal" && c.Which == "negative" }},
		{"kropki-values", func(c layouts.Constraint) bool {
			return c.Kind == "kropki" && c.Negative && (c.Difference == 2 || c.Difference == 3) && (c.Ratio == 2 || c.Ratio == 3)
		}},
		{"kropki", func(c layouts.Constraint) bool { return c.Kind == "kropki" && c.Difference == 0 && c.Ratio == 0 }},
		{"littlekiller", func(c layouts.Constraint) bool {
			return c.Kind == "littlekiller" && len(c.Cells) >= 2 && len(c.Cells) <= 4
		}},
	} {
		t.Run(tc.kind, func(t *testing.T) {
			for _, p := range run(t, m, generate.Options{Count: 3, Seed: 2, Kinds: []string{tc.kind}}) {
				cs := p.Model.Layout.Constraints
				if len(cs) == 0 || slices.ContainsFunc(cs, func(c layouts.Constraint) bool { return !tc.ok(c) }) {
					t.Fatalf("constraints %+v", cs)
				}
				verify(t, p, generate.NoSymmetry)
			}
		})
	}
}

// TestArrowCircles: a circle of two cells reads in reading order, as
// f-puzzles and SudokuPad read it, so that every output format can
// carry a made arrow (one out of order made generate fail with exit 2).
func TestArrowCircles(t *testing.T) {
	m := testkit.Model(t, "classic", 9)
	sol := make([]uint8, len(m.Cells))
	two := 0
	for seed := range uint64(200) {
		for _, c := range generate.Arrows(m, sol, rand.New(rand.NewPCG(seed, 0)), 6, false) {
			if len(c.Cells) != 2 {
				continue
			}
			two++
			a, _ := m.Cell(c.Cells[0])
			b, _ := m.Cell(c.Cells[1])
			if a > b {
				t.Fatalf("seed %d: circle %v out of reading order", seed, c.Cells)
			}
		}
	}
	if two == 0 {
		t.Fatal("no circle of two cells")
	}
}

// TestNoGridWithRules: a layout that its rules leave no way to fill (a
// butterfly with windoku's extra boxes) says so, naming the rules.
func TestNoGridWithRules(t *testing.T) {
	m := testkit.Model(t, "butterfly", 9)
	err := generate.Generate(context.Background(), m, generate.Options{Seed: 1, Kinds: []string{"windoku"}}, gen.NewCounter, func(generate.Puzzle) error { return nil })
	if !errors.Is(err, generate.ErrNoGrid) || !strings.Contains(err.Error(), "with windoku") {
		t.Errorf("err = %v, want ErrNoGrid with windoku", err)
	}
}

// TestFillUnderRules: a rule that makes the search for a grid hard
// (antiknight on a sumo, nonconsecutive on a flower) still gives a
// puzzle quickly, the same whatever Jobs is, through backtrack and
// through the facade's Solvers. Fill's counts once ran unbounded: a
// sumo's antiknight seeding that contradicted itself took minutes to
// refute, a flower's nonconsecutive fill 15 s to a minute. Now they
// take a second or so; the bound is for a slow machine.
func TestFillUnderRules(t *testing.T) {
	solvers, err := generate.Solvers(gattai.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		layout, kind string
		slow         bool
	}{{"sumo", "antiknight", false}, {"flower", "nonconsecutive", true}, {"windmill", "nonconsecutive", true}} {
		for _, counter := range []struct {
			name string
			new  func(*layouts.Model) generate.Counter
		}{{"backtrack", gen.NewCounter}, {"solvers", solvers}} {
			t.Run(tc.layout+"/"+tc.kind+"/"+counter.name, func(t *testing.T) {
				if testing.Short() && tc.slow {
					t.Skip("seconds on a busy machine")
				}
				m := testkit.Model(t, tc.layout, 9)
				text := func(jobs int) string {
					ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
					defer cancel()
					var b strings.Builder
					err := generate.Generate(ctx, m, generate.Options{Count: 1, Seed: 1, Jobs: jobs, Kinds: []string{tc.kind}, MinGivens: len(m.Cells) / 3}, counter.new, func(p generate.Puzzle) error {
						if k, _ := count(t, p.Puzzle, 2); k != 1 {
							t.Fatalf("%d solutions", k)
						}
						fmt.Fprintf(&b, "%s\n", p.Puzzle)
						return nil
					})
					if err != nil {
						t.Fatal(err)
					}
					return b.String()
				}
				if one, two := text(1), text(2); one != two {
					t.Fatalf("jobs 1 and 2 differ:\n%s\n---\n%s", one, two)
				}
			})
		}
	}
}

// giveUp is a BoundedCounter whose bounded counts to 2 all reach their
// bound; its fills are backtrack's.
type giveUp struct {
	gen.Counter
	calls *int
}

func (c giveUp) CountWithin(ctx context.Context, p *layouts.Puzzle, limit int, nodes int64) (int, layouts.Grid, int64, bool, error) {
	if limit == 1 {
		return c.Counter.CountWithin(ctx, p, limit, nodes)
	}
	*c.calls++
	return 0, layouts.Grid{}, nodes, false, nil
}

// spender is a BoundedCounter whose bounded counts answer as backtrack's
// but each say they spent the nodes of spend.
type spender struct {
	gen.Counter
	spend int64
	calls *int
}

func (c spender) CountWithin(ctx context.Context, p *layouts.Puzzle, limit int, nodes int64) (int, layouts.Grid, int64, bool, error) {
	k, g, _, ok, err := c.Counter.CountWithin(ctx, p, limit, nodes)
	if limit == 2 {
		*c.calls++
	}
	return k, g, c.spend, ok, err
}

// TestReduceBudget: with a floor, the removals stop once their bounded
// counts have spent ReduceNodes in all, above the floor, and the puzzle
// stays unique.
func TestReduceBudget(t *testing.T) {
	m := testkit.Model(t, "classic", 9)
	for _, tc := range []struct {
		spend     int64
		wantCalls int // 0: any, below the budget's
	}{
		{spend: generate.ReduceNodes / 8, wantCalls: 8},
		{spend: generate.ReduceNodes/3 + 1, wantCalls: 3}, // the third overdraws
		{spend: 1},
	} {
		calls := 0
		c := spender{gen.NewCounter(m).(gen.Counter), tc.spend, &calls}
		rng := rand.New(rand.NewPCG(1, 2))
		g, err := generate.Fill(context.Background(), m, c, rng)
		if err != nil {
			t.Fatal(err)
		}
		p := &layouts.Puzzle{Model: m, Givens: slices.Clone(g.Digits)}
		if err := generate.Reduce(context.Background(), c, p, rng, generate.NoSymmetry, 20); err != nil {
			t.Fatal(err)
		}
		if k, _ := count(t, p, 2); k != 1 {
			t.Fatalf("spend %d: %d solutions", tc.spend, k)
		}
		switch {
		case tc.wantCalls > 0 && (calls != tc.wantCalls || p.Clues() <= 20):
			t.Errorf("spend %d: %d bounded counts and %d givens, want %d counts and givens above the floor", tc.spend, calls, p.Clues(), tc.wantCalls)
		case tc.wantCalls == 0 && int64(calls) >= generate.ReduceNodes:
			t.Errorf("spend 1: %d bounded counts, want the budget untouched", calls)
		}
	}
}

// TestReduceBound: with a floor, a removal whose count reaches the
// counter's bound keeps its givens, and the puzzle stays unique; with no
// floor (minimal) the counts are never bounded.
func TestReduceBound(t *testing.T) {
	m := testkit.Model(t, "classic", 6)
	for _, floor := range []int{0, 1} {
		calls := 0
		c := giveUp{gen.NewCounter(m).(gen.Counter), &calls}
		rng := rand.New(rand.NewPCG(1, 2))
		g, err := generate.Fill(context.Background(), m, c, rng)
		if err != nil {
			t.Fatal(err)
		}
		p := &layouts.Puzzle{Model: m, Givens: slices.Clone(g.Digits)}
		if err := generate.Reduce(context.Background(), c, p, rng, generate.NoSymmetry, floor); err != nil {
			t.Fatal(err)
		}
		if k, _ := count(t, p, 2); k != 1 {
			t.Fatalf("floor %d: %d solutions", floor, k)
		}
		if floor == 0 && calls != 0 || floor > 0 && calls == 0 {
			t.Fatalf("floor %d: %d bounded counts", floor, calls)
		}
		if floor == 0 {
			verify(t, generate.Puzzle{Puzzle: p, Solution: g}, generate.NoSymmetry)
		}
	}
}

// countOnly is a counter with Count alone: no bound, no candidate ruled
// out.
type countOnly struct{ c gen.Counter }

func (c countOnly) Count(ctx context.Context, p *layouts.Puzzle, limit int) (int, layouts.Grid, error) {
	return c.c.Count(ctx, p, limit)
}

// withoutCalls is gen.Counter counting its calls of CountWithout.
type withoutCalls struct {
	gen.Counter
	calls *atomic.Int64
}

func (c withoutCalls) CountWithout(ctx context.Context, p *layouts.Puzzle, limit int, cell int, digit uint8) (int, error) {
	c.calls.Add(1)
	return c.Counter.CountWithout(ctx, p, limit, cell, digit)
}

// TestWithout: a WithoutCounter makes the puzzles that counts to 2
// make: a removal proved by ruling out the given's digit is one that
// leaves one solution. Symmetric orbits of two cells or more are still
// counted to 2.
func TestWithout(t *testing.T) {
	for _, c := range []struct {
		layout string
		n      int
		opts   generate.Options
	}{
		{"classic", 9, generate.Options{Count: 20}},
		{"classic", 9, generate.Options{Count: 5, Symmetry: generate.Rotate180}},
		{"classic", 6, generate.Options{Count: 20}},
		{"classic", 12, generate.Options{Count: 2}},
		{"samurai", 9, generate.Options{Count: 2}},
		{"twodoku", 6, generate.Options{Count: 5}},
		{"classic", 9, generate.Options{Count: 3, Kinds: []string{"killer"}}},
		{"classic", 6, generate.Options{Count: 3, Kinds: []string{"nonconsecutive"}}},
	} {
		name := fmt.Sprintf("%s%d %v %s", c.layout, c.n, c.opts.Kinds, c.opts.Symmetry)
		m := testkit.Model(t, c.layout, c.n)
		var calls atomic.Int64
		build := func(counter func(*layouts.Model) generate.Counter) []generate.Puzzle {
			var out []generate.Puzzle
			opts := c.opts
			opts.Seed = 5
			err := generate.Generate(context.Background(), m, opts, counter, func(p generate.Puzzle) error {
				out = append(out, p)
				return nil
			})
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			return out
		}
		want := build(func(m *layouts.Model) generate.Counter { return countOnly{gen.NewCounter(m).(gen.Counter)} })
		got := build(func(m *layouts.Model) generate.Counter {
			return withoutCalls{gen.NewCounter(m).(gen.Counter), &calls}
		})
		if c.opts.Symmetry == generate.NoSymmetry && calls.Load() == 0 {
			t.Errorf("%s: CountWithout never called", name)
		}
		for i := range want {
			if !slices.Equal(got[i].Givens, want[i].Givens) {
				t.Errorf("%s: puzzle %d differs from the one counts to 2 make\n%s\n%s", name, i+1, got[i].Puzzle, want[i].Puzzle)
			}
			verify(t, got[i], c.opts.Symmetry)
		}
	}
}

package layouts

import (
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"testing"
)

// refCheck is Check as written before its fast path: the reference
// that the fast path must agree with, error for error.
func refCheck(p *Puzzle, g Grid) error {
	m := p.Model
	if g.Model != m || len(g.Digits) != len(m.Cells) {
		return &CheckError{Msg: "grid is for another layout"}
	}
	for c, d := range g.Digits {
		if d < 1 || int(d) > m.N {
			return &CheckError{Cells: []Pos{m.Cells[c]}, Msg: fmt.Sprintf("cell %s holds %d, not a digit 1..%d", m.Cells[c], d, m.N)}
		}
		if gv := p.Givens[c]; gv != 0 && gv != d {
			return &CheckError{Cells: []Pos{m.Cells[c]},
				Msg: fmt.Sprintf("cell %s holds %s but the given is %s", m.Cells[c], Symbol(int(d)), Symbol(int(gv)))}
		}
	}
	for _, u := range m.Units {
		if first, second, ok := repeated(g.Digits, u.Cells); ok {
			a, b := m.Cells[first], m.Cells[second]
			return &CheckError{Unit: u.Name, Cells: []Pos{a, b},
				Msg: fmt.Sprintf("digit %s repeated at %s and %s", Symbol(int(g.Digits[first])), a, b)}
		}
	}
	return checkRules(m, g.Digits)
}

// refConflict is Conflict before its fast path.
func refConflict(p *Puzzle) error {
	m := p.Model
	for _, u := range m.Units {
		if first, second, ok := repeated(p.Givens, u.Cells); ok {
			a, b := m.Cells[first], m.Cells[second]
			return &CheckError{Unit: u.Name, Cells: []Pos{a, b},
				Msg: fmt.Sprintf("digit %s given twice, at %s and %s", Symbol(int(p.Givens[first])), a, b)}
		}
	}
	return nil
}

// patternGrid fills m with the classic pattern digit, which is a valid
// grid on every grid of a layout whose grids start on box-row bounds.
func patternGrid(m *Model, box Shape) []uint8 {
	d := make([]uint8, len(m.Cells))
	for c, p := range m.Cells {
		d[c] = uint8((box.Cols*(p.Row%box.Rows)+p.Row/box.Rows+p.Col)%m.N + 1)
	}
	return d
}

// builtinCase is a built-in layout of n symbols with boxes of box.
type builtinCase struct {
	name string
	n    int
	box  Shape
}

// someGivens is a puzzle of m given the digits of grid, each cell with
// chance 1 in one.
func someGivens(m *Model, grid []uint8, rng *rand.Rand, one int) *Puzzle {
	p := NewPuzzle(m)
	for c := range p.Givens {
		if rng.IntN(one) == 0 {
			p.Givens[c] = grid[c]
		}
	}
	return p
}

// Check and Conflict give the same answer, the same error, as their
// reference on valid grids and on grids spoiled every way: a digit
// changed, emptied, beyond N or beyond MaxSymbols, a given broken, two
// cells swapped; and on sparse givens, with and without repeats.
func TestFastCheckMatchesReference(t *testing.T) {
	cases := []builtinCase{
		{"classic", 4, Shape{2, 2}},
		{"classic", 6, Shape{2, 3}},
		{"classic", 9, Shape{3, 3}},
		{"classic", 16, Shape{4, 4}},
		{"classic", 64, Shape{8, 8}},
		{"samurai", 9, Shape{3, 3}},
		{"sumo", 9, Shape{3, 3}},
		{"twodoku", 4, Shape{2, 2}},
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for _, tc := range cases {
		t.Run(fmt.Sprintf("%s-%d", tc.name, tc.n), func(t *testing.T) {
			m := compiled(t, tc.name, tc.n, tc.box)
			valid := patternGrid(m, tc.box)
			if err := refCheck(NewPuzzle(m), Grid{Model: m, Digits: valid}); err != nil {
				t.Fatalf("the pattern grid is not valid: %v", err)
			}
			passed, failed := 0, 0
			for i := range 3000 {
				p := someGivens(m, valid, rng, 4)
				d := slices.Clone(valid)
				for range rng.IntN(4) {
					c := rng.IntN(len(d))
					switch rng.IntN(6) {
					case 0:
						d[c] = 0
					case 1:
						d[c] = uint8(m.N + 1 + rng.IntN(3))
					case 2:
						d[c] = uint8(MaxSymbols + 1 + rng.IntN(200))
					case 3:
						e := rng.IntN(len(d))
						d[c], d[e] = d[e], d[c]
					case 4:
						p.Givens[c] = uint8(1 + rng.IntN(m.N))
					default:
						d[c] = uint8(1 + rng.IntN(m.N))
					}
				}
				g := Grid{Model: m, Digits: d}
				got, want := Check(p, g), refCheck(p, g)
				if fmt.Sprint(got) != fmt.Sprint(want) {
					t.Fatalf("case %d: Check = %v, reference %v", i, got, want)
				}
				if want == nil {
					passed++
					// What passes must pass the fast way, or the
					// slow loops carry every check.
					if m.N < 127 && !fastCheck(p, g) {
						t.Fatalf("case %d: a valid grid fails fastCheck", i)
					}
				} else {
					failed++
				}
				// Givens: the valid ones, some spoiled into repeats.
				q := someGivens(m, d, rng, 5)
				got, want = q.Conflict(), refConflict(q)
				if fmt.Sprint(got) != fmt.Sprint(want) {
					t.Fatalf("case %d: Conflict = %v, reference %v", i, got, want)
				}
			}
			if passed < 100 || failed < 100 {
				t.Fatalf("%d grids passed, %d failed: the test does not cover both", passed, failed)
			}
		})
	}
}

// The table of symbols is SymbolDigit.
func TestSymbolDigits(t *testing.T) {
	for i := range 256 {
		if got, want := int(symbolDigits[i]), SymbolDigit(byte(i)); got != want {
			t.Errorf("symbolDigits[%q] = %d, want %d", byte(i), got, want)
		}
	}
}

// beyond agrees with a plain loop on every length up to 40, every n,
// and bytes near n, at the top of a byte and anywhere.
func TestBeyond(t *testing.T) {
	agrees(t, "beyond", 5, func(rng *rand.Rand) bool {
		n := 1 + rng.IntN(126)
		d := make([]uint8, rng.IntN(41))
		for i := range d {
			switch rng.IntN(4) {
			case 0:
				d[i] = uint8(rng.IntN(256))
			default:
				d[i] = uint8(rng.IntN(n + 1))
			}
		}
		if len(d) > 0 && rng.IntN(3) == 0 {
			d[rng.IntN(len(d))] = uint8(n + rng.IntN(3) - 1)
		}
		want := slices.ContainsFunc(d, func(x uint8) bool { return int(x) > n })
		if got := beyond(d, n); got != want {
			t.Fatalf("beyond(%v, %d) = %v, want %v", d, n, got, want)
		}
		return want
	})
}

// agrees runs one random case of a test of a function against a plain
// loop 20000 times, seeded with seed, and fails when the function's
// answer (what one returns) is nearly always the same: the cases would
// test too little.
func agrees(t *testing.T, name string, seed uint64, one func(rng *rand.Rand) bool) {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, seed+1))
	yes := 0
	for range 20000 {
		if one(rng) {
			yes++
		}
	}
	if yes < 1000 || yes > 19000 {
		t.Fatalf("%s true in %d of 20000 cases: they test too little", name, yes)
	}
}

// A Checker says what Check says over a run of grids and puzzles that
// repeat the grid it passed last: with its givens kept or broken, the
// grid changed in place after it passed, a grid of another model with
// the same digits.
func TestCheckerMatchesCheck(t *testing.T) {
	m := compiled(t, "samurai", 9, Shape{3, 3})
	other := compiled(t, "samurai", 9, Shape{3, 3})
	valid := patternGrid(m, Shape{3, 3})
	rng := rand.New(rand.NewPCG(9, 10))
	var k Checker
	hits, faults := 0, 0
	d := slices.Clone(valid)
	for i := range 5000 {
		switch rng.IntN(5) {
		case 0: // the grid changed where it lies, perhaps back
			c := rng.IntN(len(d))
			d[c] = uint8(rng.IntN(m.N + 2))
		case 1:
			d = slices.Clone(valid)
		}
		model := m
		if rng.IntN(10) == 0 {
			model = other
		}
		p := NewPuzzle(m)
		for c := range p.Givens {
			if rng.IntN(4) == 0 {
				p.Givens[c] = valid[c]
			}
		}
		if rng.IntN(3) == 0 {
			p.Givens[rng.IntN(len(p.Givens))] = uint8(1 + rng.IntN(m.N))
		}
		g := Grid{Model: model, Digits: d}
		if k.digits != nil && model == k.model && slices.Equal(d, k.digits) {
			hits++
		}
		got, want := k.Check(p, g), Check(p, g)
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("case %d: Checker = %v, Check %v", i, got, want)
		}
		if want != nil {
			faults++
		}
	}
	if hits < 500 || faults < 500 {
		t.Fatalf("%d grids as the last passed, %d faults: the cases test too little", hits, faults)
	}
}

// digitsKeep agrees with a plain loop on every length up to 40, every
// n, with digits near 0 and n and givens kept, empty or broken.
func TestDigitsKeep(t *testing.T) {
	agrees(t, "digitsKeep", 7, func(rng *rand.Rand) bool {
		n := 1 + rng.IntN(126)
		d := make([]uint8, rng.IntN(41))
		gv := make([]uint8, len(d))
		for i := range d {
			d[i] = uint8(1 + rng.IntN(n))
			if rng.IntN(3) == 0 {
				gv[i] = d[i]
			}
		}
		for range rng.IntN(3) * min(len(d), 1) {
			i := rng.IntN(len(d))
			switch rng.IntN(4) {
			case 0:
				d[i] = 0
			case 1:
				d[i] = uint8(n + 1 + rng.IntN(256-n))
			case 2:
				gv[i] = uint8(rng.IntN(256))
			default:
				d[i] = uint8(n)
			}
		}
		want := true
		for i := range d {
			if d[i] == 0 || int(d[i]) > n || gv[i] != 0 && gv[i] != d[i] {
				want = false
			}
		}
		if got := digitsKeep(d, gv, n); got != want {
			t.Fatalf("digitsKeep(%v, %v, %d) = %v, want %v", d, gv, n, got, want)
		}
		return want
	})
}

// FuzzCheck holds Check and Conflict to their references on any digits
// and givens, on layouts on each side of the sizes their fast paths
// treat apart.
func FuzzCheck(f *testing.F) {
	cases := []builtinCase{
		{"classic", 4, Shape{2, 2}},
		{"classic", 9, Shape{3, 3}},
		{"samurai", 9, Shape{3, 3}},
		{"classic", 36, Shape{6, 6}},
	}
	models := make([]*Model, len(cases))
	for i, tc := range cases {
		models[i] = compiled(f, tc.name, tc.n, tc.box)
		f.Add(uint8(i), patternGrid(models[i], tc.box), []byte{})
	}
	f.Fuzz(func(t *testing.T, which uint8, digits, givens []byte) {
		i := int(which) % len(models)
		m := models[i]
		// The pattern grid, changed where the input says.
		d := patternGrid(m, cases[i].box)
		copy(d, digits)
		p := NewPuzzle(m)
		copy(p.Givens, givens)
		g := Grid{Model: m, Digits: d}
		if got, want := Check(p, g), refCheck(p, g); fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("Check = %v, reference %v", got, want)
		}
		if got, want := p.Conflict(), refConflict(p); fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("Conflict = %v, reference %v", got, want)
		}
	})
}

// Conflict gives its reference's answer on a layout with cells in more
// units than noRepeatIn packs (a diagonal Samurai's centre), which
// take the slower way.
func TestConflictManyUnits(t *testing.T) {
	_, m := layoutFile(t, "../testdata/variants/diagonal-samurai.json")
	f, err := os.Open("../testdata/variants/diagonal-samurai.solution.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sols, err := ReadAll(f, ReadOptions{Model: m})
	if err != nil || len(sols) != 1 {
		t.Fatalf("the solution: %d puzzles, %v", len(sols), err)
	}
	if !slices.Contains(m.unitsOf, 0) {
		t.Fatal("no cell is in more units than packed: the test covers nothing")
	}
	valid := sols[0].Givens
	rng := rand.New(rand.NewPCG(5, 6))
	clean, repeats := 0, 0
	for i := range 3000 {
		q := someGivens(m, valid, rng, 3)
		for range rng.IntN(3) {
			q.Givens[rng.IntN(len(q.Givens))] = uint8(1 + rng.IntN(m.N))
		}
		got, want := q.Conflict(), refConflict(q)
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("case %d: Conflict = %v, reference %v", i, got, want)
		}
		if want == nil {
			clean++
		} else {
			repeats++
		}
	}
	if clean < 100 || repeats < 100 {
		t.Fatalf("%d clean, %d with repeats: the test does not cover both", clean, repeats)
	}
}

// benchCases are the layouts of the check's benchmarks, a size of each.
var benchCases = []builtinCase{
	{"classic", 9, Shape{3, 3}},
	{"samurai", 9, Shape{3, 3}},
	{"sumo", 9, Shape{3, 3}},
}

// BenchmarkCheck checks a valid full grid of each size of layout.
func BenchmarkCheck(b *testing.B) {
	for _, tc := range benchCases {
		b.Run(tc.name, func(b *testing.B) {
			m := compiled(b, tc.name, tc.n, tc.box)
			p := NewPuzzle(m)
			g := Grid{Model: m, Digits: patternGrid(m, tc.box)}
			for b.Loop() {
				if err := Check(p, g); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkConflict tests the givens of a valid grid of each size of
// layout, a fourth of its cells kept (as many as a hard puzzle gives).
func BenchmarkConflict(b *testing.B) {
	for _, tc := range benchCases {
		b.Run(tc.name, func(b *testing.B) {
			m := compiled(b, tc.name, tc.n, tc.box)
			p := NewPuzzle(m)
			for c, d := range patternGrid(m, tc.box) {
				if c*7%4 == 0 {
					p.Givens[c] = d
				}
			}
			for b.Loop() {
				if err := p.Conflict(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// packUnits packs every list that fits and only those, losing nothing.
func TestPackUnits(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for i := range 20000 {
		units := make([]int, rng.IntN(8))
		fits := len(units) <= 5
		for j := range units {
			units[j] = rng.IntN(4200)
			fits = fits && units[j] < 4095
		}
		k := packUnits(units)
		var back []int
		for x := k; x != 0; x >>= 12 {
			back = append(back, int(x&4095)-1)
		}
		switch {
		case !fits && k != 0:
			t.Fatalf("case %d: %v packed as %#x, want 0", i, units, k)
		case fits && len(units) > 0 && !slices.Equal(back, units):
			t.Fatalf("case %d: %v packed as %#x, unpacked %v", i, units, k, back)
		}
	}
}

// The givens of a classic grid of every size up to 21x21 take
// noRepeatThrees, and a layout whose cells are in other numbers of
// units, or with 64 units or more, does not: otherwise its loop-free
// test would cover nothing and noRepeatIn would carry every check.
func TestThrees(t *testing.T) {
	for _, n := range []int{4, 6, 8, 9, 12, 16} {
		if m := compiled(t, "classic", n, Shape{}); m.threes == nil {
			t.Errorf("classic %dx%d: threes false", n, n)
		}
	}
	_, diag := layoutFile(t, "../testdata/variants/diagonal-classic.json")
	for name, m := range map[string]*Model{
		"classic 25x25":    compiled(t, "classic", 25, Shape{}),
		"samurai":          compiled(t, "samurai", 9, Shape{}),
		"diagonal-classic": diag,
	} {
		if m.threes != nil {
			t.Errorf("%s: threes true", name)
		}
	}
}

// Only a model whose units are a classic 9x9 grid's takes classic9Keep:
// the built-in classic 9x9 and variants whose rules are not units, not
// a jigsaw (the same number of units, other boxes), a diagonal (more
// units), another size or a multi-grid.
func TestIsClassic9(t *testing.T) {
	for _, tc := range []struct {
		name string
		n    int
		box  Shape
		want bool
	}{
		{"classic", 9, Shape{3, 3}, true},
		{"classic", 9, Shape{}, true},
		{"classic", 8, Shape{2, 4}, false},
		{"classic", 16, Shape{4, 4}, false},
		{"twodoku", 9, Shape{3, 3}, false},
		{"samurai", 9, Shape{3, 3}, false},
	} {
		if got := compiled(t, tc.name, tc.n, tc.box).classic9; got != tc.want {
			t.Errorf("%s %d %v: classic9 %v, want %v", tc.name, tc.n, tc.box, got, tc.want)
		}
	}
	for file, want := range map[string]bool{
		"killer-classic":   false, // cages are units
		"thermo-classic":   true,
		"jigsaw-classic":   false,
		"diagonal-classic": false,
		"antiking-classic": false,
	} {
		if _, m := layoutFile(t, "../testdata/variants/"+file+".json"); m.classic9 != want {
			t.Errorf("%s: classic9 %v, want %v", file, m.classic9, want)
		}
	}
	// The classic units, each in turn replaced by a copy of another.
	m := compiled(t, "classic", 9, Shape{3, 3})
	for u := range 27 {
		c := *m
		c.unitCells = slices.Clone(m.unitCells)
		copy(c.unitCells[9*u:9*u+9], m.unitCells[9*((u+1)%27):])
		if isClassic9(&c) {
			t.Errorf("unit %d replaced by the next: isClassic9", u)
		}
	}
}

// classic9Keep agrees with the units' own test on a valid grid and on
// grids that break one kind of unit and keep the others: rows swapped
// across bands and columns across stacks (boxes broken), a Latin square
// (boxes), a row's or a column's cells moved within their box (columns,
// or rows), one cell changed, and random changes.
func TestClassic9Keep(t *testing.T) {
	m := compiled(t, "classic", 9, Shape{3, 3})
	valid := patternGrid(m, Shape{3, 3})
	at := func(g []uint8, r, c int) *uint8 { return &g[9*r+c] }
	var grids [][]uint8
	add := func(change func(g []uint8)) {
		g := slices.Clone(valid)
		change(g)
		grids = append(grids, g)
	}
	add(func([]uint8) {})
	for a := range 9 {
		for b := a + 1; b < 9; b++ {
			add(func(g []uint8) { // rows a and b swapped
				for c := range 9 {
					*at(g, a, c), *at(g, b, c) = *at(g, b, c), *at(g, a, c)
				}
			})
			add(func(g []uint8) { // columns a and b swapped
				for r := range 9 {
					*at(g, r, a), *at(g, r, b) = *at(g, r, b), *at(g, r, a)
				}
			})
		}
	}
	add(func(g []uint8) { // a Latin square
		for r := range 9 {
			for c := range 9 {
				*at(g, r, c) = uint8((r+c)%9 + 1)
			}
		}
	})
	for i := range 27 {
		r, c := i/3, i%3*3
		add(func(g []uint8) { // a row's three cells in a box rotated
			*at(g, r, c), *at(g, r, c+1), *at(g, r, c+2) = *at(g, r, c+1), *at(g, r, c+2), *at(g, r, c)
		})
		add(func(g []uint8) { // a column's, alike
			*at(g, c, r), *at(g, c+1, r), *at(g, c+2, r) = *at(g, c+1, r), *at(g, c+2, r), *at(g, c, r)
		})
	}
	for c := range 81 {
		add(func(g []uint8) { g[c] = g[c]%9 + 1 })
	}
	rng := rand.New(rand.NewPCG(5, 6))
	for range 2000 {
		add(func(g []uint8) {
			for range 1 + rng.IntN(3) {
				a, b := rng.IntN(81), rng.IntN(81)
				g[a], g[b] = g[b], g[a]
			}
		})
	}
	kept := 0
	for i, g := range grids {
		want := m.noRepeat(g)
		if got := classic9Keep((*[81]uint8)(g)); got != want {
			t.Fatalf("grid %d %v: classic9Keep %v, want %v", i, g, got, want)
		}
		if want {
			kept++
		}
	}
	if kept < 50 || kept > len(grids)-500 {
		t.Fatalf("%d of %d grids valid: the test does not cover both", kept, len(grids))
	}
}

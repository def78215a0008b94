package nine

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"math"
	"math/bits"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"gattai/internal/testkit"
	"gattai/layouts"
)

var update = flag.Bool("update", false, "rewrite the counts and solutions in testdata/count.txt from the reference solver")

// parse reads an 81-character puzzle line: digits, '.' or '0' for empty.
func parse(line string) ([81]uint8, error) {
	var g [81]uint8
	if len(line) != 81 {
		return g, fmt.Errorf("puzzle has %d characters, not 81", len(line))
	}
	for i := 0; i < 81; i++ {
		switch ch := line[i]; {
		case ch == '.' || ch == '0':
		case ch >= '1' && ch <= '9':
			g[i] = ch - '0'
		default:
			return g, fmt.Errorf("column %d: unexpected %q", i+1, ch)
		}
	}
	return g, nil
}

func format(g *[81]uint8) string {
	var b [81]byte
	for i, v := range g {
		b[i] = '.'
		if v != 0 {
			b[i] = '0' + v
		}
	}
	return string(b[:])
}

// readSet reads a data set file (one puzzle a line, '#' comments), found
// by testkit.DataFile.
func readSet(tb testing.TB, name string) [][81]uint8 {
	tb.Helper()
	data, err := os.ReadFile(testkit.DataFile(tb, "../..", name))
	if err != nil {
		tb.Fatal(err)
	}
	var set [][81]uint8
	sc := bufio.NewScanner(bytes.NewReader(data))
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" || text[0] == '#' {
			continue
		}
		g, err := parse(text)
		if err != nil {
			tb.Fatalf("%s:%d: %v", name, line, err)
		}
		set = append(set, g)
	}
	return set
}

// count is Count with no context to stop it.
func count(givens *[81]uint8, limit int, solution *[81]uint8) (int, int64) {
	n, guesses, _ := Count(context.Background(), givens, limit, solution)
	return n, guesses
}

// refCount is the reference: plain backtracking over row, column and box
// masks. At each step it fills the empty cell with the fewest
// candidates, unless a row, column or box has a digit left with one
// cell for it (that cell takes it) or none (the branch fails): without
// those, some puzzles took it seconds, too long for the fuzzer. It
// counts solutions up to limit and keeps the first.
func refCount(givens *[81]uint8, limit int) (int, [81]uint8) {
	var rows, cols, boxes [9]uint16
	g := *givens
	for i, v := range g {
		if v == 0 {
			continue
		}
		if v > 9 {
			return 0, [81]uint8{}
		}
		m := uint16(1) << v
		r, c, x := i/9, i%9, i/27*3+i%9/3
		if (rows[r]|cols[c]|boxes[x])&m != 0 {
			return 0, [81]uint8{}
		}
		rows[r] |= m
		cols[c] |= m
		boxes[x] |= m
	}
	count := 0
	var first [81]uint8
	var rec func()
	rec = func() {
		var free [81]uint16
		best, bestN := -1, 10
		for i, v := range g {
			if v != 0 {
				continue
			}
			free[i] = ^(rows[i/9] | cols[i%9] | boxes[i/27*3+i%9/3]) & 0x3FE
			if n := bits.OnesCount16(free[i]); n < bestN {
				best, bestN = i, n
			}
		}
		if best < 0 {
			count++
			if count == 1 {
				first = g
			}
			return
		}
		tryFree := free[best]
		if bestN > 1 {
			cell, digit, ok := unitChoice(&g, &free, &rows, &cols, &boxes)
			if !ok {
				return
			}
			if cell >= 0 {
				best, tryFree = cell, digit
			}
		}
		r, c, x := best/9, best%9, best/27*3+best%9/3
		for v := uint8(1); v <= 9; v++ {
			m := uint16(1) << v
			if tryFree&m == 0 {
				continue
			}
			g[best] = v
			rows[r] |= m
			cols[c] |= m
			boxes[x] |= m
			rec()
			rows[r] &^= m
			cols[c] &^= m
			boxes[x] &^= m
			g[best] = 0
			if count >= limit {
				return
			}
		}
	}
	rec()
	return count, first
}

// unitChoice looks at every row, column and box of g, whose empty
// cells' candidates are free: a digit it lacks with no cell for it
// fails the branch (ok false); with one cell, that cell and digit (as a
// mask) are returned; otherwise cell -1.
func unitChoice(g *[81]uint8, free *[81]uint16, rows, cols, boxes *[9]uint16) (cell int, digit uint16, ok bool) {
	for u := range 27 {
		var cells [9]int
		var used uint16
		switch {
		case u < 9:
			used = rows[u]
			for k := range cells {
				cells[k] = u*9 + k
			}
		case u < 18:
			used = cols[u-9]
			for k := range cells {
				cells[k] = k*9 + u - 9
			}
		default:
			b := u - 18
			used = boxes[b]
			for k := range cells {
				cells[k] = (b/3*3+k/3)*9 + b%3*3 + k%3
			}
		}
		var once, twice uint16
		for _, i := range cells {
			if g[i] == 0 {
				twice |= once & free[i]
				once |= free[i]
			}
		}
		missing := 0x3FE &^ used
		if missing&^once != 0 {
			return 0, 0, false
		}
		if single := missing & once &^ twice; single != 0 {
			d := single & -single
			for _, i := range cells {
				if g[i] == 0 && free[i]&d != 0 {
					return i, d, true
				}
			}
		}
	}
	return -1, 0, true
}

var classic = func() *layouts.Model {
	m, err := layouts.Compile(layouts.Classic(9, layouts.Shape{Rows: 3, Cols: 3}))
	if err != nil {
		panic(err)
	}
	return m
}()

// agree checks Count against the reference on one puzzle, up to limit 2.
func agree(t *testing.T, name string, givens *[81]uint8) {
	t.Helper()
	var sol [81]uint8
	n, _ := count(givens, 2, &sol)
	want, wantSol := refCount(givens, 2)
	if n != want {
		t.Fatalf("%s: %s: count %d, reference %d", name, format(givens), n, want)
	}
	if n == 0 {
		return
	}
	if err := check(givens, &sol); err != nil {
		t.Fatalf("%s: %s: solution %s: %v", name, format(givens), format(&sol), err)
	}
	if n == 1 && sol != wantSol {
		t.Fatalf("%s: %s: solution %s, reference %s", name, format(givens), format(&sol), format(&wantSol))
	}
}

// check verifies a solution through layouts.Check, trusting no engine.
func check(givens, sol *[81]uint8) error {
	p := &layouts.Puzzle{Model: classic, Givens: givens[:]}
	return layouts.Check(p, layouts.Grid{Model: classic, Digits: sol[:]})
}

type countCase struct {
	name     string
	count    int // solutions, up to 2
	givens   [81]uint8
	solution string // the solution when count is 1
}

func readCases(t *testing.T) []countCase {
	data, err := os.ReadFile("testdata/count.txt")
	if err != nil {
		t.Fatal(err)
	}
	var cases []countCase
	for i, line := range strings.Split(string(data), "\n") {
		f := strings.Fields(line)
		if len(f) == 0 || strings.HasPrefix(f[0], "#") {
			continue
		}
		if len(f) < 3 {
			t.Fatalf("testdata/count.txt:%d: want name count puzzle [solution]", i+1)
		}
		n, err := strconv.Atoi(f[1])
		g, err2 := parse(f[2])
		if err != nil || err2 != nil {
			t.Fatalf("testdata/count.txt:%d: %v %v", i+1, err, err2)
		}
		c := countCase{name: f[0], count: n, givens: g}
		if len(f) > 3 {
			c.solution = f[3]
		}
		cases = append(cases, c)
	}
	return cases
}

func TestCount(t *testing.T) {
	cases := readCases(t)
	if *update {
		var out strings.Builder
		out.WriteString("# name count-up-to-2 puzzle [solution when unique]; rewrite with go test -run TestCount -update\n")
		for _, c := range cases {
			n, sol := refCount(&c.givens, 2)
			fmt.Fprintf(&out, "%s %d %s", c.name, n, format(&c.givens))
			if n == 1 {
				fmt.Fprintf(&out, " %s", format(&sol))
			}
			out.WriteString("\n")
		}
		if err := os.WriteFile("testdata/count.txt", []byte(out.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		cases = readCases(t)
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			for _, limit := range []int{0, 1, 2, 3} {
				var sol [81]uint8
				n, _ := count(&c.givens, limit, &sol)
				want := min(c.count, max(limit, 1))
				if limit > 2 && c.count == 2 {
					want = -1 // at least 2, exact count unknown
				}
				if want >= 0 && n != want || want < 0 && n < 2 {
					t.Fatalf("limit %d: count %d, want %d", limit, n, want)
				}
				if n > 0 {
					if err := check(&c.givens, &sol); err != nil {
						t.Fatalf("limit %d: solution %s: %v", limit, format(&sol), err)
					}
				}
				if c.count == 1 && format(&sol) != c.solution {
					t.Fatalf("limit %d: solution %s, want %s", limit, format(&sol), c.solution)
				}
			}
			agree(t, c.name, &c.givens)
		})
	}
}

func TestCountNilSolution(t *testing.T) {
	var g [81]uint8
	if n, _ := count(&g, 2, nil); n != 2 {
		t.Fatalf("empty grid: count %d, want 2", n)
	}
}

func TestCountOutOfRange(t *testing.T) {
	// Each cell of a chunk of 8 and the last, alone; 16 and 26 would be
	// read as 0 and 10 by a look at the low four bits alone.
	for _, i := range []int{0, 7, 8, 40, 79, 80} {
		for _, v := range []uint8{10, 15, 16, 26, 255} {
			var g [81]uint8
			g[i] = v
			if n, _ := count(&g, 2, nil); n != 0 {
				t.Errorf("given %d at %d: count %d, want 0", v, i, n)
			}
		}
	}
}

func TestCountAllocs(t *testing.T) {
	cases := readCases(t)
	var sol [81]uint8
	allocs := testing.AllocsPerRun(10, func() {
		for i := range cases {
			count(&cases[i].givens, 2, &sol)
		}
	})
	if allocs != 0 {
		t.Fatalf("%v allocations per run, want 0", allocs)
	}
}

// TestRandom checks random puzzles against the reference: givens drawn
// from a random solution (unique, multiple) and random givens (mostly
// contradictory).
func TestRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	n := 3000
	if testing.Short() {
		n = 300
	}
	for i := range n {
		var g [81]uint8
		switch i % 3 {
		case 0, 1:
			full := randomGrid(rng)
			keep := 17 + rng.IntN(30)
			if i%3 == 1 {
				keep = 22 + rng.IntN(8)
			}
			for _, c := range rng.Perm(81)[:keep] {
				g[c] = full[c]
			}
		case 2:
			for range 8 + rng.IntN(20) {
				g[rng.IntN(81)] = uint8(1 + rng.IntN(9))
			}
		}
		agree(t, fmt.Sprintf("random %d", i), &g)
		if i%10 == 0 {
			// Enumeration beyond 2: exact counts up to 30.
			n, _ := count(&g, 30, nil)
			if want, _ := refCount(&g, 30); n != want {
				t.Fatalf("random %d: %s: count to 30 %d, reference %d", i, format(&g), n, want)
			}
		}
	}
}

// randomGrid is a random solved grid: a random digit relabelling, band,
// stack, row and column shuffle of a fixed solution.
func randomGrid(rng *rand.Rand) [81]uint8 {
	const base = "123456789456789123789123456231564897564897231897231564312645978645978312978312645"
	relabel := rng.Perm(9)
	perm3 := func() [9]int {
		var p [9]int
		outer := rng.Perm(3)
		for o := range 3 {
			inner := rng.Perm(3)
			for k := range 3 {
				p[o*3+k] = outer[o]*3 + inner[k]
			}
		}
		return p
	}
	rp, cp := perm3(), perm3()
	transpose := rng.IntN(2) == 1
	var g [81]uint8
	for r := range 9 {
		for c := range 9 {
			rr, cc := rp[r], cp[c]
			if transpose {
				rr, cc = cc, rr
			}
			g[r*9+c] = uint8(relabel[base[rr*9+cc]-'1'] + 1)
		}
	}
	return g
}

// TestDataSets checks every puzzle of the shared sets for its known count
// (unique, or more than one) and a valid solution; with a unique solution
// a valid one is the solution. A sample is also solved by the reference.
func TestDataSets(t *testing.T) {
	sets := []struct {
		file     string
		first    int // 0: all
		want     int // count up to 2
		refEvery int // compare with the reference every refEvery puzzles
	}{
		{"top1465.txt", 0, 1, 10},
		{"forum-hardest-1106.txt", 0, 1, 10},
		{"top95.txt", 0, 1, 5},
		{"hardest11.txt", 0, 1, 1},
		{"sudoku17.txt", 3000, 1, 100},
		{"forum-hardest-1905-11plus.txt", 1000, 1, 20},
		{"serg-multi-solution.txt", 0, 2, 100},
	}
	for _, s := range sets {
		t.Run(s.file, func(t *testing.T) {
			set := readSet(t, s.file)
			if s.first > 0 && len(set) > s.first {
				set = set[:s.first]
			}
			if testing.Short() && len(set) > 200 {
				set = set[:200]
			}
			for i := range set {
				var sol [81]uint8
				n, _ := count(&set[i], 2, &sol)
				if n != s.want {
					t.Fatalf("puzzle %d %s: count %d, want %d", i+1, format(&set[i]), n, s.want)
				}
				if err := check(&set[i], &sol); err != nil {
					t.Fatalf("puzzle %d %s: solution %s: %v", i+1, format(&set[i]), format(&sol), err)
				}
				if i%s.refEvery == 0 {
					agree(t, fmt.Sprintf("puzzle %d", i+1), &set[i])
				}
			}
		})
	}
}

func FuzzCount(f *testing.F) {
	data, err := os.ReadFile("testdata/count.txt")
	if err != nil {
		f.Fatal(err)
	}
	for _, line := range strings.Split(string(data), "\n") {
		fs := strings.Fields(line)
		if len(fs) < 3 || strings.HasPrefix(fs[0], "#") {
			continue
		}
		if g, err := parse(fs[2]); err == nil {
			f.Add(g[:])
		}
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		if len(b) < 81 {
			return
		}
		var g [81]uint8
		for i := range g {
			// Mostly empty cells (bytes 40..255), so that puzzles are
			// often solvable; seeds are digit bytes 0..9.
			if v := b[i]; v < 40 {
				g[i] = v % 10
			}
		}
		agree(t, "fuzz", &g)
	})
}

func ExampleCount() {
	const puzzle = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
	var givens, solution [81]uint8
	for i := range puzzle {
		if puzzle[i] != '.' {
			givens[i] = puzzle[i] - '0'
		}
	}
	n, _ := count(&givens, 2, &solution)
	fmt.Println(n)
	for r := range 9 {
		fmt.Println(solution[r*9 : r*9+9])
	}
	// Output:
	// 1
	// [4 1 7 3 6 9 8 2 5]
	// [6 3 2 1 5 8 9 4 7]
	// [9 5 8 7 2 4 3 1 6]
	// [8 2 5 4 3 7 1 6 9]
	// [7 9 1 5 8 6 4 3 2]
	// [3 4 6 9 1 2 7 5 8]
	// [2 8 9 6 4 3 5 7 1]
	// [5 7 3 2 9 1 6 8 4]
	// [1 6 4 8 7 5 2 9 3]
}

// The benchmark sets, in the order of the report in doc.go.
var benchSets = []struct{ name, file string }{
	{"sudoku17", "sudoku17.txt"},
	{"top1465", "top1465.txt"},
	{"1905-11plus", "forum-hardest-1905-11plus.txt"},
	{"1106", "forum-hardest-1106.txt"},
}

// BenchmarkCount counts each puzzle to 2 (so uniqueness is proven); one
// iteration is one puzzle, cycling through the set, so -benchtime sets
// the duration whatever the size of the set. cpu-puzzles/s divides by
// the process's CPU time rather than the wall clock: on a shared machine
// it is the steadier figure (with -cpu=1 the garbage collector has
// nothing to do, Count allocates nothing).
func BenchmarkCount(b *testing.B) {
	for _, s := range benchSets {
		b.Run(s.name, func(b *testing.B) {
			set := readSet(b, s.file)
			var sol [81]uint8
			var guesses int64
			b.ReportAllocs()
			b.ResetTimer()
			start := time.Now()
			cpuStart, cpuOK := testkit.CPUTime()
			i := 0
			for range b.N {
				n, g := count(&set[i], 2, &sol)
				if n != 1 {
					b.Fatalf("puzzle %d: count %d", i+1, n)
				}
				guesses += g
				if i++; i == len(set) {
					i = 0
				}
			}
			elapsed := time.Since(start)
			b.ReportMetric(float64(b.N)/elapsed.Seconds(), "puzzles/s")
			if cpuEnd, ok := testkit.CPUTime(); ok && cpuOK && cpuEnd > cpuStart {
				b.ReportMetric(float64(b.N)/(cpuEnd-cpuStart).Seconds(), "cpu-puzzles/s")
			}
			b.ReportMetric(float64(guesses)/float64(b.N), "guesses/puzzle")
		})
	}
}

// TestCountContext stops a count of the empty grid's solutions: a done
// context before the search, and a deadline during it.
func TestCountContext(t *testing.T) {
	var empty [81]uint8
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, _, err := Count(ctx, &empty, 2, nil); !errors.Is(err, context.Canceled) {
		t.Fatalf("done context: error %v", err)
	}
	ctx, cancel = context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	start := time.Now()
	n, _, err := Count(ctx, &empty, math.MaxInt, nil)
	if !errors.Is(err, context.DeadlineExceeded) || n == 0 {
		t.Fatalf("count %d, error %v after %v; want some solutions and the deadline", n, err, time.Since(start))
	}
}

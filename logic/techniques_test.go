package logic_test

import (
	"bufio"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"gattai/backtrack"
	"gattai/internal/testkit"
	"gattai/layouts"
	"gattai/logic"
)

// TestTechniques runs, for each technique, a puzzle whose path uses it,
// and holds every step of the path to the puzzle's solution.
func TestTechniques(t *testing.T) {
	f, err := os.Open(filepath.Join("testdata", "techniques.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	tested := map[string]bool{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || line[0] == '#' {
			continue
		}
		name, text, _ := strings.Cut(line, "\t")
		t.Run(name, func(t *testing.T) {
			tech, depth := name, 0
			if a, b, ok := strings.Cut(name, " "); ok && a == logic.Trial {
				tech = a
				depth, _ = strconv.Atoi(b)
			}
			ps, err := layouts.ReadAll(strings.NewReader(text+"\n"), layouts.ReadOptions{})
			if err != nil || len(ps) != 1 {
				t.Fatalf("puzzle: %v", err)
			}
			p := ps[0]
			sol := solution(t, p) // unique: the uniqueness techniques may apply
			steps, err := logic.NewWith(p.Model, logic.Options{Unique: true}).Steps(t.Context(), p)
			if err != nil {
				t.Fatal(err)
			}
			checkSteps(t, p, steps, sol)
			at := -1
			for i, st := range steps {
				if st.Technique == tech && st.Depth == depth {
					at = i
					break
				}
			}
			if at < 0 {
				t.Fatalf("the path does not use %s", name)
			}
			t.Logf("step %d: %s", at, steps[at])
			tested[tech] = true
		})
	}
	for _, tq := range logic.Techniques() {
		if !tested[tq.Name] && !strings.Contains(tq.About, "cage") && !isRule(tq.Name) {
			t.Errorf("technique %s has no puzzle in testdata/techniques.txt", tq.Name)
		}
	}
}

func isRule(name string) bool {
	switch name {
	case logic.RuleKiller, logic.RuleThermo, logic.RuleKropki, logic.RuleParity, logic.RuleNonconsecutive:
		return true
	}
	return false
}

// TestVariants holds the path of each variant puzzle of the repository's
// testdata to its solution, and checks that each rule kind's technique
// takes part.
// logicKinds are the kinds the logical solver reasons with: rule kinds
// with a technique, and kinds that are units only.
var logicKinds = map[string]bool{
	"killer": true, "thermo": true, "kropki": true, "parity": true, "nonconsecutive": true,
	"diagonal": true, "region": true, "jigsaw": true, "antiknight": true, "antiking": true,
}

func TestVariants(t *testing.T) {
	dir := filepath.Join("..", "testdata", "variants")
	uses := map[string]string{
		"killer-classic": logic.RuleKiller, "killer-samurai": logic.RuleKiller,
		"thermo-classic": logic.RuleThermo, "kropki-classic": logic.RuleKropki,
		"parity-classic": logic.RuleParity, "nonconsecutive-classic": logic.RuleNonconsecutive,
	}
	for _, name := range testkit.Variants(t, dir) {
		t.Run(name, func(t *testing.T) {
			if testing.Short() && (strings.HasSuffix(name, "-samurai") || name == "nonconsecutive-classic") {
				t.Skip("slow: depth-2 trials")
			}
			p, g := testkit.ReadVariant(t, dir, name)
			// Unique puzzles: the uniqueness techniques may apply (on
			// the units-only kinds; a rule turns them off).
			steps, err := logic.NewWith(p.Model, logic.Options{Unique: true}).Steps(t.Context(), p)
			if errors.Is(err, logic.ErrUnavailable) && !logicKinds[strings.SplitN(name, "-", 2)[0]] {
				// A kind the logical solver has no technique for is
				// refused by name, never rated with its rule ignored.
				if !strings.Contains(err.Error(), "rule kind "+strings.SplitN(name, "-", 2)[0]) {
					t.Errorf("%v does not name the kind", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			checkSteps(t, p, steps, g.Digits)
			used := false
			for _, st := range steps {
				used = used || st.Technique == uses[name]
			}
			if uses[name] != "" && !used {
				t.Errorf("the path never uses %s", uses[name])
			}
			r, err := logic.Rate(t.Context(), p)
			if err != nil || !r.Solved {
				t.Errorf("rate = %+v, %v; want solved", r, err)
			}
		})
	}
}

// TestExamples holds the path of each multi-grid example to its
// solution, and finds on the Samurai locked candidates across two grids:
// a digit confined, within a unit of one grid, to where it meets a unit
// of another.
func TestExamples(t *testing.T) {
	p := testkit.ReadPuzzle(t, filepath.Join("testdata", "samurai.txt"), nil)
	sol := testkit.ReadPuzzle(t, filepath.Join("testdata", "samurai.solution.txt"), p.Model)
	steps, err := logic.Steps(t.Context(), p)
	if err != nil {
		t.Fatal(err)
	}
	checkSteps(t, p, steps, sol.Givens)
	across := 0
	for _, st := range steps {
		if (st.Technique == logic.Pointing || st.Technique == logic.Claiming) && len(st.Units) == 2 &&
			gridOf(st.Units[0]) != gridOf(st.Units[1]) {
			if across == 0 {
				t.Logf("across grids: %s", st)
			}
			across++
		}
	}
	if across == 0 {
		t.Error("no locked candidates across grids on the samurai")
	}

	dir := filepath.Join("..", "testdata", "examples")
	for _, name := range []string{"classic", "twodoku", "butterfly", "flower", "gattai8", "shogun", "sohei", "sumo", "windmill"} {
		t.Run(name, func(t *testing.T) {
			if testing.Short() && name == "gattai8" {
				t.Skip("slow: depth-2 trials")
			}
			p := testkit.ReadPuzzle(t, filepath.Join(dir, name+".txt"), nil)
			sol := testkit.ReadPuzzle(t, filepath.Join(dir, name+".solution.txt"), p.Model)
			steps, err := logic.NewWith(p.Model, logic.Options{Unique: true}).Steps(t.Context(), p) // each example is unique
			if err != nil {
				t.Fatal(err)
			}
			checkSteps(t, p, steps, sol.Givens)
		})
	}
}

// gridOf is the "grid N" prefix of a unit name.
func gridOf(unit string) string {
	f := strings.Fields(unit)
	if len(f) >= 2 && f[0] == "grid" {
		return f[1]
	}
	return ""
}

// Kropki dots with their own values (a white dot of difference 2, a
// black one of ratio 3) are reasoned with as layouts defines them: no
// step may contradict the solution.
func TestKropkiValues(t *testing.T) {
	l := layouts.Classic(4, layouts.Shape{Rows: 2, Cols: 2})
	at := func(s string) layouts.Pos { p, _ := layouts.ParsePos(s); return p }
	l.Constraints = []layouts.Constraint{
		{Kind: "kropki", White: [][]layouts.Pos{{at("r3c3"), at("r4c3")}}, Difference: 2},
		{Kind: "kropki", Black: [][]layouts.Pos{{at("r1c1"), at("r2c1")}}, Ratio: 3},
	}
	m, err := layouts.Compile(l)
	if err != nil {
		t.Fatal(err)
	}
	sol := []uint8{1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1}
	if err := layouts.Check(layouts.NewPuzzle(m), layouts.Grid{Model: m, Digits: sol}); err != nil {
		t.Fatal(err)
	}
	for _, keep := range [][]int{{1}, {1, 6}, {6, 11}, {2, 13}} {
		p := layouts.NewPuzzle(m)
		for _, c := range keep {
			p.Givens[c] = sol[c]
		}
		steps, err := logic.Steps(t.Context(), p)
		if err != nil {
			t.Fatal(err)
		}
		checkSteps(t, p, steps, sol)
	}
}

// TestUniqueSound holds the paths of the repository's unique puzzles,
// taken with the uniqueness techniques, to their solutions: 9x9s and
// Samurais, where a rectangle's corners may lie in two grids. Without
// Options.Unique no path uses those techniques.
func TestUniqueSound(t *testing.T) {
	used := map[string]int{}
	for _, set := range []struct {
		name, layout string
		every        int // a Samurai's path takes some 40 times a 9x9's
	}{
		{"classic9-unique", "classic", 1}, {"samurai-unique", "samurai", 4},
	} {
		m := testkit.Model(t, set.layout, 9)
		all := testkit.ReadPuzzles(t, filepath.Join("..", "testdata", "bench", set.name+".txt"), m)
		if testing.Short() {
			set.every *= 5
		}
		var ps []*layouts.Puzzle
		for i := 0; i < len(all); i += set.every {
			ps = append(ps, all[i])
		}
		sv, plain := logic.NewWith(m, logic.Options{Unique: true}), logic.New(m)
		for _, p := range ps {
			steps, err := sv.Steps(t.Context(), p)
			if err != nil {
				t.Fatal(err)
			}
			checkSteps(t, p, steps, solution(t, p))
			for _, st := range steps {
				used[st.Technique]++
			}
			steps, err = plain.Steps(t.Context(), p)
			if err != nil {
				t.Fatal(err)
			}
			for _, st := range steps {
				if uniqueness(st.Technique) {
					t.Fatalf("%s without Options.Unique: %s", p, st)
				}
			}
		}
	}
	for _, tech := range []string{logic.UniqueRectangle1, logic.UniqueRectangle2, logic.UniqueRectangle4, logic.BUGOne} {
		if used[tech] == 0 {
			t.Errorf("no path uses %s", tech)
		}
	}
	t.Logf("uses: %v", used)
}

func uniqueness(tech string) bool {
	return tech == logic.UniqueRectangle1 || tech == logic.UniqueRectangle2 || tech == logic.UniqueRectangle4 || tech == logic.BUGOne
}

// A killer on a 25x25 (cages of 5 cells along the rows, every 7th cell
// given) is rated in seconds, its steps held to the solution: without
// a memo for 25 digits, listing every assignment of each cage on every
// pass of every trial took hours.
func TestKillerLarge(t *testing.T) {
	if testing.Short() {
		t.Skip("slow: a 25x25's trials")
	}
	const n, size, every = 25, 5, 7
	l := layouts.Classic(n, layouts.DefaultBox(n))
	m, err := layouts.Compile(l)
	if err != nil {
		t.Fatal(err)
	}
	res, err := backtrack.Solve(context.Background(), layouts.NewPuzzle(m))
	if err != nil || res.Count != 1 {
		t.Fatalf("no 25x25 grid: %v", err)
	}
	sol := res.Grid.Digits
	for r := range n {
		for c0 := 0; c0 < n; c0 += size {
			k := layouts.Constraint{Kind: "killer"}
			for c := c0; c < c0+size; c++ {
				k.Cells = append(k.Cells, layouts.Pos{Row: r, Col: c})
				k.Sum += int(sol[r*n+c])
			}
			l.Constraints = append(l.Constraints, k)
		}
	}
	if m, err = layouts.Compile(l); err != nil {
		t.Fatal(err)
	}
	p := layouts.NewPuzzle(m)
	for c := 0; c < len(p.Givens); c += every {
		p.Givens[c] = sol[c]
	}
	type outcome struct {
		steps []logic.Step
		err   error
	}
	done := make(chan outcome, 1)
	go func() {
		steps, err := logic.Steps(t.Context(), p)
		done <- outcome{steps, err}
	}()
	select {
	case o := <-done:
		if o.err != nil {
			t.Fatal(o.err)
		}
		checkSteps(t, p, o.steps, sol)
	case <-time.After(time.Minute):
		t.Fatal("no path after a minute") // the goroutine is left running: the test binary ends
	}
}

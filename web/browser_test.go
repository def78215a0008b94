package web

import (
	"context"
	"flag"
	"fmt"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"gattai/layouts"
)

var update = flag.Bool("update", false, "rewrite docs/web.png, the README's screenshot")

// browser finds Chromium: it skips the test where there is none, and
// fails under GATTAI_REQUIRE_BROWSER=1.
func browser(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"chromium", "/usr/bin/chromium", "chromium-browser", "google-chrome"} {
		if path, err := exec.LookPath(name); err == nil {
			return path
		}
	}
	if os.Getenv("GATTAI_REQUIRE_BROWSER") == "1" {
		t.Fatal("no chromium found and GATTAI_REQUIRE_BROWSER=1 (apt-get install -y chromium)")
	}
	t.Skip("no chromium found: the end-to-end test needs a browser (apt-get install -y chromium)")
	return ""
}

// readDigits reads a puzzle file on the Samurai layout: digits by cell.
func readDigits(t *testing.T, m *layouts.Model, name string) []uint8 {
	t.Helper()
	ps, err := layouts.ReadAll(strings.NewReader(readFile(t, name)), layouts.ReadOptions{File: name, Model: m})
	if err != nil || len(ps) != 1 {
		t.Fatalf("%s: %v", name, err)
	}
	return ps[0].Givens
}

// TestBrowser opens the page in headless Chromium, picks the Samurai,
// types the givens of testdata/examples/samurai.txt with the keyboard,
// clicks Solve and reads the solved digits back from the page; then
// pastes the seed Samurai, loads and solves it. It saves a screenshot.
func TestBrowser(t *testing.T) {
	path := browser(t)
	srv := httptest.NewServer(NewHandler(Options{}))
	defer srv.Close()

	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	actx, cancelA := chromedp.NewExecAllocator(ctx,
		chromedp.ExecPath(path),
		chromedp.Flag("headless", true),
		chromedp.Flag("no-sandbox", true),
		chromedp.Flag("disable-gpu", true),
		chromedp.Flag("disable-quic", true),
		chromedp.NoFirstRun,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("hide-scrollbars", true),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(1280, 1000),
	)
	defer cancelA()
	bctx, cancelB := chromedp.NewContext(actx, chromedp.WithErrorf(t.Logf))
	defer cancelB()

	l, _ := layouts.Builtin("samurai", 9, layouts.Shape{})
	m, _ := layouts.Compile(l)
	givens := readDigits(t, m, "testdata/examples/samurai.txt")
	solution := readDigits(t, m, "testdata/examples/samurai.solution.txt")
	cell := func(i int) chromedp.CSS { return chromedp.CSS(fmt.Sprintf(`#board input[data-cell="%d"]`, i)) }
	status := func() string {
		s, _ := chromedp.Run(bctx, chromedp.Evaluate[string](`document.getElementById("status").textContent`))
		return s
	}
	do := func(what string, steps ...chromedp.Action[chromedp.Void]) {
		t.Helper()
		if err := chromedp.Do(bctx, steps...); err != nil {
			t.Fatalf("%s: %v (status %q)", what, err, status())
		}
	}
	// waitFor polls a JavaScript predicate.
	waitFor := func(what, js string) {
		t.Helper()
		wctx, cancel := context.WithTimeout(bctx, 15*time.Second)
		defer cancel()
		if _, err := chromedp.Run(wctx, chromedp.Poll[chromedp.Void](js)); err != nil {
			t.Fatalf("waiting for %s: %v (status %q)", what, err, status())
		}
	}
	values := func() []string {
		t.Helper()
		v, err := chromedp.Run(bctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll("#board input")].map(e => e.value + (e.classList.contains("solved") ? "*" : ""))`))
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	// compare checks the board against want: givens plain, the rest
	// solved (marked *).
	compare := func(given, want []uint8) {
		t.Helper()
		got := values()
		if len(got) != len(want) {
			t.Fatalf("%d cells on the page, want %d", len(got), len(want))
		}
		bad := 0
		for c, v := range got {
			w := layouts.Symbol(int(want[c]))
			if given[c] == 0 {
				w += "*"
			}
			if v != w && bad < 5 {
				t.Errorf("cell %s: %q, want %q", m.Cells[c], v, w)
				bad++
			}
		}
	}

	do("opening the page", chromedp.Navigate(srv.URL), chromedp.WaitVisible(chromedp.CSS(`#board input`)))
	waitFor("the layouts", `document.querySelectorAll("#layout option").length > 5`)
	do("picking samurai", chromedp.Evaluate[chromedp.Void](`(() => { const s = document.getElementById("layout"); s.value = "samurai"; s.dispatchEvent(new Event("change")); })()`))
	waitFor("the samurai board", `document.querySelectorAll("#board input").length === 369`)

	// The keyboard: arrows move, a repeated digit is a conflict,
	// Backspace clears.
	do("arrows", chromedp.Click(cell(0)), chromedp.KeyEvent(kb.ArrowRight), chromedp.KeyEvent(kb.ArrowDown))
	if f, _ := chromedp.Run(bctx, chromedp.Evaluate[string](`document.activeElement.dataset.cell`)); f != "19" {
		t.Errorf("after right, down from r1c1 the focus is on cell %s, want 19 (r2c2)", f)
	}
	do("a conflict", chromedp.SendKeys(cell(0), "7"), chromedp.SendKeys(cell(1), "7"))
	if n, _ := chromedp.Run(bctx, chromedp.Evaluate[int](`document.querySelectorAll("#board input.conflict").length`)); n != 2 {
		t.Errorf("%d cells marked as conflicts, want 2", n)
	}
	do("clearing", chromedp.SendKeys(cell(0), kb.Backspace), chromedp.Focus(cell(1)), chromedp.KeyEvent(kb.Delete))
	if v := values(); v[0] != "" || v[1] != "" {
		t.Errorf("cells not cleared: %q %q", v[0], v[1])
	}

	var typing []chromedp.Action[chromedp.Void]
	for c, d := range givens {
		if d != 0 {
			typing = append(typing, chromedp.SendKeys(cell(c), layouts.Symbol(int(d))))
		}
	}
	do("typing the givens", typing...)
	if n, _ := chromedp.Run(bctx, chromedp.Evaluate[int](`document.querySelectorAll("#board input.conflict").length`)); n != 0 {
		t.Errorf("%d conflicts among the givens", n)
	}
	do("solving", chromedp.Click(chromedp.CSS(`#solve`)))
	waitFor("the answer", `document.querySelector("#board input.solved") !== null`)
	if s := status(); !strings.Contains(s, "unique") {
		t.Errorf("status %q, want unique", s)
	}
	compare(givens, solution)

	shot, err := chromedp.Run(bctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Fatal(err)
	}
	name := filepath.Join(t.TempDir(), "web.png")
	if *update || os.Getenv("GATTAI_WEB_SCREENSHOT") == "1" {
		name = filepath.Join("..", "docs", "web.png")
	}
	if err := os.WriteFile(name, shot, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("screenshot: %s", name)

	// A nudge on the typed puzzle (after clearing the answer): where to
	// look, no cell marked.
	do("asking a nudge", chromedp.Click(chromedp.CSS(`#clear`)), chromedp.Click(chromedp.CSS(`#nudge`)))
	waitFor("the nudge", `document.getElementById("status").textContent.startsWith("nudge")`)
	if !strings.Contains(status(), "look at") {
		t.Errorf("the nudge says %q", status())
	}
	if n, _ := chromedp.Run(bctx, chromedp.Evaluate[int](`document.querySelectorAll("#board input.core").length`)); n != 0 {
		t.Errorf("the nudge %q marks %d cells", status(), n)
	}
	// Hint: a step in words, its cells marked.
	do("asking a hint", chromedp.Click(chromedp.CSS(`#clear`)), chromedp.Click(chromedp.CSS(`#hint`)))
	waitFor("the hint", `document.getElementById("status").textContent.startsWith("hint")`)
	if n, _ := chromedp.Run(bctx, chromedp.Evaluate[int](`document.querySelectorAll("#board input.core").length`)); n == 0 {
		t.Errorf("the hint %q marks no cell", status())
	}
	// Generate: a new Samurai, which Count proves unique.
	do("generating", chromedp.Click(chromedp.CSS(`#generate`)))
	waitFor("the new puzzle", `document.getElementById("status").textContent.startsWith("A new puzzle")`)
	do("counting it", chromedp.Click(chromedp.CSS(`#count`)))
	waitFor("its count", `document.getElementById("status").textContent.includes("unique")`)

	// Paste the seed Samurai, load it and solve it.
	seed := readFile(t, "testdata/seeds/samurai-problem1.txt")
	do("pasting", chromedp.SetValue(chromedp.CSS(`#text`), seed), chromedp.Click(chromedp.CSS(`#load`)))
	waitFor("the pasted puzzle", `document.getElementById("status").textContent.startsWith("Puzzle loaded")`)
	seedGivens := readDigits(t, m, "testdata/seeds/samurai-problem1.txt")
	do("solving the pasted puzzle", chromedp.Click(chromedp.CSS(`#solve`)))
	waitFor("the answer", `document.querySelector("#board input.solved") !== null`)
	got := values()
	p := &layouts.Puzzle{Model: m, Givens: seedGivens}
	g := layouts.Grid{Model: m, Digits: make([]uint8, len(m.Cells))}
	for c, v := range got {
		d := layouts.SymbolDigit(strings.TrimSuffix(v, "*")[0])
		g.Digits[c] = uint8(max(d, 0))
		if solved := strings.HasSuffix(v, "*"); solved == (seedGivens[c] != 0) {
			t.Fatalf("cell %s: %q: a given marked solved or a solved digit not marked", m.Cells[c], v)
		}
	}
	if err := layouts.Check(p, g); err != nil {
		t.Errorf("the page's solution fails layouts.Check: %v", err)
	}

	// Explain a Samurai with several solutions (the minimal example,
	// a given dropped): the cells where two differ are marked.
	several := readFile(t, "testdata/examples/samurai.txt")
	i := strings.IndexAny(several, "123456789")
	several = several[:i] + "." + several[i+1:]
	do("pasting a puzzle with several solutions", chromedp.SetValue(chromedp.CSS(`#text`), several), chromedp.Click(chromedp.CSS(`#load`)))
	waitFor("that puzzle", `document.getElementById("status").textContent.startsWith("Puzzle loaded")`)
	do("explaining it", chromedp.Click(chromedp.CSS(`#explain`)))
	waitFor("the explanation", `document.getElementById("status").textContent.startsWith("several solutions")`)
	if n, _ := chromedp.Run(bctx, chromedp.Evaluate[int](`document.querySelectorAll("#board input.core").length`)); n < 2 {
		t.Errorf("%d cells marked where two solutions differ (status %q)", n, status())
	}

	// A layout file with a jigsaw and killer cages: paste it, use it,
	// paste the puzzle on it, solve; the picture shows the cages.
	for _, name := range []string{"jigsaw-classic", "killer-classic"} {
		file := readFile(t, "testdata/variants/"+name+".json")
		lf, err := layouts.ParseLayoutFile(name, []byte(file))
		if err != nil {
			t.Fatal(err)
		}
		vm, err := layouts.Compile(lf)
		if err != nil {
			t.Fatal(err)
		}
		vg := readDigits(t, vm, "testdata/variants/"+name+".txt")
		want := readDigits(t, vm, "testdata/variants/"+name+".solution.txt")
		do("pasting the layout file of "+name, chromedp.SetValue(chromedp.CSS(`#text`), file), chromedp.Click(chromedp.CSS(`#load-layout`)))
		waitFor("the layout of "+name, `document.getElementById("status").textContent.startsWith("Layout loaded")`)
		do("pasting "+name, chromedp.SetValue(chromedp.CSS(`#text`), readFile(t, "testdata/variants/"+name+".txt")), chromedp.Click(chromedp.CSS(`#load`)))
		waitFor("the puzzle "+name, `document.getElementById("status").textContent.startsWith("Puzzle loaded")`)
		do("solving "+name, chromedp.Click(chromedp.CSS(`#solve`)))
		waitFor("the answer to "+name, `document.querySelector("#board input.solved") !== null`)
		m = vm
		compare(vg, want)
		if name == "killer-classic" {
			waitFor("the picture of "+name, `!document.getElementById("picture").hidden && document.getElementById("picture").complete && document.getElementById("picture").naturalWidth > 0`)
		}
	}
	if os.Getenv("GATTAI_WEB_SCREENSHOT") == "all" {
		shot, _ := chromedp.Run(bctx, chromedp.FullScreenshot(100))
		os.WriteFile(filepath.Join(os.TempDir(), "web-killer.png"), shot, 0o644)
	}
}

package svg_test

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"gattai/internal/testkit"
	"gattai/layouts"
	"gattai/svg"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata and docs/samurai-solved.svg")

// variantsDir holds the variant puzzles (see testkit.Variants).
var variantsDir = filepath.Join("..", "testdata", "variants")

// render draws p (and g) and checks that the result is SVG as this
// package writes it.
func render(t *testing.T, p *layouts.Puzzle, g *layouts.Grid, opts svg.Options) ([]byte, picture) {
	t.Helper()
	var buf bytes.Buffer
	if err := svg.Write(&buf, p, g, opts); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes(), parse(t, buf.Bytes())
}

// picture is what parse finds in an SVG document.
type picture struct {
	title   string
	viewBox [4]float64
	givens  []string            // text in bold black
	solved  []string            // text in the solution's blue
	notes   []string            // caption lines
	other   []string            // any other text (cage sums, clues)
	paths   map[string][]string // path data by stroke width
	counts  map[string]int
}

// allowed are the SVG 1.1 elements this package writes, with the
// attributes each may carry.
var allowed = map[string][]string{
	"svg":    {"xmlns", "version", "viewBox", "width", "height"},
	"title":  {},
	"g":      {"font-family", "font-size", "font-weight", "fill", "text-anchor", "space"},
	"rect":   {"x", "y", "width", "height", "rx", "fill", "stroke", "stroke-width"},
	"path":   {"d", "fill", "stroke", "stroke-width", "stroke-linecap", "stroke-linejoin", "stroke-dasharray"},
	"circle": {"cx", "cy", "r", "fill", "stroke", "stroke-width"},
	"text":   {"x", "y", "font-family", "font-size", "font-weight", "fill", "text-anchor"},
}

// parse reads data with encoding/xml, failing the test unless it is one
// svg element in the SVG namespace with a viewBox, holding only the
// elements and attributes of allowed, numeric coordinates and path data
// of absolute commands.
func parse(t *testing.T, data []byte) picture {
	t.Helper()
	var pic picture
	pic.counts = map[string]int{}
	pic.paths = map[string][]string{}
	dec := xml.NewDecoder(bytes.NewReader(data))
	type frame struct {
		name         string
		fill, weight string
		space        bool
	}
	var stack []frame
	var text strings.Builder
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("not XML: %v", err)
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			name := tok.Name.Local
			if tok.Name.Space != "http://www.w3.org/2000/svg" {
				t.Fatalf("element %s in namespace %q", name, tok.Name.Space)
			}
			attrs, ok := allowed[name]
			if !ok {
				t.Fatalf("element %s is not one this package writes", name)
			}
			if len(stack) == 0 && name != "svg" {
				t.Fatalf("root element %s, want svg", name)
			}
			f := frame{name: name}
			if len(stack) > 0 {
				top := stack[len(stack)-1]
				f.fill, f.weight, f.space = top.fill, top.weight, top.space
			}
			for _, a := range tok.Attr {
				if !slices.Contains(attrs, a.Name.Local) {
					t.Fatalf("%s has attribute %s", name, a.Name.Local)
				}
				switch a.Name.Local {
				case "fill":
					f.fill = a.Value
				case "font-weight":
					f.weight = a.Value
				case "space":
					f.space = a.Name.Space == "http://www.w3.org/XML/1998/namespace" && a.Value == "preserve"
				case "viewBox":
					fs := strings.Fields(a.Value)
					if len(fs) != 4 {
						t.Fatalf("viewBox %q", a.Value)
					}
					for i, s := range fs {
						pic.viewBox[i] = number(t, s)
					}
				case "x", "y", "cx", "cy", "r", "rx", "stroke-width":
					number(t, a.Value)
				case "width", "height":
					number(t, strings.TrimSuffix(a.Value, "mm"))
				case "d":
					pathData(t, a.Value)
				}
			}
			if name == "path" {
				var d, width string
				for _, a := range tok.Attr {
					switch a.Name.Local {
					case "d":
						d = a.Value
					case "stroke-width":
						width = a.Value
					}
				}
				pic.paths[width] = append(pic.paths[width], d)
			}
			if name == "svg" && pic.viewBox[2] <= 0 {
				t.Fatal("svg without a viewBox")
			}
			pic.counts[name]++
			stack = append(stack, f)
			text.Reset()
		case xml.CharData:
			text.Write(tok)
		case xml.EndElement:
			f := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			s := text.String()
			text.Reset()
			switch {
			case f.name == "title":
				pic.title = s
			case f.name != "text":
			case f.space:
				pic.notes = append(pic.notes, s)
			case f.weight == "bold" && f.fill == "#000":
				pic.givens = append(pic.givens, s)
			case f.fill == "#1f5fbf":
				pic.solved = append(pic.solved, s)
			default:
				pic.other = append(pic.other, s)
			}
		}
	}
	if pic.counts["svg"] != 1 || pic.counts["title"] != 1 {
		t.Fatalf("%d svg and %d title elements, want 1 each", pic.counts["svg"], pic.counts["title"])
	}
	return pic
}

func number(t *testing.T, s string) float64 {
	t.Helper()
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		t.Fatalf("%q is not a number", s)
	}
	return f
}

// pathData checks path data of the commands M L H V h v z.
func pathData(t *testing.T, d string) {
	t.Helper()
	if d == "" {
		return
	}
	if d[0] != 'M' {
		t.Fatalf("path data %.40q does not start with M", d)
	}
	for _, f := range strings.FieldsFunc(d, func(r rune) bool { return strings.ContainsRune("MLHVhvz ", r) }) {
		number(t, f)
	}
}

// readPuzzle reads a canvas puzzle on m and, if solution is not "", its
// solution.
func readPuzzle(t *testing.T, m *layouts.Model, puzzle, solution string) (*layouts.Puzzle, *layouts.Grid) {
	t.Helper()
	p := testkit.ReadPuzzle(t, puzzle, m)
	if solution == "" {
		return p, nil
	}
	s := testkit.ReadPuzzle(t, solution, m)
	g := layouts.Grid{Model: m, Digits: s.Givens}
	if err := layouts.Check(p, g); err != nil {
		t.Fatalf("%s: %v", solution, err)
	}
	return p, &g
}

// golden compares got with the file at path, or rewrites it with -update.
func golden(t *testing.T, path string, got []byte) {
	t.Helper()
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./svg/ -update)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("output differs from %s (run go test ./svg/ -update and look at it)", path)
	}
}

// samurai is the solved Samurai of testdata, a copy of
// ../shared/examples/samurai.txt and its solution.
func samurai(t *testing.T) (*layouts.Puzzle, *layouts.Grid) {
	return readPuzzle(t, testkit.Model(t, "samurai", 9), "testdata/samurai.txt", "testdata/samurai.solution.txt")
}

func TestGolden(t *testing.T) {
	tests := []struct {
		name  string
		board func(t *testing.T) (*layouts.Puzzle, *layouts.Grid)
	}{
		{"classic", func(t *testing.T) (*layouts.Puzzle, *layouts.Grid) {
			return readPuzzle(t, testkit.Model(t, "classic", 9), "testdata/classic.txt", "testdata/classic.solution.txt")
		}},
		{"samurai", samurai},
		{"killer-classic", func(t *testing.T) (*layouts.Puzzle, *layouts.Grid) {
			m := testkit.LayoutFile(t, "testdata/killer-classic.json")
			return readPuzzle(t, m, "testdata/killer-classic.txt", "testdata/killer-classic.solution.txt")
		}},
		{"jigsaw-classic", func(t *testing.T) (*layouts.Puzzle, *layouts.Grid) {
			m := testkit.LayoutFile(t, "testdata/jigsaw-classic.json")
			return readPuzzle(t, m, "testdata/jigsaw-classic.txt", "testdata/jigsaw-classic.solution.txt")
		}},
		{"showcase", func(t *testing.T) (*layouts.Puzzle, *layouts.Grid) {
			return layouts.NewPuzzle(testkit.LayoutFile(t, "testdata/showcase.json")), nil
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, g := tt.board(t)
			got, pic := render(t, p, g, svg.Options{})
			checkDigits(t, pic, p, g)
			if want := p.Model.Layout.Name; pic.title != want {
				t.Errorf("title %q, want %q", pic.title, want)
			}
			golden(t, filepath.Join("testdata", tt.name+".svg"), got)
		})
	}
}

// checkDigits checks that pic shows p's givens in bold black and g's
// other digits in blue, in canvas order.
func checkDigits(t *testing.T, pic picture, p *layouts.Puzzle, g *layouts.Grid) {
	t.Helper()
	if want := digitsOf(p.Givens, func(int) bool { return true }); !slices.Equal(pic.givens, want) {
		t.Errorf("givens drawn %v, want %v", pic.givens, want)
	}
	var want []string
	if g != nil {
		want = digitsOf(g.Digits, func(i int) bool { return p.Givens[i] == 0 })
	}
	if !slices.Equal(pic.solved, want) {
		t.Errorf("solved digits drawn %v, want %v", pic.solved, want)
	}
}

// TestDocs keeps docs/samurai-solved.svg, the README's picture, up to
// date: go test ./svg/ -run TestDocs -update rewrites it.
func TestDocs(t *testing.T) {
	p, g := samurai(t)
	got, _ := render(t, p, g, svg.Options{Title: "Samurai, solved by gattai"})
	golden(t, filepath.Join("..", "docs", "samurai-solved.svg"), got)
}

// digitsOf lists the symbols of digits at the cells where keep holds,
// in canvas order.
func digitsOf(digits []uint8, keep func(i int) bool) []string {
	var out []string
	for i, d := range digits {
		if d != 0 && keep(i) {
			out = append(out, layouts.Symbol(int(d)))
		}
	}
	return out
}

func TestVariants(t *testing.T) {
	for _, name := range testkit.Variants(t, variantsDir) {
		t.Run(name, func(t *testing.T) {
			p, g := testkit.ReadVariant(t, variantsDir, name)
			_, pic := render(t, p, &g, svg.Options{})
			checkDigits(t, pic, p, &g)
			for _, n := range pic.notes {
				if strings.Contains(n, "not drawn") {
					t.Errorf("caption %q: every kind of testdata/variants has a drawing", n)
				}
			}
		})
	}
}

// filled is a grid on m with cell i holding digit i%n+1: every symbol
// appears, and drawing does not check the rules.
func filled(m *layouts.Model) *layouts.Grid {
	g := &layouts.Grid{Model: m, Digits: make([]uint8, len(m.Cells))}
	for i := range g.Digits {
		g.Digits[i] = uint8(i%m.N + 1)
	}
	return g
}

func TestBuiltins(t *testing.T) {
	for _, info := range layouts.Builtins() {
		for _, n := range []int{4, 6, 9, 16, 25} {
			t.Run(fmt.Sprintf("%s-%d", info.Name, n), func(t *testing.T) {
				m := testkit.Model(t, info.Name, n)
				p := layouts.NewPuzzle(m)
				got, pic := render(t, p, nil, svg.Options{})
				if len(pic.givens)+len(pic.solved)+len(pic.notes) != 0 {
					t.Errorf("an empty %s shows text", info.Name)
				}
				wantBox := [4]float64{0, 0, float64(m.Width*40 + 20), float64(m.Height*40 + 20)}
				if pic.viewBox != wantBox {
					t.Errorf("viewBox %v, want %v", pic.viewBox, wantBox)
				}
				if n == 9 && len(got) > 20_000 {
					t.Errorf("an empty %s takes %d bytes, want at most 20000", info.Name, len(got))
				}

				p.Givens[0] = 1
				g := filled(m)
				got, pic = render(t, p, g, svg.Options{})
				if len(pic.givens) != 1 || len(pic.solved) != len(m.Cells)-1 {
					t.Errorf("%d givens, %d solved digits drawn, want 1 and %d", len(pic.givens), len(pic.solved), len(m.Cells)-1)
				}
				if want := layouts.Symbol(n); !slices.Contains(pic.solved, want) {
					t.Errorf("symbol %s of digit %d is not drawn", want, n)
				}
				if n == 9 && len(got) > 200_000 {
					t.Errorf("a solved %s takes %d bytes, want at most 200000", info.Name, len(got))
				}
			})
		}
	}
}

// TestKinds draws each kind of layouts.Kinds on a classic grid, from the
// kind's own example: a kind with a drawing changes the picture, and
// a kind without one is named in the caption as not drawn.
func TestKinds(t *testing.T) {
	for _, k := range layouts.Kinds() {
		t.Run(k.Name, func(t *testing.T) {
			var c layouts.Constraint
			if err := json.Unmarshal([]byte(k.Example), &c); err != nil {
				t.Fatalf("example %s: %v", k.Example, err)
			}
			var m *layouts.Model
			for _, n := range []int{9, 4, 6, 16} {
				l := layouts.Classic(n, layouts.DefaultBox(n))
				l.Constraints = []layouts.Constraint{c}
				if mm, err := layouts.Compile(l); err == nil {
					m = mm
					break
				}
			}
			if m == nil {
				t.Fatalf("example %s fits no classic grid of 4, 6, 9 or 16", k.Example)
			}
			plain, err := layouts.Compile(layouts.Classic(m.N, m.Layout.Box))
			if err != nil {
				t.Fatal(err)
			}
			got, pic := render(t, layouts.NewPuzzle(m), nil, svg.Options{})
			empty, _ := render(t, layouts.NewPuzzle(plain), nil, svg.Options{})
			notDrawn := slices.Contains(pic.notes, "+ "+k.Name+" rules, not drawn")
			if !notDrawn && bytes.Equal(got, empty) {
				t.Errorf("%s draws nothing and is not in the caption", k.Example)
			}
			if notDrawn {
				t.Logf("%s has no drawing yet", k.Name)
			}
		})
	}
}

// TestCaption draws constraints of kinds this package does not know
// (ones layouts may add) and kinds drawn as a caption line: each is
// named once, in order, wrapped to the board's width.
func TestCaption(t *testing.T) {
	tests := []struct {
		name   string
		layout string
		add    []layouts.Constraint
		want   []string
	}{
		{"samurai", "samurai", []layouts.Constraint{{Kind: "arrow"}, {Kind: "antiknight", Grid: 3}, {Kind: "arrow"}, {Kind: "<xv & co>"}},
			[]string{
				"+ arrow rules, not drawn",
				"Anti-knight (grid 3): cells a knight's move apart never hold the same digit",
				"+ <xv & co> rules, not drawn",
			}},
		{"classic wraps", "classic", []layouts.Constraint{{Kind: "antiking"}, {Kind: "nonconsecutive"}},
			[]string{
				"Anti-king: cells a king's move apart, diagonally",
				"  too, never hold the same digit",
				"Nonconsecutive: orthogonal neighbours never",
				"  differ by 1",
			}},
		{"none", "twodoku", nil, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := testkit.Model(t, tt.layout, 9)
			m.Layout.Constraints = append(m.Layout.Constraints, tt.add...)
			_, pic := render(t, layouts.NewPuzzle(m), nil, svg.Options{})
			if !slices.Equal(pic.notes, tt.want) {
				t.Errorf("caption\n%q\nwant\n%q", pic.notes, tt.want)
			}
			// The caption is under the board, inside the viewBox.
			if h := float64(m.Height*40+20) + float64(len(tt.want))*18; pic.viewBox[3] < h {
				t.Errorf("viewBox %v has no room for %d caption lines", pic.viewBox, len(tt.want))
			}
		})
	}
}

func TestOptions(t *testing.T) {
	m := testkit.Model(t, "classic", 4)
	m.Layout.Name = `a <b> & "c"`
	p := layouts.NewPuzzle(m)
	tests := []struct {
		name      string
		opts      svg.Options
		title     string
		attribute string // in the svg element
	}{
		{"default", svg.Options{}, `a <b> & "c"`, `viewBox="0 0 180 180">`},
		{"title", svg.Options{Title: "x</title>"}, "x</title>", `viewBox="0 0 180 180">`},
		{"mm", svg.Options{CellMM: 10}, `a <b> & "c"`, `viewBox="0 0 180 180" width="45mm" height="45mm">`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, pic := render(t, p, nil, tt.opts)
			if pic.title != tt.title {
				t.Errorf("title %q, want %q", pic.title, tt.title)
			}
			if !bytes.Contains(got, []byte(tt.attribute)) {
				t.Errorf("no %s in\n%s", tt.attribute, got)
			}
		})
	}
}

// errDiskFull is what failWriter fails with.
var errDiskFull = errors.New("disk full")

// failWriter fails every write.
type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errDiskFull }

func TestErrors(t *testing.T) {
	m := testkit.Model(t, "classic", 9)
	other := testkit.Model(t, "classic", 9)
	p := layouts.NewPuzzle(m)
	tests := []struct {
		name string
		w    io.Writer
		p    *layouts.Puzzle
		g    *layouts.Grid
		mm   float64
		want error
	}{
		{"nil puzzle", io.Discard, nil, nil, 0, svg.ErrPuzzle},
		{"puzzle without model", io.Discard, &layouts.Puzzle{}, nil, 0, svg.ErrPuzzle},
		{"short givens", io.Discard, &layouts.Puzzle{Model: m, Givens: make([]uint8, 3)}, nil, 0, svg.ErrPuzzle},
		{"grid of another model", io.Discard, p, filled(other), 0, svg.ErrGrid},
		{"short grid", io.Discard, p, &layouts.Grid{Model: m, Digits: make([]uint8, 80)}, 0, svg.ErrGrid},
		// "+Infmm" or "NaNmm" made no picture a reader could size.
		{"infinite cells", io.Discard, p, nil, math.Inf(1), svg.ErrSize},
		{"cells of no size", io.Discard, p, nil, math.NaN(), svg.ErrSize},
		{"negative cells", io.Discard, p, nil, -1, svg.ErrSize},
		{"writer fails", failWriter{}, p, nil, 0, errDiskFull},
		{"fine", io.Discard, p, filled(m), 10, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := svg.Write(tt.w, tt.p, tt.g, svg.Options{CellMM: tt.mm})
			if !errors.Is(err, tt.want) || (err == nil) != (tt.want == nil) {
				t.Errorf("error %v, want %v", err, tt.want)
			}
		})
	}
}

// TestDeterministic draws a board with every kind twice.
func TestDeterministic(t *testing.T) {
	m := testkit.LayoutFile(t, "testdata/showcase.json")
	a, _ := render(t, layouts.NewPuzzle(m), filled(m), svg.Options{})
	b, _ := render(t, layouts.NewPuzzle(m), filled(m), svg.Options{})
	if !bytes.Equal(a, b) {
		t.Error("two drawings of one board differ")
	}
}

// edgeSet lists the cell edges that path data of M x yHx2 and M x yVy2
// segments cover, on a board with a margin of 10: "h r c" is the edge
// above canvas row r at column c, "v r c" the edge left of column c.
func edgeSet(t *testing.T, ds []string) map[string]bool {
	t.Helper()
	out := map[string]bool{}
	for _, d := range ds {
		for _, seg := range strings.Split(d, "M")[1:] {
			var x, y, to int
			var op byte
			if _, err := fmt.Sscanf(seg, "%d %d%c%d", &x, &y, &op, &to); err != nil {
				t.Fatalf("segment %q: %v", seg, err)
			}
			x, y, to = (x-10)/40, (y-10)/40, (to-10)/40
			switch op {
			case 'H':
				for c := x; c < to; c++ {
					out[fmt.Sprintf("h %d %d", y, c)] = true
				}
			case 'V':
				for r := y; r < to; r++ {
					out[fmt.Sprintf("v %d %d", r, x)] = true
				}
			default:
				t.Fatalf("segment %q is not a horizontal or vertical line", seg)
			}
		}
	}
	return out
}

// TestBoxBorders checks the thick lines against the model: an edge is
// thick where it has a cell on one side only, or two cells that no unit
// of kind box holds both of.
func TestBoxBorders(t *testing.T) {
	type board struct {
		name string
		m    *layouts.Model
	}
	var boards []board
	for _, info := range layouts.Builtins() {
		for _, n := range []int{4, 6, 9} {
			boards = append(boards, board{fmt.Sprintf("%s-%d", info.Name, n), testkit.Model(t, info.Name, n)})
		}
	}
	boards = append(boards, board{"jigsaw-classic", testkit.LayoutFile(t, "testdata/jigsaw-classic.json")})
	twin := testkit.Model(t, "twodoku", 9).Layout
	twin.Constraints = []layouts.Constraint{{Kind: "jigsaw", Grid: 2, Pieces: []string{
		"AAAACCBBB", "ACCCCCBBB", "ACDCFFBHB", "AADFFFFHB", "DADDFFFHH",
		"DDDIIIHHH", "DGIIIHHEE", "GGGGIIEEE", "GGGGIEEEE"}}}
	m, err := layouts.Compile(twin)
	if err != nil {
		t.Fatal(err)
	}
	boards = append(boards, board{"twodoku with a jigsaw second grid", m})
	for _, bd := range boards {
		t.Run(bd.name, func(t *testing.T) {
			m := bd.m
			_, pic := render(t, layouts.NewPuzzle(m), nil, svg.Options{})
			got := edgeSet(t, pic.paths["3"])
			together := map[[2]int]bool{}
			for _, u := range m.Units {
				if u.Kind == layouts.UnitBox {
					for _, a := range u.Cells {
						for _, b := range u.Cells {
							together[[2]int{a, b}] = true
						}
					}
				}
			}
			thick := func(r1, c1, r2, c2 int) bool {
				a, okA := m.Cell(layouts.Pos{Row: r1, Col: c1})
				b, okB := m.Cell(layouts.Pos{Row: r2, Col: c2})
				return okA != okB || okA && !together[[2]int{a, b}]
			}
			for r := 0; r <= m.Height; r++ {
				for c := 0; c <= m.Width; c++ {
					for _, e := range []struct {
						key  string
						want bool
					}{
						{fmt.Sprintf("h %d %d", r, c), c < m.Width && thick(r-1, c, r, c)},
						{fmt.Sprintf("v %d %d", r, c), r < m.Height && thick(r, c-1, r, c)},
					} {
						if got[e.key] != e.want {
							t.Fatalf("edge %s thick %v, want %v", e.key, got[e.key], e.want)
						}
					}
				}
			}
		})
	}
}

// TestKillerPieces draws killer cages given as pieces, in every grid of
// a twodoku, as the same cages given by their cells.
func TestKillerPieces(t *testing.T) {
	m := testkit.Model(t, "twodoku", 9)
	dots := "........."
	m.Layout.Constraints = []layouts.Constraint{{Kind: "killer",
		Pieces: []string{"aab......", "a.b......", dots, dots, dots, dots, dots, dots, dots}, Sums: map[string]int{"a": 6}}}
	got, _ := render(t, layouts.NewPuzzle(m), nil, svg.Options{})
	cage := func(sum int, cells ...layouts.Pos) layouts.Constraint {
		return layouts.Constraint{Kind: "killer", Cells: cells, Sum: sum}
	}
	m.Layout.Constraints = []layouts.Constraint{
		cage(6, layouts.Pos{Row: 0, Col: 0}, layouts.Pos{Row: 0, Col: 1}, layouts.Pos{Row: 1, Col: 0}),
		cage(0, layouts.Pos{Row: 0, Col: 2}, layouts.Pos{Row: 1, Col: 2}),
		cage(6, layouts.Pos{Row: 6, Col: 6}, layouts.Pos{Row: 6, Col: 7}, layouts.Pos{Row: 7, Col: 6}),
		cage(0, layouts.Pos{Row: 6, Col: 8}, layouts.Pos{Row: 7, Col: 8}),
	}
	want, _ := render(t, layouts.NewPuzzle(m), nil, svg.Options{})
	if !bytes.Equal(got, want) {
		t.Errorf("cages as pieces drawn as\n%s\nwant\n%s", got, want)
	}
}

// TestLineKinds draws the line kinds from their cells; without cells
// they are caption lines.
func TestLineKinds(t *testing.T) {
	cells := []layouts.Pos{{Row: 0, Col: 0}, {Row: 0, Col: 1}, {Row: 1, Col: 2}}
	tests := []struct {
		kind, want string
	}{
		{"whispers", `stroke="#5cb85c" stroke-width="8"`},
		{"renban", `stroke="#b370d8" stroke-width="8"`},
		{"palindrome", `stroke="#a9a9a9" stroke-width="8"`},
		{"entropic", `stroke="#f0a030" stroke-width="8"`},
		{"regionsum", `stroke="#3d7fd9" stroke-width="5"`},
		{"between", `<circle cx="110" cy="70" r="16" fill="#fff" stroke="#a9a9a9" stroke-width="2"/>`},
	}
	for _, tt := range tests {
		t.Run(tt.kind, func(t *testing.T) {
			m := testkit.Model(t, "classic", 9)
			m.Layout.Constraints = []layouts.Constraint{{Kind: tt.kind, Cells: cells}}
			got, pic := render(t, layouts.NewPuzzle(m), nil, svg.Options{})
			if !bytes.Contains(got, []byte(tt.want)) {
				t.Errorf("no %s in\n%s", tt.want, got)
			}
			if len(pic.notes) != 0 {
				t.Errorf("caption %q", pic.notes)
			}
			m.Layout.Constraints = []layouts.Constraint{{Kind: tt.kind}}
			_, pic = render(t, layouts.NewPuzzle(m), nil, svg.Options{})
			if want := []string{"+ " + tt.kind + " rules, not drawn"}; !slices.Equal(pic.notes, want) {
				t.Errorf("without cells, caption %q, want %q", pic.notes, want)
			}
		})
	}
}

// FuzzWrite draws any layout file that parses, empty and filled, and
// checks that the picture is SVG as this package writes it.
func FuzzWrite(f *testing.F) {
	for _, pattern := range []string{"testdata/*.json", "../testdata/variants/*.json", "../testdata/layouts/*.json"} {
		files, err := filepath.Glob(pattern)
		if err != nil {
			f.Fatal(err)
		}
		for _, file := range files {
			data, err := os.ReadFile(file)
			if err != nil {
				f.Fatal(err)
			}
			f.Add(data)
		}
	}
	f.Add([]byte(`{"size": 4, "grids": [{"at": "r1c1"}, {"at": "r3c3"}], "constraints": [{"kind": "killer", "grid": 2, "pieces": ["aab.", "a.bb", "cc..", "dd.."], "sums": {"a": 6, "d": 3}}]}`)) // a killer of pieces
	f.Fuzz(func(t *testing.T, data []byte) {
		l, err := layouts.ParseLayoutFile("fuzz.json", data)
		if err != nil {
			return
		}
		m, err := layouts.Compile(l)
		if err != nil {
			t.Fatalf("a parsed layout does not compile: %v", err)
		}
		if len(m.Cells) > 5000 {
			return // slow, and nothing new
		}
		p := layouts.NewPuzzle(m)
		render(t, p, nil, svg.Options{})
		render(t, p, filled(m), svg.Options{})
	})
}

// TestDrawKinds draws one constraint of each kind on a board and looks
// for its marks in the picture, and for what must not be there.
func TestDrawKinds(t *testing.T) {
	row := func(r, c0, dc int) []layouts.Pos { // a full row from canvas column c0, in step dc
		ps := make([]layouts.Pos, 9)
		for i := range ps {
			ps[i] = layouts.Pos{Row: r, Col: c0 + i*dc}
		}
		return ps
	}
	at := func(s ...string) []layouts.Pos {
		ps := make([]layouts.Pos, len(s))
		for i, x := range s {
			var r, c int
			if _, err := fmt.Sscanf(x, "r%dc%d", &r, &c); err != nil {
				t.Fatal(err)
			}
			ps[i] = layouts.Pos{Row: r - 1, Col: c - 1}
		}
		return ps
	}
	tests := []struct {
		name   string
		layout string
		c      layouts.Constraint
		want   []string // in the picture
		not    []string // not in it
		notes  []string // the caption
	}{
		{"diagonal positive", "classic", layouts.Constraint{Kind: "diagonal", Which: "positive"},
			[]string{`d="M370 10L10 370"`}, []string{"M10 10L370 370"}, nil},
		{"diagonal negative", "classic", layouts.Constraint{Kind: "diagonal", Which: "negative"},
			[]string{`d="M10 10L370 370"`}, []string{"M370 10L10 370"}, nil},
		{"diagonal both", "classic", layouts.Constraint{Kind: "diagonal"},
			[]string{`d="M10 10L370 370M370 10L10 370"`}, nil, nil},
		{"kropki default values", "classic", layouts.Constraint{Kind: "kropki", White: [][]layouts.Pos{at("r1c1", "r1c2")}, Difference: 1, Ratio: 2, Black: [][]layouts.Pos{at("r2c1", "r3c1")}},
			[]string{`<circle cx="50" cy="30" r="5.2" fill="#fff"`, `<circle cx="30" cy="90" r="5.2" fill="#000"`}, []string{"</text>\n<path"}, nil},
		{"kropki values", "classic", layouts.Constraint{Kind: "kropki", White: [][]layouts.Pos{at("r1c1", "r1c2")}, Difference: 3, Black: [][]layouts.Pos{at("r2c1", "r3c1")}, Ratio: 4},
			[]string{`<circle cx="50" cy="30" r="8" fill="#fff"`, `fill="#000" text-anchor="middle">3</text>`,
				`<circle cx="30" cy="90" r="8" fill="#000"`, `fill="#fff" text-anchor="middle">4</text>`}, nil, nil},
		{"kropki negative white", "classic", layouts.Constraint{Kind: "kropki", Negative: true, Which: "white", Difference: 2},
			nil, nil, []string{"Kropki: every white dot is shown; neighbours", "  without one are not 2 apart"}},
		{"xv", "classic", layouts.Constraint{Kind: "xv", X: [][]layouts.Pos{at("r1c1", "r1c2")}, V: [][]layouts.Pos{at("r1c1", "r2c1")}},
			[]string{`<circle cx="50" cy="30" r="9" fill="#fff"/>`, `>X</text>`, `<circle cx="30" cy="50" r="9" fill="#fff"/>`, `>V</text>`}, nil, nil},
		{"xv negative", "classic", layouts.Constraint{Kind: "xv", Negative: true, Which: "x"},
			nil, nil, []string{"XV: every X is shown; neighbours without one do", "  not sum to 10"}},
		{"arrow", "classic", layouts.Constraint{Kind: "arrow", Cells: at("r1c1"), Lines: [][]layouts.Pos{at("r1c1", "r1c2", "r1c3"), at("r2c2")}},
			[]string{`<circle cx="30" cy="30" r="16" fill="#fff" stroke="#8c8c8c"`, `d="M46 30L70 30L110 30M`, `d="M41.31 41.31L70 70M`}, nil, nil},
		{"arrow pill", "classic", layouts.Constraint{Kind: "arrow", Cells: at("r1c2", "r1c1"), Lines: [][]layouts.Pos{at("r1c2", "r2c3")}},
			[]string{`<rect x="14" y="14" width="72" height="32" rx="16" fill="#fff" stroke="#8c8c8c"`}, []string{"<circle"}, nil},
		{"arrow blob", "classic", layouts.Constraint{Kind: "arrow", Cells: at("r1c1", "r1c2", "r2c2"), Lines: [][]layouts.Pos{at("r2c2", "r3c3")}},
			[]string{`<path fill="none" stroke="#8c8c8c" stroke-width="34" stroke-linecap="round" d="M30 30L30 30M30 30L70 30M70 30L70 30M70 30L70 70M70 70L70 70"/>`,
				`<path fill="none" stroke="#fff" stroke-width="30" stroke-linecap="round" d="M30 30L30 30M30 30L70 30`}, []string{"<circle", "<rect x"}, nil},
		{"little killer", "classic", layouts.Constraint{Kind: "littlekiller", Sum: 17, Cells: at("r1c3", "r2c2", "r3c1")},
			[]string{`viewBox="0 0 440 440"`, `>17</text>`, `<text x="185" y="19" font-family="sans-serif" font-size="12" text-anchor="middle">17</text>`, `d="M172 28L164 36M168 36L164 36L164 32"`}, nil, nil},
		{"little killer, one cell", "classic", layouts.Constraint{Kind: "littlekiller", Sum: 4, Cells: at("r9c9")},
			[]string{`>4</text>`, `d="M412 348L404 356M408 356L404 356L404 352"`}, nil, nil},
		{"little killer inside samurai", "samurai", layouts.Constraint{Kind: "littlekiller", Sum: 9, Cells: at("r7c7", "r8c8")},
			nil, []string{">9</text>"}, []string{"Little killer: the diagonal from r7c7, down and right, sums to 9"}},
		{"sandwich", "classic", layouts.Constraint{Kind: "sandwich", Sum: 12, Cells: row(0, 0, 1)},
			[]string{`<text x="20" y="66" font-family="sans-serif" font-size="18" text-anchor="middle">12</text>`}, nil,
			[]string{"Sandwich: a number outside the grid is the sum of", "  the digits between the 1 and the 9 of its row", "  or column"}},
		{"x-sum from the right", "classic", layouts.Constraint{Kind: "xsum", Sum: 0, Cells: row(8, 8, -1)},
			[]string{`<text x="420" y="386" font-family="sans-serif" font-size="18" text-anchor="middle">0</text>`}, nil,
			[]string{"X-sum: a number outside the grid is the sum of", "  the first x digits of its row or column, seen", "  from it, x being the first"}},
		{"skyscraper inside samurai", "samurai", layouts.Constraint{Kind: "skyscraper", Count: 4, Cells: row(6, 6, 1)},
			[]string{`<circle cx="280" cy="300" r="9" fill="#fff"/>`, `>4</text>`}, nil,
			[]string{"Skyscraper: a number outside the grid counts the digits of its row or column, seen from it, taller than all before", "  them"}},
		{"clone", "classic", layouts.Constraint{Kind: "clone", Cells: at("r1c1", "r1c2"), Clone: at("r5c5", "r5c6")},
			[]string{`<path fill="#ffd9a8" d="M10 10h40v40h-40zM50 10h40v40h-40z"/>`, `<path fill="#ffd9a8" d="M170 170h40v40h-40zM210 170h40v40h-40z"/>`}, nil, nil},
		{"quadruple", "classic", layouts.Constraint{Kind: "quadruple", Cells: at("r1c1", "r1c2", "r2c1", "r2c2"), Digits: []int{1, 2, 2}},
			[]string{`<circle cx="50" cy="50" r="12" fill="#fff" stroke="#000"`, `<text x="45" y="48">1</text>`, `<text x="50" y="58">2</text>`}, nil, nil},
		{"quadruple on the edge", "classic", layouts.Constraint{Kind: "quadruple", Cells: at("r9c3", "r9c4"), Digits: []int{9}},
			[]string{`<circle cx="130" cy="370" r="12"`}, nil, nil},
		{"quadruple of one cell", "classic", layouts.Constraint{Kind: "quadruple", Cells: at("r5c5"), Digits: []int{9}},
			[]string{`<circle cx="190" cy="190" r="12"`}, nil, nil},
		{"minimum", "classic", layouts.Constraint{Kind: "minimum", Cells: at("r1c1")},
			[]string{`stroke="#555" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" d="M47 24L42 30L47 36M24 47L30 42L36 47"/>`}, nil, nil},
		{"maximum", "classic", layouts.Constraint{Kind: "maximum", Cells: at("r1c1")},
			[]string{`d="M42 24L47 30L42 36M24 42L30 47L36 42"/>`}, nil, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := testkit.Model(t, tt.layout, 9)
			m.Layout.Constraints = []layouts.Constraint{tt.c}
			got, pic := render(t, layouts.NewPuzzle(m), nil, svg.Options{})
			for _, w := range tt.want {
				if !bytes.Contains(got, []byte(w)) {
					t.Errorf("no %s in\n%s", w, got)
				}
			}
			for _, w := range tt.not {
				if bytes.Contains(got, []byte(w)) {
					t.Errorf("%s in\n%s", w, got)
				}
			}
			if !slices.Equal(pic.notes, tt.notes) {
				t.Errorf("caption\n%q\nwant\n%q", pic.notes, tt.notes)
			}
			if len(pic.givens) != 0 {
				t.Errorf("givens %q drawn", pic.givens)
			}
		})
	}
}

// TestOutsideCluesShared: clues that share a place outside the grids, as
// a Samurai's grid 1 row clue from the right and the middle grid's
// column clue from the top at r6c10, or a column's clue and little
// killers above a grid, are each written small and shifted toward their
// own line (a little killer's toward its arrow, which moves into the
// corner), not on top of each other; a clue alone at its place stays
// where it was, and a clue given twice is written once. Two clues of
// one line beside a third are caption lines.
func TestOutsideCluesShared(t *testing.T) {
	col := func(r, c int) []layouts.Pos { // a full column from r(r)c(c) down
		ps := make([]layouts.Pos, 9)
		for i := range ps {
			ps[i] = layouts.Pos{Row: r - 1 + i, Col: c - 1}
		}
		return ps
	}
	row := func(r, c, dc int) []layouts.Pos { // a full row from r(r)c(c), in step dc
		ps := make([]layouts.Pos, 9)
		for i := range ps {
			ps[i] = layouts.Pos{Row: r - 1, Col: c - 1 + i*dc}
		}
		return ps
	}
	diagonal := func(r, c, dr, dc, k int) []layouts.Pos {
		ps := make([]layouts.Pos, k)
		for i := range ps {
			ps[i] = layouts.Pos{Row: r - 1 + i*dr, Col: c - 1 + i*dc}
		}
		return ps
	}
	text := func(x, y string, size int, s string) string {
		return fmt.Sprintf(`<text x="%s" y="%s" font-family="sans-serif" font-size="%d" text-anchor="middle">%s</text>`, x, y, size, s)
	}
	clueText := regexp.MustCompile(`<text x="[^"]*" y="[^"]*" font-family="sans-serif" font-size="\d+" text-anchor="middle">[^<]*</text>`)
	tests := []struct {
		name   string
		layout string
		cs     []layouts.Constraint
		want   []string // the clues' texts, in order
		arrows []string // paths of little killers' arrows
		notes  []string // caption lines that say clues
	}{
		{"alone", "classic", []layouts.Constraint{
			{Kind: "sandwich", Cells: row(1, 1, 1), Sum: 12},
		}, []string{text("20", "66", 18, "12")}, nil, nil},
		{"given twice", "classic", []layouts.Constraint{
			{Kind: "sandwich", Cells: row(1, 1, 1), Sum: 12},
			{Kind: "sandwich", Cells: row(1, 1, 1), Sum: 12},
		}, []string{text("20", "66", 18, "12")}, nil, nil},
		{"row and column across grids", "samurai", []layouts.Constraint{
			{Kind: "sandwich", Cells: row(6, 9, -1), Sum: 7},
			{Kind: "skyscraper", Cells: col(7, 10), Count: 3},
		}, []string{text("406", "262.8", 8, "7"), text("420", "276.8", 8, "3")}, nil, nil},
		{"column and little killers", "classic", []layouts.Constraint{
			{Kind: "littlekiller", Cells: diagonal(1, 3, 1, -1, 3), Sum: 12},
			{Kind: "xsum", Cells: col(1, 4), Sum: 15},
			{Kind: "littlekiller", Cells: diagonal(1, 5, 1, 1, 5), Sum: 30},
		}, []string{text("172", "30.8", 8, "12"), text("180", "36.8", 8, "15"), text("188", "30.8", 8, "30")},
			[]string{`d="M168 32L162 38M166 38L162 38L162 34"`, `d="M192 32L198 38M194 38L198 38L198 34"`}, nil},
		{"five at a place", "samurai", []layouts.Constraint{
			{Kind: "sandwich", Cells: row(6, 9, -1), Sum: 7},
			{Kind: "skyscraper", Cells: col(7, 10), Count: 3},
			{Kind: "littlekiller", Cells: diagonal(5, 9, -1, -1, 5), Sum: 21},
			{Kind: "littlekiller", Cells: diagonal(7, 9, 1, -1, 3), Sum: 6},
			{Kind: "littlekiller", Cells: diagonal(7, 11, 1, 1, 5), Sum: 25},
		}, []string{text("406", "262.8", 8, "7"), text("420", "276.8", 8, "3"),
			text("412", "254.8", 8, "21"), text("412", "270.8", 8, "6"), text("428", "270.8", 8, "25")}, nil, nil},
		// Two clues of one line, alone at their place, side by side
		// along it, the first nearer the grid.
		{"one line twice", "classic", []layouts.Constraint{
			{Kind: "sandwich", Cells: row(1, 1, 1), Sum: 10},
			{Kind: "skyscraper", Cells: row(1, 1, 1), Count: 4},
		}, []string{text("26", "62.8", 8, "10"), text("14", "62.8", 8, "4")}, nil, nil},
		{"one line twice beside a little killer", "classic", []layouts.Constraint{
			{Kind: "sandwich", Cells: col(1, 4), Sum: 10},
			{Kind: "littlekiller", Cells: diagonal(1, 3, 1, -1, 3), Sum: 12},
			{Kind: "xsum", Cells: col(1, 4), Sum: 15},
		}, nil, nil, []string{"Sandwich r1c4-r9c4: 10", "Little killer: the diagonal from r1c3, down and left, sums to 12", "X-sum r1c4-r9c4: 15"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := testkit.Model(t, tt.layout, 9)
			m.Layout.Constraints = tt.cs
			got, pic := render(t, layouts.NewPuzzle(m), nil, svg.Options{})
			if texts := clueText.FindAllString(string(got), -1); !slices.Equal(texts, tt.want) {
				t.Errorf("clues written as\n%s\nwant\n%s", strings.Join(texts, "\n"), strings.Join(tt.want, "\n"))
			}
			for _, a := range tt.arrows {
				if !bytes.Contains(got, []byte(a)) {
					t.Errorf("no arrow %s in\n%s", a, got)
				}
			}
			caption := strings.Join(pic.notes, "\n")
			caption = strings.ReplaceAll(caption, "\n  ", " ")
			for _, n := range tt.notes {
				if !strings.Contains(caption, n) {
					t.Errorf("caption lacks %q:\n%s", n, caption)
				}
			}
		})
	}
}

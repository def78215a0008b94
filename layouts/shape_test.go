package layouts

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

func TestShapeWords(t *testing.T) {
	r := NewReader(strings.NewReader(""), ReadOptions{})
	widest := 0
	for _, sh := range r.builtinShapes() {
		widest = max(widest, sh.w)
	}
	if widest > shapeWords*64 {
		t.Fatalf("the widest built-in canvas has %d columns; shapeWords %d holds %d", widest, shapeWords, shapeWords*64)
	}
}

// coversRef is covers written plainly: every position of every row, a
// filler or not, against the grids of the built-in.
func coversRef(t *testing.T, sh *shape, rows []line, whole bool) bool {
	l, err := Builtin(sh.name, sh.n, Shape{})
	if err != nil {
		t.Fatal(err)
	}
	inGrid := func(r, c int) bool {
		for _, g := range l.Grids {
			if r >= g.At.Row && r < g.At.Row+sh.n && c >= g.At.Col && c < g.At.Col+sh.n {
				return true
			}
		}
		return false
	}
	if len(rows) > sh.h || whole && len(rows) != sh.h {
		return false
	}
	for r, row := range rows {
		for c := 0; c < max(len(row.text), sh.w); c++ {
			if (c < len(row.text) && !filler(row.text[c:c+1])) != inGrid(r, c) {
				return false
			}
		}
	}
	return true
}

// TestCovers holds covers, and occupancy's extent, to the plain rules on
// each built-in's own canvas and on canvases one change away from it.
func TestCovers(t *testing.T) {
	r := NewReader(strings.NewReader(""), ReadOptions{})
	shapes := r.builtinShapes()
	rng := rand.New(rand.NewPCG(1, 2))
	fits, misses := 0, 0
	for i := range shapes {
		sh := &shapes[i]
		m := compiled(t, sh.name, sh.n, Shape{})
		text := strings.Split(strings.TrimRight(canvasText(m, make([]uint8, len(m.Cells))), "\n"), "\n")
		for k := range 40 {
			rows := make([]line, len(text))
			for j, s := range text {
				rows[j] = line{text: s, num: j + 1}
			}
			if k > 0 {
				mutate(rng, rows, sh)
			}
			o := r.occupancy(rows)
			h, w, maxSym := extentRef(rows)
			if o.h != h || o.w != w || o.maxSym != maxSym {
				t.Fatalf("%s %d, canvas %v: occupancy %d, %d, %d; want %d, %d, %d", sh.name, sh.n, rows, o.h, o.w, o.maxSym, h, w, maxSym)
			}
			for j := range shapes {
				other := &shapes[j]
				for _, whole := range []bool{true, false} {
					got, want := other.covers(o, whole), coversRef(t, other, rows, whole)
					if got != want {
						t.Fatalf("%s %d covers canvas of %s %d (change %d), whole %v: %v, want %v", other.name, other.n, sh.name, sh.n, k, whole, got, want)
					}
					if want {
						fits++
					} else {
						misses++
					}
				}
			}
		}
	}
	if fits < len(shapes) || misses == 0 {
		t.Fatalf("%d fits and %d misses: the canvases test too little", fits, misses)
	}
}

// extentRef is occupancy's extent written plainly.
func extentRef(rows []line) (h, w, maxSym int) {
	for _, l := range rows {
		for c := 0; c < len(l.text); c++ {
			if !filler(l.text[c : c+1]) {
				w = max(w, c+1)
				maxSym = max(maxSym, SymbolDigit(l.text[c]))
			}
		}
	}
	return len(rows), w, maxSym
}

// mutate makes one change to a canvas of sh: a cell made a filler, a
// filler made a symbol, a row cut short, lengthened or dropped, or a
// character of several bytes written somewhere.
func mutate(rng *rand.Rand, rows []line, sh *shape) {
	i := rng.IntN(len(rows))
	s := rows[i].text
	c := rng.IntN(len(s) + 1)
	pad := func(s string, n int) string { return s + strings.Repeat(" ", max(n-len(s), 0)) }
	switch rng.IntN(7) {
	case 0:
		if c < len(s) {
			s = s[:c] + " " + s[c+1:]
		}
	case 1:
		s = pad(s, sh.w)
		c = rng.IntN(sh.w)
		s = s[:c] + string("123456789ABCDEFGHIJKLMNOP"[rng.IntN(min(sh.n, 25))]) + s[c+1:]
	case 2:
		s = s[:c]
	case 3:
		s = pad(s, sh.w+rng.IntN(130)) + "7"
	case 4:
		rows[i].text = s
		copy(rows[i:], rows[i+1:])
		rows[len(rows)-1] = line{text: strings.Repeat("-", rng.IntN(3))}
		return
	case 5:
		if c < len(s) {
			s = s[:c] + "é" + s[c+1:]
		}
	case 6:
		s = pad(s, sh.w) + strings.Repeat("#", rng.IntN(200))
	}
	rows[i].text = s
}

// A canvas row with no cell (grids one above the other, a row apart) is
// written "-", so that it does not end the puzzle, and reads back; in
// letters and in numbers.
func TestCanvasEmptyRow(t *testing.T) {
	for _, tc := range []struct {
		n    int
		box  Shape
		want string
	}{
		{4, Shape{2, 2}, "1.3.\n" + "...4\n" + "....\n" + "....\n" + "-\n" + "....\n" + "....\n" + "....\n" + "...4\n"},
		{36, Shape{6, 6}, ""},
	} {
		n := tc.n
		l := &Layout{Size: n, Box: tc.box, Grids: []Placement{{}, {At: Pos{n + 1, 0}}}}
		m, err := Compile(l)
		if err != nil {
			t.Fatal(err)
		}
		d := make([]uint8, len(m.Cells))
		d[0], d[2], d[len(d)-1] = 1, 3, uint8(n)
		d[n+n-1] = uint8(n)
		text := canvasText(m, d)
		if tc.want != "" && text != tc.want {
			t.Errorf("%dx%d: canvas\n%s\nwant\n%s", n, n, text, tc.want)
		}
		if rows := strings.Split(text, "\n"); rows[n] != "-" {
			t.Errorf("%dx%d: the empty row is %q, want \"-\"", n, n, rows[n])
		}
		p, err := NewReader(strings.NewReader(text), ReadOptions{Model: m, Format: FormatCanvas}).Read()
		if err != nil {
			t.Fatalf("%dx%d: reading back\n%s: %v", n, n, text, err)
		}
		if !slices.Equal(p.Givens, d) {
			t.Errorf("%dx%d: read back %v, want %v", n, n, p.Givens, d)
		}
	}
}

// TestCanvasRow: canvasRow reads whole a row of symbols up to n, '.'
// and '0' in its cells and fillers (' ', '#', '-') outside them, as
// parseCanvas's own loop would, and stops at the first byte of any
// other kind, which it leaves to that loop.
func TestCanvasRow(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, tc := range []struct {
		name string
		n    int
	}{{"samurai", 9}, {"sumo", 9}, {"butterfly", 12}, {"classic", 16}} {
		m := compiled(t, tc.name, tc.n, Shape{})
		const symbols = ".0123456789ABCDEFGH"
		for row := range m.Height {
			index := m.index[row*m.Width : (row+1)*m.Width]
			for range 20 {
				b := make([]byte, len(index))
				for c, ci := range index {
					if ci >= 0 {
						b[c] = symbols[rng.IntN(tc.n+2)]
					} else {
						b[c] = " #-"[rng.IntN(3)]
					}
				}
				// Perhaps a byte that canvasRow leaves to parseCanvas.
				stop := len(b)
				if rng.IntN(2) == 0 {
					stop = rng.IntN(len(b))
					if index[stop] >= 0 {
						b[stop] = []byte{' ', symbols[tc.n+2], '*', 0xc3}[rng.IntN(4)]
					} else {
						b[stop] = []byte{'1', '.', 'x', 0xc3}[rng.IntN(4)]
					}
				}
				givens := make([]uint8, len(m.Cells))
				at := make([]textPos, len(m.Cells))
				if got := canvasRow(string(b), index, givens, at, 7, int8(tc.n)); got != stop {
					t.Fatalf("%s %d row %d %q: read %d bytes, want %d", tc.name, tc.n, row, b, got, stop)
				}
				for c, ci := range index[:stop] {
					if ci < 0 {
						continue
					}
					if d := SymbolDigit(b[c]); givens[ci] != uint8(d) || at[ci] != (textPos{7, int32(c + 1)}) {
						t.Fatalf("%s %d row %d %q: cell %d read as %d at %v, want %d at column %d", tc.name, tc.n, row, b, ci, givens[ci], at[ci], d, c+1)
					}
				}
			}
		}
	}
}

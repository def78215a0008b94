package layouts

import (
	"encoding/binary"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"gattai/internal/bytewise"
)

// decimalsRef is decimals byte by byte: SymbolDigit of each, all in
// 0..n.
func decimalsRef(x uint64, n int) (uint64, bool) {
	var ds [8]byte
	for i := range ds {
		d := SymbolDigit(byte(x >> (8 * i)))
		if d < 0 || d > n || d > 9 {
			return 0, false
		}
		ds[i] = byte(d)
	}
	return binary.LittleEndian.Uint64(ds[:]), true
}

// decimalsAlphabet is the symbols and near misses decimals sees: the
// bytes around '.', '0' and '9', letters, and bytes with the top bit.
const decimalsAlphabet = "./0123456789:-AaZz\x00\x1e\x2d\xae\xb0\xb9\xff#"

// TestDecimals holds decimals to decimalsRef on words of symbols and
// near misses, for every bound.
func TestDecimals(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for i := range 200000 {
		var b [8]byte
		for j := range b {
			if rng.IntN(4) == 0 {
				b[j] = decimalsAlphabet[rng.IntN(len(decimalsAlphabet))]
			} else {
				b[j] = ".0123456789"[rng.IntN(11)]
			}
		}
		x := binary.LittleEndian.Uint64(b[:])
		n := 1 + i%9
		got, ok := decimals(x, bytewise.AddFor(n))
		want, wantOK := decimalsRef(x, n)
		if ok != wantOK || ok && got != want {
			t.Fatalf("decimals(%q, %d) = %#x, %v; want %#x, %v", b[:], n, got, ok, want, wantOK)
		}
	}
}

// FuzzDecimals is TestDecimals on any word and bound.
func FuzzDecimals(f *testing.F) {
	f.Add(uint64(0x2e30313233343536), uint8(9))
	f.Fuzz(func(t *testing.T, x uint64, n uint8) {
		n = 1 + n%9
		got, ok := decimals(x, bytewise.AddFor(int(n)))
		want, wantOK := decimalsRef(x, int(n))
		if ok != wantOK || ok && got != want {
			t.Fatalf("decimals(%#x, %d) = %#x, %v; want %#x, %v", x, n, got, ok, want, wantOK)
		}
	})
}

// TestFastLineDigits reads lines of symbols, mostly valid, on classic
// grids of 4 to 16 (the fast path's 8-at-a-time part below 10, its
// byte-by-byte part above), and holds the givens read to SymbolDigit of
// each symbol (0 for the other blanks the reader takes, such as '-'): a
// line of digits of the grid alone must read, unless its givens
// conflict.
func TestFastLineDigits(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for _, n := range []int{4, 6, 8, 9, 16} {
		m := compiled(t, "classic", n, Shape{})
		for range 3000 {
			line := make([]byte, n*n)
			for i := range line {
				switch {
				case rng.IntN(200) == 0:
					line[i] = decimalsAlphabet[rng.IntN(len(decimalsAlphabet))]
				case rng.IntN(6) == 0:
					line[i] = Symbol(1 + rng.IntN(n))[0]
				default:
					line[i] = '.'
				}
			}
			var want []uint8
			valid := true
			for _, ch := range line {
				d := SymbolDigit(ch)
				valid = valid && d >= 0 && d <= n
				want = append(want, uint8(max(d, 0)))
			}
			ps, err := ReadAll(strings.NewReader(string(line)+"\n"), ReadOptions{Format: FormatLine, Model: m})
			if err != nil {
				if valid && (&Puzzle{Model: m, Givens: want}).Conflict() == nil {
					t.Fatalf("%dx%d %q: %v", n, n, line, err)
				}
				continue
			}
			if len(ps) != 1 || !slices.Equal(ps[0].Givens, want) || slices.Max(want) > uint8(n) {
				t.Fatalf("%dx%d %q: read %d puzzles, %v; want %v", n, n, line, len(ps), ps, want)
			}
		}
	}
}

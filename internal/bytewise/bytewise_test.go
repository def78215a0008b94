package bytewise

import (
	"math/rand/v2"
	"testing"
)

// Held and Over agree with a look at each byte alone, on words of
// random bytes and of the bytes on each side of the bounds.
func TestBytes(t *testing.T) {
	edges := []uint8{0, 1, 9, 10, 15, 16, 126, 127, 128, 129, 255}
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range 200000 {
		var x uint64
		for b := range 8 {
			v := uint8(rng.Uint32())
			if i%2 == 0 {
				v = edges[rng.IntN(len(edges))]
			}
			x |= uint64(v) << (8 * b)
		}
		n := rng.IntN(128)
		var held, over uint64
		for b := range 8 {
			v := uint8(x >> (8 * b))
			if v != 0 {
				held |= 0x80 << (8 * b)
			}
			if int(v) > n {
				over |= 0x80 << (8 * b)
			}
		}
		if got := Held(x); got != held {
			t.Fatalf("Held(%#x) = %#x, want %#x", x, got, held)
		}
		if got := Over(x, AddFor(n)) & High; got != over {
			t.Fatalf("Over(%#x, n=%d) = %#x, want %#x", x, n, got, over)
		}
	}
}

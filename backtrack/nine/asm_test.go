package nine

import (
	"math/rand/v2"
	"testing"
)

// TestReduceDirty holds reduceDirty to reduceDirtyGo on random states of
// every density (the fields need not agree with each other): the same
// answer and every byte of the state the same, on a contradiction too.
func TestReduceDirty(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	fails := 0
	const runs = 100000
	for i := range runs {
		var seed [stateBytes]byte
		for j := range seed {
			seed[j] = byte(rng.Uint32())
		}
		if !sameReduce(t, &seed) {
			fails++
		}
		if t.Failed() {
			t.Fatalf("run %d", i)
		}
	}
	if fails < runs/10 || fails > runs*9/10 {
		t.Fatalf("%d of %d runs were contradictions", fails, runs)
	}
}

// FuzzReduceDirty is TestReduceDirty on states the fuzzer chooses.
func FuzzReduceDirty(f *testing.F) {
	f.Add(make([]byte, stateBytes))
	f.Fuzz(func(t *testing.T, data []byte) {
		var seed [stateBytes]byte
		copy(seed[:], data)
		sameReduce(t, &seed)
	})
}

// stateBytes is what stateOf reads: a density and a word per band
// word, the unsolved cells, and the dirty digits.
const stateBytes = 1 + 27*4 + 3*4 + 2

// stateOf makes a state from seed: each digit's band words keep about
// as many cells as seed[0] says, so that both outcomes are common.
func stateOf(seed *[stateBytes]byte) grid {
	var g grid
	word := func(i int) uint32 {
		return uint32(seed[i]) | uint32(seed[i+1])<<8 | uint32(seed[i+2])<<16 | uint32(seed[i+3])<<24
	}
	// A word ORed with two shifts of itself keeps about 7/8 of the
	// cells, the word alone 1/2, ANDed with a shift of itself 1/4.
	dense := seed[0] % 3
	for d := range 9 {
		for b := range 3 {
			w := word(1 + (d*3+b)*4)
			switch dense {
			case 0:
				w |= w<<7 | w>>5
			case 2:
				w &= w>>3 | w<<11
			}
			g.f[d][b] = w & bandMask
		}
	}
	for b := range 3 {
		g.unsolved[b] = word(1+27*4+b*4) & bandMask
	}
	// Mostly the nine digits' bits, sometimes others (to be dropped).
	g.dirty = uint32(seed[1+27*4+12]) | uint32(seed[1+27*4+13]&3)<<8
	if seed[1+27*4+13] == 255 {
		g.dirty |= 1 << 12
	}
	return g
}

// sameReduce runs both reducers on the state from seed and reports a
// difference; it returns reduceDirtyGo's answer.
func sameReduce(t *testing.T, seed *[stateBytes]byte) bool {
	t.Helper()
	g := stateOf(seed)
	h := g
	want := reduceDirtyGo(&g)
	if got := reduceDirty(&h); got != want || h != g {
		t.Errorf("reduceDirty = %v, reduceDirtyGo %v; states\n%+v\n%+v", got, want, h, g)
	}
	return want
}

// TestLinkBox holds linkBox to linkBoxGo on random boards, boxes,
// rotations and digit maps: the same lost digits and the same boards.
func TestLinkBox(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for i := range 20000 {
		var seed [linkBytes]byte
		for j := range seed {
			seed[j] = byte(rng.Uint32())
		}
		sameLink(t, &seed)
		if t.Failed() {
			t.Fatalf("run %d", i)
		}
	}
}

// FuzzLinkBox is TestLinkBox on cases the fuzzer chooses.
func FuzzLinkBox(f *testing.F) {
	f.Add(make([]byte, linkBytes))
	f.Fuzz(func(t *testing.T, data []byte) {
		var seed [linkBytes]byte
		copy(seed[:], data)
		sameLink(t, &seed)
	})
}

// linkBytes is what sameLink reads: two states, then the bands, the
// boxes and the digit map.
const linkBytes = 2*stateBytes + 4 + 9

// sameLink links box ka of band ia of one state into box kb of band ib
// of another with linkBox and with linkBoxGo, and reports a difference.
func sameLink(t *testing.T, seed *[linkBytes]byte) {
	t.Helper()
	var sa, sb [stateBytes]byte
	copy(sa[:], seed[:stateBytes])
	copy(sb[:], seed[stateBytes:])
	rest := seed[2*stateBytes:]
	a, b := stateOf(&sa), stateOf(&sb)
	ia, ib := int(rest[0]%3), int(rest[1]%3)
	ka, kb := int(rest[2]%3), int(rest[3]%3)
	var m [9]uint8
	for i := range m {
		m[i] = rest[4+i] % 9
	}
	keep := ^(uint32(boxCols) << kb)
	rot := kb - ka
	b2 := b
	want := linkBoxGo(&a, &b, ia, ib, &m, rot, keep)
	if got := linkBox(&a, &b2, ia, ib, &m, rot, keep); got != want || b2 != b {
		t.Errorf("linkBox = %09b, linkBoxGo %09b; boards\n%+v\n%+v", got, want, b2.f, b.f)
	}
}

package gattai

import (
	"fmt"
	"math/bits"

	"gattai/layouts"
)

// MaxCNFBytes bounds the memory a puzzle's CNF may take, estimated
// before it is encoded: a SAT engine refuses a larger puzzle, and auto
// keeps it on the native engine. It bounds the formula, not the solver:
// gophersat's own tables take several times more (see encode.Size). An empty 64x64 classic would take
// about 1.2 GiB (1201 MiB, pairwise); an empty 49x49 about 0.4 GiB.
const MaxCNFBytes = 1 << 30

// TooLargeError is a puzzle beyond a memory bound.
type TooLargeError struct {
	What         string
	Bytes, Limit int64
}

func (e *TooLargeError) Error() string {
	return fmt.Sprintf("%s would take about %d MiB, more than the %d MiB allowed", e.What, e.Bytes>>20, e.Limit>>20)
}

func (e *TooLargeError) Unwrap() error { return layouts.ErrTooLarge }

// cnfBytes bounds from above the memory of p's formula without rules,
// with the pairwise encoding, the largest: each open (cell, digit) is a
// variable, and each unit holds a clause per pair of its cells open for
// one digit, as encode stores them. It costs a pass over the units, far
// less than encode.Estimate, which encodes.
func cnfBytes(p *layouts.Puzzle) int64 {
	m := p.Model
	open := make([]uint64, len(m.Cells))
	full := ^uint64(0) >> (64 - m.N)
	for c := range open {
		open[c] = full
		if d := p.Givens[c]; d != 0 && int(d) <= m.N {
			open[c] = 0
		}
	}
	for c, d := range p.Givens {
		if d == 0 || int(d) > m.N {
			continue
		}
		for _, q := range m.Peers[c] {
			open[q] &^= 1 << (d - 1)
		}
	}
	const clause, lit = 24, 8 // a slice header, an int
	var total int64
	for _, o := range open {
		k := int64(bits.OnesCount64(o))
		total += clause + k*lit + k*(k-1)/2*(clause+2*lit) // at least one, at most one
	}
	count := make([]int64, m.N)
	for _, u := range m.Units {
		clear(count)
		for _, c := range u.Cells {
			for o := open[c]; o != 0; o &= o - 1 {
				count[bits.TrailingZeros64(o)]++
			}
		}
		for _, k := range count {
			total += k*(k-1)/2*(clause+2*lit) + clause + k*lit
		}
	}
	return total
}

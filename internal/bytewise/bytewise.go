// Package bytewise tests the 8 bytes of a word at once, with no branch
// on them: which bytes are not 0 (Held), which are above a bound (Over).
// The readers and checks of layouts and the 9x9 solver of backtrack/nine
// take their digits this way, 8 cells a word.
package bytewise

// Each byte of a word: its low 7 bits, its top bit, and 1.
const (
	Low7 = 0x7f7f7f7f7f7f7f7f
	High = 0x8080808080808080
	Ones = 0x0101010101010101
)

// Held has the top bit of each byte of x that is not 0 set, and no
// other bit.
func Held(x uint64) uint64 { return (x | (x&Low7 + Low7)) & High }

// Over has the top bit set in each byte of x above n, and in no other
// byte, where add is AddFor(n) (0 <= n < 128): with the top bit of each
// byte cleared, adding 127-n carries into it exactly when the byte is
// above n, and a byte with the top bit set is above n anyway. Its other
// bits are noise.
func Over(x, add uint64) uint64 { return (x&Low7 + add) | x }

// AddFor is Over's add for n: 127-n in each byte.
func AddFor(n int) uint64 { return uint64(127-n) * Ones }

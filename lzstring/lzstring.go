package lzstring

import (
	"errors"
	"fmt"
	"strings"
	"unicode/utf16"
)

const (
	base64Alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/="
	uriAlphabet    = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+-$"
)

// Errors that decompression returns, wrapped.
var (
	ErrInvalid   = errors.New("invalid lz-string data")
	ErrTruncated = errors.New("truncated lz-string data")
	ErrTooLarge  = errors.New("lz-string data decompresses beyond the limit")
)

// DefaultLimit is the output bound, in UTF-16 code units, of the package
// functions: 4 Mi units, 8 MiB of UTF-16.
const DefaultLimit Limit = 4 << 20

// Limit bounds a decompression's output in UTF-16 code units.
type Limit int

// CompressToBase64 is lz-string's compressToBase64: padded with '='.
func CompressToBase64(s string) string {
	out := compress(utf16.Encode([]rune(s)), base64Alphabet)
	if k := len(out) % 4; k != 0 {
		out += strings.Repeat("=", 4-k)
	}
	return out
}

// CompressToEncodedURIComponent is lz-string's compressToEncodedURIComponent.
func CompressToEncodedURIComponent(s string) string {
	return compress(utf16.Encode([]rune(s)), uriAlphabet)
}

// DecompressFromBase64 is lz-string's decompressFromBase64 within DefaultLimit.
func DecompressFromBase64(s string) (string, error) {
	return DefaultLimit.DecompressFromBase64(s)
}

// DecompressFromEncodedURIComponent is lz-string's
// decompressFromEncodedURIComponent within DefaultLimit.
func DecompressFromEncodedURIComponent(s string) (string, error) {
	return DefaultLimit.DecompressFromEncodedURIComponent(s)
}

// DecompressFromBase64 decompresses s, failing with ErrTooLarge beyond l units.
func (l Limit) DecompressFromBase64(s string) (string, error) {
	return l.decompress(s, base64Alphabet)
}

// DecompressFromEncodedURIComponent decompresses s (a space reads as '+',
// as in JavaScript), failing with ErrTooLarge beyond l units.
func (l Limit) DecompressFromEncodedURIComponent(s string) (string, error) {
	return l.decompress(strings.ReplaceAll(s, " ", "+"), uriAlphabet)
}

func (l Limit) decompress(s, alphabet string) (string, error) {
	var values [128]int8 // ASCII -> 6-bit value; other characters read as 0
	for i := range len(alphabet) {
		values[alphabet[i]] = int8(i)
	}
	in := utf16.Encode([]rune(s))
	units, err := decompress(in, func(u uint16) int {
		if u < 128 {
			return int(values[u])
		}
		return 0
	}, int(l))
	if err != nil {
		return "", err
	}
	return string(utf16.Decode(units)), nil
}

// bitWriter packs codes, least significant bit first, into characters of
// 6 bits each, the first bit read being the highest of a character.
type bitWriter struct {
	alphabet string
	out      []byte
	val      int
	pos      int
}

func (w *bitWriter) write(value, bits int) {
	for range bits {
		w.val = w.val<<1 | value&1
		if w.pos == 5 {
			w.pos = 0
			w.out = append(w.out, w.alphabet[w.val])
			w.val = 0
		} else {
			w.pos++
		}
		value >>= 1
	}
}

// flush writes the last, partly filled character as lz-string does:
// always at least one more zero bit.
func (w *bitWriter) flush() {
	for {
		w.val <<= 1
		if w.pos == 5 {
			w.out = append(w.out, w.alphabet[w.val])
			return
		}
		w.pos++
	}
}

// proto is the one string a JavaScript object cannot hold as an own key
// by assignment: lz-string's dictionary never finds it.
const proto = "__proto__"

type pair struct {
	prefix int // code of w
	unit   uint16
}

// compress is lz-string's _compress with 6 bits per character. The
// dictionary is a trie: a code per single unit, and a code per (code,
// unit) pair for longer strings.
func compress(in []uint16, alphabet string) string {
	w := &bitWriter{alphabet: alphabet}
	single := map[uint16]int{}
	pairs := map[pair]int{}
	toCreate := map[uint16]bool{}
	protoLen := map[int]int{} // code -> k when its string is proto[:k]
	enlargeIn, dictSize, numBits := 2, 3, 2
	cur, curUnit, curSingle := -1, uint16(0), false // w: its code, and its unit when single

	grow := func() {
		enlargeIn--
		if enlargeIn == 0 {
			enlargeIn = 1 << numBits
			numBits++
		}
	}
	emit := func() {
		if curSingle && toCreate[curUnit] {
			if curUnit < 256 {
				w.write(0, numBits)
				w.write(int(curUnit), 8)
			} else {
				w.write(1, numBits)
				w.write(int(curUnit), 16)
			}
			grow()
			delete(toCreate, curUnit)
		} else {
			w.write(cur, numBits)
		}
		grow()
	}
	for _, c := range in {
		code, ok := single[c]
		if !ok {
			code = dictSize
			dictSize++
			single[c] = code
			toCreate[c] = true
			if c == uint16(proto[0]) {
				protoLen[code] = 1
			}
		}
		if cur < 0 {
			cur, curUnit, curSingle = code, c, true
			continue
		}
		if next, ok := pairs[pair{cur, c}]; ok {
			cur, curSingle = next, false
			continue
		}
		emit()
		k := protoLen[cur]
		switch {
		case k > 0 && k+1 == len(proto) && c == uint16(proto[k]):
			// JavaScript's assignment to "__proto__" stores nothing.
		default:
			pairs[pair{cur, c}] = dictSize
			if k > 0 && k < len(proto) && c == uint16(proto[k]) {
				protoLen[dictSize] = k + 1
			}
		}
		dictSize++
		cur, curUnit, curSingle = code, c, true
	}
	if cur >= 0 {
		emit()
	}
	w.write(2, numBits)
	w.flush()
	return string(w.out)
}

// decompress is lz-string's _decompress for 6-bit characters (resetValue
// 32), with the dictionary kept as spans of the output: every entry is a
// literal unit or w followed by the first unit of the entry after it,
// which is where they stand in the output.
func decompress(in []uint16, value func(uint16) int, limit int) ([]uint16, error) {
	if len(in) == 0 {
		return nil, fmt.Errorf("%w: empty input", ErrInvalid)
	}
	type span struct{ off, n int }
	index, pos := 0, 32
	val := value(in[0])
	index = 1
	read := func(bits int) int {
		x := 0
		for i := range bits {
			if val&pos != 0 {
				x |= 1 << i
			}
			pos >>= 1
			if pos == 0 {
				pos = 32
				if index < len(in) {
					val = value(in[index])
				} else {
					val = 0 // charAt beyond the end is "", which reads as 0
				}
				index++
			}
		}
		return x
	}
	var out []uint16
	dict := make([]span, 3, 64)
	enlargeIn, numBits := 4, 3

	switch read(2) {
	case 0:
		out = append(out, uint16(read(8)))
	case 1:
		out = append(out, uint16(read(16)))
	case 2:
		return out, nil
	default:
		return nil, fmt.Errorf("%w: bad first code", ErrInvalid)
	}
	if limit < 1 {
		return nil, fmt.Errorf("%w of %d units", ErrTooLarge, limit)
	}
	dict = append(dict, span{0, 1})
	w := span{0, 1}
	for {
		if index > len(in) {
			return nil, fmt.Errorf("%w: no end-of-stream mark", ErrTruncated)
		}
		c := read(numBits)
		switch c {
		case 0, 1:
			bits := 8 << c
			if len(out)+1 > limit {
				return nil, fmt.Errorf("%w of %d units", ErrTooLarge, limit)
			}
			unit := uint16(read(bits))
			// The literal is about to be the next output unit.
			dict = append(dict, span{len(out), 1})
			out = append(out, unit)
			enlargeIn--
			if enlargeIn == 0 {
				enlargeIn = 1 << numBits
				numBits++
			}
			// The entry is the literal just written.
			dict = append(dict, span{w.off, w.n + 1})
			w = span{len(out) - 1, 1}
			enlargeIn--
			if enlargeIn == 0 {
				enlargeIn = 1 << numBits
				numBits++
			}
			continue
		case 2:
			return out, nil
		}
		if enlargeIn == 0 {
			enlargeIn = 1 << numBits
			numBits++
		}
		var e span
		switch {
		case c < len(dict):
			e = dict[c]
		case c == len(dict):
			e = span{w.off, w.n + 1} // w + w[0]: w then its first unit
		default:
			return nil, fmt.Errorf("%w: code %d beyond the dictionary of %d", ErrInvalid, c, len(dict))
		}
		if len(out)+e.n > limit {
			return nil, fmt.Errorf("%w of %d units", ErrTooLarge, limit)
		}
		start := len(out)
		if c == len(dict) {
			out = append(out, out[w.off:w.off+w.n]...)
			out = append(out, out[w.off])
		} else {
			out = append(out, out[e.off:e.off+e.n]...)
		}
		dict = append(dict, span{w.off, w.n + 1})
		w = span{start, e.n}
		enlargeIn--
		if enlargeIn == 0 {
			enlargeIn = 1 << numBits
			numBits++
		}
	}
}

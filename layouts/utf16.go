package layouts

import (
	"bufio"
	"bytes"
	"io"
	"unicode/utf16"
	"unicode/utf8"
)

// utf16Reader decodes UTF-16 text (little- or big-endian) into UTF-8 as
// it is read: Windows PowerShell 5 redirects a program's output into
// such files, byte-order mark first. An unpaired surrogate or an odd
// last byte reads as U+FFFD.
type utf16Reader struct {
	in  *bufio.Reader
	big bool
	out [utf8.UTFMax]byte // the encoding of a rune that did not fit
	n   int               // bytes of out still to deliver
	off int
}

// UTF8 is br, or, when br starts with a UTF-16 byte-order mark, a reader
// of the rest of it decoded to UTF-8. It peeks at two bytes, which may
// wait for input. Reader does this itself; a caller that looks at the
// text before a Reader does (for a setter's link, say) calls it first.
func UTF8(br *bufio.Reader) *bufio.Reader {
	b, _ := br.Peek(2)
	ok, big := utf16Order(b)
	if !ok {
		return br
	}
	br.Discard(2)
	return bufio.NewReaderSize(&utf16Reader{in: br, big: big}, br.Size())
}

// plainText is data without a UTF-8 byte-order mark, or decoded to
// UTF-8 when it starts with a UTF-16 one.
func plainText(data []byte) []byte {
	if ok, big := utf16Order(data); ok {
		b, _ := io.ReadAll(&utf16Reader{in: bufio.NewReader(bytes.NewReader(data[2:])), big: big})
		return b
	}
	return bytes.TrimPrefix(data, []byte("\uFEFF"))
}

// utf16Order reports whether b starts with a UTF-16 byte-order mark,
// and the order it gives.
func utf16Order(b []byte) (ok, big bool) {
	if len(b) < 2 {
		return false, false
	}
	switch {
	case b[0] == 0xFF && b[1] == 0xFE:
		return true, false
	case b[0] == 0xFE && b[1] == 0xFF:
		return true, true
	}
	return false, false
}

// unit reads one 16-bit unit; false at the end of the input or on an
// error (an odd last byte gives U+FFFD and true once).
func (r *utf16Reader) unit() (uint16, bool, error) {
	b0, err := r.in.ReadByte()
	if err != nil {
		return 0, false, err
	}
	b1, err := r.in.ReadByte()
	if err == io.EOF {
		return utf8.RuneError, true, nil
	}
	if err != nil {
		return 0, false, err
	}
	return r.word(b0, b1), true, nil
}

// word is the unit of the bytes b0, b1 in the reader's byte order.
func (r *utf16Reader) word(b0, b1 byte) uint16 {
	if r.big {
		return uint16(b0)<<8 | uint16(b1)
	}
	return uint16(b1)<<8 | uint16(b0)
}

func (r *utf16Reader) Read(p []byte) (int, error) {
	k := 0
	for k < len(p) {
		if r.n > 0 {
			c := copy(p[k:], r.out[r.off:r.off+r.n])
			k += c
			r.off += c
			r.n -= c
			continue
		}
		if k > 0 && r.in.Buffered() < 2 {
			return k, nil // what is decoded, before waiting for more
		}
		u, ok, err := r.unit()
		if !ok {
			return k, err
		}
		c := rune(u)
		if utf16.IsSurrogate(c) {
			c = utf8.RuneError
			if u < 0xDC00 { // a high surrogate: its low one should follow
				if next, err := r.in.Peek(2); err == nil {
					if d := utf16.DecodeRune(rune(u), rune(r.word(next[0], next[1]))); d != utf8.RuneError {
						r.in.Discard(2)
						c = d
					}
				}
			}
		}
		if c < utf8.RuneSelf {
			p[k] = byte(c)
			k++
			continue
		}
		r.n, r.off = utf8.EncodeRune(r.out[:], c), 0
	}
	return k, nil
}

package layouts

import (
	"bufio"
	"bytes"
	"io"
	"testing"
	"unicode/utf16"
)

// utf16Reader decodes as unicode/utf16 does, an odd last byte giving
// U+FFFD, whatever the sizes of the reads.
func FuzzUTF16(f *testing.F) {
	f.Add([]byte("1\x00.\x00\n\x00"), false, uint8(1))
	f.Add([]byte("\x00\xd8\x00\xdc\x3d\xd8\x00\xde\x00\xdcx"), false, uint8(3))
	f.Add([]byte("\x00\x31\xd8\x3d\xde\x00\x00"), true, uint8(2))
	f.Fuzz(func(t *testing.T, data []byte, big bool, size uint8) {
		units := make([]uint16, len(data)/2)
		for i := range units {
			hi, lo := data[2*i+1], data[2*i]
			if big {
				hi, lo = lo, hi
			}
			units[i] = uint16(hi)<<8 | uint16(lo)
		}
		want := string(utf16.Decode(units))
		if len(data)%2 == 1 {
			want += "\uFFFD"
		}
		r := &utf16Reader{in: bufio.NewReaderSize(bytes.NewReader(data), 16), big: big}
		var got bytes.Buffer
		buf := make([]byte, int(size%8)+1)
		for {
			n, err := r.Read(buf)
			got.Write(buf[:n])
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatal(err)
			}
			if n == 0 {
				t.Fatal("a read of nothing before the end")
			}
		}
		if got.String() != want {
			t.Fatalf("decoded %q, want %q", got.String(), want)
		}
	})
}

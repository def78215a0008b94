package lzstring

import (
	"encoding/json"
	"errors"
	"os"
	"slices"
	"strings"
	"testing"
	"unicode/utf16"
	"unicode/utf8"
)

type vectors struct {
	Compress []struct {
		Name   string
		Units  []uint16
		Base64 string
		URI    string
	}
	Decompress []struct {
		Input  string
		Base64 *[]uint16
		URI    *[]uint16
	}
}

func readVectors(t testing.TB) *vectors {
	b, err := os.ReadFile("testdata/vectors.json")
	if err != nil {
		t.Fatal(err)
	}
	var v vectors
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatal(err)
	}
	return &v
}

// validUTF16 reports whether units hold no unpaired surrogate, so that a
// Go string round-trips them.
func validUTF16(units []uint16) bool {
	return slices.Equal(utf16.Encode(utf16.Decode(units)), units)
}

func TestCompressVectors(t *testing.T) {
	v := readVectors(t)
	if len(v.Compress) < 15 {
		t.Fatalf("only %d vectors", len(v.Compress))
	}
	for _, tc := range v.Compress {
		t.Run(tc.Name, func(t *testing.T) {
			// At the unit level every vector matches, lone surrogates too.
			if got := compress(tc.Units, uriAlphabet); got != tc.URI {
				t.Errorf("compress(units) = %.60q, want %.60q", got, tc.URI)
			}
			if !validUTF16(tc.Units) {
				units, err := decompress(utf16.Encode([]rune(tc.URI)), uriValue, int(DefaultLimit))
				if err != nil || !slices.Equal(units, tc.Units) {
					t.Errorf("decompress units: %v, equal %v", err, slices.Equal(units, tc.Units))
				}
				return
			}
			s := string(utf16.Decode(tc.Units))
			if got := CompressToBase64(s); got != tc.Base64 {
				t.Errorf("CompressToBase64 = %.60q, want %.60q", got, tc.Base64)
			}
			if got := CompressToEncodedURIComponent(s); got != tc.URI {
				t.Errorf("CompressToEncodedURIComponent = %.60q, want %.60q", got, tc.URI)
			}
			if got, err := DecompressFromBase64(tc.Base64); err != nil || got != s {
				t.Errorf("DecompressFromBase64 = %.60q, %v", got, err)
			}
			if got, err := DecompressFromEncodedURIComponent(tc.URI); err != nil || got != s {
				t.Errorf("DecompressFromEncodedURIComponent = %.60q, %v", got, err)
			}
		})
	}
}

// firstCode is the first 2-bit code of a compressed text.
func firstCode(s, alphabet string) int {
	if s == "" {
		return -1
	}
	v := max(strings.IndexByte(alphabet, s[0]), 0)
	return v>>5&1 | v>>4&1<<1
}

func uriValue(u uint16) int {
	if i := strings.IndexByte(uriAlphabet, byte(u)); u < 128 && i >= 0 {
		return i
	}
	return 0
}

// TestDecompressVectors holds decompression of arbitrary text to what
// JavaScript makes of it: null is ErrInvalid, "" from a stream without
// its end mark is ErrTruncated, and a string is that string.
func TestDecompressVectors(t *testing.T) {
	v := readVectors(t)
	for _, tc := range v.Decompress {
		for _, form := range []struct {
			name     string
			want     *[]uint16
			alphabet string
			f        func(string) (string, error)
		}{
			{"base64", tc.Base64, base64Alphabet, DecompressFromBase64},
			{"uri", tc.URI, uriAlphabet, DecompressFromEncodedURIComponent},
		} {
			t.Run(form.name+"/"+tc.Input, func(t *testing.T) {
				got, err := form.f(tc.Input)
				switch {
				case firstCode(tc.Input, form.alphabet) == 3:
					// JavaScript reads undefined as the first entry, then
					// joins it as "" or spells it "undefined"; ErrInvalid here.
					if !errors.Is(err, ErrInvalid) {
						t.Errorf("got %q, %v; want ErrInvalid for a bad first code", got, err)
					}
				case form.want == nil:
					if !errors.Is(err, ErrInvalid) {
						t.Errorf("got %q, %v; want ErrInvalid (JavaScript: null)", got, err)
					}
				case len(*form.want) == 0:
					if err == nil && got != "" || err != nil && !errors.Is(err, ErrTruncated) {
						t.Errorf("got %q, %v; want \"\" or ErrTruncated (JavaScript: \"\")", got, err)
					}
				default:
					if want := string(utf16.Decode(*form.want)); err != nil || got != want {
						t.Errorf("got %q, %v; want %q", got, err, want)
					}
				}
			})
		}
	}
}

func TestLimit(t *testing.T) {
	s := strings.Repeat("ab", 5000)
	c := CompressToBase64(s)
	for _, tc := range []struct {
		name  string
		limit Limit
		ok    bool
	}{
		{"exact", 10000, true},
		{"one short", 9999, false},
		{"tiny", 1, false},
		{"zero", 0, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := tc.limit.DecompressFromBase64(c)
			if tc.ok && (err != nil || got != s) {
				t.Errorf("got %d units, %v", len(got), err)
			}
			if !tc.ok && !errors.Is(err, ErrTooLarge) {
				t.Errorf("got %d units, %v; want ErrTooLarge", len(got), err)
			}
		})
	}
}

func TestSpaceIsPlus(t *testing.T) {
	c := CompressToEncodedURIComponent(strings.Repeat("gattai ", 40))
	if !strings.Contains(c, "+") {
		t.Skip("no '+' in this compression")
	}
	got, err := DecompressFromEncodedURIComponent(strings.ReplaceAll(c, "+", " "))
	if err != nil || got != strings.Repeat("gattai ", 40) {
		t.Errorf("got %q, %v", got, err)
	}
}

func FuzzRoundTrip(f *testing.F) {
	for _, tc := range readVectors(f).Compress {
		if validUTF16(tc.Units) && len(tc.Units) < 3000 {
			f.Add(string(utf16.Decode(tc.Units)))
		}
	}
	f.Fuzz(func(t *testing.T, s string) {
		if !utf8.ValidString(s) {
			s = strings.ToValidUTF8(s, "\uFFFD")
		}
		for _, form := range []struct {
			c func(string) string
			d func(string) (string, error)
		}{
			{CompressToBase64, DecompressFromBase64},
			{CompressToEncodedURIComponent, DecompressFromEncodedURIComponent},
		} {
			got, err := form.d(form.c(s))
			if err != nil || got != s {
				t.Fatalf("round trip of %q: %q, %v", s, got, err)
			}
		}
	})
}

func FuzzDecompress(f *testing.F) {
	v := readVectors(f)
	for _, tc := range v.Decompress {
		f.Add(tc.Input)
	}
	for _, tc := range v.Compress {
		if len(tc.Base64) < 2000 {
			f.Add(tc.Base64)
		}
	}
	f.Fuzz(func(t *testing.T, s string) {
		const limit = 1 << 16
		for _, d := range []func(string) (string, error){Limit(limit).DecompressFromBase64, Limit(limit).DecompressFromEncodedURIComponent} {
			got, err := d(s)
			if err == nil && utf16Len(got) > limit {
				t.Fatalf("%d units beyond the limit %d", utf16Len(got), limit)
			}
		}
	})
}

func utf16Len(s string) int { return len(utf16.Encode([]rune(s))) }

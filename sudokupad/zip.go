package sudokupad

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"gattai/layouts"
	"gattai/lzstring"
)

// propNames is SudokuPad's PuzzleZipper key table: the short key a
// zipped puzzle uses for each long one.
var propNames = [][2]string{
	{"color", "c"}, {"cages", "ca"}, {"center", "ct"}, {"borderColor", "c1"},
	{"backgroundColor", "c2"}, {"cells", "ce"}, {"cellSize", "cs"}, {"arrows", "a"},
	{"overlays", "o"}, {"underlays", "u"}, {"width", "w"}, {"height", "h"},
	{"value", "v"}, {"videos", "vd"}, {"lines", "l"}, {"rounded", "r"},
	{"regions", "re"}, {"fontSize", "fs"}, {"thickness", "th"}, {"headLength", "hl"},
	{"wayPoints", "wp"}, {"title", "t"}, {"text", "te"}, {"duration", "d"}, {"d", "d2"},
}

// maxUnzipped bounds the JSON that zipped text unzips to, in bytes, as
// lzstring.DefaultLimit bounds the zipped text: a left-out empty object
// is one byte that unzips to three.
const maxUnzipped = int(lzstring.DefaultLimit)

// unzip turns SudokuPad's zipped puzzle text into JSON: its quotes are
// apostrophes, its keys bare and short, an empty object in an array
// left out, false, true and colours shortened. It follows PuzzleZipper's
// unzip, string contents untouched.
func unzip(z string) ([]byte, error) {
	if !strings.Contains(z, `"`) {
		z = strings.ReplaceAll(z, `\'`, "\u2019")
		z = strings.ReplaceAll(z, `'`, `"`)
		z = strings.ReplaceAll(z, "\u2019", `'`)
	}
	var b bytes.Buffer
	b.Grow(len(z) + len(z)/4)
	isKey := func(c byte) bool {
		return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
	}
	closes := func(i int) bool { return i < len(z) && (z[i] == ',' || z[i] == '}' || z[i] == ']') }
	for i := 0; i < len(z); {
		if b.Len() > maxUnzipped {
			return nil, fmt.Errorf("%w: zipped text that unzips to more than %d bytes", layouts.ErrTooLarge, maxUnzipped)
		}
		c := z[i]
		switch {
		case c == '"':
			j := i + 1
			for j < len(z) && z[j] != '"' {
				if z[j] == '\\' {
					j++
				}
				j++
			}
			if j >= len(z) {
				return nil, fmt.Errorf("unterminated string at offset %d", i)
			}
			b.WriteString(z[i : j+1])
			i = j + 1
		case c == ',' || c == '{' || c == '[':
			b.WriteByte(c)
			i++
			if closes(i) && (c != '{' || z[i] != '}') {
				b.WriteString("{}") // an empty object left out
				continue
			}
			j := i
			for j < len(z) && isKey(z[j]) {
				j++
			}
			if j > i && j < len(z) && z[j] == ':' {
				fmt.Fprintf(&b, "%q", z[i:j])
				i = j
			}
		case c == ':':
			b.WriteByte(c)
			i++
			rest := z[i:]
			for _, short := range []struct{ zipped, json string }{
				{"f", "false"}, {"t", "true"}, {"#0", `"#000000"`}, {"#F", `"#FFFFFF"`},
			} {
				if strings.HasPrefix(rest, short.zipped) && closes(i+len(short.zipped)) {
					b.WriteString(short.json)
					i += len(short.zipped)
					rest = ""
					break
				}
			}
			if len(rest) >= 6 && closes(i+6) && isHex(rest[:6]) {
				fmt.Fprintf(&b, `"#%s"`, rest[:6])
				i += 6
			}
		default:
			b.WriteByte(c)
			i++
		}
	}
	var v any
	dec := json.NewDecoder(&b)
	dec.UseNumber()
	if err := dec.Decode(&v); err != nil {
		return nil, fmt.Errorf("unzipped text is not JSON: %w", err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, errors.New("unzipped text goes on after the puzzle")
	}
	long := map[string]string{}
	for _, p := range propNames {
		long[p[1]] = p[0]
	}
	v, err := renameKeys(v, long)
	if err != nil {
		return nil, err
	}
	return json.Marshal(v)
}

func isHex(s string) bool {
	for i := range len(s) {
		c := s[i]
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F') {
			return false
		}
	}
	return true
}

// renameKeys maps short keys to long ones throughout v, and a string of
// six hex digits to a colour, as PuzzleZipper's unzip does.
func renameKeys(v any, long map[string]string) (any, error) {
	switch x := v.(type) {
	case []any:
		for i := range x {
			y, err := renameKeys(x[i], long)
			if err != nil {
				return nil, err
			}
			x[i] = y
		}
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, val := range x {
			y, err := renameKeys(val, long)
			if err != nil {
				return nil, err
			}
			if l, ok := long[k]; ok {
				if _, clash := x[l]; clash {
					if _, short := long[l]; !short {
						return nil, fmt.Errorf("zipped keys %q and %q clash", k, l)
					}
				}
				k = l
			}
			out[k] = y
		}
		return out, nil
	case string:
		if len(x) == 6 && isHex(x) {
			return "#" + x, nil
		}
	}
	return v, nil
}

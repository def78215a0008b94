package layouts

import (
	"bytes"
	"encoding/json"
)

// fieldError is an error about one element of a layout, found by path
// ("grids", 2) so that a layout file can report where it is.
type fieldError struct {
	path []any // object keys (string) and array indices (int)
	err  error
}

func (e *fieldError) Error() string { return e.err.Error() }
func (e *fieldError) Unwrap() error { return e.err }

func at(err error, path ...any) error {
	if err == nil {
		return nil
	}
	return &fieldError{path: path, err: err}
}

// locate is the offset in a JSON document of the value at path.
func locate(data []byte, path []any) (int, bool) {
	type frame struct {
		obj       bool
		expectKey bool
		key       string
		idx       int
	}
	var stack []frame
	matches := func() bool {
		if len(stack) != len(path) {
			return false
		}
		for i, f := range stack {
			switch p := path[i].(type) {
			case string:
				if !f.obj || f.key != p {
					return false
				}
			case int:
				if f.obj || f.idx != p {
					return false
				}
			}
		}
		return true
	}
	afterValue := func() {
		if len(stack) == 0 {
			return
		}
		top := &stack[len(stack)-1]
		if top.obj {
			top.expectKey = true
		} else {
			top.idx++
		}
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber() // 1e400 is a number to pass, not an error
	for {
		off := skipJSONSpace(data, int(dec.InputOffset()))
		tok, err := dec.Token()
		if err != nil {
			return 0, false
		}
		if d, ok := tok.(json.Delim); ok && (d == '}' || d == ']') {
			stack = stack[:len(stack)-1]
			afterValue()
			continue
		}
		if n := len(stack); n > 0 && stack[n-1].obj && stack[n-1].expectKey {
			stack[n-1].key, _ = tok.(string)
			stack[n-1].expectKey = false
			continue
		}
		if matches() {
			return off, true
		}
		switch tok {
		case json.Delim('{'):
			stack = append(stack, frame{obj: true, expectKey: true})
		case json.Delim('['):
			stack = append(stack, frame{})
		default:
			afterValue()
		}
	}
}

func skipJSONSpace(data []byte, i int) int {
	for i < len(data) {
		switch data[i] {
		case ' ', '\t', '\r', '\n', ',', ':':
			i++
		default:
			return i
		}
	}
	return i
}

// LocateJSON is the offset in a JSON document of the value at path,
// object keys (string) and array indices (int, from 0), if it is there:
// where a reader that checks a value after decoding places its error.
func LocateJSON(data []byte, path ...any) (int, bool) {
	return locate(data, path)
}

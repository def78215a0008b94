package layouts

import (
	"bytes"
	"encoding/json"
	"reflect"
	"slices"
	"strings"
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

// locate is the offset in a JSON document of the value at path, the
// one that encoding/json decodes: keys match as it matches a struct's
// fields, ignoring case, and of a key given twice the last one counts.
func locate(data []byte, path []any) (int, bool) {
	found := -1
	walkJSON(data, func(at []any, start, _ int) bool {
		if slices.EqualFunc(at, path, samePathPart) {
			found = start
		}
		return false
	})
	return found, found >= 0
}

// samePathPart reports whether a and b, object keys (string) or array
// indices (int), name the same part of a path.
func samePathPart(a, b any) bool {
	if k, ok := a.(string); ok {
		l, ok := b.(string)
		return ok && strings.EqualFold(k, l)
	}
	return a == b
}

// textOffset is the offset in a JSON document of a root (a layout file,
// a constraint) of the first string that decodes to text where the root
// holds a Pos or a Shape (a cell or a box shape whose UnmarshalText
// failed), or -1.
func textOffset(data []byte, root reflect.Type, text string) int {
	off := -1
	walkJSON(data, func(path []any, start, end int) bool {
		var s string
		if json.Unmarshal(data[start:end], &s) != nil || s != text {
			return false
		}
		if t := typeAt(root, path); t == posType || t == shapeType {
			off = start
		}
		return off >= 0
	})
	return off
}

// unknownKeyOffset is the offset in a JSON document of a root of the
// first key that is key where the root has no field of that name, or -1.
func unknownKeyOffset(data []byte, root reflect.Type, key string) int {
	off := -1
	walkJSON(data, func(path []any, start, _ int) bool {
		if len(path) == 0 {
			return false
		}
		if k, ok := path[len(path)-1].(string); ok && k == key && typeAt(root, path) == nil {
			off = keyStart(data, start)
		}
		return off >= 0
	})
	return off
}

// twice finds a key that an object of a JSON document of a root (a
// layout file, a constraint) gives twice, as encoding/json reads it (a
// field's name in any case, a map's key as written), and the offset of
// its second use.
func twice(data []byte, root reflect.Type) (string, int, bool) {
	seen := map[string]bool{} // the path of each key so far
	key, off := "", -1
	walkJSON(data, func(path []any, start, _ int) bool {
		if len(path) == 0 {
			return false
		}
		k, ok := path[len(path)-1].(string)
		if !ok {
			return false
		}
		name := k
		if t := typeAt(root, path[:len(path)-1]); t == nil || t.Kind() != reflect.Map {
			name = foldKey(k)
		}
		id := pathText(append(path[:len(path)-1:len(path)-1], name))
		if seen[id] {
			key, off = k, keyStart(data, start)
			return true
		}
		seen[id] = true
		return false
	})
	return key, off, off >= 0
}

// keyStart is the offset of the opening quote of the key before the
// value at offset value in a JSON object.
func keyStart(data []byte, value int) int {
	i := bytes.LastIndexByte(data[:value], '"') // the key's closing quote
	for i > 0 {
		i = bytes.LastIndexByte(data[:i], '"')
		slashes := 0
		for i-slashes > 0 && data[i-slashes-1] == '\\' {
			slashes++
		}
		if slashes%2 == 0 {
			break
		}
	}
	return max(i, 0)
}

// typeAt is the type of the value at path in a t, following struct
// fields by their JSON names (ignoring case, as encoding/json does) and
// list elements, or nil if there is none.
func typeAt(t reflect.Type, path []any) reflect.Type {
	for _, p := range path {
		for t.Kind() == reflect.Pointer {
			t = t.Elem()
		}
		switch p := p.(type) {
		case int:
			if t.Kind() != reflect.Slice {
				return nil
			}
			t = t.Elem()
		case string:
			if t.Kind() == reflect.Map {
				t = t.Elem()
				continue
			}
			if t.Kind() != reflect.Struct {
				return nil
			}
			f, ok := reflect.StructField{}, false
			for i := range t.NumField() {
				name, _, _ := strings.Cut(t.Field(i).Tag.Get("json"), ",")
				if strings.EqualFold(name, p) {
					f, ok = t.Field(i), true
				}
			}
			if !ok {
				return nil
			}
			t = f.Type
		}
	}
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return t
}

// walkJSON calls visit on each value of a JSON document, in order, with
// its path (object keys as strings, array indices as ints; the slice is
// reused), the offset of its first token and the offset just after that
// token (a container's is its opening delimiter), until visit returns
// true or the document or its first error ends.
func walkJSON(data []byte, visit func(path []any, start, end int) bool) {
	type frame struct {
		obj, expectKey bool
	}
	var stack []frame
	var path []any
	afterValue := func() {
		if n := len(stack); n > 0 {
			if stack[n-1].obj {
				stack[n-1].expectKey = true
			} else {
				path[n-1] = path[n-1].(int) + 1
			}
		}
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber() // 1e400 is a number to pass, not an error
	for {
		start := skipJSONSpace(data, int(dec.InputOffset()))
		tok, err := dec.Token()
		if err != nil {
			return
		}
		if d, ok := tok.(json.Delim); ok && (d == '}' || d == ']') {
			stack, path = stack[:len(stack)-1], path[:len(path)-1]
			afterValue()
			continue
		}
		if n := len(stack); n > 0 && stack[n-1].obj && stack[n-1].expectKey {
			key, _ := tok.(string)
			path[n-1] = key
			stack[n-1].expectKey = false
			continue
		}
		if visit(path, start, int(dec.InputOffset())) {
			return
		}
		switch tok {
		case json.Delim('{'):
			stack, path = append(stack, frame{obj: true, expectKey: true}), append(path, "")
		case json.Delim('['):
			stack, path = append(stack, frame{}), append(path, 0)
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

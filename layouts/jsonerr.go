package layouts

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"slices"
	"strconv"
	"strings"
)

// ExplainJSON words an error of encoding/json reading data for the
// person who wrote data: a value of the wrong type is named by its
// path, jq's (grids[1].at, indices from 0), with what was wanted and
// what was found, never a Go type; a document that ends early or holds
// nothing says so. It returns the offset in data where the problem is,
// -1 when unknown, and the words.
func ExplainJSON(data []byte, err error) (int, string) {
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &te):
		path, start, ok := pathAt(data, int(te.Offset))
		if !ok {
			return int(te.Offset), fmt.Sprintf("want %s, found %s", wantText(te.Type, false), foundText(te.Value, nil))
		}
		msg := fmt.Sprintf("want %s, found %s", wantText(te.Type, false), foundText(te.Value, data[start:]))
		if len(path) > 0 {
			msg = pathText(path) + ": " + msg
		}
		return start, msg
	case errors.As(err, &se):
		return max(int(se.Offset)-1, 0), strings.TrimPrefix(se.Error(), "json: ")
	case errors.Is(err, io.EOF) && len(bytes.TrimSpace(data)) == 0:
		if len(data) == 0 {
			return 0, "no JSON: the text is empty"
		}
		return len(data), "no JSON: only blank space"
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		return len(data), "the JSON ends early: a value, ']' or '}' is missing at the end"
	}
	return -1, strings.TrimPrefix(err.Error(), "json: ")
}

// pathAt is the path (object keys and array indices) and the offset of
// the value in data whose first token ends at end, as
// json.UnmarshalTypeError's Offset gives it.
func pathAt(data []byte, end int) ([]any, int, bool) {
	var found []any
	at := -1
	walkJSON(data, func(path []any, start, e int) bool {
		if e == end {
			found, at = slices.Clone(path), start
		}
		return at >= 0
	})
	return found, at, at >= 0
}

// pathText writes a path of object keys (string) and array indices
// (int) as jq does: cells[0][1], grids[2].at; the whole document is ".".
func pathText(path []any) string {
	var b strings.Builder
	for _, p := range path {
		switch p := p.(type) {
		case int:
			fmt.Fprintf(&b, "[%d]", p)
		case string:
			if b.Len() > 0 {
				b.WriteByte('.')
			}
			if isIdent(p) {
				b.WriteString(p)
			} else {
				b.WriteString(strconv.Quote(p))
			}
		}
	}
	if b.Len() == 0 {
		return "."
	}
	return b.String()
}

func isIdent(s string) bool {
	for i, c := range s {
		if !(c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || i > 0 && c >= '0' && c <= '9') {
			return false
		}
	}
	return s != ""
}

var (
	posType   = reflect.TypeFor[Pos]()
	shapeType = reflect.TypeFor[Shape]()
)

// wantText says what a value of type t is written as in JSON: "a whole
// number", "a list of cells like \"r1c1\"".
func wantText(t reflect.Type, plural bool) string {
	one, many := func() (string, string) {
		switch t {
		case posType:
			return `a cell like "r1c1"`, `cells like "r1c1"`
		case shapeType:
			return `a box shape like "3x3"`, `box shapes like "3x3"`
		}
		switch t.Kind() {
		case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
			reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
			return "a whole number", "whole numbers"
		case reflect.Float32, reflect.Float64:
			return "a number", "numbers"
		case reflect.String:
			return "a string", "strings"
		case reflect.Bool:
			return "true or false", "true or false"
		case reflect.Slice, reflect.Array:
			return "a list of " + wantText(t.Elem(), true), "lists of " + wantText(t.Elem(), true)
		case reflect.Map, reflect.Struct:
			return "an object", "objects"
		case reflect.Pointer:
			return wantText(t.Elem(), false), wantText(t.Elem(), true)
		}
		return "a value", "values"
	}()
	if plural {
		return many
	}
	return one
}

// foundText names a JSON value as written, when it is short and
// printable, or by its kind (value is json.UnmarshalTypeError's:
// "string", "number 1e3").
func foundText(kind string, rest []byte) string {
	if len(rest) > 0 {
		dec := json.NewDecoder(bytes.NewReader(rest))
		var raw json.RawMessage
		if dec.Decode(&raw) == nil && len(raw) <= 24 && raw[0] != '{' && raw[0] != '[' && printable(string(raw)) {
			return string(raw)
		}
	}
	kind, _, _ = strings.Cut(kind, " ")
	switch kind {
	case "array":
		return "a list"
	case "object":
		return "an object"
	case "bool":
		return "true or false"
	case "string":
		return "a string"
	case "number":
		return "a number"
	}
	return kind
}

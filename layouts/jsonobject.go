package layouts

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"strings"
)

// A JSONField is one key of a JSON object and its value, with where
// each starts in the document.
type JSONField struct {
	Key     string
	Value   json.RawMessage
	KeyAt   int // the key's opening quote
	ValueAt int // the value's first byte
}

// ErrNotObject is ObjectFields' error for a JSON value that is not an
// object.
var ErrNotObject = errors.New("not a JSON object")

// TrailingError is ObjectFields' error for data after the object.
type TrailingError struct{ At int }

func (e *TrailingError) Error() string { return "data after the JSON object" }

// ObjectFields splits the JSON object data into its keys, in order,
// keeping a key given twice twice (see DuplicateKey): encoding/json
// would keep the last silently. A syntax error is encoding/json's (for
// ExplainJSON); a value that is not an object is ErrNotObject; data
// after the object a *TrailingError. With an error come the fields
// read before it, the last with a nil Value when its value did not
// decode, for a caller that looks at a document cut short.
func ObjectFields(data []byte) ([]JSONField, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	if d, ok := tok.(json.Delim); !ok || d != '{' {
		return nil, ErrNotObject
	}
	var out []JSONField
	for dec.More() {
		at := int(dec.InputOffset()) // before the comma and blanks
		tok, err := dec.Token()
		if err != nil {
			return out, err
		}
		key, _ := tok.(string)
		out = append(out, JSONField{Key: key, KeyAt: at + bytes.IndexByte(data[at:], '"')})
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return out, err
		}
		f := &out[len(out)-1]
		f.Value, f.ValueAt = v, int(dec.InputOffset())-len(v)
	}
	if _, err := dec.Token(); err != nil { // the closing brace
		return out, err
	}
	end := int(dec.InputOffset())
	if _, err := dec.Token(); err != io.EOF {
		return out, &TrailingError{At: end + len(data[end:]) - len(bytes.TrimLeft(data[end:], " \t\r\n"))}
	}
	return out, nil
}

// DuplicateKey is the first field of fs whose key an earlier one has,
// and whether there is one.
func DuplicateKey(fs []JSONField) (JSONField, bool) {
	return duplicate(fs, func(k string) string { return k })
}

// DuplicateField is DuplicateKey for an object that encoding/json reads
// into a struct, which matches a key to a field's name in any case: the
// first field whose key an earlier one has, ignoring case.
func DuplicateField(fs []JSONField) (JSONField, bool) {
	return duplicate(fs, foldKey)
}

// foldKey is a key as encoding/json matches it to a field's name.
func foldKey(k string) string { return strings.ToLower(strings.ToUpper(k)) }

func duplicate(fs []JSONField, id func(string) string) (JSONField, bool) {
	seen := make(map[string]bool, len(fs))
	for _, f := range fs {
		k := id(f.Key)
		if seen[k] {
			return f, true
		}
		seen[k] = true
	}
	return JSONField{}, false
}

package layouts_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"testing"

	"gattai/layouts"
)

func TestObjectFields(t *testing.T) {
	data := []byte(" {\"a\": 1,\n \"b\\\"\" :[2, {\"a\":3}] , \"a\":\"x\"} ")
	fs, err := layouts.ObjectFields(data)
	if err != nil {
		t.Fatal(err)
	}
	want := []struct {
		key, value     string
		keyAt, valueAt int
	}{
		{"a", "1", 2, 7},
		{`b"`, `[2, {"a":3}]`, 11, 18},
		{"a", `"x"`, 33, 37},
	}
	if len(fs) != len(want) {
		t.Fatalf("%d fields, want %d", len(fs), len(want))
	}
	for i, w := range want {
		f := fs[i]
		if f.Key != w.key || string(f.Value) != w.value || f.KeyAt != w.keyAt || f.ValueAt != w.valueAt {
			t.Errorf("field %d: %q %s at %d, %d; want %q %s at %d, %d", i, f.Key, f.Value, f.KeyAt, f.ValueAt, w.key, w.value, w.keyAt, w.valueAt)
		}
	}
	if f, ok := layouts.DuplicateKey(fs); !ok || f.KeyAt != 33 {
		t.Errorf("DuplicateKey: %+v, %v; want the second \"a\", at 33", f, ok)
	}
	if _, ok := layouts.DuplicateKey(fs[:2]); ok {
		t.Error("DuplicateKey found one in two different keys")
	}
}

func TestObjectFieldsErrors(t *testing.T) {
	var se *json.SyntaxError
	var te *layouts.TrailingError
	for _, tc := range []struct {
		in  string
		ok  func(error) bool
		say string
	}{
		{`[1]`, func(err error) bool { return errors.Is(err, layouts.ErrNotObject) }, "ErrNotObject"},
		{`"a"`, func(err error) bool { return errors.Is(err, layouts.ErrNotObject) }, "ErrNotObject"},
		{`{"a":1} x`, func(err error) bool { return errors.As(err, &te) && te.At == 8 }, "data after, at 8"},
		{`{"a":1}{}`, func(err error) bool { return errors.As(err, &te) && te.At == 7 }, "data after, at 7"},
		{`{"a" 1}`, func(err error) bool { return errors.As(err, &se) }, "a syntax error"},
		{`{"a":1`, func(err error) bool { return err != nil && !errors.As(err, &te) }, "an early end"},
		{``, func(err error) bool { return err != nil }, "an error"},
	} {
		if _, err := layouts.ObjectFields([]byte(tc.in)); !tc.ok(err) {
			t.Errorf("%s: %v, want %s", tc.in, err, tc.say)
		}
	}
	// A document cut short: the fields before the cut, the last without
	// its value.
	fs, err := layouts.ObjectFields([]byte(`{"a":1,"b":"cut sho`))
	if err == nil || len(fs) != 2 || fs[0].Key != "a" || string(fs[0].Value) != "1" || fs[1].Key != "b" || fs[1].Value != nil || fs[1].KeyAt != 7 {
		t.Errorf("cut short: %+v, %v; want a=1 and b without a value, at 7", fs, err)
	}
}

// FuzzObjectFields holds each field's offsets to the text: the key's
// quote at KeyAt, the value at ValueAt.
func FuzzObjectFields(f *testing.F) {
	for _, s := range []string{`{}`, `{"a":1,"b":[{"c":"}"}]}`, ` { "\"" : "x" } `, `{"a":1}{}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		fs, err := layouts.ObjectFields(data)
		if err != nil {
			return
		}
		for _, x := range fs {
			if data[x.KeyAt] != '"' || x.KeyAt >= x.ValueAt || !bytes.Equal(data[x.ValueAt:x.ValueAt+len(x.Value)], x.Value) {
				t.Fatalf("field %q: key at %d, value %s at %d in %q", x.Key, x.KeyAt, x.Value, x.ValueAt, data)
			}
		}
	})
}

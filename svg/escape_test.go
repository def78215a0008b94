package svg

import (
	"encoding/xml"
	"strings"
	"testing"
)

// escape writes what encoding/xml's EscapeText does, byte for byte.
func TestEscape(t *testing.T) {
	for _, text := range []string{
		"", "plain", `<a href="x">Tom & Jerry's</a>`, "tab\there\nline\rreturn",
		"\x00\x01\x1f\x7f", "bad \xff\xfe utf-8", "\uFFFD replacement", "\uFFFE\uFFFF\U0010FFFF",
		"\ud7ff\ue000", "日本語 ⑨ 🧩", "\xed\xa0\x80 surrogate",
	} {
		if got, want := escaped(text), xmlEscaped(text); got != want {
			t.Errorf("escape(%q) = %q, want %q", text, got, want)
		}
	}
}

// FuzzEscape: escape writes what encoding/xml's EscapeText does.
func FuzzEscape(f *testing.F) {
	f.Add(`<a href="x">Tom & Jerry's</a>`)
	f.Add("bad \xff utf-8 \x00\t\n\r\uFFFD")
	f.Fuzz(func(t *testing.T, text string) {
		if got, want := escaped(text), xmlEscaped(text); got != want {
			t.Fatalf("escape(%q) = %q, want %q", text, got, want)
		}
	})
}

func escaped(text string) string {
	var b strings.Builder
	escape(&b, text)
	return b.String()
}

func xmlEscaped(text string) string {
	var b strings.Builder
	xml.EscapeText(&b, []byte(text))
	return b.String()
}

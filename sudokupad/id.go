package sudokupad

import (
	"net/url"
	"regexp"
	"strings"
	"sync"
)

// Formats of a SudokuPad puzzle id, by its prefix.
const (
	FormatSCL      = "scl"      // "scl" or "ctc": lz-string of (zipped) SudokuPad JSON
	FormatFPuzzles = "fpuzzles" // "fpuzzles" or "fpuz": lz-string of f-puzzles JSON
	FormatSCF      = "scf"      // SudokuPad's legacy classic format
	FormatRemote   = ""         // a short id that only SudokuPad's server can resolve
)

var (
	// The page forms of SudokuPad and the Cracking the Cryptic app; the
	// rest of the address is the id.
	reSite = lazyRegexp(`^(?:https?://)?(?:www\.)?(?:sudokupad\.app|sudokupad\.svencodes\.com|app\.crackingthecryptic\.com)(?:/sudoku)?/(.*)$`)
	reApp  = lazyRegexp(`^sudokupad://puzzle/(.+)$`)
	reID   = lazyRegexp(`^(scl|ctc|fpuz|scf)(?:zles)?(.*)$`)
)

// SplitID reads a SudokuPad address or puzzle id: ok when text is an
// address of SudokuPad (or of the Cracking the Cryptic app), or an id
// with a known prefix. The payload is percent-decoded.
func SplitID(text string) (format, payload string, ok bool) {
	s := strings.TrimSpace(text)
	site := false
	if m := reSite().FindStringSubmatch(s); m != nil {
		s, site = m[1], true
	} else if m := reApp().FindStringSubmatch(s); m != nil {
		s, site = m[1], true
	}
	if site {
		// ?puzzleid=ID or ?puzzle=ID; otherwise the path is the id and a
		// query holds settings.
		if q, ok := strings.CutPrefix(s, "?"); ok {
			vals, _ := url.ParseQuery(q)
			s = vals.Get("puzzleid")
			if s == "" {
				s = vals.Get("puzzle")
			}
			s = strings.ReplaceAll(s, " ", "+") // a query reads '+' as a space
		} else if i := strings.IndexByte(s, '?'); i >= 0 {
			s = s[:i]
		}
	}
	if u, err := url.PathUnescape(s); err == nil {
		s = u
	}
	m := reID().FindStringSubmatch(s)
	switch {
	case m == nil && site && s != "":
		return FormatRemote, s, true
	case m == nil:
		return "", "", false
	}
	switch m[1] {
	case "scl", "ctc":
		format = FormatSCL
	case "fpuz":
		format = FormatFPuzzles
	default:
		format = FormatSCF
	}
	return format, m[2], true
}

// lazyRegexp compiles expr on its first use, not when the program
// starts: every run of the CLI, reading links or not, paid for it.
func lazyRegexp(expr string) func() *regexp.Regexp {
	return sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(expr) })
}

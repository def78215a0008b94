package layouts

import (
	"fmt"
	"strings"
)

// Format is a text format for puzzles and grids (grammars in doc.go).
type Format uint8

const (
	FormatAuto Format = iota
	FormatLine
	FormatRows
	FormatPOJ
	FormatEuler
	FormatCanvas
)

var formatNames = [...]string{"auto", "line", "rows", "poj", "euler", "canvas"}

func (f Format) String() string { return formatNames[f] }

// ParseFormat reads a format name.
func ParseFormat(s string) (Format, error) {
	for i, n := range formatNames {
		if strings.EqualFold(s, n) {
			return Format(i), nil
		}
	}
	return 0, fmt.Errorf("unknown format %q (want one of %s)", s, strings.Join(formatNames[:], ", "))
}

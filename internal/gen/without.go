package gen

import (
	"bytes"

	"gattai/layouts"
)

// Without drops the constraints of a kind from a layout. A jigsaw
// replaces the boxes, so dropping it leaves pieces that are the rows:
// a Latin square, which no box constrains.
func Without(l *layouts.Layout, kind string) *layouts.Layout {
	out := *l
	out.Constraints = nil
	for _, c := range l.Constraints {
		switch {
		case c.Kind != kind:
			out.Constraints = append(out.Constraints, c)
		case kind == "jigsaw":
			rows := make([]string, l.Size)
			for r := range rows {
				rows[r] = string(bytes.Repeat([]byte{byte('A' + r)}, l.Size))
			}
			c.Pieces = rows
			out.Constraints = append(out.Constraints, c)
		}
	}
	return &out
}

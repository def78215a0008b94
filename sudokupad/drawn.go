package sudokupad

import (
	"encoding/json"
	"fmt"

	"gattai/layouts"
)

// drawn is what the reader finds of the kinds draw.go draws, each
// drawing exactly as Marshal draws it (colours in any case), made
// constraints once every drawing is read.
type drawn struct {
	lines []layouts.Constraint
	// ends are the circles at between lines' ends not yet matched to a
	// line: their overlays' indices by cell.
	ends map[layouts.Pos][]int
}

func newDrawn() *drawn { return &drawn{ends: map[layouts.Pos][]int{}} }

// sameShape reports whether s is the shape o that Marshal draws.
func sameShape(s sclShape, o outShape) bool {
	var text string
	if !emptyJSON(s.Text) && json.Unmarshal(s.Text, &text) != nil {
		return false
	}
	return len(s.Center) == 2 && s.Center[0] == o.Center[0] && s.Center[1] == o.Center[1] &&
		s.Width == o.Width && s.Height == o.Height && s.Rounded == o.Rounded && s.Thickness == o.Thickness &&
		sameColour(s.BackgroundColor, o.BackgroundColor) && sameColour(s.BorderColor, o.BorderColor) &&
		text == o.Text && s.FontSize == o.FontSize && sameColour(s.Color, o.Color)
}

// samePoints reports whether the points of a line or arrow are ps.
func samePoints(a [][]float64, ps [][2]float64) bool {
	if len(a) != len(ps) {
		return false
	}
	for i, w := range a {
		if len(w) != 2 || w[0] != ps[i][0] || w[1] != ps[i][1] {
			return false
		}
	}
	return true
}

// overlay reads an overlay i as a drawing of draw.go's, if it is one.
func (r *reader) overlay(dr *drawn, i int, o sclShape) bool {
	if len(o.Center) != 2 {
		return false
	}
	if q, ok := r.cellAt(o.Center[0], o.Center[1]); ok && sameShape(o, ring(q, lineColours["between"])) {
		dr.ends[q] = append(dr.ends[q], i)
		return true
	}
	return false
}

// line reads line i as a line of a kind of lineKinds.
func (r *reader) line(dr *drawn, i int, l sclLine) bool {
	var cells []layouts.Pos
	for _, w := range l.WayPoints {
		if len(w) != 2 {
			return false
		}
		p, ok := r.cellAt(w[0], w[1])
		if !ok {
			return false
		}
		cells = append(cells, p)
	}
	for _, kind := range lineKinds {
		want := lineOf(cells, lineColours[kind])
		if !sameColour(l.Color, want.Color) || l.Thickness != want.Thickness || l.D != "" || !samePoints(l.WayPoints, want.WayPoints) || len(cells) == 0 {
			continue
		}
		if kind == "between" {
			// Its circles, one at each end.
			for _, q := range []layouts.Pos{cells[0], cells[len(cells)-1]} {
				if len(dr.ends[q]) == 0 {
					return false
				}
				dr.ends[q] = dr.ends[q][1:]
			}
		}
		dr.lines = append(dr.lines, layouts.Constraint{Kind: kind, Cells: cells, Source: fmt.Sprintf("the %s line at lines[%d]", kind, i)})
		return true
	}
	return false
}

// check refuses the drawings left unmatched: a between line's circle
// with no line.
func (dr *drawn) check() error {
	first := -1
	for _, is := range dr.ends {
		for _, i := range is {
			if first < 0 || i < first {
				first = i
			}
		}
	}
	if first >= 0 {
		return &UnsupportedError{Key: "overlays", Index: first + 1, Detail: "a between line's circle with no line"}
	}
	return nil
}

// constraints are the constraints of the drawings, in the order of
// their kinds above.
func (dr *drawn) constraints() []layouts.Constraint {
	return dr.lines
}

package sudokupad

import (
	"encoding/json"
	"fmt"
	"strconv"

	"gattai/layouts"
)

// drawn is what the reader finds of kropki dots and the kinds draw.go
// draws, each
// drawing exactly as Marshal draws it (colours in any case), made
// constraints once every drawing is read.
type drawn struct {
	dots  []readDot
	xv    layouts.Constraint
	lines []layouts.Constraint
	// ends are the circles at between lines' ends not yet matched to a
	// line: their overlays' indices by cell.
	ends map[layouts.Pos][]int
}

// readDot is a kropki dot read: its cells, colour and value.
type readDot struct {
	pair  []layouts.Pos
	black bool
	value int
}

func newDrawn() *drawn {
	return &drawn{xv: layouts.Constraint{Kind: "xv", Source: "the X and V marks"}, ends: map[layouts.Pos][]int{}}
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

func (dr *drawn) addDot(pair []layouts.Pos, black bool, value int) {
	dr.dots = append(dr.dots, readDot{pair, black, value})
}

// kropki are the dots read: the first value of each colour read makes
// one constraint, as Marshal draws one; each further value of a colour
// (from layouts of several kropki constraints) another.
func (dr *drawn) kropki() []layouts.Constraint {
	var out []layouts.Constraint
	nth := [2]map[int]int{{}, {}} // by colour, each value's constraint
	for _, d := range dr.dots {
		b := btoi(d.black)
		i, ok := nth[b][d.value]
		if !ok {
			i = len(nth[b])
			nth[b][d.value] = i
			if i == len(out) {
				out = append(out, layouts.Constraint{Kind: "kropki", Source: "the dots"})
				if i > 0 {
					out[i].Source = fmt.Sprintf("the dots (set %d)", i+1)
				}
			}
			switch {
			case d.black && d.value != dots[1].def:
				out[i].Ratio = d.value
			case !d.black && d.value != dots[0].def:
				out[i].Difference = d.value
			}
		}
		if d.black {
			out[i].Black = append(out[i].Black, d.pair)
		} else {
			out[i].White = append(out[i].White, d.pair)
		}
	}
	return out
}

// textOf is a shape's text, if it is a string.
func textOf(s sclShape) (string, bool) {
	var text string
	if !emptyJSON(s.Text) && json.Unmarshal(s.Text, &text) != nil {
		return "", false
	}
	return text, true
}

// sameShape reports whether s is the shape o that Marshal draws.
func sameShape(s sclShape, o outShape) bool {
	text, ok := textOf(s)
	return ok && len(s.Center) == 2 && s.Center[0] == o.Center[0] && s.Center[1] == o.Center[1] &&
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
	y, x := o.Center[0], o.Center[1]
	if q, ok := r.cellAt(y, x); ok && sameShape(o, ring(q, lineColours["between"])) {
		dr.ends[q] = append(dr.ends[q], i)
		return true
	}
	if pair, ok := r.edgeCells(y, x); ok {
		// An X or V, or a kropki dot with its number.
		at := edge(pair)
		switch {
		case sameShape(o, text(at, "X", true)):
			dr.xv.X = append(dr.xv.X, pair)
			return true
		case sameShape(o, text(at, "V", true)):
			dr.xv.V = append(dr.xv.V, pair)
			return true
		}
		s, _ := textOf(o)
		v, err := strconv.Atoi(s)
		for b, k := range dots {
			if err == nil && v > k.def && sameShape(o, dot(at, b == 1, v)) {
				dr.addDot(pair, b == 1, v)
				return true
			}
		}
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
	var out []layouts.Constraint
	if len(dr.xv.X)+len(dr.xv.V) > 0 {
		out = append(out, dr.xv)
	}
	return append(out, dr.lines...)
}

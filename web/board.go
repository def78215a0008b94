package web

import (
	"encoding/json"
	"slices"

	"gattai/layouts"
)

// Board is a layout's geometry, for the page to draw its cells: what
// GET /api/layouts/NAME and POST /api/board answer.
type Board struct {
	Name    string          `json:"name"`
	Size    int             `json:"size"`             // symbols per grid, n
	Box     string          `json:"box"`              // the box shape RxC
	Height  int             `json:"height"`           // canvas rows
	Width   int             `json:"width"`            // canvas columns
	Symbols []string        `json:"symbols"`          // symbols[d-1] is digit d's text
	Cells   [][2]int        `json:"cells"`            // cell index -> canvas [row, col], 0-based
	Borders []int           `json:"borders"`          // cell index -> thick edges: 1 top, 2 right, 4 bottom, 8 left
	Units   [][]int         `json:"units"`            // each unit's cells: digits in one unit all differ
	Layout  json.RawMessage `json:"layout_file"`      // the layout file, to send back with givens
	Givens  []int           `json:"givens,omitempty"` // the puzzle's givens by cell, when a puzzle was sent
	Rules   []string        `json:"rules,omitempty"`  // the kinds of the layout's constraints, which the grid does not draw
}

// newBoard describes m, with p's givens when p is not nil.
func newBoard(m *layouts.Model, p *layouts.Puzzle) *Board {
	l := m.Layout
	b := &Board{
		Name: cmp(l.Name, "custom"), Size: m.N, Box: l.Box.String(),
		Height: m.Height, Width: m.Width,
		Cells:   make([][2]int, len(m.Cells)),
		Borders: make([]int, len(m.Cells)),
		Layout:  l.MarshalFile(),
	}
	for d := 1; d <= m.N; d++ {
		b.Symbols = append(b.Symbols, layouts.Symbol(d))
	}
	for c, pos := range m.Cells {
		b.Cells[c] = [2]int{pos.Row, pos.Col}
	}
	for _, u := range m.Units {
		b.Units = append(b.Units, u.Cells)
	}
	boxes := m.Boxes()
	differ := func(c int, r2, c2 int) bool {
		o, ok := m.Cell(layouts.Pos{Row: r2, Col: c2})
		return !ok || !slices.ContainsFunc(boxes[c], func(id int) bool { return slices.Contains(boxes[o], id) })
	}
	for c, pos := range m.Cells {
		var e int
		for bit, d := range [4][2]int{{-1, 0}, {0, 1}, {1, 0}, {0, -1}} {
			if differ(c, pos.Row+d[0], pos.Col+d[1]) {
				e |= 1 << bit
			}
		}
		b.Borders[c] = e
	}
	for _, k := range l.Constraints {
		if k.Kind != "jigsaw" && !slices.Contains(b.Rules, k.Kind) {
			b.Rules = append(b.Rules, k.Kind)
		}
	}
	if p != nil {
		b.Givens = make([]int, len(p.Givens))
		for c, d := range p.Givens {
			b.Givens[c] = int(d)
		}
	}
	return b
}

package layouts

import (
	"fmt"
	"slices"
)

// Boxes lists, for each cell, the numbers of the boxes it is in: each
// grid's boxes, or its pieces where a jigsaw replaces them, a box that
// two grids share counted once. They come from the layout, not from the
// units, which leave out a box that is also a row (the boxes of a Latin
// square, or such a jigsaw piece): drawing thick borders needs them all.
func (m *Model) Boxes() [][]int {
	l := m.Layout
	n := m.N
	pieces := make([][]string, len(l.Grids)) // a jigsaw's pieces, by grid
	for _, c := range l.Constraints {
		if c.Kind != "jigsaw" || len(c.Pieces) != n {
			continue
		}
		for g := range l.Grids {
			if c.Grid == 0 || c.Grid == g+1 {
				pieces[g] = c.Pieces
			}
		}
	}
	out := make([][]int, len(m.Cells))
	seen := map[string]int{} // a box's cells -> its number; looked up, never ranged over
	add := func(cells []int) {
		slices.Sort(cells)
		key := fmt.Sprint(cells)
		id, ok := seen[key]
		if !ok {
			id = len(seen)
			seen[key] = id
		}
		for _, c := range cells {
			if !slices.Contains(out[c], id) {
				out[c] = append(out[c], id)
			}
		}
	}
	for g, gc := range m.GridCells {
		if pieces[g] != nil {
			letters, at := PieceCells(pieces[g], n, 0)
			for _, ch := range letters {
				cells := make([]int, len(at[ch]))
				for i, p := range at[ch] {
					cells[i] = gc[p.Row*n+p.Col]
				}
				add(cells)
			}
			continue
		}
		box := l.BoxOf(g)
		for bi := range n {
			r0, c0 := bi/(n/box.Cols)*box.Rows, bi%(n/box.Cols)*box.Cols
			cells := make([]int, 0, n)
			for r := r0; r < r0+box.Rows; r++ {
				for c := c0; c < c0+box.Cols; c++ {
					cells = append(cells, gc[r*n+c])
				}
			}
			add(cells)
		}
	}
	return out
}

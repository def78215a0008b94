package fpuzzles

import (
	"encoding/json"
	"fmt"

	"gattai/layouts"
	"gattai/lzstring"
)

// LinkPrefix starts every f-puzzles link Link makes.
const LinkPrefix = "https://f-puzzles.com/?load="

// WriteOptions are what a puzzle does not hold but f-puzzles can show.
type WriteOptions struct {
	Title, Author, Rules string
	// Solution, if set, is filled in as digits that are not givens, so
	// that f-puzzles opens on the solved grid.
	Solution *layouts.Grid
}

// The JSON Marshal writes, in f-puzzles' own key order.
type (
	outPuzzle struct {
		Size           int         `json:"size"`
		Title          string      `json:"title,omitempty"`
		Author         string      `json:"author,omitempty"`
		Ruleset        string      `json:"ruleset,omitempty"`
		Grid           [][]outCell `json:"grid"`
		DiagonalPlus   bool        `json:"diagonal+,omitempty"`
		DiagonalMinus  bool        `json:"diagonal-,omitempty"`
		Antiknight     bool        `json:"antiknight,omitempty"`
		Antiking       bool        `json:"antiking,omitempty"`
		Disjointgroups bool        `json:"disjointgroups,omitempty"`
		Nonconsecutive bool        `json:"nonconsecutive,omitempty"`
		Negative       []string    `json:"negative,omitempty"`
		Killercage     []outCells  `json:"killercage,omitempty"`
		Odd            []outCell1  `json:"odd,omitempty"`
		Even           []outCell1  `json:"even,omitempty"`
		Extraregion    []outCells  `json:"extraregion,omitempty"`
		Thermometer    []outLines  `json:"thermometer,omitempty"`
		Difference     []outCells  `json:"difference,omitempty"`
		Ratio          []outCells  `json:"ratio,omitempty"`
		Xv             []outCells  `json:"xv,omitempty"`
		Arrow          []outArrow  `json:"arrow,omitempty"`
		Littlekiller   []outLittle `json:"littlekillersum,omitempty"`
		Sandwichsum    []outClue   `json:"sandwichsum,omitempty"`
		Xsum           []outClue   `json:"xsum,omitempty"`
		Skyscraper     []outClue   `json:"skyscraper,omitempty"`
		Whispers       []outLines  `json:"whispers,omitempty"`
		Renban         []outLines  `json:"renban,omitempty"`
		Palindrome     []outLines  `json:"palindrome,omitempty"`
		Betweenline    []outLines  `json:"betweenline,omitempty"`
		Regionsumline  []outLines  `json:"regionsumline,omitempty"`
		Entropicline   []outLines  `json:"entropicline,omitempty"`
		Clone          []outClone  `json:"clone,omitempty"`
		Quadruple      []outQuad   `json:"quadruple,omitempty"`
		Minimum        []outCell1  `json:"minimum,omitempty"`
		Maximum        []outCell1  `json:"maximum,omitempty"`
	}
	outArrow struct {
		Lines [][]string `json:"lines"`
		Cells []string   `json:"cells"`
	}
	outLittle struct {
		Cell      string   `json:"cell"`
		Cells     []string `json:"cells"`
		Direction string   `json:"direction"`
		Value     string   `json:"value"`
	}
	outClue struct {
		Cell  string `json:"cell"`
		Value string `json:"value"`
	}
	outClone struct {
		Cells      []string `json:"cells"`
		CloneCells []string `json:"cloneCells"`
	}
	outQuad struct {
		Cells  []string `json:"cells"`
		Values []int    `json:"values"`
	}
	outCell struct {
		Value  int  `json:"value,omitempty"`
		Given  bool `json:"given,omitempty"`
		Region *int `json:"region,omitempty"`
	}
	outCells struct {
		Cells []string `json:"cells"`
		Value string   `json:"value,omitempty"`
	}
	outCell1 struct {
		Cell string `json:"cell"`
	}
	outLines struct {
		Lines [][]string `json:"lines"`
		Value string     `json:"value,omitempty"`
	}
)

// Marshal writes a puzzle as f-puzzles JSON. f-puzzles holds one square
// grid, so a layout of several grids is refused; a box shape other than
// f-puzzles' default for the size is written as explicit regions, as a
// jigsaw is, and the layout's own regions as extra regions. A
// constraint kind with no f-puzzles key is refused by name.
func Marshal(p *layouts.Puzzle, o WriteOptions) ([]byte, error) {
	m := p.Model
	l := m.Layout
	if len(l.Grids) != 1 {
		layout := "the layout"
		if l.Name != "" {
			layout = fmt.Sprintf("layout %q", l.Name)
		}
		return nil, fmt.Errorf("%w: f-puzzles holds one grid, %s has %d", ErrUnsupported, layout, len(l.Grids))
	}
	n := l.Size
	at := l.Grids[0].At
	name := func(q layouts.Pos) string { return fmt.Sprintf("R%dC%d", q.Row-at.Row+1, q.Col-at.Col+1) }
	names := func(ps []layouts.Pos) []string {
		out := make([]string, len(ps))
		for i, q := range ps {
			out[i] = name(q)
		}
		return out
	}
	out := outPuzzle{Size: n, Title: o.Title, Author: o.Author, Ruleset: o.Rules}
	w := &writer{out: &out, n: n, at: at, extrema: map[string]map[layouts.Pos]bool{}}
	kropkis, dots := 0, false
	for _, c := range l.Constraints {
		if c.Kind == "kropki" {
			kropkis++
			dots = dots || len(c.White)+len(c.Black) > 0
		}
	}
	out.Grid = make([][]outCell, n)
	for r := range n {
		out.Grid[r] = make([]outCell, n)
		for c := range n {
			cell := m.GridCells[0][r*n+c]
			if d := p.Givens[cell]; d != 0 {
				out.Grid[r][c] = outCell{Value: int(d), Given: true}
			} else if g := o.Solution; g != nil && g.Model == m && g.Digits[cell] != 0 {
				out.Grid[r][c] = outCell{Value: int(g.Digits[cell])}
			}
		}
	}
	regions := func(pieces []string) error {
		index := map[rune]int{}
		for r, row := range pieces {
			for c, ch := range []rune(row) {
				if r >= n || c >= n {
					return fmt.Errorf("%w: jigsaw pieces beyond the %dx%d grid", layouts.ErrLayout, n, n)
				}
				if _, ok := index[ch]; !ok {
					index[ch] = len(index)
				}
				reg := index[ch]
				out.Grid[r][c].Region = &reg
			}
		}
		return nil
	}
	if box := l.BoxOf(0); box != layouts.DefaultBox(n) {
		pieces := make([]string, n)
		for r := range n {
			row := make([]rune, n)
			for c := range n {
				row[c] = rune(pieceLetters[r/box.Rows*(n/box.Cols)+c/box.Cols])
			}
			pieces[r] = string(row)
		}
		if err := regions(pieces); err != nil {
			return nil, err
		}
	}
	// The layout's own extra regions, as a region constraint's cells are
	// written: one of fewer than 2 cells adds no unit.
	for _, reg := range l.Regions {
		if len(reg.Cells) > 1 {
			out.Extraregion = append(out.Extraregion, outCells{Cells: names(reg.Cells)})
		}
	}
	for i, c := range l.Constraints {
		if c.Grid > 1 {
			return nil, fmt.Errorf("%w: constraint %d (%s) is for grid %d of 1", layouts.ErrLayout, i+1, c.Kind, c.Grid)
		}
		switch c.Kind {
		case "diagonal":
			switch c.Which {
			case "positive":
				out.DiagonalPlus = true
			case "negative":
				out.DiagonalMinus = true
			default:
				out.DiagonalPlus, out.DiagonalMinus = true, true
			}
		case "antiknight":
			out.Antiknight = true
		case "antiking":
			out.Antiking = true
		case "nonconsecutive":
			if dots {
				// f-puzzles' nonconsecutive spares the pairs with a dot.
				return nil, fmt.Errorf("%w: nonconsecutive beside kropki dots (f-puzzles' spares the pairs with a dot; say it as a negative kropki)", ErrUnsupported)
			}
			out.Nonconsecutive = true
		case "jigsaw":
			if err := regions(c.Pieces); err != nil {
				return nil, err
			}
		case "region":
			switch c.Preset {
			case "":
				out.Extraregion = append(out.Extraregion, outCells{Cells: names(c.Cells)})
			case "disjoint":
				if l.BoxOf(0) == layouts.DefaultBox(n) {
					out.Disjointgroups = true
					break
				}
				// Of other boxes, which are read back as a jigsaw on
				// the default boxes: its groups as regions, below.
				fallthrough
			default:
				// A preset f-puzzles lacks: its regions, from the model.
				for _, u := range m.PresetUnits(c.Preset) {
					ps := make([]layouts.Pos, len(u.Cells))
					for j, cell := range u.Cells {
						ps[j] = m.Cells[cell]
					}
					out.Extraregion = append(out.Extraregion, outCells{Cells: names(ps)})
				}
			}
		case "killer":
			for _, k := range l.Cages(c) {
				cage := outCells{Cells: names(k.Cells)}
				if k.Sum != 0 {
					cage.Value = fmt.Sprint(k.Sum)
				}
				out.Killercage = append(out.Killercage, cage)
			}
		case "kropki":
			if err := w.kropki(c, kropkis); err != nil {
				return nil, err
			}
		case "parity":
			for _, q := range c.Odd {
				out.Odd = append(out.Odd, outCell1{Cell: name(q)})
			}
			for _, q := range c.Even {
				out.Even = append(out.Even, outCell1{Cell: name(q)})
			}
		case "thermo":
			out.Thermometer = append(out.Thermometer, outLines{Lines: [][]string{names(c.Cells)}})
		default:
			if err := w.kind(c); err != nil {
				return nil, err
			}
		}
	}
	return json.Marshal(out)
}

// Link is the f-puzzles address of a puzzle: LinkPrefix and the JSON
// Marshal writes, compressed by lz-string's compressToBase64.
func Link(p *layouts.Puzzle, o WriteOptions) (string, error) {
	b, err := Marshal(p, o)
	if err != nil {
		return "", err
	}
	return LinkPrefix + lzstring.CompressToBase64(string(b)), nil
}

package fpuzzles

import (
	"encoding/json"
	"slices"
)

// Support is what the reader does with an f-puzzles key.
type Support uint8

const (
	Honoured Support = iota // read into the layout or the givens
	Cosmetic                // a drawing or a note with no rule: ignored, with a note
	Refused                 // a rule gattai cannot honour yet: an UnsupportedError
)

func (s Support) String() string { return [...]string{"honoured", "cosmetic", "refused"}[s] }

// Key is one top-level key of f-puzzles' JSON and what gattai makes of it.
type Key struct {
	Name    string
	Support Support
	About   string // the gattai kind it becomes, or why it is ignored or refused
	read    func(r *reader, raw json.RawMessage) error
}

// Keys lists every f-puzzles key the reader knows, in the order it
// reads the honoured ones. A key not listed is refused as unknown.
// Adding a kind is one entry: a Refused key becomes Honoured with a read.
func Keys() []Key { return slices.Clone(keys) }

var keys = []Key{
	// Honoured, in the order their constraints are added to the layout.
	{Name: "size", Support: Honoured, About: "the grid's size n (boxes: layouts.DefaultBox(n))", read: readSize},
	{Name: "grid", Support: Honoured, About: "givens (value with given); region -> jigsaw", read: readGrid},
	{Name: "diagonal+", Support: Honoured, About: "diagonal which positive (/); with diagonal-, both", read: readFlag(func(r *reader) *bool { return &r.diagPlus })},
	{Name: "diagonal-", Support: Honoured, About: "diagonal which negative (\\); with diagonal+, both", read: readFlag(func(r *reader) *bool { return &r.diagMinus })},
	{Name: "antiknight", Support: Honoured, About: "antiknight", read: readFlag(func(r *reader) *bool { return &r.antiknight })},
	{Name: "antiking", Support: Honoured, About: "antiking", read: readFlag(func(r *reader) *bool { return &r.antiking })},
	{Name: "nonconsecutive", Support: Honoured, About: "nonconsecutive; beside kropki dots, kropki negative for the white dots (it spares dotted pairs)", read: readFlag(func(r *reader) *bool { return &r.nonconsecutive })},
	{Name: "disjointgroups", Support: Honoured, About: "region, preset disjoint", read: readFlag(func(r *reader) *bool { return &r.disjoint })},
	{Name: "extraregion", Support: Honoured, About: "region with cells", read: readExtraRegions},
	{Name: "killercage", Support: Honoured, About: "killer (value is the sum; none: no repeats only)", read: readKillers},
	{Name: "difference", Support: Honoured, About: "kropki white dot, value the difference (default 1); a kropki constraint per value", read: readDots(false)},
	{Name: "ratio", Support: Honoured, About: "kropki black dot, value the ratio (default 2); a kropki constraint per value", read: readDots(true)},
	{Name: "xv", Support: Honoured, About: "xv, value X or V", read: readXV},
	{Name: "negative", Support: Honoured, About: "ratio, difference: kropki negative (which black, white or both; dots of one value per colour); xv: xv negative", read: readNegative},
	{Name: "odd", Support: Honoured, About: "parity, odd cells", read: readParity(false)},
	{Name: "even", Support: Honoured, About: "parity, even cells", read: readParity(true)},
	{Name: "thermometer", Support: Honoured, About: "thermo, one per line", read: readThermos},
	{Name: "arrow", Support: Honoured, About: "arrow: cells the circle (1 to 3 cells in reading order), lines as given, each from a circle cell and not back into it", read: readArrows},
	{Name: "littlekillersum", Support: Honoured, About: "littlekiller: the diagonal from cell in direction (UR, DL, ...); no value, no clue", read: readLittleKillers},
	{Name: "sandwichsum", Support: Honoured, About: "sandwich: the row or column from the clue cell outside the grid", read: readClues("sandwich")},
	{Name: "xsum", Support: Honoured, About: "xsum: the row or column from the clue cell outside the grid", read: readClues("xsum")},
	{Name: "skyscraper", Support: Honoured, About: "skyscraper (count): the row or column from the clue cell outside the grid", read: readClues("skyscraper")},
	{Name: "whispers", Support: Honoured, About: "whispers, one per line (value: the least difference)", read: readLines("whispers")},
	{Name: "renban", Support: Honoured, About: "renban, one per line", read: readLines("renban")},
	{Name: "palindrome", Support: Honoured, About: "palindrome, one per line", read: readLines("palindrome")},
	{Name: "betweenline", Support: Honoured, About: "between, one per line", read: readLines("between")},
	{Name: "regionsumline", Support: Honoured, About: "regionsum, one per line", read: readLines("regionsum")},
	{Name: "entropicline", Support: Honoured, About: "entropic, one per line", read: readLines("entropic")},
	{Name: "clone", Support: Honoured, About: "clone: cells and cloneCells (not a moved copy: a clone per pair of cells)", read: readClones},
	{Name: "quadruple", Support: Honoured, About: "quadruple: cells and values", read: readQuadruples},
	{Name: "minimum", Support: Honoured, About: "minimum, its cells; a cell next to another: thermometers of 2 cells to its other neighbours", read: readExtrema("minimum")},
	{Name: "maximum", Support: Honoured, About: "maximum, its cells; a cell next to another: thermometers of 2 cells from its other neighbours", read: readExtrema("maximum")},

	// Cosmetic: drawings and data with no rule.
	{Name: "title", Support: Cosmetic, About: "kept as the puzzle's title", read: readString(func(r *reader) *string { return &r.p.Title })},
	{Name: "author", Support: Cosmetic, About: "kept as the puzzle's author", read: readString(func(r *reader) *string { return &r.p.Author })},
	{Name: "ruleset", Support: Cosmetic, About: "kept as the puzzle's rules text", read: readString(func(r *reader) *string { return &r.p.Rules })},
	{Name: "solution", Support: Cosmetic, About: "kept as the setter's solution; gattai solves for itself", read: readSolution},
	{Name: "text", Support: Cosmetic, About: "text drawn on the grid"},
	{Name: "circle", Support: Cosmetic, About: "circles drawn on the grid"},
	{Name: "rectangle", Support: Cosmetic, About: "rectangles drawn on the grid"},
	{Name: "line", Support: Cosmetic, About: "lines drawn on the grid"},
	{Name: "cage", Support: Cosmetic, About: "cages drawn without a rule (one with a value is refused)", read: readCosmeticCages},
	{Name: "highlightConflicts", Support: Cosmetic, About: "an editor setting"},
	{Name: "activeConstraints", Support: Cosmetic, About: "the editor's list of constraint tools"},
	{Name: "disabledlogic", Support: Cosmetic, About: "a solver setting"},
	{Name: "truecandidatesoptions", Support: Cosmetic, About: "a solver setting"},

	// Refused until gattai has the kind.
	{Name: "lockout", Support: Refused, About: "lockout line"},
	{Name: "modularline", Support: Refused, About: "modular line"},
	{Name: "nabner", Support: Refused, About: "nabner line"},
	{Name: "doublearrow", Support: Refused, About: "double arrow"},
	{Name: "zipperline", Support: Refused, About: "zipper line"},
	{Name: "chineseline", Support: Refused, About: "Chinese whispers"},
	{Name: "clock", Support: Refused, About: "clock"},
	{Name: "slowthermometer", Support: Refused, About: "slow thermometer"},
	{Name: "rowindexer", Support: Refused, About: "row indexer cells"},
	{Name: "columnindexer", Support: Refused, About: "column indexer cells"},
	{Name: "boxindexer", Support: Refused, About: "box indexer cells"},
}

func lookup(name string) (*Key, bool) {
	for i := range keys {
		if keys[i].Name == name {
			return &keys[i], true
		}
	}
	return nil, false
}

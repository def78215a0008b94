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
	{Name: "diagonal+", Support: Honoured, About: "diagonal, with diagonal- (one alone is refused)", read: readFlag(func(r *reader) *bool { return &r.diagPlus })},
	{Name: "diagonal-", Support: Honoured, About: "diagonal, with diagonal+ (one alone is refused)", read: readFlag(func(r *reader) *bool { return &r.diagMinus })},
	{Name: "antiknight", Support: Honoured, About: "antiknight", read: readFlag(func(r *reader) *bool { return &r.antiknight })},
	{Name: "antiking", Support: Honoured, About: "antiking", read: readFlag(func(r *reader) *bool { return &r.antiking })},
	{Name: "nonconsecutive", Support: Honoured, About: "nonconsecutive", read: readFlag(func(r *reader) *bool { return &r.nonconsecutive })},
	{Name: "disjointgroups", Support: Honoured, About: "region, preset disjoint", read: readFlag(func(r *reader) *bool { return &r.disjoint })},
	{Name: "extraregion", Support: Honoured, About: "region with cells", read: readExtraRegions},
	{Name: "killercage", Support: Honoured, About: "killer (value is the sum; none: no repeats only)", read: readKillers},
	{Name: "difference", Support: Honoured, About: "kropki white dot (value 1 only)", read: readDots(1)},
	{Name: "ratio", Support: Honoured, About: "kropki black dot (value 2 only)", read: readDots(2)},
	{Name: "negative", Support: Honoured, About: "kropki negative, when it lists both ratio and difference", read: readNegative},
	{Name: "odd", Support: Honoured, About: "parity, odd cells", read: readParity(false)},
	{Name: "even", Support: Honoured, About: "parity, even cells", read: readParity(true)},
	{Name: "thermometer", Support: Honoured, About: "thermo, one per line", read: readThermos},

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
	{Name: "arrow", Support: Refused, About: "arrow"},
	{Name: "xv", Support: Refused, About: "XV"},
	{Name: "littlekillersum", Support: Refused, About: "little killer"},
	{Name: "sandwichsum", Support: Refused, About: "sandwich"},
	{Name: "whispers", Support: Refused, About: "German whispers"},
	{Name: "renban", Support: Refused, About: "renban"},
	{Name: "palindrome", Support: Refused, About: "palindrome"},
	{Name: "betweenline", Support: Refused, About: "between line"},
	{Name: "quadruple", Support: Refused, About: "quadruple"},
	{Name: "clone", Support: Refused, About: "clone"},
	{Name: "minimum", Support: Refused, About: "minimum"},
	{Name: "maximum", Support: Refused, About: "maximum"},
	{Name: "lockout", Support: Refused, About: "lockout line"},
	{Name: "entropicline", Support: Refused, About: "entropic line"},
	{Name: "modularline", Support: Refused, About: "modular line"},
	{Name: "regionsumline", Support: Refused, About: "region sum line"},
	{Name: "nabner", Support: Refused, About: "nabner line"},
	{Name: "doublearrow", Support: Refused, About: "double arrow"},
	{Name: "zipperline", Support: Refused, About: "zipper line"},
	{Name: "chineseline", Support: Refused, About: "Chinese whispers"},
	{Name: "clock", Support: Refused, About: "clock"},
}

func lookup(name string) (*Key, bool) {
	for i := range keys {
		if keys[i].Name == name {
			return &keys[i], true
		}
	}
	return nil, false
}

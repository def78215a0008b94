package logic

import (
	"slices"
	"strconv"
	"strings"

	"gattai/layouts"
)

// Move is one cell and one digit: a placement (cell = digit) or an
// elimination (cell <> digit).
type Move struct {
	Cell  layouts.Pos `json:"cell"`
	Digit int         `json:"digit"`
	cell  int         // index into Model.Cells
}

func (mv Move) place() string { return mv.Cell.String() + " = " + layouts.Symbol(mv.Digit) }
func (mv Move) elim() string  { return mv.Cell.String() + " <> " + layouts.Symbol(mv.Digit) }

// Step is one deduction: a technique, where it applies, and what it
// proves. Every placement and elimination follows from the candidates
// before the step, whatever the solution.
type Step struct {
	Technique    string        `json:"technique"`
	Weight       float64       `json:"weight"`          // see Techniques
	Units        []string      `json:"units,omitempty"` // the units involved, by name
	Placements   []Move        `json:"placements,omitempty"`
	Eliminations []Move        `json:"eliminations,omitempty"`
	Cells        []layouts.Pos `json:"cells,omitempty"` // the cells that justify it
	Chain        string        `json:"chain,omitempty"` // chains: the links, in Eureka-like notation; trials: the proof
	Depth        int           `json:"depth,omitempty"` // trial: nesting of assumptions
}

// String is the step in words and cells, e.g.
// "hidden single: r3c5 = 7 (box 2)" or
// "naked pair: r1c5 <> 4, r1c6 <> 4 (row 1; r1c1 r1c2)".
func (s Step) String() string {
	var b strings.Builder
	b.WriteString(s.Technique)
	if s.Depth > 0 {
		b.WriteString(" (depth " + strconv.Itoa(s.Depth) + ")")
	}
	sep := ": " // none when the step proves nothing (search)
	for _, mv := range s.Placements {
		b.WriteString(sep + mv.place())
		sep = ", "
	}
	for _, mv := range s.Eliminations {
		b.WriteString(sep + mv.elim())
		sep = ", "
	}
	var why []string
	if len(s.Units) > 0 {
		why = append(why, strings.Join(s.Units, ", "))
	}
	if s.Chain != "" {
		why = append(why, s.Chain)
	} else if len(s.Cells) > 0 && !single(s.Technique) {
		cs := make([]string, len(s.Cells))
		for i, p := range s.Cells {
			cs[i] = p.String()
		}
		why = append(why, strings.Join(cs, " "))
	}
	if len(why) > 0 {
		b.WriteString(" (" + strings.Join(why, "; ") + ")")
	}
	return b.String()
}

// Nudge is the step without what it proves: its technique and where to
// look, e.g. "hidden single: look at box 7", or "naked single: look at
// r8c3" for a step with no units.
func (s Step) Nudge() string {
	t := s.Technique
	if s.Depth > 0 {
		t += " (depth " + strconv.Itoa(s.Depth) + ")"
	}
	where := strings.Join(s.Units, ", ")
	if where == "" {
		cs := make([]string, len(s.Cells))
		for i, p := range s.Cells {
			cs[i] = p.String()
		}
		where = strings.Join(cs, " ")
	}
	if where == "" {
		return t
	}
	return t + ": look at " + where
}

// reset empties st for a step of technique tech, keeping the room of
// its slices, so that rating reuses one Step without allocating.
func reset(st *Step, tech string, w float64) {
	*st = Step{Technique: tech, Weight: w, Units: st.Units[:0], Placements: st.Placements[:0],
		Eliminations: st.Eliminations[:0], Cells: st.Cells[:0]}
}

// clone is st with slices of its own.
func (st Step) clone() Step {
	st.Units = slices.Clone(st.Units)
	st.Placements = slices.Clone(st.Placements)
	st.Eliminations = slices.Clone(st.Eliminations)
	st.Cells = slices.Clone(st.Cells)
	return st
}

func single(t string) bool { return t == FullHouse || t == HiddenSingle || t == NakedSingle }

// Technique names, as Step.Technique holds them.
const (
	FullHouse          = "full house"
	HiddenSingle       = "hidden single"
	NakedSingle        = "naked single"
	RuleKiller         = "killer combinations"
	RuleKillerLocked   = "killer locked candidates"
	RuleInnies         = "innies and outies"
	RuleThermo         = "thermo bounds"
	RuleKropki         = "kropki pairs"
	RuleParity         = "parity"
	RuleNonconsecutive = "nonconsecutive pairs"
	Pointing           = "pointing"
	Claiming           = "claiming"
	NakedPair          = "naked pair"
	XWing              = "x-wing"
	HiddenPair         = "hidden pair"
	NakedTriple        = "naked triple"
	Swordfish          = "swordfish"
	HiddenTriple       = "hidden triple"
	XYWing             = "xy-wing"
	XYZWing            = "xyz-wing"
	UniqueRectangle1   = "unique rectangle type 1"
	UniqueRectangle2   = "unique rectangle type 2"
	UniqueRectangle4   = "unique rectangle type 4"
	NakedQuad          = "naked quad"
	Jellyfish          = "jellyfish"
	HiddenQuad         = "hidden quad"
	BUGOne             = "bug+1"
	FinnedXWing        = "finned x-wing"
	FinnedSwordfish    = "finned swordfish"
	WWing              = "w-wing"
	XChain             = "x-chain"
	XYChain            = "xy-chain"
	AIC                = "aic"
	Trial              = "trial"
	Search             = "search" // no step: search beyond depth-2 trials is needed
)

// Technique describes one technique: its name and weight. Its weight
// is on Sudoku Explainer's scale where SE has the technique.
type Technique struct {
	Name   string  `json:"name"`
	Weight float64 `json:"weight"`
	About  string  `json:"about"`
}

// Techniques lists every technique, in the order Hint tries them
// (easiest first). Chains and trials weigh more than their base with
// length and depth (see doc.go).
func Techniques() []Technique {
	return []Technique{
		{FullHouse, 1.0, "the last empty cell of a full unit"},
		{HiddenSingle, 1.2, "a digit with one place in a full unit (1.2 in a box, 1.5 elsewhere)"},
		{RuleParity, 1.3, "even and odd cells lose the other parity"},
		{NakedSingle, 2.3, "a cell with one candidate"},
		{RuleThermo, 2.4, "each thermometer cell lies between the bounds its bulb side and tip side leave"},
		{RuleKropki, 2.4, "a dotted (or, when negative, undotted) pair keeps the digits that have a partner"},
		{RuleNonconsecutive, 2.4, "neighbours keep the digits with a non-consecutive partner"},
		{RuleKiller, 2.5, "a cage's cells keep the digits of some assignment of distinct digits with its sum"},
		{Pointing, 2.6, "a digit confined, within a box, to its meeting with another unit leaves the rest of that unit"},
		{Claiming, 2.8, "the same from a row, column or region: any full unit meeting any other unit, across grids too"},
		{RuleKillerLocked, 2.7, "a digit that every combination of a cage needs leaves the cells that see all of the cage's cells that can hold it"},
		{RuleInnies, 2.8, "killer combinations of the cages a full unit implies (the 45 rule): its cells outside the cages wholly inside it sum to the rest, and the cells outside it of the cages that cover it sum to their excess"},
		{NakedPair, 3.0, "two cells of a unit with the same two candidates"},
		{XWing, 3.2, "fish of size 2: rows against columns of one grid"},
		{HiddenPair, 3.4, "two digits confined to the same two cells of a full unit"},
		{NakedTriple, 3.6, "three cells of a unit with three candidates between them"},
		{Swordfish, 3.8, "fish of size 3"},
		{HiddenTriple, 4.0, "three digits confined to three cells of a full unit"},
		{XYWing, 4.2, "a bivalue pivot and two bivalue pincers"},
		{XYZWing, 4.4, "a trivalue pivot and two bivalue pincers"},
		{UniqueRectangle1, 4.5, "unique puzzles only: three corners of a rectangle on two rows, columns and boxes hold the same two digits, which the fourth loses"},
		{UniqueRectangle2, 4.5, "unique puzzles only: two corners on a side hold the same two digits, the other two those and one more, which leaves the cells seeing both"},
		{UniqueRectangle4, 4.5, "unique puzzles only: two corners on a side hold the same two digits; where one of them has no other place in a unit of the other two corners, they lose the other digit"},
		{NakedQuad, 5.0, "four cells of a unit with four candidates between them"},
		{Jellyfish, 5.2, "fish of size 4"},
		{HiddenQuad, 5.4, "four digits confined to four cells of a full unit"},
		{BUGOne, 5.6, "unique puzzles only: every free cell but one has two candidates; that one holds the digit that fits three cells of its units"},
		{FinnedXWing, 6.6, "an x-wing but for fins: the digit leaves the cover cells that see every fin (sashimi too)"},
		{FinnedSwordfish, 6.7, "a swordfish but for fins, as the finned x-wing"},
		{WWing, 6.8, "two cells with the same two candidates, joined by a strong link on one of them: the other leaves the cells seeing both"},
		{XChain, 6.5, "a single-digit chain of strong links in units (colouring, skyscraper, kite, turbot): 6.5 + 0.1 per strong link"},
		{XYChain, 6.6, "a chain through bivalue cells: 6.6 + 0.1 per strong link"},
		{AIC, 7.0, "an alternating inference chain mixing bivalue and bilocal strong links: 7.0 + 0.1 per strong link"},
		{Trial, 8.5, "an assumption that reaches a contradiction by singles (depth 1, from 8.5), or by singles and depth-1 trials (depth 2, from 10.0); longer proofs weigh more"},
	}
}

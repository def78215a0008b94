// Package fpuzzles reads and writes f-puzzles (f-puzzles.com) puzzles:
// the JSON its links carry, compressed by lz-string's compressToBase64.
//
// It sits beside the text formats of package layouts: Parse turns a
// link, an id or the JSON into a layouts.Puzzle on a layout of one
// square grid, with the puzzle's variant constraints as the layout's
// Constraints; Marshal and Link write one back.
//
// # Inputs Parse accepts
//
//   - an f-puzzles address: https://f-puzzles.com/?load=PAYLOAD (http, www.);
//   - a SudokuPad address or id with the fpuzzles or fpuz prefix:
//     https://sudokupad.app/fpuzzlesPAYLOAD, fpuzPAYLOAD;
//   - the bare PAYLOAD;
//   - the JSON itself.
//
// Detect says whether a text is one of these, for a reader that picks
// the format itself: an f-puzzles address, a SudokuPad fpuzzles id, or a
// payload or JSON whose top-level object has both "size" and "grid".
//
// # Keys
//
// Every top-level key is honoured, ignored as cosmetic with a note in
// Puzzle.Notes, or refused; Keys lists them. A refused key (a rule gattai
// has no kind for yet, like "lockout", a value it cannot honour exactly,
// like an arrow with a circle of 4 cells, or a key it does not know) is a
// *layouts.ParseError at the key, unwrapping to an *UnsupportedError
// that names it: a puzzle is never solved without one of its rules. An
// empty value ([], false, null) asks for nothing and is not refused.
//
// Mapping: size n takes layouts.DefaultBox(n) boxes (f-puzzles' default),
// and a grid whose "region" indices differ from those boxes is a jigsaw.
// A cell's value is a given when "given" is true, else a solver's entry,
// ignored with a note.
//
//   - diagonal+ and diagonal- together are diagonal; one alone is
//     diagonal with which positive (/) or negative (\).
//   - difference and ratio dots are kropki white and black dots, their
//     value the difference (default 1) or ratio (default 2). A kropki
//     constraint holds one difference and one ratio, so dots of several
//     values make several: the i-th holds the white dots of the i-th
//     distinct difference and the black dots of the i-th distinct ratio.
//   - "negative" listing ratio, difference or both makes the kropki
//     constraint negative, which black, white or both (the default):
//     the pairs with no dot of either colour hold neither relation, of
//     the dots' values. So does "nonconsecutive" for white dots beside
//     any kropki dot or negative (f-puzzles' nonconsecutive spares the
//     pairs with a dot, as SudokuSolver reads it); alone, it is gattai's
//     nonconsecutive. Either needs the dots to make one kropki
//     constraint, and nonconsecutive white dots of difference 1.
//   - xv is xv, its value X or V.
//   - arrow is arrow: cells the circle (1 to 3 cells, 1 in grids over 9,
//     given in reading order, read as a number that way), lines as
//     f-puzzles gives them: from a cell of the circle, never back into
//     it (f-puzzles does not sum a line's first cell, gattai the circle's
//     cells: the same then). Other arrows are refused.
//   - littlekillersum is littlekiller: the clue cell outside the grid and
//     its direction (UL, UR, DL, DR) give the diagonal's cells, in order
//     from the clue; a clue with no value is skipped with a note.
//   - sandwichsum, xsum and skyscraper (whose value is a count) are
//     sandwich, xsum and skyscraper: the clue cell outside the grid
//     (R0C3, R4C0, R10C3, R4C10 in a 9x9) gives the whole row or column,
//     in order from the clue's side; a clue with no value is skipped.
//   - whispers (value, if any, the least difference), renban, palindrome,
//     betweenline, regionsumline and entropicline are whispers, renban,
//     palindrome, between, regionsum and entropic, a constraint per line.
//   - clone (cells and cloneCells) is clone: one constraint for a copy
//     moved as one, else a clone of one cell per pair (a cell cloned onto
//     itself is skipped); quadruple (cells and values) is quadruple,
//     minimum and maximum (cells) are themselves. f-puzzles
//     compares a minimum or maximum cell only with its neighbours not in
//     the same list: a cell next to another of its list is read as
//     thermometers of two cells, to (minimum) or from (maximum) each of
//     its other neighbours, with a note.
//   - killercage is killer (its value the sum; no value, no repeats only),
//     thermometer is thermo (a constraint per line), odd and even are
//     parity, extraregion is region, disjointgroups is region preset
//     disjoint, and antiknight and antiking are themselves.
//
// Marshal writes each of these back as the key it is read from, so that
// a puzzle read and written reads back the same; the layout's own
// regions (a layout file's "regions") are extraregion too, killer
// cages drawn as pieces a killercage a letter, and disjoint groups of
// boxes other than the default (written as regions, so read back as a
// jigsaw on the default boxes, whose groups differ) an extraregion a
// group. What f-puzzles cannot say exactly is refused with
// ErrUnsupported: a little killer that is not a whole diagonal, a
// sandwich, x-sum or skyscraper clue that is not a whole row or column,
// an arrow's circle out of reading order or its line not starting in or
// beside the circle, a negative kropki constraint beside another kropki constraint or
// negating white dots of a difference other than 1, nonconsecutive
// beside kropki dots, minimum (or maximum) cells next to each other. A
// kropki constraint negating white dots is written as nonconsecutive. An
// arrow's line that starts beside its circle is written from the circle
// cell next to it.
//
// The tests write gattai's own variant puzzles (testdata/variants of the
// module, one a kind) as links and read them back: each keeps its one
// solution.
//
// Errors are placed in the JSON: for a link, in the decompressed JSON,
// which the user never sees, so each message names its key, or for a
// value of the wrong type its path, what was wanted and what was found
// ("grid[0][0]: want an object, found 1"), never a Go type.
// Decompression is bounded by lzstring.DefaultLimit.
package fpuzzles

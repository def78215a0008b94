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
// has no kind for yet, like "arrow", or a key it does not know) is a
// *layouts.ParseError at the key, unwrapping to an *UnsupportedError
// that names it: a puzzle is never solved without one of its rules. An
// empty value ([], false, null) asks for nothing and is not refused.
//
// Mapping: size n takes layouts.DefaultBox(n) boxes (f-puzzles' default),
// and a grid whose "region" indices differ from those boxes is a jigsaw.
// A cell's value is a given when "given" is true, else a solver's entry,
// ignored with a note. diagonal+ and diagonal- together are gattai's
// diagonal; one alone is refused until gattai has single diagonals.
// difference and ratio dots are kropki white and black dots, and only
// with their default values (1 and 2); "negative" listing both ratio and
// difference makes the kropki constraint negative, one alone is refused.
// killercage is killer (its value the sum; no value, no repeats only),
// thermometer is thermo (a constraint per line), odd and even are
// parity, extraregion is region, disjointgroups is region preset
// disjoint, and antiknight, antiking and nonconsecutive are themselves.
//
// Errors are placed in the JSON: for a link, in the decompressed JSON.
// Decompression is bounded by lzstring.DefaultLimit.
package fpuzzles

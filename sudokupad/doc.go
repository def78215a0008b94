// Package sudokupad reads and writes SudokuPad (sudokupad.app) puzzles:
// the scl format, SudokuPad's JSON (often shortened by its PuzzleZipper)
// compressed by lz-string's compressToBase64. ctc, the Cracking the
// Cryptic app's prefix, is the same format.
//
// It sits beside package fpuzzles: Parse turns an scl link, id or JSON
// into a layouts.Puzzle, Marshal and Link write any gattai layout,
// several grids included. SplitID reads SudokuPad addresses and ids for
// both packages (an fpuzzles id is package fpuzzles' to read).
//
// # Inputs Parse accepts
//
//   - an address: https://sudokupad.app/sclPAYLOAD, .../sudoku/sclPAYLOAD,
//     ?puzzleid= or ?puzzle=, https://app.crackingthecryptic.com/...,
//     sudokupad://puzzle/...; the prefix scl or ctc;
//   - an id: sclPAYLOAD or ctcPAYLOAD, or the bare PAYLOAD;
//   - the JSON, plain or zipped.
//
// A short id (https://sudokupad.app/wsj7iunsg6) names a puzzle on
// SudokuPad's server, which gattai does not ask: it is refused with
// ErrNotSCL. Detect says whether a text is one of the accepted forms.
//
// # What is read
//
// The board is SudokuPad's rows of cells; a cell's value is a given.
// Regions must all have the same number of cells n, the digits; the grids
// are the n x n squares of visible cells that no region crosses, each
// with the box shape its regions make (layouts.DefaultBox first), or its
// regions as jigsaw pieces, in reading order. Where the metadata lists
// the grids ("grids": "r1c4 r4c13 ...", their top-left cells, as Marshal
// writes them when the regions alone would make more, or the layout
// lists its grids out of reading order), those squares are the grids,
// in that order, and each must be such a square; or, a cell followed by
// ":none" ("r7c7:none"), a grid without boxes and with no regions of
// its own, any n x n square of visible cells, n given by the other
// grids' regions. Cages with a number are killer cages, without one
// they forbid repeats only. Drawings are read only where their meaning
// is certain, as Marshal draws them:
//
//   - a white (#FFFFFF) square-cornered overlay covering whole cells hides
//     them: they are outside every grid;
//   - a small (at most half a cell) white or black circle overlay on the
//     edge between two cells is a kropki dot; one with a number in it, as
//     Marshal draws it, of that value;
//   - a circle underlay at a cell's centre with a line of its colour
//     starting there through cell centres is a thermometer;
//   - a grey (#CFCFCF) circle or square underlay at a cell's centre, of
//     0.5 to 0.9 cells, marks an odd or even cell;
//   - the kinds Marshal draws (see "What is written"), read only exactly
//     as it draws them (colours in either case; sizes, positions and text
//     as written): X and V; arrows, each from a cell of its circle (a pill
//     over a row or column is one circle, else a circle is one cell, the
//     same circle drawn again is one, as Marshal draws it for each arrow
//     constraint that shares it, and a circle with no arrow is refused);
//     whispers, renban, palindrome,
//     between (with its two circles), region sum and entropic lines;
//     little killers, a number at a place outside the grids with a small
//     black arrow from it along the diagonal, the cells of the puzzle from
//     there on; sandwich, x-sum and skyscraper clues, a number at a place
//     outside the grids that the metadata's clues name ("clues":
//     "sandwich r1c1-r1c9; xsum r9c9-r9c1", as Marshal writes them: the
//     number alone does not tell the kinds apart), the cells named; where
//     a place holds several clues, each number where Marshal puts it
//     among them (toward its own line), in the order named or of the
//     arrows where two are of one line; quadruples, the
//     digits in a circle at a corner, on the cells of the puzzle around it
//     (Marshal draws none for cells of one row or column, as along an
//     edge: the metadata's constraints hold those). A whispers line has
//     the default gap (layouts.WhispersGap): Marshal refuses another.
//
// The metadata's constraints ("constraints": a string holding a JSON
// list of a layout file's constraint objects, see layouts/doc.go) are
// constraints of the puzzle: the rules that Marshal states in the rules
// text with nothing to draw (see "What is written"). Each is read by
// layouts.ParseConstraint, as strictly as a layout file's (an unknown
// field, a key given twice, a value of the wrong type), must be of a
// kind Marshal lists there (diagonal, region as the disjoint preset,
// antiknight, antiking, nonconsecutive, negative kropki and XV, little
// killer, sandwich, x-sum, skyscraper, quadruple, minimum, maximum) and
// is compiled with the grids read (cells in them, sums that can hold,
// grids that exist); an error names the element ("metadata
// constraints[2]: ..."). A negative kropki or XV constraint's dots and
// marks must be drawn, and are read as part of it, not again as
// constraints of their own. The list is at most 1 MiB, and a metadata
// key given twice is refused as a top-level one is.
//
// Every other drawing (lines, arrows, underlays, overlays), a background
// image in the metadata, and any unknown key are refused by name with an
// *UnsupportedError. Of Marshal's own drawings, a clone's shading is
// refused so, saying why (which cells a clone copies only the rules text
// tells), and so is a number outside the grids with no arrow that the
// metadata's clues do not name. The title, author, rules and solution of the
// metadata (or of the older metadata cages, "title: ...") are kept; the
// rules text is not interpreted, which a note says, naming the kinds
// read from the metadata's constraints if it has any. A puzzle from
// SudokuPad or another tool has none: its rules in text alone are lost.
//
// # What is written
//
// Marshal writes plain JSON (SudokuPad reads it as readily as zipped):
// the canvas as the board, the positions outside every grid hidden by
// white overlays, every box (jigsaw piece) of every grid as a region
// (and the grids in the metadata when squares of whole regions lie
// elsewhere too, as around a windmill's centre, or the layout lists its
// grids out of reading order; a grid without boxes has its rows as
// regions, or none where it shares cells with another, whose regions
// its rows would cross: the metadata's grids then mark it ":none", and
// where every grid is so, nothing gives the size and Marshal refuses
// it), killer cages (a cage a letter of those drawn as pieces) and
// extra regions (of region constraints and the layout's own regions) as
// cages, read back as killer cages, thermometers, kropki dots and
// parity marks drawn as above, and rules
// with nothing to draw (diagonal, antiknight, antiking, nonconsecutive,
// disjoint groups, all dots or all X and V given, minimum, maximum) in
// the rules text and, for Parse, in the metadata's constraints, a JSON
// list of a layout file's constraint objects held in a string (which
// SudokuPad keeps as it is, and its zipper leaves alone):
//
//	"constraints": "[{\"kind\":\"diagonal\"},{\"kind\":\"antiking\",\"grid\":2}]"
//
// Disjoint groups follow a grid's box shape, which its jigsaw's pieces,
// written in its place, do not give back: where the shape read back
// (that of the pieces, else the default) would differ, the groups are
// written as cages instead.
//
// The kinds of lines, marks and clues are drawn where SudokuPad has a
// usual drawing, and their rules stated in the text:
//
//   - a kropki dot of another value than 1 (white) or 2 (black) has its
//     value written in it;
//   - an arrow is a white circle (a pill over a row or column of cells)
//     and an arrow from it along each line; its circle must list its
//     cells in reading order, as it is read, else it is refused;
//   - X and V are letters on the edge between their cells;
//   - little killer, sandwich, x-sum and skyscraper clues are numbers in
//     the place before the first of their cells (outside the grid), a
//     little killer's with a small arrow along its diagonal into the
//     place's corner; a place that is a cell of the puzzle gets no
//     number. Where a place holds several clues (a row's and a column's
//     between a Samurai's grids, a column's and little killers' above a
//     grid), each number is smaller and shifted toward its own line: a
//     row's toward the row, a column's toward the column, a little
//     killer's toward its arrow; two of one line (a sandwich and a
//     skyscraper of a row, from one end) alone at their place sit side
//     by side along it. A clue given twice is drawn once. The rules text
//     states each clue with its cells too, and the metadata's clues name
//     the kind and cells of each sandwich, x-sum and skyscraper number
//     drawn;
//   - whispers (green), renban (purple), palindrome (grey), between
//     (light blue, a circle at each end), region sum (blue) and entropic
//     (orange) lines;
//   - a clone's cells and its copy are shaded alike, a colour per clone;
//   - a quadruple's digits are written in a circle where its cells meet.
//
// Clones, quadruples, minima and maxima are stated in the rules text with
// their cells. A clue whose place is a cell of the puzzle (a Samurai's
// row clue at another grid's cell) and a quadruple of one row or column
// are drawn nowhere: the metadata's constraints list them too. With a
// solution of at most 9 digits, the metadata's solution holds a digit per canvas position, "." outside the grids, so
// that SudokuPad checks the answer. Reading written puzzles back gives
// the same grids, boxes and givens, and the constraints of the drawings
// listed under "What is read", and those of the metadata's constraints:
// every constraint Marshal writes but a clone, whose shading is refused
// by name (never guessed). So that no
// drawing reads back as another rule, Marshal refuses (ErrUnsupported)
// a little killer whose drawn clue stops short of the board's edge (it
// would read as the whole diagonal), a quadruple on fewer cells than
// meet at its corner (as all of them), and whispers with another gap
// than the usual (as the usual); and, naming them, clues at one place
// of which two are of one line beside a third, as their numbers could
// not be told apart.
package sudokupad

// Package layouts owns the board: a layout described declaratively
// (grids, box shapes, offsets, extra regions), its compiled Model (cells,
// units, peers), the built-in catalogue, Puzzle and Grid, every text
// format, and Check, which verifies an answer without trusting any engine.
//
// It is the root of the pipeline: every other package imports it, and it
// imports only the standard library.
//
// Short names used throughout: r, c row and column (0-based in code,
// 1-based in messages, as "r1c1"); d a digit 1..N (0 is an empty cell);
// u a unit index; n the number of symbols.
//
// # Symbols
//
// A digit is written 1-9, then A-Z for 10-35 (lowercase accepted); '.'
// or '0' is an empty cell, and so is '-' in line, rows, POJ and Euler
// forms (as janko.at and many books write it), but not in a canvas,
// where '-' is a position outside every grid. ReadOptions.Blank (the
// CLI's --blank) adds more empty-cell characters, like "_x*": printable
// ASCII but blanks, '#', '|' and 1-9; a letter among them is an empty
// cell in either case, never a symbol; in a canvas ' ', '#' and '-'
// among them stay outside every grid. Grids of more than 35 symbols are
// written as whitespace-separated numbers, 0 for an empty cell; line and
// rows forms accept numbers for any grid (a 16x16 row may be "1 2 ... 16").
//
// # Reading
//
// A Reader streams: it reads line by line and holds one puzzle at a time
// (at most the 1025 lines of the first block while detecting the
// format). Line ends may be LF, CRLF or CR alone (old Mac files); a UTF-8 byte-order mark is
// skipped, and text that starts with a UTF-16 one (as Windows PowerShell
// 5 writes) is read as UTF-16, its positions counted in the UTF-8 bytes
// it decodes to. A line longer than 16384 bytes, a canvas of more than 1024
// rows or a grid of more than 64 symbols is refused (ErrTooLarge) before
// anything is allocated for it. A line too long is one error with the
// rest of its puzzle: in line form the line alone; in a canvas its block,
// up to the next blank line; in rows form that block too when it is the
// first row (the size is not known yet), else the grid's n rows.
// Reading goes on after that, unless the line runs past 64 MiB: the
// input ends there (a device such as /dev/zero has no end). Detection
// cannot read a line too long: when the first is one, a line puzzle as
// the next line that is neither blank nor a comment makes the input
// lines, else the rules below decide from its block. A NUL byte, in a
// line too long too, ends the input with one ErrBinary at its place: no
// text holds one, so the rest is not read.
// Errors are *ParseError at file:line:col, 1-based, unwrapping to
// ErrSyntax, ErrSymbol, ErrShape, ErrConflict, ErrTruncated, ErrEmpty,
// ErrTooLarge or ErrBinary. A malformed puzzle consumes its
// own lines and yields one error, and the next Read goes on with the next
// puzzle. Givens repeated in a unit are an ErrConflict placed at the
// second one, naming both cells. The message says more when another
// reading would have no conflict: a 6x6 or 8x8 (any single classic
// grid of oblong boxes) conflicting in a box suggests the transposed
// box ("with boxes 3x2 (--box 3x2) the givens have no conflict"), and a
// canvas whose layout was detected names the other built-ins that it
// fits (see Canvas).
//
// Blank lines (spaces and tabs only) are ignored between puzzles. A line
// starting with '#' is a comment, except in a canvas (see there).
//
// # Line
//
//	file   = { comment | blank | puzzle } .
//	puzzle = n*n cells on one line .
//
// An empty cell is '.', '0' or '-' (or a Blank character).
//
// The cells are the model's in canvas row-major order, so a line holds
// one grid row after row (or, with a multi-grid model, every cell of the
// canvas in reading order). Blanks and '|' between symbols are ignored;
// or cells are n*n whitespace-separated numbers. Without a model the
// length gives the size: 16 cells are 4x4, 36 6x6, 64 8x8, 81 9x9, 144
// 12x12, 256 16x16, 625 25x25 (as numbers also 1296, 2401, 4096).
//
//	4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......
//
// # Rows
//
//	file   = { comment | blank | puzzle } .
//	puzzle = n rows, with separator lines anywhere among them .
//	row    = n symbols, blanks and '|' between them ignored; or n numbers .
//	separator = a line of '-', '=', '+', '|' and blanks, like ------+------,
//	            but not lone '-' between blanks ("- - - | - - -"), a row of empty cells .
//
// An empty cell is '.', '0' or '-' (or a Blank character); a row of
// only empty cells written "---------" reads as a separator, so write
// it "- - - - - - - - -" or with '.'. Puzzles follow one another, with
// or without blank lines between; a blank line inside a puzzle ends it
// early (ErrShape); a separator right after the last row belongs to the
// puzzle. Without a model the first row's length gives n (4, 6, 8, 9,
// 12, 16, 25, 36, 49, 64).
//
//	5 3 . | . 7 . | . . .
//	6 . . | 1 9 5 | . . .
//	------+-------+------
//
// Output mirrors the input (Source.Style, read from the first row and
// the separators): blanks between cells (all, or where the first row
// has them: "..43.8 ....A5"), '|' where the first row has them
// (leading and trailing ones too), the first separator line repeated
// where separators stood, numbers ("10 11 12", right-aligned if the
// first row was) rather than letters, and the empty cell '.', '0' or
// '-' ('-' only between blanks; a Blank character is written '.').
// A puzzle whose Style is zero, like one read in another form, is
// written as n lines of n symbols.
//
// # POJ 2676
//
//	file   = [ count ] { puzzle } .
//	count  = a line of 1 to 8 digits .
//	puzzle = 9 rows of 9 digits, 0 empty .
//
// Puzzles are rows puzzles of 9 (n with a model). The count line is
// optional; input ending before the count is reached is ErrTruncated.
// A first line of more digits that is no row (1000000000 before rows of
// 9) is a count line too large, ErrTooLarge.
// Output is 9 lines of 9 digits per puzzle and nothing else.
//
// # Project Euler 96
//
//	file   = { header puzzle } .
//	header = "Grid" in any case, alone or followed by a digit, a space or
//	         a tab and anything, like "Grid 01" .
//	puzzle = 9 rows of 9 digits, 0 empty .
//
// Source.Header keeps the header line, and output repeats it; a puzzle
// read in another form has none, and is written under "Grid" alone.
//
// # Canvas
//
//	file   = { comment | blank } puzzle { blank { blank } puzzle } .
//	puzzle = one line per canvas row, as many as the layout has rows .
//
// Each character is one canvas position: a symbol for a given, '.' or '0'
// (or a Blank character other than ' ', '#' and '-') for an empty cell,
// and a space, '#' or '-' for a position outside every grid: unlike in
// line and rows forms, '-' is no empty cell here. Trailing fillers may
// be missing. Puzzles are separated by one or
// more blank lines, which is what Format.Separator writes. Grids of more
// than 35 symbols write each position as a number or '-', separated by
// blanks. Output has spaces outside the grids and no trailing spaces; a
// canvas row without any cell is written "-" so that a puzzle never holds
// a blank line. Between puzzles, a line starting with '#' is a comment
// unless it reads as a canvas row: no blanks, only '#', '-', '.' and
// symbols, and a cell right after its leading '#' and '-'. Within a
// puzzle every line is a row.
//
//	6..7.48..   ..5.891..
//	.........   .........
//	...
//	      .....3...
//
// Without a model, each canvas puzzle is matched against every built-in
// layout in sizes 4, 6, 8, 9, 12, 16 and 25 with the default box: the
// positions holding a symbol or '.' must be exactly its cells. When
// several match (a full 12x12 square is a classic 12x12, a butterfly of
// 9x9 grids and a sumo of 4x4 grids), the smallest size that holds every
// symbol written wins, so digits 1-9 only make it a butterfly; among
// layouts of one size the catalogue order decides. Source.Ambiguous
// then names the other built-ins that the canvas fits, with the flags
// that choose them ("a classic 12x12 grid (--size 12)"), and a conflict
// in such a canvas says that the input is ambiguous and which of the
// others would have none: 12 lines of 12 digits read as a butterfly of
// 9x9 grids, and if it conflicts there, "as a classic 12x12 grid
// (--size 12) it has no conflict". When none matches, the error places
// the first difference from a layout of the same size, or reports a
// canvas cut short at the end of the input, or asks for the layout.
//
// # Detection
//
// With Format FormatAuto the format is chosen once, from the first
// content line (after blanks and comments) and the lines that follow it:
//
//  1. a model with more than one grid: line if the first line holds as
//     many cells as the model (as rule 4 counts them, '-' or Blank
//     empty too), else canvas;
//  2. a "Grid" header: Euler;
//  3. a line of 1 to 8 digits followed by a row of n digits, 0 for an
//     empty cell (9 without a model): POJ;
//  4. a line of n*n symbols without blanks, or of n*n numbers each at
//     most n (with a model, as many cells as it has): line; but a line of
//     16 cells whose block (lines up to a blank line) holds a digit above
//     4 is the first row of a 16x16 grid, and goes on to 8;
//  5. with a single-grid model, anything else: rows;
//  6. a line with '|', or a separator line: rows;
//  7. a first line that is no line puzzle followed by one that is, past
//     comments (a bad first puzzle): line; with '-' (or Blank) for empty cells, a first
//     or second line that is a line puzzle, unless the first block has
//     the shape of a built-in layout (where '-' is outside): line;
//  8. a first block (lines up to a blank line) whose shape is a built-in
//     layout: canvas;
//  9. a line of 4, 6, 8, 9, 12, 16, 25, 36, 49 or 64 symbols: rows;
//  10. anything else: canvas, with detection.
//
// A classic grid thus reads as a canvas, which writes the same n lines
// as rows form.
//
// # Layout file
//
// A layout file is JSON describing a Layout; ParseLayoutFile reads it and
// MarshalFile writes it back:
//
//	layout     = { "name": string, "size": n, "box": "RxC" | "none",
//	               "grids": [ placement, ... ], "regions": [ region, ... ],
//	               "constraints": [ constraint, ... ] } .
//	placement  = { "at": "r1c1", "box": "RxC" | "none", "size": n } .
//	region     = { "name": string, "cells": [ "r1c1", ... ] } .
//	constraint = { "kind": kind, fields of that kind ... } .
//
// size is the number of symbols n of every grid (1-64). box is the box
// shape, R*C = n, by default the squarest with no more rows than columns;
// a placement's box overrides it for one grid. "none" (NoBox, the CLI's
// --box none) gives grids of rows and columns only, without box units:
// Latin squares; a built-in layout with no boxes keeps its grids where
// the default box puts them. at is the grid's top-left
// cell on the canvas, 1-based. A region is an extra all-different unit of
// at most n cells (all n hold every digit once), its cells inside grids.
// A name, the layout's or a region's, is printable text on one line, as
// messages show it: no control or format characters.
// A placement's size, if given, must equal the layout's: every grid of a
// layout has the same size. Only size and grids are required; unknown
// fields, a key given twice in an object (field names in any case) and
// anything after the layout are errors, each reported at its line and
// column; a value of the wrong type names its path and what was
// wanted and found ("grids[1].at: want a cell like \"r1c1\", found 5").
//
// A constraint is a variant rule; Kinds lists every kind with the fields
// it reads, and each kind refuses the others. ParseConstraint reads one
// constraint object alone, with the same checks of its JSON, for inputs
// that carry constraints in this form (a SudokuPad link's metadata, as
// package sudokupad writes it); Compile checks its meaning, and compiles
// a constraint given again (the same in every field) once. grid is 1-based and
// applies a per-grid kind to one grid; without it, to every grid.
//
//	diagonal        which, grid           main diagonals all-different; which: positive (/),
//	                                      negative (\\) or both (the default)
//	region          cells | preset, grid  an extra unit; presets windoku, disjoint
//	jigsaw          pieces, grid          n strings of n letters, one per piece, replacing the boxes
//	killer          cells, sum            a cage: no repeated digit, summing to sum if given
//	                | pieces, sums, grid  or every cage at once: n strings of n letters, a
//	                                      letter a cage ('.' none), sums by letter
//	antiknight      grid                  equal digits never a knight's move apart
//	antiking        grid                  equal digits never a king's move apart
//	nonconsecutive  grid                  orthogonal neighbours never differ by 1
//	kropki          white, black, difference, ratio, negative, which, grid
//	                                      pairs of neighbours: white differ by difference (1),
//	                                      black one is ratio (2) times the other; negative: no
//	                                      dot means neither (which: white, black or both)
//	parity          even, odd             cells holding an even or an odd digit
//	thermo          cells                 strictly increasing from the bulb, cells[0]
//	arrow           cells, lines          the circle's 1-3 digits read as a number equal the
//	                                      sum along each line; circle cells on a line skipped
//	xv              x, v, negative, which, grid
//	                                      pairs of neighbours: X sum to 10, V to 5; negative:
//	                                      no mark means neither (which: x, v or both)
//	littlekiller    cells, sum            the cells of a diagonal sum to sum, repeats allowed
//	sandwich        cells, sum            between the 1 and the n of a full row or column
//	xsum            cells, sum            the first x cells of a full row or column sum to
//	                                      sum, x the first cell's digit
//	skyscraper      cells, count          along a full row or column from the clue, count
//	                                      digits are greater than all before them
//	whispers        cells, difference     neighbours on the line differ by at least
//	                                      difference, by default (n+1)/2 (5 for 9x9)
//	renban          cells                 a set of consecutive digits in any order
//	palindrome      cells                 the line reads the same both ways
//	clone           cells, clone          clone, the same shape moved, holds cells' digits
//	quadruple       cells, digits         the digits (repeats counted) are among the cells
//	                                      of a 2x2 square
//	minimum         cells                 each cell less than its orthogonal neighbours
//	maximum         cells                 each cell more than its orthogonal neighbours
//	between         cells                 cells strictly between the line's two ends
//	entropic        cells                 any three in a row on the line: a low, a middle and
//	                                      a high digit (thirds of 1..n; 3 divides n)
//	regionsum       cells                 equal sums in each box the line visits (each visit
//	                                      on its own; a jigsaw listed before gives the pieces)
//
// For example:
//
//	"constraints": [
//	  { "kind": "diagonal", "grid": 3 },
//	  { "kind": "killer", "sum": 15, "cells": [ "r1c1", "r1c2", "r2c1" ] },
//	  { "kind": "kropki", "white": [ [ "r1c1", "r1c2" ] ], "black": [ [ "r2c1", "r3c1" ] ] },
//	  { "kind": "thermo", "cells": [ "r5c5", "r4c4", "r3c3" ] }
//	]
//
// Kinds compile to more all-different units (diagonal, region, jigsaw,
// the cells of a killer cage, of a sandwich's line and of a renban,
// antiknight and antiking pairs) and to Rules (every other kind), which
// Check verifies (RuleHolds) and each engine implements. The relations
// that the engines share with Check are exported here, each defined
// once: DotHolds and KropkiHolds, NonconsecutiveHolds, XVHolds,
// WhispersGap, SandwichSum, ArrowValue, BetweenHolds, EntropicGroup,
// Visible. A twodoku with a diagonal region in its first
// grid (testdata/layouts/twodoku-x.json):
//
//	{
//	  "name": "twodoku-x",
//	  "size": 9,
//	  "box": "3x3",
//	  "grids": [ { "at": "r1c1" }, { "at": "r7c7" } ],
//	  "regions": [
//	    { "name": "diagonal", "cells": [ "r1c1", "r2c2", "r3c3", "r4c4",
//	      "r5c5", "r6c6", "r7c7", "r8c8", "r9c9" ] }
//	  ]
//	}
package layouts

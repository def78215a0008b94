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
package layouts

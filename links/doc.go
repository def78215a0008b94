// Package links reads setters' links: f-puzzles and SudokuPad links,
// ids and JSON (packages fpuzzles and sudokupad), telling the two sites
// apart in one place for the facade's ReadFile, the command and the web
// page.
//
// It sits beside the text formats of package layouts: Parse turns one
// link into a Puzzle, a layouts.Puzzle on its own layout with the notes
// of what it held and gattai ignored; Reader reads a stream of them, one
// a line ('#' comments and blank lines skipped) or one JSON document;
// DetectReader says whether a stream holds links rather than text grids.
//
// Every read is bounded: a link, a line or a JSON document of more than
// MaxLink bytes is an error wrapping layouts.ErrTooLarge. A NUL byte in
// a line is layouts.ErrBinary at its place. Either ends the stream.
//
// Errors are *layouts.ParseError at the link's line and column in the
// input. A position inside a link's decompressed JSON, which the user
// never sees, is left out (the message names the key or element); the
// position of an error in JSON that is the input's own text is the
// input's.
package links

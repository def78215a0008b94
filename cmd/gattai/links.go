package main

import (
	"bufio"
	"fmt"
	"io"

	"gattai/layouts"
	"gattai/links"
	"gattai/records"
)

// linkInput reports whether the input read through br holds setters'
// links (or their JSON) rather than text grids: as --format says, or,
// under auto, as its first line looks (links.DetectReader, which
// --blank tells whether a '{' starts a grid).
func linkInput(f, blank string, br *bufio.Reader) bool {
	switch f {
	case "fpuzzles", "sudokupad":
		return true
	case "auto":
		return links.DetectReader(br, blank)
	}
	return false
}

// recordInput reports whether the input read through br holds gattai's
// own records (--to json): as --format says, or, under auto, as its
// first line looks (records.Detect).
func recordInput(f string, br *bufio.Reader) bool {
	switch f {
	case "json":
		return true
	case "auto":
		return records.Detect(links.Head(br))
	}
	return false
}

// readLinks hands a record for each link of the input to put: one a
// line, or the whole input when it is JSON (links.Reader). Each puzzle
// carries its own layout. Notes on what a link held and gattai ignored
// go to notes.
func readLinks(name, format string, br *bufio.Reader, notes io.Writer, sp *spares, put func(*record) bool) bool {
	site := links.Auto
	switch format {
	case "fpuzzles":
		site = links.FPuzzles
	case "sudokupad":
		site = links.SudokuPad
	}
	return readPuzzles(name, linkReader{links.NewReader(br, name, site), notes}, sp, put)
}

// linkReader is a links.Reader whose puzzles' notes go to notes.
type linkReader struct {
	*links.Reader
	notes io.Writer
}

func (r linkReader) Read() (*layouts.Puzzle, error) {
	p, err := r.Reader.Read()
	for _, n := range r.Notes() {
		fmt.Fprintf(r.notes, "%s:%d: note: %s\n", shown(p.Source.File), p.Source.Line, n)
	}
	return p, err
}

package gattai

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"

	"gattai/encode"
	"gattai/layouts"
	"gattai/links"
	"gattai/records"
)

// ReadFile reads every puzzle of the named file, "-" for standard
// input, as Read does.
func ReadFile(name string, opts layouts.ReadOptions) ([]*layouts.Puzzle, error) {
	var r io.Reader = os.Stdin
	if name != "-" {
		f, err := os.Open(name)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		r = f
	}
	opts.File = name
	return Read(r, opts)
}

// Read reads every puzzle of r, named opts.File in errors: text grids
// in any format layouts reads (detected unless opts.Format says; the
// layout detected unless opts.Model says), or setters' links as the
// command reads them under --format auto: when opts.Format is
// FormatAuto and the first line that is no comment looks like one
// (links.DetectReader), f-puzzles and SudokuPad links, ids or JSON, one
// a line, or one JSON document; or gattai's own records (--to json,
// records.Detect), each record's puzzle on its layout, or on opts.Model
// for a record without one. A link carries its own layout, so
// opts.Model must be nil for links. What a link held and gattai ignored
// is dropped (a links.Reader hands it out). It stops at the first bad
// puzzle, a *layouts.ParseError with its position; a line or JSON
// document of more than links.MaxLink bytes (a record of more than
// records.MaxRecord) is one wrapping layouts.ErrTooLarge.
func Read(r io.Reader, opts layouts.ReadOptions) ([]*layouts.Puzzle, error) {
	br := layouts.UTF8(bufio.NewReaderSize(r, 64<<10))
	if opts.Format == layouts.FormatAuto && records.Detect(links.Head(br)) {
		return layouts.Collect(records.NewReader(br, opts))
	}
	if opts.Format != layouts.FormatAuto || !links.DetectReader(br, opts.Blank) {
		return layouts.ReadAll(br, opts)
	}
	if opts.Model != nil {
		return nil, fmt.Errorf("%s: a setter's link carries its own layout: leave ReadOptions.Model nil", opts.File)
	}
	return layouts.Collect(links.NewReader(br, opts.File, links.Auto))
}

// Export writes p as DIMACS CNF, with the comments that let Decode read
// a solver's answer back, and returns the formula written. It refuses a
// puzzle whose formula would not fit in MaxCNFBytes, and stops writing
// with ctx.Err() when ctx is done.
func Export(ctx context.Context, w io.Writer, p *layouts.Puzzle, enc encode.Options) (*encode.Formula, error) {
	if err := admitCNF(ctx, p, "export", enc); err != nil {
		return nil, err
	}
	f, err := encode.PuzzleContext(ctx, p, enc)
	if err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if err := f.WriteDIMACSContext(ctx, w); err != nil {
		return nil, err
	}
	return f, nil
}

// Decode reads the grid of a solver's satisfying model of f, a formula
// that Export wrote (read back with encode.ParseDIMACS, the model with
// f.ParseModel). It checks the model against every clause of f and the
// grid against the puzzle with layouts.Check. A model that does not fit
// f, or makes a clause false, is an error wrapping encode.ErrModel (a
// *encode.ClauseError names the clause); a grid that breaks the puzzle,
// one wrapping ErrEngine: the encoding is wrong.
func Decode(f *encode.Formula, m encode.Model) (layouts.Grid, error) {
	if err := f.Satisfied(m); err != nil {
		return layouts.Grid{}, err
	}
	g, err := f.Decode(m)
	if err != nil {
		return g, err
	}
	if err := layouts.Check(f.Puzzle, g); err != nil {
		return g, fmt.Errorf("%w: the decoded grid is wrong: %w", ErrEngine, err)
	}
	return g, nil
}

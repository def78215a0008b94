package gattai

import (
	"context"
	"fmt"
	"io"
	"os"

	"gattai/encode"
	"gattai/layouts"
)

// ReadFile reads every puzzle of the named file, "-" for standard
// input, in any format layouts reads (detected unless opts.Format says;
// the layout detected unless opts.Model says). It stops at the first bad
// puzzle, a *layouts.ParseError with its position.
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
	return layouts.ReadAll(r, opts)
}

// Export writes p as DIMACS CNF, with the comments that let Decode read
// a solver's answer back, and returns the formula written. It refuses a
// puzzle whose formula would not fit in MaxCNFBytes, and stops writing
// with ctx.Err() when ctx is done.
func Export(ctx context.Context, w io.Writer, p *layouts.Puzzle, enc encode.Options) (*encode.Formula, error) {
	if err := admitCNF(p, "export", enc); err != nil {
		return nil, err
	}
	f, err := encode.Puzzle(p, enc)
	if err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if err := f.WriteDIMACS(ctxWriter{ctx, w}); err != nil {
		return nil, err
	}
	return f, nil
}

// ctxWriter fails every write once its context is done.
type ctxWriter struct {
	ctx context.Context
	w   io.Writer
}

func (c ctxWriter) Write(b []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	return c.w.Write(b)
}

// Decode reads the grid of a solver's satisfying model of f, a formula
// that Export wrote (read back with encode.ParseDIMACS), and checks it
// against the puzzle with layouts.Check. A model that does not fit f is
// an error wrapping encode.ErrModel; a grid that breaks the puzzle, one
// wrapping ErrEngine: the solver's answer is wrong.
func Decode(f *encode.Formula, m encode.Model) (layouts.Grid, error) {
	g, err := f.Decode(m)
	if err != nil {
		return g, err
	}
	if err := layouts.Check(f.Puzzle, g); err != nil {
		return g, fmt.Errorf("%w: the decoded grid is wrong: %w", ErrEngine, err)
	}
	return g, nil
}

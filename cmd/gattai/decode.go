package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"

	"gattai"
	"gattai/encode"
	"gattai/layouts"
)

type decodeCmd struct {
	CNF   string `arg:"" help:"The CNF file written by gattai export."`
	Model string `arg:"" help:"The solver's answer: minisat's result file, or the s/v lines of cadical, picosat, cryptominisat, kissat."`
}

func (c *decodeCmd) Run(e *env) error {
	// The files are read on their own goroutine, so that a stop ends
	// the run even while an open or a read blocks (a FIFO, a pipe).
	type read struct {
		f     *encode.Formula
		model encode.Model
		err   error
	}
	done := make(chan read, 1)
	go func() {
		f, model, err := c.read(e)
		done <- read{f, model, err}
	}()
	var r read
	select {
	case r = <-done:
	case <-e.ctx.Done():
		return &exitError{exitTimeout, "interrupted"}
	}
	if r.err != nil {
		return r.err
	}
	f, model := r.f, r.model
	switch model.Status {
	case encode.Unsat:
		fmt.Fprintf(e.stdout, "# %s: no solution\n", c.Model)
		return &exitError{exitNoSolution, c.Model + ": the solver found no solution"}
	case encode.Unknown:
		return &exitError{exitTimeout, c.Model + ": the solver gave no answer (unknown)"}
	}
	g, err := gattai.Decode(f, model)
	switch {
	case errors.Is(err, gattai.ErrEngine):
		return &exitError{exitInternal, fmt.Sprintf("%s: %v", c.Model, err)}
	case errors.Is(err, encode.ErrModel):
		if top := maxVar(model.Lits); top != f.NumVars {
			err = fmt.Errorf("%w (it names variables up to %d, %s has %d: a model of another CNF?)", err, top, c.CNF, f.NumVars)
		}
		return decodeError(e, err, c.Model)
	case err != nil:
		return decodeError(e, err, c.Model)
	}
	w := bufio.NewWriter(e.stdout)
	if err := layouts.WriteGrid(w, f.Puzzle, g); err != nil {
		return err
	}
	return w.Flush()
}

// read reads the CNF and the solver's model of it.
func (c *decodeCmd) read(e *env) (*encode.Formula, encode.Model, error) {
	cf, err := os.Open(c.CNF)
	if err != nil {
		return nil, encode.Model{}, &exitError{exitBadInput, shownPath(err).Error()}
	}
	defer cf.Close()
	f, err := encode.ParseDIMACS(bufio.NewReader(ctxReader{e.ctx, cf}))
	if err != nil {
		return nil, encode.Model{}, decodeError(e, err, c.CNF)
	}
	mf, err := os.Open(c.Model)
	if err != nil {
		return nil, encode.Model{}, &exitError{exitBadInput, shownPath(err).Error()}
	}
	defer mf.Close()
	model, err := f.ParseModel(bufio.NewReader(ctxReader{e.ctx, mf}), c.Model)
	if err != nil {
		return nil, encode.Model{}, decodeError(e, err, c.Model)
	}
	return f, model, nil
}

// decodeError is the exit for a file decode could not read: a stop, or
// bad input named by its file (and position, when known).
func decodeError(e *env, err error, name string) error {
	if e.ctx.Err() != nil {
		return &exitError{exitTimeout, "interrupted"}
	}
	return &exitError{exitBadInput, named(err, name).Error()}
}

// named puts a file's name on a ParseError that lacks one, and on any
// other error in front.
func named(err error, name string) error {
	var pe *layouts.ParseError
	if errors.As(err, &pe) {
		if pe.File == "" || pe.File == "-" {
			pe.File = name
		}
		return err
	}
	var fe *fs.PathError
	if errors.As(err, &fe) && fe.Path == name { // "read d: is a directory"
		return err
	}
	return fmt.Errorf("%s: %w", name, err)
}

// ctxReader fails every read once its context is done, so that a long
// read stops on a signal.
type ctxReader struct {
	ctx context.Context
	r   io.Reader
}

func (c ctxReader) Read(b []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	return c.r.Read(b)
}

// maxVar is the largest variable a model names.
func maxVar(lits []int) int {
	top := 0
	for _, l := range lits {
		top = max(top, l, -l)
	}
	return top
}

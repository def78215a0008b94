package main

import (
	"bufio"
	"errors"
	"fmt"
	"sync/atomic"

	"gattai"
	"gattai/layouts"
)

type exportCmd struct {
	inputFlags
	encodingFlags
	Output string `short:"o" help:"CNF file. With several puzzles, out.cnf becomes out-001.cnf, out-002.cnf, ... (at least 3 digits). The name is literal. Default: standard output (one puzzle only)." placeholder:"FILE"`
}

func (c *exportCmd) Run(e *env) error {
	enc, err := c.options()
	if err != nil {
		return &exitError{exitBadInput, err.Error()}
	}
	m, err := c.model()
	if err == nil {
		err = c.checkBlank()
	}
	if err != nil {
		return &exitError{exitBadInput, err.Error()}
	}
	fs := &files{e: e, name: c.Output, ext: ".cnf"}
	toFile := c.Output != "" && c.Output != "-"
	var n atomic.Int64
	var bad int
	var runErr error
	handle := func(rec *record) bool {
		if err := e.ctx.Err(); err != nil {
			runErr = err
			return false
		}
		if rec.err != nil {
			fmt.Fprintln(e.stderr, errorText(rec))
			bad++
			return true
		}
		var o *output
		if o, runErr = fs.next(); runErr != nil {
			return false
		}
		w := bufio.NewWriter(o)
		f, err := gattai.Export(e.ctx, w, rec.puzzle, enc)
		if err == nil {
			err = w.Flush()
		}
		switch {
		case err == nil:
		case errors.Is(err, layouts.ErrTooLarge) || errors.Is(err, layouts.ErrPuzzle) || errors.Is(err, layouts.ErrUnsupported):
			fs.skip(o)
			fmt.Fprintf(e.stderr, "%s: %v\n", rec.where(), err)
			bad++
			return true
		case e.ctx.Err() != nil:
			o.abort()
			runErr = err
			return false
		default:
			o.abort()
			runErr = o.named(err)
			return false
		}
		var note func(string)
		if toFile {
			note = func(name string) {
				fmt.Fprintf(e.stderr, "%s: %s (%d variables, %d clauses)\n", rec.where(), name, f.NumVars, len(f.Clauses))
			}
		}
		if runErr = fs.done(o, note); runErr != nil {
			return false
		}
		return true
	}
	// The input is read on its own goroutine, so that a stop ends the
	// run even while a read blocks (a terminal, a silent pipe).
	recs, quit := make(chan *record), make(chan struct{})
	defer close(quit)
	go func() {
		defer close(recs)
		readAll(c.sources(e.stdin), reading{c.Format, m, e.stderr, c.Blank, nil}, &n, func(rec *record) bool {
			select {
			case recs <- rec:
				return true
			case <-quit:
				return false
			}
		})
	}()
	for more := true; more; {
		select {
		case rec, ok := <-recs:
			more = ok && handle(rec)
		case <-e.ctx.Done():
			more = false
		}
	}
	if runErr == nil && e.ctx.Err() == nil {
		runErr = fs.close()
	} else {
		fs.abort()
	}
	switch {
	case e.ctx.Err() != nil:
		return &exitError{exitTimeout, fmt.Sprintf("interrupted after %s", puzzles(max(fs.n-1, 0)))}
	case runErr != nil:
		var xe *exitError
		if errors.As(runErr, &xe) {
			return xe
		}
		return &exitError{exitBadInput, runErr.Error()}
	case bad > 0:
		return &exitError{code: exitBadInput}
	}
	return nil
}

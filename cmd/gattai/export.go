package main

import (
	"bufio"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
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
	if err != nil {
		return &exitError{exitBadInput, err.Error()}
	}
	toFile := c.Output != "" && c.Output != "-"
	// Puzzles stream: each CNF is written as its puzzle is read. The
	// first waits uncommitted until the next shows whether names are
	// numbered.
	var pending *output
	var pendingRec *record
	var n atomic.Int64
	var bad int
	var runErr error
	commit := func(o *output, rec *record, name string) error {
		if o.dest != "" && name != c.Output {
			dest, err := resolve(name)
			if err != nil {
				return o.named(err)
			}
			o.dest = dest
		}
		if err := o.commit(); err != nil {
			return err
		}
		if toFile {
			fmt.Fprintf(e.stderr, "%s: %s (%d variables, %d clauses)\n", rec.where(), name, rec.out.Vars, rec.out.Clauses)
		}
		return nil
	}
	count := 0
	readAll(c.sources(e.stdin), c.format(), m, &n, func(rec *record) bool {
		if err := e.ctx.Err(); err != nil {
			runErr = err
			return false
		}
		if rec.err != nil {
			fmt.Fprintln(e.stderr, errorText(rec))
			bad++
			return true
		}
		count++
		if count == 2 && !toFile {
			runErr = &exitError{exitBadInput, "several puzzles: name the files with -o (out.cnf becomes out-001.cnf, ...)"}
			return false
		}
		if count == 2 {
			if runErr = commit(pending, pendingRec, numbered(c.Output, 1)); runErr != nil {
				return false
			}
			pending = nil
		}
		o, err := createOutput(e, c.Output)
		if err != nil {
			runErr = err
			return false
		}
		w := bufio.NewWriter(o)
		f, err := gattai.Export(e.ctx, w, rec.puzzle, enc)
		if err == nil {
			err = w.Flush()
		}
		if err != nil {
			o.abort()
			if errors.Is(err, e.ctx.Err()) {
				runErr = err
			} else if errors.Is(err, layouts.ErrTooLarge) || errors.Is(err, layouts.ErrPuzzle) {
				fmt.Fprintf(e.stderr, "%s: %v\n", rec.where(), err)
				bad++
				return true
			} else {
				runErr = o.named(err)
			}
			return false
		}
		rec.out.Vars, rec.out.Clauses = f.NumVars, len(f.Clauses)
		if count == 1 {
			pending, pendingRec = o, rec
			return true
		}
		if runErr = commit(o, rec, numbered(c.Output, count)); runErr != nil {
			return false
		}
		return true
	})
	if pending != nil {
		if runErr == nil {
			runErr = commit(pending, pendingRec, c.Output)
		} else {
			pending.abort()
		}
	}
	switch {
	case e.ctx.Err() != nil:
		return &exitError{exitTimeout, fmt.Sprintf("interrupted after %d puzzles", max(count-1, 0))}
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

// numbered is the name of the i-th of several CNF files: out.cnf becomes
// out-001.cnf; the number has at least 3 digits.
func numbered(name string, i int) string {
	ext := filepath.Ext(name)
	return fmt.Sprintf("%s-%03d%s", strings.TrimSuffix(name, ext), i, ext)
}

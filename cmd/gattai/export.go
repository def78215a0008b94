package main

import (
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"gattai/encode"
	"gattai/layouts"
)

type exportCmd struct {
	inputFlags
	encodingFlags
	Output string `short:"o" help:"CNF file; with several puzzles a pattern such as out-%03d.cnf, or out.cnf becomes out-001.cnf, ... Default: standard output (one puzzle only)." placeholder:"FILE" type:"path"`
}

func (c *exportCmd) Run(e *env) error {
	opts, err := c.options()
	if err != nil {
		return &exitError{exitBadInput, err.Error()}
	}
	m, err := c.model()
	if err != nil {
		return &exitError{exitBadInput, err.Error()}
	}
	var puzzles []*layouts.Puzzle // a CNF per puzzle; names need the count
	bad := 0
	for _, s := range c.sources(e.stdin) {
		rc, err := s.open()
		if err != nil {
			return &exitError{exitBadInput, err.Error()}
		}
		r := layouts.NewReader(rc, layouts.ReadOptions{File: s.name, Format: c.format(), Model: m})
		for {
			p, err := r.Read()
			if err == io.EOF {
				break
			}
			var pe *layouts.ParseError
			if errors.As(err, &pe) {
				fmt.Fprintln(e.stderr, err)
				bad++
				continue
			}
			if err != nil {
				rc.Close()
				return &exitError{exitBadInput, err.Error()}
			}
			puzzles = append(puzzles, p)
		}
		rc.Close()
	}
	if len(puzzles) > 1 && (c.Output == "" || c.Output == "-") {
		return &exitError{exitBadInput, fmt.Sprintf("%d puzzles: name the files with -o (e.g. -o out-%%03d.cnf)", len(puzzles))}
	}
	for i, p := range puzzles {
		f, err := encode.Puzzle(p, opts)
		if err != nil {
			return &exitError{exitBadInput, err.Error()}
		}
		name := numbered(c.Output, i+1, len(puzzles))
		out, err := (&outputFlags{Output: name}).create(e)
		if err != nil {
			return err
		}
		if err := f.WriteDIMACS(out); err != nil {
			out.abort()
			return err
		}
		if err := out.commit(); err != nil {
			return err
		}
		if name != "" && name != "-" {
			fmt.Fprintf(e.stderr, "%s:%d: %s (%d variables, %d clauses)\n", p.Source.File, p.Source.Line, name, f.NumVars, len(f.Clauses))
		}
	}
	if bad > 0 {
		return &exitError{code: exitBadInput}
	}
	return nil
}

// numbered is the output name of puzzle i of n: a printf pattern, or
// name-001.ext when there are several puzzles.
func numbered(name string, i, n int) string {
	switch {
	case strings.Contains(name, "%"):
		return fmt.Sprintf(name, i)
	case n == 1 || name == "" || name == "-":
		return name
	}
	ext := filepath.Ext(name)
	width := len(fmt.Sprint(n))
	return fmt.Sprintf("%s-%0*d%s", strings.TrimSuffix(name, ext), max(width, 3), i, ext)
}

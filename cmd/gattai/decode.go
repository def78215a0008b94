package main

import (
	"bufio"
	"errors"
	"fmt"
	"os"

	"gattai/encode"
	"gattai/layouts"
)

type decodeCmd struct {
	CNF   string `arg:"" type:"existingfile" help:"The CNF file written by gattai export."`
	Model string `arg:"" type:"existingfile" help:"The solver's answer: minisat's result file, or the s/v lines of cadical, picosat, cryptominisat, kissat."`
}

func (c *decodeCmd) Run(e *env) error {
	cf, err := os.Open(c.CNF)
	if err != nil {
		return &exitError{exitBadInput, err.Error()}
	}
	defer cf.Close()
	f, err := encode.ParseDIMACS(bufio.NewReader(cf))
	if err != nil {
		return &exitError{exitBadInput, named(err, c.CNF).Error()}
	}
	mf, err := os.Open(c.Model)
	if err != nil {
		return &exitError{exitBadInput, err.Error()}
	}
	defer mf.Close()
	model, err := encode.ParseModel(bufio.NewReader(mf), c.Model)
	if err != nil {
		return &exitError{exitBadInput, named(err, c.Model).Error()}
	}
	switch model.Status {
	case encode.Unsat:
		fmt.Fprintf(e.stdout, "# %s: no solution\n", c.Model)
		return &exitError{exitNoSolution, c.Model + ": the solver found no solution"}
	case encode.Unknown:
		return &exitError{exitTimeout, c.Model + ": the solver gave no answer (unknown)"}
	}
	g, err := f.Decode(model)
	if err != nil {
		hint := ""
		if top := maxVar(model.Lits); top != f.NumVars {
			hint = fmt.Sprintf(" (it names variables up to %d, %s has %d: a model of another CNF?)", top, c.CNF, f.NumVars)
		}
		pe := &layouts.ParseError{File: c.Model, Line: 1, Col: 1, Err: fmt.Errorf("%w%s", err, hint)}
		return &exitError{exitBadInput, pe.Error()}
	}
	if err := layouts.Check(f.Puzzle, g); err != nil {
		return &exitError{exitInternal, fmt.Sprintf("%s: the decoded grid is wrong: %v", c.Model, err)}
	}
	w := bufio.NewWriter(e.stdout)
	if err := layouts.WriteGrid(w, f.Puzzle, g); err != nil {
		return err
	}
	return w.Flush()
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
	return fmt.Errorf("%s: %w", name, err)
}

func maxVar(lits []int) int {
	top := 0
	for _, l := range lits {
		top = max(top, l, -l)
	}
	return top
}

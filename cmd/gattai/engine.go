package main

import (
	"errors"
	"fmt"
	"os/exec"
	"runtime"
	"strings"
	"time"

	"gattai"
	"gattai/encode"
)

// engineFlags choose how puzzles are solved.
type engineFlags struct {
	Engine string `short:"e" enum:"auto,backtrack,sat,external" default:"auto" help:"Engine: ${enum}. auto runs backtrack, and on hard 16x16 and larger puzzles races --solver (if on the PATH, else gophersat) beside it: the first answer wins."`
	Solver string `default:"cadical" help:"DIMACS solver binary for --engine external (minisat, cadical, picosat, cryptominisat5, kissat or a path)."`
	encodingFlags
	Verify  *bool         `negatable:"" help:"Solve again with the other engine and fail on disagreement (default: on for sat and external)."`
	Timeout time.Duration `help:"Stop the whole run after this long (e.g. 100ms, 30s); ${timeout_left}."`
	Stats   bool          `help:"Print statistics on stderr: per puzzle with one puzzle, a summary with more."`
	Jobs    int           `short:"j" default:"0" help:"Puzzles ${jobs_done} at once; 0 uses every core, and at most ${maxjobs_factor} times the cores run."`

	verb string // what the progress line says is done: "solving" if empty
}

// maxJobsFactor caps --jobs at this many workers per core: more only
// costs memory.
const maxJobsFactor = 4

// encodingFlags choose how the SAT engines and export encode a puzzle.
type encodingFlags struct {
	Encoding    string `default:"auto" help:"At-most-one encoding for the SAT engines: auto, ${encodings}." predictor:"encoding"`
	SumEncoding string `default:"auto" help:"Killer sum encoding for the SAT engines: auto, ${sums}." predictor:"sum-encoding"`
}

// options parses the flags; auto leaves the choice to encode.
func (f *encodingFlags) options() (encode.Options, error) {
	var o encode.Options
	var err error
	if f.Encoding != "" && f.Encoding != "auto" {
		if o.AMO, err = encode.ParseAMO(f.Encoding); err != nil {
			return o, err
		}
	}
	if f.SumEncoding != "" && f.SumEncoding != "auto" {
		if o.Sum, err = encode.ParseSum(f.SumEncoding); err != nil {
			return o, err
		}
	}
	return o, nil
}

// options checks the flags and makes the solver options, up front: a
// bad flag or a missing solver is said once, not once per puzzle.
func (f *engineFlags) options() (gattai.Options, error) {
	enc, err := f.encodingFlags.options()
	if err != nil {
		return gattai.Options{}, err
	}
	if f.Timeout < 0 {
		return gattai.Options{}, fmt.Errorf("--timeout %v: must not be negative (0 means none)", f.Timeout)
	}
	if f.Jobs < 0 {
		return gattai.Options{}, fmt.Errorf("--jobs %d: must not be negative (0 uses every core)", f.Jobs)
	}
	o := gattai.Options{Engine: f.Engine, Solver: f.Solver, Encoding: enc}
	if f.Verify != nil {
		o.Verify = gattai.VerifyOff
		if *f.Verify {
			o.Verify = gattai.VerifyOn
		}
	}
	if f.Engine == gattai.EngineExternal {
		if _, err := exec.LookPath(f.Solver); err != nil {
			if strings.ContainsAny(f.Solver, " \t") {
				return o, fmt.Errorf("--solver %q: %w (it takes a program, not its arguments: put them in a script that runs it)", f.Solver, errors.Unwrap(err))
			}
			return o, fmt.Errorf("--solver %s: %w", f.Solver, errors.Unwrap(err))
		}
	}
	return o, nil
}

// jobs is the number of workers: --jobs, 0 for every core, capped.
func (f *engineFlags) jobs() int {
	cores := runtime.GOMAXPROCS(0)
	if f.Jobs <= 0 {
		return cores
	}
	return min(f.Jobs, maxJobsFactor*cores)
}

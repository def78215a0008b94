package sat

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"gattai/encode"
	"gattai/layouts"
)

// External is an engine that runs a DIMACS SAT solver as a process on
// the exported CNF. Solver is a name looked up on the PATH or a path.
// minisat (any name starting "minisat") is run as "minisat in.cnf
// out.txt" and its result file read; every other solver (cadical,
// kissat, picosat, cryptominisat5, ...) as "solver in.cnf" with the
// answer in "s" and "v" lines on its standard output. Exit status 10
// means SAT, 20 UNSAT; the verdict in the output must agree.
type External struct {
	Solver string
}

// ErrNoSolver is wrapped when an external solver's binary is missing.
var ErrNoSolver = errors.New("not found")

// ErrUnknown is wrapped by the error of a solver that answered UNKNOWN:
// it gave up (on a limit of its own, say), which is no fault of the
// puzzle nor of the solver.
var ErrUnknown = errors.New("no answer")

// Name is the engine's name in a Result: the solver's file name.
func (e External) Name() string { return filepath.Base(e.Solver) }

// Solve looks for one grid: Count with limit 1.
func (e External) Solve(ctx context.Context, p *layouts.Puzzle, opts Options) (Result, error) {
	opts.Limit = 1
	return e.Count(ctx, p, opts)
}

// Count counts p's grids up to opts.Limit (less than 1 means 1): export the CNF to a
// temporary file, run the solver, parse its model with
// Formula.ParseModel as it is printed, check it against every clause
// (Formula.Satisfied), decode and check the grid, then append the
// clause that blocks it and run the solver again.
//
// The solver runs in its own process group, and when ctx is done the
// whole group is killed (a wrapper script's children too) and Count
// returns ctx.Err(), promptly even while it encodes or writes the CNF;
// when the solver exits, whatever it left running in its group is
// killed too.
// Whatever the solver prints, Count holds a bounded amount of it: the
// model, and the last 4 KB of its standard error (and output) for
// messages. The temporary directory is removed on every path.
//
// A missing solver is an error wrapping ErrNoSolver. A solver that
// crashes (a signal, an exit status other than 0, 10 and 20), prints
// an answer that does not parse or does not agree with its status, or
// gives a model that breaks a clause or the puzzle, is an error
// wrapping ErrEngine; one that answers UNKNOWN, ErrUnknown.
func (e External) Count(ctx context.Context, p *layouts.Puzzle, opts Options) (Result, error) {
	res := Result{Engine: e.Name()}
	path, err := exec.LookPath(e.Solver)
	if err != nil {
		if strings.ContainsRune(e.Solver, filepath.Separator) {
			return res, fmt.Errorf("solver %q %w", e.Solver, ErrNoSolver)
		}
		return res, fmt.Errorf("solver %q %w on PATH", e.Solver, ErrNoSolver)
	}
	f, err := opts.formula(ctx, p)
	if err != nil {
		return res, err
	}
	res.Vars, res.Clauses = f.NumVars, len(f.Clauses)
	dir, err := os.MkdirTemp("", "gattai-sat-")
	if err != nil {
		return res, err
	}
	defer os.RemoveAll(dir)
	cnf, out := filepath.Join(dir, "puzzle.cnf"), filepath.Join(dir, "model.txt")
	var seen counted
	for limit := max(opts.Limit, 1); res.Count < limit; {
		if err := writeFile(ctx, cnf, f); err != nil {
			return res, err
		}
		m, err := e.run(ctx, f, path, cnf, out)
		if err != nil {
			return res, err
		}
		if m.Status == encode.Unsat {
			break
		}
		if err := f.Satisfied(m); err != nil {
			return res, fmt.Errorf("%s: %w: %w", e.Name(), ErrEngine, err)
		}
		g, err := decodeChecked(f, m, &seen)
		if err != nil {
			return res, fmt.Errorf("%s: %w", e.Name(), err)
		}
		if res.Count++; res.Count == 1 {
			res.Grid = g
		}
		block := f.Block(g)
		if len(block) == 0 {
			break
		}
		f.Clauses = append(f.Clauses, block)
	}
	return res, nil
}

// writeFile writes f's CNF to name, stopping with ctx.Err() when ctx
// is done.
func writeFile(ctx context.Context, name string, f *encode.Formula) error {
	w, err := os.Create(name)
	if err != nil {
		return err
	}
	if err := f.WriteDIMACSContext(ctx, w); err != nil {
		w.Close()
		return err
	}
	return w.Close()
}

// tail keeps the last max bytes written to it.
type tail struct {
	b   []byte
	max int
}

func (t *tail) Write(b []byte) (int, error) {
	n := len(b)
	if len(b) > t.max {
		b = b[len(b)-t.max:]
	}
	if len(t.b)+len(b) > 2*t.max {
		t.b = append(t.b[:0], t.b[len(t.b)-(t.max-len(b)):]...)
	}
	t.b = append(t.b, b...)
	return n, nil
}

func (t *tail) Bytes() []byte { return t.b[max(0, len(t.b)-t.max):] }

// tailBytes is how much of a solver's standard error and output is
// kept for messages.
const tailBytes = 4 << 10

// run runs the solver once on cnf and reads its answer for f.
func (e External) run(ctx context.Context, f *encode.Formula, path, cnf, out string) (encode.Model, error) {
	name := e.Name()
	minisat := strings.HasPrefix(name, "minisat")
	args := []string{cnf}
	if minisat {
		os.Remove(out)
		args = append(args, out)
	}
	// stop kills the solver when its output does not parse, as when ctx
	// is done: it need not run on.
	runCtx, stop := context.WithCancel(ctx)
	defer stop()
	cmd := exec.CommandContext(runCtx, path, args...)
	ownGroup(cmd) // killed whole: a wrapper script's children hold the pipes
	cmd.WaitDelay = time.Second
	stdout, stderr := &tail{max: tailBytes}, &tail{max: tailBytes}
	cmd.Stderr = stderr
	source := name + " output"
	type parsed struct {
		m   encode.Model
		err error
	}
	var (
		pw     *io.PipeWriter
		answer chan parsed
	)
	if minisat {
		cmd.Stdout = stdout
	} else {
		// Parse the answer as it comes: the model is all that is kept.
		var pr *io.PipeReader
		pr, pw = io.Pipe()
		cmd.Stdout = io.MultiWriter(stdout, pw)
		answer = make(chan parsed, 1)
		go func() {
			m, err := f.ParseModel(pr, source)
			if err != nil {
				stop()
			}
			io.Copy(io.Discard, pr) // until the solver is gone
			answer <- parsed{m, err}
		}()
	}
	err := cmd.Run()
	endGroup(cmd) // what the solver left running dies with it
	// Before the pipe closes, only a bad answer stops the solver: an
	// answer cut short fails to parse after this, at its end.
	stoppedForAnswer := runCtx.Err() != nil
	if pw != nil {
		pw.Close()
	}
	var got parsed
	if answer != nil {
		got = <-answer
	}
	if ctx.Err() != nil {
		return encode.Model{}, ctx.Err()
	}
	if got.err != nil && stoppedForAnswer {
		// The answer did not parse, and the solver was stopped for it.
		return encode.Model{}, fmt.Errorf("%w: %w", ErrEngine, got.err)
	}
	code := 0
	var ee *exec.ExitError
	signal := ""
	if errors.As(err, &ee) {
		signal = signalName(ee)
		code = ee.ExitCode()
	} else if err != nil {
		return encode.Model{}, fmt.Errorf("running %s: %w", name, err)
	}
	switch {
	case signal != "":
		return encode.Model{}, fmt.Errorf("%w: %s killed by signal %s: %s", ErrEngine, name, signal, lastLine(stderr.Bytes(), stdout.Bytes()))
	case code != 0 && code != 10 && code != 20:
		return encode.Model{}, fmt.Errorf("%w: %s exited with status %d: %s", ErrEngine, name, code, lastLine(stderr.Bytes(), stdout.Bytes()))
	case got.err != nil:
		return encode.Model{}, fmt.Errorf("%w: %w", ErrEngine, got.err)
	}
	m := got.m
	if minisat {
		r, err := os.Open(out)
		if err != nil {
			return encode.Model{}, fmt.Errorf("%w: %s wrote no result file (exit status %d): %w", ErrEngine, name, code, err)
		}
		m, err = f.ParseModel(r, name+" result file")
		r.Close()
		if err != nil {
			return encode.Model{}, fmt.Errorf("%w: %w", ErrEngine, err)
		}
	}
	switch {
	case m.Status == encode.Unknown:
		return m, fmt.Errorf("%w: %s answered %s", ErrUnknown, name, m.Status)
	case code == 10 && m.Status != encode.Sat, code == 20 && m.Status != encode.Unsat:
		return m, fmt.Errorf("%w: %s exited with status %d but answered %s", ErrEngine, name, code, m.Status)
	}
	return m, nil
}

// lastLine is the last non-empty line of the first output that has one.
func lastLine(outputs ...[]byte) string {
	for _, b := range outputs {
		lines := strings.Split(strings.TrimSpace(string(b)), "\n")
		if s := strings.TrimSpace(lines[len(lines)-1]); s != "" {
			return s
		}
	}
	return "no output"
}

package sat

import (
	"bytes"
	"context"
	"errors"
	"fmt"
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

// Name is the engine's name in a Result: the solver's file name.
func (e External) Name() string { return filepath.Base(e.Solver) }

// Solve looks for one grid: Count with limit 1.
func (e External) Solve(ctx context.Context, p *layouts.Puzzle, opts Options) (Result, error) {
	opts.Limit = 1
	return e.Count(ctx, p, opts)
}

// Count counts p's grids up to opts.Limit (less than 1 means 1): export the CNF to a
// temporary file, run the solver, parse its model with
// encode.ParseModel, decode and check the grid, then append the clause
// that blocks it and run the solver again. When ctx is done the process
// is killed and Count returns ctx.Err().
func (e External) Count(ctx context.Context, p *layouts.Puzzle, opts Options) (Result, error) {
	res := Result{Engine: e.Name()}
	path, err := exec.LookPath(e.Solver)
	if err != nil {
		if strings.ContainsRune(e.Solver, filepath.Separator) {
			return res, fmt.Errorf("solver %q %w", e.Solver, ErrNoSolver)
		}
		return res, fmt.Errorf("solver %q %w on PATH", e.Solver, ErrNoSolver)
	}
	f, err := encode.Puzzle(p, opts.encode())
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
		if err := writeFile(cnf, f); err != nil {
			return res, err
		}
		m, err := e.run(ctx, path, cnf, out)
		if err != nil {
			return res, err
		}
		if m.Status == encode.Unsat {
			break
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

func writeFile(name string, f *encode.Formula) error {
	w, err := os.Create(name)
	if err != nil {
		return err
	}
	if err := f.WriteDIMACS(w); err != nil {
		w.Close()
		return err
	}
	return w.Close()
}

// run runs the solver once on cnf and reads its answer.
func (e External) run(ctx context.Context, path, cnf, out string) (encode.Model, error) {
	name := e.Name()
	minisat := strings.HasPrefix(name, "minisat")
	args := []string{cnf}
	if minisat {
		os.Remove(out)
		args = append(args, out)
	}
	cmd := exec.CommandContext(ctx, path, args...)
	cmd.WaitDelay = time.Second
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	if ctx.Err() != nil {
		return encode.Model{}, ctx.Err()
	}
	code := 0
	var ee *exec.ExitError
	switch {
	case errors.As(err, &ee):
		code = ee.ExitCode()
	case err != nil:
		return encode.Model{}, fmt.Errorf("running %s: %w", name, err)
	}
	if code != 0 && code != 10 && code != 20 {
		return encode.Model{}, fmt.Errorf("%s exited with status %d: %s", name, code, lastLine(stderr.Bytes(), stdout.Bytes()))
	}
	answer, source := stdout.Bytes(), name+" output"
	if minisat {
		if answer, err = os.ReadFile(out); err != nil {
			return encode.Model{}, fmt.Errorf("%s wrote no result file (exit status %d): %w", name, code, err)
		}
		source = name + " result file"
	}
	m, err := encode.ParseModel(bytes.NewReader(answer), source)
	if err != nil {
		return m, err
	}
	switch {
	case m.Status == encode.Unknown:
		return m, fmt.Errorf("%s answered %s", name, m.Status)
	case code == 10 && m.Status != encode.Sat, code == 20 && m.Status != encode.Unsat:
		return m, fmt.Errorf("%s exited with status %d but answered %s", name, code, m.Status)
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

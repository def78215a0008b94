// Command gattai solves Sudoku on any layout of overlapping grids.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/signal"
	"runtime/pprof"
	"strconv"
	"strings"
	"syscall"

	"gattai/encode"
	"gattai/generate"
	_ "gattai/internal/stackstart" // first, for its init
	"gattai/internal/version"

	"github.com/alecthomas/kong"
)

// Exit codes, documented in --help and README.
const (
	exitOK         = 0 // every puzzle solved (or counted)
	exitNoSolution = 1 // some puzzle has no solution, or several
	exitBadInput   = 2 // bad input or usage: nothing or not everything was read
	exitTimeout    = 3 // the run hit --timeout, or a SAT solver gave up
	exitInternal   = 4 // an engine failed or two engines disagreed
)

const exitHelp = `Exit codes:
  0  every puzzle solved (count: every puzzle counted)
  1  some puzzle has no solution, or several (solve without --first, explain, rate, hint, steps)
  2  bad input or usage; the other puzzles are still processed
  3  the run hit --timeout or was interrupted, or a SAT solver gave no answer (UNKNOWN)
  4  internal error: an engine failed, or two engines disagreed
When several apply, the highest wins.`

type cli struct {
	Version    versionFlag `help:"Print the version and exit."`
	CPUProfile string      `hidden:"" type:"path" help:"Write a CPU profile to FILE."`

	Solve    solveCmd    `cmd:"" help:"Solve puzzles and print each solution in the input's format."`
	Count    countCmd    `cmd:"" help:"Count each puzzle's solutions up to a limit: 0, 1, or N+ when the search stopped at the limit."`
	Explain  explainCmd  `cmd:"" help:"For a puzzle with no solution, print a minimal set of givens that cannot all hold; for one with several, the cells where two solutions differ."`
	Generate generateCmd `cmd:"" help:"Make puzzles with exactly one solution, minimal by default, on any layout."`
	Rate     rateCmd     `cmd:"" help:"Rate each puzzle as a person would solve it: score, label, hardest technique."`
	Hint     hintCmd     `cmd:"" help:"Print the next logical step of each puzzle."`
	Steps    stepsCmd    `cmd:"" help:"Print the whole logical path of each puzzle, step by step."`
	Convert  convertCmd  `cmd:"" help:"Write each puzzle, unsolved, in another format: a text grid, JSON, an f-puzzles or SudokuPad link, or an SVG picture."`
	Export   exportCmd   `cmd:"" help:"Write each puzzle as DIMACS CNF for any SAT solver."`
	Decode   decodeCmd   `cmd:"" help:"Read a SAT solver's answer to an exported CNF, print and check the grid."`
	Layouts  layoutsCmd  `cmd:"" help:"List the built-in layouts, draw one, or print it as a layout file."`
	Serve    serveCmd    `cmd:"" passthrough:"" help:"Serve a local web page and JSON API to solve puzzles in a browser (127.0.0.1:8080): runs gattai-serve, installed beside gattai."`

	Completion completionCmd `cmd:"" help:"Print the shell's command to complete gattai's commands and flags: eval \"$(gattai completion bash)\"."`
}

// env is what commands may touch of the process: no globals.
type env struct {
	ctx    context.Context
	stdin  io.Reader
	stdout io.Writer
	stderr io.Writer
	isTTY  bool // stderr is a terminal that progress lines may be drawn on
	outTTY bool // stdout is a terminal
	whole  bool // parse with kong only, never quickParse (for tests)
	// process: the run is the process's own, so a command may catch
	// the stop signals (stopSignals) and tune the collector. Both wait
	// until a command runs: help, --version and usage errors start no
	// threads.
	process bool
}

// exitError carries an exit code to main; its message, if any, is printed once.
type exitError struct {
	code int
	msg  string
}

func (e *exitError) Error() string { return e.msg }

func main() {
	os.Exit(run(context.Background(), os.Args[1:], env{
		stdin: os.Stdin, stdout: os.Stdout, stderr: os.Stderr,
		isTTY: isTerminal(os.Stderr), outTTY: isTerminal(os.Stdout),
		process: true,
	}))
}

// run parses args, runs the command and returns the exit code.
func run(ctx context.Context, args []string, e env) int {
	// A shell asking for completions (COMP_LINE set) needs kong's
	// model; so do help and errors, which quickParse leaves to it.
	completing := os.Getenv("COMP_LINE") != ""
	if !completing && !e.whole {
		if c, cmd, ok := quickParse(args); ok {
			return execute(ctx, cmd.Run, c.CPUProfile, e)
		}
		if len(args) == 1 && args[0] == "--version" { // versionFlag, without kong's model
			if err := printVersion(e.stdout); err != nil {
				fmt.Fprintf(e.stderr, "gattai: %s\n", stdoutFailed(err).msg)
				return exitBadInput
			}
			return exitOK
		}
	}
	var c cli
	exited := -1
	parser, err := newParser(&c, e.stdout, e.stderr, &exited)
	if err != nil {
		fmt.Fprintf(e.stderr, "gattai: %v\n", err)
		return exitInternal
	}
	// Other runs do not pay for building the completion tree.
	if completing {
		if err := completeLine(parser); err != nil {
			fmt.Fprintf(e.stderr, "gattai: completing: %v\n", err)
			return exitInternal
		}
		return exitOK
	}
	code, done := parse(parser, args, &exited)
	if done != nil {
		if exited >= 0 {
			return exited
		}
		fmt.Fprintf(e.stderr, "gattai: %v\n", done)
		return exitBadInput
	}
	if code == nil {
		return exitOK
	}
	return execute(ctx, func(e *env) error { return code.Run(e) }, c.CPUProfile, e)
}

// startVars are the variables of kong's help texts.
func startVars() kong.Vars {
	values := map[string]func() string{
		"encodings":      func() string { return names(encode.AMOs()) },
		"sums":           func() string { return names(encode.Sums()) },
		"to_formats":     func() string { return strings.Join(toFormats, ",") },
		"maxjobs_factor": func() string { return strconv.Itoa(maxJobsFactor) },
		"gen_kinds":      genKinds,
	}
	vars := kong.Vars{}
	for name, value := range values {
		vars[name] = value()
	}
	for name, w := range wordings { // constants
		vars[name] = w
	}
	return vars
}

// wordings are the help texts' words that a command may set otherwise
// (generate: puzzles made, not solved).
var wordings = map[string]string{
	"timeout_left": "puzzles read but not finished get a 'timed out' record",
	"jobs_done":    "solved",
	"to_auto":      "mirrors the input",
}

// versionFlag prints the version and exits, as kong.VersionFlag does
// but without the version among kong's variables, which kong would
// interpolate into every flag of every run.
type versionFlag bool

// BeforeReset is kong's hook: the flag acts as soon as it is parsed.
func (versionFlag) BeforeReset(app *kong.Kong) error {
	code := exitOK
	if err := printVersion(app.Stdout); err != nil {
		fmt.Fprintf(app.Stderr, "gattai: %s\n", stdoutFailed(err).msg)
		code = exitBadInput
	}
	app.Exit(code)
	return nil
}

// printVersion prints what --version prints.
func printVersion(w io.Writer) error {
	_, err := fmt.Fprintln(w, version.Of("gattai"))
	return err
}

// stdoutFailed is the exit of a run whose standard output could not be
// written.
func stdoutFailed(err error) *exitError {
	return &exitError{exitBadInput, fmt.Sprintf("writing standard output: %v", unwrapPath(err))}
}

// unwrapPath is err without the path of a *fs.PathError ("write
// /dev/stdout: ..."), for messages that name the output themselves.
func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// checkedWriter remembers the first error of its writes, for commands
// that print without looking at each write's error.
type checkedWriter struct {
	w   io.Writer
	err error
}

func (c *checkedWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	if err != nil && c.err == nil {
		c.err = err
	}
	return n, err
}

// newParser is kong's parser of c, writing help and usage to stdout
// and stderr.
func newParser(c *cli, stdout, stderr io.Writer, exited *int) (*kong.Kong, error) {
	return kong.New(c,
		kong.Name("gattai"),
		kong.Description("Solve Sudoku on any layout of overlapping grids: classic 4x4 to 25x25, Samurai, Sumo and\nany layout described in a file; count solutions, make, rate and draw puzzles, read\nf-puzzles and SudokuPad links, export CNF for SAT solvers, serve a local page.\n\n"+exitHelp),
		kong.UsageOnError(),
		kong.Writers(stdout, stderr),
		kong.Exit(func(code int) { *exited = code; panic(exitPanic{}) }),
		kong.ConfigureHelp(kong.HelpOptions{Compact: true}),
		startVars(),
	)
}

// stopSignals are the signals that stop a run as Ctrl-C does, its
// output left uncommitted and its solvers killed: SIGINT, SIGTERM and
// SIGHUP (the terminal or the ssh session gone), each unless ignored
// says the process started with it ignored (nohup, a background job of
// a script), which leaves it ignored: catching it would undo that.
func stopSignals(ignored func(os.Signal) bool) []os.Signal {
	var sigs []os.Signal
	for _, sig := range []os.Signal{os.Interrupt, syscall.SIGTERM, syscall.SIGHUP} {
		if !ignored(sig) {
			sigs = append(sigs, sig)
		}
	}
	return sigs
}

// execute runs a parsed command and returns the exit code.
func execute(ctx context.Context, run func(*env) error, cpuProfile string, e env) int {
	if e.process {
		tuneGC()
		if sigs := stopSignals(signal.Ignored); len(sigs) > 0 { // none would mean every signal
			var stop context.CancelFunc
			ctx, stop = signal.NotifyContext(ctx, sigs...)
			defer stop()
		}
	}
	e.ctx = ctx
	out := &checkedWriter{w: e.stdout}
	e.stdout = out
	if cpuProfile != "" {
		stop, perr := startProfile(cpuProfile)
		if perr != nil {
			fmt.Fprintf(e.stderr, "gattai: %v\n", perr)
			return exitBadInput
		}
		defer stop()
	}
	err := run(&e)
	var xe *exitError
	if out.err != nil && !errors.As(err, &xe) { // a write to standard output failed, checked or not
		err = stdoutFailed(out.err)
	}
	switch {
	case err == nil:
		return exitOK
	case errors.As(err, &xe):
		if xe.msg != "" {
			fmt.Fprintf(e.stderr, "gattai: %s\n", shown(xe.msg))
		}
		return xe.code
	default: // one line, whatever a name in it holds
		fmt.Fprintf(e.stderr, "gattai: %s\n", shown(err.Error()))
		return exitBadInput
	}
}

type exitPanic struct{}

// startProfile writes a CPU profile until the returned stop is called.
func startProfile(name string) (stop func(), err error) {
	f, err := os.Create(name)
	if err != nil {
		return nil, err
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return nil, err
	}
	return func() { pprof.StopCPUProfile(); f.Close() }, nil
}

// names joins the names of a flag's choices, for its help text.
func names[T fmt.Stringer](choices []T) string {
	var ns []string
	for _, c := range choices {
		ns = append(ns, c.String())
	}
	return strings.Join(ns, ", ")
}

// parse runs kong's parser, turning its exit (after --help) into a return.
func parse(p *kong.Kong, args []string, exited *int) (ctx *kong.Context, err error) {
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(exitPanic); !ok {
				panic(r)
			}
			err = errors.New("exit")
		}
	}()
	ctx, err = p.Parse(args)
	if err != nil && *exited < 0 {
		p.Errorf("%s", err)
		*exited = exitBadInput
	}
	return ctx, err
}

// genKinds lists the kinds generate --kinds takes, for its help.
func genKinds() string {
	var ns []string
	for _, k := range generate.Kinds() {
		ns = append(ns, k.Name)
	}
	return strings.Join(ns, ", ")
}

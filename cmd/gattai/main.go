// Command gattai solves Sudoku on any layout of overlapping grids.
package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"reflect"
	"runtime/pprof"
	"strconv"
	"strings"
	"syscall"

	"gattai/encode"
	"gattai/generate"
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
	Version    kong.VersionFlag `help:"Print the version and exit."`
	CPUProfile string           `hidden:"" type:"path" help:"Write a CPU profile to FILE."`

	Solve    solveCmd    `cmd:"" help:"Solve puzzles and print each solution in the input's format."`
	Count    countCmd    `cmd:"" help:"Count each puzzle's solutions up to a limit: 0, 1, or N+ when the search stopped at the limit."`
	Explain  explainCmd  `cmd:"" help:"For a puzzle with no solution, print a minimal set of givens that cannot all hold; for one with several, the cells where two solutions differ."`
	Generate generateCmd `cmd:"" help:"Make puzzles with exactly one solution, minimal by default, on any layout."`
	Rate     rateCmd     `cmd:"" help:"Rate each puzzle as a person would solve it: score, label, hardest technique."`
	Hint     hintCmd     `cmd:"" help:"Print the next logical step of each puzzle."`
	Steps    stepsCmd    `cmd:"" help:"Print the whole logical path of each puzzle, step by step."`
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
	isTTY  bool // stderr is a terminal
	whole  bool // parse with the whole model only, never lean's (for tests)
	// process: the run is the process's own, so a command may catch
	// SIGINT and SIGTERM and tune the collector. Both wait until a
	// command runs: help, --version and usage errors start no threads.
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
		stdin: os.Stdin, stdout: os.Stdout, stderr: os.Stderr, isTTY: stderrIsTerminal(),
		process: true,
	}))
}

// run parses args, runs the command and returns the exit code.
func run(ctx context.Context, args []string, e env) int {
	// A shell asking for completions (COMP_LINE set) needs the whole
	// model; so do help and errors, which lean leaves to it.
	completing := os.Getenv("COMP_LINE") != ""
	if !completing && !e.whole {
		if code, ok := runLean(ctx, args, e); ok {
			return code
		}
	}
	vars := startVars(nil)
	var c cli
	exited := -1
	parser, err := newParser(&c, e.stdout, e.stderr, vars, &exited)
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
	return execute(ctx, code, c.CPUProfile, e)
}

// startVars are the variables of kong's help texts: all of them, or
// those that used names (and version, which --version prints; the
// wordings, which commands set, are in help texts only). kong
// interpolates every variable into every flag, a regexp each, so fewer
// cost less.
func startVars(used map[string]bool) kong.Vars {
	values := map[string]func() string{
		"encodings":      func() string { return names(encode.AMOs()) },
		"sums":           func() string { return names(encode.Sums()) },
		"to_formats":     func() string { return strings.Join(toFormats, ",") },
		"maxjobs_factor": func() string { return strconv.Itoa(maxJobsFactor) },
		"gen_kinds":      genKinds,
		"version":        func() string { return version.Of("gattai") },
	}
	vars := kong.Vars{}
	for name, value := range values {
		if used == nil || used[name] || name == "version" {
			vars[name] = value()
		}
	}
	for name, w := range wordings { // constants
		if used == nil || used[name] {
			vars[name] = w
		}
	}
	return vars
}

// wordings are the help texts' words that a command may set otherwise
// (generate: puzzles made, not solved).
var wordings = map[string]string{
	"timeout_left": "puzzles not finished get a 'timed out' record",
	"jobs_done":    "solved",
	"to_auto":      "mirrors the input",
}

// usedVars adds to used the variables (${name}) that the tags of t's
// fields use outside their help texts, which the lean model drops (see
// dropHelp), and those of the structs it holds.
func usedVars(t reflect.Type, used map[string]bool) {
	for i := range t.NumField() {
		f := t.Field(i)
		tag := string(f.Tag)
		if help, ok := f.Tag.Lookup("help"); ok {
			tag = strings.Replace(tag, help, "", 1)
		}
		for {
			at := strings.Index(tag, "${")
			if at < 0 {
				break
			}
			tag = tag[at+2:]
			end := strings.IndexAny(tag, "=}")
			if end < 0 {
				break
			}
			used[tag[:end]] = true
		}
		if f.Type.Kind() == reflect.Struct {
			usedVars(f.Type, used)
		}
	}
}

// newParser is kong's parser of target (cli, or lean's part of it),
// writing help and usage to stdout and stderr. The lean model, which
// never prints help, goes without the description and help texts:
// kong interpolates the variables into every one of them.
func newParser(target any, stdout, stderr io.Writer, vars kong.Vars, exited *int) (*kong.Kong, error) {
	opts := []kong.Option{
		kong.Name("gattai"),
		kong.UsageOnError(),
		kong.Writers(stdout, stderr),
		kong.Exit(func(code int) { *exited = code; panic(exitPanic{}) }),
		kong.ConfigureHelp(kong.HelpOptions{Compact: true}),
		vars,
	}
	if _, whole := target.(*cli); whole {
		opts = append(opts, kong.Description("Solve Sudoku on any layout of overlapping grids: classic 4x4 to 25x25, Samurai, Sumo and\nany layout described in a file; count solutions, make, rate and draw puzzles, read\nf-puzzles and SudokuPad links, export CNF for SAT solvers, serve a local page.\n\n"+exitHelp))
	} else {
		opts = append(opts, kong.PostBuild(dropHelp))
	}
	return kong.New(target, opts...)
}

// dropHelp empties the help texts of a model that never prints them (the
// lean one) before kong interpolates variables into them, which is most
// of what kong.New costs.
func dropHelp(k *kong.Kong) error {
	return kong.Visit(k.Model.Node, func(n kong.Visitable, next kong.Next) error {
		switch n := n.(type) {
		case *kong.Node:
			n.Help = ""
		case *kong.Value:
			n.Help = ""
		}
		return next(nil)
	})
}

// runLean parses args with a model of the global flags and only the
// command that args name, which kong builds in a fraction of the time
// of the whole (kong.New is most of a short run's start). It reports
// false when the lean model cannot decide alone: help, errors, no
// command; run then parses args again with the whole model, so their
// output is exactly the whole model's. Parsing has no effect beyond
// its writers (buffered here), and a command's flags and arguments parse
// the same with or without its siblings.
func runLean(ctx context.Context, args []string, e env) (int, bool) {
	target := leanTarget(commandName(args))
	used := map[string]bool{}
	usedVars(target.Elem().Type(), used)
	vars := startVars(used)
	var stdout, stderr bytes.Buffer
	exited := -1
	parser, err := newParser(target.Interface(), &stdout, &stderr, vars, &exited)
	if err != nil {
		return 0, false
	}
	code, err := parse(parser, args, &exited)
	switch {
	case err == nil && code.Command() != "":
		return execute(ctx, code, target.Elem().FieldByName("CPUProfile").String(), e), true
	case exited == exitOK && stderr.Len() == 0 && stdout.String() == vars["version"]+"\n":
		// --version, which prints the same whatever the model.
		e.stdout.Write(stdout.Bytes())
		return exitOK, true
	}
	return 0, false
}

// commandName is the command that args name: the first argument that is
// not a flag, nor the value of the one global flag that takes one.
func commandName(args []string) string {
	for i := 0; i < len(args); i++ {
		switch a := args[i]; {
		case a == "--":
			return ""
		case a == "--cpu-profile":
			i++
		case strings.HasPrefix(a, "-"):
		default:
			return a
		}
	}
	return ""
}

// leanTarget is a new struct like cli with its global flags and only
// the command called name, if any, as a pointer.
func leanTarget(name string) reflect.Value {
	t := reflect.TypeFor[cli]()
	var fields []reflect.StructField
	for i := range t.NumField() {
		f := t.Field(i)
		if _, cmd := f.Tag.Lookup("cmd"); cmd && strings.ToLower(f.Name) != name {
			continue
		}
		fields = append(fields, f)
	}
	return reflect.New(reflect.StructOf(fields))
}

// execute runs the command that kong parsed and returns the exit code.
func execute(ctx context.Context, code *kong.Context, cpuProfile string, e env) int {
	if e.process {
		tuneGC()
		var stop context.CancelFunc
		ctx, stop = signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
		defer stop()
	}
	e.ctx = ctx
	if cpuProfile != "" {
		stop, perr := startProfile(cpuProfile)
		if perr != nil {
			fmt.Fprintf(e.stderr, "gattai: %v\n", perr)
			return exitBadInput
		}
		defer stop()
	}
	err := code.Run(&e)
	var xe *exitError
	switch {
	case err == nil:
		return exitOK
	case errors.As(err, &xe):
		if xe.msg != "" {
			fmt.Fprintf(e.stderr, "gattai: %s\n", xe.msg)
		}
		return xe.code
	default:
		fmt.Fprintf(e.stderr, "gattai: %v\n", err)
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

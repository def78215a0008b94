package main

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"gattai/encode"
	"gattai/generate"
	"gattai/internal/serveflags"
	"gattai/layouts"

	"github.com/alecthomas/kong"
	"github.com/posener/complete"
	"github.com/willabides/kongplete"
)

type completionCmd struct {
	Shell string `arg:"" enum:"bash,zsh,fish" help:"The shell: bash, zsh or fish."`
}

// Run prints the line that makes the shell ask gattai itself for its
// completions (through COMP_LINE, answered in run).
func (c *completionCmd) Run(e *env) error {
	self, err := os.Executable()
	if err != nil {
		self = "gattai"
	}
	if abs, err := filepath.Abs(self); err == nil {
		self = abs
	}
	switch c.Shell {
	case "bash":
		fmt.Fprintf(e.stdout, "complete -o default -C %q gattai\n", self)
	case "zsh":
		fmt.Fprintf(e.stdout, "autoload -U +X bashcompinit && bashcompinit\ncomplete -o default -C %q gattai\n", self)
	case "fish":
		fmt.Fprintf(e.stdout, "complete -c gattai -f -a '(env COMP_LINE=(commandline -cp) %s)'\n", self)
	}
	return nil
}

// completeLine prints the completions of the shell's COMP_LINE: gattai's
// commands and flags, and after serve, whose arguments pass through
// unparsed, gattai-serve's flags.
func completeLine(parser *kong.Kong) error {
	cmd, err := kongplete.Command(parser, kongplete.WithPredictors(map[string]complete.Predictor{
		"file":         complete.PredictFiles("*"),
		"layout":       complete.PredictSet(builtinNames()...),
		"kinds":        complete.PredictFunc(predictKinds),
		"encoding":     complete.PredictSet(append([]string{"auto"}, strings.Split(names(encode.AMOs()), ", ")...)...),
		"sum-encoding": complete.PredictSet(append([]string{"auto"}, strings.Split(names(encode.Sums()), ", ")...)...),
	}))
	if err != nil {
		return err
	}
	var flags serveflags.Flags
	sp, err := kong.New(&flags)
	if err != nil {
		return err
	}
	server, err := kongplete.Command(sp)
	if err != nil {
		return err
	}
	serve := cmd.Sub["serve"]
	for name, p := range server.GlobalFlags {
		if _, global := cmd.GlobalFlags[name]; !global { // --help, --version
			serve.GlobalFlags[name] = p
		}
	}
	serve.Args = server.Args
	cmd.Sub["serve"] = serve
	c := complete.New(parser.Model.Name, cmd)
	c.Out = parser.Stdout
	c.Complete()
	return nil
}

// builtinNames are the names of the built-in layouts.
func builtinNames() []string {
	var out []string
	for _, b := range layouts.Builtins() {
		out = append(out, b.Name)
	}
	return out
}

// predictKinds completes generate's --kinds, a list: the kinds not yet
// in it, after those typed ("killer,th" offers "killer,thermo").
func predictKinds(a complete.Args) []string {
	done := a.Last[:strings.LastIndex(a.Last, ",")+1]
	var out []string
	for _, k := range generate.Kinds() {
		if !slices.Contains(strings.Split(done, ","), k.Name) {
			out = append(out, done+k.Name)
		}
	}
	return out
}

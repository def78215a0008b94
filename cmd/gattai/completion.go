package main

import (
	"fmt"
	"os"
	"path/filepath"
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

package main

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
)

// serverName is the program that gattai serve runs. The web page and
// API live there, not here, so that gattai does not link net/http and
// crypto/tls: their packages' start-up cost every run of gattai about
// a sixth of its start.
const serverName = "gattai-serve"

// serveCmd runs gattai-serve with the arguments given, unparsed, as git
// runs its git-NAME commands.
type serveCmd struct {
	Args []string `arg:"" optional:"" help:"Its flags: gattai serve --help lists them."`
}

func (c *serveCmd) Run(e *env) error {
	path, err := serverPath()
	if err != nil {
		return &exitError{exitBadInput, err.Error()}
	}
	if e.process {
		if err := execServer(path, c.Args); err != nil {
			return &exitError{exitInternal, fmt.Sprintf("running %s: %v", path, err)}
		}
	}
	return runServer(e, path, c.Args)
}

// serverPath finds gattai-serve beside this executable, then on PATH.
func serverPath() (string, error) {
	name := serverName
	if runtime.GOOS == "windows" {
		name += ".exe"
	}
	if self, err := os.Executable(); err == nil {
		beside := filepath.Join(filepath.Dir(self), name)
		if fi, err := os.Stat(beside); err == nil && fi.Mode().IsRegular() {
			return beside, nil
		}
	}
	if path, err := exec.LookPath(serverName); err == nil {
		return path, nil
	}
	return "", fmt.Errorf("serve runs the program %s, which is neither beside gattai nor on PATH: build both with `go build -o DIR/ ./cmd/gattai ./cmd/%s`, or in a checkout run `go run ./cmd/%s`", serverName, serverName, serverName)
}

// runServer runs the server as a child and returns its exit code; a
// stop (e.ctx done) interrupts it, and it stops as on Ctrl-C.
func runServer(e *env, path string, args []string) error {
	cmd := exec.CommandContext(e.ctx, path, args...)
	stdout := e.stdout
	if c, ok := stdout.(*checkedWriter); ok {
		stdout = c.w // a file the child inherits, not a pipe gattai copies
	}
	cmd.Stdin, cmd.Stdout, cmd.Stderr = e.stdin, stdout, e.stderr
	cmd.Cancel = func() error {
		if err := cmd.Process.Signal(os.Interrupt); err != nil {
			return cmd.Process.Kill() // no interrupt on Windows
		}
		return nil
	}
	err := cmd.Run()
	if st := cmd.ProcessState; st != nil && st.ExitCode() >= 0 {
		if st.ExitCode() != exitOK {
			return &exitError{code: st.ExitCode()} // it printed why
		}
		return nil
	}
	if err == nil {
		err = errors.New("no exit status")
	}
	return &exitError{exitInternal, fmt.Sprintf("running %s: %v", path, err)}
}

// Command gattai-serve serves gattai's local web page and JSON API
// (package web). `gattai serve` runs it: it is a program of its own so
// that gattai's other commands do not load net/http and crypto/tls,
// whose packages cost every start of gattai about a sixth of its time.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"gattai"
	"gattai/internal/serveflags"
	"gattai/internal/version"
	"gattai/web"

	"github.com/alecthomas/kong"
)

// Exit codes, as gattai's.
const (
	exitOK       = 0
	exitBadInput = 2 // bad usage: nothing was served
	exitInternal = 4 // the server failed, or did not stop cleanly
)

// cli is gattai-serve's flags; gattai completes them too.
type cli serveflags.Flags

const description = `Serve a local web page and JSON API to solve puzzles in a browser: see the
README ("In a browser") and go doc gattai/web. SIGINT or SIGTERM stops it.

Exit codes:
  0  stopped on a signal
  2  bad usage
  4  the server failed, or requests were still running when it stopped`

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

type exitPanic struct{}

// run parses args and serves until ctx is done; it returns the exit
// code.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) (code int) {
	var c cli
	exited := -1
	parser, err := kong.New(&c,
		kong.Name("gattai serve"),
		kong.Description(description),
		kong.UsageOnError(),
		kong.Writers(stdout, stderr),
		kong.Exit(func(code int) { exited = code; panic(exitPanic{}) }),
		kong.ConfigureHelp(kong.HelpOptions{Compact: true}),
		kong.Vars{"version": version.Of("gattai-serve")},
	)
	if err != nil {
		fmt.Fprintf(stderr, "gattai serve: %v\n", err)
		return exitInternal
	}
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(exitPanic); !ok {
				panic(r)
			}
			code = exited // --help, --version
		}
	}()
	if _, err := parser.Parse(args); err != nil {
		parser.Errorf("%s", err)
		return exitBadInput
	}
	if err := c.serve(ctx, stderr); err != nil {
		fmt.Fprintf(stderr, "gattai serve: %s\n", err.msg)
		return err.code
	}
	return exitOK
}

type exitError struct {
	code int
	msg  string
}

// serve listens on c.Addr and serves until ctx is done, then lets the
// requests running finish, within c.Shutdown.
func (c *cli) serve(ctx context.Context, stderr io.Writer) *exitError {
	if !web.Loopback(c.Addr) && !c.Public {
		return &exitError{exitBadInput, fmt.Sprintf("--addr %s is not a loopback address: give --public to serve other machines", c.Addr)}
	}
	if c.Timeout <= 0 || c.MaxBody <= 0 || c.Jobs < 0 || c.Puzzles <= 0 {
		return &exitError{exitBadInput, "--timeout, --max-body and --puzzles must be positive, --jobs not negative"}
	}
	opts := web.Options{
		Solver:     gattai.Options{Engine: c.Engine},
		MaxBody:    c.MaxBody,
		Timeout:    c.Timeout,
		MaxSolves:  c.Jobs,
		MaxPuzzles: c.Puzzles,
		AnyHost:    c.Public,
	}
	if c.Verbose {
		opts.Log = func(method, path string, status int, elapsed time.Duration) {
			fmt.Fprintf(stderr, "%s %s %s %d %v\n", time.Now().Format(time.DateTime), method, path, status, elapsed.Round(time.Microsecond))
		}
	}
	ln, err := net.Listen("tcp", c.Addr)
	if err != nil {
		return &exitError{exitBadInput, err.Error()}
	}
	srv := web.NewServer(c.Addr, opts)
	// A stop cancels the solves running, which answer at once
	// ("interrupted"), and Shutdown waits for those answers.
	base, cancelBase := context.WithCancel(context.Background())
	defer cancelBase()
	srv.BaseContext = func(net.Listener) context.Context { return base }
	fmt.Fprintf(stderr, "gattai: serving on http://%s/ (Ctrl-C stops)\n", ln.Addr())
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	select {
	case err := <-done:
		return &exitError{exitInternal, err.Error()}
	case <-ctx.Done():
	}
	cancelBase()
	sctx, cancel := context.WithTimeout(context.Background(), c.Shutdown)
	defer cancel()
	err = srv.Shutdown(sctx)
	if serr := <-done; !errors.Is(serr, http.ErrServerClosed) && err == nil {
		err = serr
	}
	if err != nil {
		return &exitError{exitInternal, "stopping: " + err.Error()}
	}
	fmt.Fprintln(stderr, "gattai: stopped")
	return nil
}

package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"time"

	"gattai"
	"gattai/web"
)

// serveCmd runs the local web page and JSON API of package web.
type serveCmd struct {
	Addr     string        `default:"127.0.0.1:8080" help:"Address to listen on, host:port (port 0 picks a free one)."`
	Public   bool          `help:"Allow an address other than loopback: anyone who can reach it may use the server."`
	Engine   string        `short:"e" enum:"auto,backtrack,sat" default:"auto" help:"Default engine: ${enum}; a request may choose another."`
	Timeout  time.Duration `default:"10s" help:"Time allowed to each request; a puzzle not finished gets a 'timeout' record."`
	Jobs     int           `short:"j" default:"0" help:"Requests solving at once; 0 is one per core. Others wait, within their time."`
	MaxBody  int64         `default:"1048576" help:"Largest request body, in bytes."`
	Puzzles  int           `default:"100" help:"Most puzzles in one request."`
	Verbose  bool          `short:"v" help:"Log every request on stderr."`
	Shutdown time.Duration `default:"5s" hidden:"" help:"How long a stop waits for requests running."`
}

func (c *serveCmd) Run(e *env) error {
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
			fmt.Fprintf(e.stderr, "%s %s %s %d %v\n", time.Now().Format(time.DateTime), method, path, status, elapsed.Round(time.Microsecond))
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
	fmt.Fprintf(e.stderr, "gattai: serving on http://%s/ (Ctrl-C stops)\n", ln.Addr())
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	select {
	case err := <-done:
		return &exitError{exitInternal, err.Error()}
	case <-e.ctx.Done():
	}
	cancelBase()
	ctx, cancel := context.WithTimeout(context.Background(), c.Shutdown)
	defer cancel()
	err = srv.Shutdown(ctx)
	if serr := <-done; !errors.Is(serr, http.ErrServerClosed) && err == nil {
		err = serr
	}
	if err != nil {
		return &exitError{exitInternal, "stopping: " + err.Error()}
	}
	fmt.Fprintln(e.stderr, "gattai: stopped")
	return nil
}

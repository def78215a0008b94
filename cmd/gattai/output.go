package main

import (
	"io"
	"os"
	"path/filepath"
)

// outputFlags choose where results go.
type outputFlags struct {
	Output string `short:"o" help:"Write results to FILE, atomically: it appears only when the run completes." placeholder:"FILE" type:"path"`
}

// output is stdout, or a temporary file renamed over --output on commit.
type output struct {
	io.Writer
	tmp  *os.File
	dest string
}

func (f *outputFlags) create(e *env) (*output, error) {
	if f.Output == "" || f.Output == "-" {
		return &output{Writer: e.stdout}, nil
	}
	tmp, err := os.CreateTemp(filepath.Dir(f.Output), "."+filepath.Base(f.Output)+".*.tmp")
	if err != nil {
		return nil, &exitError{exitBadInput, err.Error()}
	}
	tmp.Chmod(0o644) // CreateTemp makes it private
	return &output{Writer: tmp, tmp: tmp, dest: f.Output}, nil
}

// commit moves the finished file into place.
func (o *output) commit() error {
	if o.tmp == nil {
		return nil
	}
	tmp := o.tmp
	o.tmp = nil
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return err
	}
	if err := tmp.Close(); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	return os.Rename(tmp.Name(), o.dest)
}

// abort removes an uncommitted temporary file; safe after commit.
func (o *output) abort() {
	if o.tmp != nil {
		o.tmp.Close()
		os.Remove(o.tmp.Name())
		o.tmp = nil
	}
}

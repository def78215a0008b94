package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
)

// outputFlags choose where results go.
type outputFlags struct {
	Output string `short:"o" help:"Write results to FILE. A regular file (or a new one) is replaced atomically, only when the run completes; a device or pipe is written straight through." placeholder:"FILE"`
}

// output is where a run writes: standard output, a device or pipe
// written straight through, or a temporary file beside a regular
// destination, renamed over it on commit.
type output struct {
	io.Writer
	name string   // the user's name for it, for messages
	file *os.File // the file written, if not standard output
	dest string   // the regular file that commit replaces; "" to write through
	mode fs.FileMode
}

// create opens -o; ctx bounds the wait for a pipe's reader.
func (f *outputFlags) create(ctx context.Context, e *env) (*output, error) {
	return createOutput(ctx, e, f.Output)
}

// createOutput opens name for writing: "" or "-" is standard output. A
// symbolic link is followed to its target. Only a regular file, or a new
// path, is replaced, by a temporary file renamed over it; its mode is
// kept. Anything else that exists (a device, a pipe) is opened and
// written in place; a directory is refused. A pipe's open, which waits
// for a reader, gives up when ctx ends. Errors name the user's path.
func createOutput(ctx context.Context, e *env, name string) (*output, error) {
	if name == "" || name == "-" {
		return &output{Writer: e.stdout, name: "standard output"}, nil
	}
	o := &output{name: name}
	bad := func(err error) error {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return &exitError{exitBadInput, fmt.Sprintf("-o %s: %v", name, err)}
	}
	dest, err := resolve(name)
	if err != nil {
		return nil, bad(err)
	}
	st, err := os.Stat(dest)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		o.dest, o.mode = dest, 0o644
	case err != nil:
		return nil, bad(err)
	case st.IsDir():
		return nil, bad(syscall.EISDIR)
	case st.Mode().IsRegular():
		o.dest, o.mode = dest, st.Mode().Perm()
	default: // a device, a pipe, a socket: never replaced
		f, err := openWriter(ctx, dest)
		if errors.Is(err, ctx.Err()) && err != nil {
			stop := "timed out"
			if e.ctx.Err() != nil {
				stop = "interrupted"
			}
			return nil, &exitError{exitTimeout, fmt.Sprintf("-o %s: %s waiting for a reader", name, stop)}
		}
		if err != nil {
			return nil, bad(err)
		}
		o.Writer, o.file = f, f
		return o, nil
	}
	tmp, err := os.CreateTemp(filepath.Dir(o.dest), "."+filepath.Base(o.dest)+".*.tmp")
	if err != nil {
		return nil, bad(err)
	}
	if err := tmp.Chmod(o.mode); err != nil { // CreateTemp makes it private
		tmp.Close()
		os.Remove(tmp.Name())
		return nil, bad(err)
	}
	o.Writer, o.file = tmp, tmp
	return o, nil
}

// openWriter opens name for writing until ctx ends: a pipe's open
// waits for a reader. A file opened after the end is closed.
func openWriter(ctx context.Context, name string) (*os.File, error) {
	type opened struct {
		f   *os.File
		err error
	}
	ch := make(chan opened, 1)
	go func() {
		f, err := os.OpenFile(name, os.O_WRONLY, 0)
		ch <- opened{f, err}
	}()
	select {
	case o := <-ch:
		return o.f, o.err
	case <-ctx.Done():
		go func() {
			if o := <-ch; o.f != nil {
				o.f.Close()
			}
		}()
		return nil, ctx.Err()
	}
}

// resolve follows symbolic links from name to the path they lead to,
// which need not exist yet (a dangling link names the file to create).
func resolve(name string) (string, error) {
	for range 40 { // as the kernel's limit on links followed
		st, err := os.Lstat(name)
		if errors.Is(err, fs.ErrNotExist) {
			return name, nil
		}
		if err != nil {
			return "", err
		}
		if st.Mode()&fs.ModeSymlink == 0 {
			return name, nil
		}
		target, err := os.Readlink(name)
		if err != nil {
			return "", err
		}
		if !filepath.IsAbs(target) {
			target = filepath.Join(filepath.Dir(name), target)
		}
		name = target
	}
	return "", syscall.ELOOP
}

// named turns an error of writing into one that names the output; an
// exitError says all already.
func (o *output) named(err error) error {
	var xe *exitError
	if errors.As(err, &xe) {
		return err
	}
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	return &exitError{exitBadInput, fmt.Sprintf("writing %s: %v", o.name, err)}
}

// commit finishes the output: a temporary file is synced and renamed
// over the destination; a file written through is closed.
func (o *output) commit() error {
	f := o.file
	if f == nil {
		return nil
	}
	o.file = nil
	if o.dest == "" {
		if err := f.Close(); err != nil {
			return o.named(err)
		}
		return nil
	}
	err := f.Sync()
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.Name(), o.dest)
	}
	if err != nil {
		os.Remove(f.Name())
		return o.named(err)
	}
	return nil
}

// abort removes an uncommitted temporary file; safe after commit.
func (o *output) abort() {
	f := o.file
	if f == nil {
		return
	}
	o.file = nil
	f.Close()
	if o.dest != "" {
		os.Remove(f.Name())
	}
}

// files writes one file per item (a CNF, a picture) under a name given
// with -o: one item takes the name itself, several take it numbered,
// out.cnf becoming out-001.cnf, out-002.cnf, ... (at least 3 digits). A
// name ending in / or naming a folder puts every item in that folder,
// numbered: DIR/puzzle-001.EXT, ...
// Items stream: the first waits uncommitted until the next shows
// whether names are numbered. Without -o, one item goes to standard
// output and a second is an error.
type files struct {
	e       *env
	name    string
	ext     string // of the files in a folder: -o DIR/ names them DIR/puzzle-001.EXT, ...
	n       int
	pending *output
	note    func(name string) // says what pending holds, once named
}

// next opens the output of the next item; write it, then call done.
func (fs *files) next() (*output, error) {
	fs.n++
	if fs.name == "" || fs.name == "-" {
		if err := fs.hold(fs.n); err != nil {
			return nil, err
		}
		return createOutput(fs.e.ctx, fs.e, "")
	}
	if dir := fs.folder(); dir != "" {
		return createOutput(fs.e.ctx, fs.e, filepath.Join(dir, fmt.Sprintf("puzzle-%03d%s", fs.n, fs.ext)))
	}
	if fs.n == 2 {
		if err := fs.commit(fs.pending, numbered(fs.name, 1), fs.note); err != nil {
			return nil, err
		}
		fs.pending = nil
	}
	return createOutput(fs.e.ctx, fs.e, fs.name)
}

// hold says whether n items fit the output: standard output holds one.
func (fs *files) hold(n int) error {
	if n > 1 && (fs.name == "" || fs.name == "-") {
		return &exitError{exitBadInput, "several puzzles: name the files with -o (out.ext becomes out-001.ext, ...)"}
	}
	return nil
}

// done finishes the item written to o; note, if not nil, is told the
// file's name once it has one.
func (fs *files) done(o *output, note func(name string)) error {
	if fs.folder() != "" {
		return fs.commit(o, o.name, note)
	}
	if fs.n == 1 && fs.name != "" && fs.name != "-" {
		fs.pending, fs.note = o, note
		return nil
	}
	return fs.commit(o, numbered(fs.name, fs.n), note)
}

// folder is the folder -o names, if it names one: a name ending in /
// (made if need be) or an existing folder.
func (fs *files) folder() string {
	if fs.name == "" || fs.name == "-" {
		return ""
	}
	if strings.HasSuffix(fs.name, "/") {
		os.MkdirAll(fs.name, 0o755) // createOutput says why, if this failed
		return fs.name
	}
	if st, err := os.Stat(fs.name); err == nil && st.IsDir() {
		return fs.name
	}
	return ""
}

// skip takes back the last next, whose item made no file.
func (fs *files) skip(o *output) {
	o.abort()
	fs.n--
}

// close commits a single item under the name itself; abort drops it.
func (fs *files) close() error {
	o := fs.pending
	fs.pending = nil
	if o == nil {
		return nil
	}
	return fs.commit(o, fs.name, fs.note)
}

func (fs *files) abort() {
	if fs.pending != nil {
		fs.pending.abort()
		fs.pending = nil
	}
}

// commit moves o, written for fs.name, to name.
func (fs *files) commit(o *output, name string, note func(string)) error {
	if o.file == nil { // standard output
		return nil
	}
	if o.dest == "" { // a device or a pipe: every item went through it
		name = fs.name
	} else if name != fs.name {
		dest, err := resolve(name)
		if err != nil {
			return o.named(err)
		}
		o.dest = dest
	}
	o.name = name
	if err := o.commit(); err != nil {
		return err
	}
	if note != nil {
		note(name)
	}
	return nil
}

// numbered is the name of the i-th of several files: out.cnf becomes
// out-001.cnf; the number has at least 3 digits.
func numbered(name string, i int) string {
	ext := filepath.Ext(name)
	return fmt.Sprintf("%s-%03d%s", strings.TrimSuffix(name, ext), i, ext)
}

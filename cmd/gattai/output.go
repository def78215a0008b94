package main

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"gattai/layouts"
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
	tty  bool // a terminal
}

// create opens -o; ctx bounds the wait for a pipe's reader.
func (f *outputFlags) create(ctx context.Context, e *env) (*output, error) {
	return createOutput(ctx, e, f.Output)
}

// createOutput opens name for writing: "" or "-" is standard output,
// and so are the names of this process's descriptors (/dev/stdout,
// /dev/fd/N: see descriptor). A symbolic link is followed to its target.
// Only a regular file, or a new path, is replaced, by a temporary file
// renamed over it; its mode is kept. Anything else that exists (a
// device, a pipe) is opened and written in place; a directory is
// refused. A pipe's open, which waits for a reader, gives up when ctx
// ends, and so does a write that blocks (see stopWriter). Errors name
// the user's path.
func createOutput(ctx context.Context, e *env, name string) (*output, error) {
	if name == "" || name == "-" {
		return &output{Writer: &stopWriter{ctx: ctx, w: e.stdout, name: "standard output"}, name: "standard output", tty: e.outTTY}, nil
	}
	o := &output{name: name}
	bad := func(err error) error {
		return &exitError{exitBadInput, fmt.Sprintf("-o %s: %v", shown(name), unwrapPath(err))}
	}
	dest, fd, err := resolve(name)
	if err != nil {
		return nil, bad(err)
	}
	if fd >= 0 {
		w, err := openDescriptor(e, fd, name)
		if err != nil {
			return nil, bad(err)
		}
		o.Writer = &stopWriter{ctx: ctx, w: w, name: shown(name)}
		if f, ok := w.(*os.File); ok && fd > 2 {
			o.file, o.tty = f, isTerminal(f)
		} else {
			o.tty = fd == 1 && e.outTTY || fd == 2 && e.isTTY
		}
		return o, nil
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
			return nil, &exitError{exitTimeout, fmt.Sprintf("-o %s: %s waiting for a reader", shown(name), stopName(ctx))}
		}
		if err != nil {
			return nil, bad(err)
		}
		o.Writer, o.file, o.tty = &stopWriter{ctx: ctx, w: f, name: shown(name)}, f, isTerminal(f)
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

// stopName names the stop that ended ctx: --timeout, or a signal.
func stopName(ctx context.Context) string {
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return "timed out"
	}
	return "interrupted"
}

// descriptor reports which of this process's open descriptors name
// stands for, if it names one: /dev/stdout, /dev/stderr, /dev/fd/N or
// /proc/self/fd/N (the links that /dev/stdout leads to on Linux). Output
// to one goes to that descriptor as the shell opened it (into a pipe,
// appending to a file), never to the path its link reads, which names a
// pipe "pipe:[N]" and a file without the way it was opened.
func descriptor(name string) (int, bool) {
	name = filepath.Clean(name)
	switch name {
	case "/dev/stdout":
		return 1, true
	case "/dev/stderr":
		return 2, true
	}
	dir, n := filepath.Split(name)
	switch dir {
	case "/dev/fd/", "/proc/self/fd/", "/proc/thread-self/fd/", "/proc/" + strconv.Itoa(os.Getpid()) + "/fd/":
	default:
		return 0, false
	}
	fd, err := strconv.Atoi(n)
	if err != nil || fd < 0 || strconv.Itoa(fd) != n {
		return 0, false
	}
	return fd, true
}

// openDescriptor is descriptor fd to write to: the run's own standard
// output or error, or the open file behind another number.
func openDescriptor(e *env, fd int, name string) (io.Writer, error) {
	switch fd {
	case 0:
		return nil, syscall.EBADF // open for reading
	case 1:
		return e.stdout, nil
	case 2:
		return e.stderr, nil
	}
	f := os.NewFile(uintptr(fd), name)
	if f == nil {
		return nil, syscall.EBADF
	}
	if _, err := f.Stat(); err != nil {
		return nil, syscall.EBADF
	}
	return f, nil
}

// writeGrace is how long a write that blocks may go on after a stop
// before the run gives it up.
const writeGrace = 500 * time.Millisecond

// stopWriter writes to w, a pipe or a device that may block (a reader
// that does not read), until ctx ends: a write still blocked
// writeGrace after that is given up, with an exitError of the stop, and
// so is every write after it. So a stop ends the run even while its
// output is stuck, and a reader that is only slow still gets the last
// records.
//
// What a stop leaves in a pipe is whole lines: a record is never cut
// short there, to read as an answer (a count "2+" as "2", a solution
// cut in two). A line waits in tail until it ends (flush writes what
// is left at the end), and lines go to w in writes of at most
// pipeAtomic bytes, cut at line ends: a pipe takes such a write whole
// or not at all, so the write a stop gives up has put nothing in. (A
// line longer than that is written whole, and may still be cut.)
type stopWriter struct {
	ctx  context.Context
	w    io.Writer
	name string // for messages
	err  error  // set once a write was given up
	tail []byte // the bytes after the last line end, not written yet
}

// pipeAtomic is the most a write to a pipe may hold and still go in
// whole or not at all: PIPE_BUF on Linux. macOS and the BSDs have 512,
// the least POSIX allows, and there a write this long may still be cut.
const pipeAtomic = 4096

func (s *stopWriter) Write(p []byte) (int, error) {
	if s.err != nil {
		return 0, s.err
	}
	if s.ctx.Done() == nil { // nothing can stop the run
		return s.w.Write(p)
	}
	end := bytes.LastIndexByte(p, '\n') + 1
	if end == 0 {
		s.tail = append(s.tail, p...)
		return len(p), nil
	}
	// A fresh slice: the write may outlive this call.
	q := append(append(make([]byte, 0, len(s.tail)+end), s.tail...), p[:end]...)
	s.tail = append(s.tail[:0], p[end:]...)
	if err := s.write(q); err != nil {
		return 0, err
	}
	return len(p), nil
}

// flush writes the last line, if it has no line end.
func (s *stopWriter) flush() error {
	if s.err != nil || len(s.tail) == 0 {
		return s.err
	}
	q := s.tail
	s.tail = nil
	return s.write(q)
}

// write writes q, which nothing else holds, in lines; it gives up
// writeGrace after a stop.
func (s *stopWriter) write(q []byte) error {
	ch := make(chan error, 1)
	go func() { ch <- writeLines(s.w, q) }()
	select {
	case err := <-ch:
		return err
	case <-s.ctx.Done():
	}
	t := time.NewTimer(writeGrace)
	defer t.Stop()
	select {
	case err := <-ch:
		return err
	case <-t.C:
	}
	s.err = &exitError{exitTimeout, fmt.Sprintf("writing %s: %s while the output was blocked (nothing read it)", s.name, stopName(s.ctx))}
	return s.err
}

// writeLines writes q to w in writes of at most pipeAtomic bytes, each
// ending at a line end (or at q's end), but for a longer line, written
// whole.
func writeLines(w io.Writer, q []byte) error {
	for len(q) > 0 {
		k := len(q)
		if k > pipeAtomic {
			if k = bytes.LastIndexByte(q[:pipeAtomic], '\n') + 1; k == 0 {
				if k = bytes.IndexByte(q, '\n') + 1; k == 0 {
					k = len(q)
				}
			}
		}
		if _, err := w.Write(q[:k]); err != nil {
			return err
		}
		q = q[k:]
	}
	return nil
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
// which need not exist yet (a dangling link names the file to create),
// or to one of the process's descriptors (fd, else -1).
func resolve(name string) (dest string, fd int, err error) {
	for range 40 { // as the kernel's limit on links followed
		if fd, ok := descriptor(name); ok {
			return "", fd, nil
		}
		st, err := os.Lstat(name)
		if errors.Is(err, fs.ErrNotExist) {
			return name, -1, nil
		}
		if err != nil {
			return "", -1, err
		}
		if st.Mode()&fs.ModeSymlink == 0 {
			return name, -1, nil
		}
		target, err := os.Readlink(name)
		if err != nil {
			return "", -1, err
		}
		if !filepath.IsAbs(target) {
			target = filepath.Join(filepath.Dir(name), target)
		}
		name = target
	}
	return "", -1, syscall.ELOOP
}

// named turns an error of writing into one that names the output; an
// exitError says all already.
func (o *output) named(err error) error {
	var xe *exitError
	if errors.As(err, &xe) {
		return err
	}
	return &exitError{exitBadInput, fmt.Sprintf("writing %s: %v", shown(o.name), unwrapPath(err))}
}

// commit finishes the output: the last line written to a stream that
// a stop can give up (stopWriter), if it has no line end; a temporary
// file is synced and renamed over the destination; a file written
// through is closed.
func (o *output) commit() error {
	if sw, ok := o.Writer.(*stopWriter); ok { // its last line, if it has no line end
		if err := sw.flush(); err != nil {
			return o.named(err)
		}
	}
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
// numbered: DIR/puzzle-001.EXT, ... (DIR/solution-001.svg for the
// pictures of solutions, so that a book's puzzles and solutions can share
// a folder). Every name is opened as -o is (see
// createOutput): a numbered one too is replaced only if it is a regular
// file.
// Items stream: the first waits, uncommitted, until the next shows
// whether names are numbered, and is then copied to its numbered name.
// Without -o, or with standard output named (-, /dev/stdout), one item
// goes there and a second is an error; to a device or a pipe, every
// item goes through it.
type files struct {
	e       *env
	name    string
	ext     string // of the files in a folder: -o DIR/ names them DIR/puzzle-001.EXT, ...
	stem    string // what the files in a folder are named for, if not "puzzle"
	n       int
	pending *output
	note    func(name string) // says what pending holds, once named
	through bool              // name is a device or a pipe: every item goes to it
	// keep holds the one item of a stream in memory until the end, so
	// that a second is refused before anything is written (pictures,
	// which are small; not CNFs).
	keep bool
	held *bytes.Buffer
}

// next opens the output of the next item; write it, then call done.
func (fs *files) next() (*output, error) {
	fs.n++
	if fs.stream() {
		if err := fs.hold(fs.n); err != nil {
			fs.held = nil
			return nil, err
		}
		if fs.keep {
			fs.held = new(bytes.Buffer)
			return &output{Writer: fs.held, name: "standard output"}, nil
		}
		return createOutput(fs.e.ctx, fs.e, fs.name)
	}
	if dir := fs.folder(); dir != "" {
		return createOutput(fs.e.ctx, fs.e, filepath.Join(dir, fmt.Sprintf("%s-%03d%s", cmp.Or(fs.stem, "puzzle"), fs.n, fs.ext)))
	}
	if fs.n == 1 || fs.through {
		return createOutput(fs.e.ctx, fs.e, fs.name)
	}
	if fs.n == 2 {
		first := fs.pending
		fs.pending = nil
		if err := fs.renumber(first); err != nil {
			return nil, err
		}
	}
	return createOutput(fs.e.ctx, fs.e, numbered(fs.name, fs.n))
}

// hold says whether n items fit the output: a stream holds one.
func (fs *files) hold(n int) error {
	if n > 1 && fs.stream() {
		return &exitError{exitBadInput, "several puzzles: name the files with -o (out.ext becomes out-001.ext, ...)"}
	}
	return nil
}

// stream says whether the items go to a stream that holds one: standard
// output, or a descriptor named as a file.
func (fs *files) stream() bool {
	if fs.name == "" || fs.name == "-" {
		return true
	}
	_, ok := descriptor(fs.name)
	return ok
}

// renumber moves the first item, written for the name itself, to its
// numbered name, opened as any other (a device or a pipe there is
// written, not replaced).
func (fs *files) renumber(first *output) error {
	defer first.abort()
	o, err := createOutput(fs.e.ctx, fs.e, numbered(fs.name, 1))
	if err != nil {
		return err
	}
	defer o.abort()
	if _, err := first.file.Seek(0, io.SeekStart); err != nil {
		return first.named(err)
	}
	if _, err := io.Copy(o, first.file); err != nil {
		return o.named(err)
	}
	return fs.commit(o, fs.note)
}

// done finishes the item written to o; note, if not nil, is told the
// file's name once it has one.
func (fs *files) done(o *output, note func(name string)) error {
	if fs.n == 1 && !fs.stream() && fs.folder() == "" {
		if o.file != nil && o.dest == "" { // a device or a pipe
			fs.through = true
		} else {
			fs.pending, fs.note = o, note
			return nil
		}
	}
	return fs.commit(o, note)
}

// folder is the folder -o names, if it names one: a name ending in /
// (made if need be) or an existing folder.
func (fs *files) folder() string {
	if fs.stream() {
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

// close commits a single item under the name itself, or writes the one
// kept for a stream; abort drops it.
func (fs *files) close() error {
	if held := fs.held; held != nil {
		fs.held = nil
		o, err := createOutput(fs.e.ctx, fs.e, fs.name)
		if err != nil {
			return err
		}
		defer o.abort()
		if _, err := o.Write(held.Bytes()); err != nil {
			return o.named(err)
		}
		return o.commit()
	}
	o := fs.pending
	fs.pending = nil
	if o == nil {
		return nil
	}
	return fs.commit(o, fs.note)
}

func (fs *files) abort() {
	fs.held = nil
	if fs.pending != nil {
		fs.pending.abort()
		fs.pending = nil
	}
}

// commit commits o and tells note its name, if it is a file's.
func (fs *files) commit(o *output, note func(string)) error {
	file := o.file != nil
	if err := o.commit(); err != nil {
		return err
	}
	if note != nil && file {
		note(shown(o.name))
	}
	return nil
}

// numbered is the name of the i-th of several files: out.cnf becomes
// out-001.cnf; the number has at least 3 digits.
func numbered(name string, i int) string {
	ext := filepath.Ext(name)
	return fmt.Sprintf("%s-%03d%s", strings.TrimSuffix(name, ext), i, ext)
}

// shown is a name, or a whole message, as it prints on one line (see
// layouts.ShownName).
func shown(name string) string { return layouts.ShownName(name) }

// shownPath is err with the path of a *fs.PathError in it as messages
// show names: "open \"a\\nb\": no such file or directory".
func shownPath(err error) error {
	var pe *fs.PathError
	if !errors.As(err, &pe) || shown(pe.Path) == pe.Path {
		return err
	}
	return &fs.PathError{Op: pe.Op, Path: shown(pe.Path), Err: pe.Err}
}

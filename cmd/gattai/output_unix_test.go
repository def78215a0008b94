//go:build unix

package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// -o replaces only a regular file, atomically and keeping its mode;
// it writes through a device or a pipe, follows links, refuses a
// directory, and leaves no temporary file behind.
func TestOutputDestinations(t *testing.T) {
	puzzle := td("examples", "classic.txt")
	solution := readFile(t, td("examples", "classic.solution.txt"))
	dir := t.TempDir()
	solve := func(dest string) (string, int) {
		_, errs, code := runGattai(t, "", "solve", puzzle, "-o", dest)
		return errs, code
	}

	if _, code := solve("/dev/null"); code != 0 {
		t.Errorf("-o /dev/null: exit %d", code)
	}
	if st, err := os.Stat("/dev/null"); err != nil || st.Mode()&os.ModeCharDevice == 0 {
		t.Fatalf("/dev/null is no longer a device: %v %v", st.Mode(), err)
	}

	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	got := make(chan string)
	go func() { b, _ := os.ReadFile(fifo); got <- string(b) }()
	if errs, code := solve(fifo); code != 0 {
		t.Errorf("-o FIFO: exit %d: %s", code, errs)
	}
	if s := <-got; s != solution {
		t.Errorf("read from the FIFO %q", s)
	}
	if st, _ := os.Lstat(fifo); st.Mode()&os.ModeNamedPipe == 0 {
		t.Errorf("the FIFO was replaced: %v", st.Mode())
	}

	target, link := filepath.Join(dir, "target"), filepath.Join(dir, "link")
	os.WriteFile(target, []byte("old\n"), 0o600)
	os.Symlink("target", link)
	if errs, code := solve(link); code != 0 {
		t.Errorf("-o link: exit %d: %s", code, errs)
	}
	if st, _ := os.Lstat(link); st.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the link was replaced")
	}
	if st, _ := os.Stat(target); st.Mode().Perm() != 0o600 || readFile(t, target) != solution {
		t.Errorf("target: mode %v, %q", st.Mode(), readFile(t, target))
	}

	sub := filepath.Join(dir, "sub")
	os.Mkdir(sub, 0o755)
	if errs, code := solve(sub); code != exitBadInput || errs != "gattai: -o "+sub+": is a directory\n" {
		t.Errorf("-o DIR: exit %d: %q", code, errs)
	}
	if errs, code := solve(filepath.Join(dir, "nosuch", "x.txt")); code != exitBadInput || !strings.Contains(errs, "-o "+filepath.Join(dir, "nosuch", "x.txt")+": no such file") {
		t.Errorf("-o in a missing directory: exit %d: %q", code, errs)
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".tmp") {
			t.Errorf("left behind: %s", e.Name())
		}
	}
}

// A stop ends a run whose -o is a pipe that no one reads yet: the open
// that waits for a reader gives up on Ctrl-C and on --timeout, and the
// pipe stays a pipe.
func TestOutputPipeWithoutReader(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	// release lets a waiting open go on, should the run not give up.
	release := func() {
		if f, err := os.OpenFile(fifo, os.O_RDONLY|syscall.O_NONBLOCK, 0); err == nil {
			f.Close()
		}
	}
	puzzle := td("examples", "classic.txt")
	for _, tc := range []struct {
		name, stop string
		args       []string
	}{
		{"count/timeout", "timed out", []string{"count", "--timeout", "100ms", puzzle}},
		{"count/interrupt", "interrupted", []string{"count", puzzle}},
		{"rate/interrupt", "interrupted", []string{"rate", puzzle}},
		{"generate/timeout", "timed out", []string{"generate", "--seed", "1", "--timeout", "100ms"}},
		{"generate/interrupt", "interrupted", []string{"generate", "--seed", "1"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			if tc.stop == "interrupted" {
				time.AfterFunc(100*time.Millisecond, cancel)
			}
			done := runAside(ctx, nil, append(tc.args, "-o", fifo)...)
			select {
			case r := <-done:
				if r.code != exitTimeout || !strings.Contains(r.errs, "-o "+fifo+": "+tc.stop) {
					t.Errorf("exit %d: %s", r.code, r.errs)
				}
			case <-time.After(5 * time.Second):
				release()
				<-done
				t.Errorf("still waiting for a reader 5s after the stop")
			}
			if st, _ := os.Lstat(fifo); st.Mode()&os.ModeNamedPipe == 0 {
				t.Errorf("the FIFO was replaced: %v", st.Mode())
			}
		})
	}
	release()
}

// A write that fails names the output as the user gave it, whichever
// write fails: "writing /dev/full: no space left on device".
func TestOutputWriteFails(t *testing.T) {
	many := td("top1465-200.txt") // more than a buffer of output
	for _, args := range [][]string{
		{"solve", many},
		{"solve", "--to", "json", many},
		{"solve", "--to", "sudokupad", many},
		{"count", many},
		{"count", "--to", "json", many},
		{"hint", many},
		{"generate", "--seed", "1", "-n", "60"},
		{"generate", "--seed", "1", "-n", "30", "--to", "json"},
	} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			_, errs, code := runGattai(t, "", append(args, "-o", "/dev/full")...)
			if code != exitBadInput || errs != "gattai: writing /dev/full: no space left on device\n" {
				t.Errorf("exit %d: %q", code, errs)
			}
		})
	}
}

// decode stops on Ctrl-C while a file it reads blocks: a FIFO with no
// writer, as bash's <(solver ...) gives.
func TestDecodeStopWhileInputBlocks(t *testing.T) {
	dir := t.TempDir()
	cnf, model := filepath.Join(dir, "p.cnf"), filepath.Join(dir, "model")
	if _, errs, code := runGattai(t, "", "export", td("examples", "classic.txt"), "-o", cnf); code != 0 {
		t.Fatalf("export: exit %d: %s", code, errs)
	}
	if err := syscall.Mkfifo(model, 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(100*time.Millisecond, cancel)
	done := runAside(ctx, nil, "decode", cnf, model)
	select {
	case r := <-done:
		if r.code != exitTimeout || !strings.Contains(r.errs, "interrupted") {
			t.Errorf("exit %d: %s", r.code, r.errs)
		}
	case <-time.After(3 * time.Second):
		t.Errorf("decode still waiting 3s after Ctrl-C")
	}
	// Let the abandoned open go on and end.
	if f, err := os.OpenFile(model, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
		f.Close()
	}
}

// Several items to a device or a pipe all go through it, and the notes
// name it, not numbered files that were never made (/dev/null-001).
func TestFilesThroughDevice(t *testing.T) {
	_, errs, code := runGattai(t, "", "export", td("top1465-200.txt"), "-o", "/dev/null")
	if code != 0 || strings.Contains(errs, "/dev/null-") || strings.Count(errs, ": /dev/null (") != 200 {
		t.Errorf("exit %d: %.300s", code, errs)
	}
}

// Numbered files are opened as -o itself is: a FIFO or a link to one
// among out-001.cnf, out-002.cnf, ... is written, never replaced, and a
// link to a file elsewhere (another filesystem, perhaps) leads to it.
func TestNumberedFilesDestinations(t *testing.T) {
	dir, elsewhere := t.TempDir(), t.TempDir()
	three := filepath.Join(dir, "three.txt")
	lines := strings.SplitAfter(readFile(t, td("top1465-200.txt")), "\n")
	os.WriteFile(three, []byte(strings.Join(lines[1:4], "")), 0o644)
	out := filepath.Join(dir, "out.cnf")
	fifo, real := filepath.Join(dir, "out-001.cnf"), filepath.Join(dir, "realfifo")
	for _, p := range []string{fifo, real} {
		if err := syscall.Mkfifo(p, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	os.Symlink("realfifo", filepath.Join(dir, "out-002.cnf"))
	target := filepath.Join(elsewhere, "target.cnf")
	os.WriteFile(target, []byte("old\n"), 0o600)
	os.Symlink(target, filepath.Join(dir, "out-003.cnf"))
	got1, got2 := make(chan string), make(chan string)
	go func() { b, _ := os.ReadFile(fifo); got1 <- string(b) }()
	go func() { b, _ := os.ReadFile(real); got2 <- string(b) }()

	_, errs, code := runGattai(t, "", "export", three, "-o", out)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for i, got := range []string{<-got1, <-got2, readFile(t, target)} {
		if !strings.HasPrefix(got, "c gattai") && !strings.HasPrefix(got, "p cnf") {
			t.Errorf("item %d: %.40q", i+1, got)
		}
	}
	for _, p := range []string{fifo, real} {
		if st, _ := os.Lstat(p); st.Mode()&os.ModeNamedPipe == 0 {
			t.Errorf("%s was replaced: %v", p, st.Mode())
		}
	}
	for _, name := range []string{"out-002.cnf", "out-003.cnf"} {
		if st, _ := os.Lstat(filepath.Join(dir, name)); st.Mode()&os.ModeSymlink == 0 {
			t.Errorf("the link %s was replaced", name)
		}
	}
	if st, _ := os.Stat(target); st.Mode().Perm() != 0o600 {
		t.Errorf("target's mode %v", st.Mode())
	}
	if _, err := os.Stat(out); err == nil {
		t.Errorf("%s made besides the numbered files", out)
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".tmp") {
			t.Errorf("left behind: %s", e.Name())
		}
	}
}

// -o /dev/stdout, /dev/fd/1 and /proc/self/fd/1 are the run's standard
// output as the shell opened it, not the path their link reads ("pipe:[N]",
// or a file that replacing would empty).
func TestOutputDescriptor(t *testing.T) {
	puzzle := td("examples", "classic.txt")
	solution := readFile(t, td("examples", "classic.solution.txt"))
	for _, name := range []string{"/dev/stdout", "/dev/fd/1", "/proc/self/fd/1"} {
		out, errs, code := runGattai(t, "", "solve", puzzle, "-o", name)
		if code != 0 || out != solution {
			t.Errorf("-o %s: exit %d, %q: %s", name, code, out, errs)
		}
	}
	link := filepath.Join(t.TempDir(), "link")
	os.Symlink("/dev/stdout", link)
	if out, errs, code := runGattai(t, "", "export", puzzle, "-o", link); code != 0 || !strings.HasPrefix(out, "c gattai") {
		t.Errorf("export -o a link to /dev/stdout: exit %d, %.40q: %s", code, out, errs)
	}
	if _, errs, code := runGattai(t, "", "export", td("top1465-200.txt"), "-o", "/dev/stdout"); code != exitBadInput || !strings.Contains(errs, "several puzzles") {
		t.Errorf("export of several to /dev/stdout: exit %d: %s", code, errs)
	}
}

// blocked is an output that nobody reads: every write waits until
// release.
type blocked struct{ release chan struct{} }

func (b blocked) Write(p []byte) (int, error) {
	<-b.release
	return len(p), nil
}

// A stop ends a run whose output blocks (a reader that stopped reading):
// the write is given up writeGrace after the stop, the run exits 3 and
// says so.
func TestStopWhileOutputBlocks(t *testing.T) {
	many := td("top1465-200.txt")
	for _, tc := range []struct {
		name, stop string
		args       []string
	}{
		{"count/timeout", "timed out", []string{"count", "--timeout", "300ms", many}},
		{"solve/interrupt", "interrupted", []string{"solve", many}},
		{"steps/interrupt", "interrupted", []string{"steps", many}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			if tc.stop == "interrupted" {
				time.AfterFunc(300*time.Millisecond, cancel)
			}
			out := blocked{make(chan struct{})}
			defer close(out.release)
			done := make(chan ran, 1)
			go func() {
				var errs strings.Builder
				code := run(ctx, tc.args, env{stdin: strings.NewReader(""), stdout: out, stderr: &errs})
				done <- ran{errs.String(), code}
			}()
			select {
			case r := <-done:
				if r.code != exitTimeout || !strings.Contains(r.errs, "writing standard output: "+tc.stop+" while the output was blocked") {
					t.Errorf("exit %d: %s", r.code, r.errs)
				}
			case <-time.After(5 * time.Second):
				t.Errorf("still writing 5s after the stop")
			}
		})
	}
}

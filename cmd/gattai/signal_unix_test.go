//go:build unix

package main

import (
	"context"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestHelperGattai is gattai as a process of its own, catching signals,
// when GATTAI_TEST_ARGS holds its arguments, one a line. Otherwise it
// does nothing.
func TestHelperGattai(t *testing.T) {
	args := os.Getenv("GATTAI_TEST_ARGS")
	if args == "" {
		return
	}
	os.Exit(run(context.Background(), strings.Split(args, "\n"),
		env{stdin: os.Stdin, stdout: os.Stdout, stderr: os.Stderr, process: true}))
}

// helperGattai is the command that runs this test binary as gattai with
// args (see TestHelperGattai), through sh with the script before it.
func helperGattai(t *testing.T, script string, args ...string) *exec.Cmd {
	self, err := os.Executable()
	if err != nil {
		t.Skip(err)
	}
	cmd := exec.Command("sh", "-c", script+`exec "$0" -test.run='^TestHelperGattai$'`, self)
	cmd.Env = append(os.Environ(), "GATTAI_TEST_ARGS="+strings.Join(args, "\n"))
	return cmd
}

// SIGINT, SIGTERM and SIGHUP (a terminal or an ssh session gone) stop a
// run as Ctrl-C does: exit 3, and the output file, uncommitted, leaves
// nothing behind. A signal the run started with ignored (nohup, a
// background job of a script) stays ignored: the run goes on to the
// end of its input. Each run waits for input after one puzzle when the
// signal comes.
func TestStopSignals(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the test binary as gattai")
	}
	for _, tc := range []struct {
		name   string
		sig    syscall.Signal
		ignore string // the signal the shell starts the run with ignored
		want   int    // exit code
	}{
		{"SIGINT", syscall.SIGINT, "", exitTimeout},
		{"SIGTERM", syscall.SIGTERM, "", exitTimeout},
		{"SIGHUP", syscall.SIGHUP, "", exitTimeout},
		{"SIGHUP under nohup", syscall.SIGHUP, "HUP", exitOK},
		{"SIGINT to a script's background job", syscall.SIGINT, "INT", exitOK},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			out := filepath.Join(dir, "out.txt")
			script := ""
			if tc.ignore != "" {
				script = `trap '' ` + tc.ignore + "; "
			}
			cmd := helperGattai(t, script, "count", "--jobs", "1", "-o", out)
			stdin, err := cmd.StdinPipe()
			if err != nil {
				t.Fatal(err)
			}
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			defer cmd.Process.Kill()
			if _, err := stdin.Write([]byte("...3.6...78....2..2..1.7..6..52.....1...6.7....7...8....28.31...3.7..4.5.9.......\n")); err != nil {
				t.Fatal(err)
			}
			// The run catches its signals before it opens its output.
			for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(10 * time.Millisecond) {
				if tmp, _ := filepath.Glob(filepath.Join(dir, ".out.txt.*.tmp")); len(tmp) > 0 {
					break
				}
				if time.Now().After(deadline) {
					t.Fatal("no temporary output within 10s")
				}
			}
			if err := cmd.Process.Signal(tc.sig); err != nil {
				t.Fatal(err)
			}
			time.Sleep(100 * time.Millisecond) // a signal caught has stopped the run by now
			stdin.Close()
			err = cmd.Wait()
			code := 0
			var xe *exec.ExitError
			if errors.As(err, &xe) {
				code = xe.ExitCode() // -1: killed by the signal
			} else if err != nil {
				t.Fatal(err)
			}
			var names []string
			entries, _ := os.ReadDir(dir)
			for _, e := range entries {
				names = append(names, e.Name())
			}
			wantFiles := []string(nil)
			if tc.want == exitOK {
				wantFiles = []string{"out.txt"}
			}
			if code != tc.want || !slices.Equal(names, wantFiles) {
				t.Errorf("exit %d, files %q; want exit %d, files %q", code, names, tc.want, wantFiles)
			}
		})
	}
}

// What a stop leaves in a pipe that nobody read is whole records: the
// run fills the pipe, times out, gives up its blocked write and exits,
// and the reader then finds lines that all end, none cut short to read
// as another answer.
func TestStopLeavesWholeLines(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the test binary as gattai")
	}
	var in strings.Builder
	for range 10 { // 2000 solutions, 164 KB: more than a pipe holds
		in.WriteString(readFile(t, td("top1465-200.txt")))
	}
	name := filepath.Join(t.TempDir(), "in.txt")
	if err := os.WriteFile(name, []byte(in.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	cmd := helperGattai(t, "", "solve", "--jobs", "1", "--timeout", "1s", name)
	cmd.Stdout = w
	var errs strings.Builder
	cmd.Stderr = &errs
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	w.Close()
	err = cmd.Wait() // nothing reads the pipe until the run is over
	var xe *exec.ExitError
	if !errors.As(err, &xe) || xe.ExitCode() != exitTimeout {
		t.Fatalf("%v, want exit %d: %s", err, exitTimeout, errs.String())
	}
	out, err := io.ReadAll(r)
	if err != nil {
		t.Fatal(err)
	}
	if len(out) == 0 || out[len(out)-1] != '\n' {
		t.Fatalf("%d bytes, the last line cut short: ...%q", len(out), out[max(0, len(out)-40):])
	}
	for i, l := range strings.Split(strings.TrimSuffix(string(out), "\n"), "\n") {
		if len(l) != 81 && !strings.HasPrefix(l, "# ") {
			t.Fatalf("line %d: %q, not a solution nor a comment", i+1, l)
		}
	}
}

//go:build unix

package main

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"syscall"
	"testing"
	"time"
)

// TestHelperGattai is gattai as a process of its own, catching signals,
// when GATTAI_TEST_OUTPUT names the output: gattai count -o that file,
// reading standard input. Otherwise it does nothing.
func TestHelperGattai(t *testing.T) {
	out := os.Getenv("GATTAI_TEST_OUTPUT")
	if out == "" {
		return
	}
	os.Exit(run(context.Background(), []string{"count", "--jobs", "1", "-o", out},
		env{stdin: os.Stdin, stdout: os.Stdout, stderr: os.Stderr, process: true}))
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
	self, err := os.Executable()
	if err != nil {
		t.Skip(err)
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
			script := `exec "$0" -test.run='^TestHelperGattai$'`
			if tc.ignore != "" {
				script = `trap '' ` + tc.ignore + "; " + script
			}
			cmd := exec.Command("sh", "-c", script, self)
			cmd.Env = append(os.Environ(), "GATTAI_TEST_OUTPUT="+out)
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

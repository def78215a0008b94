package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"gattai/internal/testkit"
)

// fakeServer puts first on PATH a gattai-serve that runs the shell
// script given.
func fakeServer(t *testing.T, script string) {
	t.Helper()
	if runtime.GOOS == "windows" {
		t.Skip("the fake server is a shell script")
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, serverName), []byte("#!/bin/sh\n"+script), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", dir+string(os.PathListSeparator)+os.Getenv("PATH"))
}

// TestServeRunsServer: gattai serve hands its arguments, flags and help
// included, unparsed to gattai-serve and exits with its code.
func TestServeRunsServer(t *testing.T) {
	fakeServer(t, "echo \"args: $*\"\nexit $1\n") // exits with its first argument
	for _, tc := range []struct {
		args []string
		code int
	}{
		{[]string{"0", "--help"}, exitOK},
		{[]string{"2", "--addr", ":80", "-v"}, exitBadInput},
		{[]string{"4", "--", "x"}, exitInternal},
	} {
		out, errs, code := runGattai(t, "", append([]string{"serve"}, tc.args...)...)
		if want := "args: " + strings.Join(tc.args, " ") + "\n"; code != tc.code || out != want || errs != "" {
			t.Errorf("%v: exit %d, stdout %q (want %q), stderr %q", tc.args, code, out, want, errs)
		}
	}
}

// TestServeNoServer: without gattai-serve, one line says how to get it,
// and the exit is 2.
func TestServeNoServer(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	_, errs, code := runGattai(t, "", "serve")
	if code != exitBadInput || strings.Count(errs, "\n") != 1 || !strings.Contains(errs, "go run ./cmd/gattai-serve") {
		t.Errorf("exit %d, stderr %q", code, errs)
	}
}

// TestServeInterrupted: a stop of gattai serve's run (its context, as
// SIGINT's) stops the server as Ctrl-C does.
func TestServeInterrupted(t *testing.T) {
	// Not interrupted, it gives up after about 10 s.
	fakeServer(t, "trap 'echo stopped; exit 0' INT\necho ready\ni=0\nwhile [ $i -lt 1000 ]; do sleep 0.01; i=$((i+1)); done\necho 'not interrupted'\nexit 9\n")
	ctx, cancel := context.WithCancel(context.Background())
	pr, pw := io.Pipe()
	codes := make(chan int, 1)
	go func() {
		codes <- run(ctx, []string{"serve"}, env{stdin: strings.NewReader(""), stdout: pw, stderr: io.Discard})
		pw.Close()
	}()
	lines := bufio.NewScanner(pr)
	if !lines.Scan() || lines.Text() != "ready" {
		t.Fatalf("server did not start: %q", lines.Text())
	}
	cancel()
	if !lines.Scan() || lines.Text() != "stopped" {
		t.Errorf("server not interrupted: %q", lines.Text())
	}
	io.Copy(io.Discard, pr)
	if code := <-codes; code != exitOK {
		t.Errorf("exit %d", code)
	}
}

// TestServeBinaries builds gattai and gattai-serve side by side, runs
// gattai serve (which becomes gattai-serve), solves through the API and
// stops it with SIGINT: exit 0 and a clean stop.
func TestServeBinaries(t *testing.T) {
	if testing.Short() {
		t.Skip("builds both programs")
	}
	if runtime.GOOS == "windows" {
		t.Skip("sends SIGINT")
	}
	dir := t.TempDir()
	build := exec.Command("go", "build", "-o", dir+string(filepath.Separator), "../gattai", "../gattai-serve")
	build.Env = append(os.Environ(), "CGO_ENABLED=0")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	t.Setenv("PATH", "") // beside gattai, not on PATH
	cmd := exec.Command(filepath.Join(dir, "gattai"), "serve", "--addr", "127.0.0.1:0", "-v")
	var stderr testkit.SyncBuffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	url := testkit.ServingURL(t, &stderr)
	if exe, err := os.Readlink(fmt.Sprintf("/proc/%d/exe", cmd.Process.Pid)); err == nil && filepath.Base(exe) != serverName {
		t.Errorf("gattai serve still runs as %s, not replaced by %s", exe, serverName)
	}
	file := td("seeds", "samurai-problem1.txt")
	res, err := http.Post(url+"api/solve", "text/plain", strings.NewReader(readFile(t, file)))
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != 200 || !strings.Contains(string(body), `"status":"unique"`) {
		t.Fatalf("solve: %d %s", res.StatusCode, body)
	}
	if err := cmd.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	if err := cmd.Wait(); err != nil {
		t.Fatalf("%v: %s", err, stderr.String())
	}
	if !strings.Contains(stderr.String(), "POST /api/solve 200") || !strings.Contains(stderr.String(), "gattai: stopped") {
		t.Errorf("stderr: %q", stderr.String())
	}
}

// TestNoNetHTTP: gattai's start stays free of the web server's
// packages, which gattai-serve holds.
func TestNoNetHTTP(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", ".").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	for _, pkg := range strings.Fields(string(out)) {
		switch pkg {
		case "net/http", "crypto/tls", "gattai/web":
			t.Errorf("gattai imports %s", pkg)
		}
	}
}

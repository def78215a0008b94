package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"gattai/internal/testkit"
	"gattai/layouts"
)

// TestServe starts the server on a free loopback port, solves the seed
// Samurai through the API, and stops it with the context, as SIGINT
// does.
func TestServe(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var stderr testkit.SyncBuffer
	codes := make(chan int, 1)
	go func() { codes <- run(ctx, []string{"--addr", "127.0.0.1:0", "-v"}, io.Discard, &stderr) }()
	url := testkit.ServingURL(t, &stderr)
	puzzle := filepath.Join("..", "..", "testdata", "seeds", "samurai-problem1.txt")
	p := testkit.ReadPuzzle(t, puzzle, testkit.Model(t, "samurai", 9))
	res, err := http.Post(url+"api/solve", "text/plain", strings.NewReader(p.String()))
	if err != nil {
		t.Fatal(err)
	}
	var ans struct {
		Records []struct{ Status, Solution string }
	}
	err = json.NewDecoder(res.Body).Decode(&ans)
	res.Body.Close()
	if err != nil || res.StatusCode != 200 || len(ans.Records) != 1 || ans.Records[0].Status != "unique" {
		t.Fatalf("solve: %d %v %+v", res.StatusCode, err, ans)
	}
	testkit.CheckSolution(t, p, ans.Records[0].Solution, layouts.ReadOptions{Format: layouts.FormatCanvas})
	cancel()
	select {
	case code := <-codes:
		if code != exitOK {
			t.Fatalf("exit %d: %s", code, stderr.String())
		}
	case <-time.After(10 * time.Second):
		t.Fatal("serve did not stop")
	}
	if !strings.Contains(stderr.String(), "POST /api/solve 200") || !strings.Contains(stderr.String(), "gattai: stopped") {
		t.Errorf("no request logged, or no stop: %q", stderr.String())
	}
}

// TestUsage: bad usage exits 2 with one line on stderr naming the
// problem, before anything listens; help and version exit 0.
func TestUsage(t *testing.T) {
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"--addr", ":8080"}, exitBadInput, "--public"},
		{[]string{"--addr", "0.0.0.0:8080"}, exitBadInput, "--public"},
		{[]string{"--addr", "192.0.2.1:80"}, exitBadInput, "--public"},
		{[]string{"--addr", "127.0.0.1:0", "--timeout", "0s"}, exitBadInput, "--timeout"},
		{[]string{"--addr", "127.0.0.1:0", "--jobs", "-1"}, exitBadInput, "--jobs"},
		{[]string{"--addr", "127.0.0.1:99999"}, exitBadInput, "99999"},
		{[]string{"--engine", "fast"}, exitBadInput, "--engine"},
		{[]string{"--nope"}, exitBadInput, "--nope"},
		{[]string{"--help"}, exitOK, ""},
		{[]string{"--version"}, exitOK, ""},
	} {
		var out, errb bytes.Buffer
		code := run(context.Background(), tc.args, &out, &errb)
		if code != tc.code || !strings.Contains(errb.String(), tc.want) {
			t.Errorf("%v: exit %d, stderr %q", tc.args, code, errb.String())
		}
		if code == exitOK && out.Len() == 0 {
			t.Errorf("%v: nothing printed", tc.args)
		}
		if first, _, _ := strings.Cut(errb.String(), "\n"); code != exitOK && !strings.HasPrefix(first, "gattai serve: ") {
			t.Errorf("%v: first line %q", tc.args, first)
		}
	}
}

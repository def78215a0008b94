package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
)

// syncBuffer is a bytes.Buffer that the server's goroutine and the test
// may use at once.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// TestServe starts gattai serve on a free loopback port, solves the
// seed Samurai through the API, and stops it with the context, as
// SIGINT does.
func TestServe(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var stderr syncBuffer
	codes := make(chan int, 1)
	go func() {
		codes <- run(ctx, []string{"serve", "--addr", "127.0.0.1:0", "-v"}, env{stdin: strings.NewReader(""), stdout: io.Discard, stderr: &stderr})
	}()
	re := regexp.MustCompile(`serving on (http://\S+/)`)
	var url string
	for deadline := time.Now().Add(5 * time.Second); url == ""; {
		if m := re.FindStringSubmatch(stderr.String()); m != nil {
			url = m[1]
		} else if time.Now().After(deadline) {
			t.Fatalf("no URL printed: %q", stderr.String())
		}
		time.Sleep(10 * time.Millisecond)
	}
	res, err := http.Post(url+"api/solve", "text/plain", strings.NewReader(readFile(t, td("seeds", "samurai-problem1.txt"))))
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
	checkCanvas(t, "samurai", readFile(t, td("seeds", "samurai-problem1.txt")), ans.Records[0].Solution)
	cancel()
	select {
	case code := <-codes:
		if code != exitOK {
			t.Fatalf("exit %d: %s", code, stderr.String())
		}
	case <-time.After(10 * time.Second):
		t.Fatal("serve did not stop")
	}
	if !strings.Contains(stderr.String(), "POST /api/solve 200") {
		t.Errorf("no request logged: %q", stderr.String())
	}
}

func TestServeRefusesPublic(t *testing.T) {
	for _, addr := range []string{":8080", "0.0.0.0:8080", "192.0.2.1:80"} {
		_, errs, code := runGattai(t, "", "serve", "--addr", addr)
		if code != exitBadInput || !strings.Contains(errs, "--public") {
			t.Errorf("%s: exit %d, %q", addr, code, errs)
		}
	}
}

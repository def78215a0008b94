package testkit

import (
	"bytes"
	"regexp"
	"sync"
	"testing"
	"time"
)

// SyncBuffer is a bytes.Buffer that a program's goroutines and the
// test may use at once.
type SyncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *SyncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *SyncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// ServingURL waits up to 10 s for the line in which gattai serve names
// its URL and returns the URL.
func ServingURL(t testing.TB, stderr *SyncBuffer) string {
	t.Helper()
	re := regexp.MustCompile(`serving on (http://\S+/)`)
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		if m := re.FindStringSubmatch(stderr.String()); m != nil {
			return m[1]
		}
		if time.Now().After(deadline) {
			t.Fatalf("no URL printed: %q", stderr.String())
		}
	}
}

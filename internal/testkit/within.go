package testkit

import (
	"testing"
	"time"
)

// Within runs f and fails the test if it has not returned after d, or
// raceSlowdown times d under the race detector: for a reader that
// hostile input once kept busy for minutes. f must not use t.
func Within(t testing.TB, d time.Duration, f func()) {
	t.Helper()
	d *= raceSlowdown
	done := make(chan struct{})
	go func() {
		defer close(done)
		f()
	}()
	select {
	case <-done:
	case <-time.After(d):
		t.Fatalf("still running after %v", d)
	}
}

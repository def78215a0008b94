package main

import (
	"runtime"
	"runtime/debug"
	"testing"
	"time"
)

// gcPercent reads GOGC.
func gcPercent() int {
	p := debug.SetGCPercent(100)
	debug.SetGCPercent(p)
	return p
}

// waitGOGC collects until GOGC is want, or fails after a few seconds.
func waitGOGC(t *testing.T, want int) {
	t.Helper()
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); {
		runtime.GC()
		time.Sleep(10 * time.Millisecond) // the finalizer runs in its own goroutine
		if gcPercent() == want {
			return
		}
	}
	t.Fatalf("GOGC %d, want %d", gcPercent(), want)
}

// TestTuneGC checks that GOGC is high on a small live heap, back to the
// default on a large one, and high again when it shrinks; and that the
// user's GOGC is left alone.
func TestTuneGC(t *testing.T) {
	defer debug.SetGCPercent(gcPercent())
	t.Setenv("GOGC", "")
	tuneGC()
	waitGOGC(t, smallHeapGOGC)
	big := make([]byte, 2*smallHeap)
	for i := range big {
		big[i] = 1
	}
	waitGOGC(t, 100)
	runtime.KeepAlive(big)
	big = nil
	waitGOGC(t, smallHeapGOGC)

	debug.SetGCPercent(100)
	t.Setenv("GOGC", "50")
	tuneGC()
	if p := gcPercent(); p != 100 {
		t.Errorf("GOGC set by the user: tuneGC changed it to %d", p)
	}
}

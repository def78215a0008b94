package main

import (
	"os"
	"runtime"
	"runtime/debug"
)

// The collector's GOGC while the live heap is small, and the bound above
// which it is Go's default again. A batch of cheap puzzles makes
// short-lived garbage on a live heap of a megabyte or two, which GOGC
// 100 collects a dozen times a second, taking a core's share from the
// workers of --jobs; a big puzzle's CNF is hundreds of megabytes live,
// and five times that is too much to hold.
const (
	smallHeapGOGC = 400
	smallHeap     = 64 << 20
)

// tuneGC keeps GOGC at smallHeapGOGC while the live heap is under
// smallHeap and at 100 above it, looking after every collection; a GOGC
// set by the user is left alone. The heap can outgrow the bound by at
// most one cycle's growth before the default applies.
func tuneGC() {
	if os.Getenv("GOGC") != "" {
		return
	}
	t := &gcTuner{percent: smallHeapGOGC}
	debug.SetGCPercent(t.percent)
	t.arm()
}

type gcTuner struct {
	percent int
}

// arm asks to be called after the next collection: a finalizer runs
// once the object it guards is found unreachable, which a collection
// finds.
func (t *gcTuner) arm() {
	runtime.SetFinalizer(&gcSentinel{t}, func(s *gcSentinel) { s.t.collected() })
}

type gcSentinel struct{ t *gcTuner }

// collected sets GOGC for the live heap the last collection left,
// which its goal for the next (NextGC) is 1+GOGC/100 times. (Reading
// runtime/metrics instead would cost every start the package's init.)
func (t *gcTuner) collected() {
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	want := smallHeapGOGC
	if ms.NextGC/uint64(100+t.percent)*100 > smallHeap {
		want = 100
	}
	if want != t.percent {
		t.percent = want
		debug.SetGCPercent(want)
	}
	t.arm()
}

package gattai

import (
	"runtime"
	"syscall"
	"testing"
)

// nice is the calling thread's nice value (Linux: getpriority gives
// 20 - nice for a thread id of 0, the calling thread).
func nice(t *testing.T) int {
	t.Helper()
	p, err := syscall.Getpriority(syscall.PRIO_PROCESS, 0)
	if err != nil {
		t.Fatal(err)
	}
	return 20 - p
}

// The yielder lowers the native thread's priority from another
// goroutine, and only that thread's: it ends with its goroutine, and no
// other goroutine runs at the lowered priority. Once the search has
// left, yield does nothing.
func TestYielder(t *testing.T) {
	base := nice(t)
	if base == 19 {
		t.Skip("the test process already runs at nice 19")
	}
	for _, yield := range []bool{true, false} {
		var y yielder
		entered, yielded, got := make(chan struct{}), make(chan struct{}), make(chan int)
		go func() {
			y.enter()
			close(entered)
			<-yielded
			got <- nice(t)
			y.leave()
		}()
		<-entered
		if yield {
			y.yield()
		}
		if n := nice(t); n != base {
			t.Fatalf("the yielding goroutine's nice is %d, want %d", n, base)
		}
		close(yielded)
		want := base
		if yield {
			want = 19
		}
		if n := <-got; n != want {
			t.Errorf("yield %v: the native thread's nice is %d, want %d", yield, n, want)
		}
		y.yield() // after leave: nothing
	}
	// Every thread the runtime runs goroutines on is at the base nice.
	done := make(chan int)
	for range 4 * runtime.GOMAXPROCS(0) {
		go func() {
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			done <- nice(t)
		}()
	}
	for range 4 * runtime.GOMAXPROCS(0) {
		if n := <-done; n != base {
			t.Errorf("a goroutine runs at nice %d, want %d", n, base)
		}
	}
}

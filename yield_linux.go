package gattai

import (
	"runtime"
	"sync"
	"syscall"
)

// yielder lets auto lower the priority of the thread that runs the
// native search, so that the second engine (an external solver's
// process, or gophersat) gets the cores it needs on a busy machine while
// the native search goes on with whatever is left. On Linux a thread
// has its own nice value: the native goroutine is locked to its thread
// for the search, and a thread whose priority was lowered dies with the
// goroutine (an unprivileged process cannot raise it back), so no other
// goroutine ever runs at the lowered priority.
type yielder struct {
	mu      sync.Mutex
	tid     int
	done    bool // the search ended: too late to yield
	yielded bool
}

// enter locks the calling goroutine, the native search's, to its
// thread. It is paired with leave, in the same goroutine.
func (y *yielder) enter() {
	runtime.LockOSThread()
	y.mu.Lock()
	y.tid = syscall.Gettid()
	y.mu.Unlock()
}

// leave ends the search: the thread goes back to the runtime unless its
// priority was lowered, in which case it ends with the goroutine.
func (y *yielder) leave() {
	y.mu.Lock()
	y.done = true
	yielded := y.yielded
	y.mu.Unlock()
	if !yielded {
		runtime.UnlockOSThread()
	}
}

// yield lowers the native thread's priority to the lowest (nice 19),
// unless the search has ended. It may be called from any goroutine.
func (y *yielder) yield() {
	y.mu.Lock()
	defer y.mu.Unlock()
	if y.done || y.yielded || y.tid == 0 {
		return
	}
	if syscall.Setpriority(syscall.PRIO_PROCESS, y.tid, 19) == nil {
		y.yielded = true
	}
}

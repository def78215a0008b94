package gattai

import (
	"bytes"
	"os"
	"runtime"
	"strconv"
	"sync"
	"syscall"
)

// yielder lets auto lower the priority of the thread that runs the
// native search, so that the second engine (an external solver's
// process, or gophersat) gets the cores it needs on a busy machine while
// the native search goes on with whatever is left. On Linux a thread
// has its own nice value: the native goroutine, which takes the search
// over once it has outlasted its budget (see auto), is locked to its
// thread, and a thread whose priority was lowered dies with the
// goroutine (an unprivileged process cannot raise it back), so no other
// goroutine ever runs at the lowered priority.
type yielder struct {
	mu      sync.Mutex
	tid     int
	done    bool // the search ended: too late to yield
	yielded bool
	pending bool // yield was called before enter: enter yields

	// stat is the thread's schedstat file, and ran, waited its time
	// on a CPU and waiting for one at mark (see waiting).
	marked      bool
	stat        string
	ran, waited int64
}

// enter locks the calling goroutine, the native search's, to its
// thread, and lowers it if yield was called before. It is paired with
// leave, in the same goroutine. A measure of waiting begun by markHere
// ends: mark begins the native thread's.
func (y *yielder) enter() {
	runtime.LockOSThread()
	y.mu.Lock()
	defer y.mu.Unlock()
	y.tid = syscall.Gettid()
	y.marked, y.stat = false, ""
	if y.pending {
		y.lower()
	}
}

// mark starts the measure of waiting, from another goroutine than the
// native one's, once the search has entered (later than enter itself,
// which most puzzles do not outlast).
func (y *yielder) mark() {
	y.mu.Lock()
	defer y.mu.Unlock()
	if y.tid != 0 {
		y.markThread(y.tid)
	}
}

// markHere starts the measure of waiting on the calling thread, which
// runs the native search before it has a goroutine of its own (see
// auto): enter ends it.
func (y *yielder) markHere() {
	y.mu.Lock()
	defer y.mu.Unlock()
	if y.tid == 0 {
		y.markThread(syscall.Gettid())
	}
}

// markThread starts the measure of waiting on thread tid, once. Called
// with mu held.
func (y *yielder) markThread(tid int) {
	if y.marked {
		return
	}
	y.marked = true
	stat := "/proc/self/task/" + strconv.Itoa(tid) + "/schedstat"
	if ran, waited, ok := schedstat(stat); ok {
		y.stat, y.ran, y.waited = stat, ran, waited
	}
}

// busy reports whether the machine has no core to spare, so that a
// second engine would take the native one's: the tasks that want a CPU
// now, less own of this search's threads among them (the caller's, and
// the native goroutine's once it runs apart), fill every core but one;
// or the native thread has spent more than a tenth of its time since
// mark waiting for a CPU (on an idle machine it waits next to none). The
// count of tasks says it at once, even for a thread that just woke,
// which the scheduler favours and which waits little at first on a busy
// machine; the waiting says it for load that comes and goes. The load
// average is no guide: a minute's mean, it still counts work that has
// ended, this process's own included, and made auto treat an idle
// machine as busy after a minute of solving. Where the kernel tells
// neither, busy reports false. A process that may run on one CPU only
// (its affinity, its cgroup's quota through GOMAXPROCS's default, or
// GOMAXPROCS itself) never has one to spare, however idle the machine:
// the second engine, a thread or a child process, would share the
// native one's.
func (y *yielder) busy(own int) bool {
	if min(runtime.NumCPU(), runtime.GOMAXPROCS(0)) < 2 {
		return true
	}
	if b, err := os.ReadFile(loadavgFile); err == nil {
		if r, ok := runnable(b); ok && r-own >= runtime.NumCPU()-1 {
			return true
		}
	}
	return y.waiting()
}

// loadavgFile is where the kernel counts the tasks that want a CPU.
var loadavgFile = "/proc/loadavg"

// waiting reports whether the native thread has spent more than a
// tenth of its time since mark waiting for a CPU.
func (y *yielder) waiting() bool {
	y.mu.Lock()
	stat, ran0, waited0 := y.stat, y.ran, y.waited
	y.mu.Unlock()
	if stat == "" {
		return false
	}
	ran, waited, ok := schedstat(stat)
	if !ok {
		return false
	}
	ran, waited = ran-ran0, waited-waited0
	return waited > 0 && 9*waited > ran
}

// runnable reads the number of tasks that want a CPU now (running or
// waiting for one), the fourth field of /proc/loadavg ("2/103": two of
// 103).
func runnable(b []byte) (int, bool) {
	f := bytes.Fields(b)
	if len(f) < 4 {
		return 0, false
	}
	r, _, ok := bytes.Cut(f[3], []byte("/"))
	if !ok {
		return 0, false
	}
	n, err := strconv.Atoi(string(r))
	if err != nil || n < 0 {
		return 0, false
	}
	return n, true
}

// schedstat reads a thread's time on a CPU and waiting for one, in
// nanoseconds, from its /proc schedstat file.
func schedstat(name string) (ran, waited int64, ok bool) {
	b, err := os.ReadFile(name)
	if err != nil {
		return 0, 0, false
	}
	f := bytes.Fields(b)
	if len(f) < 2 {
		return 0, 0, false
	}
	ran, err1 := strconv.ParseInt(string(f[0]), 10, 64)
	waited, err2 := strconv.ParseInt(string(f[1]), 10, 64)
	return ran, waited, err1 == nil && err2 == nil
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
// unless the search has ended; before the search has entered, enter
// does. It may be called from any goroutine.
func (y *yielder) yield() {
	y.mu.Lock()
	defer y.mu.Unlock()
	switch {
	case y.done || y.yielded:
	case y.tid == 0:
		y.pending = true
	default:
		y.lower()
	}
}

// lower sets the native thread's nice to 19. Called with mu held.
func (y *yielder) lower() {
	if syscall.Setpriority(syscall.PRIO_PROCESS, y.tid, 19) == nil {
		y.yielded = true
	}
}

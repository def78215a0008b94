package gattai

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"
	"unsafe"
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
	for _, when := range []string{"after enter", "before enter", "never"} {
		yield := when != "never"
		var y yielder
		if when == "before enter" {
			y.yield() // enter lowers the thread
		}
		entered, yielded, got := make(chan struct{}), make(chan struct{}), make(chan int)
		go func() {
			y.enter()
			close(entered)
			<-yielded
			got <- nice(t)
			y.leave()
		}()
		<-entered
		if when == "after enter" {
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
			t.Errorf("yield %s: the native thread's nice is %d, want %d", when, n, want)
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

// pinToCPU0 keeps the calling thread on CPU 0.
func pinToCPU0() error {
	var mask [16]uint64
	mask[0] = 1
	if _, _, e := syscall.RawSyscall(syscall.SYS_SCHED_SETAFFINITY, 0, uintptr(len(mask)*8), uintptr(unsafe.Pointer(&mask))); e != 0 {
		return e
	}
	return nil
}

// spin keeps the CPU busy for d of wall time.
func spin(d time.Duration) {
	for end := time.Now().Add(d); time.Now().Before(end); {
	}
}

// waiting says whether the native thread waits for a CPU: two threads
// pinned to one CPU wait half of the time each. The measure starts on
// the native search's own thread (enter, then mark), or, before it has
// one, on the caller's (markHere; see auto), which enter then ends.
func TestYielderWaiting(t *testing.T) {
	if _, _, ok := schedstat("/proc/self/schedstat"); !ok {
		t.Skip("no schedstat in /proc")
	}
	for _, here := range []bool{false, true} {
		var y yielder
		got := make(chan bool)
		spun := make(chan error)
		go func() {
			runtime.LockOSThread() // never unlocked: the thread ends pinned
			err := pinToCPU0()
			if err == nil {
				spin(300 * time.Millisecond)
			}
			spun <- err
		}()
		go func() {
			// Never unlocked or left: the thread ends pinned.
			if here {
				runtime.LockOSThread()
				y.markHere()
			} else {
				y.enter()
				y.mark()
			}
			if pinToCPU0() == nil {
				spin(200 * time.Millisecond)
			}
			got <- y.waiting()
		}()
		waiting := <-got
		if err := <-spun; err != nil {
			t.Skipf("sched_setaffinity: %v", err)
		}
		if !waiting {
			ran, waited, _ := schedstat(y.stat)
			t.Errorf("markHere %v: not waiting, sharing a CPU: ran %v, waited %v since mark", here, time.Duration(ran-y.ran), time.Duration(waited-y.waited))
		}
		if here {
			entered := make(chan struct{})
			go func() {
				y.enter()
				close(entered)
				y.leave()
			}()
			<-entered
			y.mu.Lock()
			if y.marked || y.stat != "" {
				t.Errorf("enter left the caller's measure: %s", y.stat)
			}
			y.mu.Unlock()
		}
	}
}

// needTwoCPUs skips a test of busy's reading of the machine where the
// process may use one CPU: there busy always says so (TestBusyOnOneCPU).
func needTwoCPUs(t *testing.T) {
	t.Helper()
	if runtime.NumCPU() < 2 || runtime.GOMAXPROCS(0) < 2 {
		t.Skip("needs two CPUs: with one, busy always says so (TestBusyOnOneCPU)")
	}
}

// fakeLoadavg makes busy read content instead of /proc/loadavg until
// the test ends.
func fakeLoadavg(t *testing.T, content string) {
	t.Helper()
	old := loadavgFile
	loadavgFile = filepath.Join(t.TempDir(), "loadavg")
	t.Cleanup(func() { loadavgFile = old })
	if err := os.WriteFile(loadavgFile, []byte(content), 0o600); err != nil {
		t.Fatal(err)
	}
}

func TestRunnable(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want int
		ok   bool
	}{
		{"3.04 3.89 3.79 2/103 24315\n", 2, true},
		{"0.00 0.01 0.05 1/80 1\n", 1, true},
		{"0.00 0.01 0.05 17/80", 17, true},
		{"", 0, false},
		{"0.00 0.01 0.05", 0, false},
		{"0.00 0.01 0.05 1-80 1", 0, false},
		{"0.00 0.01 0.05 x/80 1", 0, false},
		{"0.00 0.01 0.05 -1/80 1", 0, false},
	} {
		got, ok := runnable([]byte(tt.in))
		if got != tt.want || ok != tt.ok {
			t.Errorf("runnable(%q) = %v, %v; want %v, %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
}

// runnable takes any bytes without a panic, and never reports a
// negative count, nor a count it could not read.
func FuzzRunnable(f *testing.F) {
	f.Add([]byte("3.04 3.89 3.79 2/103 24315\n"))
	f.Add([]byte("0.00 0.01 0.05 -1/80 1"))
	f.Add([]byte(""))
	f.Fuzz(func(t *testing.T, b []byte) {
		if n, ok := runnable(b); n < 0 || !ok && n != 0 {
			t.Fatalf("runnable(%q) = %d, %v", b, n, ok)
		}
	})
}

// busy counts the tasks that want a CPU now, not the load average: a
// machine whose minute's mean is high from work that has ended (this
// process's own solving, a minute ago) has a core to spare when nothing
// else runs, and none when every core but the native one's is taken,
// however low the mean.
func TestBusyCountsTasksNow(t *testing.T) {
	needTwoCPUs(t)
	n := runtime.NumCPU()
	for _, tt := range []struct {
		loadavg string
		own     int
		want    bool
	}{
		{fmt.Sprintf("%d.00 %d.00 %d.00 1/200 1", 4*n, 4*n, 4*n), 1, false}, // a busy minute, ended: only the search runs
		{fmt.Sprintf("%d.00 %d.00 %d.00 2/200 1", 4*n, 4*n, 4*n), 2, false}, // the same, with the search apart from its caller
		{fmt.Sprintf("0.00 0.00 0.00 %d/200 1", n), 1, true},                // every other core taken, just now
		{fmt.Sprintf("0.00 0.00 0.00 %d/200 1", n+1), 2, true},              // the same, with the search apart
		{fmt.Sprintf("0.00 0.00 0.00 %d/200 1", n-1), 1, false},             // one core left beside the search's
		{"0.00 0.00 0.00 not a count", 1, false},                            // unreadable: no sign of load
	} {
		fakeLoadavg(t, tt.loadavg)
		var y yielder // never marked: its waiting says nothing
		if got := y.busy(tt.own); got != tt.want {
			t.Errorf("busy(%d) with /proc/loadavg %q = %v, want %v", tt.own, tt.loadavg, got, tt.want)
		}
	}
}

// Past the budget, auto waits while no core is spare, counting this
// search's two threads then (the waiting caller's and the native one's):
// when the others leave a core, the wait ends at its next look, long
// before the busy budget or the deadline; while they fill every core
// but the native one's, it goes on.
func TestWaitEndsWhenACoreIsSpare(t *testing.T) {
	needTwoCPUs(t)
	s, err := New(Options{})
	if err != nil {
		t.Fatal(err)
	}
	n := runtime.NumCPU()
	for _, tt := range []struct {
		running int
		spare   bool
	}{
		{n, true},      // the search's two and n-2 others: one core spare
		{n + 1, false}, // n-1 others: none
	} {
		fakeLoadavg(t, fmt.Sprintf("0.00 0.00 0.00 %d/200 1", tt.running))
		var y yielder // never entered: its waiting says nothing
		limit := 300 * time.Millisecond
		start := time.Now()
		_, done, busy := s.wait(make(chan outcome), &y, budget{nodes: 10, busy: 1 << 40, wall: time.Hour}, start.Add(limit))
		took := time.Since(start)
		if done || busy {
			t.Errorf("%d running: wait said done %v, busy %v; want neither", tt.running, done, busy)
		}
		if ended := took < limit; ended != tt.spare {
			t.Errorf("%d running: wait took %v of its %v, want it to end early %v", tt.running, took, limit, tt.spare)
		}
	}
}

// On the real machine, busy sees threads that keep every core but one
// busy as they run.
func TestBusySeesRunningThreads(t *testing.T) {
	needTwoCPUs(t)
	n := runtime.NumCPU()
	if n > 64 {
		t.Skipf("%d CPUs: too many threads to keep busy for a test", n)
	}
	if runtime.GOMAXPROCS(0) < n {
		defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(n))
	}
	var stop atomic.Bool
	var started sync.WaitGroup
	var done sync.WaitGroup
	for range n - 1 {
		started.Add(1)
		done.Add(1)
		go func() {
			defer done.Done()
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			started.Done()
			for !stop.Load() { // spin
			}
		}()
	}
	started.Wait()
	var y yielder
	busy := false
	for i := 0; i < 100 && !busy; i++ { // a moment's count: retried
		busy = y.busy(1)
		time.Sleep(time.Millisecond)
	}
	stop.Store(true)
	done.Wait()
	if !busy {
		t.Errorf("busy = false with %d threads spinning beside this one on %d CPUs", n-1, n)
	}
}

// A process that may use one CPU has none to spare, whatever the load:
// on a machine as idle as can be, busy still says so, and auto's second
// engine waits for the busy budget, which a puzzle solved before it
// never reaches.
func TestBusyOnOneCPU(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	var y yielder
	if !y.busy(1) {
		t.Fatal("busy = false with GOMAXPROCS 1")
	}
	hard, want := hardAlone(t)
	if secondJoins(t, hard, want.Grid, budget{nodes: 10, busy: want.Nodes + 1, wall: time.Hour}) {
		t.Error("the second engine started on one CPU before the busy budget")
	}
}

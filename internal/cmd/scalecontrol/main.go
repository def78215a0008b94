// Command scalecontrol is the control for the batch scaling figures of
// BENCHMARKS.md: a fixed amount of arithmetic, split evenly among jobs
// goroutines, with nothing read, written or shared. It prints the
// microseconds from before the goroutines start to after the last ends,
// as gattai's --stats times a batch from its first read to its last
// record.
//
//	scalecontrol ITERATIONS JOBS
//
// Its time with one job over its time with JOBS is the scaling the
// machine itself gives work of that length with nothing to share: the
// mark to judge gattai's by. scripts/bench-report runs it, as gattai,
// one process a measurement.
package main

import (
	"fmt"
	"os"
	"strconv"
	"sync"
	"time"
)

func main() {
	if len(os.Args) != 3 {
		fmt.Fprintln(os.Stderr, "usage: scalecontrol ITERATIONS JOBS")
		os.Exit(2)
	}
	iters, err1 := strconv.ParseInt(os.Args[1], 10, 64)
	jobs, err2 := strconv.Atoi(os.Args[2])
	if err1 != nil || err2 != nil || iters < 0 || jobs < 1 {
		fmt.Fprintln(os.Stderr, "scalecontrol: ITERATIONS must be a count and JOBS at least 1")
		os.Exit(2)
	}
	start := time.Now()
	sum := run(iters, jobs)
	elapsed := time.Since(start)
	fmt.Println(elapsed.Microseconds())
	if sum == 1 { // never, but the compiler cannot know: the work is kept
		fmt.Fprintln(os.Stderr, sum)
	}
}

// run does iters steps of a xorshift generator, split among jobs
// goroutines (the first ones take the remainder), and returns the sum of
// their last states. Every goroutine starts from the same state, so a
// run's sum depends only on how the steps were split.
func run(iters int64, jobs int) uint64 {
	var (
		wg  sync.WaitGroup
		mu  sync.Mutex
		sum uint64
	)
	for j := range jobs {
		n := iters / int64(jobs)
		if int64(j) < iters%int64(jobs) {
			n++
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			x := xorshift(n)
			mu.Lock()
			sum += x
			mu.Unlock()
		}()
	}
	wg.Wait()
	return sum
}

// xorshift is n steps of Marsaglia's 64-bit xorshift from a fixed state.
func xorshift(n int64) uint64 {
	x := uint64(88172645463325252)
	for range n {
		x ^= x << 13
		x ^= x >> 7
		x ^= x << 17
	}
	return x
}

//go:build unix

package testkit

import (
	"syscall"
	"time"
)

// CPUTime is the CPU time (user and system) of the process so far, so
// that a benchmark on a shared machine counts its own work, not the
// time other jobs take from it; ok is false where it is unknown.
func CPUTime() (t time.Duration, ok bool) {
	var u syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &u) != nil {
		return 0, false
	}
	return time.Duration(u.Utime.Nano() + u.Stime.Nano()), true
}

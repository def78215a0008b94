//go:build unix

package nine

import (
	"syscall"
	"time"
)

// cpuTime is the CPU time (user and system) of the process so far, so
// that a benchmark on a shared machine counts its own work, not the
// time other jobs take from it; ok is false where it is unknown.
func cpuTime() (t time.Duration, ok bool) {
	var u syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &u) != nil {
		return 0, false
	}
	return time.Duration(u.Utime.Nano() + u.Stime.Nano()), true
}

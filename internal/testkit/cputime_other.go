//go:build !unix

package testkit

import "time"

// CPUTime is unknown here: the benchmark reports wall time only.
func CPUTime() (time.Duration, bool) { return 0, false }

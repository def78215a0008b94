//go:build !unix

package nine

import "time"

// cpuTime is unknown here: the benchmark reports wall time only.
func cpuTime() (time.Duration, bool) { return 0, false }

//go:build !unix

package generate_test

import "time"

func cpuTime() time.Duration { return 0 }

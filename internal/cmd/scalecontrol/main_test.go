package main

import "testing"

// TestRunSplitsEvenly: the steps are all done, and split as said: two
// jobs of n steps each sum to twice one job's n steps, and a remainder
// goes to the first jobs.
func TestRunSplitsEvenly(t *testing.T) {
	for _, c := range []struct {
		iters int64
		jobs  int
		want  uint64
	}{
		{1000, 1, xorshift(1000)},
		{1000, 2, 2 * xorshift(500)},
		{1001, 2, xorshift(501) + xorshift(500)},
		{10, 4, 2*xorshift(3) + 2*xorshift(2)},
		{0, 3, 3 * xorshift(0)},
	} {
		if got := run(c.iters, c.jobs); got != c.want {
			t.Errorf("run(%d, %d) = %d, want %d", c.iters, c.jobs, got, c.want)
		}
	}
}

//go:build race

package testkit

// raceSlowdown is how much slower the race detector makes code, at most.
const raceSlowdown = 10

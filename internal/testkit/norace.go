//go:build !race

package testkit

const raceSlowdown = 1

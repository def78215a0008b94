// Package testkit holds the helpers that the tests of several packages share.
//
// It builds models of built-in layouts and layout files, reads puzzles
// and the variants of testdata/variants (skipping under -short those
// that take seconds), holds a printed solution to layouts.Check
// (CheckSolution), counts solutions the reference way that both engines
// are held to (RefCount), and finds external SAT solvers. SyncBuffer
// and ServingURL watch a server's log.
// Each helper stops its test with t.Fatal on bad input. Paths are the
// caller's: a test runs in its package directory, so only the caller
// knows how far up testdata is. Only _test.go files import testkit; it
// imports layouts and nothing else of gattai, so that any package's
// external tests may use it.
package testkit

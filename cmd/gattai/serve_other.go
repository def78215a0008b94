//go:build !unix

package main

// execServer does nothing where a process cannot be replaced: the
// server then runs as a child (runServer).
func execServer(path string, args []string) error { return nil }

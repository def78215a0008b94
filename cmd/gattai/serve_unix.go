//go:build unix

package main

import (
	"os"
	"syscall"
)

// execServer replaces this process with the server, which then takes
// the signals and gives the exit code itself. It returns only on
// failure.
func execServer(path string, args []string) error {
	return syscall.Exec(path, append([]string{path}, args...), os.Environ())
}

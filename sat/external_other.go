//go:build !unix

package sat

import "os/exec"

// ownGroup leaves cmd as it is: process groups are a unix notion.
func ownGroup(cmd *exec.Cmd) {}

// endGroup does nothing: without process groups, only the solver
// itself is ever killed.
func endGroup(cmd *exec.Cmd) {}

// signalName is "" : only unix reports a killing signal.
func signalName(ee *exec.ExitError) string { return "" }

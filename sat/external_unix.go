//go:build unix

package sat

import (
	"os/exec"
	"syscall"
)

// ownGroup makes cmd run in a process group of its own, killed whole
// when its context is done.
func ownGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error {
		return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	}
}

// endGroup kills what is left of cmd's process group once cmd has
// exited: children of a wrapper script that outlived it.
func endGroup(cmd *exec.Cmd) {
	if cmd.Process != nil {
		syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	}
}

// signalName is "SIGSEGV (segmentation fault)" when a signal killed
// the process, else "".
func signalName(ee *exec.ExitError) string {
	ws, ok := ee.Sys().(syscall.WaitStatus)
	if !ok || !ws.Signaled() {
		return ""
	}
	sig := ws.Signal()
	name := ""
	switch sig {
	case syscall.SIGABRT:
		name = "SIGABRT"
	case syscall.SIGBUS:
		name = "SIGBUS"
	case syscall.SIGFPE:
		name = "SIGFPE"
	case syscall.SIGHUP:
		name = "SIGHUP"
	case syscall.SIGILL:
		name = "SIGILL"
	case syscall.SIGINT:
		name = "SIGINT"
	case syscall.SIGKILL:
		name = "SIGKILL"
	case syscall.SIGPIPE:
		name = "SIGPIPE"
	case syscall.SIGQUIT:
		name = "SIGQUIT"
	case syscall.SIGSEGV:
		name = "SIGSEGV"
	case syscall.SIGTERM:
		name = "SIGTERM"
	case syscall.SIGXCPU:
		name = "SIGXCPU"
	case syscall.SIGXFSZ:
		name = "SIGXFSZ"
	default:
		return sig.String()
	}
	return name + " (" + sig.String() + ")"
}

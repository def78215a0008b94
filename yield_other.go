//go:build !linux

package gattai

// yielder is a no-op where a thread's priority cannot be lowered on its
// own (see yield_linux.go): the native search goes on at full priority.
type yielder struct{}

func (*yielder) enter()        {}
func (*yielder) mark()         {}
func (*yielder) markHere()     {}
func (*yielder) leave()        {}
func (*yielder) yield()        {}
func (*yielder) busy(int) bool { return false }

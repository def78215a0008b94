// Package stackstart grows the main goroutine's stack once, before the
// inits that deepen it, to the size that gattai's commands reach on it.
// Go starts a goroutine's stack small and doubles it when a call needs
// more, copying it and unwinding every frame on it to move the
// pointers; the main goroutine was doubled three times, by package
// inits (regexp compiles), kong and reflect, each copy reading cold
// tables to unwind the frames on it, in every run's start. Grown here,
// the stack holds only the frames of the runtime's init.
//
// cmd/gattai imports it for its init alone. Go initialises packages in
// the order of their import paths, each once its imports are, so a
// package that imports nothing, under gattai/, comes before those of
// github.com/ and internal/ (TestStackStartsFirst holds it to this).
package stackstart

// frame is the size of grow's frame: with the runtime's few frames
// below it, Go doubles the stack straight to 16 KB, which gattai's
// commands outgrow on the main goroutine only when they write JSON
// (encoding/json's walk of a type; counted with a uprobe on
// runtime.morestack). A frame for 32 KB cost every run more page faults
// than that one copy. Other goroutines start small, each their own;
// growing theirs did not pay.
const frame = 12 << 10

func init() { grow(0) }

// grow takes a frame of frame bytes; writing and reading a byte of it,
// at an index it is passed, keeps the frame from being optimised away.
//
//go:noinline
func grow(i int) byte {
	var b [frame]byte
	b[i] = 1
	return b[i^1]
}

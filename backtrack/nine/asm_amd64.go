//go:build !purego

package nine

// reduceDirty is reduceDirtyGo in assembly (asm_amd64.s): the same
// rules and the same results, which TestReduceDirty and FuzzReduceDirty
// hold it to.
//
//go:noescape
func reduceDirty(b *grid) bool

// linkBox is linkBoxGo in assembly (asm_amd64.s), held to it by
// TestLinkBox and FuzzLinkBox.
//
//go:noescape
func linkBox(a, b *grid, ia, ib int, m *[9]uint8, rot int, keep uint32) uint32

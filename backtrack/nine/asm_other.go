//go:build !amd64 || purego

package nine

func reduceDirty(g *grid) bool { return reduceDirtyGo(g) }

func linkBox(a, b *grid, ia, ib int, m *[9]uint8, rot int, keep uint32) uint32 {
	return linkBoxGo(a, b, ia, ib, m, rot, keep)
}

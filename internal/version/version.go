// Package version names the build of gattai's programs.
package version

import (
	"runtime/debug"
	"sync"
)

// Of is program's name and the module version it was built from, or
// "(development build)" when the build does not know it.
func Of(program string) string {
	if v := module(); v != "" {
		return program + " " + v
	}
	return program + " (development build)"
}

// module is the module version of the build, "" if it does not know it,
// read from the build info once: gattai --version prints it and then
// compares what it printed with it.
var module = sync.OnceValue(func() string {
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "(devel)" {
		return bi.Main.Version
	}
	return ""
})

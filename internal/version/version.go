// Package version names the build of gattai's programs.
package version

import "runtime/debug"

// Of is program's name and the module version it was built from, or
// "(development build)" when the build does not know it.
func Of(program string) string {
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
		return program + " " + bi.Main.Version
	}
	return program + " (development build)"
}

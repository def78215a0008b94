package testkit

import (
	"os"
	"path/filepath"
	"testing"
)

// DataRequired reports whether GATTAI_REQUIRE_DATA=1: a test that cannot
// find a data set must then fail rather than skip (CI sets it).
func DataRequired() bool { return os.Getenv("GATTAI_REQUIRE_DATA") == "1" }

// DataFile finds the data set name: in the repository's testdata first,
// then in the shared data beside the repository (shared/data). root is
// the module root relative to the test's directory (".." or "../..").
// When neither has it, the test skips, or fails under
// GATTAI_REQUIRE_DATA=1.
func DataFile(tb testing.TB, root, name string) string {
	tb.Helper()
	for _, dir := range []string{filepath.Join(root, "testdata"), filepath.Join(root, "..", "shared", "data")} {
		path := filepath.Join(dir, name)
		if _, err := os.Stat(path); err == nil {
			return path
		}
	}
	missing(tb, "data set "+name+" is in neither testdata nor ../shared/data")
	return ""
}

// SharedDir is the shared folder beside the repository (root as for
// DataFile); the test skips without it, or fails under
// GATTAI_REQUIRE_DATA=1.
func SharedDir(tb testing.TB, root string) string {
	tb.Helper()
	dir := filepath.Join(root, "..", "shared")
	if _, err := os.Stat(dir); err != nil {
		missing(tb, "no "+dir+" beside the repository")
	}
	return dir
}

func missing(tb testing.TB, msg string) {
	tb.Helper()
	if DataRequired() {
		tb.Fatalf("%s, and GATTAI_REQUIRE_DATA=1 requires it", msg)
	}
	tb.Skipf("%s (set GATTAI_REQUIRE_DATA=1 to fail instead)", msg)
}

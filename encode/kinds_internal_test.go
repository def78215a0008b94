package encode

import (
	"testing"

	"gattai/layouts"
)

// TestEveryKindImplemented: every kind that layouts declares has an
// entry here, of the right sort: units only for a kind without rules,
// clauses for a kind with rules; and no entry names a kind that layouts
// does not declare.
func TestEveryKindImplemented(t *testing.T) {
	declared := map[string]bool{}
	for _, k := range layouts.Kinds() {
		declared[k.Name] = true
		e, ok := kinds[k.Name]
		switch {
		case !ok:
			t.Errorf("kind %q is declared in layouts but not encoded: add it to encode/kinds.go", k.Name)
		case k.Rules && e.clauses == nil:
			t.Errorf("kind %q makes rules but has no clauses", k.Name)
		case !k.Rules && !e.units:
			t.Errorf("kind %q makes units only but is not marked units", k.Name)
		case e.units && e.clauses != nil:
			t.Errorf("kind %q is marked units but has clauses", k.Name)
		}
	}
	for name := range kinds {
		if !declared[name] {
			t.Errorf("kind %q is encoded but layouts does not declare it", name)
		}
	}
}

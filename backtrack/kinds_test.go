package backtrack

import (
	"maps"
	"slices"
	"strings"
	"testing"

	"gattai/internal/testkit"
	"gattai/layouts"
)

// TestEveryKindImplemented: every kind layouts declares has an entry in
// kinds, a propagator exactly for the kinds that make rules, and kinds
// has no entry that layouts does not declare.
func TestEveryKindImplemented(t *testing.T) {
	declared := map[string]bool{}
	for _, k := range layouts.Kinds() {
		declared[k.Name] = true
		impl, ok := kinds[k.Name]
		switch {
		case !ok:
			t.Errorf("layouts declares kind %q but backtrack does not implement it: add it to kinds (kinds.go)", k.Name)
		case k.Rules && impl.make == nil:
			t.Errorf("kind %q makes rules but has no propagator", k.Name)
		case !k.Rules && !impl.units:
			t.Errorf("kind %q compiles to units only, but kinds does not say so", k.Name)
		case impl.units && impl.make != nil:
			t.Errorf("kind %q: both units only and a propagator", k.Name)
		}
	}
	for _, name := range slices.Sorted(maps.Keys(kinds)) {
		if !declared[name] {
			t.Errorf("kinds implements %q, which layouts does not declare", name)
		}
	}
}

// TestUnknownKind: a rule of a kind with no propagator stops New with a
// message that names it.
func TestUnknownKind(t *testing.T) {
	m := testkit.Model(t, "classic", 4)
	m.Rules = append(m.Rules, layouts.Rule{Kind: "nosuchkind", Name: "nosuchkind row 1", Cells: []int{0, 1, 2, 3}, Sum: 5})
	defer func() {
		msg, _ := recover().(string)
		if !strings.Contains(msg, "no propagator for nosuchkind rules (nosuchkind row 1)") {
			t.Fatalf("panic %q", msg)
		}
	}()
	New(m)
}

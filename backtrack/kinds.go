package backtrack

import (
	"fmt"

	"gattai/layouts"
)

// A kind is how the solver implements one kind of constraint that
// layouts declares: either the kind compiles to all-different units
// only, which the unit propagation handles, or each of its rules gets a
// propagator from make. derive, if set, adds propagators that follow
// from the kind's rules and the units together (killer's innies): they
// prune more, but a solution never depends on them.
type kind struct {
	units  bool
	make   func(s *Solver, r *layouts.Rule) propagator
	derive func(s *Solver) []propagator
}

// kinds implements every kind in layouts.Kinds, by name;
// TestEveryKindImplemented holds it to that. A kind with rules has its
// propagator in a file of its own, kind_NAME.go.
var kinds = map[string]kind{
	"diagonal":   {units: true},
	"region":     {units: true},
	"jigsaw":     {units: true},
	"antiknight": {units: true},
	"antiking":   {units: true},

	"killer":         {make: newKiller, derive: innies}, // kind_killer.go
	"nonconsecutive": {make: newNonconsecutive},         // kind_pairs.go
	"kropki":         {make: newKropki},                 // kind_pairs.go
	"parity":         {make: newParity},                 // kind_parity.go
	"thermo":         {make: newThermo},                 // kind_thermo.go
	"xv":             {make: newXV},                     // kind_pairs.go
	"whispers":       {make: newPairs},                  // kind_pairs.go
	"palindrome":     {make: newPairs},                  // kind_pairs.go
	"clone":          {make: newPairs},                  // kind_pairs.go
	"minimum":        {make: newPairs},                  // kind_pairs.go
	"maximum":        {make: newPairs},                  // kind_pairs.go
	"arrow":          {make: newArrow},                  // kind_sum.go
	"littlekiller":   {make: newLittleKiller},           // kind_sum.go
	"sandwich":       {make: newSandwich},               // kind_sum.go
	"renban":         {make: newRenban},                 // kind_lines.go
	"between":        {make: newBetween},                // kind_lines.go
	"quadruple":      {make: newQuadruple},              // kind_lines.go
	"entropic":       {make: newPairs},                  // kind_pairs.go
	"regionsum":      {make: newRegionSum},              // kind_sum.go
	"xsum":           {make: newXSum},                   // kind_sum.go
	"skyscraper":     {make: newSkyscraper},             // kind_lines.go
}

// Supports reports whether the solver propagates rules of the kind. New
// panics on a model with a rule of a kind it does not support: check
// first (the gattai package does, and refuses such a puzzle).
func Supports(kind string) bool { return kinds[kind].make != nil }

// propagators builds one propagator per rule of the model, then those
// that the kinds of its rules derive, in the order of layouts.Kinds. A
// rule of a kind with no propagator is a bug in this package, not in
// the layout (layouts only compiles kinds it declares), so it panics.
func (s *Solver) propagators() []propagator {
	rules := s.model.Rules
	ps := make([]propagator, len(rules))
	used := map[string]bool{}
	for i := range rules {
		r := &rules[i]
		k := kinds[r.Kind]
		if k.make == nil {
			panic(fmt.Sprintf("backtrack: no propagator for %s rules (%s): implement the kind in backtrack/kinds.go", r.Kind, r.Name))
		}
		ps[i] = k.make(s, r)
		used[r.Kind] = true
	}
	for _, k := range layouts.Kinds() {
		if d := kinds[k.Name].derive; used[k.Name] && d != nil {
			ps = append(ps, d(s)...)
		}
	}
	s.tables = nil
	return ps
}

// table is the table that propagators of one kind share under key,
// built by build the first time a constructor asks for it while New
// runs.
func table[T any](s *Solver, key string, build func() T) T {
	if t, ok := s.tables[key]; ok {
		return t.(T)
	}
	if s.tables == nil {
		s.tables = map[string]any{}
	}
	t := build()
	s.tables[key] = t
	return t
}

// int32s converts cell indices.
func int32s(cells []int) []int32 {
	out := make([]int32, len(cells))
	for i, c := range cells {
		out[i] = int32(c)
	}
	return out
}

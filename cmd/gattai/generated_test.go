package main

import (
	"math/rand/v2"
	"slices"
	"testing"

	"gattai/internal/gen"
	"gattai/internal/testkit"
	"gattai/layouts"
)

// Puzzles of our own making on every built-in multi-grid layout: gattai
// solves each to the grid it was made from, counts 1, and counts 2+ once
// a given is gone (each is minimal).
func TestGenerated(t *testing.T) {
	for _, in := range layouts.Builtins() {
		if in.Grids == 1 {
			continue
		}
		t.Run(in.Name, func(t *testing.T) {
			m := testkit.Model(t, in.Name, 9)
			want := gen.Filled(m, rand.New(rand.NewPCG(7, 1)))
			p := gen.Unique(m, rand.New(rand.NewPCG(7, 1)))
			out, errs, code := runGattai(t, p.String(), "solve", "--layout", in.Name)
			if code != 0 || out != want.String() {
				t.Fatalf("solve: exit %d, %s\n%s", code, errs, out)
			}
			if out, errs, _ := runGattai(t, p.String(), "count", "--layout", in.Name); out != "1\n" {
				t.Errorf("count: %q, %s", out, errs)
			}
			q := *p
			q.Givens = slices.Clone(p.Givens)
			q.Givens[slices.IndexFunc(q.Givens, func(d uint8) bool { return d != 0 })] = 0
			if out, errs, _ := runGattai(t, q.String(), "count", "--layout", in.Name); out != "2+\n" {
				t.Errorf("count without a given: %q, %s", out, errs)
			}
		})
	}
}

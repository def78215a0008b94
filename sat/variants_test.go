package sat_test

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"gattai/backtrack"
	"gattai/encode"
	"gattai/internal/testkit"
	"gattai/layouts"
	"gattai/sat"
)

// variantsDir holds the variant puzzles (see testkit.Variants).
var variantsDir = filepath.Join("..", "testdata", "variants")

// TestVariants counts each variant puzzle to 2 with gophersat, under
// every killer sum encoding: one grid, the stored solution.
func TestVariants(t *testing.T) {
	ctx := context.Background()
	for _, name := range testkit.Variants(t, variantsDir) {
		t.Run(name, func(t *testing.T) {
			testkit.SkipSlowVariant(t, name)
			p, want := testkit.ReadVariant(t, variantsDir, name)
			if err := layouts.Check(p, want); err != nil {
				t.Fatalf("stored solution: %v", err)
			}
			for _, sum := range encode.Sums() {
				res, err := sat.Count(ctx, p, sat.Options{Sum: sum, Limit: 2})
				if err != nil {
					t.Fatalf("%s: %v", sum, err)
				}
				if res.Count != 1 || res.Grid.String() != want.String() {
					t.Fatalf("%s: %d grids, first\n%swant the one grid\n%s", sum, res.Count, res.Grid, want)
				}
			}
		})
	}
}

// TestVariantsExternal solves each variant with the external solvers
// through the exported CNF, counting to 2, and decodes a solver's
// answer from the CNF file alone (ParseDIMACS reads the layout, with
// its constraints, from the comments): the same grid as gophersat's.
func TestVariantsExternal(t *testing.T) {
	ctx := context.Background()
	for _, s := range []string{"minisat", "cadical"} {
		t.Run(s, func(t *testing.T) {
			testkit.NeedSolver(t, s)
			for _, name := range testkit.Variants(t, variantsDir) {
				t.Run(name, func(t *testing.T) {
					p, want := testkit.ReadVariant(t, variantsDir, name)
					got, err := sat.External{Solver: s}.Count(ctx, p, sat.Options{Limit: 2})
					if err != nil {
						t.Fatal(err)
					}
					if got.Count != 1 || got.Grid.String() != want.String() {
						t.Fatalf("%d grids, first\n%swant the one grid\n%s", got.Count, got.Grid, want)
					}
					g := decodeFromFiles(t, p, s)
					if g.String() != want.String() {
						t.Errorf("decoded from the files\n%swant\n%s", g, want)
					}
				})
			}
		})
	}
}

// TestKillers counts the killer puzzles of testdata/killers to 2 under
// every sum encoding and with backtrack: one grid, the same.
func TestKillers(t *testing.T) {
	ctx := context.Background()
	files, err := filepath.Glob(filepath.Join("testdata", "killers", "*.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no testdata/killers/*.json: %v", err)
	}
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".json")
		t.Run(name, func(t *testing.T) {
			if testing.Short() && strings.Contains(name, "samurai") {
				t.Skip("slow")
			}
			p := testkit.ReadPuzzles(t, strings.TrimSuffix(f, ".json")+".txt", testkit.LayoutFile(t, f))[0]
			native, err := backtrack.Count(ctx, p, 2)
			if err != nil || native.Count != 1 {
				t.Fatalf("backtrack: %d grids, %v", native.Count, err)
			}
			for _, sum := range encode.Sums() {
				res, err := sat.Count(ctx, p, sat.Options{Sum: sum, Limit: 2})
				if err != nil {
					t.Fatalf("%s: %v", sum, err)
				}
				if res.Count != 1 || res.Grid.String() != native.Grid.String() {
					t.Fatalf("%s: %d grids, first\n%sbacktrack's one grid\n%s", sum, res.Count, res.Grid, native.Grid)
				}
			}
		})
	}
}

package gen

import (
	"math/rand/v2"

	"gattai/generate"
	"gattai/layouts"
)

// The constraints read off a solution live in package generate, which
// makes puzzles of them; the names below keep the tests' spelling.

// Moves on the canvas (see generate.Orthogonal).
var (
	Orthogonal = generate.Orthogonal
	King       = generate.King
)

// Around lists the cells a move away from cell c on the canvas.
func Around(m *layouts.Model, c int, moves [][2]int) []int { return generate.Around(m, c, moves) }

// Positions names cells by their canvas positions, as constraints do.
func Positions(m *layouts.Model, cells []int) []layouts.Pos { return generate.Positions(m, cells) }

// Cages is generate.Cages.
func Cages(m *layouts.Model, solution []uint8, rng *rand.Rand, lo, hi int) []layouts.Constraint {
	return generate.Cages(m, solution, rng, lo, hi)
}

// Thermos is generate.Thermos.
func Thermos(m *layouts.Model, solution []uint8, rng *rand.Rand, count, lo int) []layouts.Constraint {
	return generate.Thermos(m, solution, rng, count, lo)
}

// Dots is generate.Dots.
func Dots(m *layouts.Model, solution []uint8, rng *rand.Rand, keep float64) layouts.Constraint {
	return generate.Dots(m, solution, rng, keep)
}

// Parity is generate.Parity.
func Parity(m *layouts.Model, solution []uint8, rng *rand.Rand, keep float64) layouts.Constraint {
	return generate.Parity(m, solution, rng, keep)
}

// Pieces is generate.Pieces.
func Pieces(n int, rng *rand.Rand) []string { return generate.Pieces(n, rng) }

// LittleKillers is generate.LittleKillers.
func LittleKillers(m *layouts.Model, solution []uint8, rng *rand.Rand, keep float64) []layouts.Constraint {
	return generate.LittleKillers(m, solution, rng, keep)
}

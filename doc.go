// Package gattai solves Sudoku on any layout of overlapping grids, with
// one verified answer: read puzzles, solve, count to a limit, explain a
// contradiction, export CNF.
//
// It owns the choice of engine and the checks. Every engine, the native
// backtracker (package backtrack), gophersat and external DIMACS solvers
// (package sat), implements Engine with one shape and refuses bad input
// with the same typed errors (layouts.ErrPuzzle,
// *layouts.UnsupportedError). A Solver runs the engine its Options
// choose, holds every grid it returns to layouts.Check, and, when
// verifying, counts again with the other engine and fails with ErrEngine
// when they disagree. The auto engine runs the native engine and, on a
// puzzle of 16x16 or more that outlasts a measured budget (autoBudget),
// starts gophersat beside it, unless its CNF would not fit in
// MaxCNFBytes: the first answer wins, the other engine is stopped or
// abandoned.
//
// Timeouts and cancellation come through the context: a done context
// gives ctx.Err(), never a count. No solution is a result (Count 0, None),
// not an error.
//
// The command gattai (cmd/gattai) is a shell around this package.
package gattai

// Package gattai solves Sudoku on any layout of overlapping grids, with
// one verified answer: read puzzles (text grids, or setters' links
// through package links), solve, count to a limit (with a candidate
// ruled out, too: how generate proves a removal), explain a
// contradiction or where two solutions differ, export CNF.
//
// It owns the choice of engine and the checks. Every engine, the native
// backtracker (package backtrack), gophersat and external DIMACS solvers
// (package sat), implements Engine with one shape and refuses bad input
// with the same typed errors (layouts.ErrPuzzle,
// *layouts.UnsupportedError). A Solver runs the engine its Options
// choose, holds every grid it returns to layouts.Check, and, when
// verifying, counts again with the other engine and fails with ErrEngine
// when they disagree.
//
// # The auto engine
//
// auto runs the native engine, which wins on typical puzzles of every
// size and kind. On a puzzle of 16x16 or more whose native search
// outlasts a budget of search nodes (autoBudget), a second engine
// joins it, unless the CNF would not fit in MaxCNFBytes: the external
// solver Options.Solver (cadical by default) when it is on the PATH,
// gophersat when it is not. The first answer wins, checked like any
// other; the native search is stopped, an external solver killed, and
// auto returns only once they are gone (a gophersat search, which cannot
// be interrupted, is abandoned to end in the background).
//
// The budget counts nodes rather than time so that a busy machine does
// not make easy puzzles look hard: a second engine started on an easy
// puzzle only takes the core the native one needs. For the same reason
// the second engine joins later on a machine with no core to spare (a
// process allowed one CPU, the tasks that want a CPU now, or the native
// thread waiting for one, says so), and the native search then yields at
// once: on Linux its thread drops to the lowest priority, so the second
// engine gets the core while the native search goes on with what is
// left. On a machine with a core to spare, the native search yields past
// a second budget, when the puzzle is clearly hard. So the hard puzzles
// cost little more than the second engine alone, and the puzzles that
// end within the budget nothing. auto does not verify unless asked
// (Options.Verify).
//
// Timeouts and cancellation come through the context: a done context
// gives ctx.Err(), never a count. No solution is a result (Count 0, None),
// not an error.
//
// The command gattai (cmd/gattai) is a shell around this package, and
// so is gattai-serve (cmd/gattai-serve), the web page of package web.
package gattai

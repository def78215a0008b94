// Package sat solves and counts puzzles through SAT: encode.Puzzle
// builds the CNF, a solver finds a model, encode decodes it to a grid,
// and layouts.Check verifies the grid before anyone sees it. It is the
// only importer of gophersat.
//
// In the pipeline it sits after encode: layouts.Puzzle in, Result (a
// count up to a limit and the first grid) out. Two engines:
//
//   - Count and Solve run gophersat in process, through the only path of
//     gophersat v1.4.0 that gives right answers: solver.ParseSliceNb,
//     solver.New, Solve, Model, and to count, AppendClause of a clause
//     that blocks the grid just found, then Solve again on the same
//     solver. Never CountModels or Enumerate (they repeat models), Assume
//     (drops facts), ParseCardConstrs or CuttingPlanes (wrong verdicts).
//     Solve cannot be interrupted, so the search runs in a goroutine
//     that Count abandons when its context is done (see Count).
//   - External runs a DIMACS solver binary (minisat, cadical, kissat,
//     picosat, cryptominisat5, ...) as a process on the exported CNF,
//     in its own process group, killed whole when the context is done
//     or the solver exits.
//     Its answer is parsed as it is printed (encode's
//     Formula.ParseModel), only the last 4 KB of its messages are kept,
//     and its model is checked against every clause. A crash (with the
//     signal's name), a bad exit status, an answer that does not parse
//     or a model that breaks a clause wraps ErrEngine; a missing binary
//     ErrNoSolver.
//
// Variant constraints need nothing here: encode writes their rules as
// clauses, both engines solve the same CNF, and the CNF file carries
// the layout with its constraints, so a solver's answer decodes from
// the two files alone. Options.Sum picks the killer sum encoding.
//
// Every grid either engine returns has passed layouts.Check, and a
// count never holds the same grid twice: a failure there is an error
// wrapping ErrEngine, since it means a solver bug, not a bad puzzle.
package sat

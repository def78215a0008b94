// Package backtrack is gattai's native solver: it reads a compiled
// layouts.Model and searches with candidate bitmasks, with no CNF in
// sight. It is the engine that cross-checks the SAT path and the fast
// path for single grids.
//
// In the pipeline it sits beside encode and sat: layouts.Puzzle in,
// layouts.Grid out, and every answer passes layouts.Check.
//
// How it searches: each cell holds a mask of its candidate digits (bit
// d-1 for digit d; uint64, since a layout has at most 64 symbols). A
// cell left with one candidate is placed and its digit removed from its
// peers (naked singles); a full unit in which a digit fits one cell only
// places it there (hidden singles; a partial region only eliminates,
// through the peers). When propagation stalls, the search branches on
// a cell with the fewest candidates: first the lowest digit, then, once
// that subtree is done, the same cell without that digit, propagated
// again. Changes go on an undo trail, so a node costs no allocation and
// no copy of the whole state.
//
// Constraints beyond all-different units (cages, thermometers, ...) will
// plug in as propagators (see propagator in propagate.go): the solver
// calls one whenever a cell it watches narrows.
//
// Short names: c a cell index, d a digit 1..N or its bit, u a unit
// index, m a candidate mask, n the number of symbols.
package backtrack

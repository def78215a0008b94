// Package backtrack is gattai's native solver: it reads a compiled
// layouts.Model and searches with candidate bitmasks, with no CNF in
// sight. It is the engine that cross-checks the SAT path and the fast
// path for single grids; a classic 9x9 goes on to backtrack/nine.
//
// In the pipeline it sits beside encode and sat: layouts.Puzzle in,
// layouts.Grid out, and every answer passes layouts.Check.
//
// # Propagation
//
// Each cell holds a mask of its candidate digits (bit d-1 for digit d;
// uint64, since a layout has at most 64 symbols). New flattens the
// model into int32 arrays: peers, the full units' cells, each cell's
// full units, and the intersections of full units. Then, until nothing
// changes:
//
//   - a cell left with one candidate is placed and its digit leaves its
//     peers (naked singles; a partial region or a pair unit acts only
//     here, through the peers);
//   - a full unit in which a digit fits one cell only places it there,
//     and a full unit with a digit that fits nowhere is a contradiction
//     (hidden singles);
//   - a digit whose candidates in a full unit all lie where it meets
//     another full unit leaves the rest of that unit (locked candidates:
//     pointing and claiming in a classic grid, and the same across the
//     overlaps of a multi-grid; see lockTable);
//   - propagators, for constraints beyond all-different units, run when
//     a cell they watch narrows. None exists yet: each kind of
//     layouts.Rule will get one (see propagator). Until then a model
//     with rules has each full assignment held to layouts.Check.
//
// Work lists (workList) keep this incremental: a narrowed cell queues
// its units, and only those are scanned.
//
// # Search
//
// When propagation stalls, the search branches on the free cell with
// the fewest candidates for its weight (dom/wdeg): a cell weighs the
// number of its full units at first, and every contradiction found in a
// unit adds to its cells, so the search turns to where it fails instead
// of thrashing across grids that do not interact. It tries the lowest
// candidate d first, and once that subtree is done goes on with the
// same cell without d, propagated again. Changes go on an undo trail,
// so a node allocates nothing and copies no state.
//
// Short names: c a cell index, d a digit 1..N or its bit, u a unit
// index, m a candidate mask, n the number of symbols.
package backtrack

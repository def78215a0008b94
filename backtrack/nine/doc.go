// Package nine is gattai's fast path for the classic 9x9 grid: Count
// solves one puzzle, counting solutions up to a limit (2 proves
// uniqueness), with no allocation. Linked does the same for boards of
// several 9x9 grids that overlap in whole boxes (Samurai, Sumo, ...; see
// Linked grids below). It knows nothing of layouts: a dispatcher hands
// it the 81 givens of a plain 9x9 sudoku, row-major, or the grids' cells
// and givens of a multi-grid board, and uses the general engine for
// everything else. It imports only the standard library.
//
// # Representation
//
// The state is digit-major and bit-parallel: for each digit, three band
// words of 27 bits say which cells of that band (three rows) may still
// hold the digit. Within a band word the cell in row r of the band,
// column j of box k sits at bit
//
//	p = j*9 + r*3 + k
//
// so the word is three 9-bit planes, one per column-within-box j, each
// plane a 3x3 matrix of (row, box). Two shifts and an OR over the planes
// give the band's 9 row triads (a row triad is the three cells of one row
// in one box): the 3x3 matrix of which (row, box) pairs may still hold
// the digit. Folding each plane over its rows gives the column triads
// (three cells of one column in one box). A grid is 27 band words plus
// the unsolved cells, a dirty set and two triad summaries per digit (the
// triads open to it and those certain to hold it, kept by reduce for the
// rules across digits and the choice of guess): a fixed-size struct of
// 272 bytes, copied by value on every guess.
//
// # Rules
//
// reduce works on one digit, all three bands at once, until nothing
// changes:
//
//   - Band filter. In a band the digit occupies one triad per row and
//     one per box, so the occupied triads form a 3x3 permutation matrix.
//     A 512-entry table maps the 9-bit matrix of open triads to the union
//     of the permutations it contains (0: contradiction) and to the
//     triads every such permutation uses (certain triads). This is
//     locked candidates in rows and boxes (pointing and claiming), and
//     hidden singles in rows and boxes, in one table look-up per band.
//   - Stack filter. The same holds for the 3 bands x 3 columns of column
//     triads in each stack; a multiply gathers each stack's 9 bits (see
//     gather) for the same table. This is locked candidates in columns,
//     hidden singles in columns and the elimination of a placed digit
//     from its column.
//   - Placing. A certain triad with a single cell places the digit; the
//     cell leaves the unsolved set and every other digit, branch-free,
//     and the digits that lost a candidate become dirty.
//
// propagate runs reduce over the dirty digits, then two rules across
// digits, both by bit-sliced counting over the nine digits:
//
//   - Naked singles: per band, the cells with exactly one candidate (and
//     a contradiction for a cell with none); the same counters give the
//     cells with exactly two candidates for the guess.
//   - Triads hold three different digits. A triad open to exactly three
//     digits holds all three (they leave the rest of its row or column
//     and box); a triad certain to hold three digits holds no other.
//     This catches naked and hidden pairs and triples inside a box line;
//     without it the hardest sets need 40% more guesses.
//
// # Search
//
// When nothing more follows, the search branches on configurations, as
// tdoku does: among the three bands and three stacks, the one with the
// fewest configurations summed over the digits (a unit is fixed at nine,
// one per digit) that is not fixed, and in it a digit with exactly two.
// The guess fixes that digit's permutation there, one or the other,
// which settles three triads at once. This cuts the guesses on the
// hardest sets by a third compared with branching on a cell with two
// candidates, which remains the fallback when no unit has such a digit
// (about one guess in fifty), then the first unsolved cell.
//
// Each guess narrows a copy of the grid passed down the recursion; when
// that subtree is done, the caller's grid is narrowed to the other side
// and propagation resumes there. So every guess is a binary choice, and
// guesses counts the copies made. Solutions are counted until the limit;
// the first is decoded into the caller's array. Every 256 guesses the
// search looks at its context, so that a count with a limit it will not
// reach (the empty grid's, up to 10^11) still stops when asked.
//
// The Go loops are free of bounds checks (go build
// -gcflags=-d=ssa/check_bce leaves one check per reduce call, a few per
// guess and some in the rare triad eliminations); tables are read-only
// literals. Avoiding unpredictable branches mattered more than saving
// instructions: taking placed cells out of the other digits branch-free
// made the whole solver a quarter to a third faster.
//
// # Assembly
//
// On amd64 the two loops that take most of the time, reducing the dirty
// digits (reduceDirty, about half of every count's instructions) and
// linking a shared box (linkBox), are in assembly, asm_amd64.s; the Go
// code they stand for (reduceDirtyGo, linkBoxGo) is what other
// platforms, and a build with -tags purego, run. The compiler kept
// reduce's state partly on the stack and took placed cells from the
// other digits one band word at a time; the assembly keeps the whole
// state in registers, reads and writes bands 0 and 1 of a digit as one
// 64-bit word, takes the certain column triads from the same table
// entry as the kept ones (perms) and gathers the dirty digits through
// the carry flag. The same rules in the same order: TestReduceDirty and
// TestLinkBox hold each to its Go code on random states, byte for byte,
// and their fuzz targets on the fuzzer's; TestReduceReference holds both
// to the rules written plainly. (In one run, the samurai set, the sumo
// set, the Shogun and classic9 took 14% to 17% less time; the figures
// now are BENCHMARKS.md's.)
//
// # Linked grids
//
// Link compiles a board of several 9x9 grids, given the cells of each,
// once per layout; Linked.Count then counts a puzzle on it. Each grid is
// a grid as above (a board), and where two grids overlap they must share
// whole boxes, cell for cell (on a canvas: grid origins that differ by
// multiples of 3 where grids meet), which is every built-in multi-grid
// layout. A shared box is then the same bits of a band word in both
// boards, up to a shift by the stack: the link rule keeps its candidates
// equal, digit by digit, by ANDing the two boxes' bits into both (a few
// shifts and ANDs per digit) and marking the digits that lost cells
// dirty. A digit placed in one board is thereby taken from the other
// digits' cells in the partner, where it becomes a naked single; a digit
// locked into a triad of the box in one board is locked there in the
// other, and so the band and stack filters of each board work across the
// overlap. The boards have the same rules; whatever one concludes about
// a shared box reaches the other through the link.
//
// propagate settles the dirty boards in turn (settle: everything Count
// does short of choosing a guess) and links each board's shared boxes
// right after it settles, until no board is dirty: then every shared box
// agrees. Solved means every board solved; equal boxes make the shared
// cells agree, so the boards' solutions are one solution of the layout.
//
// A link goes one way, from the board that settled into its partners:
// every change to a board's cells makes its digit dirty, so a partner's
// box with cells the settled board's lacks was narrowed since they last
// agreed by the partner, which is then dirty and links it back when it
// settles. It takes all nine digits of a box, branch-free (the digits
// that did not change since the last link change nothing; a loop over
// those that did cost more in its exits than the rest). A box placed in
// both boards is left alone: the link after the settle that placed each
// cell gave the partner its digit.
//
// Each board keeps its digits in its own order, chosen once per Count
// from the givens: fewest cells first (Linked.order). settle reduces the
// dirty digits in the order they are kept, and a digit with few cells is
// the likeliest to place some, which takes them from the other digits
// before those are reduced rather than after (each would then be reduced
// again): on the samurai set a tenth fewer reduces. link maps the digits
// between two boards' orders; the choice of guess goes by the digits'
// own order, so the search is the same.
//
// The search is Count's, over all the boards at once: a guess is a
// configuration guess (or, rarely, a cell) in one board, and each guess
// copies the whole state, 272 bytes a board, into a level kept from one
// Count to the next (Linked holds the scratch space: one per goroutine).
// Which board matters more than it does in one grid: a wrong guess in one
// board may surface as a contradiction in another, and guesses made in
// between in boards that have nothing to do with it are undone and tried
// again one by one (on the Shogun example, 30 times the general engine's
// nodes with plain configuration counts). So the guess goes to the band
// or stack, over all boards, with the fewest configurations for its
// weight: the board's weight (1 plus its links at first, and each
// contradiction found in it adds an amount that grows by 1/64 each time,
// as dom/wdeg) times 1 plus 2 for each box the unit shares with another
// board. The shared units come first because a guess there settles two
// boards at once. Each level of the search keeps the configuration
// counts of its boards from its last choice, and counts again only the
// boards that settled since (a guess changes a few boards of many). The
// choice itself is branch-free: a unit's key is its configurations times
// its inverse weight as float bits (which order as integers) with the
// board and unit in the low bits, and the least key wins. In that unit
// the guess takes, of the digits with exactly two configurations, the
// one whose two differ in the most shared boxes (the first in the order
// of the digits on a tie), so that either side settles cells of the
// partner too (9% fewer guesses than the first digit on the sumo set).
// The search looks at its context every 256 guesses.
//
// # Performance
//
// Counting to 2 on one core, nine is timed against tdoku (C++ with SIMD,
// the fastest known solver, built from its source and timed in turns
// with nine on the same machine, both by the CPU time of the process) on
// all four public sets of ../shared/data. Both make the same number of
// guesses within 2%, so what separates them is the cost of a node, and
// that depends on the processor: on an AMD EPYC (Zen 5) nine is ahead on
// every set, on an Intel Xeon ahead on the 17-clue puzzles and within
// 15% either way on the hard ones. Wall-clock
// figures on a shared machine mislead: a process waiting for a core
// counts that time as its own. The figures, with the commands, are in
// BENCHMARKS.md (scripts/bench-report, which builds tdoku when TDOKU_SRC
// names a checkout of it); the benchmark is
//
//	go test -run='^$' -bench=Count -cpu=1 ./backtrack/nine/
//
// For deciding a change, instruction and mispredict counts are exact
// where times are not:
//
//	go test -c -o nine.test ./backtrack/nine/ && cd backtrack/nine &&
//	valgrind --tool=cachegrind --cache-sim=no --branch-sim=yes \
//	    ../../nine.test -test.run '^$' -test.bench 'Count/1106$' -test.benchtime 375x
//
// The build is Go's default: a profile of these benchmarks given to the
// compiler (-pgo) saved 1% to 3% (classic 9x9 the most), and GOAMD64=v3
// (BMI2 and AVX2 for the scalar code) nothing measurable, so neither is
// asked of users.
//
// Short names: d a digit 0..8 (digit d+1), b a band (rows 3b..3b+2), r a
// row within a band, k a box within a band (the stack), j a column within
// a box, p a bit of a band word, q a bit of a triad summary, s a band
// word of one digit.
package nine

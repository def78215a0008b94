// Package generate makes puzzles with exactly one solution on any
// layout: a classic grid of any size, the built-in multi-grids, a layout
// file, with its constraints, and with constraints of its own drawn at
// random (killer cages, thermometers, kropki dots, parity marks,
// arrows, XV marks, little killers, sandwich, x-sum and skyscraper
// clues, whispers, renban, palindrome, between, entropic and region-sum
// lines, clones, quadruples, minimum and maximum cells, and rules such
// as diagonal or antiknight).
//
// It sits beside the engines, not under them: it reads a
// layouts.Model and counts solutions through a Counter that the caller
// supplies (Solvers gives one that counts with the gattai facade's
// verified solve, any engine; tests adapt backtrack). Beyond layouts it
// imports only the facade, for Solvers, and logic, for RateLogic and
// LevelRange: never an engine itself.
//
// # How a puzzle is made
//
// Puzzle i of a run draws every random choice from PCG(Seed, i), so it
// is the same whatever the number of workers, and Generate emits in
// index order. For one puzzle:
//
//  1. Rule kinds of Options.Kinds (diagonal, diagonal+, diagonal-,
//     windoku, disjoint, jigsaw, antiknight, antiking, nonconsecutive)
//     are added to a copy of the layout, which is compiled.
//  2. Fill makes a random complete grid: random digits in an eighth of
//     the cells, none beside the same digit, completed by the counter's
//     first solution and, on a layout without rules, renamed by a random
//     permutation of the digits (Grow, a count per cell, is the
//     fallback when the digits contradict each other). With a counter
//     that can bound its search (BoundedCounter: Solvers' and the
//     tests' can), each count gives up after a number of nodes and the
//     fill starts again with new digits and twice the bound.
//  3. Clue kinds (killer, thermo, kropki, parity, arrow, xv, ...) are
//     read off that grid and added to a copy of the layout: the grid
//     holds to them. A clue kind that finds nothing to draw on the grid
//     (no palindrome among its random walks, say) makes the puzzle be
//     tried again with another grid, within Options.Tries.
//  4. Reduce starts from every cell given and removes the givens in
//     random order, an orbit of Options.Symmetry at a time, keeping a
//     removal while the puzzle has exactly one solution: a count to 2,
//     skipped when every removed cell is a naked or hidden single of
//     the givens left. The removal of one given is proved by a search
//     for a solution with another digit in its cell instead
//     (WithoutCounter; Solvers' and the tests' counters are): any
//     second solution has one, and the search need not find the
//     solution it knows. With clue kinds this goes down to no givens at
//     all where the clues allow.
//
// Removing givens never removes solutions, so an orbit whose removal
// failed once fails for good: one pass leaves a minimal puzzle, in
// which no orbit's givens can go without a second solution. With no
// symmetry that is the usual minimal: no single given can go. With a
// symmetry, a cell whose images include a canvas position that is no
// cell (a mirror of a twodoku) is in no orbit and keeps its given, and
// a minimal puzzle may have a single given that could go alone.
//
// Options.MinGivens stops the removal early (and then, with a
// BoundedCounter, a removal whose count passes a bound in nodes keeps
// its givens: such a puzzle is not minimal anyway), and Options.Rate
// with Options.Rating keeps only puzzles whose rating is in range,
// trying again from the same random stream.
//
// # Speed
//
// BenchmarkGenerate, one worker, backtrack as the counter, measured on
// a 2-core machine shared with other work (load 7-9), so per CPU second
// of the process as well as per wall second (go test ./generate -run X
// -bench Generate -cpu=1 -benchtime=2s), with qqwing --generate 1000
// --one-line in the same session: 1000 puzzles in 4.5 s of user time,
// 225 puzzles/s.
//
//	layout            puzzles/cpu-s  puzzles/s  givens
//	classic 9x9            7,123       4,869     24.4
//	classic 9x9 rot180    11,311       5,728     27.6
//	classic 4x4           57,941      53,645      4.3
//	classic 6x6            9,793       4,331     10.1
//	classic 16x16          12.6          6.2     93.7
//	samurai 9              86.5         28.8     93.9
//	sumo 9                  2.0          0.74   209.5
//	killer 9x9             175           47.4     2.4
//
// One minimal puzzle of each built-in layout (Seed 0, wall clock, same
// machine): every layout of 8 and 12 symbols in 1 ms (classic 8x8) to
// 8 s (sumo of 12x12 grids); of 16 symbols, classic 0.2 s, twodoku
// 2.2 s, butterfly 3.7 s, flower 22 s, the larger ones longer. A
// minimal 25x25 takes minutes: use MinGivens there.
//
// Other runs of the same benchmarks gave samurai 90-110 and sumo 3.3-5.3
// puzzles per CPU second: the machine's load moves them. Fill is 15 to
// 100 times faster than Grow (BenchmarkFill). Most of the time goes to
// the counts to 2; the singles shortcut skips about half of them.
//
// # Where a rule's time goes
//
// With a rule kind and Options.MinGivens (--no-minimal), nearly all the
// time went to Fill, not to the counts of Reduce: the removals down to
// a third of the cells are easy counts. Under nonconsecutive (and
// antiknight on the larger boards) one search for a grid varies
// enormously with the random digits it starts from: most seedings of a
// flower had found nothing after twenty thousand nodes where a few
// found a grid within a few thousand, and seedings that contradict each
// other under the rule, which the peers do not show, can take minutes
// to refute (antiknight on a sumo, Fill's eighth of the cells and then
// half of them). An unbounded count waited for whichever came first;
// restarts with a bound that doubles take the quick ones, so a flower
// or a windmill with nonconsecutive, or a sumo with antiknight, fills
// in about a second (a sohei, which backtrack could not fill in 30 s
// from no digits at all, as well; a gattai8 in half a minute). A bound in nodes, never in time, keeps a seed's
// puzzles the same on any machine and with any Jobs. The SAT engines
// are no way round it: gophersat and cadical each beat backtrack on an
// empty grid of some layouts (a flower: cadical in a fraction of a
// second) and lost by far on others (a twodoku, a samurai), so Fill
// stays with the native engine. Sumo and shogun under nonconsecutive
// have given no grid to any engine in minutes (cadical included, and
// Fill's restarts): whether they have one at all is not known, and
// generate times out there.
//
// Reduce's time is in its last removals, the counts that prove a
// sparse puzzle unique: under nonconsecutive a twodoku's last few cost
// seconds each, the rest milliseconds. A minimal puzzle needs them all,
// exact (minutes for a minimal twodoku with nonconsecutive); with
// MinGivens a removal whose count passes a bound keeps its givens
// instead, which on a twodoku with nonconsecutive down to 10 givens made
// the removals several times faster for one to three givens more. On
// the layouts without rules tried (16x16, 25x25 down to 320 givens,
// samurai and flower of 12 and 16 digits, down to a third of the
// cells) no count met the bound: their puzzles are as before.
//
// A third of the cells is below the minimal puzzles of the biggest
// boards, though (a 25x25's have some 45% of its cells): there nearly
// every removal's count fails after thousands of nodes, and a floor of
// a third took tens of seconds on a 25x25 or a 16x16 samurai, minutes
// on a 36x36. So with a floor the counts share a budget too
// (reduceNodes), which stops the removals near their first run of
// failures, in about a second, with a few more givens. The 9x9
// layouts and the 12x12 and 16x16 classics spend far less, and a
// 16x16 twodoku reaches the same puzzle: theirs are as before (the
// figures are in the commit that made the budget).
//
// # Kinds
//
// Each kind is one entry of the drawers table (kinds.go), keyed by the
// name Options.Kinds uses: a rule kind gives the constraints to add
// before the grid is filled; a clue kind reads them off the filled
// grid. Kinds lists them.
//
// The clue kinds' densities are picked so that the counts stay quick
// with backtrack as the counter: lines and arrows one for every 12 cells
// (clones 16, region sums 20), outside clues on a quarter of the rows'
// and columns' ends, little killers on the short diagonals only (2 to
// 4 cells: with the long ones a 9x9 with no givens takes a minute to
// count). The line and clue drawers (Arrows, XV, LittleKillers,
// Sandwiches, XSums, Skyscrapers, Whispers, Renbans, Palindromes,
// Clones, Quadruples, Minimum, Maximum, Betweens, Entropics,
// RegionSums, KropkiDots) are exported for tests, which also draw them
// unfaithful: at random, not held to the grid.
//
// Short names: c a counter, x, y cells, d a digit 1..N, m a model, o an
// orbit, p a puzzle.
package generate

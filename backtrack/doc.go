// Package backtrack is gattai's native solver: it reads a compiled
// layouts.Model and searches with candidate bitmasks, with no CNF in
// sight. It is the engine that cross-checks the SAT path and the fast
// path for single grids; a classic 9x9 goes on to backtrack/nine, and so
// does a board of several classic 9x9 grids overlapping in whole boxes
// (see Multi-grid boards).
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
//   - propagators, for the rules beyond all-different units (killer
//     sums, thermometers, ...), run when a cell they watch narrows (see
//     Kinds below);
//   - a digit whose candidates in a full unit all lie where it meets
//     another full unit leaves the rest of that unit (locked candidates:
//     pointing and claiming in a classic grid, and the same across the
//     overlaps of a multi-grid; see lockTable);
//   - on 16x16 grids and up, once a search has proved hard (matchFrom
//     nodes), a matcher keeps
//     every full unit's cells to the digits that some assignment of
//     distinct digits to all of them allows (Régin's all-different
//     filtering through a bipartite matching, matching.go): hidden and
//     naked subsets of every size. It costs more than the rest together,
//     so it runs last, and only where it has paid in measurements.
//
// Each step runs only when the ones before it have nothing left to do,
// cheapest first: propagators go before locked candidates because
// theirs are the cheap, frequent removals that would make the locks run
// again (measured faster on nonconsecutive puzzles). Work lists
// (workList) keep this incremental: a narrowed cell queues its units,
// and only those are scanned.
//
// # Kinds
//
// Each kind of constraint is declared once, in layouts (layouts.Kinds),
// and implemented here once: the kinds table (kinds.go) has an entry
// for every kind, and TestEveryKindImplemented fails when layouts
// declares one that it lacks. A kind that compiles to all-different
// units only (diagonal, region, jigsaw, antiknight, antiking) is marked
// as such: the unit propagation above handles it. A kind that makes
// rules has a constructor, in its own file kind_NAME.go, that New calls
// for each rule of the kind to make its propagator; New panics on a
// rule of a kind with none, which the test rules out. A propagator
// lists the cells it watches and narrows candidates only through
// s.remove, so that the trail undoes it; it keeps its scratch space
// from New and allocates nothing in the search. It must at least
// refute any full assignment that breaks its rule: nothing else checks
// the rules (tests hold every solution to layouts.Check as well).
//
//   - killer (kind_killer.go): the placed cells leave a sum for the
//     free ones, which must be a set of distinct digits from their
//     candidates. Up to 16 digits a table of every digit set by size
//     and sum gives the sets still possible: digits in none go, a digit
//     that all need and one cell can hold is placed, and the last free
//     cell takes the remaining sum. Beyond 16, bounds. The kind also
//     derives cages from the full units (the 45 rule, "innies"): a full
//     unit's cells outside the cages wholly inside it make a cage too.
//   - thermo (kind_thermo.go): bounds, each cell above the smallest
//     candidate of the one before and below the largest of the one
//     after, forward then backward.
//   - nonconsecutive and kropki (kind_pairs.go): arc consistency on the
//     pair of cells, through a table of the digits each digit allows
//     beside it, shared by every pair of one relation.
//   - parity (kind_parity.go): the cells lose the other parity once, at
//     the start; it watches nothing.
//   - xv (kind_pairs.go): as kropki. whispers, palindrome, clone,
//     minimum, maximum and entropic (kind_pairs.go): arc consistency
//     over their pairs of cells, revised until none changes.
//   - arrow, little killer and region sum lines (two segments' sums
//     equal) (kind_sum.go): arc consistency on the sum
//     (not on the units its cells share), through bitsets of the
//     partial sums the cells before can make and those from which the
//     cells after can reach the total.
//   - sandwich (kind_sum.go), weak: once the 1 and the n are placed, the
//     cells between them by bounds on the sum.
//   - xsum (kind_sum.go), weak: the first cell keeps the digits x
//     that x distinct digits can make the sum with; once it is placed,
//     the first x cells by bounds on the sum.
//   - renban (kind_lines.go): a digit stays if some run of k digits
//     holding it meets every cell; the line is a unit besides.
//   - between (kind_lines.go): the middle cells strictly within the
//     extremes of the ends' candidates.
//   - skyscraper (kind_lines.go), weak: the first cell at most n-count+1,
//     n not among the first count-1 cells; the count checked once the
//     line is full.
//   - quadruple (kind_lines.go): a digit needed m times with m cells left
//     that can hold it is placed in them; fewer fail.
//
// Adding a kind that makes rules is one file with its propagator and
// one line in kinds.
//
// # Search
//
// When propagation stalls, the search branches on the free cell with
// the fewest candidates for its weight (dom/wdeg): a cell weighs the
// number of its full units at first, and every contradiction found in a
// unit adds to its cells, so the search turns to where it fails instead
// of thrashing across grids that do not interact. What a contradiction
// adds grows by 1/256 with each one, so recent failures count most.
// When every digit of a cell has failed, the search backs up and, before
// anything else, branches on that cell again (last-conflict reasoning):
// the failure usually lies with a decision made higher up, and this
// finds it in a few nodes instead of a subtree. It tries the lowest
// candidate d first, and once that subtree is done goes on with the
// same cell without d, propagated again. Changes go on an undo trail,
// so a node allocates nothing and copies no state.
//
// How it compares with the SAT engine, by size and kind, and the speed
// of backtrack/nine against tdoku: BENCHMARKS.md, made by
// scripts/bench-report.
//
// The search looks at its context every millisecond or so of work (a
// number of nodes in inverse proportion to the cells): the auto engine
// of package gattai stops a native search that gophersat has beaten and
// waits for it to return before it answers.
//
// # Multi-grid boards
//
// On a Samurai or a Sumo, time goes to propagation, not to search: a
// minimal Samurai takes a handful of nodes, and each node places a large
// part of the board again, every placement taking its digit from 20 to
// 40 peers and queueing their units for hidden singles and locks. The
// per-placement cost is what separates this engine from backtrack/nine
// (a bit-parallel board). So New hands a model of several 9x9 grids
// with 3x3 boxes, no extra regions, no constraints and no rules (its
// units are then the grids' rows, columns and boxes) to nine.Link, and
// Count hands its puzzles to the result when Link took it: the grids as
// bit-parallel boards whose shared boxes keep equal candidates (see
// backtrack/nine's doc). Link refuses grids that overlap other than in
// whole, aligned boxes, and those stay here, as do 4x4, 16x16 and
// variant multi-grids, and boards where two grids share more than two
// boxes (the butterfly, the flower): their grids share rows and columns
// of six cells, and the locks across those intersections, which this
// engine makes and the linked boards (equal box by box) do not, saved
// more guesses than the boards' speed made up for (the flower took 1.35
// times the time linked, the butterfly as long). Its guesses are reported as Nodes, as nine's
// are.
//
// Tried here before that, measured in thread CPU time (the shared
// machine's wall times were too noisy), and left out because they did
// not pay:
//
//   - splitting the free cells into parts that no unit joins and counting
//     each alone (the product is the count): the parts appear only once
//     nearly every overlap cell is placed, few cells are then free, and
//     the search did not thrash across grids, so the node counts stayed
//     the same and finding the parts at each node cost time;
//   - placing the givens in one pass, with no trail and no work lists,
//     and queueing, when a placement takes a digit from a peer, only the
//     peer's units without the placed cell (in the others the digit is
//     placed, so nothing follows): fewer pushes, but the changed order
//     of propagation moved the weights and the node counts, and the time
//     stayed within the noise;
//   - the matcher (hidden and naked subsets) on 9x9 boards: it halves
//     the nodes of a Sumo and costs more than it saves;
//   - no locked candidates: level on a Samurai, three times the nodes on
//     a Sumo;
//   - work lists first in, first out: within the noise;
//   - overlap cells first, a cell weighing its units squared at the
//     start: fewer nodes on the Samurai set, more on the Shogun, and
//     the time within the noise.
//
// And in the linked boards' choice of guess, counted in guesses (nodes)
// over the samurai and sumo sets and the Shogun and Gattai-8 examples:
//
//   - the board with the fewest configurations and no weights: the
//     search thrashed, 30 times the general engine's nodes on the Shogun
//     (a wrong guess surfaced in another board only after guesses in
//     unrelated boards, each then undone and retried);
//   - board-level last conflict (guess again in the board whose guess
//     failed both ways): far more guesses everywhere, the failing board
//     is seldom the culprit;
//   - staying in the board of the last guess until it is solved: three
//     times the guesses on the Sumo example, ten on Gattai-8;
//   - the board with the fewest unsolved cells for its weight: better on
//     the Shogun, worse on the sumo set;
//   - restarts (a budget of guesses, doubled at each restart, keeping
//     the weights): fewer guesses on the Shogun, more on the sumo set;
//   - weights that count every contradiction alike: twice the guesses of
//     growing ones on the sumo set; growth by 1/8 overflowed the weights
//     without a rescale (now rescaled, growth 1/64);
//   - other weights: more or less per shared box, boards starting with
//     more per link or none, or scoring a unit by its configurations
//     less a constant (favouring nearly fixed units): the samurai set
//     barely moved, the sumo set and the examples went up and down with
//     no pattern. The single examples are noise for such changes:
//     taking the last digit with two configurations in the chosen unit
//     instead of the first multiplied the Shogun's guesses by four and
//     cut the Sumo example's by a quarter. Weights per unit as well as
//     per board (a contradiction also weighing the bands and stacks
//     where a digit or a cell ran out): the samurai set and 400 more
//     level (11.36/11.47 to 11.42/11.37), the others as before; boards
//     weighed at the root by their cells left unsolved, more or fewer:
//     the samurai sets 11.38 to 11.70, the rest as before.
//   - the digit of the configuration guess, over the samurai set, the
//     sumo set, the Shogun and the Sumo example (guesses): the first
//     11.51/295.3/114/34, the last 11.74/233.9/523/26, the fewest cells
//     11.19/305.3/60/19, the most cells 12.12/351.3/587/24, the fewest
//     configurations over its board 11.43/317/99/19, the fewest cells
//     among those that differ in a shared box 11.22/298.9/60/19, most
//     shared boxes then fewest cells 11.41/389.4/103/18; the one taken
//     (most shared boxes where the two differ, then the first) made
//     11.36/269.5/102/34.
//   - the guess's other configuration tried first (the weights then
//     grow along other branches; counting to 2 visits both anyway):
//     11.51/442.0/216/23, Gattai-8 296 to 206. Most guesses come before
//     the first solution (samurai set 8.4 of 11.4, sumo set 148 of 270,
//     shogun set 42 of 72), but a count to 2 of a unique puzzle visits
//     the whole tree in any value order: a better order of the values
//     would move the total only through the weights.
//   - counting independent parts apart (the unsolved boards that share
//     no unsolved box, each part searched alone, the counts multiplied;
//     a third of the samurai set's choices and three quarters of the sumo
//     set's had two parts or more): more guesses, samurai set 11.36 to
//     13.00, sumo set 269.5 to 325.8, Shogun 102 to 223, Gattai-8 296
//     to 386; with the part that choose would guess in first, 11.66,
//     308.3, 81 and 296. Most nodes lie on a failing branch, where one
//     part fails and solving another first is wasted.
//   - probing (failed literals): at a stall, both sides of the guess in
//     each board's best unit (choose's own first) narrowed in a copy and
//     propagated; a side that fails forces the other, and the guess goes
//     to the candidate whose sides settle the most cells (the product).
//     Far fewer guesses, more work, time in one run: at the first two
//     levels, the samurai set 2.85 guesses and 25.8 probes a puzzle, 40%
//     slower; the sumo set 136.7 guesses, level; 40 more Sumo puzzles
//     made the same way 277 to 136 guesses, 15% faster; 20 Gattai-8 and
//     20 Shogun puzzles made so, 20% and 17% slower. At every level the
//     sumo set took 26.7 guesses and 1283 probes, 55% slower. Keeping
//     the probed states as the chosen guess's two branches saved
//     nothing measurable. Probing only the K units of least key, over
//     all boards: a probe costs about what a guess does (1.5 µs on a
//     Samurai), and guesses plus probes never fell below the guesses
//     alone. Samurai set, K=1 at the root 8.48 guesses and 6.3 probes
//     (31.1 against 26.7 µs), K=3 at every level 1.17 and 21.6 (37.9
//     µs); sumo set, K=3 at every level 28.5 and 425.9 (916 against 754
//     µs). 400 Samurai, 40 Sumo, 20 Shogun and 20 Gattai-8 made by
//     `gattai generate --seed 7` agreed.
//   - backjumping: each board carrying the set of guesses its state
//     follows from (its own, and those of a board whose link changed
//     it), so that a branch whose contradiction does not follow from
//     its guess returns at once. The sets held nearly every level (on
//     the sumo set 7.8 of 7.8 on average; links spread them), 3% of the
//     failures jumped, and the guesses moved with the weights: samurai
//     set 11.36 to 11.24, sumo set 269.5 to 303.5, Shogun 102 to 84,
//     Gattai-8 296 to 398.
//   - remembering refuted states: a node whose subtree fails having
//     settled only the boards of a set T refutes the states of those
//     boards alone (no other board changed, so nothing reached T from
//     outside; a board whose settle fails counts as settled), so a later
//     node with T's boards in the same states fails at once (a table of
//     hashes of T's boards, per Count), and so does an ancestor in which
//     they were already so (a backjump). Sound (every hit's subtree, run
//     anyway, found no solution), but the hits are few, since links
//     spread every failure over the boards around it. On 400 Samurai,
//     200 Sumo, 20 Shogun and 20 Gattai-8 made by gattai generate, the
//     guesses went from 11.47/287.7/75.9/46.1 to 10.98/251.5/67.8/42.8
//     (looking up the two sets T most recently used; all of them,
//     10.83/245.9/61.6/41.8, took 54 look-ups a node on the Sumo), but
//     the reduces only 2% to 10%: a hit comes after the node's own
//     propagation, most of what a guess costs. Time, with the hashing
//     and both sides of a guess copied: level (in one run, Samurai 26.5
//     to 27.2 µs, Sumo 814 to 792, Shogun 176 to 173, Gattai-8 95 to
//     98); the backjumps alone, 287.7 to 274.0 Sumo guesses. Keyed
//     instead by a guess's side before its propagation, so that a hit
//     skips that too: reduces a Sumo 19399 to 17902 (17376 keyed after
//     the propagation), no better.
//   - stronger rules at every stall, as bounds (counted with slow
//     code): every row, column and box kept to the candidates of its
//     matchings (naked and hidden subsets of any size) took the samurai
//     set, the sumo set, the Sumo, the Shogun and Gattai-8 from
//     11.36/269.5/34/102/296 guesses to 9.32/237.2/17/99/281; each
//     digit kept to the union of its placements in the grid (every
//     fish) 9.63/291.1/23/67/386; both 7.70/216.0/13/188/303. No rule
//     within one grid saves the fifth of the guesses a Samurai needs.
//   - probing one board alone: both sides of a configuration guess
//     narrowed in a copy of the board and settled without links.
//     Every such guess of every board at every stall took the guesses
//     to 1.60/63.5/2/145/42, but with 868 probes a Samurai; at the root
//     only 4.54/182.9/2/77/125 with 560; each board's unit of fewest
//     configurations only 4.13/160.2/7/163/215 with 161, or at the root
//     8.32/219.0/15/77/295 with 61. A probe costs about 0.2 µs, 1% to 4%
//     of them fail, and each failure saves about a guess (1.8 µs on a
//     Samurai): none paid. Guessing where the two sides settled the
//     most cells (the product) within the first two levels: 9.65/360.5/
//     14/437/162.
//   - clause learning, judged from outside: on the samurai set exported
//     to CNF (gattai export, pairwise), minisat 2.2 took 17.4 conflicts
//     and 49.0 decisions a puzzle and cadical 1.5.3 23.3 and 35.0, only
//     to find the solution, where this search proves it unique in 11.36
//     guesses: learning over unit propagation of the plain encoding
//     needs more search here, not less. On the sumo set alike, minisat
//     250.5 conflicts and 860.1 decisions, cadical 265.6 and 513.1, to
//     find the solution, against 269.5 guesses to prove it unique. To
//     prove it as this search does (the solution found, then a clause
//     refusing it added and the formula refuted), minisat took 45.8
//     conflicts a Samurai of the set, 606.9 a Sumo (cadical 652.4) and
//     192.2 a Shogun of 20 made by gattai generate --seed 7 (cadical
//     215.2), against 11.36, 269.5 and 75.9 guesses here.
//
// What paid: weights that grow (dom/wdeg), boards weighing their links
// at first, and above all units weighing the boxes they share, which cut
// the guesses on the sumo set by five; and the guess's digit whose two
// configurations differ in the most shared boxes (9% fewer guesses on
// the sumo set, 1% on the samurai set, Gattai-8 354 to 296).
//
// In the linked boards' propagation, counted in instructions
// (cachegrind) over the same sets, these did not pay:
//
//   - settling the boards in order of their links, fewest or most first
//     (so that a Samurai's centre takes the four corners' news at once):
//     the guesses moved a little either way, and the instructions with
//     them;
//   - settling the dirty boards first in, first out (outward from the
//     guess, a board queued when a link dirties it), so that a
//     contradiction near the guess shows before boards far from it are
//     settled: of a Samurai's 599 reduces, 135 are the root's and 241
//     lie in propagations that fail, so this was worth a look, but the
//     samurai set took 607 reduces and 11.60 guesses (11.36), the sumo
//     set 21089 and 309.4 (17838 and 269.5);
//   - at the root, settling every board on its givens before the first
//     link: slightly more;
//   - reducing every dirty board and linking until no board is dirty,
//     and only then naked singles and triads, board by board (fewer
//     passes of those two): more instructions and more guesses, since
//     the singles found early save reductions;
//   - decoding a solution through four bit planes of the digits, each
//     shared cell once: fewer mispredicts but more instructions (a
//     solved band word holds exactly three cells of its digit, so three
//     extractions without a loop did better);
//   - in backtrack/nine's reduce (both engines' hot loop), a fast path
//     for a digit whose row and column triads are those of its last
//     reduce (the filters would then keep every cell, so only a
//     placement could follow): the check costs a third of a reduce and
//     hits about one reduce in seven, since a digit is reduced because
//     it lost cells, which mostly empties a triad;
//   - in the same reduce, the band look-ups done again after its loop,
//     from the final words, instead of carried out of it (the filters
//     are idempotent, so they give the same triads), so that fewer
//     values live across the loop and spill to the stack: level in
//     turns, samurai set 25.6/26.4/26.4 against 25.4/26.5/26.1 µs,
//     classic9 alike;
//   - in the same reduce, every round ended by a band filter, also when
//     the stack filter changed nothing, so that the loop has one exit,
//     nearly always taken: half the reduces take one round and half two
//     (2.7% more), and cachegrind's model mispredicts that exit once in
//     two reduces, but on the machine the extra look-ups cost more
//     (in turns, three rounds: Shogun 176/176/180 against 192/195/194
//     µs, sumo set 763/768/772 against 789/824/795, samurai set and
//     classic9 level);
//   - in the same reduce, the stack filter first in each round, then the
//     band filter: 6% to 10% slower on every set, in turns;
//   - in the same reduce, bands 0 and 1 in one 64-bit word for the
//     placement check (1.2% fewer instructions on the samurai set) and
//     for the fold of the column triads (0.35% more): level in turns.
//
// Nor did the build: a profile-guided build (go test -pgo, with a
// profile of the same benchmarks) made the Shogun 3% faster and the
// rest 1% or less, too little for a profile to keep in step with the
// code; GOAMD64=v3 (BMI and POPCNT without checks) left every set
// level.
//
// Measured on the samurai set (instructions a puzzle, cachegrind, and
// CPU time in turns; 670 reduces a puzzle, 30% of them a digit already
// reduced in the same settle, 30% changing nothing):
//
//   - the order of settle's dirty digits: live fewest cells first took
//     567 reduces instead of 670, but choosing (three popcounts per dirty
//     digit, per reduce) cost 77K instructions for the 34K it saved;
//     round robin 643 reduces and 1.3% more instructions; one order for
//     all the boards (most given first, fixed per Count) 635 and the
//     Shogun 1.2% worse; classes of digits by their cells at their last
//     reduce 607 (counted only); ordering each board again at every
//     settle or every propagate 580 or 588 against 604 for the order
//     taken once (below), but reordering a board costs about as much as
//     the reduces saved;
//   - taking placed cells from the other digits in one band only when
//     they lie in one (59% of the placing reduces): 2.8% fewer
//     instructions (2.4% on classic9) but 17% more mispredicts, and the
//     times level in turns (31.3 against 31.4 µs a puzzle);
//   - not marking dirty a digit that loses a placed cell whose row triad
//     keeps two cells and whose column triad keeps one (the filters would
//     keep every cell): 4% of those losses after a single placement
//     qualify, 15% more after a check of the sure triads, and after
//     several placements the triads must be folded per band and digit,
//     which costs more than the reduces saved (counted, not built);
//   - copying only the boards a guess can reach, or undoing instead of
//     copying: the copies (1360 bytes a guess on a Samurai) are 0.6% of
//     the instructions;
//   - propagate keeping its dirty boards as a bit set (link returning
//     those it dirtied) instead of testing each board each round: 7%
//     fewer mispredicts, 0.6% more instructions, times level in turns;
//   - naked singles branch-free, each digit keeping in the boxes of its
//     single cells only those: not the same rule (two singles of one
//     digit in one box must empty it), and settle then looped.
//
// What paid there: in reduce, ending a round as soon as the other
// filter would keep every triad, read off the triads before its
// look-ups (the stack filter's permutations against the open column
// triads; the row triads left against those the band filter kept):
// less work, and the exits, mispredicted about one time in three, known
// sooner (in turns, three rounds: samurai set 3% faster, Shogun 7%,
// sumo set and classic9 4%); skipping boxes placed in both boards, aligning the
// partner's box by one rotation, keeping each level's configuration
// counts, a branch-free choice of unit; linking one way, all nine digits
// branch-free (5% of the instructions: the partner never held cells
// the settled board lacked); the givens of all the grids in one pass
// (1%); each board keeping its digits fewest cells first (604 reduces
// instead of 670, 2.5%); a table from band bit to cell for the
// solution (1%); and in backtrack/nine's settle, triads and
// unitConfigs (both engines), the bit-sliced counts over the nine
// digits unrolled (their loops spilled counters and mispredicted their
// exits: triads took half the instructions, 4.7% in all on the samurai
// set, 1.5% on classic9); the same for the bands of settle's naked
// singles and the six unit keys of the linked boards' choice (0.9%).
// Then, on amd64, backtrack/nine's reduce and link in assembly (see its
// doc): the instructions of a Samurai from 392K to 306K (cachegrind),
// and in one run, in turns, the samurai set 26.4 to 22.7 µs, the sumo
// set 752 to 639, the Shogun 172 to 142, classic9 2.11 to 1.80; the
// guesses the same. Rewriting the Go instead (the takes ORed into the
// dirty set one by one, or with the masks negated once) saved 1% or
// cost 8% of the instructions.
//
// Short names: c a cell index, d a digit 1..N or its bit, u a unit
// index, m a candidate mask, n the number of symbols.
package backtrack

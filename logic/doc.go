// Package logic is gattai's logical solver: it solves a puzzle the way a
// person does, one named technique at a time, on any layout that
// layouts compiles (a classic 9x9, a Samurai, a Sumo, a 16x16, a jigsaw,
// variant rules). It powers rating (Rate), hints (Hint) and the whole
// path (Steps). It reads a layouts.Puzzle and imports nothing else of
// gattai: it sits beside the engines, not in front of them. Each takes a
// context, as the engines do: a done context ends it with ctx.Err() and
// no step or rating (the trials, which can take seconds on a Sumo, look
// at it as they go).
//
// # State and steps
//
// The state is a mask of candidate digits per cell (bit d-1 for digit d)
// and the digits placed. A placement removes its digit from the cell's
// peers at once (as every human solver does). Each technique is a
// function that looks at the state and, when it applies, describes a
// Step: its technique and weight, the units involved by name, the
// placements (cell = digit) and eliminations (cell <> digit) it proves,
// and the cells that justify it (or the chain, in Eureka-like notation:
// (4)r2c6=(4)r2c9-(4)r3c7=(4)r6c7, "=" a strong link, "-" a weak one).
// The next step is always the easiest that applies, in the order below.
//
// Techniques work on the model's units, not on the rows, columns and
// boxes of one 9x9: a unit is a set of cells that all differ, and a full
// unit (N cells) holds every digit once. Overlapping grids share cells
// and units, so multi-grid reasoning comes for free:
//
//   - singles: full house and hidden singles in full units; naked
//     singles in any cell;
//   - locked candidates: a full unit u and any unit v that meet in two
//     cells or more; a digit whose candidates in u all lie in the meeting
//     leaves the rest of v. From a box it is called pointing, otherwise
//     claiming; between a corner grid's box and the centre grid's row of
//     a Samurai it is the overlap interaction;
//   - naked subsets in any unit (pairs, triples, quads), hidden subsets
//     in full units;
//   - basic fish (x-wing, swordfish, jellyfish) on each grid's rows
//     against its columns and back: the base units are disjoint and so
//     are the cover units, which is all the rule needs;
//   - xy-wing and xyz-wing over peers (any shared unit);
//   - uniqueness, only with Options.Unique (the caller has proved the
//     puzzle unique; gattai's commands do): a unique rectangle is four
//     free cells at the corners of two rows and two columns of a grid,
//     each of whose units holds exactly one side of it (two boxes in a
//     classic grid, and no rule in the model); were all four the same
//     two digits, swapping them would make a second solution. Type 1:
//     three corners hold only those two, so the fourth loses them. Type
//     2: one side holds only those two and the other those and the same
//     third, which leaves the cells seeing both. Type 4: one side holds
//     only those two, and in a full unit of the other side one of them
//     has no other place, so that side loses the other. BUG+1: every
//     free cell but one has two candidates and every digit two places
//     or none in every unit but the units of the one, which has three;
//     with every unit full and no rule, such a grave has no solution or
//     two (each cell taking its other candidate), so the one holds the
//     digit that has three places in its units;
//   - finned fish (x-wing and swordfish, sashimi ones too): a fish but
//     for some candidates of its base lines, the fins. Either a fin is
//     true or the fish stands, so the digit leaves the cover cells that
//     see every fin. On a grid of bands and stacks (not a jigsaw) the
//     search looks only at fins in one box that a cover line crosses,
//     the only place such cells can be, which keeps it cheap;
//   - w-wing: two cells with the same two candidates {x,y} that do not
//     see each other, joined by a strong link on y (one end seeing each
//     cell): one of them holds x, which leaves the cells seeing both;
//   - chains: a strong link joins two candidates of which one is true
//     (the two candidates of a bivalue cell, the two places of a digit in
//     a full unit), a weak link two that are not both true (one cell, or
//     one digit in peers). An alternating chain from A to Y proves "A or
//     Y", so a candidate weakly linked to both goes; a chain from A back
//     to A places A. Searched breadth first, shortest first, at most 10
//     strong links: first single-digit chains (x-chain: colouring,
//     skyscraper, kite, turbot fish), then chains of bivalue cells
//     (xy-chain), then both (aic);
//   - variant rules, each kind by its own technique: parity (even and
//     odd cells), thermo bounds (each cell between what its bulb side and
//     tip side allow), kropki pairs and nonconsecutive pairs (a digit
//     stays if the neighbour has a partner for it), killer combinations
//     (a cage's cells keep the digits of some assignment of distinct
//     digits with its sum; with more than 16 digits, a cage whose
//     candidates allow more than 256 assignments keeps the digits the
//     sum's bounds allow, as listing them on every pass of every trial
//     would take hours), and killer locked candidates, after locked
//     candidates: a digit that every assignment of a cage needs leaves
//     the cells that see every cell of the cage that can hold it (a
//     cage in a box that needs a 1 takes it from the rest of the box,
//     which without this took a depth-1 trial, 8.5 and up), and innies
//     and outies (the 45 rule): the cells of a full unit outside the
//     cages wholly inside it make a cage of the rest of its sum, and the
//     cells outside it of the cages that cover it one of their excess,
//     when they must differ (layouts.Model.Innies and Outies); their
//     combinations go as a cage's do, in trials too. A model with a rule kind not listed here is
//     refused with ErrUnavailable ("rating unavailable: rule kind X"),
//     never rated with steps that ignore a rule. Kinds that compile to
//     units (diagonal, region, jigsaw, antiknight, antiking) need nothing
//     more.
//
// # Trials: how much search is needed
//
// When no technique applies, the solver makes an assumption and follows
// it. Depth 1: assume cell c holds d and apply singles (and the rules)
// to a copy; if that reaches a contradiction (a cell with no candidate,
// a full unit with a digit that fits nowhere), c <> d. Depth 2: assume c
// holds d, then apply depth-1 trials to the copy, pass after pass, until
// nothing changes; if that reaches a contradiction, c <> d. These are
// proofs by contradiction (a Bowman's-bingo style of search, nested), so
// trial steps are as sound as the others; the rater then goes back to
// the easiest techniques. Assumptions are tried in cells with fewest
// candidates first. A trial weighs more the larger its proof: the cells
// it places before the contradiction, and at depth 2 the depth-1
// eliminations it takes as well (see Scale). At depth 1 the step is the
// assumption with the lightest proof, as a solver would follow the
// shortest (each trial stops once it is longer than a lighter one could
// be); at depth 2, where one assumption can take thousands of inner
// trials, the first found. A trial step of Hint and Steps tells its
// proof (Step.Chain): the deductions that the contradiction follows
// from, in order, e.g. "if r3c5 = 7: r1c2 = 4, r2c2 = 3 in box 1; row 4
// has no place for 6", and the rules it takes on a variant; at depth 2
// the depth-1 eliminations among them ("r4c4 <> 5 by a trial"), each
// resting on the deductions before it, without its own proof. The
// proof is found by replaying the trial with a record of what each
// deduction follows from; Rate, which shows no step, skips it.
// A depth-2 step gives up after 200000 inner trials
// with 9 digits (81/n² of that with n digits, at least 5000);
// when depth 2 finds nothing (or gives up, or the puzzle has more than
// one solution) the path ends and the rating says search: depth 3,
// score 11.5, Solved false.
//
// # Scale
//
// The score is the greatest weight of a step on the path, on Sudoku
// Explainer's scale where SE has the technique:
//
//	technique             weight
//	full house            1.0
//	hidden single         1.2 in a box, 1.5 elsewhere
//	parity                1.3
//	naked single          2.3
//	thermo bounds         2.4
//	kropki pairs          2.4
//	nonconsecutive pairs  2.4
//	killer combinations   2.5
//	pointing              2.6
//	killer locked         2.7
//	innies and outies     2.8
//	claiming              2.8
//	naked pair            3.0
//	x-wing                3.2
//	hidden pair           3.4
//	naked triple          3.6
//	swordfish             3.8
//	hidden triple         4.0
//	xy-wing               4.2
//	xyz-wing              4.4
//	unique rectangle      4.5 (types 1, 2 and 4)
//	naked quad            5.0
//	jellyfish             5.2
//	hidden quad           5.4
//	bug+1                 5.6
//	finned x-wing         6.6
//	finned swordfish      6.7
//	w-wing                6.8
//	x-chain               6.5 + 0.1 per strong link
//	xy-chain              6.6 + 0.1 per strong link
//	aic                   7.0 + 0.1 per strong link (at most 8.0)
//	trial, depth 1        8.5 + 0.1 per bound the proof passes (at most 9.9)
//	trial, depth 2        10.0 + 0.1 per bound the proof passes (at most 11.4)
//	search beyond         11.5
//
// The bounds are those SE uses for the length of its chains: a proof
// of size s passes each of 4, 6, 8, 12, 16, 24, 32, ... (half as much
// again, then a third as much again, in turn) below s, so the weight
// grows with the logarithm of the size. The sizes count placements,
// not SE's chain nodes: trial weights order the hardest puzzles by the
// work their proofs take, and do not reproduce SE's own ratings.
//
// SE has no finned fish and no w-wing: it proves what they prove with
// chains, so they weigh as its shortest single-digit chain, the turbot
// fish (6.6), and up, and a puzzle that needs one rates about as it
// does on SE. An x-chain has two strong links at least (6.7), so the
// three are tried before the chains; they name a step that a chain
// would otherwise describe link by link.
//
// Labels: easy up to 2.3 (singles), medium up to 4.0 (locked candidates,
// pairs, triples, x-wing, swordfish), hard up to 5.4 (wings, unique
// rectangles, quads, jellyfish), expert below 8.5 (BUG+1, finned fish,
// w-wings, chains), extreme from 8.5 (trials and search).
//
// Medians on the public sets (gattai rate): sudoku17 2.6, top1465 8.6,
// forum-hardest-1106 10.9; TestRateOrders holds samples of them in that
// order.
//
// # Against qqwing
//
// 100 puzzles of each qqwing 1.3.4 difficulty (qqwing --generate 100
// --difficulty D --one-line), rated here:
//
//	qqwing        median  easy  medium  hard  expert  extreme
//	simple        1.5     100   0       0     0       0
//	easy          1.5     100   0       0     0       0
//	intermediate  2.6     0     100     0     0       0
//	expert        6.8     0     1       19    73      7
//
// qqwing's simple and easy are both singles here; its intermediate is
// exactly medium; its expert (anything that needs more than its
// intermediate moves, including guesses) spreads over hard, expert and
// extreme. In that last sample, with the uniqueness techniques (as
// gattai rate has them), the hardest step is a finned fish in 22
// puzzles, a w-wing in 13 and a uniqueness technique in 8; before the
// finned fish, w-wings and uniqueness, the same 100 rated 7.0 (median),
// 15 hard and 77 expert, those 43 by chains.
//
// # Speed
//
// A Solver keeps its tables and scratch space across puzzles of one
// model, and the searches allocate nothing in their inner loops (a step
// allocates its description when it is found, and rating reuses one
// Step). BenchmarkRate rates whole public sets and reports puzzles/s:
//
//	go test ./logic -run XXX -bench Rate -benchtime 1x
//
// Depth-2 trials take most of the time on forum-hardest. Looking for
// the lightest depth-1 trial rather than the first made rating top1465
// 2.4 times slower and forum-hardest-1106 1.7 times (CPU time of gattai
// rate --jobs 1 over each set, in turns); sudoku17, which needs no
// trials, did not move. That is the price of telling the hardest
// puzzles apart, and of the shortest proof in a hint; no order of the
// candidates can save much of it: on the depth-1 steps of 400 puzzles of
// top1465 the search placed 2% more cells than it would with the
// lightest proof's size known before it starts.
//
// Short locals: s the solver, st a step, c a cell, d a digit, m a mask,
// u a unit, k a subset or fish size.
package logic

// Package encode compiles a puzzle to CNF and reads solvers' answers
// back: variable numbering, clause generation, the at-most-one
// encodings, the clauses of each kind of variant constraint and the
// killer sum encodings, DIMACS writing and reading, model parsing, and
// Decode to a layouts.Grid. It never sees a solver.
//
// In the pipeline it sits between layouts and sat:
//
//	layouts.Puzzle ──Puzzle──▶ Formula ──WriteDIMACS──▶ any solver
//	layouts.Grid ◀──Decode── Model ◀──ParseModel── solver output
//
// Short names: c a cell index, d a digit 1..N, u a unit index, v a
// variable, lit a literal (v or -v), n the number of symbols, amo an
// at-most-one encoding, r a rule, b the builder of a formula.
//
// # Variables
//
// One variable per (cell, digit) that the givens and the rules leave
// open: a given cell has none, an open cell has none for a digit that a
// given peer holds, nor for a digit that a rule rules out (see Variant
// constraints). They are numbered from 1 in cell order (the model's cells,
// canvas row-major), and within a cell by ascending digit; the encoding's
// auxiliary variables follow, CellVars+1..NumVars. Fixed variables are
// removed rather than asserted: the formula is smaller and a solver has
// nothing to propagate before it starts. Var and CellDigit translate
// both ways; Decode and Block use the same map, which WriteDIMACS writes
// out and ParseDIMACS reads back.
//
// # Clauses
//
// In this order: for every open cell, at least one of its digits; at
// most one of them; for every full unit (exactly n cells) and every
// digit not given in it, at least one of the unit's cells holds it (the
// "extended" encoding, which makes hard instances fast); every digit
// at most once in every unit, full or partial; and the clauses of each
// rule, in the model's order. With the pairwise
// encoding the per-unit at-most-one clauses are the binary clauses of
// each pair of peers, each pair once, though a row and a box share
// cells. Givens that make the puzzle impossible (a digit given twice in
// a unit, an open cell with no digit left, a full unit where a missing
// digit has no place, a rule they break) give the empty clause: an
// unsatisfiable formula, not an error.
//
// # At-most-one encodings
//
// A group of k literals of which at most one may be true:
//
//	pairwise    k(k-1)/2 binary clauses, no auxiliary variable
//	sequential  Sinz's counter: 3k-4 clauses, k-1 auxiliary variables
//	commander   Klieber and Kwon: groups of 3 with a commander variable
//	            each, recursively over the commanders
//	binary      bitwise: k*ceil(log2 k) clauses, ceil(log2 k) auxiliary
//	            variables
//
// Every encoding is pairwise for groups of at most 4. Auto, the zero
// Options, is DefaultAMO(n): pairwise at every size, by these figures,
// averages per puzzle over each data set of the variables, the clauses,
// and gophersat's conflicts and time (ms) to find the grid (sat.Solve)
// and to prove it unique (sat.Count with limit 2):
//
//	data set (puzzles)   encoding     vars clauses | conflicts        ms | conflicts        ms
//	                                               |               solve |          count to 2
//	9x9 hardest11 (11)   pairwise      216    1455 |      5.36      0.62 |      15.3      0.74
//	                     sequential    522    1654 |      10.0      1.00 |      15.9      1.15
//	                     commander     353    1716 |      11.9      1.11 |      17.6      1.16
//	                     binary        421    1928 |      8.00      0.96 |      15.6      1.04
//	samurai seeds (2)    pairwise     1029    7547 |      0.50      2.38 |      2.00      2.26
//	                     sequential   2834    8586 |      2.00      5.53 |      4.00      5.95
//	                     commander    1837    8963 |      2.00      4.75 |      4.00      4.84
//	                     binary       2212   10186 |      1.50      6.23 |      2.50      6.67
//	16x16 40% (4)        pairwise      723    6148 |      9.75      3.72 |      41.2      6.02
//	                     sequential   2336    6305 |      13.8      7.40 |      29.5      6.43
//	                     commander    1393    6564 |      10.2      6.11 |      45.8      9.57
//	                     binary       1681    7741 |      17.2      6.47 |      28.8      6.89
//	25x25 42% (4)        pairwise     2175   24784 |     24600      4309 |     35107      6652
//	                     sequential   8580   21150 |     20734      6688 |     39302     13362
//	                     commander    4729   22106 |     24866      8386 |     32144      9220
//	                     binary       5518   27700 |     30509     11908 |     37241      6899
//
// The data sets: the 11 puzzles of sat/testdata/hardest11.txt (Norvig's
// hardest), the two samurai of testdata/seeds, and the unique puzzles of
// sat/testdata/classic16.txt and classic25.txt (a gophersat grid with
// givens removed at random while the puzzle stays unique, down to about
// 40%: hard for gophersat). Measured with
//
//	go test ./sat -run '^$' -bench Encodings -benchtime 3x -timeout 1h
//
// on a shared 2-core machine (Intel Xeon, linux/amd64) with another
// engineer's tests busy on the other core: the times are noisy (the
// conflicts are exact, gophersat is deterministic), so compare the rows
// of one run. Pairwise needs the fewest variables everywhere and the
// fewest clauses up to 16x16, and is the fastest or within noise of it
// on every set; only at 25x25 do sequential and commander save clauses
// (15%), and gophersat is still slower with them.
//
// # Variant constraints
//
// layouts declares the kinds of variant constraint (layouts.Kinds); a
// kind compiles to all-different units, which the clauses above cover
// with nothing more, and to rules (layouts.Rule) for the kinds that
// need more. kinds.go has an entry for every kind, by name: "units"
// for diagonal, region, jigsaw, antiknight and antiking; for the others
// a clauses function and mostly a narrow function, in kind_NAME.go
// (the kinds of pairs share kind_pairs.go, the sums kind_sum.go, renban,
// between and quadruple kind_lines.go). TestEveryKindImplemented fails when layouts declares
// a kind without an entry, and Puzzle refuses (layouts.UnsupportedError) a rule of a
// kind with no clauses. Adding a kind is an entry and a file.
//
// Before the variables are numbered, each rule narrows its open cells
// to the digits it allows given what the other cells can hold, over
// and over until no rule removes a digit: the removed digits get no
// variable, as those a given peer holds. The clauses are then written
// over "cell c holds d" literals that the givens and the narrowing may
// have decided: a decided-true literal drops the clause, a
// decided-false one drops out of it, so a rule the givens break is the
// empty clause. Per kind:
//
//	parity          narrowed to the rule's digits; a given of the wrong
//	                parity is a unit clause made empty
//	nonconsecutive  ¬a_x ∨ ¬b_y for each pair of digits the relation
//	kropki          refuses; narrowed to the digits that have a partner
//	                in the other cell (a different one: neighbours are peers)
//	thermo          ¬a_x ∨ ¬b_y for x ≥ y, each two consecutive cells;
//	                narrowed along the thermometer both ways: cell i of k
//	                on an empty grid keeps i..n-k+i, the cell after a
//	                given 5 keeps 6 and up
//	killer          the cage is a unit already; the sum, less the givens
//	                in the cage, by the combinations or the counter
//	                encoding (below); narrowed to the digits of the sets
//	                of distinct digits that make it
//	xv              as kropki, the relation a sum of 10 or 5 (or neither)
//	whispers        pairs: ¬a_x ∨ ¬b_y for each pair of digits refused,
//	palindrome,     over each two neighbours on a whispers line, the two
//	clone           cells the same distance from a palindrome's ends, a
//	minimum,        cell and its clone, a minimum or maximum and each
//	maximum,        neighbour, cells one or two apart on an entropic line
//	entropic        (kind_pairs.go)
//	arrow,          Σ w_i·x_i = t: partial sums in the order encoding, as
//	littlekiller,   killer's counter, each step adding w·d (the circle's
//	regionsum       digits weigh -10^k, a region sum's second segment -1,
//	                the rest 1); narrowed by bounds (kind_sum.go)
//	sandwich        the line is a unit; for each two positions p < q,
//	                "1 and n at p and q" implies one of the sets of
//	                distinct digits that make the sum between them, a
//	                selector per set implying each of its digits is
//	                between (kind_sum.go)
//	xsum            the line is a unit; for each digit x of the first
//	                cell, "it holds x" implies one of the sets of x-1
//	                distinct digits that make the rest of the sum, by
//	                selectors, as sandwich (kind_sum.go)
//	renban          the cells are a unit; ¬a_x ∨ ¬b_y for |x-y| ≥ k;
//	                narrowed to the runs of k digits that fit every cell
//	between         ¬a_x ∨ ¬e_y ∨ ¬c_z for z not strictly between the
//	                ends' x and y; narrowed within the ends' extremes
//	quadruple       a digit listed m times: every k-m+1 of the k cells
//	                has one holding it
//	skyscraper      the line is a unit; order-encoded running maxima
//	                g_{i,d}, a variable per cell seen (it holds e with
//	                ¬g_{i-1,e}), and a sequential counter of those, equal
//	                to the count (kind_lines.go)
//
// The narrowing is what makes the rules cheap. Counting each puzzle of
// testdata/variants to 2 (BenchmarkVariants), with it and without it
// (narrow set to nil in kinds.go), gophersat's conflicts and the time:
//
//	puzzle                   conflicts with / without     ms with / without
//	thermo-classic                  21 / 173                 2.5 / 7.6
//	kropki-classic                  27 / 199                 8.1 / 17.4
//	nonconsecutive-classic        1175 / 1467               34.8 / 66.7
//	parity-classic                  17 / 35                  1.5 / 3.1
//	killer-classic                  13 / 12                  5.2 / 7.4
//	killer-samurai                1735 / 1772              133.6 / 176.5
//
// measured with
//
//	go test ./sat -run '^$' -bench Variants -benchtime 20x
//
// # Killer sums
//
// The open cells o_1..o_k of a cage hold distinct digits (their unit)
// that must add up to s, the cage's sum less its givens. Two encodings
// (Options.Sum):
//
//	combinations  the sets of k distinct digits summing to s that the
//	              cells can hold (a matching of cells to digits exists),
//	              enumerated. No set: the empty clause. One set T: for
//	              each d in T, "d is in one of the cells" (k distinct
//	              digits of T in k cells are T). Several: a variable s_j
//	              per set T_j, at least one s_j, at most one, s_j → each
//	              digit of T_j is in one of the cells, and cell holds d →
//	              one of the s_j whose set has d. A cage with more than
//	              256 sets (a big cage of a big grid) gets the counter.
//	counter       a sequential weight counter in the order encoding:
//	              variables "o_1 + ... + o_i ≥ v" for each i and each v
//	              the partial sum can take and still reach s, and for
//	              each cell, digit d and value v of the partial sum
//	              before it, P_{i-1} ≥ v ∧ o_i = d → P_i ≥ v+d and
//	              P_{i-1} < v+1 ∧ o_i = d → P_i < v+d+1, with P_0 = 0,
//	              P_k = s, and P_i ≥ v+1 → P_i ≥ v.
//
// Both run after the same narrowing. SumAuto, the zero Options, is
// DefaultSum(): combinations, by these figures, averages per puzzle of
// the variables, the clauses, gophersat's conflicts and the time (ms,
// encoding included) to find the grid (sat.Solve) and to prove it
// unique (sat.Count with limit 2):
//
//	data set (puzzles)   encoding       vars clauses | conflicts      ms | conflicts      ms
//	                                                 |             solve |        count to 2
//	classic (7)          combinations    703    8613 |       272    12.0 |       608    22.9
//	                     counter        1052   13738 |      2152    74.1 |      3471   167.4
//	small cages (6)      combinations    672    7527 |      23.3     8.1 |      39.8     9.3
//	                     counter         862   10239 |       146    14.9 |       230    17.6
//	samurai (3)          combinations   3326   43430 |      1029     108 |      1583     143
//	                     counter        5056   69539 |      9852     685 |     10654     760
//
// The data sets: classic, the 9x9 killers of sat/testdata/killers
// (cages of 2 to 5 cells covering the grid, 1 to 4 givens) and
// testdata/variants/killer-classic (27 cages, 5 givens); small cages,
// 9x9 killers with cages of 2 or 3 cells (0 to 3 givens); samurai, the
// two samurai killers of sat/testdata/killers (107 and 106 cages, 5
// and 12 givens) and testdata/variants/killer-samurai. Measured with
//
//	go test ./sat -run '^$' -bench Killer -benchtime 5x -timeout 1h
//
// on the same shared machine as above, busy: the times are noisy, the
// conflicts exact. The combinations need a quarter to a third fewer
// variables and clauses and six to ten times fewer conflicts: a set
// variable propagates at once what the counter learns one partial sum
// at a time. On three 16x16 killers with cages of 4 to 9 cells and a
// quarter of the cells given (a one-off run, counting to 2) the
// combinations took 59-101 ms and 269-727 conflicts, the counter
// 224-318 ms and 3426-5590; there, with more than 16 sets in a cage,
// the selectors' at-most-one is Sinz's counter rather than pairwise,
// which had up to 2.5 times the clauses and took up to 1.6 times as
// long.
//
// # DIMACS
//
// WriteDIMACS writes comment lines before the "p cnf V C" line, so that
// a model can be decoded from the CNF file alone:
//
//	c gattai: sudoku on layout "classic", size 4, box 2x2: 16 cells, 12 units, 7 givens
//	c encoding pairwise
//	c killer combinations              the sum encoding, if the layout has killer cages
//	c layout {                         the layout file (layouts.MarshalFile),
//	c layout   "name": "classic",      one comment line per line
//	...
//	c givens .2.43.1....34.2.          every cell in cell order: a symbol or '.';
//	                                   beyond 35 symbols, numbers and 0, blank-separated
//	c canvas .2.4                      the puzzle as a canvas, for people (not read)
//	...
//	c vars 11 cell, 0 auxiliary
//	c var 1 r1c1 1                     variable, cell (1-based canvas row and
//	...                                column), digit (a number)
//	p cnf 11 43
//	1 0
//
// The first line counts the rules too when there are any ("12 units, 31
// rules, 1 givens"); the layout lines carry the constraints, so that
// ParseDIMACS rebuilds the same model, rules and all. ParseDIMACS needs
// the encoding, layout, givens and var lines before the p line, and the
// var lines numbered 1, 2, ... in order; the killer line is optional
// (DefaultSum without it); it ignores other comments, and in the body
// accepts clauses spread over lines or several on a line, comment lines
// and a final "%" line. Its limits: a line of at most 1 MB, 2^30
// variables, and clauses that fit in 4 GB (refused at the p line when
// it declares more), each an error wrapping layouts.ErrTooLarge.
//
// # Sizes and budgets
//
// Estimate gives the exact Size of the formula Puzzle would make
// (variables, clauses, literals, the DIMACS body's bytes, the memory of
// the clauses) without keeping any clause, so that a caller can refuse
// a puzzle above a budget before encoding it; Formula.Size measures an
// encoded one. PuzzleContext stops encoding when its context is done.
//
// # Solver answers
//
// ParseModel reads, line by line (blank lines and "c" comments skipped):
//
//	minisat result file   SAT, then the literals ending in 0; UNSAT; INDET
//	competition output    s SATISFIABLE / s UNSATISFIABLE / s UNKNOWN /
//	(cadical, kissat,     s INDETERMINATE, and "v" lines of literals
//	picosat, cryptominisat) ending in 0
//	a plain list          literals, blank-separated, optionally ending in 0
//
// One verdict at most, literals only with a SAT verdict (or none), no
// variable twice, nothing after the terminating 0. Lines end in LF, CRLF
// or CR. It streams word by word (a word is at most 64 bytes; comments
// are skipped unread), so memory is the model's whatever the input;
// Formula.ParseModel also stops at the first literal beyond the
// formula's variables. Formula.Satisfied checks a model against every
// clause and names the first false one (ClauseError, 1-based).
package encode

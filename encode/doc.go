// Package encode compiles a puzzle to CNF and reads solvers' answers
// back: variable numbering, clause generation, the at-most-one
// encodings, DIMACS writing and reading, model parsing, and Decode to a
// layouts.Grid. It never sees a solver.
//
// In the pipeline it sits between layouts and sat:
//
//	layouts.Puzzle ──Puzzle──▶ Formula ──WriteDIMACS──▶ any solver
//	layouts.Grid ◀──Decode── Model ◀──ParseModel── solver output
//
// Short names: c a cell index, d a digit 1..N, u a unit index, v a
// variable, lit a literal (v or -v), n the number of symbols, amo an
// at-most-one encoding.
//
// # Variables
//
// One variable per (cell, digit) that the givens leave open: a given
// cell has none, and an open cell has none for a digit that a given peer
// holds. They are numbered from 1 in cell order (the model's cells,
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
// "extended" encoding, which makes hard instances fast); and every digit
// at most once in every unit, full or partial. With the pairwise
// encoding the per-unit at-most-one clauses are the binary clauses of
// each pair of peers, each pair once, though a row and a box share
// cells. Givens that make the puzzle impossible (a digit given twice in
// a unit, an open cell with no digit left, a full unit where a missing
// digit has no place) give the empty clause: an unsatisfiable formula,
// not an error.
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
// # DIMACS
//
// WriteDIMACS writes comment lines before the "p cnf V C" line, so that
// a model can be decoded from the CNF file alone:
//
//	c gattai: sudoku on layout "classic", size 4, box 2x2: 16 cells, 12 units, 7 givens
//	c encoding pairwise
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
// ParseDIMACS needs the encoding, layout, givens and var lines before the
// p line, and the var lines numbered 1, 2, ... in order; it ignores other
// comments, and in the body accepts clauses spread over lines or several
// on a line, comment lines and a final "%" line.
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
// variable twice, nothing after the terminating 0.
package encode

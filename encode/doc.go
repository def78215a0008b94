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
// Options, is DefaultAMO(n): pairwise at every size. Measured with
// gophersat finding the grid (sat.Solve) and proving it unique (sat.Count
// with limit 2) on Norvig's hardest 9x9, two samurai, and minimal 16x16
// and 25x25 puzzles (BenchmarkEncodings in sat; the figures are in
// BENCHMARKS.md, made by scripts/bench-report), pairwise needs the
// fewest variables everywhere and the fewest clauses up to 16x16, and is
// the fastest or within noise of it on every set; only at 25x25 do
// sequential and commander save clauses (about 15%), and gophersat is
// still slower with them. The conflicts are exact (gophersat is
// deterministic); the times are noisy on a shared machine, so compare
// the rows of one run.
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
//	                selectors, as sandwich (kind_sum.go); a rule of
//	                either with more than maxRuleSets sets (a big grid's)
//	                is refused, layouts.ErrTooLarge
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
// The narrowing is what makes the rules cheap: counting each puzzle of
// testdata/variants to 2 with gophersat (BenchmarkVariants in sat), with
// it and without it (narrow set to nil in kinds.go), it cuts the
// conflicts by up to eight times on thermo and kropki and the time by
// up to three times; only killer, whose sum encoding narrows by itself,
// is about level (figures in BENCHMARKS.md).
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
// DefaultSum(): combinations. Measured with gophersat on 9x9 killers with
// cages of 2 to 5 cells, 9x9 killers with cages of 2 or 3 cells, and
// samurai killers (sat/testdata/killers and testdata/variants;
// BenchmarkKiller in sat, figures in BENCHMARKS.md), the combinations
// need a quarter to a third fewer variables and clauses and several
// times fewer conflicts: a set variable propagates at once what the
// counter learns one partial sum at a time. On 16x16 killers with cages
// of 4 to 9 cells (a one-off run) the combinations were still ahead;
// there, with more than 16 sets in a cage, the selectors' at-most-one is
// Sinz's counter rather than pairwise, which had up to 2.5 times the
// clauses and was slower.
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
// and a final "%" line. Both readers take UTF-16 text with its
// byte-order mark (Windows PowerShell 5 redirects output so) and drop
// a UTF-8 byte-order mark, as the puzzle readers do. Its limits: a
// line of at most 1 MB, 2^30 variables, and clauses that fit in 4 GB
// (refused at the p line when it declares more), each an error
// wrapping layouts.ErrTooLarge.
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
// variable twice, nothing after the terminating 0, and after a SAT
// verdict a model that ends in it (else the answer was cut short:
// layouts.ErrTruncated). Lines end in LF, CRLF
// or CR. It streams word by word (a word is at most 64 bytes; comments
// are skipped unread), so memory is the model's whatever the input;
// Formula.ParseModel also stops at the first literal beyond the
// formula's variables. Formula.Satisfied checks a model against every
// clause and names the first false one (ClauseError, 1-based).
package encode

// Package svg draws a board as an SVG picture: a layout alone, a puzzle,
// or a puzzle with its solution, on any layout (classic, Samurai, Sumo,
// jigsaw, a layout file with variant constraints). It sits at the end of
// the pipeline beside the text writers of layouts: it reads a
// layouts.Puzzle and an optional layouts.Grid, and imports only layouts.
//
// The picture is SVG 1.1 with a viewBox and no width or height unless
// Options.CellMM asks for them, so it scales to a page or a web page. It
// has no scripts, no external fonts (font-family sans-serif), no ids (so
// that several pictures can share an HTML page), and the same input
// always gives the same bytes. A cell is 40 user units; lines are paths
// of many segments, so a solved Sumo of 9x9 grids takes 33 KB (of 16x16
// grids 107 KB).
//
// # What is drawn
//
// Every cell is a white square with thin edges. Box borders are thick:
// an edge between two cells that no box holds both of (a jigsaw's pieces
// are the boxes of its grids), and the board's edge. On a board of several grids each grid's outline
// is thicker still, so that overlapping grids show. Givens are bold
// black; a solution's other digits are blue. Digits beyond 9 are letters
// (layouts.Symbol).
//
// Each kind of constraint is drawn the way setters draw it:
//
//	diagonal        a thin grey line across each diagonal of its grids
//	                that which asks for (positive /, negative \, or both)
//	region          its cells shaded light grey (a windoku's windows too);
//	                disjoint groups are a caption line
//	jigsaw          the pieces' borders thick, as boxes
//	killer          a dashed cage inset from the cell edges, its sum small
//	                in the corner of its top-left cell; of pieces, each
//	                letter's cage in each of its grids
//	thermo          a thick grey line from a round bulb
//	kropki          a white or black dot on the edge between two cells,
//	                bigger with the difference or ratio in it when that is
//	                not 1 or 2; a negative constraint adds a caption line
//	parity          a grey square in an even cell, a grey circle in an odd one
//	arrow           a circle over the circle's cell (a pill over two or
//	                three in a line, an outlined blob otherwise), and a
//	                thin grey line with an arrowhead along each arrow
//	xv              a bold X or V on a white disc on the edge between two
//	                cells; a negative constraint adds a caption line
//	littlekiller    the sum small outside the grid, off the corner of the
//	                diagonal's first cell, with a small arrow along it
//	sandwich, xsum, skyscraper
//	                the number outside the grid at the start of the row or
//	                column, and a caption line saying what it counts
//	whispers        a green line
//	renban          a purple line
//	palindrome      a grey line
//	entropic        an orange line
//	regionsum       a thinner blue line
//	between         a thin grey line with a hollow circle at each end
//	clone           both shapes shaded in one light colour, each clone of
//	                the board in the next of ten colours
//	quadruple       its digits, small, in a white circle on the junction
//	                of its cells (of fewer than four: on the grid's edge
//	                beside them)
//	minimum         in each cell a small chevron by each edge shared with
//	                a cell, pointing into it (it is less than each)
//	maximum         the same chevrons pointing out of the cell
//	antiknight, antiking, nonconsecutive
//	                a caption line under the board, naming the grid on
//	                a board of several grids
//
// Clues outside the grids give the board a margin a cell wide. On a board
// of several grids the start of a row may be another grid's cell: a
// sandwich, x-sum or skyscraper number then sits in bold on a white disc
// on the edge of the row's first cell, and a little killer that has no
// room outside is a caption line. Where several clues share a place (a
// row's and a column's between a Samurai's grids, a column's and little
// killers' above a grid), each number is small and shifted toward its
// own line, a little killer's toward its arrow, which moves into the
// corner; two of one line alone at their place sit side by side along
// it, and beside a third are caption lines. A clue given twice is
// written once.
//
// The extra regions of a layout (Layout.Regions) are shaded like region
// constraints. A constraint of a kind with no drawing, or without the
// fields its drawing needs (a line without cells), is a caption line
// "+ KIND rules, not drawn", so nothing is silently left out.
//
// # Adding a kind
//
// painters in kinds.go maps a kind's name to its drawing function. A
// function draws into the layers of the board (shade, lines, marks,
// clues, painted in that order between the cells, grid lines and digits)
// with the helpers, and x, y and centre for coordinates (the centre of
// a position outside the grids, row -1 say, is in the margin):
//
//	shadeCells    fill cells (regions, clones)
//	cellLine      a line through cell centres (thermo, whispers, renban)
//	bulb, ring    a filled or a hollow circle in a cell
//	pill          a circle, pill or blob over cells (an arrow's circle)
//	arrow         a thin line from a circle with an arrowhead (arrow sums)
//	edgeDot       a dot on the edge between two cells (kropki)
//	edgeText      a bold letter on that edge (XV)
//	edgeLabel     a small text on that edge (a kropki dot's value)
//	cornerDigits  up to 4 small digits in a circle on a corner (quadruple);
//	              cornerDigitsAt at any point
//	place         a clue outside the grids (sandwich, x-sum, skyscraper,
//	              little killer), written once all are known, where it
//	              is clear of the others at its place: outsideText (a
//	              number), diagonalClue (a sum and a small diagonal
//	              arrow), or sharedClue (small, beside the others)
//	note          a caption line; notDrawn the "not drawn" one
//
// A kind whose clues sit outside the grids sets outside in its entry,
// which gives the board a margin a cell wide.
//
// # Regenerating
//
// The goldens testdata/*.svg and the README's picture
// docs/samurai-solved.svg (the Samurai of testdata, solved) are rewritten
// by
//
//	go test ./svg/ -update
//
// and compared with the output otherwise; go generate ./svg/ rewrites
// the README's picture alone.
package svg

//go:generate go test -run TestDocs -update

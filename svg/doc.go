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
//	region          its cells shaded light grey (a windoku's windows too);
//	                disjoint groups are a caption line
//	jigsaw          the pieces' borders thick, as boxes
//	killer          a dashed cage inset from the cell edges, its sum small
//	                in the corner of its top-left cell
//	thermo          a thick grey line from a round bulb
//	kropki          a white or black dot on the edge between two cells; a
//	                negative constraint adds a caption line
//	parity          a grey square in an even cell, a grey circle in an odd one
//	antiknight, antiking, nonconsecutive
//	                a caption line under the board, naming the grid on
//	                a board of several grids
//
// Kinds that layouts does not have yet are drawn from their cells, in
// order, once it has them (without cells they are a caption line):
//
//	whispers        a green line
//	renban          a purple line
//	palindrome      a grey line
//	between         a thin grey line with a circle at each end
//	arrow           a circle in the first cell, a line from it with an
//	                arrowhead
//
// The extra regions of a layout (Layout.Regions) are shaded like region
// constraints. A constraint of a kind with no drawing is a caption line
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
//	arrow         a thin line from a circle with an arrowhead (arrow sums)
//	edgeDot       a dot on the edge between two cells (kropki)
//	edgeText      a bold letter on that edge (XV)
//	cornerDigits  up to 4 small digits in a circle on a corner (quadruple)
//	outsideText   a number outside the grid (sandwich, x-sum, skyscraper)
//	diagonalClue  a sum and a small diagonal arrow (little killer)
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

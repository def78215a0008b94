// Package web is gattai's local web page and JSON API, which gattai
// serve runs (through the program gattai-serve, cmd/gattai-serve):
// NewHandler serves an embedded page (plain HTML, CSS and JavaScript,
// nothing fetched from elsewhere) that draws any layout as a board of
// input cells, and the API below. Like cmd/gattai, a shell around the
// facade, it reads puzzles with layouts, fpuzzles and sudokupad, solves
// them with a gattai.Solver, answers report.Record (the objects gattai
// --to json writes) and draws with package svg. It reads no file on a
// request's behalf: a layout file comes in the body, never as a path.
// The one file a request may make is the CNF that the auto engine hands
// cadical, when that is on the PATH, for a hard puzzle of 16x16 or more:
// in a temporary folder only its user can open, removed when cadical
// ends or the request does.
//
// # Requests
//
// POST endpoints take one body, in either form:
//
//   - Content-Type text/plain (or none): the puzzle text itself, in any
//     format layouts reads (line, rows, POJ, Euler, canvas; several
//     puzzles in one body), or an f-puzzles or SudokuPad link, id or
//     JSON (links.Detect).
//
//   - Content-Type application/json: a Request object,
//
//     {"puzzle": "...", "layout": "samurai", "size": 9, "box": "3x3",
//     "layout_file": {...}, "format": "canvas", "givens": [0, 5, ...],
//     "limit": 2, "engine": "auto"}
//
//     where every field may be left out: puzzle is text as above;
//     layout, size and box name a built-in layout, layout_file is a
//     layout file (the JSON object, or a string holding it), and
//     without any the layout is detected; givens, instead of puzzle, is
//     a digit per cell in cell order (0 empty) on the layout named;
//     limit is the count's limit (1..MaxLimit, default 2); engine is
//     auto, backtrack or sat; difficulty (easy ... extreme), symmetry
//     (none, rotate180, rotate90, mirror, diagonal) and seed are
//     generate's. An f-puzzles or SudokuPad JSON sent as
//     application/json is read as a puzzle. Unknown fields are refused.
//
// # Endpoints
//
//	GET  /                    the page
//	GET  /api/layouts         the built-in layouts: [{name, about, grids, sizes}]
//	GET  /api/layouts/NAME    ?size=9&box=3x3: a Board (the page's geometry)
//	POST /api/board           the Board of the request's layout, with the
//	                          givens of its (first) puzzle
//	POST /api/solve           count each puzzle to 2: an Answer
//	POST /api/count           count each to limit: an Answer
//	POST /api/explain         why each has no solution, or where two differ: an Answer
//	POST /api/svg             the picture of one puzzle, image/svg+xml
//	POST /api/link            share links of one puzzle: {fpuzzles, sudokupad, errors}
//	POST /api/hint            the next logical step of one puzzle, proved
//	                          unique first: an Answer with step, step_cells
//	                          and nudge
//	POST /api/generate        a new unique puzzle on the request's layout
//	                          (difficulty, symmetry, seed): a Board with givens
//
// An Answer is {"records": [...], "digits": [...], "core_cells": [...],
// "svg": "<svg ...", "step": "...", "step_cells": [...], "nudge": "..."}: records holds a report.Record per puzzle, in
// order, with its input "puzzle:LINE", status (unique, multiple, none,
// found, error, timeout), solutions, limit_reached, solution (the first
// solution's text, in the input's format), engine, elapsed_ms, error,
// and for explain core (the givens "r1c1=5" or constraints that cannot
// all hold; status none with core when the puzzle has no solution,
// unique when it has one, multiple with ambiguous, "r1c1=4|7", the cells
// where two of its solutions differ). For a request of one puzzle,
// digits is the first solution's digits by cell (Board.Cells order),
// core_cells the cells of explain's givens, ambiguous_cells those where
// its two solutions differ, and svg the picture with the solution in
// blue. For hint, step is the step in words ("hidden single: r9c3 = 7
// (box 7)"), step_cells the cells it places or eliminates from, and
// nudge the technique and where to look only ("hidden single: look at
// box 7"); the record holds the step itself (steps).
//
// A Board is {name, size, box, height, width, symbols, cells: [[row,
// col], ...], borders (per cell, thick edges: 1 top, 2 right, 4 bottom,
// 8 left), units (cells that must differ), layout_file (to send back
// with givens, so a variant's constraints are kept), givens, rules}.
//
// Example:
//
//	curl -s -H 'Content-Type: text/plain' --data-binary @testdata/seeds/samurai-problem1.txt \
//	  http://127.0.0.1:8080/api/solve
//	{"records":[{"input":"puzzle:1","status":"unique","solutions":1,
//	  "limit_reached":false,"solution":"938152647   251897346\n...","engine":"backtrack",
//	  "elapsed_ms":0.03}],"digits":[9,3,8,...],"svg":"<svg ..."}
//
// # Errors and limits
//
// Errors are JSON, {"error": {"message": "...", "line": 3, "column": 5}}
// (line and column when the error has a position in the body or its
// puzzle): 400 bad input (a request that does not decode or gives a
// key twice, in any case, where JSON would keep the last; an unknown
// layout, a puzzle that does not parse, givens that do not fit), 403 a
// cross-origin POST (http.CrossOriginProtection: another site open in
// the browser cannot make the server solve) or a Host that is not
// loopback unless Options.AnyHost (against DNS rebinding), 404 an unknown endpoint or
// layout, 405 a wrong method (with Allow), 413 a body over MaxBody or
// more than MaxPuzzles puzzles, 415 a Content-Type other than
// text/plain and application/json, 503 when every slot stayed busy
// for the whole request time (or generate made no puzzle in it). A body of
// several puzzles where some do not parse answers 200 with an error
// record for each bad one; when none parses, 400 with the first error.
//
// Each POST request has Timeout (10 s by default) for everything,
// waiting for one of MaxSolves slots (GOMAXPROCS by default) included,
// and does all its work in the slot: reading its puzzles (a short link
// can take long to read), solving, the logical solver's hint, drawing
// and making links; a puzzle
// the time runs out on gets a timeout record (never an answer), and so
// does each puzzle after it. Every answer has Content-Security-Policy
// (self only), X-Content-Type-Options nosniff, X-Frame-Options DENY,
// no-referrer; API answers are not cached. NewServer adds timeouts for
// slow clients; gattai serve listens on 127.0.0.1:8080 and refuses an
// address that is not loopback (Loopback) without --public.
//
// # The page
//
// A picker of built-in layouts and sizes, or a pasted puzzle, link or
// layout file; the board is drawn from a Board as a CSS grid of inputs.
// Digits or letters fill a cell, arrows move, Backspace or Delete
// clears, repeated digits in a unit turn red. Solve, Count and Explain
// show the answer on the board (solved digits in blue, a contradiction's
// givens in yellow) with the status, count, engine and time; Download
// SVG saves the picture; Share links makes f-puzzles and SudokuPad links
// and copies one. The variant constraints of a layout are not drawn on
// the board, only named under it: the SVG draws them.
//
// # Tests
//
// go test ./web/ runs the API tests and, where Chromium is installed
// (/usr/bin/chromium or chromium on PATH), an end-to-end test that
// solves a Samurai in headless Chromium driven by chromedp; it skips
// without a browser unless GATTAI_REQUIRE_BROWSER=1. GATTAI_WEB_SCREENSHOT=1
// (or -update) rewrites docs/web.png, the README's screenshot.
package web

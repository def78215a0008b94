package web

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/http"
	"strconv"
	"time"

	"gattai"
	"gattai/fpuzzles"
	"gattai/generate"
	"gattai/layouts"
	"gattai/logic"
	"gattai/report"
	"gattai/sudokupad"
	"gattai/svg"
)

// Answer is what /api/solve, /api/count and /api/explain answer: a
// record per puzzle, as gattai's --to json writes them, and for a
// request of one puzzle the digits and picture of its answer.
type Answer struct {
	Records []report.Record `json:"records"`
	// Digits, for one puzzle with a solution: the first solution's
	// digits by cell (the cell order of Board.Cells).
	Digits []int `json:"digits,omitempty"`
	// CoreCells, for one puzzle explained: the cells of the givens
	// that cannot all hold.
	CoreCells []int `json:"core_cells,omitempty"`
	// AmbiguousCells, for one puzzle explained that has several
	// solutions: the cells where two of them differ.
	AmbiguousCells []int `json:"ambiguous_cells,omitempty"`
	// SVG, for one puzzle: its picture, with the solution in blue
	// when one was found (package svg).
	SVG string `json:"svg,omitempty"`
	// Step and StepCells, for /api/hint: the next logical step in words,
	// and the cells it places or eliminates from; Nudge, the step's
	// technique and where to look only (logic.Step.Nudge).
	Step      string `json:"step,omitempty"`
	StepCells []int  `json:"step_cells,omitempty"`
	Nudge     string `json:"nudge,omitempty"`
}

// LayoutInfo is one built-in layout in GET /api/layouts.
type LayoutInfo struct {
	Name  string `json:"name"`
	About string `json:"about"`
	Grids int    `json:"grids"`
	Sizes []int  `json:"sizes"` // the common sizes it takes
}

// Links is what /api/link answers: a share link per site, or why the
// site cannot hold the puzzle (f-puzzles holds a single grid).
type Links struct {
	FPuzzles  string            `json:"fpuzzles,omitempty"`
	SudokuPad string            `json:"sudokupad,omitempty"`
	Errors    map[string]string `json:"errors,omitempty"`
}

// commonSizes are the sizes the page offers.
var commonSizes = [...]int{4, 6, 8, 9, 12, 16, 25}

func (h *handler) layouts(w http.ResponseWriter, r *http.Request) {
	var out []LayoutInfo
	for _, in := range layouts.Builtins() {
		li := LayoutInfo{Name: in.Name, About: in.About, Grids: in.Grids}
		for _, n := range commonSizes {
			if l, err := layouts.Builtin(in.Name, n, layouts.Shape{}); err == nil && l.Validate() == nil {
				li.Sizes = append(li.Sizes, n)
			}
		}
		out = append(out, li)
	}
	writeJSON(w, http.StatusOK, out)
}

// layout answers a built-in layout's Board: ?size=N&box=RxC.
func (h *handler) layout(w http.ResponseWriter, r *http.Request) {
	q := &Request{Layout: r.PathValue("name"), Box: r.URL.Query().Get("box")}
	if s := r.URL.Query().Get("size"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil {
			writeError(w, badRequest("size %q is not a number", s))
			return
		}
		q.Size = n
	}
	m, err := q.model()
	if err != nil {
		var he *httpError
		if errors.As(err, &he) && errors.Is(err, layouts.ErrUnknownLayout) {
			he.status = http.StatusNotFound
		}
		writeError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, newBoard(m, nil))
}

// board answers the Board of the request's layout, with the givens of
// its puzzle when it has one (the first, if several).
func (h *handler) board(ctx context.Context, w http.ResponseWriter, q *Request) error {
	if q.Puzzle == "" && q.Givens == nil {
		m, err := q.model()
		if err != nil {
			return err
		}
		if m == nil {
			return badRequest("no puzzle and no layout")
		}
		writeJSON(w, http.StatusOK, newBoard(m, nil))
		return nil
	}
	items, err := q.puzzles(h.opts.MaxPuzzles)
	if err != nil {
		return err
	}
	for _, it := range items {
		if it.p != nil {
			writeJSON(w, http.StatusOK, newBoard(it.p.Model, it.p))
			return nil
		}
	}
	return fromParse(items[0].err)
}

func (h *handler) solve(ctx context.Context, w http.ResponseWriter, q *Request) error {
	return h.run(ctx, w, q, 2, false)
}

func (h *handler) count(ctx context.Context, w http.ResponseWriter, q *Request) error {
	limit := q.Limit
	switch {
	case limit == 0:
		limit = 2
	case limit < 1 || limit > h.opts.MaxLimit:
		return badRequest("limit %d is outside 1..%d", limit, h.opts.MaxLimit)
	}
	return h.run(ctx, w, q, limit, false)
}

func (h *handler) explain(ctx context.Context, w http.ResponseWriter, q *Request) error {
	return h.run(ctx, w, q, 1, true)
}

// run solves, counts or explains every puzzle of the request, within
// the request's time and a slot among MaxSolves.
func (h *handler) run(ctx context.Context, w http.ResponseWriter, q *Request, limit int, explain bool) error {
	opts := h.opts.Solver
	switch q.Engine {
	case "":
	case gattai.EngineAuto, gattai.EngineBacktrack, gattai.EngineSAT:
		opts.Engine = q.Engine
	default:
		return badRequest("engine %q: want auto, backtrack or sat", q.Engine)
	}
	items, err := q.puzzles(h.opts.MaxPuzzles)
	if err != nil {
		return err
	}
	s, err := gattai.New(opts)
	if err != nil {
		return err // the server's options: a 500
	}

	ans := Answer{Records: make([]report.Record, 0, len(items))}
	one := len(items) == 1
	for _, it := range items {
		if it.err != nil {
			ans.Records = append(ans.Records, report.New(inputName, it.line, nil, gattai.Result{}, it.err, false))
			continue
		}
		if err := ctx.Err(); err != nil {
			ans.Records = append(ans.Records, report.Stopped(inputName, it.line, errors.Is(err, context.DeadlineExceeded)))
			continue
		}
		var r gattai.Result
		var x gattai.Explanation
		if explain {
			start := time.Now()
			x, err = s.Explain(ctx, it.p, nil)
			r = gattai.Result{Count: x.Count(), Limit: 2, Engine: s.Options().Engine, Elapsed: time.Since(start)}
		} else {
			r, err = s.Count(ctx, it.p, limit)
		}
		rec := report.New(inputName, it.line, it.p, r, err, !explain)
		if err == nil && explain {
			rec.Explain(it.p, x)
			if one {
				ans.CoreCells, ans.AmbiguousCells = x.Givens, x.Ambiguous
			}
		}
		ans.Records = append(ans.Records, rec)
		if one {
			var g *layouts.Grid
			if err == nil && r.Count > 0 && !explain {
				g = &r.Grid
				ans.Digits = make([]int, len(r.Grid.Digits))
				for c, d := range r.Grid.Digits {
					ans.Digits[c] = int(d)
				}
			}
			var b bytes.Buffer
			if svg.Write(&b, it.p, g, svg.Options{}) == nil {
				ans.SVG = b.String()
			}
		}
	}
	writeJSON(w, http.StatusOK, ans)
	return nil
}

// svg answers the picture of the request's puzzle (no solving).
func (h *handler) svg(ctx context.Context, w http.ResponseWriter, q *Request) error {
	p, err := q.one()
	if err != nil {
		return err
	}
	var b bytes.Buffer
	if err := svg.Write(&b, p, nil, svg.Options{}); err != nil {
		return err
	}
	w.Header().Set("Content-Type", "image/svg+xml")
	w.Header().Set("Content-Disposition", `inline; filename="puzzle.svg"`)
	w.Write(b.Bytes())
	return nil
}

// link answers the share links of the request's puzzle.
func (h *handler) link(ctx context.Context, w http.ResponseWriter, q *Request) error {
	p, err := q.one()
	if err != nil {
		return err
	}
	var out Links
	fail := func(site string, err error) {
		if out.Errors == nil {
			out.Errors = map[string]string{}
		}
		out.Errors[site] = err.Error()
	}
	if s, err := fpuzzles.Link(p, fpuzzles.WriteOptions{}); err != nil {
		fail("fpuzzles", err)
	} else {
		out.FPuzzles = s
	}
	if s, err := sudokupad.Link(p, sudokupad.WriteOptions{}); err != nil {
		fail("sudokupad", err)
	} else {
		out.SudokuPad = s
	}
	if out.FPuzzles == "" && out.SudokuPad == "" {
		return badRequest("no site holds this puzzle: %s", out.Errors["sudokupad"])
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}

// within runs an endpoint's work (reading the puzzles, solving,
// drawing) in one of the MaxSolves slots and within the request's
// time: a link that takes long to read counts against them as a solve
// does. A request that finds no slot free in its time is answered 503.
func (h *handler) within(ctx context.Context, do func(context.Context) error) error {
	ctx, cancel := context.WithTimeout(ctx, h.opts.Timeout)
	defer cancel()
	select {
	case h.sem <- struct{}{}:
		defer func() { <-h.sem }()
	case <-ctx.Done():
		return &httpError{status: http.StatusServiceUnavailable, msg: fmt.Sprintf("busy: %d requests running; try again", cap(h.sem))}
	}
	return do(ctx)
}

// hint answers the next logical step of the request's puzzle, once the
// engines have proved it has exactly one solution.
func (h *handler) hint(ctx context.Context, w http.ResponseWriter, q *Request) error {
	p, err := q.one()
	if err != nil {
		return err
	}
	s, err := gattai.New(h.opts.Solver)
	if err != nil {
		return err
	}
	r, err := s.Count(ctx, p, 2)
	rec := report.New(inputName, 1, p, r, err, false)
	ans := Answer{Records: []report.Record{rec}}
	if err != nil || r.Count != 1 {
		writeJSON(w, http.StatusOK, ans)
		return nil
	}
	st, err := h.step(ctx, p) // p is proved unique above
	switch {
	case ctx.Err() != nil:
		ans.Records[0] = report.Stopped(inputName, 1, errors.Is(ctx.Err(), context.DeadlineExceeded))
	case errors.Is(err, logic.ErrSolved):
		ans.Step = "solved already"
	case err != nil:
		ans.Records[0] = report.New(inputName, 1, p, r, err, false)
	default:
		ans.Records[0].Steps = []logic.Step{st}
		ans.Step, ans.Nudge = st.String(), st.Nudge()
		for _, mv := range append(st.Placements, st.Eliminations...) {
			if c, ok := p.Model.Cell(mv.Cell); ok {
				ans.StepCells = append(ans.StepCells, c)
			}
		}
	}
	writeJSON(w, http.StatusOK, ans)
	return nil
}

// hintStep is the next logical step of p, which has one solution.
func hintStep(ctx context.Context, p *layouts.Puzzle) (logic.Step, error) {
	return logic.NewWith(p.Model, logic.Options{Unique: true}).Hint(ctx, p)
}

// generate answers the board of a new puzzle with exactly one solution,
// minimal, on the request's layout (classic 9x9 when it names none).
func (h *handler) generate(ctx context.Context, w http.ResponseWriter, q *Request) error {
	if q.Puzzle != "" || q.Givens != nil {
		return badRequest("generate takes a layout, not a puzzle")
	}
	if q.Layout == "" && q.LayoutFile == nil && q.Size == 0 {
		q.Layout = "classic"
	}
	m, err := q.model()
	if err != nil {
		return err
	}
	opts := generate.Options{Seed: q.Seed}
	if opts.Seed == 0 {
		opts.Seed = rand.Uint64()
	}
	if opts.Symmetry, err = generate.ParseSymmetry(q.Symmetry); err != nil {
		return badRequest("%v", err)
	}
	if q.Difficulty != "" {
		level, err := logic.ParseLevel(q.Difficulty)
		if err != nil {
			return badRequest("difficulty %q: want easy, medium, hard, expert or extreme", q.Difficulty)
		}
		opts.Rating, opts.Rate = generate.LevelRange(level), generate.RateLogic
	}
	var made *layouts.Puzzle
	counters, err := generate.Solvers(h.opts.Solver)
	if err != nil {
		return err // the server's options: a 500
	}
	err = generate.Generate(ctx, m, opts, counters, func(p generate.Puzzle) error {
		made = p.Puzzle
		return nil
	})
	switch {
	case ctx.Err() != nil:
		return &httpError{status: http.StatusServiceUnavailable, msg: "no puzzle made in time; try a smaller layout or no difficulty"}
	case err != nil:
		return badRequest("%v", err)
	}
	writeJSON(w, http.StatusOK, newBoard(made.Model, made))
	return nil
}

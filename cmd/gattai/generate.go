package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"time"

	"gattai"
	"gattai/fpuzzles"
	"gattai/generate"
	"gattai/layouts"
	"gattai/logic"
	"gattai/report"
)

type generateCmd struct {
	layoutFlags `embed:"" set:"layout_default=classic"`
	engineFlags `kong:"set='timeout_left=the puzzles made by then are printed, never one half made (-o is written only when the run completes)',set='jobs_done=made'"`
	outputFlags
	toFlags    `set:"to_auto=is line for one grid and canvas for several, or with --kinds a link (f-puzzles for one grid, else SudokuPad)"`
	Count      int    `short:"n" default:"1" help:"Puzzles to make."`
	Seed       string `help:"Random seed (a number): the same flags and seed give the same puzzles, whatever --jobs is, from the same version of gattai. Default: a random one, printed first as a comment (on standard error with json, links, svg, poj and euler, which hold no comments)."`
	Symmetry   string `default:"none" enum:"none,rotate180,rotate90,mirror,diagonal" help:"Symmetry of the givens on the canvas: ${enum}."`
	Kinds      string `help:"Constraint kinds to add, comma-separated: ${gen_kinds}." placeholder:"KIND,..." predictor:"kinds"`
	Difficulty string `enum:",easy,medium,hard,expert,extreme" default:"" help:"Only puzzles of this label (see gattai rate)."`
	Rating     string `help:"Only puzzles whose score lies in MIN-MAX (see gattai rate), e.g. 2.5-4." placeholder:"MIN-MAX"`
	MinGivens  int    `help:"Stop removing givens at this many, or sooner where removals turn hard (big grids): unique, but not minimal."`
	NoMinimal  bool   `help:"Keep more givens: stop removing at a third of the cells (unique, not minimal)."`
	Tries      int    `help:"Attempts at each puzzle before giving up (a rating out of range, a rule no grid fills); 0 is 100, or 1000 with --difficulty or --rating."`

	// orSudokuPad: --to auto chose f-puzzles links, and a puzzle with a
	// rule that f-puzzles cannot carry goes as a SudokuPad link instead.
	orSudokuPad bool
}

func (c *generateCmd) Run(e *env) error {
	bad := func(format string, args ...any) error { return &exitError{exitBadInput, fmt.Sprintf(format, args...)} }
	if c.Count < 1 {
		return bad("--count %d: must be at least 1", c.Count)
	}
	if c.Layout == "" && c.LayoutFile == "" && c.Size == 0 && c.Box == "" {
		c.Layout = "classic"
	}
	m, err := c.model()
	if err != nil {
		return bad("%v", err)
	}
	if c.Tries < 0 {
		return bad("--tries %d: must not be negative (0 is the default)", c.Tries)
	}
	if c.MinGivens < 0 {
		return bad("--min-givens %d: must not be negative (0 is the default: minimal)", c.MinGivens)
	}
	if c.MinGivens >= len(m.Cells) { // a full grid: no puzzle
		return bad("--min-givens %d: must be below the layout's %d cells", c.MinGivens, len(m.Cells))
	}
	opts := generate.Options{Count: c.Count, Jobs: c.jobs(), MinGivens: c.MinGivens, Tries: c.Tries}
	if c.NoMinimal && opts.MinGivens == 0 {
		opts.MinGivens = len(m.Cells) / 3
	}
	if opts.Symmetry, err = generate.ParseSymmetry(c.Symmetry); err != nil {
		return bad("%v", err)
	}
	if c.Kinds != "" {
		opts.Kinds = strings.Split(c.Kinds, ",")
		kinds := generate.Kinds()
		for i, k := range opts.Kinds {
			at := slices.IndexFunc(kinds, func(g generate.KindInfo) bool { return g.Name == k })
			if at < 0 {
				return bad("--kinds: unknown kind %q (want some of %s)", k, genKinds())
			}
			if slices.Contains(opts.Kinds[:i], k) {
				return bad("--kinds: %s given twice", k)
			}
			if (c.Difficulty != "" || c.Rating != "") && !rated(kinds[at].Layout) {
				return bad("--kinds %s: its rule cannot be rated yet, so --difficulty and --rating cannot choose its puzzles", k)
			}
		}
	}
	if c.Seed == "" {
		// The runtime's random source, seeded by the system at start:
		// a seed only needs to differ from run to run. Below 2^53, so
		// that a JSON record's seed reads back exactly where numbers
		// are doubles (jq, JavaScript), to make the puzzles again.
		opts.Seed = rand.Uint64N(1 << 53)
	} else if opts.Seed, err = strconv.ParseUint(c.Seed, 10, 64); err != nil {
		return bad("--seed %q: want a whole number from 0 to %d", c.Seed, uint64(math.MaxUint64))
	}
	switch {
	case c.Difficulty != "" && c.Rating != "":
		return bad("--difficulty and --rating exclude each other")
	case c.Difficulty != "":
		level, err := logic.ParseLevel(c.Difficulty)
		if err != nil {
			return bad("--difficulty: %v", err)
		}
		opts.Rating, opts.Rate = generate.LevelRange(level), generate.RateLogic
	case c.Rating != "":
		lo, hi, ok := strings.Cut(c.Rating, "-")
		var err1, err2 error
		opts.Rating.Min, err1 = strconv.ParseFloat(lo, 64)
		opts.Rating.Max, err2 = strconv.ParseFloat(hi, 64)
		if !ok || err1 != nil || err2 != nil || opts.Rating.Max < opts.Rating.Min ||
			math.IsNaN(opts.Rating.Min) || math.IsNaN(opts.Rating.Max) {
			return bad("--rating %q: want MIN-MAX, e.g. 2.5-4", c.Rating)
		}
		if opts.Rating.Max <= 0 { // generate.Range reads a zero Max as no bound
			return bad("--rating %q: MAX must be above 0 (a full house, the lightest step, weighs 1.0)", c.Rating)
		}
		opts.Rate = generate.RateLogic
	}
	if len(opts.Kinds) > 0 && !c.json() && !c.link() && !c.svg() {
		// A text format has no room for the rules: links carry them.
		if c.To != "auto" {
			return bad("--to %s would lose the rules of --kinds: use json, fpuzzles, sudokupad or svg", c.To)
		}
		c.To = "sudokupad"
		if len(m.Layout.Grids) == 1 {
			c.To, c.orSudokuPad = "fpuzzles", true
		}
	}
	// A format that cannot hold the layout is said now, not after the
	// first puzzle, which may take minutes.
	probe := layouts.NewPuzzle(m)
	probe.Source.Format = layouts.FormatCanvas
	switch {
	case c.link() && !c.orSudokuPad:
		err = c.writeLink(io.Discard, probe, nil)
	case !c.link() && !c.json() && !c.svg():
		err = layouts.WritePuzzle(io.Discard, c.textFormat(probe))
	}
	if err != nil {
		return bad("--to %s: %v", c.To, err)
	}
	sopts, err := c.engineFlags.options()
	if err != nil {
		return bad("%v", err)
	}

	ctx := e.ctx
	if c.Timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, c.Timeout)
		defer cancel()
	}
	pics := &files{e: e, name: c.Output, ext: ".svg"}
	out := &c.outputFlags
	if c.svg() {
		if err := pics.hold(c.Count); err != nil {
			return err // now, not after the puzzles are made
		}
		out = &outputFlags{}
	}
	o, err := out.create(ctx, e)
	if err != nil {
		return err
	}
	defer o.abort()
	e.quietOn(o)
	defer pics.abort()
	w := bufio.NewWriter(o)
	if c.Seed == "" && !c.json() && !c.link() && !c.svg() && c.To != "poj" && c.To != "euler" {
		fmt.Fprintf(w, "# seed %d\n", opts.Seed)
	} else if c.Seed == "" {
		fmt.Fprintf(e.stderr, "gattai: seed %d\n", opts.Seed)
	}
	prog := newProgress(e, "making", int64(c.Count))
	start := time.Now()
	made := 0
	counters, err := generate.Solvers(sopts)
	if err != nil {
		return bad("%v", err)
	}
	var buf bytes.Buffer // a puzzle, whole: its errors are not the output's
	err = generate.Generate(ctx, m, opts, counters, func(p generate.Puzzle) error {
		made++
		prog.update(made, int64(made))
		buf.Reset()
		if err := c.emit(ctx, &buf, pics, p, opts.Seed); err != nil {
			return err
		}
		if _, err := w.Write(buf.Bytes()); err != nil {
			return o.named(err)
		}
		if err := w.Flush(); err != nil { // each puzzle as it is made
			return o.named(err)
		}
		return nil
	})
	prog.finish()
	if ferr := w.Flush(); err == nil && ferr != nil {
		err = o.named(ferr)
	}
	if c.Stats {
		el := time.Since(start)
		fmt.Fprintf(e.stderr, "puzzles %d  elapsed %v  %s puzzles/s\n", made, el.Round(time.Microsecond), formatRate(float64(made)/el.Seconds()))
	}
	var xe *exitError
	switch {
	case ctx.Err() != nil && e.ctx.Err() != nil:
		return &exitError{exitTimeout, fmt.Sprintf("interrupted with %s made", puzzles(made))}
	case ctx.Err() != nil:
		msg := fmt.Sprintf("timed out after %v with %s made", c.Timeout, puzzles(made))
		if made == 0 && opts.MinGivens == 0 {
			// The last removals of a minimal puzzle are the hardest counts.
			msg += " (a minimal puzzle's last removals can take long here: --no-minimal or --min-givens N stops sooner)"
		}
		return &exitError{exitTimeout, msg}
	case errors.As(err, &xe):
		return xe
	case errors.Is(err, generate.ErrCounter) || errors.Is(err, gattai.ErrEngine):
		return &exitError{exitInternal, err.Error()}
	case errors.Is(err, generate.ErrNoPuzzle) && opts.Rate != nil:
		return bad("%v: puzzles of that rating are rare on this layout; widen --rating or raise --tries", err)
	case err != nil:
		return bad("%v", err)
	}
	if err := o.commit(); err != nil {
		return err
	}
	return pics.close()
}

// emit writes one made puzzle in the --to format.
// rated reports whether gattai rate rates puzzles with constraints of
// the layouts kind: units only, or rules that logic has a technique for.
func rated(kind string) bool {
	all := layouts.Kinds()
	i := slices.IndexFunc(all, func(l layouts.Kind) bool { return l.Name == kind })
	return i < 0 || !all[i].Rules || logic.RatesRule(kind)
}

func (c *generateCmd) emit(ctx context.Context, w *bytes.Buffer, pics *files, p generate.Puzzle, seed uint64) error {
	where := fmt.Sprintf("seed %d #%d", seed, p.Index+1)
	q := p.Puzzle
	q.Source.Format = layouts.FormatCanvas // the layout's own: line for one grid
	if len(q.Model.Layout.Grids) == 1 && q.Model.N <= layouts.MaxLetterSymbols {
		q.Source.Format = layouts.FormatLine
	}
	switch {
	case c.json():
		rec := report.Record{Input: where, Status: report.Unique, Seed: &seed}
		if err := rec.SetPuzzle(q); err != nil {
			return err
		}
		var b strings.Builder
		layouts.WriteGrid(&b, q, p.Solution)
		rec.Solution = b.String()
		if c.Difficulty != "" || c.Rating != "" {
			r, err := unique(q).Rate(ctx, q)
			if err != nil {
				return err
			}
			rec.Rating = &r
		}
		return report.Write(w, rec)
	case c.link():
		// A SudokuPad link holds the solution in its metadata, to check
		// the solver's answer; an f-puzzles link would open solved.
		var g *layouts.Grid
		if c.To == "sudokupad" {
			g = &p.Solution
		}
		err := c.writeLink(w, q, g)
		if c.orSudokuPad && errors.Is(err, fpuzzles.ErrUnsupported) {
			err = (&toFlags{To: "sudokupad"}).writeLink(w, q, &p.Solution)
		}
		return err
	case c.svg():
		return writeSVG(pics, where, q, nil)
	}
	if p.Index > 0 {
		w.WriteString(c.textFormat(q).Source.Format.Separator())
	}
	return layouts.WritePuzzle(w, c.textFormatAt(q, p.Index+1))
}

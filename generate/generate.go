package generate

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"

	"gattai/layouts"
	"gattai/logic"
)

// Options say what to make. The zero value makes one minimal puzzle of
// seed 0 with no symmetry on one worker.
type Options struct {
	Count int    // puzzles to make; 0 means 1
	Seed  uint64 // puzzle i comes from (Seed, i) alone

	Symmetry Symmetry // of the givens on the canvas

	// MinGivens stops the removal of givens once at most this many are
	// left (an orbit of a symmetry may take it a few below), or sooner
	// once the removals' counts have spent a budget of search nodes
	// (see Reduce): the puzzle is then unique but not necessarily
	// minimal. 0, the default, makes minimal puzzles. A minimal 25x25
	// takes minutes, its last removals hard counts; with MinGivens a
	// third of its cells, about a second.
	MinGivens int

	// Kinds are the constraint kinds to add (see Kinds): rule kinds
	// constrain the grid before it is filled, clue kinds are read off
	// it. Each puzzle then has a layout of its own.
	Kinds []string

	// Rate, if set, rates each puzzle; one outside Rating is made again
	// from the same random stream, up to Tries times. The workers call
	// it at once: it must be safe for concurrent use (RateLogic, which
	// makes a solver per call, is; one logic.Solver is not).
	Rate   func(ctx context.Context, p *layouts.Puzzle) (float64, error)
	Rating Range

	// Tries bounds the attempts at one puzzle (a rating out of range, a
	// jigsaw cut that no grid fills); 0 means 100, or RatedTries when
	// Rate is set.
	Tries int

	Jobs int // workers; 0 means 1. The output does not depend on it.
}

// RateLogic is a Rate for Options: the score of gattai rate, the
// logical solver's with its uniqueness techniques (a made puzzle is
// proved unique before it is rated).
func RateLogic(ctx context.Context, p *layouts.Puzzle) (float64, error) {
	r, err := logic.NewWith(p.Model, logic.Options{Unique: true}).Rate(ctx, p)
	return r.Score, err
}

// LevelRange is the Rating for Options, with Rate RateLogic, that keeps
// the puzzles of one logic level.
func LevelRange(l logic.Level) Range {
	lo, hi := l.Scores()
	return Range{Min: lo, Max: hi}
}

// Range is a closed interval of ratings; a zero Max means no upper bound.
type Range struct{ Min, Max float64 }

func (r Range) holds(x float64) bool {
	return x >= r.Min && (r.Max == 0 || x <= r.Max)
}

// Puzzle is a made puzzle: givens on its model, whose Layout carries the
// constraints of Options.Kinds (a copy of the input layout with them),
// with exactly one solution.
type Puzzle struct {
	*layouts.Puzzle
	Index    int          // 0-based, in the order of Generate's output
	Solution layouts.Grid // the one solution
	Rating   float64      // from Options.Rate, if set
}

// RatedTries is the attempts at one puzzle when Options.Rate is set and
// Tries is 0. Narrow ratings are rare: of 1000 minimal 9x9 puzzles, 36
// rate extreme, so a hundred tries missed one puzzle in forty, and most
// runs of a hundred extreme puzzles failed; a thousand miss one in 10^16.
const RatedTries = 1000

// Errors that Generate wraps.
var (
	ErrKind     = errors.New("bad kind")
	ErrOptions  = errors.New("bad generate options")
	ErrNoPuzzle = errors.New("no puzzle within the tries")
	// ErrCounter is an internal failure: the counter's answers
	// contradict each other, or it panicked.
	ErrCounter = errors.New("counter is inconsistent")
)

// Generate makes opts.Count puzzles of m, each with exactly one solution
// (proved by a count to 2 with a counter from newCounter), and calls
// emit with each in index order, on the caller's goroutine. Puzzle i
// depends on opts, i and the counter's answers (backtrack's are
// deterministic), not on Jobs: its random stream is PCG(Seed, i).
// newCounter is called once per worker, and once per puzzle whose
// kinds give it a model of its own. Generate stops at the first error,
// from emit or a worker, or when ctx is done (returning ctx.Err()); it
// never emits a puzzle that was cut short, and it returns only once its
// workers have stopped.
func Generate(ctx context.Context, m *layouts.Model, opts Options, newCounter func(*layouts.Model) Counter, emit func(Puzzle) error) error {
	plan, err := newPlan(m, opts, newCounter)
	if err != nil {
		return err
	}
	count := max(opts.Count, 1)
	jobs := min(max(opts.Jobs, 1), count)

	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	type result struct {
		p   Puzzle
		err error
	}
	type job struct {
		i   int
		out chan result
	}
	work := make(chan job)
	// order holds the result slots in index order; its capacity bounds
	// how far the workers run ahead of emit.
	order := make(chan chan result, 2*jobs)
	go func() {
		defer close(order)
		defer close(work)
		for i := range count {
			out := make(chan result, 1)
			select {
			case order <- out:
			case <-ctx.Done():
				return
			}
			select {
			case work <- job{i, out}:
			case <-ctx.Done():
				return
			}
		}
	}()
	var wg sync.WaitGroup
	for range jobs {
		wg.Go(func() {
			mk := plan.maker()
			for j := range work {
				p, err := mk.safeMake(ctx, j.i)
				j.out <- result{p, err}
			}
		})
	}
	defer wg.Wait()
	defer cancel() // before Wait: the workers stop early

	for out := range order {
		var r result
		select {
		case r = <-out:
		case <-ctx.Done():
			return ctx.Err()
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		if r.err != nil {
			return r.err
		}
		if err := emit(r.p); err != nil {
			return err
		}
	}
	return ctx.Err()
}

// plan is what every worker shares, read only.
type plan struct {
	m          *layouts.Model
	opts       Options
	newCounter func(*layouts.Model) Counter
	kinds      []drawer
	orbits     [][]int
}

func newPlan(m *layouts.Model, opts Options, newCounter func(*layouts.Model) Counter) (*plan, error) {
	if opts.Count < 0 || opts.Jobs < 0 || opts.MinGivens < 0 || opts.Tries < 0 {
		return nil, fmt.Errorf("%w: count, jobs, min givens and tries must not be negative", ErrOptions)
	}
	if opts.Rating != (Range{}) && opts.Rate == nil {
		return nil, fmt.Errorf("%w: a rating range needs a rater", ErrOptions)
	}
	if math.IsNaN(opts.Rating.Min) || math.IsNaN(opts.Rating.Max) || opts.Rating.Max != 0 && opts.Rating.Max < opts.Rating.Min {
		return nil, fmt.Errorf("%w: rating range %g..%g is empty", ErrOptions, opts.Rating.Min, opts.Rating.Max)
	}
	kinds, err := kindsOf(opts.Kinds)
	if err != nil {
		return nil, err
	}
	orbits, err := Orbits(m, opts.Symmetry)
	if err != nil {
		return nil, err
	}
	for _, k := range kinds {
		if k.fits != nil {
			if err := k.fits(m); err != nil {
				return nil, err
			}
		}
		if k.before == nil {
			continue
		}
		// A rule kind that cannot apply to m says so now, not per puzzle.
		cs, err := k.before(m, rand.New(rand.NewPCG(0, 0)))
		if err != nil {
			return nil, err
		}
		if _, err := withConstraints(m.Layout, cs); err != nil {
			return nil, fmt.Errorf("%w: %s on this layout: %w", ErrKind, k.name, err)
		}
	}
	return &plan{m: m, opts: opts, newCounter: newCounter, kinds: kinds, orbits: orbits}, nil
}

// withConstraints compiles a copy of l with cs added.
func withConstraints(l *layouts.Layout, cs []layouts.Constraint) (*layouts.Model, error) {
	c := *l
	c.Constraints = append(slices.Clone(l.Constraints), cs...)
	return layouts.Compile(&c)
}

// maker makes puzzles on one goroutine: it owns a counter for the plan's
// model and the reducer's scratch space.
type maker struct {
	*plan
	counter Counter
}

func (p *plan) maker() *maker {
	return &maker{plan: p, counter: p.newCounter(p.m)}
}

// safeMake is make with a panic (a counter's bug) turned into an error
// wrapping ErrCounter: a worker's panic would end the caller's program,
// which has no way to recover it.
func (mk *maker) safeMake(ctx context.Context, i int) (p Puzzle, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("puzzle %d: %w: panic: %v", i+1, ErrCounter, r)
		}
	}()
	return mk.make(ctx, i)
}

// make makes puzzle i.
func (mk *maker) make(ctx context.Context, i int) (Puzzle, error) {
	rng := rand.New(rand.NewPCG(mk.opts.Seed, uint64(i)))
	tries := mk.opts.Tries
	switch {
	case tries > 0:
	case mk.opts.Rate != nil:
		tries = RatedTries
	default:
		tries = 100
	}
	for range tries {
		p, ok, err := mk.try(ctx, rng)
		if err != nil {
			return Puzzle{}, fmt.Errorf("puzzle %d: %w", i+1, err)
		}
		if ok {
			p.Index = i
			return p, nil
		}
	}
	return Puzzle{}, fmt.Errorf("puzzle %d: %w (%d)", i+1, ErrNoPuzzle, tries)
}

// try makes one attempt at a puzzle; false means try again (no grid
// fills the drawn rules, or the rating is out of range).
func (mk *maker) try(ctx context.Context, rng *rand.Rand) (Puzzle, bool, error) {
	m, c := mk.m, mk.counter
	var before, after []layouts.Constraint
	for _, k := range mk.kinds {
		if k.before != nil {
			cs, err := k.before(m, rng)
			if err != nil {
				return Puzzle{}, false, err
			}
			before = append(before, cs...)
		}
	}
	if before != nil {
		var err error
		if m, err = withConstraints(m.Layout, before); err != nil {
			return Puzzle{}, false, err
		}
		c = mk.newCounter(m)
	}
	sol, err := Fill(ctx, m, c, rng)
	if errors.Is(err, ErrNoGrid) && slices.ContainsFunc(mk.kinds, func(k drawer) bool { return k.random }) {
		return Puzzle{}, false, nil // another jigsaw cut may fill
	}
	if errors.Is(err, ErrNoGrid) && before != nil {
		names := make([]string, 0, len(mk.kinds))
		for _, k := range mk.kinds {
			if k.before != nil {
				names = append(names, k.name)
			}
		}
		return Puzzle{}, false, fmt.Errorf("%w with %s: no digits fill it under those rules", err, strings.Join(names, ", "))
	}
	if err != nil {
		return Puzzle{}, false, err
	}
	for _, k := range mk.kinds {
		if k.after != nil {
			cs := k.after(m, sol.Digits, rng)
			if len(cs) == 0 {
				return Puzzle{}, false, nil // none fit this grid: another may
			}
			after = append(after, cs...)
		}
	}
	if after != nil {
		if m, err = withConstraints(m.Layout, after); err != nil {
			return Puzzle{}, false, err
		}
		c = mk.newCounter(m)
		sol = layouts.Grid{Model: m, Digits: sol.Digits}
	}
	p := &layouts.Puzzle{Model: m, Givens: slices.Clone(sol.Digits)}
	r := reducer{m: m, full: ^uint64(0) >> (64 - m.N)}
	if err := r.reduce(ctx, c, p, mk.orbits, rng, mk.opts.MinGivens); err != nil {
		return Puzzle{}, false, err
	}
	// The proof, whatever shortcuts the removals took: one count to 2.
	k, g, err := c.Count(ctx, p, 2)
	if err != nil {
		return Puzzle{}, false, err
	}
	if k != 1 || !slices.Equal(g.Digits, sol.Digits) {
		return Puzzle{}, false, fmt.Errorf("%w: the made puzzle has %d solutions by the counter's final count", ErrCounter, k)
	}
	out := Puzzle{Puzzle: p, Solution: sol}
	if mk.opts.Rate != nil {
		if out.Rating, err = mk.opts.Rate(ctx, p); err != nil {
			return Puzzle{}, false, fmt.Errorf("rating: %w", err)
		}
		if !mk.opts.Rating.holds(out.Rating) {
			return Puzzle{}, false, nil
		}
	}
	return out, true, nil
}

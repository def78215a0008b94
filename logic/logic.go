package logic

import (
	"context"
	"errors"
	"fmt"
	"math"

	"gattai/layouts"
)

// ErrNoSolution is returned when the givens conflict, or the techniques
// reach a contradiction: the puzzle has no solution.
var ErrNoSolution = errors.New("no solution")

// ErrSolved is returned by Hint for a puzzle with no empty cell.
var ErrSolved = errors.New("puzzle is solved")

// Level is a rating's label.
type Level uint8

const (
	Easy    Level = iota // singles only: score up to 2.3
	Medium               // up to hidden triples: score up to 4.0
	Hard                 // wings, unique rectangles, quads, jellyfish: up to 5.4
	Expert               // BUG+1, finned fish, w-wings, chains: below 8.5
	Extreme              // trials, or search beyond them
)

func (l Level) String() string {
	return [...]string{"easy", "medium", "hard", "expert", "extreme"}[l]
}

func (l Level) MarshalText() ([]byte, error) { return []byte(l.String()), nil }

// ParseLevel is the Level named s (easy, medium, hard, expert or extreme).
func ParseLevel(s string) (Level, error) {
	for l := Easy; l <= Extreme; l++ {
		if l.String() == s {
			return l, nil
		}
	}
	return 0, fmt.Errorf("level %q: want easy, medium, hard, expert or extreme", s)
}

// Scores is the closed range of the scores LevelOf labels l; hi is +Inf
// for Extreme.
func (l Level) Scores() (lo, hi float64) {
	bounds := [...]float64{0, 2.3, 4.0, 5.4, 8.5, math.Inf(1)}
	lo, hi = bounds[l], bounds[l+1]
	switch l {
	case Medium, Hard, Expert: // above the last level's top, inclusive
		lo = math.Nextafter(lo, hi)
	}
	if l == Expert { // below 8.5, which is Extreme
		hi = math.Nextafter(hi, lo)
	}
	return lo, hi
}

// LevelOf is the label of a score.
func LevelOf(score float64) Level {
	switch {
	case score <= 2.3:
		return Easy
	case score <= 4.0:
		return Medium
	case score <= 5.4:
		return Hard
	case score < 8.5:
		return Expert
	}
	return Extreme
}

// Rating is how hard a puzzle is for a human who uses the techniques.
type Rating struct {
	Score   float64 `json:"score"`   // the greatest step weight on the path; 11.5 when search beyond depth 2 is needed
	Level   Level   `json:"level"`   // the label of Score
	Hardest string  `json:"hardest"` // the technique of the heaviest step ("search" beyond depth 2)
	Steps   int     `json:"steps"`   // steps on the path
	Depth   int     `json:"depth"`   // trial depth needed: 0 none, 1 or 2, 3 for beyond 2
	Solved  bool    `json:"solved"`  // the path reaches the solution
}

// SearchWeight is the score of a puzzle that trials to depth 2 do not
// solve (or that has more than one solution).
const SearchWeight = 11.5

// Solver rates many puzzles of one model, reusing its tables and
// scratch space. Not safe for concurrent use: one per goroutine.
type Solver struct {
	s   *solver
	err error // a rule kind with no technique
	st  Step  // the step being taken, its slices reused from puzzle to puzzle
}

// Options tune a Solver.
type Options struct {
	// Unique says that every puzzle given has exactly one solution,
	// proved elsewhere (gattai's commands count to 2 first). Only then
	// do the uniqueness techniques apply (unique rectangles, BUG+1), as
	// in Sudoku Explainer's ratings: on a puzzle with several solutions
	// they could rule some of them out.
	Unique bool
}

// New builds the tables for m, with no uniqueness techniques.
func New(m *layouts.Model) *Solver { return NewWith(m, Options{}) }

// NewWith builds the tables for m, with options.
func NewWith(m *layouts.Model, o Options) *Solver {
	s := newSolver(m)
	s.unique = o.Unique
	return &Solver{s: s, err: supported(m)}
}

func (sv *Solver) start(ctx context.Context, p *layouts.Puzzle) error {
	if err := p.Validate(); err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	if p.Model != sv.s.m {
		return fmt.Errorf("puzzle of another model")
	}
	if sv.err != nil {
		return sv.err
	}
	if !sv.s.load(p) || sv.s.broken() {
		return ErrNoSolution
	}
	sv.s.watch(ctx.Done())
	return nil
}

// Hint is the next step of p: the easiest that applies. It returns
// ErrSolved for a full grid; a step with no changes and Technique
// Search means that nothing here applies. A puzzle that does not fit
// its model is refused with p.Validate's error (layouts.ErrPuzzle), as
// by Steps, Rate and a Solver's methods. When ctx is done before the
// answer, each returns ctx.Err() and no step or rating.
func Hint(ctx context.Context, p *layouts.Puzzle) (Step, error) {
	if err := p.Validate(); err != nil {
		return Step{}, err
	}
	return New(p.Model).Hint(ctx, p)
}

// Steps is the logical path from p's givens to its solution, or to where
// search beyond depth-2 trials is needed (then the path ends there).
func Steps(ctx context.Context, p *layouts.Puzzle) ([]Step, error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	return New(p.Model).Steps(ctx, p)
}

// Rate rates p by the path that Steps takes.
func Rate(ctx context.Context, p *layouts.Puzzle) (Rating, error) {
	if err := p.Validate(); err != nil {
		return Rating{}, err
	}
	return New(p.Model).Rate(ctx, p)
}

// Hint: see the package function.
func (sv *Solver) Hint(ctx context.Context, p *layouts.Puzzle) (Step, error) {
	if err := sv.start(ctx, p); err != nil {
		return Step{}, err
	}
	defer sv.s.watch(nil)
	if sv.s.solved() {
		return Step{}, ErrSolved
	}
	sv.s.prove = true
	var st Step
	found := sv.s.next(&st)
	switch {
	case sv.s.stopped():
		return Step{}, ctx.Err()
	case !found:
		return Step{Technique: Search, Weight: SearchWeight, Depth: maxDepth + 1}, nil
	}
	return st.clone(), nil
}

// Steps: see the package function.
func (sv *Solver) Steps(ctx context.Context, p *layouts.Puzzle) ([]Step, error) {
	var out []Step
	_, err := sv.walk(ctx, p, func(st *Step) { out = append(out, st.clone()) })
	if ctx.Err() != nil && err == ctx.Err() {
		return nil, err
	}
	return out, err
}

// Rate: see the package function.
func (sv *Solver) Rate(ctx context.Context, p *layouts.Puzzle) (Rating, error) {
	return sv.walk(ctx, p, nil)
}

// walk takes steps to the end, calling f on each, and rates the path.
func (sv *Solver) walk(ctx context.Context, p *layouts.Puzzle, f func(*Step)) (Rating, error) {
	if err := sv.start(ctx, p); err != nil {
		return Rating{}, err
	}
	s := sv.s
	defer s.watch(nil)
	s.prove = f != nil
	r := Rating{Solved: true}
	st := &sv.st
	for !s.solved() {
		found := s.next(st)
		if s.stopped() {
			return Rating{}, ctx.Err()
		}
		if !found {
			r.Score, r.Hardest, r.Depth, r.Solved = SearchWeight, Search, maxDepth+1, false
			break
		}
		r.Steps++
		if st.Weight > r.Score {
			r.Score, r.Hardest = st.Weight, st.Technique
		}
		r.Depth = max(r.Depth, st.Depth)
		if f != nil {
			f(st)
		}
		s.apply(st)
		if s.broken() {
			return r, ErrNoSolution
		}
	}
	r.Level = LevelOf(r.Score)
	return r, nil
}

// next finds the easiest step that applies.
func (s *solver) next(st *Step) bool {
	if s.fullHouse(st) || s.hiddenSingle(st) || s.rule(st, "parity") || s.nakedSingle(st) {
		return true
	}
	if len(s.rules) > 0 && (s.rule(st, "thermo") || s.rule(st, "kropki") || s.rule(st, "nonconsecutive") || s.rule(st, "killer")) {
		return true
	}
	if s.locked(st) || len(s.rules) > 0 && (s.killerLocked(st) || s.rule(st, "innies")) || s.naked(st, 2) || s.fish(st, 2) || s.hidden(st, 2) || s.naked(st, 3) ||
		s.fish(st, 3) || s.hidden(st, 3) || s.xyWing(st) || s.xyzWing(st) || s.unique && s.uniqueRect(st) ||
		s.naked(st, 4) || s.fish(st, 4) || s.hidden(st, 4) || s.unique && s.bugOne(st) {
		return true
	}
	if s.finned(st, 2) || s.finned(st, 3) || s.wWing(st) || s.chain(st, modeX) || s.chain(st, modeXY) || s.chain(st, modeAIC) {
		return true
	}
	for depth := 1; depth <= maxDepth && !s.noTrial; depth++ {
		if s.trial(st, depth) {
			return true
		}
	}
	return false
}

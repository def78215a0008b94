package backtrack

// CheckSolutions makes s hold every solution it counts to
// layouts.Check, panicking if one fails: a debug assertion for tests.
func CheckSolutions(s *Solver) *Solver {
	s.checked = make([]uint8, len(s.cand))
	return s
}

// KillerBounds makes the killer cages of s reason by bounds only, as
// they do beyond maxSumsN digits, so that small grids test that path.
func KillerBounds(s *Solver) *Solver {
	for _, p := range s.props {
		if k, ok := p.(*killer); ok {
			k.sums = nil
		}
	}
	return s
}

// MatchFrom makes s run the all-different matcher from search node
// from on: 0 from the start, -1 never.
func MatchFrom(s *Solver, from int64) *Solver {
	s.matchFrom = from
	return s
}

// General makes s use the general engine on a board that backtrack/nine
// would take, as linked grids or a classic 9x9.
func General(s *Solver) *Solver {
	s.linked, s.classic9 = nil, false
	return s
}

// Linked reports whether s hands its puzzles to backtrack/nine's linked
// grids.
func Linked(s *Solver) bool { return s.linked != nil }

// Classic9 reports whether s hands its puzzles to backtrack/nine's
// classic 9x9 count.
func Classic9(s *Solver) bool { return s.classic9 }

// CheckEvery makes s look at its context (and Pause) every n search
// nodes, so that small grids pause.
func CheckEvery(s *Solver, n int64) *Solver {
	s.checkEvery = n
	return s
}

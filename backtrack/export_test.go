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

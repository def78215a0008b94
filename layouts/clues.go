package layouts

import "slices"

// ClueShifts lays out the numbers of clues that share a place outside
// the grids, each clue given by its step from the place into its line
// ((1, 0): a column's clue above the column; (1, 1): a little killer's
// diagonal down and right). It returns each number's offset from the
// place's centre, in cells (row, column): a row's or column's clue
// 0.35 toward its line, a little killer's 0.2 each way toward its
// diagonal (its arrow lies beyond), two of one line alone at their
// place 0.15 either side of the centre along it, the first nearer the
// grid. A clue alone stays at the centre. ok is false for two of one
// line beside a third, which could not be told apart. The picture
// writers (svg, sudokupad) share it, so a place looks the same in both
// and sudokupad's reader finds the numbers where its writer put them.
func ClueShifts(steps [][2]int) (shifts [][2]float64, ok bool) {
	shifts = make([][2]float64, len(steps))
	if len(steps) == 1 {
		return shifts, true
	}
	pair := len(steps) == 2 && steps[0] == steps[1]
	for i, s := range steps {
		if !pair && slices.Contains(steps[i+1:], s) {
			return nil, false
		}
		shift := 0.35
		switch {
		case pair:
			shift = 0.15 * float64(1-2*i)
		case s[0] != 0 && s[1] != 0:
			shift = 0.2
		}
		shifts[i] = [2]float64{shift * float64(s[0]), shift * float64(s[1])}
	}
	return shifts, true
}

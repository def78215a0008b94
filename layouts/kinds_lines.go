package layouts

import (
	"fmt"
	"slices"
)

// The kinds of lines, marks and clues beyond the classic variants:
// arrow, xv, littlekiller, sandwich, whispers, renban, palindrome,
// clone, quadruple, minimum, maximum and between. Each compiles to
// rules that Check verifies through its holds function; the engines
// use the relations exported here (XVHolds, WhispersGap, ...) so that
// each is defined once.

// line resolves the cells of a line: at least lo of them, each a king's
// move from the one before.
func (b *builder) line(ps []Pos, lo int) ([]int, error) {
	cells, err := b.cells(ps)
	if err != nil {
		return nil, err
	}
	if len(cells) < lo {
		return nil, b.errorf("a line of at least %d cells, not %d", lo, len(cells))
	}
	for i := 1; i < len(ps); i++ {
		p, q := ps[i-1], ps[i]
		if max(abs(p.Row-q.Row), abs(p.Col-q.Col)) != 1 {
			return nil, b.errorf("%s and %s are not neighbours", p, q)
		}
	}
	return cells, nil
}

// straight reports whether ps go one step at a time in one direction,
// the step (dr, dc) meeting ok.
func straight(ps []Pos, ok func(dr, dc int) bool) bool {
	if len(ps) < 2 {
		return true
	}
	dr, dc := ps[1].Row-ps[0].Row, ps[1].Col-ps[0].Col
	if !ok(dr, dc) {
		return false
	}
	for i := 2; i < len(ps); i++ {
		if ps[i].Row-ps[i-1].Row != dr || ps[i].Col-ps[i-1].Col != dc {
			return false
		}
	}
	return true
}

func sumOf(d []uint8, cells []int) int {
	s := 0
	for _, c := range cells {
		s += int(d[c])
	}
	return s
}

// ArrowValue is the number that the digits of an arrow's circle read
// as, the first the most significant: 10*d0 + d1 for two cells.
func ArrowValue(circle []int) int {
	v := 0
	for _, d := range circle {
		v = 10*v + d
	}
	return v
}

func compileArrow(b *builder, c *Constraint) error {
	circle, err := b.cells(c.Cells)
	if err != nil {
		return err
	}
	if len(circle) < 1 || len(circle) > 3 {
		return b.errorf("a circle of 1 to 3 cells, not %d", len(circle))
	}
	if len(circle) > 1 && b.m.N > 9 {
		return b.errorf("a circle of %d cells reads decimal digits: only for grids of up to 9", len(circle))
	}
	if len(c.Lines) == 0 {
		return b.errorf("an arrow needs lines")
	}
	for i, l := range c.Lines {
		var ps []Pos
		for _, p := range l {
			if !slices.Contains(c.Cells, p) {
				ps = append(ps, p)
			}
		}
		cells, err := b.cells(ps)
		if err != nil {
			return err
		}
		if len(cells) == 0 {
			return b.errorf("arrow %d has no cell outside the circle", i+1)
		}
		b.m.Rules = append(b.m.Rules, Rule{Kind: "arrow", Name: fmt.Sprintf("arrow from %s to %s", c.Cells[0], ps[len(ps)-1]),
			Cells: append(slices.Clone(circle), cells...), Head: len(circle)})
	}
	return nil
}

func holdsArrow(r *Rule, d []uint8) bool {
	circle := make([]int, r.Head)
	for i, c := range r.Cells[:r.Head] {
		circle[i] = int(d[c])
	}
	return ArrowValue(circle) == sumOf(d, r.Cells[r.Head:])
}

// XVHolds reports whether digits x and y satisfy an xv rule: with a
// mark, they sum to r.Sum; without one, to none of r.Digits.
func XVHolds(r *Rule, x, y int) bool {
	if r.Sum > 0 {
		return x+y == r.Sum
	}
	return !slices.Contains(r.Digits, x+y)
}

// markedPairs resolves the pairs of a mark, each two orthogonal
// neighbours, and calls f for each; marked records them, so that no pair
// has two marks.
func (b *builder) markedPairs(name string, pairs [][]Pos, marked map[[2]int]bool, f func(cells []int, p, q Pos)) error {
	for _, pair := range pairs {
		if len(pair) != 2 {
			return b.errorf("%s joins 2 cells, not %d", name, len(pair))
		}
		cells, err := b.cells(pair)
		if err != nil {
			return err
		}
		p, q := pair[0], pair[1]
		if abs(p.Row-q.Row)+abs(p.Col-q.Col) != 1 {
			return b.errorf("%s joins orthogonal neighbours, not %s and %s", name, p, q)
		}
		key := pairKey(cells[0], cells[1])
		if marked[key] {
			return b.errorf("two marks between %s and %s", p, q)
		}
		marked[key] = true
		f(cells, p, q)
	}
	return nil
}

func compileXV(b *builder, c *Constraint) error {
	marked := map[[2]int]bool{}
	for _, set := range []struct {
		name  string
		sum   int
		pairs [][]Pos
	}{{"X", 10, c.X}, {"V", 5, c.V}} {
		err := b.markedPairs("an "+set.name, set.pairs, marked, func(cells []int, p, q Pos) {
			b.m.Rules = append(b.m.Rules, Rule{Kind: "xv", Name: fmt.Sprintf("%s %s-%s", set.name, p, q), Cells: cells, Sum: set.sum})
		})
		if err != nil {
			return err
		}
	}
	return b.negative(c, marked, "X or V", map[string][2]int{"": {10, 5}, "both": {10, 5}, "x": {10, 0}, "v": {0, 5}},
		func(v [2]int) Rule {
			var sums []int
			for _, s := range v {
				if s > 0 {
					sums = append(sums, s)
				}
			}
			return Rule{Kind: "xv", Digits: sums}
		})
}

func holdsXV(r *Rule, d []uint8) bool { return XVHolds(r, int(d[r.Cells[0]]), int(d[r.Cells[1]])) }

func compileLittleKiller(b *builder, c *Constraint) error {
	cells, err := b.cells(c.Cells)
	if err != nil {
		return err
	}
	if len(cells) == 0 || !straight(c.Cells, func(dr, dc int) bool { return abs(dr) == 1 && abs(dc) == 1 }) {
		return b.errorf("the cells of a diagonal, in order")
	}
	if k := len(cells); c.Sum < k || c.Sum > k*b.m.N {
		return b.errorf("%d digits sum to %d..%d, not %d", k, k, k*b.m.N, c.Sum)
	}
	b.m.Rules = append(b.m.Rules, Rule{Kind: "littlekiller", Name: fmt.Sprintf("little killer from %s", c.Cells[0]), Cells: cells, Sum: c.Sum})
	return nil
}

func holdsLittleKiller(r *Rule, d []uint8) bool { return sumOf(d, r.Cells) == r.Sum }

// SandwichSum is the sum of the digits between the 1 and the n of a
// line, and whether both are on it.
func SandwichSum(digits []int, n int) (int, bool) {
	i, j := slices.Index(digits, 1), slices.Index(digits, n)
	if i < 0 || j < 0 {
		return 0, false
	}
	s := 0
	for _, d := range digits[min(i, j)+1 : max(i, j)] {
		s += d
	}
	return s, true
}

// fullLine resolves the n cells of a row or column, in order.
func (b *builder) fullLine(ps []Pos) ([]int, error) {
	cells, err := b.cells(ps)
	if err != nil {
		return nil, err
	}
	if len(cells) != b.m.N || !straight(ps, func(dr, dc int) bool { return abs(dr)+abs(dc) == 1 }) {
		return nil, b.errorf("the %d cells of a row or column, in order", b.m.N)
	}
	return cells, nil
}

func compileSandwich(b *builder, c *Constraint) error {
	cells, err := b.fullLine(c.Cells)
	if err != nil {
		return err
	}
	n := b.m.N
	if hi := n*(n+1)/2 - 1 - n; c.Sum < 0 || c.Sum > hi {
		return b.errorf("a sandwich sums to 0..%d, not %d", hi, c.Sum)
	}
	b.addUnit(UnitRegion, fmt.Sprintf("sandwich from %s", c.Cells[0]), cells)
	b.m.Rules = append(b.m.Rules, Rule{Kind: "sandwich", Name: fmt.Sprintf("sandwich from %s", c.Cells[0]), Cells: cells, Sum: c.Sum})
	return nil
}

func holdsSandwich(r *Rule, d []uint8) bool {
	ds := make([]int, len(r.Cells))
	for i, c := range r.Cells {
		ds[i] = int(d[c])
	}
	s, ok := SandwichSum(ds, len(ds))
	return ok && s == r.Sum
}

// WhispersGap is the least difference of whispers lines by default in
// grids of n digits: (n+1)/2, 5 for 9x9 (German whispers).
func WhispersGap(n int) int { return (n + 1) / 2 }

func compileWhispers(b *builder, c *Constraint) error {
	cells, err := b.line(c.Cells, 2)
	if err != nil {
		return err
	}
	gap := c.Difference
	if gap == 0 {
		gap = WhispersGap(b.m.N)
	}
	if gap < 1 || gap >= b.m.N {
		return b.errorf("difference is 1 to %d, not %d", b.m.N-1, gap)
	}
	b.m.Rules = append(b.m.Rules, Rule{Kind: "whispers", Name: fmt.Sprintf("whispers from %s", c.Cells[0]), Cells: cells, Diff: gap})
	return nil
}

func holdsWhispers(r *Rule, d []uint8) bool {
	for i := 1; i < len(r.Cells); i++ {
		if abs(int(d[r.Cells[i]])-int(d[r.Cells[i-1]])) < r.Diff {
			return false
		}
	}
	return true
}

func compileRenban(b *builder, c *Constraint) error {
	cells, err := b.line(c.Cells, 2)
	if err != nil {
		return err
	}
	if len(cells) > b.m.N {
		return b.errorf("%d cells, more than the %d digits", len(cells), b.m.N)
	}
	name := fmt.Sprintf("renban from %s", c.Cells[0])
	b.addUnit(UnitRegion, name, cells)
	b.m.Rules = append(b.m.Rules, Rule{Kind: "renban", Name: name, Cells: cells})
	return nil
}

// holdsRenban: the digits are distinct (the rule's unit) and span no
// more than the cells: a run of consecutive digits.
func holdsRenban(r *Rule, d []uint8) bool {
	lo, hi := 255, 0
	for _, c := range r.Cells {
		lo, hi = min(lo, int(d[c])), max(hi, int(d[c]))
	}
	return hi-lo == len(r.Cells)-1
}

func compilePalindrome(b *builder, c *Constraint) error {
	cells, err := b.line(c.Cells, 2)
	if err != nil {
		return err
	}
	var pairs []int
	for i, j := 0, len(cells)-1; i < j; i, j = i+1, j-1 {
		pairs = append(pairs, cells[i], cells[j])
	}
	b.m.Rules = append(b.m.Rules, Rule{Kind: "palindrome", Name: fmt.Sprintf("palindrome from %s", c.Cells[0]), Cells: pairs})
	return nil
}

func compileClone(b *builder, c *Constraint) error {
	cells, err := b.cells(c.Cells)
	if err != nil {
		return err
	}
	clone, err := b.cells(c.Clone)
	if err != nil {
		return err
	}
	if len(cells) == 0 || len(cells) != len(clone) {
		return b.errorf("cells and clone of the same number of cells, not %d and %d", len(cells), len(clone))
	}
	dr, dc := c.Clone[0].Row-c.Cells[0].Row, c.Clone[0].Col-c.Cells[0].Col
	var pairs []int
	for i := range cells {
		if c.Clone[i].Row-c.Cells[i].Row != dr || c.Clone[i].Col-c.Cells[i].Col != dc {
			return b.errorf("the clone is not the same shape: %s is not %s moved as %s to %s", c.Clone[i], c.Cells[i], c.Cells[0], c.Clone[0])
		}
		if slices.Contains(cells, clone[i]) {
			return b.errorf("%s is in both cells and clone", c.Clone[i])
		}
		pairs = append(pairs, cells[i], clone[i])
	}
	b.m.Rules = append(b.m.Rules, Rule{Kind: "clone", Name: fmt.Sprintf("clone of %s at %s", c.Cells[0], c.Clone[0]), Cells: pairs})
	return nil
}

// holdsEqualPairs: palindrome and clone rules list pairs of cells,
// Cells[2i] and Cells[2i+1], that hold the same digit.
func holdsEqualPairs(r *Rule, d []uint8) bool {
	for i := 0; i+1 < len(r.Cells); i += 2 {
		if d[r.Cells[i]] != d[r.Cells[i+1]] {
			return false
		}
	}
	return true
}

func compileQuadruple(b *builder, c *Constraint) error {
	cells, err := b.cells(c.Cells)
	if err != nil {
		return err
	}
	if len(cells) == 0 || len(cells) > 4 {
		return b.errorf("the up to 4 cells around a junction, not %d", len(cells))
	}
	var rows, cols []int
	for _, p := range c.Cells {
		rows, cols = append(rows, p.Row), append(cols, p.Col)
	}
	if slices.Max(rows)-slices.Min(rows) > 1 || slices.Max(cols)-slices.Min(cols) > 1 {
		return b.errorf("the cells are not in one 2x2 square")
	}
	if len(c.Digits) == 0 || len(c.Digits) > len(cells) {
		return b.errorf("1 to %d digits, not %d", len(cells), len(c.Digits))
	}
	for _, d := range c.Digits {
		if d < 1 || d > b.m.N {
			return b.errorf("digit %d is not 1..%d", d, b.m.N)
		}
	}
	ds := slices.Clone(c.Digits)
	slices.Sort(ds)
	b.m.Rules = append(b.m.Rules, Rule{Kind: "quadruple", Name: fmt.Sprintf("quadruple at %s", c.Cells[0]), Cells: cells, Digits: ds})
	return nil
}

func holdsQuadruple(r *Rule, d []uint8) bool {
	for _, x := range r.Digits {
		need := 0
		for _, y := range r.Digits {
			if y == x {
				need++
			}
		}
		have := 0
		for _, c := range r.Cells {
			if int(d[c]) == x {
				have++
			}
		}
		if have < need {
			return false
		}
	}
	return true
}

// compileExtremum: a rule per cell, Cells[0] the cell and the rest its
// orthogonal neighbours on the canvas.
func compileExtremum(b *builder, c *Constraint) error {
	cells, err := b.cells(c.Cells)
	if err != nil {
		return err
	}
	if len(cells) == 0 {
		return b.errorf("no cells")
	}
	for i, cell := range cells {
		p := c.Cells[i]
		rc := []int{cell}
		for _, mv := range [][2]int{{-1, 0}, {0, -1}, {0, 1}, {1, 0}} {
			if o, ok := b.m.Cell(Pos{Row: p.Row + mv[0], Col: p.Col + mv[1]}); ok {
				rc = append(rc, o)
			}
		}
		b.m.Rules = append(b.m.Rules, Rule{Kind: c.Kind, Name: fmt.Sprintf("%s at %s", c.Kind, p), Cells: rc})
	}
	return nil
}

func holdsExtremum(r *Rule, d []uint8) bool {
	x := d[r.Cells[0]]
	for _, o := range r.Cells[1:] {
		if r.Kind == "minimum" && d[o] <= x || r.Kind == "maximum" && d[o] >= x {
			return false
		}
	}
	return true
}

func compileBetween(b *builder, c *Constraint) error {
	cells, err := b.line(c.Cells, 3)
	if err != nil {
		return err
	}
	b.m.Rules = append(b.m.Rules, Rule{Kind: "between", Name: fmt.Sprintf("between line %s-%s", c.Cells[0], c.Cells[len(c.Cells)-1]), Cells: cells})
	return nil
}

// BetweenHolds reports whether digit x lies strictly between the ends'
// digits a and b.
func BetweenHolds(a, b, x int) bool { return min(a, b) < x && x < max(a, b) }

func holdsBetween(r *Rule, d []uint8) bool {
	k := len(r.Cells)
	a, e := int(d[r.Cells[0]]), int(d[r.Cells[k-1]])
	for _, c := range r.Cells[1 : k-1] {
		if !BetweenHolds(a, e, int(d[c])) {
			return false
		}
	}
	return true
}

// EntropicGroup is the third of the digits 1..n that d is in, 0 (low),
// 1 (middle) or 2 (high); n is a multiple of 3.
func EntropicGroup(n, d int) int { return (d - 1) / (n / 3) }

func compileEntropic(b *builder, c *Constraint) error {
	if b.m.N%3 != 0 {
		return b.errorf("entropic lines need a number of digits that 3 divides, not %d", b.m.N)
	}
	cells, err := b.line(c.Cells, 2)
	if err != nil {
		return err
	}
	b.m.Rules = append(b.m.Rules, Rule{Kind: "entropic", Name: fmt.Sprintf("entropic line from %s", c.Cells[0]), Cells: cells, Diff: b.m.N})
	return nil
}

// holdsEntropic: cells one and two apart on the line are in different
// thirds, so that any three in a row hold one of each. Diff is n.
func holdsEntropic(r *Rule, d []uint8) bool {
	for i := range r.Cells {
		for j := i + 1; j <= i+2 && j < len(r.Cells); j++ {
			if EntropicGroup(r.Diff, int(d[r.Cells[i]])) == EntropicGroup(r.Diff, int(d[r.Cells[j]])) {
				return false
			}
		}
	}
	return true
}

// compileRegionSum cuts the line into segments, each a run of cells in
// one box, and makes a rule for each two segments one after the other:
// Cells[:Head] the first, Cells[Head:] the second, their sums equal.
func compileRegionSum(b *builder, c *Constraint) error {
	cells, err := b.line(c.Cells, 2)
	if err != nil {
		return err
	}
	box := map[int]int{} // cell -> its box's unit index
	for ui, u := range b.m.Units {
		if u.Kind != UnitBox {
			continue
		}
		for _, x := range u.Cells {
			if _, ok := box[x]; !ok {
				box[x] = ui
			}
		}
	}
	var segs [][]int
	for i, x := range cells {
		bx, ok := box[x]
		if !ok {
			return b.errorf("%s is in no box (list a jigsaw before the line)", c.Cells[i])
		}
		if i > 0 && box[cells[i-1]] == bx {
			segs[len(segs)-1] = append(segs[len(segs)-1], x)
		} else {
			segs = append(segs, []int{x})
		}
	}
	if len(segs) < 2 {
		return b.errorf("the line stays in one box")
	}
	for i := 1; i < len(segs); i++ {
		b.m.Rules = append(b.m.Rules, Rule{Kind: "regionsum", Name: fmt.Sprintf("region sum line from %s, segments %d and %d", c.Cells[0], i, i+1),
			Cells: append(slices.Clone(segs[i-1]), segs[i]...), Head: len(segs[i-1])})
	}
	return nil
}

func holdsRegionSum(r *Rule, d []uint8) bool {
	return sumOf(d, r.Cells[:r.Head]) == sumOf(d, r.Cells[r.Head:])
}

func compileXSum(b *builder, c *Constraint) error {
	cells, err := b.fullLine(c.Cells)
	if err != nil {
		return err
	}
	if n := b.m.N; c.Sum < 1 || c.Sum > n*(n+1)/2 {
		return b.errorf("an x-sum is 1 to %d, not %d", n*(n+1)/2, c.Sum)
	}
	name := fmt.Sprintf("x-sum from %s", c.Cells[0])
	b.addUnit(UnitRegion, name, cells)
	b.m.Rules = append(b.m.Rules, Rule{Kind: "xsum", Name: name, Cells: cells, Sum: c.Sum})
	return nil
}

func holdsXSum(r *Rule, d []uint8) bool {
	x := int(d[r.Cells[0]])
	return x <= len(r.Cells) && sumOf(d, r.Cells[:x]) == r.Sum
}

// Visible is how many of digits, in order, are greater than all before
// them: the skyscrapers seen from the first.
func Visible(digits []int) int {
	seen, top := 0, 0
	for _, d := range digits {
		if d > top {
			seen, top = seen+1, d
		}
	}
	return seen
}

func compileSkyscraper(b *builder, c *Constraint) error {
	cells, err := b.fullLine(c.Cells)
	if err != nil {
		return err
	}
	if c.Count < 1 || c.Count > b.m.N {
		return b.errorf("a skyscraper count is 1 to %d, not %d", b.m.N, c.Count)
	}
	name := fmt.Sprintf("skyscraper from %s", c.Cells[0])
	b.addUnit(UnitRegion, name, cells)
	b.m.Rules = append(b.m.Rules, Rule{Kind: "skyscraper", Name: name, Cells: cells, Sum: c.Count})
	return nil
}

func holdsSkyscraper(r *Rule, d []uint8) bool {
	ds := make([]int, len(r.Cells))
	for i, c := range r.Cells {
		ds[i] = int(d[c])
	}
	return Visible(ds) == r.Sum
}

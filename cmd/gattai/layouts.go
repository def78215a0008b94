package main

import (
	"fmt"
	"strings"
	"text/tabwriter"

	"gattai/layouts"
	"gattai/svg"
)

type layoutsCmd struct {
	List  listLayoutsCmd `cmd:"" default:"1" help:"List the built-in layouts (the default)."`
	Show  showLayoutCmd  `cmd:"" help:"Draw a layout, or print it as a layout file with --as-file."`
	Kinds listKindsCmd   `cmd:"" help:"List the variant constraint kinds a layout file can use, with an example of each."`
}

type listKindsCmd struct{}

func (c *listKindsCmd) Run(e *env) error {
	tw := tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "KIND\tFIELDS\tWHAT")
	for _, k := range layouts.Kinds() {
		fmt.Fprintf(tw, "%s\t%s\t%s\n", k.Name, k.Fields, k.About)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintln(e.stdout, "\nExamples, one per kind, for the \"constraints\" list of a layout file:")
	for _, k := range layouts.Kinds() {
		fmt.Fprintf(e.stdout, "  %s\n", k.Example)
	}
	return nil
}

type listLayoutsCmd struct {
	Size int    `help:"Symbols per grid; default: the box's cells, or 9."`
	Box  string `help:"Box shape RxC." placeholder:"RxC"`
}

func (c *listLayoutsCmd) Run(e *env) error {
	box, err := parseBox(c.Box)
	if err != nil {
		return err
	}
	c.Size = gridSize(c.Size, box)
	tw := tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "NAME\tGRIDS\tCELLS\tCANVAS\tABOUT")
	for _, in := range layouts.Builtins() {
		l, err := layouts.Builtin(in.Name, c.Size, box)
		if err != nil {
			return &exitError{exitBadInput, err.Error()}
		}
		m, err := layouts.Compile(l)
		if err != nil {
			return &exitError{exitBadInput, err.Error()}
		}
		fmt.Fprintf(tw, "%s\t%d\t%d\t%dx%d\t%s\n", in.Name, in.Grids, len(m.Cells), m.Height, m.Width, in.About)
	}
	return tw.Flush()
}

type showLayoutCmd struct {
	layoutFlags `embed:"" set:"layout_default=the name given as argument"`
	AsFile      bool   `help:"Print the layout file (JSON) that describes it."`
	To          string `enum:"text,svg" default:"text" help:"Draw it as text (the default) or as an SVG picture."`
	Name        string `arg:"" optional:"" help:"Built-in layout name (or use --layout-file)." predictor:"layout"`
}

func (c *showLayoutCmd) Run(e *env) error {
	if c.Name != "" {
		c.Layout = c.Name
	}
	if c.Layout == "" && c.LayoutFile == "" {
		return &exitError{exitBadInput, "show: name a layout, e.g. gattai layouts show samurai"}
	}
	m, err := c.model()
	if err != nil {
		return &exitError{exitBadInput, err.Error()}
	}
	if c.AsFile {
		_, err := e.stdout.Write(m.Layout.MarshalFile())
		return err
	}
	if c.To == "svg" {
		return svg.Write(e.stdout, layouts.NewPuzzle(m), nil, svg.Options{})
	}
	_, err = fmt.Fprint(e.stdout, drawLayout(m))
	return err
}

// drawLayout describes a model and draws its canvas: '.' a cell of one
// grid, a digit the number of grids sharing a cell.
func drawLayout(m *layouts.Model) string {
	var b strings.Builder
	l := m.Layout
	name := l.Name
	if name == "" {
		name = "layout"
	}
	fmt.Fprintf(&b, "%s: %d grid(s) of %dx%d, boxes %s, %d cells, %d units, canvas %dx%d\n",
		name, len(l.Grids), m.N, m.N, l.Box, len(m.Cells), len(m.Units), m.Height, m.Width)
	for i, g := range l.Grids {
		fmt.Fprintf(&b, "  grid %d at %s (row %d, col %d) box %s\n", i+1, g.At, g.At.Row, g.At.Col, l.BoxOf(i))
	}
	if len(l.Regions) > 0 {
		fmt.Fprintf(&b, "  %d extra region(s)\n", len(l.Regions))
	}
	if len(l.Constraints) > 0 {
		// By kind, in the order of their first constraints.
		var kinds []string
		count := map[string]int{}
		for _, c := range l.Constraints {
			if count[c.Kind]++; count[c.Kind] == 1 {
				kinds = append(kinds, c.Kind)
			}
		}
		for i, k := range kinds {
			kinds[i] = fmt.Sprintf("%d %s", count[k], k)
		}
		fmt.Fprintf(&b, "  constraints: %s\n", strings.Join(kinds, ", "))
	}
	cover := make([]int, len(m.Cells))
	for _, gc := range m.GridCells {
		for _, c := range gc {
			cover[c]++
		}
	}
	b.WriteByte('\n')
	for r := range m.Height {
		line := make([]byte, 0, m.Width)
		for c := range m.Width {
			ci, ok := m.Cell(layouts.Pos{Row: r, Col: c})
			switch {
			case !ok:
				line = append(line, ' ')
			case cover[ci] > 1:
				line = append(line, byte('0'+min(cover[ci], 9)))
			default:
				line = append(line, '.')
			}
		}
		b.WriteString(strings.TrimRight(string(line), " "))
		b.WriteByte('\n')
	}
	return b.String()
}

func parseBox(s string) (layouts.Shape, error) {
	if s == "" {
		return layouts.Shape{}, nil
	}
	b, err := layouts.ParseShape(s)
	if err != nil {
		return b, &exitError{exitBadInput, err.Error()}
	}
	return b, nil
}

package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"

	"gattai/layouts"
	"gattai/links"
)

// layoutFlags choose a layout: built-in or from a file.
type layoutFlags struct {
	Layout     string `short:"l" help:"Built-in layout (see 'gattai layouts'); default: ${layout_default}." placeholder:"NAME" predictor:"layout"`
	LayoutFile string `help:"Layout file (JSON, see README) describing the grids, boxes, regions." placeholder:"FILE"`
	Size       int    `help:"Symbols per grid (4, 6, 8, 9, 12, 16, 25, ...); alone it means a classic grid. Default 9, or detected."`
	Box        string `help:"Box shape RxC for a built-in layout, or none (rows and columns only: Latin squares); default the squarest (6: 2x3, 12: 3x4)." placeholder:"RxC"`
}

// inputFlags choose the layout, format and files of the puzzles read.
type inputFlags struct {
	layoutFlags `embed:"" set:"layout_default=detected from the input"`
	Format      string   `short:"f" enum:"auto,line,rows,poj,euler,canvas,fpuzzles,sudokupad,json" default:"auto" help:"Input format: ${enum}. fpuzzles and sudokupad read setters' links (one a line), ids or JSON; json reads gattai's own --to json records (their \"puzzle\" and \"layout\")."`
	Blank       string   `help:"More characters that stand for an empty cell, besides '.', '0' and '-' (e.g. '_x*'); in a canvas '-' stays outside the grids." placeholder:"CHARS"`
	Files       []string `arg:"" optional:"" help:"Puzzle files; none or - reads standard input."`
}

// model resolves the layout flags; nil means detect from the input.
func (f *layoutFlags) model() (*layouts.Model, error) {
	var l *layouts.Layout
	switch {
	case f.Layout != "" && f.LayoutFile != "":
		return nil, fmt.Errorf("--layout and --layout-file exclude each other")
	case f.LayoutFile != "" && (f.Size != 0 || f.Box != ""):
		return nil, fmt.Errorf("--size and --box shape a built-in layout: a layout file (--layout-file) gives its own")
	case f.LayoutFile != "":
		data, err := readLayoutFile(f.LayoutFile)
		var fe *fs.PathError
		if errors.As(err, &fe) { // "open x.json: no such file or directory"
			return nil, fmt.Errorf("--layout-file: %w", shownPath(err))
		}
		if err != nil {
			return nil, err
		}
		if l, err = layouts.ParseLayoutFile(f.LayoutFile, data); err != nil {
			return nil, err
		}
	case f.Layout != "" || f.Size != 0 || f.Box != "":
		name := f.Layout
		if name == "" {
			name = "classic"
		}
		var box layouts.Shape
		if f.Box != "" {
			b, err := layouts.ParseShape(f.Box)
			if err != nil {
				return nil, err
			}
			box = b
		}
		var err error
		if l, err = layouts.Builtin(name, gridSize(f.Size, box), box); err != nil {
			return nil, err
		}
	default:
		return nil, nil
	}
	return layouts.Compile(l)
}

// gridSize is the symbols per grid that --size and --box give: --size,
// else the box's cells, else 9.
func gridSize(size int, box layouts.Shape) int {
	switch {
	case size != 0:
		return size
	case box != layouts.Shape{} && !box.None():
		return box.Rows * box.Cols
	}
	return 9
}

// checkBlank refuses a --blank that the readers cannot use, once and
// before any file is read: the readers' own check, run on no input.
func (f *inputFlags) checkBlank() error {
	if f.Blank == "" {
		return nil
	}
	_, err := layouts.NewReader(strings.NewReader(""), layouts.ReadOptions{Blank: f.Blank}).Read()
	var pe *layouts.ParseError
	if err == nil || err == io.EOF || errors.As(err, &pe) { // "empty input"
		return nil
	}
	return fmt.Errorf("--blank: %w", err)
}

// maxLayoutFile bounds a layout file: a layout at the limits, every
// cell in a few constraints, takes a few MiB.
const maxLayoutFile = 16 << 20

// readLayoutFile reads a layout file of at most maxLayoutFile bytes; it
// stops there, so that a huge file or an endless device (/dev/zero)
// does not fill the memory.
func readLayoutFile(name string) ([]byte, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxLayoutFile+1))
	if err == nil && len(data) > maxLayoutFile {
		err = fmt.Errorf("%s: %w: a layout file of more than %d MiB", shown(name), layouts.ErrTooLarge, maxLayoutFile>>20)
	}
	return data, err
}

// source is one input file, opened lazily.
type source struct {
	name string
	open func() (io.ReadCloser, error)
}

func (f *inputFlags) sources(stdin io.Reader) []source {
	if len(f.Files) == 0 {
		f.Files = []string{"-"}
	}
	var out []source
	for _, name := range f.Files {
		if name == "-" {
			out = append(out, source{"-", func() (io.ReadCloser, error) { return io.NopCloser(stdin), nil }})
			continue
		}
		if _, err := os.Stat(name); err != nil && links.Detect([]byte(name)) {
			// A setter's link pasted as an argument: the link is the input.
			out = append(out, source{"link", func() (io.ReadCloser, error) { return io.NopCloser(strings.NewReader(name)), nil }})
			continue
		}
		out = append(out, source{name, func() (io.ReadCloser, error) { return os.Open(name) }})
	}
	return out
}

package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"gattai/internal/version"

	"github.com/alecthomas/kong"
)

// wholeModel is kong's parser of the whole model into c, and its
// command nodes, subcommands included.
func wholeModel(t *testing.T, c *cli, exited *int) (*kong.Kong, []*kong.Node) {
	t.Helper()
	p, err := newParser(c, &bytes.Buffer{}, &bytes.Buffer{}, startVars(nil), exited)
	if err != nil {
		t.Fatal(err)
	}
	var nodes []*kong.Node
	var walk func(n *kong.Node)
	walk = func(n *kong.Node) {
		for _, ch := range n.Children {
			if ch.Type == kong.CommandNode {
				nodes = append(nodes, ch)
				walk(ch)
			}
		}
	}
	walk(p.Model.Node)
	return p, nodes
}

// commandPaths are the commands of the whole model, subcommands
// included ("layouts show"), as kong names them.
func commandPaths(t *testing.T) [][]string {
	t.Helper()
	var c cli
	exited := -1
	_, nodes := wholeModel(t, &c, &exited)
	var paths [][]string
	for _, n := range nodes {
		paths = append(paths, strings.Fields(n.FullPath())[1:])
	}
	return paths
}

// runBoth runs args through run as users do (lean parsing first) and
// with the whole model only, and fails unless both print the same and
// exit the same.
func runBoth(t *testing.T, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errb, wout, werrb bytes.Buffer
	code = run(context.Background(), args, env{stdin: strings.NewReader(""), stdout: &out, stderr: &errb})
	wcode := run(context.Background(), args, env{stdin: strings.NewReader(""), stdout: &wout, stderr: &werrb, whole: true})
	if code != wcode || out.String() != wout.String() || errb.String() != werrb.String() {
		t.Errorf("gattai %q: lean and whole model differ:\nexit %d, %d\nstdout %q\nwhole  %q\nstderr %q\nwhole  %q",
			args, code, wcode, out.String(), wout.String(), errb.String(), werrb.String())
	}
	return out.String(), errb.String(), code
}

// Help, usage errors and --version print exactly what the whole model
// prints, for every command: the lean model leaves them to it.
func TestLeanHelpAndErrorsUnchanged(t *testing.T) {
	paths := commandPaths(t)
	if len(paths) < 12 {
		t.Fatalf("%d commands found: %v", len(paths), paths)
	}
	cases := [][]string{
		{}, {"--help"}, {"-h"}, {"--version"}, {"--version", "--help"}, {"--help", "--version"},
		{"nosuch"}, {"--nosuch"}, {"solv"}, {"--cpu-profile"}, {"--", "count"}, {"-"},
		{"--version", "nosuch"}, {"count", "--engine", "nosuch"}, {"count", "--jobs", "x"},
		{"solve", "--to", "nosuch"}, {"completion"}, {"completion", "tcsh"}, {"layouts", "nosuch"},
		{"count", "--layout-file", "no/such/file"}, {"--cpu-profile", "count", "solve", "--nosuch"},
	}
	for _, p := range paths {
		for _, extra := range [][]string{{"--help"}, {"-h"}, {"--nosuch"}, {"--version"}, {"-x"}} {
			cases = append(cases, append(slices.Clone(p), extra...))
		}
		cases = append(cases, append([]string{"--help"}, p...))
	}
	for _, args := range cases {
		_, stderr, code := runBoth(t, args...)
		if code == exitOK && len(args) > 0 && args[len(args)-1] == "--nosuch" {
			t.Errorf("gattai %q: exit 0 (%s)", args, stderr)
		}
	}
	// The help of a command is its own, with its flags.
	out, _, code := runBoth(t, "count", "--help")
	if code != exitOK || !strings.Contains(out, "Usage: gattai count") || !strings.Contains(out, "--limit") {
		t.Errorf("count --help: exit %d\n%s", code, out)
	}
	_, errs, code := runBoth(t, "count", "--nosuch")
	if code != exitBadInput || !strings.Contains(errs, "unknown flag --nosuch") {
		t.Errorf("count --nosuch: exit %d, %q", code, errs)
	}
}

// The lean model of every command has the variables its tags use
// outside the help texts, which it drops: kong builds it (else every
// run of the command would fall back to the whole model).
func TestLeanVars(t *testing.T) {
	for _, p := range commandPaths(t) {
		l := newLean(p[0])
		used := map[string]bool{}
		usedVars(l.target.Elem().Type(), used)
		exited := -1
		if _, err := newParser(l.target.Interface(), &bytes.Buffer{}, &bytes.Buffer{}, startVars(used), &exited); err != nil {
			t.Errorf("%s: %v", p[0], err)
		}
	}
	// usedVars finds a variable outside the help, in a struct held.
	type inner struct {
		X string `enum:"${x}" default:"${y=a}" help:"${z}"`
	}
	used := map[string]bool{}
	usedVars(reflect.TypeFor[struct{ In inner }](), used)
	if !used["x"] || !used["y"] || used["z"] || len(used) != 2 {
		t.Errorf("usedVars found %v, want x and y", used)
	}
	// count's flags use variables in their help texts only (kong
	// interpolates every variable into every flag, a regexp each).
	used = map[string]bool{}
	usedVars(reflect.TypeFor[countCmd](), used)
	for name := range startVars(nil) {
		if used[name] {
			t.Errorf("count uses ${%s} outside its help texts", name)
		}
	}
}

// Runs that parse give the same results lean or whole, and lean does
// decide them alone: the fast start must not silently fall back.
func TestLeanRuns(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "p.txt")
	line := "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n"
	if err := os.WriteFile(file, []byte(line), 0o644); err != nil {
		t.Fatal(err)
	}
	prof := filepath.Join(dir, "cpu.prof")
	for _, args := range [][]string{
		{"count", file}, {"solve", file}, {"--cpu-profile", prof, "count", file},
		{"--cpu-profile=" + prof, "solve", "--to", "rows", file}, {"layouts"}, {"layouts", "show", "samurai"},
		{"completion", "bash"}, {"count", "--engine", "backtrack", "-j", "1", file, file},
		{"generate", "--seed", "1", "--timeout", "1m"}, {"generate", "--seed", "2", "--to", "auto", "-j", "1"},
	} {
		runBoth(t, args...)
		var out bytes.Buffer
		if _, ok := runLean(context.Background(), args, env{stdin: strings.NewReader(""), stdout: &out, stderr: &out}); !ok {
			t.Errorf("gattai %q: the lean model did not decide", args)
		}
	}
	var out bytes.Buffer
	if code, ok := runLean(context.Background(), []string{"--version"}, env{stdout: &out, stderr: &out}); !ok || code != exitOK || out.String() != version.Of("gattai")+"\n" {
		t.Errorf("--version: lean %v, exit %d, %q", ok, code, out.String())
	}
	for _, args := range [][]string{{"--help"}, {"count", "--help"}, {}, {"nosuch"}, {"count", "--nosuch"}} {
		if _, ok := runLean(context.Background(), args, env{stdout: &out, stderr: &out}); ok {
			t.Errorf("gattai %q: the lean model decided alone", args)
		}
	}
}

// The lean model sets every flag and argument of every command as the
// whole model does: each command parsed with all its flags given values
// other than their defaults (booleans set, negatable ones negated too),
// and its struct compared, field by field, with the whole model's.
func TestLeanSetsWhatWholeSets(t *testing.T) {
	var c cli
	exited := -1
	whole, nodes := wholeModel(t, &c, &exited)
	for _, n := range nodes {
		for _, negate := range []bool{false, true} {
			args := strings.Fields(n.FullPath())[1:]
			for _, f := range n.AllFlags(true) {
				for _, f := range f {
					if v, ok := flagArg(f, negate); ok {
						args = append(args, v)
					}
				}
			}
			for _, p := range n.Positional {
				args = append(args, valueArg(p))
			}
			c = cli{}
			exited = -1
			wctx, werr := parse(whole, args, &exited)
			if werr != nil {
				t.Fatalf("gattai %q: the whole model refused it: %v", args, werr)
			}
			want := wctx.Selected().Target
			l := newLean(args[0])
			used := map[string]bool{}
			usedVars(l.target.Elem().Type(), used)
			lexited := -1
			lp, err := newParser(l.target.Interface(), &bytes.Buffer{}, &bytes.Buffer{}, startVars(used), &lexited)
			if err != nil {
				t.Fatal(err)
			}
			lctx, err := parse(lp, args, &lexited)
			if err != nil {
				t.Fatalf("gattai %q: lean refused it: %v", args, err)
			}
			got, ok := l.command(lctx)
			if !ok {
				t.Fatalf("gattai %q: lean selected no command", args)
			}
			if g := reflect.ValueOf(got).Elem(); !reflect.DeepEqual(g.Interface(), want.Interface()) {
				t.Errorf("gattai %q:\nlean  %+v\nwhole %+v", args, g.Interface(), want.Interface())
			}
		}
	}
}

// flagArg is an argument that sets f to a value other than its
// default, if there is one to give; booleans set or, negated, unset
// (--no-).
func flagArg(f *kong.Flag, negate bool) (string, bool) {
	name := "--" + f.Name
	switch {
	case f.Name == "help" || f.Name == "version":
		return "", false
	case f.IsBool():
		if negate && f.Tag.Negatable != "" {
			return "--no-" + f.Name, true
		}
		return name, !negate || f.Default != "true"
	case f.IsCounter():
		return name, true
	}
	v := valueArg(f.Value)
	return name + "=" + v, v != f.Default
}

// valueArg is a value for v: the last of an enum, a number, a
// duration, or a word.
func valueArg(v *kong.Value) string {
	switch {
	case v.Enum != "":
		enum := v.EnumSlice()
		return enum[len(enum)-1]
	case v.Target.Type() == reflect.TypeFor[time.Duration]():
		return "3s"
	}
	switch reflect.Indirect(v.Target).Kind() {
	case reflect.Int, reflect.Int64, reflect.Uint, reflect.Uint64, reflect.Float64:
		return "3"
	}
	return "x" + v.Name
}

// The structs that the lean model rebuilds have no kong hooks (exported
// methods such as Validate or AfterApply) beside Run: the rebuilt types
// have no methods, so kong would not call them.
func TestLeanRebuildsNoHooks(t *testing.T) {
	seen := 0
	var walk func(t reflect.Type)
	walk = func(typ reflect.Type) {
		for i := range typ.NumField() {
			f := typ.Field(i)
			if !walked(f) {
				continue
			}
			seen++
			pt := reflect.PointerTo(f.Type)
			for m := range pt.Methods() {
				if m.Name != "Run" {
					t.Errorf("%v has method %s, which the lean model's copy lacks", f.Type, m.Name)
				}
			}
			walk(f.Type)
		}
	}
	walk(reflect.TypeFor[cli]())
	if seen < 20 {
		t.Errorf("%d structs rebuilt, want every command and flag group", seen)
	}
}

func TestWithoutHelp(t *testing.T) {
	for _, c := range []struct{ tag, want string }{
		{``, ``},
		{`help:"x"`, ``},
		{`short:"f" help:"a \"b\" c" default:"2"`, `short:"f" default:"2"`},
		{`help:"x" enum:"a,b"`, `enum:"a,b"`},
		{`cmd:"" help:"x\\"`, `cmd:""`},
		{`helpful:"x" help:"y"`, `helpful:"x"`},
		{`default:"${v}"  help:"${w}"`, `default:"${v}"`},
		{`default:"a" broken`, `default:"a" broken`},
		{`help:"unterminated`, `help:"unterminated`},
	} {
		if got := withoutHelp(reflect.StructTag(c.tag)); string(got) != c.want {
			t.Errorf("withoutHelp(%q) = %q, want %q", c.tag, got, c.want)
		}
	}
}

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

	"github.com/alecthomas/kong"
)

// wholeModel is kong's parser of the whole model into c, and its
// command nodes, subcommands included.
func wholeModel(t testing.TB, c *cli, exited *int) (*kong.Kong, []*kong.Node) {
	t.Helper()
	p, err := newParser(c, &bytes.Buffer{}, &bytes.Buffer{}, exited)
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
func commandPaths(t testing.TB) [][]string {
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

// runBoth runs args through run as users do (quickParse first) and
// with the whole model only, and fails unless both print the same and
// exit the same.
func runBoth(t *testing.T, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errb, wout, werrb bytes.Buffer
	code = run(context.Background(), args, env{stdin: strings.NewReader(""), stdout: &out, stderr: &errb})
	wcode := run(context.Background(), args, env{stdin: strings.NewReader(""), stdout: &wout, stderr: &werrb, whole: true})
	if code != wcode || out.String() != wout.String() || errb.String() != werrb.String() {
		t.Errorf("gattai %q: quick and whole model differ:\nexit %d, %d\nstdout %q\nwhole  %q\nstderr %q\nwhole  %q",
			args, code, wcode, out.String(), wout.String(), errb.String(), werrb.String())
	}
	return out.String(), errb.String(), code
}

// Help, usage errors and --version print exactly what the whole model
// prints, for every command: quickParse leaves them to it.
func TestQuickHelpAndErrorsUnchanged(t *testing.T) {
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

// quickAgrees fails unless args, if quickParse takes them, parse with
// kong to the same command and the same values, field by field. It
// reports whether quickParse took them.
func quickAgrees(t testing.TB, args []string) bool {
	t.Helper()
	c, r, ok := quickParse(slices.Clone(args))
	if !ok {
		return false
	}
	var w cli
	exited := -1
	p, err := newParser(&w, &bytes.Buffer{}, &bytes.Buffer{}, &exited)
	if err != nil {
		t.Fatal(err)
	}
	ctx, err := parse(p, args, &exited)
	switch {
	case err != nil:
		t.Errorf("gattai %q: quick took it, kong refused it: %v", args, err)
	case ctx.Selected() == nil || ctx.Selected().Name != args[0]:
		t.Errorf("gattai %q: quick ran %s, kong selected %v", args, args[0], ctx.Selected())
	case reflect.TypeOf(r).Elem() != ctx.Selected().Target.Type() ||
		reflect.ValueOf(r).Pointer()-reflect.ValueOf(c).Pointer() != ctx.Selected().Target.Addr().Pointer()-reflect.ValueOf(&w).Pointer():
		// The runner is not the same field of cli as kong's command.
		t.Errorf("gattai %q: quick's runner %T is not the command kong selected", args, r)
	default:
		// kong sets the defaults of every command; quickParse, of the
		// one it runs. The globals and that command must be equal.
		got, want := reflect.ValueOf(r).Elem().Interface(), ctx.Selected().Target.Interface()
		if !reflect.DeepEqual(got, want) || c.CPUProfile != w.CPUProfile || c.Version != w.Version {
			t.Errorf("gattai %q:\nquick %+v, %q\nkong  %+v, %q", args, got, c.CPUProfile, want, w.CPUProfile)
		}
	}
	return true
}

// Runs that parse give the same results quick or whole, and quickParse
// does take the plain ones: the fast start must not silently fall back.
func TestQuickRuns(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "p.txt")
	line := "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n"
	if err := os.WriteFile(file, []byte(line), 0o644); err != nil {
		t.Fatal(err)
	}
	prof := filepath.Join(dir, "cpu.prof")
	for _, args := range [][]string{
		{"count", file}, {"solve", file}, {"count", "--cpu-profile", prof, file},
		{"solve", "--cpu-profile=" + prof, "--to", "rows", file}, {"completion", "bash"},
		{"count", "--engine", "backtrack", "-j", "1", file, file}, {"count", file, "--limit", "3", "-e", "sat"},
		{"generate", "--seed", "1", "--timeout", "1m"}, {"generate", "--seed", "2", "--to", "auto", "-j", "1"},
		{"rate", "--no-uniqueness", file}, {"solve", "--verify", "--engine=sat", "--", file},
		{"count", "--no-verify", "--limit", "0x10", "-"},
	} {
		runBoth(t, args...)
		if !quickAgrees(t, args) {
			t.Errorf("gattai %q: quickParse did not take it", args)
		}
	}
	for _, args := range [][]string{
		{}, {"--version"}, {"--help"}, {"count", "--help"}, {"count", "-h"}, {"nosuch"}, {"count", "--nosuch"},
		{"--cpu-profile", prof, "count", file}, {"layouts"}, {"layouts", "show", "samurai"}, {"serve", "--help"},
		{"count", file, "--stats", file}, {"count", "-j1", file}, {"solve", "--first=true", file},
		{"count", "--jobs", "1", "--jobs", "2"}, {"count", "--jobs", "-1"}, {"count", "--jobs"}, {"count", "--jobs", "x"},
		{"count", "--engine", "nosuch"}, {"count", "--no-stats"}, {"count", "--no-engine", "sat"},
		{"count", "--version"}, {"completion"}, {"completion", "tcsh"}, {"decode", "a"}, {"count", "-x"},
		{"solve", "--timeout", "1"}, {"count", "--verify=true"},
	} {
		if quickAgrees(t, args) {
			t.Errorf("gattai %q: quickParse took it", args)
		}
		runBoth(t, args...)
	}
}

// quickParse sets every flag and argument of every command as the
// whole model does: each command parsed with all its flags given values
// other than their defaults (booleans set, negatable ones negated too,
// short names where there are), and its struct compared, field by
// field, with the whole model's. Only commands with subcommands or that
// pass their arguments through are left to kong.
func TestQuickSetsWhatWholeSets(t *testing.T) {
	var c cli
	exited := -1
	_, nodes := wholeModel(t, &c, &exited)
	taken := 0
	for _, n := range nodes {
		path := strings.Fields(n.FullPath())[1:]
		left := len(path) > 1 || n.Passthrough || slices.ContainsFunc(n.Children, func(ch *kong.Node) bool { return ch.Type == kong.CommandNode })
		for _, form := range []string{"long", "negated", "short"} {
			args := slices.Clone(path)
			for _, f := range n.AllFlags(true) {
				for _, f := range f {
					if v, ok := flagArg(f, form); ok {
						args = append(args, v...)
					}
				}
			}
			for _, p := range n.Positional {
				args = append(args, valueArg(p))
			}
			switch took := quickAgrees(t, args); {
			case took && left:
				t.Errorf("gattai %q: quickParse took a command it leaves to kong", args)
			case !took && !left:
				t.Errorf("gattai %q: quickParse did not take it", args)
			case took:
				taken++
			}
		}
	}
	if taken < 30 {
		t.Errorf("quickParse took %d lines, want every form of the ten commands without subcommands", taken)
	}
}

// flagArg is the words that set f to a value other than its default,
// if there is one to give: long names with their value after '=', or
// short names with it apart; booleans set or, negated, unset (--no-).
func flagArg(f *kong.Flag, form string) ([]string, bool) {
	name := "--" + f.Name
	switch {
	case f.Name == "help" || f.Name == "version":
		return nil, false
	case f.IsBool():
		if form == "negated" && f.Tag.Negatable != "" {
			return []string{"--no-" + f.Name}, true
		}
		return []string{name}, form != "negated" || f.Default != "true"
	case f.IsCounter():
		return []string{name}, true
	}
	v := valueArg(f.Value)
	if form == "short" && f.Short != 0 {
		return []string{"-" + string(f.Short), v}, v != f.Default
	}
	return []string{name + "=" + v}, v != f.Default
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

// kongName names fields as kong does, checked on kong's own model of a
// struct with those names.
func TestKongName(t *testing.T) {
	names := []string{"Stats", "LayoutFile", "CPUProfile", "PDFLoader", "Max25", "A1B", "ABc", "X", "Ab", "Go2Go", "HTTPServer2", "SumEncoding", "Zz9Z"}
	var fields []reflect.StructField
	for _, n := range names {
		fields = append(fields, reflect.StructField{Name: n, Type: reflect.TypeFor[string]()})
	}
	p, err := kong.New(reflect.New(reflect.StructOf(fields)).Interface())
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]bool{}
	for _, f := range p.Model.Flags {
		want[f.Name] = true
	}
	for _, f := range fields {
		if got := kongName(f); !want[got] {
			t.Errorf("kongName(%s) = %q, not among kong's %v", f.Name, got, want)
		}
	}
}

// A struct whose type kong would call a hook on (Validate, AfterApply,
// ...) is left to kong, as is a flag with a hook that the line sets or
// that has a default; the same structs without hooks are taken.
type (
	hookRoot[C any] struct {
		Cmd C `cmd:""`
	}
	plainCmd     struct{ N int }
	validCmd     struct{ N int }
	applyFlags   struct{ N int }
	embedsHooked struct{ applyFlags }
	hookFlag     bool
	flagCmd      struct{ H hookFlag }
	flagDefCmd   struct {
		H hookFlag `default:"true"`
	}
)

func (plainCmd) Run(*env) error       { return nil }
func (validCmd) Run(*env) error       { return nil }
func (*validCmd) Validate() error     { return nil }
func (embedsHooked) Run(*env) error   { return nil }
func (*applyFlags) AfterApply() error { return nil }
func (hookFlag) BeforeApply() error   { return nil }
func (flagCmd) Run(*env) error        { return nil }
func (flagDefCmd) Run(*env) error     { return nil }

func TestQuickLeavesHooks(t *testing.T) {
	take := func(root any, args ...string) bool {
		_, ok := quickInto(reflect.ValueOf(root).Elem(), args)
		return ok
	}
	if !take(&hookRoot[plainCmd]{}, "cmd", "--n", "1") {
		t.Error("a plain command not taken")
	}
	if take(&hookRoot[validCmd]{}, "cmd", "--n", "1") {
		t.Error("a command with Validate taken")
	}
	if take(&hookRoot[embedsHooked]{}, "cmd", "--n", "1") {
		t.Error("a command embedding flags with AfterApply taken")
	}
	if !take(&hookRoot[flagCmd]{}, "cmd") || take(&hookRoot[flagCmd]{}, "cmd", "--h") {
		t.Error("a flag with a hook: want taken unset, left to kong set")
	}
	if take(&hookRoot[flagDefCmd]{}, "cmd") {
		t.Error("a flag with a hook and a default taken")
	}
}

// quickVocabulary is the words the fuzzer builds lines of: every
// command, every flag in every form, values of every kind, and the
// odd ones out.
func quickVocabulary(t testing.TB) []string {
	var c cli
	exited := -1
	p, err := newParser(&c, &bytes.Buffer{}, &bytes.Buffer{}, &exited)
	if err != nil {
		t.Fatal(err)
	}
	words := []string{"--", "-", "", "=", "x", "a.txt", "a,b", "~/p", "0", "1", "2", "-1", "0x10", "010", "1_0", "99999999999999999999",
		"3s", "5ms", "-3s", "true", "false", "--no-", "-j2", "-jj", "--=", "--x=", "auto", "sat", "backtrack", "json"}
	var walk func(n *kong.Node)
	walk = func(n *kong.Node) {
		if n.Type == kong.CommandNode {
			words = append(words, n.Name)
		}
		for _, f := range n.Flags {
			words = append(words, "--"+f.Name, "--no-"+f.Name, "--"+f.Name+"=", "--"+f.Name+"=2", "--"+f.Name+"=x")
			if f.Short != 0 {
				words = append(words, "-"+string(f.Short))
			}
			words = append(words, f.Value.EnumSlice()...)
		}
		for _, a := range n.Positional {
			words = append(words, a.EnumSlice()...)
		}
		for _, ch := range n.Children {
			walk(ch)
		}
	}
	walk(p.Model.Node)
	slices.Sort(words)
	return slices.Compact(words)
}

// Whatever line quickParse takes, kong parses to the same values.
func FuzzQuickParse(f *testing.F) {
	words := quickVocabulary(f)
	var commands []string
	for _, p := range commandPaths(f) {
		commands = append(commands, p[0])
	}
	commands = slices.Compact(commands)
	// A byte for the command, then two bytes a word.
	for _, line := range [][]string{
		{"count", "a.txt"}, {"count", "--engine", "sat", "a.txt", "a.txt"}, {"solve", "-j", "2", "--", "-"},
		{"generate", "--count=2", "--symmetry", "rotate90"}, {"rate", "--no-uniqueness", "--to", "json"},
		{"count", "--no-verify", "--timeout", "3s"}, {"completion", "bash"}, {"decode", "a.txt", "x"},
		{"hint", "medium", "--", "--no-first"}, {"convert", "--to", "svg", "-o", "a.txt", "a.txt"},
	} {
		b := []byte{byte(slices.Index(commands, line[0]))}
		for _, w := range line[1:] {
			i, ok := slices.BinarySearch(words, w)
			if !ok {
				f.Fatalf("%q is not a word", w)
			}
			b = append(b, byte(i>>8), byte(i))
		}
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		if len(b) == 0 || len(b) > 25 {
			return
		}
		args := []string{commands[int(b[0])%len(commands)]}
		for i := 1; i+1 < len(b); i += 2 {
			args = append(args, words[(int(b[i])<<8|int(b[i+1]))%len(words)])
		}
		quickAgrees(t, args)
	})
}

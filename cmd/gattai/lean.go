package main

import (
	"bytes"
	"context"
	"reflect"
	"strings"
	"unicode"
	"unicode/utf8"

	"gattai/internal/version"

	"github.com/alecthomas/kong"
)

// lean is the lean model of one command, which a run that names a
// command parses with: kong.New is most of a short run's start, and it
// reads every tag of its model rune by rune, the help texts being most
// of their length. kong parses into target, a pointer to a struct of
// cli's global flags and that command, rebuilt by bare without help
// texts; command then copies what kong set into a cli, whose command
// has its methods (Run), which the rebuilt types lack.
type lean struct {
	target reflect.Value
	fields []int // the index in cli of each of target's fields
}

// newLean is the lean model of the command called name (none if no
// command has that name: the global flags alone).
func newLean(name string) lean {
	t := reflect.TypeFor[cli]()
	var fields []reflect.StructField
	var index []int
	named := false
	for i := range t.NumField() {
		f := t.Field(i)
		if _, cmd := f.Tag.Lookup("cmd"); cmd {
			if strings.ToLower(f.Name) != name {
				continue
			}
			named = true
		}
		fields, index = append(fields, f), append(index, i)
	}
	if !named {
		// Nothing to run (--version, or help or an error, which the
		// whole model prints), and two short tags to read.
		return lean{target: reflect.New(reflect.StructOf(fields)), fields: index}
	}
	return lean{target: reflect.New(bare(fields)), fields: index}
}

// runner is what every command is: Run with the process's env.
type runner interface{ Run(e *env) error }

// command copies what kong parsed into a cli and returns the command it
// selected, or false if it selected none.
func (l lean) command(ctx *kong.Context) (runner, bool) {
	node := ctx.Selected()
	if node == nil {
		return nil, false
	}
	var c cli
	dst, src := reflect.ValueOf(&c).Elem(), l.target.Elem()
	real := map[bareKey]reflect.Value{}
	for i, j := range l.fields {
		fill(dst.Field(j), src.Field(i), real)
	}
	v, ok := real[keyOf(node.Target)]
	if !ok {
		return nil, false
	}
	r, ok := v.Interface().(runner)
	return r, ok
}

// bareKey names a struct of a lean target: an embedded struct shares
// its address with its parent, not its type.
type bareKey struct {
	at uintptr
	t  reflect.Type
}

func keyOf(v reflect.Value) bareKey { return bareKey{v.Addr().Pointer(), v.Type()} }

// bare is a struct of fields without their help texts, and so are the
// structs kong walks into (commands, embedded flags): the same fields in
// the same order, with the same names, types and other tags. An
// embedded field becomes a named one tagged embed, since reflect cannot
// build a struct that embeds an unexported type; its name is exported,
// or kong could not set the flags it holds.
func bare(fields []reflect.StructField) reflect.Type {
	out := make([]reflect.StructField, len(fields))
	for i, f := range fields {
		f.Tag = withoutHelp(f.Tag)
		if walked(f) {
			inner := make([]reflect.StructField, f.Type.NumField())
			for j := range inner {
				inner[j] = f.Type.Field(j)
			}
			f.Type = bare(inner)
		}
		if f.Anonymous {
			r, n := utf8.DecodeRuneInString(f.Name)
			f.Name, f.PkgPath, f.Anonymous = string(unicode.ToUpper(r))+f.Name[n:], "", false
			if _, ok := f.Tag.Lookup("embed"); !ok {
				f.Tag = reflect.StructTag(strings.TrimSpace(`embed:"" ` + string(f.Tag)))
			}
		}
		out[i] = f
	}
	return reflect.StructOf(out)
}

// walked reports whether kong builds f's fields into the model: a
// command or embedded struct, not a value it decodes.
func walked(f reflect.StructField) bool {
	_, cmd := f.Tag.Lookup("cmd")
	_, embed := f.Tag.Lookup("embed")
	return f.Type.Kind() == reflect.Struct && (cmd || embed || f.Anonymous)
}

// fill copies src, a field of a lean target, into dst, the field of a
// cli that it stands for, and notes each struct of src with its
// counterpart in dst.
func fill(dst, src reflect.Value, real map[bareKey]reflect.Value) {
	switch {
	case dst.Type() != src.Type(): // rebuilt by bare
		real[keyOf(src)] = dst.Addr()
		for i := range dst.NumField() {
			fill(dst.Field(i), src.Field(i), real)
		}
	case dst.CanSet() && src.CanInterface():
		dst.Set(src)
	}
}

// withoutHelp is tag without its help key, in the grammar of
// reflect.StructTag; what does not parse is kept as it is.
func withoutHelp(tag reflect.StructTag) reflect.StructTag {
	s := string(tag)
	var out []string
	for s != "" {
		s = strings.TrimLeft(s, " ")
		i := 0
		for i < len(s) && s[i] > ' ' && s[i] != ':' && s[i] != '"' && s[i] != 0x7f {
			i++
		}
		j := i + 2
		for j < len(s) && s[j] != '"' {
			if s[j] == '\\' {
				j++
			}
			j++
		}
		if i == 0 || j >= len(s) || s[i] != ':' || s[i+1] != '"' {
			out = append(out, s)
			break
		}
		if s[:i] != "help" {
			out = append(out, s[:j+1])
		}
		s = s[j+1:]
	}
	return reflect.StructTag(strings.Join(out, " "))
}

// usedVars adds to used the variables (${name}) that the tags of t's
// fields use outside their help texts, which the lean model drops, and
// those of the structs it holds.
func usedVars(t reflect.Type, used map[string]bool) {
	for i := range t.NumField() {
		f := t.Field(i)
		tag := string(withoutHelp(f.Tag))
		for {
			at := strings.Index(tag, "${")
			if at < 0 {
				break
			}
			tag = tag[at+2:]
			end := strings.IndexAny(tag, "=}")
			if end < 0 {
				break
			}
			used[tag[:end]] = true
		}
		if f.Type.Kind() == reflect.Struct {
			usedVars(f.Type, used)
		}
	}
}

// runLean parses args with the lean model of the command that args
// name, which kong builds in a fraction of the time of the whole. It
// reports false when the lean model cannot decide alone: help, errors,
// no command; run then parses args again with the whole model, so their
// output is exactly the whole model's. Parsing has no effect beyond its
// writers (buffered here), and a command's flags and arguments parse
// the same with or without its siblings and help texts.
func runLean(ctx context.Context, args []string, e env) (int, bool) {
	l := newLean(commandName(args))
	used := map[string]bool{}
	usedVars(l.target.Elem().Type(), used)
	vars := startVars(used)
	var stdout, stderr bytes.Buffer
	exited := -1
	parser, err := newParser(l.target.Interface(), &stdout, &stderr, vars, &exited)
	if err != nil {
		return 0, false
	}
	code, err := parse(parser, args, &exited)
	switch {
	case err == nil && code.Command() != "":
		cmd, ok := l.command(code)
		if !ok {
			return 0, false
		}
		return execute(ctx, cmd.Run, l.target.Elem().FieldByName("CPUProfile").String(), e), true
	case exited == exitOK && stderr.Len() == 0 && stdout.String() == version.Of("gattai")+"\n":
		// --version, which prints the same whatever the model.
		e.stdout.Write(stdout.Bytes())
		return exitOK, true
	}
	return 0, false
}

// commandName is the command that args name: the first argument that is
// not a flag, nor the value of the one global flag that takes one.
func commandName(args []string) string {
	for i := 0; i < len(args); i++ {
		switch a := args[i]; {
		case a == "--":
			return ""
		case a == "--cpu-profile":
			i++
		case strings.HasPrefix(a, "-"):
		default:
			return a
		}
	}
	return ""
}

package main

import (
	"reflect"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/alecthomas/kong"
)

// quickParse parses a plain command line without kong: a command first,
// then its flags (--name value, --name=value, -x value, --[no-]bool)
// and its arguments, in any order that keeps the arguments together.
// kong builds its model of every command from their tags in every run,
// most of a short run's start; quickParse reads the tags of the named
// command alone. It declines (false) whatever it does not know as kong
// does, which kong then parses: help, errors, --version, subcommands,
// hooks, repeated flags, short flags run together, a value that starts
// with '-'. A line it accepts sets every field as kong would, which the
// tests hold it to flag by flag and by fuzzing.
func quickParse(args []string) (*cli, runner, bool) {
	c := new(cli)
	r, ok := quickInto(reflect.ValueOf(c).Elem(), args)
	return c, r, ok
}

// runner is what every command is: Run with the process's env.
type runner interface{ Run(e *env) error }

// quickInto is quickParse into root, a struct of global flags and
// commands.
func quickInto(root reflect.Value, args []string) (runner, bool) {
	if len(args) == 0 {
		return nil, false
	}
	q := quickModel{command: args[0]}
	if !q.add(root, true) {
		return nil, false
	}
	cmd := q.cmd
	if !cmd.IsValid() || !q.defaults() || !q.parse(args[1:]) {
		return nil, false
	}
	r, ok := cmd.Addr().Interface().(runner)
	return r, ok
}

// quickModel is the flags and arguments of one command, its globals
// included.
type quickModel struct {
	command string        // its name
	cmd     reflect.Value // its struct
	flags   []*quickField
	args    []*quickField
}

// quickField is a flag or argument and the field it sets.
type quickField struct {
	v         reflect.Value
	name      string // flag: --name
	short     string // flag: -x
	def       string
	hasDef    bool
	enum      string
	path      bool // kong's type:"path": expanded
	negatable bool
	optional  bool // argument
	plain     bool // quickParse may set it: its type has no hooks
	set       bool
}

// kongHooks are the methods kong calls on the values it parses into.
var kongHooks = []string{"BeforeReset", "BeforeResolve", "BeforeApply", "AfterApply", "AfterRun", "Validate"}

// hooked reports whether kong calls a method of t's.
func hooked(t reflect.Type) bool {
	pt := reflect.PointerTo(t)
	for _, m := range kongHooks {
		if _, ok := pt.MethodByName(m); ok {
			return true
		}
	}
	return false
}

// The tag keys quickParse knows, by where they may be: a field with any
// other leaves the line to kong.
var (
	flagKeys    = []string{"help", "default", "enum", "short", "placeholder", "hidden", "negatable", "type", "predictor"}
	argKeys     = []string{"help", "arg", "optional", "enum", "placeholder", "predictor"}
	embedKeys   = []string{"embed", "set", "kong"}
	commandKeys = []string{"cmd", "help", "passthrough"}
)

// add adds the fields of struct v (cli's globals if top, else a
// command), walking into embedded structs; false if one is not for
// quickParse.
func (q *quickModel) add(v reflect.Value, top bool) bool {
	t := v.Type()
	if hooked(t) {
		return false
	}
	for i := range t.NumField() {
		f := t.Field(i)
		tag, ok := readTag(f.Tag)
		if !ok {
			return false
		}
		switch {
		case tag.has("cmd"):
			switch {
			case !top || !tag.within(commandKeys):
				return false // a subcommand
			case kongName(f) != q.command:
			case tag.has("passthrough") || !q.add(v.Field(i), false):
				return false
			default:
				q.cmd = v.Field(i)
			}
		case f.Anonymous || tag.has("embed"):
			if f.Type.Kind() != reflect.Struct || !tag.within(embedKeys) || !setsOnly(tag.get("kong")) || !q.add(v.Field(i), false) {
				return false
			}
		case !f.IsExported():
			// kong skips it too.
		case tag.has("arg"):
			if !tag.within(argKeys) || f.Type != reflect.TypeFor[string]() && f.Type != reflect.TypeFor[[]string]() {
				return false
			}
			q.args = append(q.args, &quickField{v: v.Field(i), enum: tag.get("enum"), optional: tag.has("optional"), plain: true})
		default:
			qf, ok := newQuickFlag(f, tag, v.Field(i))
			if !ok {
				return false
			}
			q.flags = append(q.flags, qf)
		}
	}
	return true
}

// newQuickFlag is the flag of field f, set in v.
func newQuickFlag(f reflect.StructField, tag quickTag, v reflect.Value) (*quickField, bool) {
	typ, _ := tag.lookup("type")
	neg, isNeg := tag.lookup("negatable")
	def, hasDef := tag.lookup("default")
	qf := &quickField{
		v: v, name: kongName(f), short: tag.get("short"), def: def, hasDef: hasDef,
		enum: tag.get("enum"), path: typ == "path", negatable: isNeg, plain: !hooked(f.Type),
	}
	switch {
	case !tag.within(flagKeys), typ != "" && (typ != "path" || f.Type.Kind() != reflect.String || hasDef),
		len(qf.short) > 1, neg != "", strings.Contains(def, "$"), strings.Contains(qf.enum, "$"):
		return nil, false
	case !qf.plain:
		return qf, !hasDef // kong would call its hooks on its default
	}
	switch f.Type {
	case reflect.TypeFor[string](), reflect.TypeFor[int](), reflect.TypeFor[bool](), reflect.TypeFor[time.Duration]():
		return qf, !isNeg || f.Type.Kind() == reflect.Bool
	case reflect.TypeFor[*bool]():
		return qf, isNeg && !hasDef
	}
	return nil, false
}

// defaults sets every field with a default to it.
func (q *quickModel) defaults() bool {
	for _, f := range q.flags {
		if f.hasDef && !f.decode(f.def) {
			return false
		}
	}
	return true
}

// parse sets the flags and arguments of args, the words after the
// command.
func (q *quickModel) parse(args []string) bool {
	var positional []string
	rest, gap := false, false
	for i := 0; i < len(args); i++ {
		a := args[i]
		if rest || a == "" || a == "-" || a[0] != '-' {
			if gap {
				return false // kong takes a list of arguments at once, up to a flag
			}
			positional = append(positional, a)
			continue
		}
		gap = len(positional) > 0 // so does "--"
		if a == "--" {
			rest = true
			continue
		}
		f, value, hasValue, no := q.flag(a)
		if f == nil || f.set || !f.plain {
			return false
		}
		f.set = true
		switch isBool := f.v.Kind() == reflect.Bool || f.v.Kind() == reflect.Pointer; {
		case isBool && hasValue, no && !f.negatable:
			return false
		case isBool:
			if f.v.Kind() == reflect.Pointer {
				f.v.Set(reflect.ValueOf(new(!no)))
			} else {
				f.v.SetBool(!no)
			}
			continue
		case no:
			return false
		case !hasValue:
			if i+1 == len(args) || strings.HasPrefix(args[i+1], "-") {
				return false
			}
			i++
			value = args[i]
		}
		if !f.decode(value) {
			return false
		}
	}
	for _, f := range q.args {
		switch {
		case f.v.Kind() == reflect.Slice:
			if len(positional) > 0 {
				f.v.Set(reflect.ValueOf(positional))
			}
			positional = nil
		case len(positional) > 0:
			if !f.decode(positional[0]) {
				return false
			}
			positional = positional[1:]
		case !f.optional:
			return false
		}
	}
	return len(positional) == 0
}

// flag is the flag that word a (starting with '-') names, the value
// it gives after '=', and whether it is negated (--no-name).
func (q *quickModel) flag(a string) (f *quickField, value string, hasValue, no bool) {
	if !strings.HasPrefix(a, "--") {
		for _, f := range q.flags {
			if len(a) == 2 && f.short == a[1:] {
				return f, "", false, false
			}
		}
		return nil, "", false, false
	}
	name := a[2:]
	if at := strings.IndexByte(name, '='); at >= 0 {
		name, value, hasValue = name[:at], name[at+1:], true
	}
	for _, f := range q.flags {
		if f.name == name {
			return f, value, hasValue, false
		}
	}
	if name, ok := strings.CutPrefix(name, "no-"); ok {
		for _, f := range q.flags {
			if f.name == name {
				return f, value, hasValue, true
			}
		}
	}
	return nil, "", false, false
}

// decode sets f to value as kong's decoder of its type does; false
// where kong would fail.
func (f *quickField) decode(value string) bool {
	if f.enum != "" && !inEnum(f.enum, value) {
		return false
	}
	switch f.v.Type() {
	case reflect.TypeFor[string]():
		if f.path && value != "-" {
			value = kong.ExpandPath(value)
		}
		f.v.SetString(value)
	case reflect.TypeFor[int]():
		n, err := strconv.ParseInt(value, 0, f.v.Type().Bits())
		if err != nil {
			return false
		}
		f.v.SetInt(n)
	case reflect.TypeFor[time.Duration]():
		d, err := time.ParseDuration(value)
		if err != nil {
			return false
		}
		f.v.SetInt(int64(d))
	case reflect.TypeFor[bool]():
		if value != "true" && value != "false" {
			return false
		}
		f.v.SetBool(value == "true")
	default:
		return false
	}
	return true
}

func inEnum(enum, value string) bool {
	for e := range strings.SplitSeq(enum, ",") {
		if strings.TrimSpace(e) == value {
			return true
		}
	}
	return false
}

// kongName is the name kong gives field f: its words, split where the
// kind of character changes (lower and upper case, digits, others),
// an upper-case letter before lower-case ones starting a word,
// lowercased and joined by '-' (LayoutFile: layout-file, CPUProfile:
// cpu-profile, Max25: max-25); "" for a name beyond ASCII.
func kongName(f reflect.StructField) string {
	s := f.Name
	var buf [40]byte
	b := buf[:0]
	for i := range len(s) {
		c, k := s[i], charClass(s[i])
		if c >= utf8.RuneSelf {
			return ""
		}
		if i > 0 {
			p := charClass(s[i-1])
			if k != p && (p != 'A' || k != 'a') || p == 'A' && k == 'A' && i+1 < len(s) && charClass(s[i+1]) == 'a' {
				b = append(b, '-')
			}
		}
		if k == 'A' {
			c += 'a' - 'A'
		}
		b = append(b, c)
	}
	return string(b)
}

// charClass is the kind of c for kongName: 'a', 'A', '0' or '.'.
func charClass(c byte) byte {
	switch {
	case 'a' <= c && c <= 'z':
		return 'a'
	case 'A' <= c && c <= 'Z':
		return 'A'
	case '0' <= c && c <= '9':
		return '0'
	}
	return '.'
}

// tagPair is a key and its value in a struct tag.
type tagPair struct{ key, value string }

// quickTag is a field's tag read once: reflect.StructTag.Lookup walks
// the whole tag, help text and all, at each call.
type quickTag []tagPair

// readTag reads tag in reflect.StructTag's grammar, leaving help texts
// quoted (unread); false where it does not parse (kong would read it in
// its own syntax).
func readTag(tag reflect.StructTag) (quickTag, bool) {
	s := string(tag)
	out := make(quickTag, 0, 4)
	for {
		s = strings.TrimLeft(s, " ")
		if s == "" {
			return out, true
		}
		i := 0
		for i < len(s) && s[i] > ' ' && s[i] != ':' && s[i] != '"' && s[i] != 0x7f {
			i++
		}
		if i == 0 || i+1 >= len(s) || s[i] != ':' || s[i+1] != '"' {
			return nil, false
		}
		key := s[:i]
		s = s[i+1:]
		j := 0 // the closing quote: the first not escaped
		for {
			k := strings.IndexByte(s[j+1:], '"')
			if k < 0 {
				return nil, false
			}
			j += 1 + k
			n := 0
			for s[j-1-n] == '\\' {
				n++
			}
			if n%2 == 0 {
				break
			}
		}
		value := s[1:j]
		if key != "help" && strings.IndexByte(value, '\\') >= 0 {
			return nil, false // no tag quickParse reads escapes
		}
		out = append(out, tagPair{key, value})
		s = s[j+1:]
	}
}

// lookup is the value of key, and whether the tag has it.
func (t quickTag) lookup(key string) (string, bool) {
	for _, p := range t {
		if p.key == key {
			return p.value, true
		}
	}
	return "", false
}

func (t quickTag) get(key string) string {
	v, _ := t.lookup(key)
	return v
}

func (t quickTag) has(key string) bool {
	_, ok := t.lookup(key)
	return ok
}

// within reports whether every key of t is in allowed.
func (t quickTag) within(allowed []string) bool {
	for _, p := range t {
		if !slices.Contains(allowed, p.key) {
			return false
		}
	}
	return true
}

// setsOnly reports whether a kong tag holds only set='...' entries,
// which set help variables and nothing that parsing sees.
func setsOnly(tag string) bool {
	for tag != "" {
		rest, ok := strings.CutPrefix(tag, "set='")
		if !ok {
			return false
		}
		end := strings.IndexByte(rest, '\'')
		if end < 0 {
			return false
		}
		tag, _ = strings.CutPrefix(rest[end+1:], ",")
	}
	return true
}

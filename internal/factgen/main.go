// Command factgen writes the fast decoders of a game's facts: for every
// payload type the package declares with kit.On, a DecodeFact method that
// reads the JSON our encoder writes without reflection, as encoding/json
// would read it (the engines' decoder tests hold each one to encoding/json
// on seeds and under a fuzzer); for every command declared with kit.Do, a
// DecodeArgs method that reads its recorded arguments back the same way,
// for a re-decision. Run it with `go generate` in the package:
//
//	//go:generate go run warlog/internal/factgen
//
// It writes facts_gen.go, marked generated; the payload types stay the one
// place where a fact's fields are written.
//
// A payload field tagged `fold:"skip"` is one the game's fold never reads
// (a roll's steps, a reason's text): for a payload with such fields factgen
// also writes FoldFact, which reads it as DecodeFact does but passes over
// those fields' values, leaving them zero, and a replay folds through it
// (kit.FoldDecoder). A decode for anything else (a report, a log) reads
// every field.
//
// A []string field tagged `factgen:"shared"` is one its game never writes
// into: its decoder hands out one slice for the same array (an incarn's
// Fleshtypes in every game it fights; jsonscan.ListInterner). A slice of
// structs so tagged has each element read once for the same object as
// written (a figure in every game it starts; jsonscan.Values): a struct
// whose only references are strings and shared lists, so that a copy of
// it shares nothing its game writes into.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"go/format"
	"go/types"
	"log"
	"os"
	"reflect"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/tools/go/packages"
)

const kitPath = "warlog/engines/kit"

// enginesPath is the package of the types every game shares (the
// campaign, an outcome): their readers are written once, there, exported
// (ReadOutcome), and every game's generated file calls them.
const enginesPath = "warlog/engines"

// sharedTypes are the types of package engines that games' facts and
// states hold, whose readers package engines has (and what they hold).
var sharedTypes = []string{"Campaign", "Outcome"}

func main() {
	log.SetFlags(0)
	log.SetPrefix("factgen: ")
	out := flag.String("o", Output, "the file to write")
	flag.Parse()
	src, err := Generate(".")
	if err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile(*out, src, 0o644); err != nil {
		log.Fatal(err)
	}
}

// Output is the generated file's name.
const Output = "facts_gen.go"

// Generate gives the generated file of the package in dir.
func Generate(dir string) ([]byte, error) {
	cfg := &packages.Config{Dir: dir, Mode: packages.NeedName | packages.NeedTypes | packages.NeedTypesInfo | packages.NeedSyntax | packages.NeedFiles}
	pkgs, err := packages.Load(cfg, ".")
	if err != nil {
		return nil, err
	}
	if len(pkgs) != 1 {
		return nil, fmt.Errorf("want one package in %s, got %d", dir, len(pkgs))
	}
	pkg := pkgs[0]
	for _, e := range pkg.Errors {
		// A generated file of an older shape may not compile; the types
		// this reads are elsewhere, so carry on.
		log.Printf("warning: %v", e)
	}
	if pkg.PkgPath == enginesPath {
		g := &gen{pkg: pkg.Types, readers: map[string]bool{}, values: map[string]string{}, shared: true, commands: commands(pkg)}
		var list []*types.Named
		for _, name := range sharedTypes {
			obj, ok := pkg.Types.Scope().Lookup(name).(*types.TypeName)
			if !ok {
				return nil, fmt.Errorf("%s has no type %s", enginesPath, name)
			}
			list = append(list, obj.Type().(*types.Named))
		}
		return g.file(list)
	}
	payloads, state := declaredPayloads(pkg)
	if len(payloads) == 0 {
		return nil, fmt.Errorf("%s declares no facts with kit.On", pkg.PkgPath)
	}
	g := &gen{pkg: pkg.Types, readers: map[string]bool{}, state: state, values: map[string]string{}, commands: commands(pkg)}
	return g.file(payloads)
}

// commands finds the package's commands: its struct types with a Verb
// method (engines.Command; a game declares each with kit.Do, often
// through a helper of its own), in a stable order.
func commands(pkg *packages.Package) []*types.Named {
	var out []*types.Named
	scope := pkg.Types.Scope()
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok || tn.IsAlias() {
			continue
		}
		n, ok := tn.Type().(*types.Named)
		if !ok || n.TypeParams().Len() > 0 || custom(n) {
			continue
		}
		if _, isStruct := n.Underlying().(*types.Struct); !isStruct {
			continue
		}
		m, _, _ := types.LookupFieldOrMethod(n, false, pkg.Types, "Verb")
		if f, ok := m.(*types.Func); ok && f.Type().(*types.Signature).Params().Len() == 0 {
			out = append(out, n)
		}
	}
	return out
}

// declaredPayloads finds the P of every kit.On[S, P] and kit.Record[S, P]
// call in the package (a recorded fact folds into nothing, but a replay
// still reads it, and reflection would compile a decoder for it first):
// the payload types of its facts, in a stable order; and the state, the
// struct S points to, when it is the package's own.
func declaredPayloads(pkg *packages.Package) (out []*types.Named, state *types.Named) {
	seen := map[*types.Named]bool{}
	for id, inst := range pkg.TypesInfo.Instances {
		obj := pkg.TypesInfo.Uses[id]
		fn, ok := obj.(*types.Func)
		if !ok || fn.Pkg() == nil || fn.Pkg().Path() != kitPath || (fn.Name() != "On" && fn.Name() != "Record") || inst.TypeArgs.Len() != 2 {
			continue
		}
		if p, ok := inst.TypeArgs.At(0).(*types.Pointer); ok {
			if n, ok := p.Elem().(*types.Named); ok && n.Obj().Pkg() == pkg.Types {
				if _, isStruct := n.Underlying().(*types.Struct); isStruct {
					state = n
				}
			}
		}
		n, ok := inst.TypeArgs.At(1).(*types.Named)
		if !ok || n.Obj().Pkg() != pkg.Types || seen[n] {
			continue // a payload of another package has its own decoder there
		}
		if _, isStruct := n.Underlying().(*types.Struct); !isStruct {
			continue
		}
		seen[n] = true
		out = append(out, n)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Obj().Name() < out[j].Obj().Name() })
	return out, state
}

type gen struct {
	pkg     *types.Package
	buf     bytes.Buffer
	readers map[string]bool // reader functions written or queued
	queue   []*types.Named
	imports map[string]bool
	temps   int               // names of temporaries, unique in a function
	lists   bool              // a field is read through factLists
	values  map[string]string // the jsonscan.Values read through, by name: their type
	via     string            // the Values the next struct is read through
	state   *types.Named      // the game's state, read in place from a snapshot
	// commands are the game's commands (kit.Do): a re-decision reads each
	// recorded one back (DecodeArgs).
	commands []*types.Named
	// shared: the file is package engines', its readers the shared
	// types' (sharedTypes), exported.
	shared bool
}

// temp is a fresh name for a temporary.
func (g *gen) temp(base string) string {
	g.temps++
	return base + strconv.Itoa(g.temps)
}

func (g *gen) p(format string, args ...any) { fmt.Fprintf(&g.buf, format, args...) }

func (g *gen) file(payloads []*types.Named) ([]byte, error) {
	g.imports = map[string]bool{"warlog/internal/jsonscan": true}
	var body bytes.Buffer
	var folded []*types.Named
	for _, n := range payloads {
		if g.shared {
			g.reader(n)
			continue
		}
		name := n.Obj().Name()
		g.p("// DecodeFact reads a %s as encoding/json reads it, without reflection.\n", name)
		g.p("func (%s) DecodeFact(b []byte) (%s, error) {\n\ts := jsonscan.New(b)\n\tv := %s(s)\n\treturn v, s.Done()\n}\n\n", name, name, g.reader(n))
		skip, err := g.skips(n.Underlying().(*types.Struct))
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		if skip {
			g.p("// FoldFact reads a %s as DecodeFact does, but passes over the fields the\n// fold does not read (tagged fold:\"skip\"), which stay zero.\n", name)
			g.p("func (%s) FoldFact(b []byte) (%s, error) {\n\ts := jsonscan.New(b)\n\tv := fold%s(s)\n\treturn v, s.Done()\n}\n\n", name, name, g.typeKey(n))
			folded = append(folded, n)
		}
	}
	for _, n := range folded {
		if err := g.readerFunc(n, false, true); err != nil {
			return nil, err
		}
	}
	for _, n := range g.commands {
		name := n.Obj().Name()
		g.p("// DecodeArgs reads a recorded %s as encoding/json reads it, without\n// reflection.\n", name)
		g.p("func (%s) DecodeArgs(b []byte) (%s, error) {\n\ts := jsonscan.New(b)\n\tv := %s(s)\n\treturn v, s.Done()\n}\n\n", name, name, g.reader(n))
	}
	if g.state != nil {
		name := g.state.Obj().Name()
		g.p("// DecodeSnapshot reads a snapshot of the %s into v as encoding/json\n// reads it (a field the snapshot lacks keeps its value), without reflection.\n", name)
		g.p("func (v *%s) DecodeSnapshot(b []byte) error {\n\ts := jsonscan.New(b)\n\tread%sInto(s, v)\n\treturn s.Done()\n}\n\n", name, g.typeKey(g.state))
		if err := g.readerFunc(g.state, true, false); err != nil {
			return nil, err
		}
	}
	for len(g.queue) > 0 {
		n := g.queue[0]
		g.queue = g.queue[1:]
		if err := g.readerFunc(n, false, false); err != nil {
			return nil, err
		}
	}
	body.Write(g.buf.Bytes())
	var head bytes.Buffer
	fmt.Fprintf(&head, "// Code generated by warlog/internal/factgen. DO NOT EDIT.\n\npackage %s\n\nimport (\n", g.pkg.Name())
	var imps []string
	for p := range g.imports {
		imps = append(imps, p)
	}
	sort.Strings(imps)
	for _, p := range imps {
		fmt.Fprintf(&head, "\t%q\n", p)
	}
	head.WriteString(")\n\n// factStrings interns the short texts the facts repeat (names, sides).\nvar factStrings jsonscan.Interner\n\n")
	if g.lists {
		head.WriteString("// factLists shares the lists of texts the facts repeat (factgen:\"shared\").\nvar factLists jsonscan.ListInterner\n\n")
	}
	var vals []string
	for name := range g.values {
		vals = append(vals, name)
	}
	sort.Strings(vals)
	for _, name := range vals {
		fmt.Fprintf(&head, "// %s are the %s the facts repeat, each read once (factgen:\"shared\").\nvar %s jsonscan.Values[%s]\n\n", name, g.values[name], name, g.values[name])
	}
	head.Write(body.Bytes())
	src, err := format.Source(head.Bytes())
	if err != nil {
		return head.Bytes(), fmt.Errorf("formatting: %v", err)
	}
	return src, nil
}

// reader names the function that reads a struct type n, queueing it; a
// type of package engines is read by the reader written there.
func (g *gen) reader(n *types.Named) string {
	if !g.shared && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == enginesPath {
		g.imports[enginesPath] = true
		return n.Obj().Pkg().Name() + ".Read" + n.Obj().Name()
	}
	name := g.readerName(n)
	if !g.readers[name] {
		g.readers[name] = true
		g.queue = append(g.queue, n)
	}
	return name
}

// readerName is the name of the function that reads n in this file:
// exported in package engines (ReadOutcome), for the games to call.
func (g *gen) readerName(n *types.Named) string {
	if g.shared {
		return "Read" + g.typeKey(n)
	}
	return "read" + g.typeKey(n)
}

// typeKey is a name for n unique in the generated file.
func (g *gen) typeKey(n *types.Named) string {
	if n.Obj().Pkg() == g.pkg {
		return n.Obj().Name()
	}
	return strings.ToUpper(n.Obj().Pkg().Name()[:1]) + n.Obj().Pkg().Name()[1:] + n.Obj().Name()
}

// typeName is how the generated file writes t.
func (g *gen) typeName(t types.Type) string {
	return types.TypeString(t, func(p *types.Package) string {
		if p == g.pkg {
			return ""
		}
		g.imports[p.Path()] = true
		return p.Name()
	})
}

// field is a JSON key of a struct and the Go path to its field.
type field struct {
	key  string
	path string // "A" or "Ref.Side" for an embedded struct's field
	typ  types.Type
	// skip: tagged fold:"skip", a field the fold does not read.
	skip bool
	// shared: tagged factgen:"shared", a list of strings read as one
	// slice for the same array.
	shared bool
}

// shareable checks that t is a slice of a struct whose copy shares nothing
// its game writes into: its fields are numbers, booleans, strings, such
// structs, and lists tagged factgen:"shared".
func (g *gen) shareable(t types.Type) error {
	sl, ok := t.(*types.Slice)
	if !ok {
		return fmt.Errorf("%s is not a slice", t)
	}
	n, ok := sl.Elem().(*types.Named)
	if !ok {
		return fmt.Errorf("%s is not a named struct", sl.Elem())
	}
	return g.plainStruct(n)
}

func (g *gen) plainStruct(n *types.Named) error {
	st, ok := n.Underlying().(*types.Struct)
	if !ok || custom(n) {
		return fmt.Errorf("%s is not a struct read field by field", n)
	}
	fs, err := g.structFields(st)
	if err != nil {
		return err
	}
	for _, f := range fs {
		switch u := f.typ.Underlying().(type) {
		case *types.Basic:
			continue
		case *types.Struct:
			if fn, ok := f.typ.(*types.Named); ok {
				if err := g.plainStruct(fn); err != nil {
					return err
				}
				continue
			}
		case *types.Slice:
			if f.shared && types.Identical(u, types.NewSlice(types.Typ[types.String])) {
				continue
			}
		}
		return fmt.Errorf("%s.%s is a %s", n.Obj().Name(), f.path, f.typ)
	}
	return nil
}

// skips reports whether a key of st (its embedded structs' included) is
// tagged fold:"skip".
func (g *gen) skips(st *types.Struct) (bool, error) {
	fs, err := g.structFields(st)
	for _, f := range fs {
		if f.skip {
			return true, err
		}
	}
	return false, err
}

// fields lists the keys encoding/json reads into struct st, in the order
// our encoder writes them, embedded structs' fields flattened.
func (g *gen) fields(st *types.Struct, prefix string, depth int, into map[string][]fieldAt) error {
	for i := 0; i < st.NumFields(); i++ {
		f := st.Field(i)
		tag := reflect.StructTag(st.Tag(i)).Get("json")
		if tag == "-" {
			continue
		}
		name, opts, _ := strings.Cut(tag, ",")
		if strings.Contains(","+opts+",", ",string,") {
			return fmt.Errorf("%s: the ,string option is not read by factgen", f.Name())
		}
		if f.Embedded() && name == "" {
			t := f.Type()
			if _, isPtr := t.(*types.Pointer); isPtr {
				return fmt.Errorf("%s: an embedded pointer is not read by factgen", f.Name())
			}
			if s, ok := t.Underlying().(*types.Struct); ok && !custom(t) {
				if err := g.fields(s, prefix+f.Name()+".", depth+1, into); err != nil {
					return err
				}
				continue
			}
		}
		if !f.Exported() {
			continue
		}
		if name == "" {
			name = f.Name()
		}
		skip := reflect.StructTag(st.Tag(i)).Get("fold") == "skip"
		shared := reflect.StructTag(st.Tag(i)).Get("factgen") == "shared"
		if shared && !types.Identical(f.Type(), types.NewSlice(types.Typ[types.String])) {
			if err := g.shareable(f.Type()); err != nil {
				return fmt.Errorf("%s: factgen:\"shared\" is for a []string or a slice of plain structs: %w", f.Name(), err)
			}
		}
		into[name] = append(into[name], fieldAt{field{key: name, path: prefix + f.Name(), typ: f.Type(), skip: skip, shared: shared}, depth, tag != "", len(into)})
	}
	return nil
}

type fieldAt struct {
	field
	depth  int
	tagged bool
	order  int
}

// structFields resolves the keys of st as encoding/json does: the
// shallowest field of a name wins, a tagged one among equals; a tie hides
// the name.
func (g *gen) structFields(st *types.Struct) ([]field, error) {
	all := map[string][]fieldAt{}
	if err := g.fields(st, "", 0, all); err != nil {
		return nil, err
	}
	var out []fieldAt
	for _, cands := range all {
		sort.SliceStable(cands, func(i, j int) bool { return cands[i].depth < cands[j].depth })
		best := cands[0]
		tie := false
		for _, c := range cands[1:] {
			if c.depth == best.depth {
				if c.tagged == best.tagged {
					tie = true
				} else if c.tagged {
					best = c
				}
			}
		}
		if !tie {
			out = append(out, best)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].order < out[j].order })
	fs := make([]field, len(out))
	for i, f := range out {
		fs[i] = f.field
	}
	return fs, nil
}

// readerFunc writes the function that reads struct type n: returning a
// new value, or (into) into the value a pointer names, keeping the fields
// the JSON lacks; or (fold) the fold's reader, which passes over the
// values of the fields tagged fold:"skip".
func (g *gen) readerFunc(n *types.Named, into, fold bool) error {
	st := n.Underlying().(*types.Struct)
	fs, err := g.structFields(st)
	if err != nil {
		return fmt.Errorf("%s: %w", n.Obj().Name(), err)
	}
	name := g.readerName(n)
	if fold {
		name = "fold" + g.typeKey(n)
	}
	value := func(f field, ind string) {
		if fold && f.skip {
			g.p("%ss.Skip()\n", ind)
			return
		}
		if f.shared {
			if types.Identical(f.typ, types.NewSlice(types.Typ[types.String])) {
				g.lists = true
				g.p("%sv.%s = s.SharedStrings(&factLists, &factStrings)\n", ind, f.path)
				return
			}
			elem := f.typ.(*types.Slice).Elem().(*types.Named)
			g.via = "fact" + g.typeKey(elem) + "s"
			g.values[g.via] = g.typeName(elem)
			defer func() { g.via = "" }()
		}
		g.value("v."+f.path, f.typ, ind)
	}
	g.temps = 0
	if g.shared {
		g.p("// %s reads a %s as encoding/json reads it, without reflection: the\n// one reader of every game's generated decoders (internal/factgen).\n", name, n.Obj().Name())
	}
	if into {
		g.p("func %sInto(s *jsonscan.Scanner, v *%s) {\n\ti := 0\n", name, g.typeName(n))
	} else {
		g.p("func %s(s *jsonscan.Scanner) (v %s) {\n\ti := 0\n", name, g.typeName(n))
	}
	if len(fs) > 0 {
		// The keys in the order our encoder writes them cost a
		// comparison each; anything else takes the loop below.
		g.p("\tif s.Expect(`{%q:`) {\n\t\ti = 1\n", fs[0].key)
		value(fs[0], "\t\t")
		for _, f := range fs[1:] {
			g.p("\t\tif s.Expect(`,%q:`) {\n", f.key)
			value(f, "\t\t\t")
			g.p("\t\t}\n")
		}
		g.p("\t}\n")
	}
	g.p("\tfor ; s.Field(i); i++ {\n\t\tswitch string(s.Key()) {\n")
	for _, f := range fs {
		g.p("\t\tcase %q:\n", f.key)
		value(f, "\t\t\t")
	}
	g.p("\t\tdefault:\n\t\t\ts.SkipField()\n\t\t}\n\t}\n")
	if !into {
		g.p("\treturn v\n")
	}
	g.p("}\n\n")
	return nil
}

// custom reports whether t decodes itself (json.Unmarshaler or
// encoding.TextUnmarshaler), which the generated code then leaves to
// encoding/json.
func custom(t types.Type) bool {
	for _, m := range []string{"UnmarshalJSON", "UnmarshalText"} {
		if obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(t), true, nil, m); obj != nil {
			if _, ok := obj.(*types.Func); ok {
				return true
			}
		}
	}
	return false
}

// value writes the statements that read the current value into dst, of
// type t.
func (g *gen) value(dst string, t types.Type, ind string) {
	if custom(t) {
		g.p("%ss.Decode(&%s)\n", ind, dst)
		return
	}
	if n, ok := t.(*types.Named); ok {
		if _, isStruct := n.Underlying().(*types.Struct); isStruct {
			if via := g.via; via != "" {
				g.via = "" // the element only, not what it holds
				key, ok := g.temp("key"), g.temp("ok")
				g.p("%s%s, %s, %s := %s.Cached(s)\n%sif !%s {\n%s\t%s = %s(s)\n%s\t%s.Keep(s, %s, %s)\n%s}\n",
					ind, dst, key, ok, via, ind, ok, ind, dst, g.reader(n), ind, via, key, dst, ind)
				return
			}
			g.p("%s%s = %s(s)\n", ind, dst, g.reader(n))
			return
		}
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		conv := func(expr string) string {
			if _, named := t.(*types.Named); named {
				return g.typeName(t) + "(" + expr + ")"
			}
			return expr
		}
		switch u.Kind() {
		case types.String:
			g.p("%s%s = %s\n", ind, dst, conv("s.InternedString(&factStrings)"))
		case types.Int:
			g.p("%s%s = %s\n", ind, dst, conv("s.Int()"))
		case types.Int64:
			g.p("%s%s = %s\n", ind, dst, conv("s.Int64()"))
		case types.Uint64:
			g.p("%s%s = %s\n", ind, dst, conv("s.Uint64()"))
		case types.Float64:
			g.p("%s%s = %s\n", ind, dst, conv("s.Float()"))
		case types.Bool:
			g.p("%s%s = %s\n", ind, dst, conv("s.Bool()"))
		default:
			g.p("%ss.Decode(&%s)\n", ind, dst)
		}
	case *types.Pointer:
		if b, ok := u.Elem().(*types.Basic); ok && b.Kind() == types.Bool {
			g.p("%s%s = s.BoolPtr()\n", ind, dst)
			return
		}
		x := g.temp("p")
		g.p("%sif s.Null() {\n%s\t%s = nil\n%s} else {\n%s\tvar %s %s\n", ind, ind, dst, ind, ind, x, g.typeName(u.Elem()))
		g.value(x, u.Elem(), ind+"\t")
		g.p("%s\t%s = &%s\n%s}\n", ind, dst, x, ind)
	case *types.Slice:
		elem := u.Elem()
		if b, ok := elem.(*types.Basic); ok {
			switch b.Kind() {
			case types.Int:
				if _, named := t.(*types.Named); !named {
					g.p("%s%s = s.SizedInts()\n", ind, dst)
					return
				}
			case types.String:
				if _, named := t.(*types.Named); !named {
					g.p("%s%s = s.InternedStrings(&factStrings)\n", ind, dst)
					return
				}
			case types.Byte:
				g.p("%ss.Decode(&%s)\n", ind, dst) // base64, as encoding/json
				return
			}
		}
		// The elements gather on the stack and the slice is allocated
		// once, at its length, as the hand decoders did: growing it
		// from a small capacity cost a replay more than the copy.
		buf, xs, j, x := g.temp("buf"), g.temp("xs"), g.temp("j"), g.temp("x")
		g.p("%sif s.Array() {\n%s\tvar %s [16]%s\n%s\t%s := %s[:0]\n%s\tfor %s := 0; s.Elem(%s); %s++ {\n%s\t\tvar %s %s\n", ind, ind, buf, g.typeName(elem), ind, xs, buf, ind, j, j, j, ind, x, g.typeName(elem))
		g.value(x, elem, ind+"\t\t")
		g.p("%s\t\t%s = append(%s, %s)\n%s\t}\n%s\t%s = append(make(%s, 0, len(%s)), %s...)\n%s} else {\n%s\t%s = nil\n%s}\n", ind, xs, xs, x, ind, ind, dst, g.typeName(t), xs, xs, ind, ind, dst, ind)
	case *types.Map:
		if k, ok := u.Key().(*types.Basic); !ok || k.Kind() != types.String {
			g.p("%ss.Decode(&%s)\n", ind, dst)
			return
		}
		if v, ok := u.Elem().(*types.Basic); ok && v.Kind() == types.Int {
			if _, named := t.(*types.Named); !named {
				g.p("%s%s = s.IntMap()\n", ind, dst)
				return
			}
		}
		m, j, k, x := g.temp("m"), g.temp("j"), g.temp("k"), g.temp("x")
		g.p("%sif s.Null() {\n%s\t%s = nil\n%s} else {\n%s\t%s := make(%s, s.Members())\n%s\tfor %s := 0; s.Field(%s); %s++ {\n%s\t\t%s := s.MapKey()\n%s\t\tvar %s %s\n",
			ind, ind, dst, ind, ind, m, g.typeName(t), ind, j, j, j, ind, k, ind, x, g.typeName(u.Elem()))
		g.value(x, u.Elem(), ind+"\t\t")
		g.p("%s\t\t%s[%s] = %s\n%s\t}\n%s\t%s = %s\n%s}\n", ind, m, k, x, ind, ind, dst, m, ind)
	case *types.Struct: // an unnamed struct
		g.p("%ss.Decode(&%s)\n", ind, dst)
	default:
		g.p("%ss.Decode(&%s)\n", ind, dst)
	}
}

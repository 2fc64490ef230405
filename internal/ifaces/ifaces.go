// Package ifaces finds the direct requests a package makes through
// interfaces it declares (issue #30 §2): a package declares
//
//	type asker interface {
//		Elicit(context.Context, *mcp.ElicitParams) (*mcp.ElicitResult, error)
//	}
//
// puts a *mcp.ServerSession in it and asks through it. The call is an SDK
// direct request when the package's own code shows that every value of
// the interface is a value whose method is the SDK's direct request:
//
//   - the values it puts into the interface: every expression of another
//     type that it assigns, declares, returns, sends, passes, converts or
//     writes in a composite literal where a value of the interface goes
//     (var _ asker = (*mcp.ServerSession)(nil) counts: it says which type
//     the interface is for), each a concrete type whose method of the
//     call's name is one of the SDKs' direct requests (the SDK's own type,
//     or a project type that embeds it);
//   - a value of another interface put into it is known only when that
//     interface is one of these too; a type assertion to it (x.(asker), a
//     case asker of a type switch) only when x is a context's value under
//     a key, ctx.Value(key), and the package's code shows what that key
//     holds: context.WithValue(ctx, key, v) with v of a concrete type, or
//     ctx.Value(key).(T) with T concrete (the author's own word for what
//     the key holds), each T an SDK type as above;
//   - an interface of another package is known through its SDKValuesFact,
//     which the declaring package exports when its own code shows that;
//     the values this package puts in must be SDK values too.
//
// One value of any other type, or of an unknown one (another interface, a
// type parameter, a type assertion on anything but a key's value, a key
// whose values are not shown), and the interface's calls are not
// reported; nor when no value is shown at all. Test files neither show
// nor disprove anything (their fakes answer their own calls), and the
// calls a test makes through the interface are not reported: the values
// and calls of _test.go files are skipped. A project type whose method
// forwards to the SDK is not an SDK value: its method holds the direct
// request, reported there once. Values other packages put in, unseen,
// are not known: a finding holds for the values the code shows.
//
// The model (internal/model) makes each call it finds a direct request
// like session.Elicit, so every check reads it as it reads the SDK's own
// call, and registers SDKValuesFact among its facts.
//
// It uses internal/source and internal/mcpsdk.
package ifaces

import (
	"go/ast"
	"go/types"
	"sort"
	"strings"

	"github.com/elicitlint/elicitlint/internal/mcpsdk"
	"github.com/elicitlint/elicitlint/internal/source"
)

// SDKValuesFact says that every value the declaring package puts into an
// interface it declares is one of Types, each an SDK type (or a pointer to
// one), whose methods of the SDK's direct requests are those requests.
// Exported only when the package's own code shows that.
type SDKValuesFact struct {
	Types []TypeRef // sorted
}

// TypeRef names a type of an SDK package, or a pointer to one.
type TypeRef struct {
	Path, Name string
	Ptr        bool
}

func (*SDKValuesFact) AFact() {}

func (f *SDKValuesFact) String() string {
	var parts []string
	for _, t := range f.Types {
		s := mcpsdk.LastElem(t.Path) + "." + t.Name
		if t.Ptr {
			s = "*" + s
		}
		parts = append(parts, s)
	}
	return "sdkValues(" + strings.Join(parts, ", ") + ")"
}

// Call is a call through an interface whose values are all of SDK types
// whose method it calls is one direct request.
type Call struct {
	Call  *ast.CallExpr
	Stack []ast.Node // the path from the file to the call
	// Fn is the SDK's direct request the values' method is.
	Fn *types.Func
	// Via is the interface, as the package writes it.
	Via string
}

// Find returns the package's calls through interfaces whose values are
// SDK values (see above), in the order of the source, and exports the
// SDKValuesFact of the package's own interfaces. lookup finds a named
// object of an SDK package the package sees, by path and name. It costs
// nothing in a package that declares no interface with a method named
// like a direct request and sees no SDKValuesFact.
func Find(pc *source.Package, lookup func(path, name string) types.Object) []Call {
	w := newWalk(pc, lookup)
	if w == nil {
		return nil
	}
	for _, f := range pc.Pass.Files {
		if pc.TestFile(f) {
			continue
		}
		source.WalkWithPath(f, w.node)
	}
	w.exportFacts()
	var out []Call
	for _, c := range w.calls {
		if vals, ok := w.resolve(c.iface); ok {
			if fn := w.sdkMethod(vals, c.name); fn != nil {
				out = append(out, Call{Call: c.call, Stack: c.stack, Fn: fn, Via: w.name(c.iface.tn)})
			}
		}
	}
	return out
}

// iface is an interface whose values are followed.
type iface struct {
	tn *types.TypeName
	// types are the concrete types of the values put into it; from the
	// interfaces whose values are; keys the context keys whose values are
	// asserted to it; unknown is set when some value cannot be told.
	types   []types.Type
	from    []*iface
	keys    []types.Object
	unknown bool
	// fact is the declaring package's word, for another package's
	// interface.
	fact []types.Type
	// done is set once resolve has answered, with vals and ok.
	done bool
	vals []types.Type
	ok   bool
}

// keyValues is what the package shows a context key holds.
type keyValues struct {
	types []types.Type
	other bool
}

// ifaceCall is a call, through a followed interface, of a method named
// like a direct request.
type ifaceCall struct {
	iface *iface
	name  string
	call  *ast.CallExpr
	stack []ast.Node
}

type ifaceWalk struct {
	pc     *source.Package
	lookup func(path, name string) types.Object
	names  map[string]bool // the SDKs' direct requests' method names
	ifaces map[*types.TypeName]*iface
	keys   map[types.Object]*keyValues
	calls  []ifaceCall
	// all follows the values of every named interface with methods, not
	// only those named like direct requests (Values).
	all bool
}

// newWalk returns the walk over the package's interfaces named like
// direct requests, or nil when there are none.
func newWalk(pc *source.Package, lookup func(path, name string) types.Object) *ifaceWalk {
	names := directNames(pc)
	w := &ifaceWalk{pc: pc, lookup: lookup, names: names, ifaces: map[*types.TypeName]*iface{}, keys: map[types.Object]*keyValues{}}
	for _, f := range pc.Pass.Files {
		for _, d := range f.Decls {
			if gd, ok := d.(*ast.GenDecl); ok {
				for _, spec := range gd.Specs {
					if ts, ok := spec.(*ast.TypeSpec); ok {
						if tn, ok := pc.Info.Defs[ts.Name].(*types.TypeName); ok && !tn.IsAlias() && w.namesRequest(tn) {
							w.ifaces[tn] = &iface{tn: tn}
						}
					}
				}
			}
		}
	}
	for _, f := range pc.Pass.AllObjectFacts() {
		fact, ok := f.Fact.(*SDKValuesFact)
		tn, _ := f.Object.(*types.TypeName)
		if !ok || tn == nil || tn.Pkg() == pc.Pass.Pkg || !w.namesRequest(tn) {
			continue
		}
		if vals := w.factTypes(fact); vals != nil {
			w.ifaces[tn] = &iface{tn: tn, fact: vals}
		}
	}
	if len(w.ifaces) == 0 {
		return nil
	}
	return w
}

// namesRequest reports whether tn is an interface with a method named
// like a direct request.
func (w *ifaceWalk) namesRequest(tn *types.TypeName) bool {
	it, ok := tn.Type().Underlying().(*types.Interface)
	if !ok {
		return false
	}
	for m := range it.Methods() {
		if w.names[m.Name()] {
			return true
		}
	}
	return false
}

// factTypes resolves the types of a fact, or returns nil when one of them
// is not in sight.
func (w *ifaceWalk) factTypes(f *SDKValuesFact) []types.Type {
	var out []types.Type
	for _, r := range f.Types {
		tn, ok := w.lookup(r.Path, r.Name).(*types.TypeName)
		if !ok {
			return nil
		}
		var t types.Type = tn.Type()
		if r.Ptr {
			t = types.NewPointer(t)
		}
		out = append(out, t)
	}
	return out
}

// tracked returns the followed interface t is, or nil.
func (w *ifaceWalk) tracked(t types.Type) *iface {
	n, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return nil
	}
	tn := n.Origin().Obj()
	in := w.ifaces[tn]
	if in == nil && w.all {
		if it, ok := n.Underlying().(*types.Interface); ok && it.NumMethods() > 0 {
			in = &iface{tn: tn}
			w.ifaces[tn] = in
		}
	}
	return in
}

// name is how the package writes the interface.
func (w *ifaceWalk) name(tn *types.TypeName) string {
	if tn.Pkg() == w.pc.Pass.Pkg {
		return tn.Name()
	}
	return tn.Pkg().Name() + "." + tn.Name()
}

// resolve returns the types of every value of the interface, and whether
// they are all known (see the rules above): its own values' and those of
// every interface whose values reach it, however far and in whatever
// cycle, so that the answer does not depend on which is asked first.
func (w *ifaceWalk) resolve(in *iface) ([]types.Type, bool) {
	if in.done {
		return in.vals, in.ok
	}
	var vals []types.Type
	ok := true
	seen := map[*iface]bool{in: true}
	for todo := []*iface{in}; len(todo) > 0 && ok; {
		j := todo[len(todo)-1]
		todo = todo[:len(todo)-1]
		if j.unknown {
			ok = false
		}
		vals = append(append(vals, j.fact...), j.types...)
		for _, k := range j.keys {
			kv := w.keys[k]
			if kv == nil || kv.other || len(kv.types) == 0 {
				ok = false
			} else {
				vals = append(vals, kv.types...)
			}
		}
		for _, f := range j.from {
			if !seen[f] {
				seen[f] = true
				todo = append(todo, f)
			}
		}
	}
	in.done, in.vals, in.ok = true, vals, ok && len(vals) > 0
	return in.vals, in.ok
}

// sdkMethod returns the SDK's direct request that method name of every
// type of vals is, or nil when they are not all one.
func (w *ifaceWalk) sdkMethod(vals []types.Type, name string) *types.Func {
	var fn *types.Func
	for _, t := range vals {
		obj, _, _ := types.LookupFieldOrMethod(t, true, nil, name)
		f, ok := obj.(*types.Func)
		if !ok {
			return nil
		}
		f = f.Origin()
		sdk := w.pc.SDKs.OfPkg(f)
		if sdk == nil {
			return nil
		}
		if k, _ := sdk.DirectKind(f); k == nil || fn != nil && f != fn {
			return nil
		}
		fn = f
	}
	return fn
}

// exportFacts exports the SDKValuesFact of the package's interfaces whose
// values are all the SDK's own types, each with every method the
// interface names like a direct request being that request.
func (w *ifaceWalk) exportFacts() {
	for tn, in := range w.ifaces {
		if tn.Pkg() != w.pc.Pass.Pkg {
			continue
		}
		vals, ok := w.resolve(in)
		if !ok {
			continue
		}
		if f := w.fact(in, vals); f != nil {
			w.pc.Pass.ExportObjectFact(tn, f)
		}
	}
}

func (w *ifaceWalk) fact(in *iface, vals []types.Type) *SDKValuesFact {
	f := &SDKValuesFact{}
	seen := map[TypeRef]bool{}
	for _, t := range vals {
		var r TypeRef
		if p, ok := t.(*types.Pointer); ok {
			t, r.Ptr = p.Elem(), true
		}
		n, ok := types.Unalias(t).(*types.Named)
		if !ok || w.pc.SDKs.OfPkg(n.Obj()) == nil {
			return nil
		}
		r.Path, r.Name = n.Obj().Pkg().Path(), n.Obj().Name()
		if !seen[r] {
			seen[r] = true
			f.Types = append(f.Types, r)
		}
	}
	for m := range in.tn.Type().Underlying().(*types.Interface).Methods() {
		if w.names[m.Name()] && w.sdkMethod(vals, m.Name()) == nil {
			return nil
		}
	}
	sort.Slice(f.Types, func(i, j int) bool {
		a, b := f.Types[i], f.Types[j]
		if a.Path != b.Path {
			return a.Path < b.Path
		}
		if a.Name != b.Name {
			return a.Name < b.Name
		}
		return !a.Ptr && b.Ptr
	})
	return f
}

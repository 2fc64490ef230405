package model

import (
	"go/ast"
	"go/constant"
	"go/types"
	"iter"
	"slices"
	"strconv"
	"strings"

	"github.com/elicitlint/elicitlint/internal/flow"
	"github.com/elicitlint/elicitlint/internal/mcpsdk"
	"github.com/elicitlint/elicitlint/internal/source"
)

// Real servers rarely keep the SDK's result where they get it: they copy
// its Action (and Content) into a type of their own and hand that on,
// often through an interface of their own (type Elicitor interface {
// Elicit(...) (*ElicitResult, error) }). Such a project type is
// result-like: its values are answers, checked by the actions and content
// checks wherever they come out of a call, in any package.
//
// A named type is result-like when
//   - a composite literal of the package fills one of its fields from an
//     SDK result's Action (Result{Action: res.Action, Content: res.Content}),
//     or from a value of another result-like type; or
//   - it mirrors the protocol by declaration: a struct with a string
//     Action field, declared in a package that also declares constants
//     for all three actions ("accept", "decline", "cancel"). This is how
//     a package that only declares the type and the interface (the
//     implementations live in packages that import it, out of its sight)
//     says what the type is; or
//   - it mirrors the SDK's result by its shape alone, in a package that
//     knows no SDK and no action constants (type Answer struct { Action
//     string; Content map[string]any }; type Asker interface { Ask(...)
//     (Answer, error) }): a struct whose fields are a string Action, a
//     Content typed as an answer's and at most a Meta, that an exported
//     function or an exported method of an interface of the package
//     returns. Facts cannot flow back from the adapter that fills it (it
//     imports the declaring package), so the shape has to say it.
//
// The declaring package exports a resultTypeFact on the type, with the
// names of its fields.
type ResultTypeFact struct {
	Action  string // the field holding the action
	Content string // the field holding the content, "" if none
	// ContentIsMap: Content is a map[string]any (else an any).
	ContentIsMap bool
}

func (*ResultTypeFact) AFact() {}

func (f *ResultTypeFact) String() string {
	return "resultType(" + f.Action + "," + f.Content + ")"
}

// ActionFuncFact marks a function that returns a result's action (as a
// string) in result Index: its callers' values are actions.
type ActionFuncFact struct {
	Results []int
}

func (*ActionFuncFact) AFact() {}

func (f *ActionFuncFact) String() string {
	var s []string
	for _, i := range f.Results {
		s = append(s, strconv.Itoa(i))
	}
	return "returnsAction(" + strings.Join(s, ",") + ")"
}

// projectSDK describes a result-like type as an SDK entry, so that the
// checks read its fields as they read an SDK result's.
func projectSDK(obj *types.TypeName, f *ResultTypeFact) *mcpsdk.SDK {
	return &mcpsdk.SDK{
		Name:         "project type " + obj.Name(),
		Module:       obj.Pkg().Path(),
		TypesPkg:     ".",
		ResultTypes:  []string{obj.Name()},
		ActionField:  f.Action,
		ContentField: f.Content,
		ContentIsMap: f.ContentIsMap,
	}
}

// ResultSDK returns the SDK (or the project-type description) when t is a
// result type or a result-like project type.
func (pc *Model) ResultSDK(t types.Type) *mcpsdk.SDK {
	if sdk := pc.SDKs.Result(t); sdk != nil {
		return sdk
	}
	obj := mcpsdk.NamedObj(t)
	if obj == nil || obj.Pkg() == nil {
		return nil
	}
	if sdk, ok := pc.projectTypes[obj]; ok {
		return sdk
	}
	var sdk *mcpsdk.SDK
	f := new(ResultTypeFact)
	if obj.Pkg() != pc.Pass.Pkg && pc.Pass.ImportObjectFact(obj, f) {
		sdk = projectSDK(obj, f)
	}
	pc.projectTypes[obj] = sdk
	return sdk
}

// structField returns the field name of struct type t, or nil.
func structField(t types.Type, name string) *types.Var {
	s, ok := t.Underlying().(*types.Struct)
	if !ok {
		return nil
	}
	for i := 0; i < s.NumFields(); i++ {
		if f := s.Field(i); f.Name() == name {
			return f
		}
	}
	return nil
}

func IsStringType(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}

// actionField returns the field of struct type t named like the SDKs'
// action field, if it holds a string.
func actionField(t types.Type) *types.Var {
	if f := structField(t, mcpsdk.FieldAction); f != nil && IsStringType(f.Type()) {
		return f
	}
	return nil
}

// hasStringField reports whether struct type t has a field of a string
// type (that could hold an action).
func hasStringField(t types.Type) bool {
	s, ok := t.Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for i := 0; i < s.NumFields(); i++ {
		if IsStringType(s.Field(i).Type()) {
			return true
		}
	}
	return false
}

// contentField returns the name of t's Content field, and whether it is a
// map, or "" when t has none typed as an answer's content is
// (map[string]any, or any).
func contentField(t types.Type) (string, bool) {
	f := structField(t, mcpsdk.FieldContent)
	switch {
	case f == nil:
	case source.IsStringAnyMap(f.Type()):
		return f.Name(), true
	case types.IsInterface(f.Type()) && f.Type().Underlying().(*types.Interface).Empty():
		return f.Name(), false
	}
	return "", false
}

// mirrorTypes finds the package's result-like types by declaration: struct
// types with a string Action field, in a package that declares constants
// for all three actions, and the shapes declaredMirrors finds.
func mirrorTypes(pc *Model) {
	add := func(obj *types.TypeName) {
		if content, isMap := contentField(obj.Type()); content != "" {
			pc.projectTypes[obj] = projectSDK(obj, &ResultTypeFact{Action: mcpsdk.FieldAction, Content: content, ContentIsMap: isMap})
		}
	}
	for _, obj := range declaredMirrors(pc) {
		add(obj)
	}
	if !declaresActions(pc) {
		return
	}
	for o := range pc.topObjects() {
		obj, ok := o.(*types.TypeName)
		if !ok || obj.IsAlias() || actionField(obj.Type()) == nil {
			continue
		}
		// The mirror has the answer's Content too, as the SDKs type it
		// (map[string]any or any): a struct with a string Action and,
		// say, a string Content is something else.
		add(obj)
	}
}

// declaredMirrors returns the struct types of pkg that mirror an SDK's
// result by their shape: a string Action, a Content typed as an answer's
// (map[string]any or any), at most a Meta besides, and returned by an
// exported function or an exported method of one of the package's
// interfaces. Most packages declare no such struct and pay one pass over
// their declarations.
func declaredMirrors(pc *Model) []*types.TypeName {
	var shaped []*types.TypeName
	for o := range pc.topObjects() {
		if obj, ok := o.(*types.TypeName); ok && !obj.IsAlias() && mirrorShape(obj.Type()) {
			shaped = append(shaped, obj)
		}
	}
	if len(shaped) == 0 {
		return nil
	}
	var found []*types.TypeName
	returns := func(sig *types.Signature) {
		for i := 0; i < sig.Results().Len(); i++ {
			if obj := mcpsdk.NamedObj(sig.Results().At(i).Type()); slices.Contains(shaped, obj) && !slices.Contains(found, obj) {
				found = append(found, obj)
			}
		}
	}
	for o := range pc.topObjects() {
		switch obj := o.(type) {
		case *types.Func:
			if obj.Exported() {
				returns(obj.Signature())
			}
		case *types.TypeName:
			if iface, ok := obj.Type().Underlying().(*types.Interface); ok && !obj.IsAlias() {
				for i := 0; i < iface.NumMethods(); i++ {
					if m := iface.Method(i); m.Exported() {
						returns(m.Signature())
					}
				}
			}
		}
	}
	return found
}

// mirrorShape reports whether t is a struct with a string Action, a
// Content typed as an answer's, and no field but those and a Meta.
func mirrorShape(t types.Type) bool {
	s, ok := t.Underlying().(*types.Struct)
	if !ok || actionField(t) == nil {
		return false
	}
	if content, _ := contentField(t); content == "" {
		return false
	}
	for i := 0; i < s.NumFields(); i++ {
		switch s.Field(i).Name() {
		case mcpsdk.FieldAction, mcpsdk.FieldContent, mcpsdk.FieldMeta:
		default:
			return false
		}
	}
	return true
}

// declaresActions reports whether the package declares string constants
// for all three actions.
func declaresActions(pc *Model) bool {
	var found [3]bool // one per action, in allActions order
	n := 0
	for o := range pc.topObjects() {
		c, ok := o.(*types.Const)
		if !ok || c.Val().Kind() != constant.String {
			continue
		}
		if i := slices.Index(flow.AllActions, constant.StringVal(c.Val())); i >= 0 && !found[i] {
			found[i] = true
			n++
		}
	}
	return n == len(flow.AllActions)
}

// topObjects yields the package's package-level objects (constants,
// variables, types, functions), from its declarations in source order:
// unlike Scope.Names, it neither allocates nor sorts.
func (pc *Model) topObjects() iter.Seq[types.Object] {
	return func(yield func(types.Object) bool) {
		def := func(id *ast.Ident) bool {
			if obj := pc.Info.Defs[id]; obj != nil {
				return yield(obj)
			}
			return true
		}
		for _, f := range pc.Pass.Files {
			for _, d := range f.Decls {
				switch d := d.(type) {
				case *ast.FuncDecl:
					if d.Recv == nil && !def(d.Name) {
						return
					}
				case *ast.GenDecl:
					for _, spec := range d.Specs {
						switch spec := spec.(type) {
						case *ast.TypeSpec:
							if !def(spec.Name) {
								return
							}
						case *ast.ValueSpec:
							for _, n := range spec.Names {
								if !def(n) {
									return
								}
							}
						}
					}
				}
			}
		}
	}
}

// resultTypes is the summary of the package's result-like types and of
// its functions that return an action.
type resultTypes struct {
	actionFuncs map[*types.Func]*ActionFuncFact
}

// summariseResultTypes decides which of the package's types are filled
// from answers, exports the facts of the package's result-like types, turns
// the calls that return them into answers, and records the functions that
// return an action.
func summariseResultTypes(pc *Model, d *Discovery) *resultTypes {
	for _, fl := range d.fills {
		if pc.projectTypes[fl.obj] != nil {
			continue
		}
		isMap := false
		if f := structField(fl.obj.Type(), fl.content); f != nil {
			_, isMap = f.Type().Underlying().(*types.Map)
		}
		pc.projectTypes[fl.obj] = projectSDK(fl.obj, &ResultTypeFact{Action: fl.action, Content: fl.content, ContentIsMap: isMap})
	}
	for obj, sdk := range pc.projectTypes {
		if sdk != nil && obj.Pkg() == pc.Pass.Pkg {
			pc.Pass.ExportObjectFact(obj, &ResultTypeFact{Action: sdk.ActionField, Content: sdk.ContentField, ContentIsMap: sdk.ContentIsMap})
		}
	}
	ds := &discoverer{pc: pc, D: d}
	for _, tc := range d.typedCalls {
		if sdk := pc.ResultSDK(tc.t); sdk != nil {
			ds.result(sdk, tc.call, tc.stack, tc.idx)
		}
	}
	rt := &resultTypes{actionFuncs: map[*types.Func]*ActionFuncFact{}}
	for _, ar := range d.actionReturns {
		fn, _ := pc.Info.Defs[ar.decl.Name].(*types.Func)
		if fn == nil {
			continue
		}
		f := rt.actionFuncs[fn]
		if f == nil {
			f = &ActionFuncFact{}
			rt.actionFuncs[fn] = f
		}
		if !slices.Contains(f.Results, ar.idx) {
			f.Results = append(f.Results, ar.idx)
			slices.Sort(f.Results)
		}
	}
	for fn, f := range rt.actionFuncs {
		pc.Pass.ExportObjectFact(fn, f)
	}
	for _, lc := range d.localActionCalls {
		if f := rt.actionFuncs[lc.fn]; f != nil {
			ds.actionResults(f, lc.call, lc.stack)
		}
	}
	return rt
}

// actionSDK stands for the SDK of an action-only answer: the value is the
// action itself.
var actionSDK = &mcpsdk.SDK{Name: "action"}

// fill is a composite literal of a type of this package that takes an
// answer's action into one of its fields.
type fill struct {
	obj             *types.TypeName
	action, content string // the fields that take the action and the content
}

// typedCall is a call returning a type of this package that has an Action
// field: an answer, if the type turns out to be result-like.
type typedCall struct {
	call  *ast.CallExpr
	stack []ast.Node
	idx   int
	t     types.Type
}

// actionReturn is a return statement of a function declaration that
// returns an answer's action in result idx.
type actionReturn struct {
	decl *ast.FuncDecl
	idx  int
}

// answerField returns, for an expression that selects field name from an
// answer (res.Action, res.ElicitationResponse.Content), through conversions
// that keep its value (string(res.Action)), the answer's SDK.
func (pc *Model) answerField(e ast.Expr, name func(*mcpsdk.SDK) string) *mcpsdk.SDK {
	sel, ok := pc.unconvert(e).(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	x := ast.Unparen(sel.X)
	if inner, ok := x.(*ast.SelectorExpr); ok {
		if sdk := pc.ResultSDK(pc.Info.TypeOf(inner.X)); sdk != nil && sdk.ResponseType != "" && inner.Sel.Name == sdk.ResponseType {
			x = inner.X
		}
	}
	sdk := pc.ResultSDK(pc.Info.TypeOf(x))
	if sdk == nil || sel.Sel.Name != name(sdk) {
		return nil
	}
	return sdk
}

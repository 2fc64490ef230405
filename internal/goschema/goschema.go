// Package goschema reads a requested schema written as Go code into the
// schema model: map[string]any literals, github.com/google/jsonschema-go
// Schema literals, json.RawMessage constants and jsonschema.For[T] (derived
// from the struct type the way jsonschema-go derives it). Anything it cannot
// read statically becomes an Unknown node, about which the checks say
// nothing.
//
// The reader never executes code and never reads a file: a "$ref" stays a
// string.
package goschema

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strings"

	"github.com/elicitlint/elicitlint/internal/schema"
	"golang.org/x/tools/go/types/typeutil"
)

// JSONSchemaPkg is the package of jsonschema-go's Schema type.
const JSONSchemaPkg = "github.com/google/jsonschema-go/jsonschema"

// Problem is something wrong with the Go expression itself (invalid JSON in
// a raw schema, a Go string where a schema should be).
type Problem struct {
	Pos, End token.Pos
	Message  string
}

// Reader reads schema expressions of one package.
type Reader struct {
	Info *types.Info
	// Files are the package's files; positions outside them (struct fields
	// declared in another package) are replaced by the expression's.
	Files []*ast.File
	// Resolve returns the single expression a variable is assigned, or nil.
	Resolve func(v *types.Var) ast.Expr
	// Steps returns the entries a map Resolve returned (a literal, or
	// make(map[string]any)) ends up with once m["k"] = v statements after
	// it have replaced or added theirs, or nil.
	Steps func(m ast.Expr) []ast.Expr
	// FuncResult returns the expression a simple helper function returns,
	// or nil.
	FuncResult func(fn *types.Func) ast.Expr
	// Imported returns the schema another package exported for a variable
	// or helper function (as an analysis fact), or nil. Its nodes carry no
	// positions; the reader places them at the expression that uses it.
	Imported func(obj types.Object) *schema.Node

	Problems []Problem
	depth    int
	// cache of readings, so that a schema used by many calls is read once.
	cache map[ast.Expr]*schema.Node
	// fields are the declarations of the package's struct fields, by the
	// position of their names (built when For first needs one).
	fields map[token.Pos]*ast.Field
}

const maxDepth = 64

// Read reads e. It returns nil when e is not a schema we can read at all.
func (r *Reader) Read(e ast.Expr) *schema.Node {
	if r.cache == nil {
		r.cache = map[ast.Expr]*schema.Node{}
	}
	if n, ok := r.cache[e]; ok {
		return n
	}
	n := r.read(e)
	r.cache[e] = n
	return n
}

func unknown(e ast.Node) *schema.Node {
	return &schema.Node{Kind: schema.Unknown, Pos: e.Pos(), End: e.End()}
}

func (r *Reader) read(e ast.Expr) *schema.Node {
	r.depth++
	defer func() { r.depth-- }()
	if r.depth > maxDepth {
		return unknown(e)
	}
	e = ast.Unparen(e)
	tv, ok := r.Info.Types[e]
	if !ok {
		return unknown(e)
	}
	if tv.IsNil() {
		return &schema.Node{Kind: schema.Null, Pos: e.Pos(), End: e.End()}
	}
	if tv.Value != nil {
		return r.constant(e, tv)
	}
	switch x := e.(type) {
	case *ast.CompositeLit:
		return r.compositeLit(x, tv.Type)
	case *ast.UnaryExpr, *ast.Ident:
		if next := r.follow(x); next != nil {
			return r.read(next)
		}
	case *ast.SelectorExpr:
		// otherpkg.Schema: a variable of another package.
		if v, ok := r.Info.Uses[x.Sel].(*types.Var); ok && r.Imported != nil {
			if n := r.Imported(v); n != nil {
				return place(n, x)
			}
		}
	case *ast.CallExpr:
		return r.call(x, tv.Type)
	}
	return unknown(e)
}

// follow returns the expression e stands for: x for &x, and the one
// expression a variable is assigned; nil for anything else.
func (r *Reader) follow(e ast.Expr) ast.Expr {
	switch x := e.(type) {
	case *ast.UnaryExpr:
		if x.Op == token.AND {
			return x.X
		}
	case *ast.Ident:
		if v, ok := r.Info.Uses[x].(*types.Var); ok && r.Resolve != nil {
			return r.Resolve(v)
		}
	}
	return nil
}

// constant reads a constant: a number, bool or string. A string constant of
// a byte-slice type (json.RawMessage(`...`)) is handled by the caller.
func (r *Reader) constant(e ast.Expr, tv types.TypeAndValue) *schema.Node {
	n := &schema.Node{Pos: e.Pos(), End: e.End()}
	switch tv.Value.Kind() {
	case constant.Bool:
		n.Kind, n.Bool = schema.Bool, constant.BoolVal(tv.Value)
	case constant.String:
		n.Kind, n.Str = schema.String, constant.StringVal(tv.Value)
	case constant.Int:
		n.Kind, n.IsInt = schema.Number, true
		n.Num, _ = constant.Float64Val(constant.ToFloat(tv.Value))
	case constant.Float:
		n.Kind = schema.Number
		n.Num, _ = constant.Float64Val(tv.Value)
		if b, ok := tv.Type.Underlying().(*types.Basic); ok && b.Info()&types.IsInteger != 0 {
			n.IsInt = true
		}
	default:
		n.Kind = schema.Unknown
	}
	return n
}

// mapNode reads the entries of a map with string keys: an object.
func (r *Reader) mapNode(at ast.Node, elts []ast.Expr, elemT types.Type) *schema.Node {
	n := &schema.Node{Kind: schema.Object, Pos: at.Pos(), End: at.End()}
	for _, elt := range elts {
		kv, ok := elt.(*ast.KeyValueExpr)
		if !ok {
			n.Partial = true
			continue
		}
		key, ok := constStr(r.Info, kv.Key)
		if !ok {
			n.Partial = true
			continue
		}
		v := r.elem(kv.Value, elemT)
		v.KeyPos = kv.Key.Pos()
		n.Set(key, v)
	}
	return n
}

func isStringKey(m *types.Map) bool {
	b, ok := m.Key().Underlying().(*types.Basic)
	return ok && b.Kind() == types.String
}

func (r *Reader) compositeLit(lit *ast.CompositeLit, t types.Type) *schema.Node {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	if isSchemaType(t) {
		return r.schemaLit(lit)
	}
	switch u := t.Underlying().(type) {
	case *types.Map:
		if !isStringKey(u) {
			return unknown(lit)
		}
		elts := lit.Elts
		if r.Steps != nil {
			if final := r.Steps(lit); final != nil {
				elts = final
			}
		}
		return r.mapNode(lit, elts, u.Elem())
	case *types.Slice, *types.Array:
		var elemT types.Type
		if s, ok := u.(*types.Slice); ok {
			elemT = s.Elem()
		} else {
			elemT = u.(*types.Array).Elem()
		}
		n := &schema.Node{Kind: schema.Array, Pos: lit.Pos(), End: lit.End()}
		for _, elt := range lit.Elts {
			if _, ok := elt.(*ast.KeyValueExpr); ok {
				n.Partial = true
				continue
			}
			n.Elems = append(n.Elems, r.elem(elt, elemT))
		}
		return n
	}
	return unknown(lit)
}

// elem reads an element of a map or slice literal, whose composite type may
// be elided.
func (r *Reader) elem(e ast.Expr, elemT types.Type) *schema.Node {
	if lit, ok := e.(*ast.CompositeLit); ok && lit.Type == nil {
		return r.compositeLit(lit, elemT)
	}
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		if lit, ok := u.X.(*ast.CompositeLit); ok && lit.Type == nil {
			return r.compositeLit(lit, elemT)
		}
	}
	return r.read(e)
}

func (r *Reader) call(call *ast.CallExpr, t types.Type) *schema.Node {
	// make(map[string]any) given its entries in steps.
	if m, ok := t.Underlying().(*types.Map); ok && isStringKey(m) && r.Steps != nil {
		if steps := r.Steps(call); steps != nil {
			return r.mapNode(call, steps, m.Elem())
		}
	}
	// Conversions: json.RawMessage(`...`), []byte("..."), any(x).
	if tv, ok := r.Info.Types[call.Fun]; ok && tv.IsType() && len(call.Args) == 1 {
		if isBytes(tv.Type) {
			return r.rawJSON(call.Args[0])
		}
		return r.read(call.Args[0])
	}
	fn, _ := typeutil.Callee(r.Info, call).(*types.Func)
	if fn == nil {
		return unknown(call)
	}
	if fn.Pkg() != nil && fn.Pkg().Path() == JSONSchemaPkg {
		switch fn.Name() {
		case "Ptr":
			if len(call.Args) == 1 {
				return r.read(call.Args[0])
			}
		case "For":
			if inst, ok := r.Info.Instances[funcIdent(call.Fun)]; ok && inst.TypeArgs.Len() == 1 && len(call.Args) == 1 {
				return r.forType(inst.TypeArgs.At(0), call.Args[0], call)
			}
		case "ForType":
			if len(call.Args) == 2 {
				if t := r.reflectType(call.Args[0]); t != nil {
					return r.forType(t, call.Args[1], call)
				}
			}
		}
		return unknown(call)
	}
	// A local pointer helper: func ptr[T any](v T) *T { return &v }.
	if len(call.Args) == 1 && isPtrHelper(fn) {
		return r.read(call.Args[0])
	}
	if r.FuncResult != nil && len(call.Args) == 0 {
		if res := r.FuncResult(fn); res != nil {
			return r.read(res)
		}
	}
	if r.Imported != nil && len(call.Args) == 0 {
		if n := r.Imported(fn); n != nil {
			return place(n, call)
		}
	}
	return unknown(call)
}

// place gives every node of an imported schema the position of the
// expression that uses it, since the defining package's files are not ours.
func place(n *schema.Node, at ast.Node) *schema.Node {
	n.Pos, n.End, n.KeyPos = at.Pos(), at.End(), token.NoPos
	for _, e := range n.Elems {
		place(e, at)
	}
	for _, m := range n.Members {
		place(m, at)
	}
	return n
}

func funcIdent(e ast.Expr) *ast.Ident {
	switch f := ast.Unparen(e).(type) {
	case *ast.Ident:
		return f
	case *ast.SelectorExpr:
		return f.Sel
	case *ast.IndexExpr:
		return funcIdent(f.X)
	case *ast.IndexListExpr:
		return funcIdent(f.X)
	}
	return nil
}

// isPtrHelper reports a generic func(T) *T.
func isPtrHelper(fn *types.Func) bool {
	sig := fn.Type().(*types.Signature)
	if sig.TypeParams().Len() != 1 || sig.Params().Len() != 1 || sig.Results().Len() != 1 {
		return false
	}
	p, ok := sig.Results().At(0).Type().(*types.Pointer)
	return ok && types.Identical(p.Elem(), sig.Params().At(0).Type())
}

// rawJSON parses a constant JSON text, mapping offsets into the literal
// when it is a raw string (no escapes to account for).
func (r *Reader) rawJSON(arg ast.Expr) *schema.Node {
	text, ok := constStr(r.Info, arg)
	if !ok {
		return unknown(arg)
	}
	// Offsets map into a raw string (no escapes to account for); in any
	// other constant every node spans the whole expression.
	var pos func(int) token.Pos
	if lit, ok := ast.Unparen(arg).(*ast.BasicLit); ok && strings.HasPrefix(lit.Value, "`") && !strings.Contains(lit.Value, "\r") {
		base := lit.Pos() + 1
		pos = func(off int) token.Pos { return base + token.Pos(off) }
	}
	n, err := schema.ParseJSON([]byte(text), pos)
	if err != nil {
		p := Problem{Pos: arg.Pos(), End: arg.End(), Message: "requested schema is not valid JSON: " + err.Error()}
		if je, ok := err.(*schema.JSONError); ok && pos != nil {
			// The offending byte, or the closing quote at the end of input.
			p.Pos = pos(min(je.Offset, len(text)))
			p.End = p.Pos + 1
		}
		r.Problems = append(r.Problems, p)
		return unknown(arg)
	}
	if pos == nil {
		return place(n, arg)
	}
	return n
}

func constStr(info *types.Info, e ast.Expr) (string, bool) {
	tv, ok := info.Types[e]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
		return "", false
	}
	return constant.StringVal(tv.Value), true
}

func isBytes(t types.Type) bool {
	s, ok := t.Underlying().(*types.Slice)
	if !ok {
		return false
	}
	b, ok := s.Elem().Underlying().(*types.Basic)
	return ok && b.Kind() == types.Byte
}

func isSchemaType(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Name() == "Schema" && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == JSONSchemaPkg
}

// schemaFields maps jsonschema.Schema fields to JSON keys. Type and Types
// both become "type"; Extra is merged; Items and the rest are schemas.
var schemaFields = map[string]string{
	"ID": "$id", "Schema": "$schema", "Ref": "$ref", "Comment": "$comment", "Defs": "$defs",
	"Definitions": "definitions", "Anchor": "$anchor", "DynamicAnchor": "$dynamicAnchor",
	"DynamicRef": "$dynamicRef", "Title": "title", "Description": "description", "Default": "default",
	"Deprecated": "deprecated", "ReadOnly": "readOnly", "WriteOnly": "writeOnly", "Examples": "examples",
	"Type": "type", "Types": "type", "Enum": "enum", "Const": "const", "MultipleOf": "multipleOf",
	"Minimum": "minimum", "Maximum": "maximum", "ExclusiveMinimum": "exclusiveMinimum",
	"ExclusiveMaximum": "exclusiveMaximum", "MinLength": "minLength", "MaxLength": "maxLength",
	"Pattern": "pattern", "PrefixItems": "prefixItems", "Items": "items", "ItemsArray": "items",
	"MinItems": "minItems", "MaxItems": "maxItems", "AdditionalItems": "additionalItems",
	"UniqueItems": "uniqueItems", "Contains": "contains", "MinContains": "minContains",
	"MaxContains": "maxContains", "UnevaluatedItems": "unevaluatedItems", "MinProperties": "minProperties",
	"MaxProperties": "maxProperties", "Required": "required", "DependentRequired": "dependentRequired",
	"Properties": "properties", "PatternProperties": "patternProperties",
	"AdditionalProperties": "additionalProperties", "PropertyNames": "propertyNames",
	"UnevaluatedProperties": "unevaluatedProperties", "AllOf": "allOf", "AnyOf": "anyOf", "OneOf": "oneOf",
	"Not": "not", "If": "if", "Then": "then", "Else": "else", "DependentSchemas": "dependentSchemas",
	"ContentEncoding": "contentEncoding", "ContentMediaType": "contentMediaType",
	"ContentSchema": "contentSchema", "Format": "format",
}

// schemaLit reads a jsonschema.Schema literal.
func (r *Reader) schemaLit(lit *ast.CompositeLit) *schema.Node {
	n := &schema.Node{Kind: schema.Object, Pos: lit.Pos(), End: lit.End()}
	structT, _ := r.Info.TypeOf(lit).Underlying().(*types.Struct)
	if p, ok := r.Info.TypeOf(lit).(*types.Pointer); ok {
		structT, _ = p.Elem().Underlying().(*types.Struct)
	}
	for _, elt := range lit.Elts {
		kv, ok := elt.(*ast.KeyValueExpr)
		if !ok {
			n.Partial = true
			continue
		}
		id, ok := kv.Key.(*ast.Ident)
		if !ok {
			continue
		}
		if id.Name == "Extra" {
			extra := r.read(kv.Value)
			if extra.Kind == schema.Object {
				for i, k := range extra.Keys {
					n.Set(k, extra.Members[i])
				}
			} else {
				n.Partial = true
			}
			continue
		}
		if id.Name == "PropertyOrder" {
			continue
		}
		key, ok := schemaFields[id.Name]
		if !ok {
			n.Partial = true
			continue
		}
		var fieldT types.Type
		if structT != nil {
			for i := 0; i < structT.NumFields(); i++ {
				if structT.Field(i).Name() == id.Name {
					fieldT = structT.Field(i).Type()
				}
			}
		}
		var v *schema.Node
		if id.Name == "Default" {
			v = r.rawOrRead(kv.Value)
		} else if lit, ok := kv.Value.(*ast.CompositeLit); ok && lit.Type == nil && fieldT != nil {
			v = r.compositeLit(lit, fieldT)
		} else {
			v = r.read(kv.Value)
		}
		// Zero values are omitted when marshalled.
		if v.Kind == schema.Null || (v.Kind == schema.String && v.Str == "" && id.Name != "Const") || (v.Kind == schema.Bool && !v.Bool) {
			continue
		}
		v.KeyPos = kv.Key.Pos()
		n.Set(key, v)
	}
	return n
}

// rawOrRead reads a json.RawMessage value: a conversion of a constant, or
// anything else.
func (r *Reader) rawOrRead(e ast.Expr) *schema.Node {
	if call, ok := ast.Unparen(e).(*ast.CallExpr); ok {
		return r.call(call, r.Info.TypeOf(call))
	}
	return r.read(e)
}

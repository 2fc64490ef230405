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
	"reflect"
	"strings"

	"github.com/elicitlint/elicitlint/internal/schema"
	"golang.org/x/tools/go/types/typeutil"
)

// JSONSchemaPkg is the package of jsonschema-go's Schema type.
const JSONSchemaPkg = "github.com/google/jsonschema-go/jsonschema"

// Problem is something wrong with the Go expression itself (invalid JSON in
// a raw schema, a Go string where a schema should be).
type Problem struct {
	Pos     token.Pos
	Message string
}

// Reader reads schema expressions of one package.
type Reader struct {
	Info *types.Info
	// Files are the package's files; positions outside them (struct fields
	// declared in another package) are replaced by the expression's.
	Files []*ast.File
	// Resolve returns the single expression a variable is assigned, or nil.
	Resolve func(v *types.Var) ast.Expr
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
	case *ast.UnaryExpr:
		if x.Op == token.AND {
			return r.read(x.X)
		}
	case *ast.Ident:
		if v, ok := r.Info.Uses[x].(*types.Var); ok && r.Resolve != nil {
			if def := r.Resolve(v); def != nil {
				return r.read(def)
			}
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

func (r *Reader) compositeLit(lit *ast.CompositeLit, t types.Type) *schema.Node {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	if isSchemaType(t) {
		return r.schemaLit(lit)
	}
	switch u := t.Underlying().(type) {
	case *types.Map:
		if b, ok := u.Key().Underlying().(*types.Basic); !ok || b.Kind() != types.String {
			return unknown(lit)
		}
		n := &schema.Node{Kind: schema.Object, Pos: lit.Pos(), End: lit.End()}
		for _, elt := range lit.Elts {
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
			v := r.elem(kv.Value, u.Elem())
			v.KeyPos = kv.Key.Pos()
			n.Set(key, v)
		}
		return n
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
			if inst, ok := r.Info.Instances[funcIdent(call.Fun)]; ok && inst.TypeArgs.Len() == 1 {
				return r.forType(inst.TypeArgs.At(0), call)
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
	pos := func(int) token.Pos { return arg.Pos() }
	if lit, ok := ast.Unparen(arg).(*ast.BasicLit); ok && strings.HasPrefix(lit.Value, "`") && !strings.Contains(lit.Value, "\r") {
		base := lit.Pos() + 1
		pos = func(off int) token.Pos { return base + token.Pos(off) }
	}
	n, err := schema.ParseJSON([]byte(text), pos)
	if err != nil {
		at := arg.Pos()
		if je, ok := err.(*schema.JSONError); ok {
			at = pos(je.Offset)
		}
		r.Problems = append(r.Problems, Problem{Pos: at, Message: "requested schema is not valid JSON: " + err.Error()})
		return unknown(arg)
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

// forType derives the schema jsonschema.For[T] produces for t (jsonschema-go
// v0.4 behaviour: pointers become ["null", T], slices ["null", "array"]).
// Property nodes point at the struct fields' declarations when those are in
// this package, else at the call.
func (r *Reader) forType(t types.Type, at ast.Node) *schema.Node {
	return r.derive(t, at, map[types.Type]bool{}, true)
}

func (r *Reader) inFiles(pos token.Pos) bool {
	for _, f := range r.Files {
		if f.FileStart <= pos && pos <= f.FileEnd {
			return true
		}
	}
	return false
}

func (r *Reader) derive(t types.Type, at ast.Node, seen map[types.Type]bool, root bool) *schema.Node {
	n := &schema.Node{Pos: at.Pos(), End: at.End()}
	str := func(s string) *schema.Node { return &schema.Node{Kind: schema.String, Str: s, Pos: n.Pos, End: n.End} }
	num := func(f float64) *schema.Node {
		return &schema.Node{Kind: schema.Number, Num: f, IsInt: true, Pos: n.Pos, End: n.End}
	}
	nullable := false
	for {
		p, ok := t.(*types.Pointer)
		if !ok {
			break
		}
		nullable = true
		t = p.Elem()
	}
	setType := func(name string) {
		if nullable {
			n.Set("type", &schema.Node{Kind: schema.Array, Elems: []*schema.Node{str("null"), str(name)}, Pos: n.Pos, End: n.End})
		} else {
			n.Set("type", str(name))
		}
	}
	n.Kind = schema.Object
	if named, ok := types.Unalias(t).(*types.Named); ok && named.Obj().Pkg() != nil {
		switch named.Obj().Pkg().Path() + "." + named.Obj().Name() {
		case "time.Time", "log/slog.Level", "math/big.Int", "math/big.Rat", "math/big.Float":
			setType("string")
			return n
		}
		if seen[named] {
			return unknown(at)
		}
		seen[named] = true
		defer delete(seen, named)
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		switch {
		case u.Kind() == types.Bool:
			setType("boolean")
		case u.Info()&types.IsString != 0:
			setType("string")
		case u.Info()&types.IsFloat != 0:
			setType("number")
		case u.Info()&types.IsInteger != 0:
			setType("integer")
			if u.Info()&types.IsUnsigned != 0 {
				n.Set("minimum", num(0))
			}
			switch u.Kind() {
			case types.Int8:
				n.Set("minimum", num(-128))
				n.Set("maximum", num(127))
			case types.Uint8:
				n.Set("maximum", num(255))
			case types.Int16:
				n.Set("minimum", num(-32768))
				n.Set("maximum", num(32767))
			case types.Uint16:
				n.Set("maximum", num(65535))
			case types.Int32:
				n.Set("minimum", num(-2147483648))
				n.Set("maximum", num(2147483647))
			case types.Uint32:
				n.Set("maximum", num(4294967295))
			}
		default:
			return unknown(at)
		}
	case *types.Interface:
		// Unrestricted: an empty schema.
	case *types.Map:
		setType("object")
		n.Set("additionalProperties", r.derive(u.Elem(), at, seen, false))
	case *types.Slice:
		n.Set("type", &schema.Node{Kind: schema.Array, Elems: []*schema.Node{str("null"), str("array")}, Pos: n.Pos, End: n.End})
		n.Set("items", r.derive(u.Elem(), at, seen, false))
	case *types.Array:
		setType("array")
		n.Set("items", r.derive(u.Elem(), at, seen, false))
	case *types.Struct:
		setType("object")
		props := &schema.Node{Kind: schema.Object, Pos: n.Pos, End: n.End}
		var required []*schema.Node
		r.structFields(u, at, seen, props, &required)
		n.Set("properties", props)
		if len(required) > 0 {
			n.Set("required", &schema.Node{Kind: schema.Array, Elems: required, Pos: n.Pos, End: n.End})
		}
		if !root {
			// jsonschema-go also sets additionalProperties: false at the
			// root; it is harmless there (the form has no other fields),
			// so only nested objects carry it here.
			n.Set("additionalProperties", &schema.Node{Kind: schema.Bool, Pos: n.Pos, End: n.End})
		}
	default:
		return unknown(at)
	}
	return n
}

// structFields adds the JSON-visible fields of s (embedded structs
// flattened, as encoding/json does) to props.
func (r *Reader) structFields(s *types.Struct, at ast.Node, seen map[types.Type]bool, props *schema.Node, required *[]*schema.Node) {
	for i := 0; i < s.NumFields(); i++ {
		f := s.Field(i)
		tag := reflect.StructTag(s.Tag(i))
		jsonTag, hasJSON := tag.Lookup("json")
		if f.Embedded() && !hasJSON {
			ft := f.Type()
			if p, ok := ft.(*types.Pointer); ok {
				ft = p.Elem()
			}
			if es, ok := ft.Underlying().(*types.Struct); ok {
				r.structFields(es, at, seen, props, required)
				continue
			}
		}
		if !f.Exported() {
			continue
		}
		name, opts, comma := strings.Cut(jsonTag, ",")
		if name == "-" && !comma && hasJSON {
			continue // json:"-" omits the field; json:"-," names it "-"
		}
		if name == "" {
			name = f.Name()
		}
		fieldAt := at
		if f.Pos().IsValid() && r.inFiles(f.Pos()) {
			fieldAt = posNode{f.Pos(), f.Pos() + token.Pos(len(f.Name()))}
		}
		fs := r.derive(f.Type(), fieldAt, seen, false)
		if desc, ok := tag.Lookup("jsonschema"); ok && desc != "" && fs.Kind == schema.Object {
			fs.Set("description", &schema.Node{Kind: schema.String, Str: desc, Pos: fieldAt.Pos(), End: fieldAt.End()})
		}
		fs.KeyPos = fieldAt.Pos()
		props.Set(name, fs)
		optional := false
		for _, o := range strings.Split(opts, ",") {
			if o == "omitempty" || o == "omitzero" {
				optional = true
			}
		}
		if !optional {
			*required = append(*required, &schema.Node{Kind: schema.String, Str: name, Pos: fieldAt.Pos(), End: fieldAt.End()})
		}
	}
}

type posNode struct{ pos, end token.Pos }

func (p posNode) Pos() token.Pos { return p.pos }
func (p posNode) End() token.Pos { return p.end }

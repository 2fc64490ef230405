package goschema

import (
	"go/ast"
	"go/token"
	"go/types"
	"reflect"
	"regexp"
	"strings"

	"github.com/elicitlint/elicitlint/internal/schema"
	"golang.org/x/tools/go/types/typeutil"
)

// This file derives the schema jsonschema.For[T] and jsonschema.ForType
// produce, the way github.com/google/jsonschema-go v0.4 does: pointers
// become ["null", T], slices ["null", "array"], structs objects whose
// properties are the fields reflect.VisibleFields lists (embedded structs
// flattened whatever their json tag), named by their json tags; fields
// without omitempty or omitzero are required. Where For would fail at run
// time (a cycle, a channel, a map with int keys, an empty jsonschema tag)
// the whole schema is Unknown: the elicitation never gets it.

// forType reads For[t](opts) or ForType(t, opts) at call.
func (r *Reader) forType(t types.Type, opts ast.Expr, call ast.Node) *schema.Node {
	ignore, ok := r.forOptions(opts)
	if !ok {
		return unknown(call) // TypeSchemas or options we cannot read
	}
	d := &deriver{r: r, ignore: ignore, seen: map[types.Type]bool{}}
	n := d.derive(t, call, true)
	if d.failed || n == nil {
		return unknown(call)
	}
	return n
}

// forOptions reads For's options: nil, or a ForOptions literal that sets
// at most IgnoreInvalidTypes to a constant. ok is false for anything else
// (TypeSchemas replace the derivation of whole types).
func (r *Reader) forOptions(e ast.Expr) (ignore, ok bool) {
	e = ast.Unparen(e)
	if tv, found := r.Info.Types[e]; found && tv.IsNil() {
		return false, true
	}
	if next := r.follow(e); next != nil {
		return r.forOptions(next)
	}
	switch x := e.(type) {
	case *ast.CompositeLit:
		for _, elt := range x.Elts {
			kv, isKV := elt.(*ast.KeyValueExpr)
			if !isKV {
				return false, false
			}
			if id, isID := kv.Key.(*ast.Ident); !isID || id.Name != "IgnoreInvalidTypes" {
				return false, false
			}
			tv := r.Info.Types[kv.Value]
			if tv.Value == nil {
				return false, false
			}
			ignore = tv.Value.ExactString() == "true"
		}
		return ignore, true
	}
	return false, false
}

// reflectType reads the reflect.Type that ForType is given:
// reflect.TypeFor[T](), reflect.TypeOf(x) of an x whose type is not an
// interface, and .Elem() of either. It returns nil otherwise.
func (r *Reader) reflectType(e ast.Expr) types.Type {
	e = ast.Unparen(e)
	if next := r.follow(e); next != nil {
		return r.reflectType(next)
	}
	switch x := e.(type) {
	case *ast.CallExpr:
		fn, _ := typeutil.Callee(r.Info, x).(*types.Func)
		if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "reflect" {
			return nil
		}
		switch fn.Name() {
		case "TypeFor":
			if inst, ok := r.Info.Instances[funcIdent(x.Fun)]; ok && inst.TypeArgs.Len() == 1 && len(x.Args) == 0 {
				return inst.TypeArgs.At(0)
			}
		case "TypeOf":
			if len(x.Args) == 1 {
				if t := r.Info.TypeOf(x.Args[0]); t != nil && !types.IsInterface(t) {
					if b, ok := t.(*types.Basic); ok && b.Info()&types.IsUntyped != 0 {
						return nil // untyped constants take their default type; leave them
					}
					return t
				}
			}
		case "Elem":
			sel, ok := ast.Unparen(x.Fun).(*ast.SelectorExpr)
			if !ok || len(x.Args) != 0 {
				return nil
			}
			inner := r.reflectType(sel.X)
			if inner == nil {
				return nil
			}
			switch u := inner.Underlying().(type) {
			case *types.Pointer:
				return u.Elem()
			case *types.Slice:
				return u.Elem()
			case *types.Array:
				return u.Elem()
			case *types.Map:
				return u.Elem()
			}
		}
	}
	return nil
}

// deriver is one derivation of For.
type deriver struct {
	r      *Reader
	ignore bool // ForOptions.IgnoreInvalidTypes
	seen   map[types.Type]bool
	depth  int
	// failed is set where For returns an error.
	failed bool
}

// derive returns t's schema positioned at at, or nil for a field that
// IgnoreInvalidTypes drops.
func (d *deriver) derive(t types.Type, at ast.Node, root bool) *schema.Node {
	d.depth++
	defer func() { d.depth-- }()
	if d.depth > maxDepth {
		d.failed = true // say nothing rather than recurse for ever
		return nil
	}
	n := &schema.Node{Pos: at.Pos(), End: at.End()}
	str := func(s string) *schema.Node { return &schema.Node{Kind: schema.String, Str: s, Pos: n.Pos, End: n.End} }
	num := func(f float64) *schema.Node {
		return &schema.Node{Kind: schema.Number, Num: f, IsInt: true, Pos: n.Pos, End: n.End}
	}
	invalid := func() *schema.Node {
		if !d.ignore {
			d.failed = true
		}
		return nil
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
	if _, ok := types.Unalias(t).(*types.TypeParam); ok {
		d.failed = true // known only at run time
		return nil
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
		if d.seen[named] {
			d.failed = true // For reports the cycle
			return nil
		}
		d.seen[named] = true
		defer delete(d.seen, named)
		if stringType(named) {
			setType("string")
			return n
		}
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
			return invalid() // complex numbers, unsafe.Pointer
		}
	case *types.Interface:
		// Unrestricted: the empty schema, which jsonschema-go marshals
		// as true, with or without a pointer.
		return &schema.Node{Kind: schema.Bool, Bool: true, Pos: n.Pos, End: n.End}
	case *types.Map:
		if !stringKey(u.Key()) {
			return invalid()
		}
		setType("object")
		elem := d.derive(u.Elem(), at, false)
		if elem == nil {
			return nil
		}
		n.Set("additionalProperties", elem)
	case *types.Slice:
		n.Set("type", &schema.Node{Kind: schema.Array, Elems: []*schema.Node{str("null"), str("array")}, Pos: n.Pos, End: n.End})
		items := d.derive(u.Elem(), at, false)
		if items == nil {
			return nil
		}
		n.Set("items", items)
	case *types.Array:
		setType("array")
		items := d.derive(u.Elem(), at, false)
		if items == nil {
			return nil
		}
		n.Set("items", items)
		n.Set("minItems", num(float64(u.Len())))
		n.Set("maxItems", num(float64(u.Len())))
	case *types.Struct:
		setType("object")
		props := &schema.Node{Kind: schema.Object, Pos: n.Pos, End: n.End}
		var required []*schema.Node
		d.structFields(t, at, props, &required)
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
		return invalid() // channels, functions
	}
	return n
}

// stringType reports the standard library types For describes as
// strings.
func stringType(named *types.Named) bool {
	switch named.Obj().Pkg().Path() + "." + named.Obj().Name() {
	case "time.Time", "log/slog.Level", "math/big.Int", "math/big.Rat", "math/big.Float":
		return true
	}
	return false
}

// stringKey reports a map key For accepts: a string kind, or a type that
// implements encoding.TextMarshaler.
func stringKey(k types.Type) bool {
	if b, ok := k.Underlying().(*types.Basic); ok && b.Info()&types.IsString != 0 {
		return true
	}
	obj, _, _ := types.LookupFieldOrMethod(k, false, nil, "MarshalText")
	fn, ok := obj.(*types.Func)
	if !ok {
		return false
	}
	sig := fn.Type().(*types.Signature)
	return sig.Params().Len() == 0 && sig.Results().Len() == 2
}

// wordPrefix is a jsonschema tag For refuses ("WORD=...").
var wordPrefix = regexp.MustCompile("^[^ \t\n]*=")

// structFields adds the properties For derives from struct type t's
// fields to props.
func (d *deriver) structFields(t types.Type, at ast.Node, props *schema.Node, required *[]*schema.Node) {
	for _, f := range visibleFields(t) {
		if f.v.Embedded() || !f.v.Exported() {
			continue // For skips embedded fields (their fields are listed) and unexported ones
		}
		tag := reflect.StructTag(f.tag)
		jsonTag, _ := tag.Lookup("json")
		name, opts, comma := strings.Cut(jsonTag, ",")
		if name == "-" && !comma {
			continue // json:"-" omits the field; json:"-," names it "-"
		}
		if name == "" {
			name = f.v.Name()
		}
		fieldAt := at
		if decl := d.r.fieldDecl(f.v); decl != nil {
			fieldAt = posNode{f.v.Pos(), decl.End()}
		}
		fs := d.derive(f.v.Type(), fieldAt, false)
		if fs == nil {
			continue // invalid, with IgnoreInvalidTypes
		}
		if desc, ok := tag.Lookup("jsonschema"); ok {
			if desc == "" || wordPrefix.MatchString(desc) {
				d.failed = true // For refuses the tag
				return
			}
			if fs.Kind == schema.Bool { // true, the empty schema
				fs = &schema.Node{Kind: schema.Object, Pos: fs.Pos, End: fs.End}
			}
			fs.Set("description", &schema.Node{Kind: schema.String, Str: desc, Pos: fieldAt.Pos(), End: fieldAt.End()})
		}
		optional := false
		for _, o := range strings.Split(opts, ",") {
			if o == "omitempty" || o == "omitzero" {
				optional = true
			}
		}
		fs.KeyPos = fieldAt.Pos()
		fs.Field = goField(f.v, jsonTag, optional)
		props.Set(name, fs)
		if !optional {
			*required = append(*required, &schema.Node{Kind: schema.String, Str: name, Pos: fieldAt.Pos(), End: fieldAt.End(), Field: fs.Field})
		}
	}
}

// goField describes struct field v for findings.
func goField(v *types.Var, jsonTag string, optional bool) *schema.GoField {
	qual := func(p *types.Package) string {
		if p == v.Pkg() {
			return ""
		}
		return p.Name()
	}
	elem := v.Type()
	for {
		p, ok := elem.(*types.Pointer)
		if !ok {
			break
		}
		elem = p.Elem()
	}
	f := &schema.GoField{
		Name:     v.Name(),
		Type:     types.TypeString(v.Type(), qual),
		Elem:     types.TypeString(elem, qual),
		Tag:      jsonTag,
		Optional: optional,
	}
	named, isNamed := types.Unalias(elem).(*types.Named)
	switch elem.Underlying().(type) {
	case *types.Struct:
		f.Kind = schema.GoStruct
		f.Embeddable = isNamed
		if isNamed && named.Obj().Pkg() != nil && stringType(named) {
			f.Kind, f.Embeddable = schema.GoBasic, false
		}
	case *types.Map:
		f.Kind = schema.GoMap
	case *types.Slice:
		f.Kind = schema.GoSlice
	case *types.Array:
		f.Kind = schema.GoArray
	case *types.Interface:
		f.Kind = schema.GoInterface
	default:
		f.Kind = schema.GoBasic
	}
	return f
}

// visField is one field reflect.VisibleFields lists.
type visField struct {
	v     *types.Var
	tag   string
	depth int
	gone  bool // hidden by a shallower field, or cancelled by one at its depth
}

// visibleFields lists the fields reflect.VisibleFields lists for struct
// type t, in its order: each embedded field is followed by its promoted
// fields, and a name used at several depths is visible only at the
// shallowest, unless two fields share that depth.
func visibleFields(t types.Type) []visField {
	var fields []visField
	byName := map[string]int{}
	visiting := map[types.Type]bool{}
	var walk func(t types.Type, depth int)
	walk = func(t types.Type, depth int) {
		s, ok := t.Underlying().(*types.Struct)
		if !ok || visiting[t] {
			return
		}
		visiting[t] = true
		defer delete(visiting, t)
		for i := 0; i < s.NumFields(); i++ {
			f := s.Field(i)
			add := true
			if old, ok := byName[f.Name()]; ok {
				switch o := &fields[old]; {
				case o.depth == depth:
					o.gone, add = true, false
				case depth < o.depth:
					o.gone = true
				default:
					add = false
				}
			}
			if add {
				byName[f.Name()] = len(fields)
				fields = append(fields, visField{v: f, tag: s.Tag(i), depth: depth})
			}
			if f.Embedded() {
				et := f.Type()
				if p, ok := et.(*types.Pointer); ok {
					et = p.Elem()
				}
				walk(et, depth+1)
			}
		}
	}
	walk(t, 0)
	out := fields[:0]
	for _, f := range fields {
		if !f.gone {
			out = append(out, f)
		}
	}
	return out
}

// fieldDecl returns the declaration of named struct field v when it is in
// the package's files.
func (r *Reader) fieldDecl(v *types.Var) *ast.Field {
	if !v.Pos().IsValid() || !r.inFiles(v.Pos()) {
		return nil
	}
	if r.fields == nil {
		r.fields = map[token.Pos]*ast.Field{}
		for _, f := range r.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				if st, ok := n.(*ast.StructType); ok {
					for _, fd := range st.Fields.List {
						for _, id := range fd.Names {
							r.fields[id.Pos()] = fd
						}
					}
				}
				return true
			})
		}
	}
	return r.fields[v.Pos()]
}

func (r *Reader) inFiles(pos token.Pos) bool {
	for _, f := range r.Files {
		if f.FileStart <= pos && pos <= f.FileEnd {
			return true
		}
	}
	return false
}

type posNode struct{ pos, end token.Pos }

func (p posNode) Pos() token.Pos { return p.pos }
func (p posNode) End() token.Pos { return p.end }

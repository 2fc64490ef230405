package fix

import (
	"fmt"
	"go/ast"
	"go/types"
	"strconv"
	"strings"

	"github.com/elicitlint/elicitlint/internal/mcpsdk"
	"github.com/elicitlint/elicitlint/internal/source"
	"golang.org/x/tools/go/analysis"
)

// This file writes the check of an answer that a direct request made
// (mcpsdk.Validation: go-sdk's ServerSession.Elicit validated an accepted
// answer against the requested schema and filled in its defaults) and
// the round trip does not. It is one function per package, which every
// migrated request calls after its answer's lookup:
//
//	if err := validateElicitResult(schema, res); err != nil {
//		... the handler's error path, as when Elicit failed
//	}
//
// Every fix that needs it declares it with the same edits (at the end of
// the same file, with the same imports), so that any of them applied
// alone builds and two applied together declare it once (identical edits
// are made once). Its imports are a superset of what a migration adds to
// a file of go-sdk handlers (errors, the SDK's package), so that a fix's
// imports in that file are the check's, whatever else the fix does there.
// Once declared, fixes use it as it is.

// AnswerCheck is the package's function that checks an answer.
type AnswerCheck struct {
	Name string
	// Edits declare it, and Imports add what it needs to its file; both
	// are empty when the package declares it already.
	Edits, Imports []analysis.TextEdit
}

// NewAnswerCheck returns the check of answers of kind k for pc's package,
// to be declared at the end of file when the package does not declare it
// yet; nil when a name it needs is taken.
func NewAnswerCheck(pc *source.Package, sdk *mcpsdk.SDK, k *mcpsdk.RequestKind, file *ast.File) *AnswerCheck {
	if file == nil {
		return nil
	}
	v := k.Validated
	scope := pc.Pass.Pkg.Scope()
	base := "validate" + k.Answer
	name := base
	for i := 2; ; i++ {
		obj := scope.Lookup(name)
		if obj == nil {
			break
		}
		if isAnswerCheck(obj, sdk.TypesPath(), k.Answer) {
			return &AnswerCheck{Name: name}
		}
		if i > 9 {
			return nil
		}
		name = base + strconv.Itoa(i)
	}
	c := &AnswerCheck{Name: name}
	names := map[string]string{}
	for _, imp := range [][2]string{{"encoding/json", "json"}, {"errors", "errors"}, {v.SchemaPkg, mcpsdk.LastElem(v.SchemaPkg)}, {sdk.TypesPath(), sdk.TypesPkg}} {
		n, e, ok := ImportName(pc, file, imp[0], imp[1])
		if !ok {
			return nil
		}
		names[imp[0]] = n
		if e != nil {
			c.Imports = append(c.Imports, *e)
		}
	}
	json, jsonschema, mcp := names["encoding/json"], names[v.SchemaPkg], names[sdk.TypesPath()]
	direct := k.Direct[0].Recv + "." + k.Direct[0].Name
	doc := Comment(name+" checks an accepted answer against the schema it was requested with and fills in the schema's defaults, as "+direct+" did: the answer is client input, and the SDK does not check it on the round trip.", 72)
	text := "\n" + doc + fmt.Sprintf(`func %[1]s(schema any, res *%[2]s.%[3]s) error {
	if res == nil || res.%[5]s == nil || schema == nil {
		return nil // only an accepted answer has content
	}
	data, err := %[6]s.Marshal(schema)
	if err != nil {
		return err
	}
	var s *%[7]s.%[8]s
	if err := %[6]s.Unmarshal(data, &s); err != nil || s == nil {
		return err
	}
	resolved, err := s.Resolve(nil)
	if err != nil {
		return err
	}
	if err := resolved.Validate(res.%[5]s); err != nil {
		return %[9]s.New(%[10]q + err.Error())
	}
	if err := resolved.ApplyDefaults(&res.%[5]s); err != nil {
		return %[9]s.New(%[11]q + err.Error())
	}
	return nil
}
`, name, mcp, k.Answer, sdk.ActionField, sdk.ContentField, json, jsonschema, v.Schema, names["errors"], v.Invalid, v.Defaults)
	tf := pc.Pass.Fset.File(file.Pos())
	data, _ := pc.Src(file.Pos())
	if len(data) == 0 || data[len(data)-1] != '\n' {
		text = "\n" + text
	}
	end := tf.Pos(tf.Size())
	c.Edits = []analysis.TextEdit{{Pos: end, End: end, NewText: []byte(text)}}
	return c
}

// isAnswerCheck reports whether obj is a function of the check's
// signature: func(any, *T) error.
func isAnswerCheck(obj types.Object, path, answer string) bool {
	fn, ok := obj.(*types.Func)
	if !ok {
		return false
	}
	sig := fn.Type().(*types.Signature)
	if sig.Recv() != nil || sig.Params().Len() != 2 || sig.Results().Len() != 1 {
		return false
	}
	any, ok := sig.Params().At(0).Type().Underlying().(*types.Interface)
	ptr, isPtr := sig.Params().At(1).Type().(*types.Pointer)
	return ok && any.Empty() && isPtr && mcpsdk.IsNamed(ptr.Elem(), path, answer) &&
		types.Identical(sig.Results().At(0).Type(), types.Universe.Lookup("error").Type())
}

// CheckText spells the call of the check on an answer, at the start of a
// line indented by ind: the block runs, with errName set, where the
// answer does not pass; body is the text between its braces.
func (c *AnswerCheck) CheckText(errName, schema, res, body, ind string) string {
	return fmt.Sprintf("\n%sif %s := %s(%s, %s); %s != nil {%s}", ind, errName, c.Name, schema, res, errName, body)
}

// CheckSchema finds, in the params of a direct request, the schema its
// answer is checked against: ref names it where it is (the field of a
// params variable, a variable), or hoist is the expression to move into a
// variable of its own; none of them when the params set no schema (url
// mode: nothing was checked). why says why the schema cannot be named.
func CheckSchema(params ast.Expr, field string) (ref string, hoist ast.Expr, why string) {
	if params == nil {
		return "", nil, "its params are written out by the fix"
	}
	if plainRef(params) {
		return source.ExprString(params) + "." + field, nil, ""
	}
	lit, ok := source.UnAddr(params).(*ast.CompositeLit)
	if !ok {
		return "", nil, "its params are not a composite literal or a variable"
	}
	for _, elt := range lit.Elts {
		if kv, ok := elt.(*ast.KeyValueExpr); ok {
			if id, ok := kv.Key.(*ast.Ident); ok && id.Name == field {
				if plainRef(kv.Value) {
					return source.ExprString(kv.Value), nil, ""
				}
				return "", kv.Value, ""
			}
		}
	}
	return "", nil, ""
}

// plainRef reports whether e names a value without computing it: a
// variable, a package's variable, a field of one.
func plainRef(e ast.Expr) bool {
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		return e.Name != "nil"
	case *ast.SelectorExpr:
		return plainRef(e.X)
	}
	return false
}

// CheckFile is the file the package's answer check goes into: the first,
// by name, of the files of the requests it checks (calls), a test file
// only when all are, never a generated file (its fixes would be
// overwritten; drivers refuse them); every fix of the package picks the
// same. Nil when there is none.
func CheckFile(pc *source.Package, calls []ast.Node) *ast.File {
	var best *ast.File
	key := func(f *ast.File) string {
		name := pc.Pass.Fset.File(f.Pos()).Name()
		if strings.HasSuffix(name, "_test.go") {
			return "1" + name
		}
		return "0" + name
	}
	for _, c := range calls {
		if f := pc.FileOf(c.Pos()); f != nil && !ast.IsGenerated(f) && !importsC(f) && (best == nil || key(f) < key(best)) {
			best = f
		}
	}
	return best
}

// importsC reports whether f is a cgo file, whose analysed form is cgo's
// output: drivers do not write fixes into it.
func importsC(f *ast.File) bool {
	for _, imp := range f.Imports {
		if imp.Path.Value == `"C"` {
			return true
		}
	}
	return false
}

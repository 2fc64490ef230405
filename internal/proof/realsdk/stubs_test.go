package realsdk

// This file proves that the analysistest stubs in testdata/src declare the
// same API as the real SDK modules: a fixture that compiles against a stub
// must mean the same thing against the real package. Only the stubs'
// declarations are compared (a stub may omit anything it does not need); see
// stubcheckCompare for the rules.
//
// It deliberately does not import the analyzer package, so it can run on its
// own.

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"

	"golang.org/x/tools/go/packages"

	"github.com/elicitlint/elicitlint/internal/proof/prooftest"
)

// stubcheckPackages lists each stub package and the testdata/realsdk module
// whose build list provides the real package.
var stubcheckPackages = []struct {
	path   string // import path, identical for stub and real package
	module string // directory under testdata/realsdk
}{
	{"github.com/modelcontextprotocol/go-sdk/mcp", "gosdk-v1.8.0"},
	{"github.com/mark3labs/mcp-go/mcp", "mcpgo-v1.6.0"},
	{"github.com/mark3labs/mcp-go/server", "mcpgo-v1.6.0"},
	{"github.com/mark3labs/mcp-go/client", "mcpgo-v1.6.0"},
	{"github.com/google/jsonschema-go/jsonschema", "gosdk-v1.8.0"},
}

const stubcheckLoadMode = packages.NeedName | packages.NeedFiles | packages.NeedImports |
	packages.NeedDeps | packages.NeedTypes | packages.NeedSyntax | packages.NeedTypesInfo

// stubcheckRealMode loads a real package from its source and its
// dependencies from export data: only the package's own declarations are
// compared.
const stubcheckRealMode = packages.NeedName | packages.NeedFiles | packages.NeedImports |
	packages.NeedTypes | packages.NeedSyntax | packages.NeedTypesInfo | packages.NeedModule

func TestStubsMatchRealSDK(t *testing.T) {
	if testing.Short() {
		t.Skip("loads the real SDK modules; skipped in -short mode")
	}
	t.Parallel()
	stubs := stubcheckLoadStubs(t)

	byModule := map[string][]string{}
	for _, sp := range stubcheckPackages {
		byModule[sp.module] = append(byModule[sp.module], sp.path)
	}
	for module, paths := range byModule {
		stubcheckLoadReals(t, module, paths...)
	}
	var stubPkgs, realPkgs []*types.Package
	for _, sp := range stubcheckPackages {
		stub := stubs[sp.path]
		if stub == nil {
			t.Fatalf("stub package %s was not loaded", sp.path)
		}
		real := stubcheckLoadReal(t, sp.module, sp.path)
		stubPkgs = append(stubPkgs, stub)
		realPkgs = append(realPkgs, real)
	}

	for i, sp := range stubcheckPackages {
		problems, compared := stubcheckCompare(stubPkgs[i], realPkgs[i])
		if compared == 0 {
			t.Errorf("%s: no exported declarations compared; is the stub empty?", sp.path)
		}
		for _, p := range problems {
			t.Errorf("%s (vs testdata/realsdk/%s): %s", sp.path, sp.module, p)
		}
		t.Logf("%s: compared %d exported declarations against testdata/realsdk/%s", sp.path, compared, sp.module)
	}

	for _, p := range stubcheckCompareImplements(stubPkgs, realPkgs) {
		t.Error(p)
	}
}

// TestStubsCheckerDetectsMismatch feeds the checker a fake stub with known
// differences from the real go-sdk package, so that a checker that silently
// accepts everything fails.
func TestStubsCheckerDetectsMismatch(t *testing.T) {
	if testing.Short() {
		t.Skip("loads the real go-sdk module; skipped in -short mode")
	}
	const path = "github.com/modelcontextprotocol/go-sdk/mcp"
	real := stubcheckLoadReal(t, "gosdk-v1.8.0", path)

	const src = `package mcp

type Meta map[string]any

type ElicitParams struct {
	Meta    ` + "`json:\"_meta,omitempty\"`" + `
	Mode    int    ` + "`json:\"mode\"`" + `
	Message string ` + "`json:\"msg\"`" + `
	Bogus   string
}

func (ElicitParams) isParams() {}

type ElicitResult struct {
	Meta    ` + "`json:\"_meta,omitempty\"`" + `
	Action  string         ` + "`json:\"action\"`" + `
	Content map[string]any ` + "`json:\"content,omitempty\"`" + `
}

func (*ElicitResult) isInputResponse() {}
func (*ElicitResult) isInputRequest()  {}

type InputRequest interface{ isInputRequest() }

type InputRequestMap []InputRequest

type InputResponse interface {
	isInputResponse()
	Bogus()
}

type ServerSession struct{}

func (ss *ServerSession) Elicit(ctx any, params *ElicitParams) (*ElicitResult, error) { return nil, nil }

func URLElicitationRequiredError(elicitations []ElicitParams) error

type NewServer struct{}

const CodeURLElicitationRequired = -32000

const NoSuchConstant = 1
`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "fake.go", src, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	conf := types.Config{Error: func(err error) { t.Errorf("type-checking fake stub: %v", err) }}
	fake, _ := conf.Check(path, fset, []*ast.File{f}, nil)
	if t.Failed() {
		t.FailNow()
	}

	problems, _ := stubcheckCompare(fake, real)
	problems = append(problems, stubcheckCompareImplements([]*types.Package{fake}, []*types.Package{real})...)
	all := strings.Join(problems, "\n")
	t.Logf("problems found in the fake stub:\n%s", all)

	for _, want := range []string{
		"ElicitParams: field Mode: type int, real string",
		"ElicitParams: field Message: tag `json:\"msg\"`, real `json:\"message\"`",
		"ElicitParams: field Bogus: not in the real struct",
		"ElicitParams: method isParams: pointer receiver=false in the stub, real pointer receiver=true",
		"ElicitResult: method isInputRequest: not in the real method set",
		"*github.com/modelcontextprotocol/go-sdk/mcp.ElicitResult implements github.com/modelcontextprotocol/go-sdk/mcp.InputRequest in the stub but not in the real package",
		"InputRequestMap: underlying type []",
		"InputResponse: interface method Bogus: not in the real interface",
		"ServerSession: method Elicit: signature func(any, *github.com/modelcontextprotocol/go-sdk/mcp.ElicitParams)",
		"func URLElicitationRequiredError: signature func([]github.com/modelcontextprotocol/go-sdk/mcp.ElicitParams) error",
		"NewServer: kind type, real func",
		"const CodeURLElicitationRequired: value -32000, real -32042",
		"NoSuchConstant: not declared in the real package",
	} {
		if !strings.Contains(all, want) {
			t.Errorf("checker did not report %q", want)
		}
	}
	// The correctly declared parts must not be reported.
	for _, bad := range []string{"ElicitResult: field", "type Meta", "InputRequest:", "Meta:"} {
		for _, p := range problems {
			if strings.HasPrefix(p, bad) {
				t.Errorf("false positive: %s", p)
			}
		}
	}
}

// stubcheckLoadStubs type-checks the stub packages from testdata/src in
// GOPATH mode, the way analysistest sees them.
func stubcheckLoadStubs(t *testing.T) map[string]*types.Package {
	t.Helper()
	gopath := prooftest.Testdata(t)
	cfg := &packages.Config{
		Mode: stubcheckLoadMode,
		Dir:  filepath.Join(gopath, "src"),
		Env:  append(os.Environ(), "GO111MODULE=off", "GOPATH="+gopath, "GOFLAGS=", "GOWORK=off"),
	}
	var paths []string
	for _, sp := range stubcheckPackages {
		paths = append(paths, sp.path)
	}
	pkgs, err := packages.Load(cfg, paths...)
	if err != nil {
		t.Fatalf("loading stubs: %v", err)
	}
	stubcheckFailOnErrors(t, pkgs)
	m := make(map[string]*types.Package)
	for _, p := range pkgs {
		if !strings.HasPrefix(p.GoFiles[0], gopath) {
			t.Fatalf("stub %s was loaded from %s, not from %s", p.PkgPath, p.GoFiles[0], gopath)
		}
		m[p.PkgPath] = p.Types
	}
	return m
}

var stubcheckReal sync.Map // module+"\x00"+path -> *types.Package

// stubcheckLoadReal loads the real package path in module mode from
// testdata/realsdk/<module>, after downloading its modules. That directory's
// go.mod pins the version; the shared fixture files are not needed.
func stubcheckLoadReal(t *testing.T, module, path string) *types.Package {
	t.Helper()
	return stubcheckLoadReals(t, module, path)[0]
}

// stubcheckLoadReals loads the real packages paths of one module, as
// stubcheckLoadReal does, in one load: each package is type-checked from
// its source, its dependencies come from export data (the build cache),
// and packages loaded once are not loaded again.
func stubcheckLoadReals(t *testing.T, module string, paths ...string) []*types.Package {
	t.Helper()
	var missing []string
	for _, path := range paths {
		if _, ok := stubcheckReal.Load(module + "\x00" + path); !ok {
			missing = append(missing, path)
		}
	}
	if len(missing) > 0 {
		dir := prooftest.Testdata(t, "realsdk", module)
		cmd := exec.Command("go", "mod", "download")
		cmd.Dir = dir
		cmd.Env = os.Environ()
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("go mod download in %s: %v\n%s", dir, err, out)
		}
		cfg := &packages.Config{
			Mode: stubcheckRealMode,
			Dir:  dir,
			Env:  append(os.Environ(), "GO111MODULE=on", "GOFLAGS=", "GOWORK=off"),
		}
		pkgs, err := packages.Load(cfg, missing...)
		if err != nil {
			t.Fatalf("loading %s in %s: %v", missing, dir, err)
		}
		stubcheckFailOnErrors(t, pkgs)
		if len(pkgs) != len(missing) {
			t.Fatalf("loading %s in %s: want %d packages, got %d", missing, dir, len(missing), len(pkgs))
		}
		for _, p := range pkgs {
			if p.Module == nil || p.Types == nil || !slices.Contains(missing, p.PkgPath) {
				t.Fatalf("loading %s in %s: got %s, not a package of a module that was asked for", missing, dir, p.PkgPath)
			}
			t.Logf("real %s from %s@%s", p.PkgPath, p.Module.Path, p.Module.Version)
			stubcheckReal.Store(module+"\x00"+p.PkgPath, p.Types)
		}
	}
	var out []*types.Package
	for _, path := range paths {
		p, _ := stubcheckReal.Load(module + "\x00" + path)
		out = append(out, p.(*types.Package))
	}
	return out
}

func stubcheckFailOnErrors(t *testing.T, pkgs []*packages.Package) {
	t.Helper()
	if n := packages.PrintErrors(pkgs); n > 0 {
		t.Fatalf("%d errors while loading packages (printed above)", n)
	}
}

// stubcheckQualifier prints every package by its full import path, so type
// strings from the stub and the real package are directly comparable.
func stubcheckQualifier(p *types.Package) string { return p.Path() }

func stubcheckTypeString(t types.Type) string { return types.TypeString(t, stubcheckQualifier) }

// stubcheckSigString renders a signature without parameter names and
// without the receiver: names do not affect what a fixture means.
func stubcheckSigString(sig *types.Signature) string {
	var b strings.Builder
	b.WriteString("func")
	if tps := sig.TypeParams(); tps.Len() > 0 {
		b.WriteString(stubcheckTypeParamsString(tps))
	}
	b.WriteString("(")
	for i := 0; i < sig.Params().Len(); i++ {
		if i > 0 {
			b.WriteString(", ")
		}
		pt := sig.Params().At(i).Type()
		if sig.Variadic() && i == sig.Params().Len()-1 {
			b.WriteString("..." + stubcheckTypeString(pt.(*types.Slice).Elem()))
		} else {
			b.WriteString(stubcheckTypeString(pt))
		}
	}
	b.WriteString(")")
	switch n := sig.Results().Len(); {
	case n == 1:
		b.WriteString(" " + stubcheckTypeString(sig.Results().At(0).Type()))
	case n > 1:
		var rs []string
		for i := 0; i < n; i++ {
			rs = append(rs, stubcheckTypeString(sig.Results().At(i).Type()))
		}
		b.WriteString(" (" + strings.Join(rs, ", ") + ")")
	}
	return b.String()
}

func stubcheckTypeParamsString(tps *types.TypeParamList) string {
	var ps []string
	for i := 0; i < tps.Len(); i++ {
		tp := tps.At(i)
		ps = append(ps, tp.Obj().Name()+" "+stubcheckTypeString(tp.Constraint()))
	}
	return "[" + strings.Join(ps, ", ") + "]"
}

func stubcheckKind(obj types.Object) string {
	switch obj := obj.(type) {
	case *types.TypeName:
		if obj.IsAlias() {
			return "alias"
		}
		return "type"
	case *types.Func:
		return "func"
	case *types.Const:
		return "const"
	case *types.Var:
		return "var"
	}
	return fmt.Sprintf("%T", obj)
}

// stubcheckUnderKind names the kind of an underlying type.
func stubcheckUnderKind(t types.Type) string {
	switch t := t.(type) {
	case *types.Basic:
		return "basic"
	case *types.Struct:
		return "struct"
	case *types.Interface:
		return "interface"
	case *types.Map:
		return "map"
	case *types.Slice:
		return "slice"
	case *types.Array:
		return "array"
	case *types.Pointer:
		return "pointer"
	case *types.Signature:
		return "func"
	case *types.Chan:
		return "chan"
	default:
		return fmt.Sprintf("%T", t)
	}
}

// stubcheckCompare compares every exported package-level declaration of stub
// with the declaration of the same name in real:
//   - the object kind (type, alias, func, const, var) must match;
//   - aliases must denote the same type;
//   - defined types must have the same type parameters and underlying kind;
//     non-struct, non-interface underlying types must be identical;
//   - every stub struct field must exist in the real struct with the same
//     embeddedness, type and tag;
//   - every stub interface method must exist in the real interface with the
//     same signature;
//   - every method declared on a stub type must exist in the real type's
//     pointer method set with the same signature, and a stub method with a
//     value receiver must be in the real value method set too;
//   - funcs must have the same signature, vars the same type, consts the same
//     type and value.
//
// It returns one line per problem, and how many declarations it compared.
func stubcheckCompare(stub, real *types.Package) (problems []string, compared int) {
	report := func(format string, args ...any) {
		problems = append(problems, fmt.Sprintf(format, args...))
	}
	for _, name := range stub.Scope().Names() {
		obj := stub.Scope().Lookup(name)
		if !obj.Exported() {
			continue
		}
		compared++
		robj := real.Scope().Lookup(name)
		if robj == nil {
			report("%s: not declared in the real package", name)
			continue
		}
		if k, rk := stubcheckKind(obj), stubcheckKind(robj); k != rk {
			report("%s: kind %s, real %s", name, k, rk)
			continue
		}
		switch obj := obj.(type) {
		case *types.TypeName:
			if obj.IsAlias() {
				s, r := stubcheckTypeString(types.Unalias(obj.Type())), stubcheckTypeString(types.Unalias(robj.Type()))
				if s != r {
					report("alias %s: denotes %s, real %s", name, s, r)
				}
				continue
			}
			problems = append(problems, stubcheckCompareNamed(name, obj.Type().(*types.Named), robj.Type().(*types.Named))...)
		case *types.Func:
			s, r := stubcheckSigString(obj.Type().(*types.Signature)), stubcheckSigString(robj.Type().(*types.Signature))
			if s != r {
				report("func %s: signature %s, real %s", name, s, r)
			}
		case *types.Var:
			s, r := stubcheckTypeString(obj.Type()), stubcheckTypeString(robj.Type())
			if s != r {
				report("var %s: type %s, real %s", name, s, r)
			}
		case *types.Const:
			rc := robj.(*types.Const)
			s, r := stubcheckTypeString(obj.Type()), stubcheckTypeString(rc.Type())
			if s != r {
				report("const %s: type %s, real %s", name, s, r)
			}
			if !constant.Compare(obj.Val(), token.EQL, rc.Val()) || obj.Val().Kind() != rc.Val().Kind() {
				report("const %s: value %s, real %s", name, obj.Val().ExactString(), rc.Val().ExactString())
			}
		}
	}
	sort.Strings(problems)
	return problems, compared
}

func stubcheckCompareNamed(name string, stub, real *types.Named) (problems []string) {
	report := func(format string, args ...any) {
		problems = append(problems, name+": "+fmt.Sprintf(format, args...))
	}

	s, r := "", ""
	if tps := stub.TypeParams(); tps.Len() > 0 {
		s = stubcheckTypeParamsString(tps)
	}
	if tps := real.TypeParams(); tps.Len() > 0 {
		r = stubcheckTypeParamsString(tps)
	}
	if s != r {
		report("type parameters %q, real %q", s, r)
	}

	su, ru := stub.Underlying(), real.Underlying()
	if sk, rk := stubcheckUnderKind(su), stubcheckUnderKind(ru); sk != rk {
		report("underlying type %s (%s), real %s (%s)", stubcheckTypeString(su), sk, stubcheckTypeString(ru), rk)
		return problems
	}

	switch su := su.(type) {
	case *types.Struct:
		ru := ru.(*types.Struct)
		realFields := make(map[string]int)
		for i := 0; i < ru.NumFields(); i++ {
			realFields[ru.Field(i).Name()] = i
		}
		for i := 0; i < su.NumFields(); i++ {
			f := su.Field(i)
			j, ok := realFields[f.Name()]
			if !ok {
				report("field %s: not in the real struct", f.Name())
				continue
			}
			rf := ru.Field(j)
			if f.Embedded() != rf.Embedded() {
				report("field %s: embedded=%v, real embedded=%v", f.Name(), f.Embedded(), rf.Embedded())
			}
			if s, r := stubcheckTypeString(f.Type()), stubcheckTypeString(rf.Type()); s != r {
				report("field %s: type %s, real %s", f.Name(), s, r)
			}
			if s, r := su.Tag(i), ru.Tag(j); s != r {
				report("field %s: tag `%s`, real `%s`", f.Name(), s, r)
			}
		}
	case *types.Interface:
		ru := ru.(*types.Interface)
		for i := 0; i < su.NumMethods(); i++ {
			m := su.Method(i)
			var rm *types.Func
			for j := 0; j < ru.NumMethods(); j++ {
				if ru.Method(j).Name() == m.Name() {
					rm = ru.Method(j)
				}
			}
			if rm == nil {
				report("interface method %s: not in the real interface", m.Name())
				continue
			}
			if s, r := stubcheckSigString(m.Signature()), stubcheckSigString(rm.Signature()); s != r {
				report("interface method %s: signature %s, real %s", m.Name(), s, r)
			}
		}
	default:
		if s, r := stubcheckTypeString(su), stubcheckTypeString(ru); s != r {
			report("underlying type %s, real %s", s, r)
		}
	}

	// Methods declared on the stub type.
	if stub.NumMethods() > 0 {
		realPtrSet := types.NewMethodSet(types.NewPointer(real))
		realValSet := types.NewMethodSet(real)
		lookup := func(ms *types.MethodSet, name string) *types.Func {
			for i := 0; i < ms.Len(); i++ {
				if f := ms.At(i).Obj().(*types.Func); f.Name() == name {
					return f
				}
			}
			return nil
		}
		for i := 0; i < stub.NumMethods(); i++ {
			m := stub.Method(i)
			rm := lookup(realPtrSet, m.Name())
			if rm == nil {
				report("method %s: not in the real method set", m.Name())
				continue
			}
			if s, r := stubcheckSigString(m.Signature()), stubcheckSigString(rm.Signature()); s != r {
				report("method %s: signature %s, real %s", m.Name(), s, r)
			}
			_, ptrRecv := types.Unalias(m.Signature().Recv().Type()).(*types.Pointer)
			if rm.Signature().Recv() != nil && stubcheckIsDeclaredOn(rm, real) {
				// Declared directly on the real type: receivers must agree,
				// as they decide whether a T value has the method.
				_, realPtrRecv := types.Unalias(rm.Signature().Recv().Type()).(*types.Pointer)
				if ptrRecv != realPtrRecv {
					report("method %s: pointer receiver=%v in the stub, real pointer receiver=%v", m.Name(), ptrRecv, realPtrRecv)
				}
			} else if !ptrRecv && lookup(realValSet, m.Name()) == nil {
				report("method %s has a value receiver in the stub, but the real method needs a pointer", m.Name())
			}
		}
	}
	return problems
}

// stubcheckIsDeclaredOn reports whether method m is declared on named
// itself rather than promoted from an embedded field.
func stubcheckIsDeclaredOn(m *types.Func, named *types.Named) bool {
	for i := 0; i < named.NumMethods(); i++ {
		if named.Method(i) == m {
			return true
		}
	}
	return false
}

// stubcheckCompareImplements checks, for every non-generic defined type T
// and every non-empty interface I declared in the stubs (plus the universe
// error), that if T or *T implements I in the stubs, it also does in the
// real packages: otherwise a fixture could compile against the stubs and not
// against the real SDK. Empty stub interfaces are placeholders and skipped.
func stubcheckCompareImplements(stubs, reals []*types.Package) (problems []string) {
	realByPath := make(map[string]*types.Package)
	for _, p := range reals {
		realByPath[p.Path()] = p
	}
	realObj := func(obj types.Object) types.Object {
		if obj.Pkg() == nil {
			return obj // universe
		}
		rp := realByPath[obj.Pkg().Path()]
		if rp == nil {
			return nil
		}
		return rp.Scope().Lookup(obj.Name())
	}

	var concrete, ifaces []*types.TypeName
	ifaces = append(ifaces, types.Universe.Lookup("error").(*types.TypeName))
	for _, p := range stubs {
		for _, name := range p.Scope().Names() {
			tn, ok := p.Scope().Lookup(name).(*types.TypeName)
			if !ok || !tn.Exported() || tn.IsAlias() {
				continue
			}
			named := tn.Type().(*types.Named)
			if named.TypeParams().Len() > 0 {
				continue
			}
			if it, ok := named.Underlying().(*types.Interface); ok {
				if it.NumMethods() > 0 {
					ifaces = append(ifaces, tn)
				}
				continue
			}
			concrete = append(concrete, tn)
		}
	}

	for _, c := range concrete {
		rc, ok := realObj(c).(*types.TypeName)
		if !ok {
			continue // reported by stubcheckCompare
		}
		for _, i := range ifaces {
			ri, ok := realObj(i).(*types.TypeName)
			if !ok {
				continue
			}
			si, ok1 := i.Type().Underlying().(*types.Interface)
			rii, ok2 := ri.Type().Underlying().(*types.Interface)
			if !ok1 || !ok2 {
				continue
			}
			for _, ptr := range []bool{false, true} {
				st, rt := c.Type(), rc.Type()
				if ptr {
					st, rt = types.NewPointer(st), types.NewPointer(rt)
				}
				if types.Implements(st, si) && !types.Implements(rt, rii) {
					problems = append(problems, fmt.Sprintf("%s implements %s in the stub but not in the real package",
						stubcheckTypeString(st), stubcheckTypeString(i.Type())))
				}
			}
		}
	}
	sort.Strings(problems)
	return problems
}

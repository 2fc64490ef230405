package effect_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"slices"
	"strings"
	"testing"

	"github.com/elicitlint/elicitlint/internal/effect"
)

const src = `package store

type Store struct{}

func (*Store) Get(id string) string    { return id }
func (*Store) GetAll() []string        { return nil }
func (*Store) Put(id string)           {}
func (Store) Name() string             { return "" }
func Load(name string) string          { return name }

type Service interface{ GetDocument(id string) string }
`

// funcs type-checks src as the package example.com/app/store and returns
// its functions and methods by Qualified name.
func funcs(t *testing.T) map[string]*types.Func {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "store.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	pkg, err := new(types.Config).Check("example.com/app/store", fset, []*ast.File{f}, nil)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]*types.Func{}
	scope := pkg.Scope()
	for _, name := range scope.Names() {
		switch obj := scope.Lookup(name).(type) {
		case *types.Func:
			out[effect.Qualified(obj)] = obj
		case *types.TypeName:
			named := obj.Type().(*types.Named)
			for i := 0; i < named.NumMethods(); i++ {
				out[effect.Qualified(named.Method(i))] = named.Method(i)
			}
			if iface, ok := named.Underlying().(*types.Interface); ok {
				for i := 0; i < iface.NumMethods(); i++ {
					out[effect.Qualified(iface.Method(i))] = iface.Method(i)
				}
			}
		}
	}
	return out
}

func TestPatterns(t *testing.T) {
	fns := funcs(t)
	for _, tc := range []struct {
		pattern string
		match   []string
	}{
		{"(*store.Store).Get*", []string{"(*example.com/app/store.Store).Get", "(*example.com/app/store.Store).GetAll"}},
		{"(*example.com/app/store.Store).Get", []string{"(*example.com/app/store.Store).Get"}},
		{"(*store.Store).*", []string{"(*example.com/app/store.Store).Get", "(*example.com/app/store.Store).GetAll", "(*example.com/app/store.Store).Put"}},
		{"store.Store.Name", []string{"example.com/app/store.Store.Name"}},
		{"store.Load", []string{"example.com/app/store.Load"}},
		{"example.com/app/store.Lo*", []string{"example.com/app/store.Load"}},
		{"store.Service.GetDocument", []string{"example.com/app/store.Service.GetDocument"}},
		// Near misses: another package, a value receiver for a pointer
		// one, a function for a method.
		{"other.Load", nil},
		{"store.Store.Get", nil},
		{"store.Get", nil},
		{"app/store.Load", nil},
	} {
		ps, err := effect.ParsePatterns([]string{tc.pattern})
		if err != nil {
			t.Errorf("%s: %v", tc.pattern, err)
			continue
		}
		var got []string
		for name, fn := range fns {
			if ps.Match(fn) {
				got = append(got, name)
			}
		}
		if strings.Join(sorted(got), ",") != strings.Join(sorted(tc.match), ",") {
			t.Errorf("%s matches %q, want %q", tc.pattern, sorted(got), sorted(tc.match))
		}
	}
}

func TestBadPatterns(t *testing.T) {
	for _, p := range []string{"Get", "(*store.Store)", "(*Store).Get", "store.", "(*store.Store).Get(", "st*re.Load", "a.b.c.d", "store.[.Get"} {
		if _, err := effect.ParsePatterns([]string{p}); err == nil {
			t.Errorf("%q: no error", p)
		} else if !strings.Contains(err.Error(), "bad -replay-safe pattern") {
			t.Errorf("%q: error %q does not say what is wrong", p, err)
		}
	}
}

func sorted(s []string) []string {
	out := slices.Clone(s)
	slices.Sort(out)
	return out
}

// method makes a method name on a named type typ of package path.
func method(path, typ, name string) *types.Func {
	pkg := types.NewPackage(path, "p")
	tn := types.NewTypeName(token.NoPos, pkg, typ, nil)
	named := types.NewNamed(tn, types.NewStruct(nil, nil), nil)
	recv := types.NewVar(token.NoPos, pkg, "r", types.NewPointer(named))
	fn := types.NewFunc(token.NoPos, pkg, name, types.NewSignatureType(recv, nil, nil, nil, nil, false))
	named.AddMethod(fn)
	return fn
}

// A request's headers and cookies, read where the handler was given
// them, only compute; what sends, or changes the header, does not.
func TestStdComputes(t *testing.T) {
	for _, c := range []struct {
		typ, name string
		want      effect.Effect
		ok        bool
	}{
		{"Header", "Get", effect.None, true},
		{"Header", "Values", effect.None, true},
		{"Request", "Cookie", effect.None, true},
		{"Request", "Context", effect.None, true},
		{"Client", "Get", effect.Read, true},
		{"Header", "Set", effect.Write, false},
		{"Header", "Write", effect.Write, false},
		{"Client", "Do", effect.Write, false},
		{"Request", "Write", effect.Write, false},
	} {
		got, _, ok := effect.Std(method("net/http", c.typ, c.name))
		if got != c.want || ok != c.ok {
			t.Errorf("Std(net/http.%s.%s) = %v, %v; want %v, %v", c.typ, c.name, got, ok, c.want, c.ok)
		}
	}
}

// A shared regexp matched leaves it as it was; Longest changes it.
func TestStdShared(t *testing.T) {
	for _, c := range []struct {
		path, typ, name string
		want            bool
	}{
		{"regexp", "Regexp", "MatchString", true},
		{"regexp", "Regexp", "FindAllStringSubmatch", true},
		{"strings", "Replacer", "Replace", true},
		{"regexp", "Regexp", "Longest", false},
		{"strings", "Builder", "WriteString", false},
		{"example.com/re", "Regexp", "MatchString", false},
	} {
		if got := effect.Shared(method(c.path, c.typ, c.name)); got != c.want {
			t.Errorf("Shared(%s.%s.%s) = %v, want %v", c.path, c.typ, c.name, got, c.want)
		}
	}
}

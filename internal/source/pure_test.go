package source

import (
	"go/token"
	"go/types"
	"testing"
)

// logMethod makes a method name on a named type typ of package path.
func logMethod(path, typ, name string) *types.Func {
	pkg := types.NewPackage(path, "p")
	tn := types.NewTypeName(token.NoPos, pkg, typ, nil)
	named := types.NewNamed(tn, types.NewStruct(nil, nil), nil)
	recv := types.NewVar(token.NoPos, pkg, "l", types.NewPointer(named))
	fn := types.NewFunc(token.NoPos, pkg, name, types.NewSignatureType(recv, nil, nil, nil, nil, false))
	named.AddMethod(fn)
	return fn
}

// The loggers of other modules log, by their package and type; a method
// of the same name on another type, or of another package, does not.
func TestIsLog(t *testing.T) {
	for _, c := range []struct {
		path, typ, name string
		want            bool
	}{
		{"github.com/sirupsen/logrus", "Logger", "Infof", true},
		{"github.com/sirupsen/logrus", "Entry", "Warnln", true},
		{"go.uber.org/zap", "SugaredLogger", "Infow", true},
		{"github.com/rs/zerolog", "Event", "Msg", true},
		{"log/slog", "Logger", "InfoContext", true},
		{"github.com/sirupsen/logrus", "Logger", "Fatalf", false}, // ends the process
		{"github.com/sirupsen/logrus", "Hook", "Infof", false},
		{"example.com/audit", "Logger", "Info", false},
		{"go.uber.org/zap", "Logger", "Sync", false},
	} {
		if got := isLog(logMethod(c.path, c.typ, c.name)); got != c.want {
			t.Errorf("isLog((*%s.%s).%s) = %v, want %v", c.path, c.typ, c.name, got, c.want)
		}
	}
}

package fix

import (
	"fmt"
	"go/token"
	"go/types"
	"strings"

	"github.com/elicitlint/elicitlint/internal/mcpsdk"
)

// Fresh returns base, or base with a number, that is not in taken, that
// names nothing visible in scope at pos, and for which clashes (when not
// nil) is false in scope.
func Fresh(scope *types.Scope, pos token.Pos, taken map[string]bool, base string, clashes func(*types.Scope, string) bool) string {
	for i := 0; ; i++ {
		name := base
		if i > 0 {
			name = fmt.Sprintf("%s%d", base, i+1)
		}
		if taken[name] {
			continue
		}
		if scope != nil {
			// The scope's own names count wherever they are declared: a
			// later declaration in the same block would clash.
			if _, obj := scope.LookupParent(name, pos); obj != nil || scope.Lookup(name) != nil {
				continue
			}
			if clashes != nil && clashes(scope, name) {
				continue
			}
		}
		return name
	}
}

// CapsRead names what the statements of CapsReadText use: the handler's
// context, the names the file imports the SDK's types and server packages
// under, and fresh names for the variables.
type CapsRead struct {
	Ctx, Types, Server         string
	Caps, Info, Session, OK, C string
	// Info is "" when the SDK, as the package is built against it, has no
	// per-request protocol information (mcp-go before the round trip).
}

// Name gives the variables of r fresh names from name (which must not hand
// out a name twice), and Info one when the SDK, as the package is built
// against it, has per-request protocol information (withInfo).
func (r *CapsRead) Name(name func(base string) string, withInfo bool) {
	r.Session, r.OK, r.C = name("session"), name("ok"), name("c")
	if withInfo {
		r.Info = name("info")
	}
}

// CapsReadText spells, for an SDK whose handlers learn the client's
// capabilities from the context (mcp-go), the statements that set r.Caps
// to the capabilities of this call: the request's own on protocol
// 2026-07-28, the session's on older ones. Each line starts with a
// newline and ind.
func CapsReadText(g *mcpsdk.Guard, r CapsRead, ind string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "\n%svar %s *%s.%s", ind, r.Caps, r.Types, g.CapsType)
	sessionIf := fmt.Sprintf("if %s, %s := %s.%s(%s).(%s.%s); %s {\n%s\t%s := %s.%s()\n%s\t%s = &%s\n%s}",
		r.Session, r.OK, r.Server, g.SessionFunc, r.Ctx, r.Server, g.SessionIface, r.OK, ind, r.C, r.Session, g.SessionCaps, ind, r.Caps, r.C, ind)
	if r.Info != "" {
		fmt.Fprintf(&b, "\n%sif %s := %s.%s(%s); %s != nil && %s.%s {\n%s\t%s = %s.%s\n%s} else %s",
			ind, r.Info, r.Server, g.InfoFunc, r.Ctx, r.Info, r.Info, g.InfoModern, ind, r.Caps, r.Info, g.InfoCaps, ind, sessionIf)
	} else {
		fmt.Fprintf(&b, "\n%s%s", ind, sessionIf)
	}
	return b.String()
}

// FreshAt returns base, or base with a number, that names nothing visible
// at pos in pkg, nothing a scope nested there declares (a later
// declaration would clash or shadow), and is not in taken.
func FreshAt(pkg *types.Package, pos token.Pos, taken map[string]bool, base string) string {
	return Fresh(pkg.Scope().Innermost(pos), pos, taken, base, declaredInside)
}

// declaredInside reports whether a scope nested in s declares name.
func declaredInside(s *types.Scope, name string) bool {
	for i := 0; i < s.NumChildren(); i++ {
		ch := s.Child(i)
		if ch.Lookup(name) != nil || declaredInside(ch, name) {
			return true
		}
	}
	return false
}

package migrate

import (
	"fmt"
	"go/format"
	"go/token"
	"go/types"
	"strings"

	"github.com/elicitlint/elicitlint/internal/fix"
	"github.com/elicitlint/elicitlint/internal/mcpsdk"
	"github.com/elicitlint/elicitlint/internal/model"
	"github.com/elicitlint/elicitlint/internal/source"
	"github.com/elicitlint/elicitlint/internal/textedit"
	"golang.org/x/tools/go/analysis"
)

// This file migrates a chain additively. Changing a gate's signature in
// place breaks every caller that does not change with it: another
// package's (whose edits may not be applied with these, by -fix on one
// package or go fix on a subset), a test's, a call the fix cannot move
// (a receiving middleware, a value). So where any of those may exist the
// fix leaves each chain function as it is and adds its round-trip version
// beside it, its sibling, named with a RoundTrip suffix:
//
//	func ConfirmRoundTrip(ctx context.Context, req *mcp.CallToolRequest, key string, msg string) (bool, *mcp.CallToolResult, error)
//
// and switches the package's calls that can move to it. Every edit then
// refers only to what the source declares or the same fix adds, so every
// package builds whichever packages' edits are applied. Once the sibling
// is in the source, the function's AskGateFact names it, and the packages
// that call the function switch their calls to it with their own fix (a
// second -fix, which the standalone driver runs by itself).
//
// A chain whose functions only the package can call (unexported, not
// methods, named by no test file of the package) and whose callers all
// move changes in place, as before: no sibling, no old function left.

// stuckCall is a call of a chain function that keeps the old function,
// and why it cannot move.
type stuckCall struct {
	pos token.Pos
	why string
}

func (c *chain) stick(pos token.Pos, why string) {
	c.stuck = append(c.stuck, stuckCall{pos, why})
}

// sibling is the name of the round-trip version of f.
func (f *chainFn) sibling() string { return f.obj.Name() + "RoundTrip" }

// decideAdditive chooses between the migration in place and the additive
// one, and plans the siblings of the latter; it returns why neither can
// be written.
func (c *chain) decideAdditive() string {
	c.additive = len(c.stuck) > 0
	for _, f := range c.fns {
		if f.decl != nil && !c.additive {
			c.additive = c.visibleOutside(f) || c.ix.testsName(c.mod, f.obj.Name())
		}
	}
	if !c.additive {
		return ""
	}
	c.exists = map[*chainFn]bool{}
	for _, f := range c.fns {
		if f.decl == nil {
			continue
		}
		name := f.sibling()
		switch obj := c.lookupSibling(f, name); {
		case obj == nil:
		case !c.matchesFact(obj, f):
			return fmt.Sprintf("%s, the name its round-trip version would take, is declared already with other parameters or results", name)
		default:
			c.exists[f] = true
		}
	}
	return ""
}

// visibleOutside reports whether code the fix does not see may call f:
// another package (f is exported outside package main) or an interface
// (f is a method).
func (c *chain) visibleOutside(f *chainFn) bool {
	if f.decl.Recv != nil {
		return true
	}
	return f.obj.Exported() && c.mod.Pass.Pkg.Name() != "main"
}

// lookupSibling returns the function or method declared as name beside
// f, or nil; a non-function of that name is returned as it is.
func (c *chain) lookupSibling(f *chainFn, name string) types.Object {
	sig := f.obj.Type().(*types.Signature)
	if recv := sig.Recv(); recv != nil {
		obj, _, _ := types.LookupFieldOrMethod(recv.Type(), true, c.mod.Pass.Pkg, name)
		return obj
	}
	return c.mod.Pass.Pkg.Scope().Lookup(name)
}

// matchesFact reports whether obj takes and returns what f's fact says its
// round-trip version does.
func (c *chain) matchesFact(obj types.Object, f *chainFn) bool {
	fn, ok := obj.(*types.Func)
	if !ok {
		return false
	}
	got, old := fn.Type().(*types.Signature), f.obj.Type().(*types.Signature)
	if got.Params().Len() != len(f.fact.Params) || got.Results().Len() != len(f.fact.Results) || got.Variadic() != old.Variadic() {
		return false
	}
	for i, p := range f.fact.Params {
		t := got.Params().At(i).Type()
		switch p {
		case model.ParamRequest:
			if !c.isToolRequest(t) {
				return false
			}
		case model.ParamKey:
			if !types.Identical(t, types.Typ[types.String]) {
				return false
			}
		default:
			if !types.Identical(t, old.Params().At(p).Type()) {
				return false
			}
		}
	}
	for i, r := range f.fact.Results {
		t := got.Results().At(i).Type()
		if r == model.ResultAsk {
			if ptr, ok := t.(*types.Pointer); !ok || !mcpsdk.IsNamed(ptr.Elem(), c.sdk.TypesPath(), c.sdk.RoundTrip.ToolResult) {
				return false
			}
		} else if !types.Identical(t, old.Results().At(r).Type()) {
			return false
		}
	}
	return true
}

// testsName reports whether a test file of the package, in its
// directory and in the package itself (not an external _test package),
// names name; any name, when one does not parse. Both variants of the
// package (with its tests and without) read the same files, so they plan
// alike.
func (ix *callIndex) testsName(pc *model.Model, name string) bool {
	if ix.testIdents == nil {
		ix.testIdents, ix.testsUnread = source.TestIdents(pc.Pass)
	}
	return ix.testsUnread || ix.testIdents[name]
}

// calleeName is what a site calls once migrated: the callee's sibling in
// an additive chain or another package's, else the callee itself ("").
func (c *chain) calleeName(s *site) string {
	if s.callee.decl == nil {
		return s.callee.fact.Sibling
	}
	if c.additive {
		return s.callee.sibling()
	}
	return ""
}

// siblingEdits turns the edits of an additive chain into its fix: the
// edits inside each chain function that has no sibling yet become the
// text of the sibling, added after the function; the function itself is
// left as it is. Edits elsewhere (the calls in handlers, imports) stay.
func (c *chain) siblingEdits(edits []analysis.TextEdit) ([]analysis.TextEdit, string) {
	if !c.additive {
		return edits, ""
	}
	var out []analysis.TextEdit
	inside := map[*chainFn][]analysis.TextEdit{}
edits:
	for _, e := range edits {
		for _, f := range c.fns {
			if f.decl != nil && e.Pos >= f.decl.Pos() && e.End <= f.decl.End() && e.Pos < f.decl.End() {
				inside[f] = append(inside[f], e)
				continue edits
			}
		}
		out = append(out, e)
	}
	for _, f := range c.fns {
		if f.decl == nil || c.exists[f] {
			continue
		}
		text, why := c.siblingText(f, inside[f])
		if why != "" {
			return nil, why
		}
		at := c.mod.AfterComment(f.decl.End())
		out = append(out, analysis.TextEdit{Pos: at, End: at, NewText: []byte(text)})
	}
	return out, ""
}

// siblingText is the declaration of f's sibling, with its doc comment:
// f's text with its edits, under the sibling's name.
func (c *chain) siblingText(f *chainFn, edits []analysis.TextEdit) (string, string) {
	data, tf := c.mod.Src(f.decl.Pos())
	if data == nil {
		return "", "the file could not be read"
	}
	lo, hi := tf.Offset(f.decl.Pos()), tf.Offset(f.decl.End())
	rel := []textedit.Edit{{Start: tf.Offset(f.decl.Name.Pos()) - lo, End: tf.Offset(f.decl.Name.End()) - lo, Text: f.sibling()}}
	for _, e := range edits {
		te := textedit.Edit{Start: tf.Offset(e.Pos) - lo, End: tf.Offset(e.End) - lo, Text: string(e.NewText)}
		for _, p := range rel {
			if p.Overlaps(te) {
				return "", "the fix's edits overlap"
			}
		}
		rel = append(rel, te)
	}
	decl := textedit.Apply(data[lo:hi], rel)
	if formatted, err := format.Source(decl); err == nil {
		decl = formatted
	}
	name, old := f.sibling(), f.obj.Name()
	doc := fix.Comment(fmt.Sprintf("%s is %s on the round trip of protocol 2026-07-28: it takes the call's request and a key, and returns the result that asks, which the caller returns from its handler (nil once the answer is in the request). %s stays for the callers that keep the direct request.", name, old, old), 72)
	return "\n\n" + doc + strings.TrimRight(string(decl), "\n"), ""
}

// stuckRelated adds the calls that keep the old function to the fix's
// related positions.
func (c *chain) stuckRelated() {
	for _, s := range c.stuck {
		c.related = append(c.related, analysis.RelatedInformation{Pos: s.pos, End: s.pos, Message: "this call keeps the direct request: " + s.why})
	}
}

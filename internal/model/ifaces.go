package model

import (
	"go/ast"
	"go/types"
	"slices"
	"sort"

	"github.com/elicitlint/elicitlint/internal/ifaces"
	"github.com/elicitlint/elicitlint/internal/source"
)

// SDKValuesFact says which SDK types every value of an interface is
// (internal/ifaces).
type SDKValuesFact = ifaces.SDKValuesFact

// ParamCallsFact says which methods of a direct request's name a function
// calls on its interface parameters (internal/ifaces).
type ParamCallsFact = ifaces.ParamCallsFact

// ifaceRequests adds to d the direct requests made through interfaces
// the package declares, or another package declares and vouches for,
// whose values its code shows to be SDK sessions or servers
// (internal/ifaces): each is a direct request like the SDK method's own
// call, with Via naming the interface, and mcp-go's
// RequestURLElicitation a request by its arguments as well.
func ifaceRequests(pc *Model, d *Discovery) {
	calls := ifaces.Find(pc.Package, pc.lookupSDK)
	known := map[*ast.CallExpr]bool{}
	for _, c := range calls {
		known[c.Call] = true
	}
	for _, c := range ifaces.ParamCallSites(pc.Package, known) {
		sdk := pc.SDKs.OfPkg(c.Fn)
		k, m := sdk.DirectKind(c.Fn)
		d.RT.ViaParams = append(d.RT.ViaParams, &DirectCall{SDK: sdk, Kind: k, Method: m, Fn: c.Fn, Call: c.Call, Stack: c.Stack, Via: c.Callee, ViaCallee: true, ViaAs: c.As})
	}
	if len(calls) == 0 {
		return
	}
	for _, c := range calls {
		sdk := pc.SDKs.OfPkg(c.Fn)
		k, m := sdk.DirectKind(c.Fn)
		d.RT.Direct = append(d.RT.Direct, &DirectCall{SDK: sdk, Kind: k, Method: m, Fn: c.Fn, Call: c.Call, Stack: c.Stack, Via: c.Via})
		if w := importedWrapper(pc, c.Fn); w != nil {
			d.wrapperCalls = append(d.wrapperCalls, w.site(c.Call, source.OuterDecl(c.Stack)))
		}
	}
	sort.SliceStable(d.RT.Direct, func(i, j int) bool { return d.RT.Direct[i].Call.Pos() < d.RT.Direct[j].Call.Pos() })
}

// Subject names a direct request as the subject of a sentence: the SDK's
// method, and the interface it is called through, if any.
func (dc *DirectCall) Subject() string {
	if dc.Via == "" {
		return dc.Method.String()
	}
	if dc.ViaAs != "" {
		return dc.Method.String() + ", which " + dc.Via + " is given the value passed here to call (as " + dc.ViaAs + ", whose methods are direct requests),"
	}
	if dc.ViaCallee {
		return dc.Method.String() + ", which " + dc.Via + " calls on the value passed here,"
	}
	return dc.Method.String() + ", called through " + dc.Through() + ","
}

// Through names what a direct request is made through: "the interface
// asker", "the method value ask".
func (dc *DirectCall) Through() string {
	if dc.ViaValue && dc.ViaExpr {
		return "the method expression " + dc.Via
	}
	if dc.ViaValue {
		return "the method value " + dc.Via
	}
	if dc.ViaCallee {
		return dc.Via
	}
	return "the interface " + dc.Via
}

// methodValueRequest records a direct request made by calling a local
// variable that holds an SDK method's value and is never assigned again:
// ask := req.Session.Elicit; ask(ctx, p), or its method expression:
// ask := (*mcp.ServerSession).Elicit; ask(ss, ctx, p).
func (ds *discoverer) methodValueRequest(call *ast.CallExpr, stack []ast.Node) {
	id, ok := ast.Unparen(call.Fun).(*ast.Ident)
	if !ok {
		return
	}
	def, idx := ds.pc.SingleAssignment(id)
	sel, ok := ast.Unparen(def).(*ast.SelectorExpr)
	if !ok || idx != 0 {
		return
	}
	s := ds.pc.Info.Selections[sel]
	if s == nil || s.Kind() != types.MethodVal && s.Kind() != types.MethodExpr {
		return
	}
	fn, _ := s.Obj().(*types.Func)
	sdk := ds.pc.SDKs.OfPkg(fn)
	if sdk == nil || sdk.RoundTrip == nil {
		return
	}
	if k, m := sdk.DirectKind(fn); k != nil {
		ds.D.RT.Direct = append(ds.D.RT.Direct, &DirectCall{SDK: sdk, Kind: k, Method: m, Fn: fn, Call: call, Stack: slices.Clone(stack), Via: id.Name, ViaValue: true, ViaExpr: s.Kind() == types.MethodExpr})
	}
}

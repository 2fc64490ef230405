package main

import (
	"go/ast"
	"go/parser"
	"testing"
)

func TestShape(t *testing.T) {
	for _, c := range []struct {
		r         request
		inHandler bool
		want      string
	}{
		{request{fixed: true, fix: `Return the request in InputRequests under "k" and read the answer from InputResponses`}, false, shapeHandler},
		{request{fixed: true, fix: "Return the handler's 2 requests together in InputRequests and read the answers from InputResponses"}, false, shapeHandler},
		{request{fixed: true, fix: "Move the request of confirm to the round trip: ..."}, true, shapeGate},
		{request{fixed: true, fix: "Return the result that ask asks with from its callers in this package (2 calls)"}, true, shapeGate},
		{request{fixed: true, fix: "some other fix"}, true, shapeHandler},
		{request{reason: "the request is made in a middleware; return the requests from it by hand (see the docs)"}, false, shapeMiddleware},
		{request{reason: "gate is called from a receiving middleware (mw): ..."}, true, shapeMiddleware},
		{request{reason: "it is made in a notification handler or a client's callback, whose result never reaches the client"}, false, shapeNotification},
		{request{reason: "the request is made through the interface p.Asker, and the fix rewrites only calls of the SDK's own methods"}, false, shapeInterface},
		{request{message: "ServerSession.Elicit, called through the interface p.Asker, fails ...", reason: "`x()` before the request runs again"}, true, shapeInterface},
		{request{reason: "the request is made in a goroutine that ask starts and waits for"}, false, shapeGoroutine},
		{request{reason: "no handler of the package reaches ask, and it is not exported; migrate it with its callers by hand (see the docs)"}, false, shapeUnreached},
		{request{reason: "ask is a method no code of the package calls (callers through an interface are not followed)"}, false, shapeGate},
		{request{reason: "`elicitations.Add(1)` before the request runs again on the call that brings the answer"}, true, shapeHandler},
		{request{reason: "the handler does not return a result and an error"}, false, shapeGate},
		{request{}, true, shapeHandler}, // not reported
	} {
		if got := shape(&c.r, c.inHandler); got != c.want {
			t.Errorf("shape(fix %q, reason %q, in handler %v) = %q, want %q", c.r.fix, c.r.reason, c.inHandler, got, c.want)
		}
	}
}

func TestIsHandler(t *testing.T) {
	for src, want := range map[string]bool{
		"func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, Out, error)": true,
		"func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error)":             true,
		"func(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error)":          true,
		"func(ctx context.Context, req mcp.GetPromptRequest) (res *mcp.GetPromptResult, err error)":    true,
		"func(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error)":     true,
		"func(ctx context.Context, req *mcp.CallToolRequest, msg string) error":                        false, // a gate
		"func(ctx context.Context, req *mcp.CallToolRequest) (bool, string)":                           false,
		"func(ctx context.Context, req *mcp.CallToolRequest) (a, b, c, d error)":                       false,
		"func(ctx context.Context, s *mcp.ServerSession) (bool, error)":                                false,
		"func(next mcp.MethodHandler) mcp.MethodHandler":                                               false,
	} {
		e, err := parser.ParseExpr(src + " {}")
		if err != nil {
			t.Fatal(err)
		}
		if got := isHandler(e.(*ast.FuncLit).Type); got != want {
			t.Errorf("isHandler(%s) = %v, want %v", src, got, want)
		}
	}
}

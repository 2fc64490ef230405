package main

import (
	"go/ast"
	"regexp"
	"slices"
	"strings"
)

// The shapes, in the order of the table by shape.
const (
	shapeHandler      = "handler body"
	shapeGate         = "gate or helper, with its callers"
	shapeMiddleware   = "middleware"
	shapeNotification = "notification handler or client callback"
	shapeInterface    = "through an interface"
	shapeGoroutine    = "helper in a goroutine"
	shapeUnreached    = "reached by no handler"
)

var shapeOrder = []string{shapeHandler, shapeGate, shapeMiddleware, shapeNotification, shapeInterface, shapeGoroutine, shapeUnreached}

// shape says where a direct request sits. A fix, or the reason there is
// none, says it in elicitlint's own words (the sources are cited by
// case); otherwise the function around the call decides: a handler by its
// signature (isHandler), else a gate or helper.
func shape(r *request, inHandler bool) string {
	has := func(s string, words ...string) bool {
		return slices.ContainsFunc(words, func(w string) bool { return strings.Contains(s, w) })
	}
	starts := func(prefixes ...string) bool {
		return slices.ContainsFunc(prefixes, func(p string) bool { return strings.HasPrefix(r.fix, p) })
	}
	switch {
	case r.fixed && starts("Return the request", "Return the handler's"):
		// internal/migrate/migrate.go, (*migration).fixMessage.
		return shapeHandler
	case r.fixed && starts("Move the request of", "Return the result that"):
		// internal/migrate/migrate_gateedit.go, (*chain).fixMessage.
		return shapeGate
	case r.fixed:
		// A fix of another kind: by the signature.
	case has(r.reason, "middleware"):
		// internal/migrate/migrate_match.go, matchHandler ("made in a
		// middleware"); migrate_gatecall.go ("called from a receiving
		// middleware").
		return shapeMiddleware
	case has(r.reason, "notification handler or a client's callback"):
		// internal/migrate/migrate_match.go, matchHandler.
		return shapeNotification
	case has(r.reason, "through the interface") || has(r.message, "called through the interface"):
		// internal/migrate/migrate.go, viaReason; the message's subject:
		// internal/model/ifaces.go, (*DirectCall).Subject.
		return shapeInterface
	case has(r.reason, "goroutine"):
		// internal/migrate/migrate_gate.go, (*chain).literalReason.
		return shapeGoroutine
	case has(r.reason, "no handler of the package reaches"):
		// internal/migrate/migrate_gate.go, (*chain).unreached.
		return shapeUnreached
	}
	if inHandler {
		return shapeHandler
	}
	return shapeGate
}

// isHandler reports whether a function of type ft is a tool, prompt or
// resource handler by its signature: it takes a CallToolRequest,
// GetPromptRequest or ReadResourceRequest (of either SDK) and returns two
// or three results, the last an error.
func isHandler(ft *ast.FuncType) bool {
	takes := slices.ContainsFunc(ft.Params.List, func(f *ast.Field) bool {
		t := f.Type
		if star, ok := t.(*ast.StarExpr); ok {
			t = star.X
		}
		if sel, ok := t.(*ast.SelectorExpr); ok {
			t = sel.Sel
		}
		id, ok := t.(*ast.Ident)
		return ok && handlerRequest.MatchString(id.Name)
	})
	if !takes || ft.Results == nil {
		return false
	}
	n := 0
	for _, f := range ft.Results.List {
		n += max(len(f.Names), 1)
	}
	last, ok := ft.Results.List[len(ft.Results.List)-1].Type.(*ast.Ident)
	return (n == 2 || n == 3) && ok && last.Name == "error"
}

var handlerRequest = regexp.MustCompile(`(CallToolRequest|GetPromptRequest|ReadResourceRequest)$`)

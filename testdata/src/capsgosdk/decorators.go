package capsgosdk

import (
	"context"
	"log"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Handlers the package registers only wrapped by a function of its own:
// what the wrapper tests before it calls the handler holds whenever the
// handler runs.

var wipeForm = &mcp.ElicitParams{Message: "Wipe everything?", RequestedSchema: map[string]any{"type": "object", "properties": map[string]any{}}}

// requireElicitation refuses clients that did not declare elicitation.
func requireElicitation[I, O any](h mcp.ToolHandlerFor[I, O]) mcp.ToolHandlerFor[I, O] {
	return func(ctx context.Context, req *mcp.CallToolRequest, in I) (*mcp.CallToolResult, O, error) {
		var zero O
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
			return &mcp.CallToolResult{IsError: true}, zero, nil
		}
		return h(ctx, req, in)
	}
}

// logged only logs: it tests nothing.
func logged[I, O any](h mcp.ToolHandlerFor[I, O]) mcp.ToolHandlerFor[I, O] {
	return func(ctx context.Context, req *mcp.CallToolRequest, in I) (*mcp.CallToolResult, O, error) {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
			log.Print("this client cannot be asked")
		}
		return h(ctx, req, in)
	}
}

// wipeWrapped is registered only through requireElicitation: silent.
func wipeWrapped(ctx context.Context, req *mcp.CallToolRequest, _ struct{}) (*mcp.CallToolResult, any, error) {
	if _, ok := req.Params.InputResponses["wipe"].(*mcp.ElicitResult); !ok {
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"wipe": wipeForm}}, nil, nil
	}
	return &mcp.CallToolResult{}, nil, nil
}

// wipeLogged is wrapped by a function that tests nothing before it calls
// the handler.
func wipeLogged(ctx context.Context, req *mcp.CallToolRequest, _ struct{}) (*mcp.CallToolResult, any, error) {
	if _, ok := req.Params.InputResponses["wipe"].(*mcp.ElicitResult); !ok {
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"wipe": wipeForm}}, nil, nil // want `elicitation request "wipe" is sent without a test that the client declared elicitation.*\(capabilities\)`
	}
	return &mcp.CallToolResult{}, nil, nil
}

// wipeTwice is registered wrapped and also as it is.
func wipeTwice(ctx context.Context, req *mcp.CallToolRequest, _ struct{}) (*mcp.CallToolResult, any, error) {
	if _, ok := req.Params.InputResponses["wipe"].(*mcp.ElicitResult); !ok {
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"wipe": wipeForm}}, nil, nil // want `elicitation request "wipe" is sent without a test that the client declared elicitation.*\(capabilities\)`
	}
	return &mcp.CallToolResult{}, nil, nil
}

// wipeLayered is wrapped twice: the outer wrapper tests, the inner one
// logs.
func wipeLayered(ctx context.Context, req *mcp.CallToolRequest, _ struct{}) (*mcp.CallToolResult, any, error) {
	if _, ok := req.Params.InputResponses["wipe"].(*mcp.ElicitResult); !ok {
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"wipe": wipeForm}}, nil, nil
	}
	return &mcp.CallToolResult{}, nil, nil
}

// wipeLayeredOpen is wrapped twice by wrappers that test nothing.
func wipeLayeredOpen(ctx context.Context, req *mcp.CallToolRequest, _ struct{}) (*mcp.CallToolResult, any, error) {
	if _, ok := req.Params.InputResponses["wipe"].(*mcp.ElicitResult); !ok {
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"wipe": wipeForm}}, nil, nil // want `elicitation request "wipe" is sent without a test that the client declared elicitation.*\(capabilities\)`
	}
	return &mcp.CallToolResult{}, nil, nil
}

type wiper struct{}

// wipe is a method, registered as a method value through the wrapper.
func (w *wiper) wipe(ctx context.Context, req *mcp.CallToolRequest, _ struct{}) (*mcp.CallToolResult, any, error) {
	if _, ok := req.Params.InputResponses["wipe"].(*mcp.ElicitResult); !ok {
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"wipe": wipeForm}}, nil, nil
	}
	return &mcp.CallToolResult{}, nil, nil
}

func registerDecorated(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "wipe_wrapped"}, requireElicitation(wipeWrapped))
	mcp.AddTool(s, &mcp.Tool{Name: "wipe_logged"}, logged(wipeLogged))
	mcp.AddTool(s, &mcp.Tool{Name: "wipe_twice"}, requireElicitation(wipeTwice))
	mcp.AddTool(s, &mcp.Tool{Name: "wipe_twice_bare"}, wipeTwice)
	mcp.AddTool(s, &mcp.Tool{Name: "wipe_layered"}, requireElicitation(logged(wipeLayered)))
	mcp.AddTool(s, &mcp.Tool{Name: "wipe_layered_open"}, logged(logged(wipeLayeredOpen)))
	w := &wiper{}
	mcp.AddTool(s, &mcp.Tool{Name: "wipe_method"}, requireElicitation(w.wipe))
}

// registerLiterals wraps handlers written in place.
func registerLiterals(s *mcp.Server) {
	// Wrapped by requireElicitation: silent.
	mcp.AddTool(s, &mcp.Tool{Name: "wipe_lit"}, requireElicitation(func(ctx context.Context, req *mcp.CallToolRequest, _ struct{}) (*mcp.CallToolResult, any, error) {
		if _, ok := req.Params.InputResponses["wipe"].(*mcp.ElicitResult); !ok {
			return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"wipe": wipeForm}}, nil, nil
		}
		return &mcp.CallToolResult{}, nil, nil
	}))
	// Wrapped by logged, which tests nothing.
	mcp.AddTool(s, &mcp.Tool{Name: "wipe_lit_logged"}, logged(func(ctx context.Context, req *mcp.CallToolRequest, _ struct{}) (*mcp.CallToolResult, any, error) {
		if _, ok := req.Params.InputResponses["wipe"].(*mcp.ElicitResult); !ok {
			return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"wipe": wipeForm}}, nil, nil // want `elicitation request "wipe" is sent without a test that the client declared elicitation.*\(capabilities\)`
		}
		return &mcp.CallToolResult{}, nil, nil
	}))
	// Kept in a variable first: the wrapper's test is not followed there.
	h := func(ctx context.Context, req *mcp.CallToolRequest, _ struct{}) (*mcp.CallToolResult, any, error) {
		if _, ok := req.Params.InputResponses["wipe"].(*mcp.ElicitResult); !ok {
			return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"wipe": wipeForm}}, nil, nil // want `elicitation request "wipe" is sent without a test that the client declared elicitation.*\(capabilities\)`
		}
		return &mcp.CallToolResult{}, nil, nil
	}
	mcp.AddTool(s, &mcp.Tool{Name: "wipe_lit_var"}, requireElicitation(h))
}

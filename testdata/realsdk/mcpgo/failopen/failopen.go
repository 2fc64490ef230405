// Package failopen checks mcp-go gates and handlers that go ahead when the
// request fails. Every version gets the findings; what the message says
// the error means depends on the version (see version.go in each version's
// directory).
package failopen

//elicitlint:file-ignore actions gates that tell accept from the rest are the shape fail-open is about

import (
	"context"
	"errors"
	"log"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

var errDeclined = errors.New("declined by the user")

var confirmSchema = map[string]any{
	"type":       "object",
	"properties": map[string]any{"confirm": map[string]any{"type": "boolean"}},
}

func request(msg string) mcp.ElicitationRequest { // want request:`elicitWrapper\(0:Message\) mode=form`
	return mcp.ElicitationRequest{Params: mcp.ElicitationParams{Message: msg, RequestedSchema: confirmSchema}}
}

func wipe(ctx context.Context)   {}
func reload(ctx context.Context) {}

// Confirm goes ahead when the client cannot be asked.
func Confirm(ctx context.Context, s *server.MCPServer) (bool, error) {
	res, err := s.RequestElicitation(ctx, request("Go ahead?"))
	if err != nil {
		return true, nil // want `Confirm returns true when MCPServer.RequestElicitation fails, as it does when the user accepts: .*\(fail-open\)`
	}
	return res.Action == mcp.ElicitationResponseActionAccept, nil
}

// NotSupported goes ahead on the SDK's error for clients without
// elicitation.
func NotSupported(ctx context.Context, s *server.MCPServer) error {
	res, err := s.RequestElicitation(ctx, request("Go ahead?"))
	if errors.Is(err, server.ErrElicitationNotSupported) {
		return nil // want `NotSupported returns a nil error when MCPServer.RequestElicitation fails with server.ErrElicitationNotSupported, as it does when the user accepts: every call that gets that error goes ahead without asking.*\(fail-open\)`
	}
	if err != nil {
		return err
	}
	if res.Action != mcp.ElicitationResponseActionAccept {
		return errDeclined
	}
	return nil
}

// URLGate: the url-mode request.
func URLGate(ctx context.Context, s *server.MCPServer, session server.ClientSession, id string) error { // want URLGate:`elicitWrapper\(3:ElicitationID\) mode=url`
	res, err := s.RequestURLElicitation(ctx, session, id, "https://example.com/connect", "Connect your account")
	if err != nil {
		return nil // want `URLGate returns a nil error when MCPServer.RequestURLElicitation fails.*\(fail-open\)`
	}
	if res.Action != mcp.ElicitationResponseActionAccept {
		return errDeclined
	}
	return nil
}

type Config struct{ AllowUnconfirmed bool }

// Register adds handlers as closures.
func Register(s *server.MCPServer, cfg Config) {
	s.AddTool(mcp.NewTool("wipe"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		res, err := s.RequestElicitation(ctx, request("Wipe everything?"))
		if err != nil {
			log.Printf("cannot ask: %v", err)
		} else if res.Action != mcp.ElicitationResponseActionAccept {
			return mcp.NewToolResultText("kept"), nil
		}
		wipe(ctx) // want `the function passed to s.AddTool reaches wipe\(...\) when MCPServer.RequestElicitation fails, as only an accepted answer should.*\(fail-open\)`
		return mcp.NewToolResultText("wiped"), nil
	})
	s.AddTool(mcp.NewTool("reload"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		res, err := s.RequestElicitation(ctx, request("Reload?"))
		if err != nil {
			reload(ctx) // want `the function passed to s.AddTool calls reload\(...\) when MCPServer.RequestElicitation fails, as it does when the user accepts.*\(fail-open\)`
			return mcp.NewToolResultText("reloaded without asking"), nil
		}
		switch res.Action {
		case mcp.ElicitationResponseActionAccept:
			reload(ctx)
			return mcp.NewToolResultText("reloaded"), nil
		case mcp.ElicitationResponseActionDecline:
			return mcp.NewToolResultError("declined"), nil
		default:
			return mcp.NewToolResultError("cancelled"), nil
		}
	})
	// Near misses: a tool error result, log and return the error, an
	// operator's setting.
	s.AddTool(mcp.NewTool("export"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		res, err := s.RequestElicitation(ctx, request("Export?"))
		if err != nil {
			return mcp.NewToolResultError("could not ask: " + err.Error()), nil
		}
		if res.Action != mcp.ElicitationResponseActionAccept {
			return mcp.NewToolResultText("not exported"), nil
		}
		wipe(ctx)
		return mcp.NewToolResultText("exported"), nil
	})
	s.AddTool(mcp.NewTool("clean"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		res, err := s.RequestElicitation(ctx, request("Clean?"))
		if err != nil {
			log.Printf("elicit: %v", err)
			return nil, err
		}
		switch res.Action {
		case mcp.ElicitationResponseActionAccept:
			wipe(ctx)
			return mcp.NewToolResultText("cleaned"), nil
		case mcp.ElicitationResponseActionDecline:
			return mcp.NewToolResultText("kept"), nil
		default:
			return mcp.NewToolResultText("cancelled"), nil
		}
	})
	s.AddTool(mcp.NewTool("quit"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		res, err := s.RequestElicitation(ctx, request("Quit?"))
		if errors.Is(err, server.ErrElicitationNotSupported) && cfg.AllowUnconfirmed {
			wipe(ctx)
			return mcp.NewToolResultText("quit unconfirmed"), nil
		}
		if err != nil {
			return nil, err
		}
		if res.Action != mcp.ElicitationResponseActionAccept {
			return mcp.NewToolResultText("still running"), nil
		}
		wipe(ctx)
		return mcp.NewToolResultText("quit"), nil
	})
}

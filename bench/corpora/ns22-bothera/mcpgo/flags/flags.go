// Package flags is an mcp-go server whose migration is driven by feature
// flags: each flag picks the direct request or the round trip. It is built
// with WithLegacyServerInitiatedRequests, which its authors took for a pin,
// and served over streamable HTTP.
package flags

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"log"
	"strings"
	"sync"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"example.com/ns22/bothera/mcpgo/approval"
)

// Flags are read from the environment at start.
type Flags struct {
	RoundTripDelete  bool
	RoundTripRoots   bool
	RoundTripSharing bool
	RoundTripConsent bool
}

type tools struct {
	srv   *server.MCPServer
	flags Flags

	mu    sync.Mutex
	done  []string
	roots []string
}

func (t *tools) did(what string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.done = append(t.done, what)
}

// NewServer builds the server. WithLegacyServerInitiatedRequests keeps
// direct requests working over stdio only; this server is served over
// streamable HTTP.
func NewServer(f Flags) *server.MCPServer {
	s := server.NewMCPServer("flags", "2.3.0", server.WithLegacyServerInitiatedRequests(), server.WithElicitation())
	t := &tools{srv: s, flags: f}
	s.AddTool(mcp.NewTool("delete_dataset", mcp.WithString("dataset", mcp.Required())), t.deleteDataset)
	s.AddTool(mcp.NewTool("delete_bucket", mcp.WithString("bucket", mcp.Required())), t.deleteBucket)
	s.AddTool(mcp.NewTool("draft_reply", mcp.WithString("thread", mcp.Required())), t.draftReply)
	s.AddTool(mcp.NewTool("scan_roots"), t.scanRoots)
	s.AddTool(mcp.NewTool("publish_post", mcp.WithString("title", mcp.Required())), t.publishPost)
	s.AddTool(mcp.NewTool("publish_draft", mcp.WithString("title", mcp.Required())), t.publishDraft)
	s.AddTool(mcp.NewTool("share_link", mcp.WithString("doc", mcp.Required())), t.shareLink)
	s.AddTool(mcp.NewTool("require_consent", mcp.WithString("purpose", mcp.Required())), t.requireConsent)
	return s
}

// Serve serves the server over streamable HTTP.
func Serve(addr string, f Flags) error {
	return server.NewStreamableHTTPServer(NewServer(f)).Start(addr)
}

// clientCaps returns the capabilities this request declares, or the
// session's for a client of an older protocol.
func clientCaps(ctx context.Context) *mcp.ClientCapabilities {
	if info := server.RequestProtocolInfoFromContext(ctx); info != nil && info.ClientCapabilities != nil {
		return info.ClientCapabilities
	}
	if s, ok := server.ClientSessionFromContext(ctx).(server.SessionWithClientInfo); ok {
		caps := s.GetClientCapabilities()
		return &caps
	}
	return nil
}

func confirmParams(msg string) mcp.ElicitationParams {
	return mcp.ElicitationParams{Message: msg, RequestedSchema: approval.YesNo}
}

// deleteDataset: the flag, not the protocol, picks the direct request.
func (t *tools) deleteDataset(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	dataset := request.GetString("dataset", "")
	var res *mcp.ElicitationResult
	if t.flags.RoundTripDelete {
		res = server.ElicitationResponse(request.Params.InputResponses, "delete_dataset")
		if res == nil {
			if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
				return mcp.NewToolResultError("deleting needs a client that can ask its user"), nil
			}
			return server.NewInputRequestBuilder("").Elicit("delete_dataset", confirmParams("Delete dataset "+dataset+"?")).ToolResult(), nil
		}
	} else {
		var err error
		res, err = t.srv.RequestElicitation(ctx, mcp.ElicitationRequest{Params: confirmParams("Delete dataset " + dataset + "?")})
		if err != nil {
			return nil, fmt.Errorf("asking to delete: %w", err)
		}
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		t.did("delete dataset " + dataset)
		return mcp.NewToolResultText("deleted " + dataset), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("dataset kept"), nil
	default:
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

// deleteBucket asks directly only on requests of the older protocols.
func (t *tools) deleteBucket(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	bucket := request.GetString("bucket", "")
	var res *mcp.ElicitationResult
	if !server.IsModernRequest(ctx) {
		var err error
		res, err = t.srv.RequestElicitation(ctx, mcp.ElicitationRequest{Params: confirmParams("Delete bucket " + bucket + " and its objects?")})
		if err != nil {
			return nil, fmt.Errorf("asking to delete: %w", err)
		}
	} else {
		res = server.ElicitationResponse(request.Params.InputResponses, "delete_bucket")
		if res == nil {
			if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
				return mcp.NewToolResultError("deleting needs a client that can ask its user"), nil
			}
			return server.NewInputRequestBuilder("").Elicit("delete_bucket", confirmParams("Delete bucket "+bucket+" and its objects?")).ToolResult(), nil
		}
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		t.did("delete bucket " + bucket)
		return mcp.NewToolResultText("deleted " + bucket), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("bucket kept"), nil
	default:
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

// draftReply samples directly on older requests and through the round trip
// on 2026-07-28 ones, where it reads the answer as the direct path does.
func (t *tools) draftReply(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	thread := request.GetString("thread", "")
	if !server.IsModernRequest(ctx) {
		msg, err := t.srv.RequestSampling(ctx, mcp.CreateMessageRequest{CreateMessageParams: mcp.CreateMessageParams{
			Messages:  []mcp.SamplingMessage{{Role: mcp.RoleUser, Content: mcp.NewTextContent("Draft a reply to:\n" + thread)}},
			MaxTokens: 300,
		}})
		if err != nil {
			return nil, fmt.Errorf("sampling: %w", err)
		}
		if tc, ok := msg.Content.(mcp.TextContent); ok {
			return mcp.NewToolResultText(tc.Text), nil
		}
		return mcp.NewToolResultError("the model did not answer with text"), nil
	}
	res := server.SamplingResponse(request.Params.InputResponses, "reply")
	if res == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Sampling == nil {
			return mcp.NewToolResultError("drafting needs a client that can sample"), nil
		}
		return server.NewInputRequestBuilder("").Sample("reply", mcp.CreateMessageParams{
			Messages:  []mcp.SamplingMessage{{Role: mcp.RoleUser, Content: mcp.NewTextContent("Draft a reply to:\n" + thread)}},
			MaxTokens: 300,
		}).ToolResult(), nil
	}
	if tc, ok := res.Content.(mcp.TextContent); ok {
		return mcp.NewToolResultText(tc.Text), nil
	}
	return mcp.NewToolResultError("the model did not answer with text"), nil
}

// scanRoots keeps the session's own ListRoots until its flag is turned on.
func (t *tools) scanRoots(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var roots []mcp.Root
	if t.flags.RoundTripRoots {
		res := server.RootsResponse(request.Params.InputResponses, "roots")
		if res == nil {
			if caps := clientCaps(ctx); caps == nil || caps.Roots == nil {
				return mcp.NewToolResultError("scanning needs a client that shares its roots"), nil
			}
			return server.NewInputRequestBuilder("").Roots("roots").ToolResult(), nil
		}
		roots = res.Roots
	} else {
		session, ok := server.ClientSessionFromContext(ctx).(server.SessionWithRoots)
		if !ok {
			return mcp.NewToolResultError("this session cannot list roots"), nil
		}
		res, err := session.ListRoots(ctx, mcp.ListRootsRequest{})
		if err != nil {
			return nil, fmt.Errorf("listing roots: %w", err)
		}
		roots = res.Roots
	}
	uris := make([]string, 0, len(roots))
	for _, r := range roots {
		uris = append(uris, r.URI)
	}
	t.mu.Lock()
	t.roots = uris
	t.mu.Unlock()
	return mcp.NewToolResultText(strings.Join(uris, "\n")), nil
}

// publishPost still uses the library's Requester helper, handing it the
// server.
func (t *tools) publishPost(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	title := request.GetString("title", "")
	ok, err := approval.Approve(ctx, t.srv, "publishing "+title)
	if err != nil {
		return nil, err
	}
	if !ok {
		return mcp.NewToolResultText("not published"), nil
	}
	t.did("publish " + title)
	return mcp.NewToolResultText("published " + title), nil
}

// publishDraft uses the library's per-era Asker.
func (t *tools) publishDraft(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	title := request.GetString("title", "")
	res, ask, err := approval.For(ctx, t.srv).Ask(ctx, request, "publish_draft", confirmParams("Publish the draft "+title+"?"))
	if err != nil {
		return nil, fmt.Errorf("asking to publish: %w", err)
	}
	if ask != nil {
		return ask, nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		t.did("publish draft " + title)
		return mcp.NewToolResultText("published " + title), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("draft kept"), nil
	default:
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

// shareLink sends the user to the sharing page, directly unless its flag is
// on; the direct path reuses one ID for every flow.
func (t *tools) shareLink(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	doc := request.GetString("doc", "")
	var res *mcp.ElicitationResult
	if t.flags.RoundTripSharing {
		res = server.ElicitationResponse(request.Params.InputResponses, "share")
		if res == nil {
			if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil || caps.Elicitation.URL == nil {
				return mcp.NewToolResultError("sharing needs a client that can open a URL"), nil
			}
			id := rand.Text()
			return server.NewInputRequestBuilder("").Elicit("share", mcp.ElicitationParams{
				Mode:          mcp.ElicitationModeURL,
				Message:       "Choose who can see " + doc,
				URL:           "https://docs.example.com/share?flow=" + id,
				ElicitationID: id,
			}).ToolResult(), nil
		}
	} else {
		var err error
		res, err = t.srv.RequestURLElicitation(ctx, server.ClientSessionFromContext(ctx), "share-link",
			"https://docs.example.com/share?doc="+doc, "Choose who can see "+doc)
		if err != nil {
			return nil, fmt.Errorf("asking to share: %w", err)
		}
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return mcp.NewToolResultText("The sharing page is open; the link changes once you save there."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("sharing unchanged"), nil
	default:
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

// requireConsent goes ahead for clients without elicitation on its direct
// path.
func (t *tools) requireConsent(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	purpose := request.GetString("purpose", "")
	if t.flags.RoundTripConsent {
		res := server.ElicitationResponse(request.Params.InputResponses, "consent")
		if res == nil {
			if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
				return mcp.NewToolResultError("consent needs a client that can ask its user"), nil
			}
			return server.NewInputRequestBuilder("").Elicit("consent", confirmParams("Allow your data to be used for "+purpose+"?")).ToolResult(), nil
		}
		switch res.Action {
		case mcp.ElicitationResponseActionAccept:
			t.did("consent " + purpose)
			return mcp.NewToolResultText("consent recorded"), nil
		case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
			return mcp.NewToolResultText("no consent"), nil
		default:
			return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
		}
	}
	res, err := t.srv.RequestElicitation(ctx, mcp.ElicitationRequest{Params: confirmParams("Allow your data to be used for " + purpose + "?")})
	if errors.Is(err, server.ErrElicitationNotSupported) {
		log.Printf("require_consent: client cannot ask, recording consent for %s", purpose)
		t.did("consent " + purpose)
		return mcp.NewToolResultText("consent recorded"), nil
	}
	if err != nil {
		return nil, fmt.Errorf("asking for consent: %w", err)
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		t.did("consent " + purpose)
		return mcp.NewToolResultText("consent recorded"), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("no consent"), nil
	default:
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

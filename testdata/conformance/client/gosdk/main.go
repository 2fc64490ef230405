// Command gosdk calls the conformance tools of a server with the go-sdk
// client over streamable HTTP and prints what each call gave as JSON (see
// package calls).
//
//	gosdk -url URL [-protocol VERSION]
//
// Without -protocol, the client runs with go-sdk's defaults: it negotiates
// the newest protocol (2026-07-28) and fulfils the inputRequests of a
// result itself (multi round-trip). With -protocol older than 2026-07-28,
// it negotiates that version and hands results back as they are, as a
// client that predates the round trip does.
package main

import (
	"context"
	"fmt"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"conformance/client/calls"
)

func main() {
	calls.Main("go-sdk", connect)
}

func connect(ctx context.Context, url, protocol string, user *calls.User, wire *calls.Wire) (calls.Session, error) {
	opts := &mcp.ClientOptions{
		ElicitationHandler: func(context.Context, *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
			return &mcp.ElicitResult{Action: "accept", Content: user.Elicit()}, nil
		},
		CreateMessageHandler: func(context.Context, *mcp.CreateMessageRequest) (*mcp.CreateMessageResult, error) {
			user.Sample()
			return &mcp.CreateMessageResult{
				Role:       "assistant",
				Content:    &mcp.TextContent{Text: calls.SampledText},
				Model:      calls.SampledModel,
				StopReason: calls.StopReason,
			}, nil
		},
	}
	if calls.Legacy(protocol) {
		opts.MultiRoundTrip = &mcp.MultiRoundTripOptions{Disabled: true}
	}
	client := mcp.NewClient(&mcp.Implementation{Name: "elicitlint-conformance-client", Version: "0.0.1"}, opts)
	cs, err := client.Connect(ctx, &mcp.StreamableClientTransport{Endpoint: url, HTTPClient: wire.Client()},
		&mcp.ClientSessionOptions{ProtocolVersion: protocol})
	if err != nil {
		return nil, fmt.Errorf("connect: %w", err)
	}
	return session{cs}, nil
}

type session struct{ cs *mcp.ClientSession }

func (s session) Negotiated() string { return s.cs.InitializeResult().ProtocolVersion }

func (s session) Call(ctx context.Context, tool string, args map[string]any) (string, bool, error) {
	res, err := s.cs.CallTool(ctx, &mcp.CallToolParams{Name: tool, Arguments: args})
	if err != nil {
		return "", false, err
	}
	var text []string
	for _, content := range res.Content {
		if tc, ok := content.(*mcp.TextContent); ok {
			text = append(text, tc.Text)
		}
	}
	return strings.Join(text, "\n"), res.IsError, nil
}

func (s session) Close() error { return s.cs.Close() }

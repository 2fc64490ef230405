// Command mcpgo calls the conformance tools of a server with the mcp-go
// client over streamable HTTP and prints what each call gave as JSON (see
// package calls).
//
//	mcpgo -url URL [-protocol VERSION]
//
// Without -protocol, the client runs with mcp-go's defaults: it negotiates
// the newest protocol (2026-07-28) and fulfils the inputRequests of a
// result itself (multi round-trip). With -protocol older than 2026-07-28,
// it negotiates that version, makes one round only, as a client that
// predates the round trip does, and listens on the standalone event stream
// for the server's requests.
package main

import (
	"context"
	"fmt"
	"strings"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/client/transport"
	"github.com/mark3labs/mcp-go/mcp"

	"conformance/client/calls"
)

func main() {
	calls.Main("mcp-go", connect)
}

func connect(ctx context.Context, url, protocol string, user *calls.User, wire *calls.Wire) (calls.Session, error) {
	trOpts := []transport.StreamableHTTPCOption{transport.WithHTTPBasicClient(wire.Client())}
	opts := []client.ClientOption{
		client.WithElicitationHandler(elicitor{user}),
		client.WithSamplingHandler(sampler{user}),
	}
	if protocol != "" {
		opts = append(opts, client.WithProtocolVersion(protocol))
	}
	if calls.Legacy(protocol) {
		opts = append(opts, client.WithMaxInputRoundTrips(1))
		// mcp-go's server sends sampling requests on the standalone GET
		// stream, which the client opens only when asked to.
		trOpts = append(trOpts, transport.WithContinuousListening())
	}
	tr, err := transport.NewStreamableHTTP(url, trOpts...)
	if err != nil {
		return nil, err
	}
	c := client.NewClient(tr, opts...)
	if err := c.Start(ctx); err != nil {
		return nil, fmt.Errorf("start: %w", err)
	}
	if _, err := c.Initialize(ctx, mcp.InitializeRequest{Params: mcp.InitializeParams{
		ClientInfo: mcp.Implementation{Name: "elicitlint-conformance-client", Version: "0.0.1"},
	}}); err != nil {
		c.Close()
		return nil, fmt.Errorf("initialize: %w", err)
	}
	return session{c}, nil
}

type session struct{ c *client.Client }

func (s session) Negotiated() string { return s.c.ProtocolVersion() }

func (s session) Call(ctx context.Context, tool string, args map[string]any) (string, bool, error) {
	res, err := s.c.CallTool(ctx, mcp.CallToolRequest{Params: mcp.CallToolParams{Name: tool, Arguments: args}})
	if err != nil {
		return "", false, err
	}
	var text []string
	for _, content := range res.Content {
		if tc, ok := mcp.AsTextContent(content); ok {
			text = append(text, tc.Text)
		}
	}
	return strings.Join(text, "\n"), res.IsError, nil
}

func (s session) Close() error { return s.c.Close() }

type elicitor struct{ user *calls.User }

func (e elicitor) Elicit(context.Context, mcp.ElicitationRequest) (*mcp.ElicitationResult, error) {
	res := &mcp.ElicitationResult{}
	res.Action = mcp.ElicitationResponseActionAccept
	res.Content = e.user.Elicit()
	return res, nil
}

type sampler struct{ user *calls.User }

func (s sampler) CreateMessage(context.Context, mcp.CreateMessageRequest) (*mcp.CreateMessageResult, error) {
	s.user.Sample()
	res := &mcp.CreateMessageResult{Model: calls.SampledModel, StopReason: calls.StopReason}
	res.Role = mcp.RoleAssistant
	res.Content = mcp.NewTextContent(calls.SampledText)
	return res, nil
}

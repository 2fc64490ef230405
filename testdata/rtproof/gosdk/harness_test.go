// The go-sdk half of the round-trip proof: the handler in ./handlers runs in
// a real go-sdk v1.8.0 server, called by a real go-sdk client over in-memory
// transports, once per protocol version and user answer (see ../proof).
package harness

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"rtproof/gosdk/handlers"
	"rtproof/proof"
)

func TestRoundTrip(t *testing.T) {
	proof.Run(t, book)
}

func book(t *testing.T, protocol, action string) proof.Observation {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	user := proof.NewUser(action)
	var wire proof.Wire
	cs := connect(ctx, t, protocol, func(context.Context, *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
		action, content := user.Answer()
		return &mcp.ElicitResult{Action: action, Content: content}, nil
	}, func(tr mcp.Transport) mcp.Transport { return wireTransport{tr, &wire} })

	obs := proof.Observation{Negotiated: cs.InitializeResult().ProtocolVersion}
	text, isError, err := call(ctx, cs)
	if err != nil {
		obs.Outcome = proof.CallError(err)
	} else {
		obs.Outcome = proof.Result(text, isError)
	}
	obs.Elicitations = user.Asked()
	wire.Fill(&obs)
	return obs
}

// connect serves the handlers to a client on protocol whose user answers
// with elicit, over the client transport wrap makes of an in-memory one.
// The sessions close when the test ends.
func connect(ctx context.Context, t *testing.T, protocol string, elicit func(context.Context, *mcp.ElicitRequest) (*mcp.ElicitResult, error), wrap func(mcp.Transport) mcp.Transport) *mcp.ClientSession {
	server := mcp.NewServer(&mcp.Implementation{Name: "rtproof", Version: "v0.0.1"}, nil)
	handlers.Register(server)
	serverTransport, clientTransport := mcp.NewInMemoryTransports()
	ss, err := server.Connect(ctx, serverTransport, nil)
	if err != nil {
		t.Fatalf("server: %v", err)
	}
	t.Cleanup(func() { ss.Close() })
	client := mcp.NewClient(&mcp.Implementation{Name: "rtproof-client", Version: "v0.0.1"}, &mcp.ClientOptions{
		ElicitationHandler: elicit,
		// The client fulfils inputRequests in any result, whatever the
		// protocol. A real client on an older protocol has never heard of
		// them, so on those sessions it must hand the result back as is.
		MultiRoundTrip: &mcp.MultiRoundTripOptions{Disabled: protocol < proof.Modern},
	})
	cs, err := client.Connect(ctx, wrap(clientTransport), &mcp.ClientSessionOptions{ProtocolVersion: protocol})
	if err != nil {
		t.Fatalf("client: %v", err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs
}

// call calls what the handlers registered under the name "book": the
// tool, or with RTPROOF_CALL (proof.CallEnv) the resource rtproof://book or
// the prompt, and returns the text of its result.
func call(ctx context.Context, cs *mcp.ClientSession) (string, bool, error) {
	var text []string
	switch os.Getenv(proof.CallEnv) {
	case proof.CallResource:
		res, err := cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: proof.ResourceURI})
		if err != nil {
			return "", false, err
		}
		for _, c := range res.Contents {
			text = append(text, c.Text)
		}
		return strings.Join(text, "\n"), false, nil
	case proof.CallPrompt:
		res, err := cs.GetPrompt(ctx, &mcp.GetPromptParams{Name: "book"})
		if err != nil {
			return "", false, err
		}
		return res.Description, false, nil
	}
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "book"})
	if err != nil {
		return "", false, err
	}
	for _, c := range res.Content {
		if tc, ok := c.(*mcp.TextContent); ok {
			text = append(text, tc.Text)
		}
	}
	return strings.Join(text, "\n"), res.IsError, nil
}

// wireTransport records the client's messages in a proof.Wire. (go-sdk's
// LoggingTransport logs a message only after writing it, which can put a
// reply in the record before its request.)
type wireTransport struct {
	mcp.Transport
	wire *proof.Wire
}

func (t wireTransport) Connect(ctx context.Context) (mcp.Connection, error) {
	conn, err := t.Transport.Connect(ctx)
	if err != nil {
		return nil, err
	}
	return wireConn{conn, t.wire}, nil
}

type wireConn struct {
	mcp.Connection
	wire *proof.Wire
}

func (c wireConn) Read(ctx context.Context) (jsonrpc.Message, error) {
	msg, err := c.Connection.Read(ctx)
	if err == nil {
		c.record(false, msg)
	}
	return msg, err
}

func (c wireConn) Write(ctx context.Context, msg jsonrpc.Message) error {
	c.record(true, msg)
	return c.Connection.Write(ctx, msg)
}

func (c wireConn) record(fromClient bool, msg jsonrpc.Message) {
	data, err := jsonrpc.EncodeMessage(msg)
	if err != nil {
		data = []byte(err.Error())
	}
	c.wire.Add(fromClient, data)
}

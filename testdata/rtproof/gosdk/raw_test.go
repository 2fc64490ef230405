package harness

import (
	"context"
	"encoding/json"
	"os"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"rtproof/proof"
)

// RawAnswers are the answers TestRawAnswers gives, by name: content a
// client that does not validate may send for the "book" schema of
// legacyvalidate (nights an integer from 1 to 14, confirm a boolean, memo
// a string that defaults to "no memo").
var RawAnswers = map[string]map[string]any{
	"valid":          {"nights": 3, "confirm": true, "memo": "late arrival"},
	"missingDefault": {"nights": 3, "confirm": true},
	"overMaximum":    {"nights": 900, "confirm": true},
	"wrongType":      {"nights": "lots", "confirm": true},
}

// TestRawAnswers calls the tool once per protocol and answer, with a user
// who accepts and a client that sends the answer as it is: go-sdk's
// client validates what its user answers, so the answer is put on the
// wire in place of what the client wrote. The outcomes, by
// "protocol/answer", go to RTPROOF_OUT as JSON; the caller compares them.
func TestRawAnswers(t *testing.T) {
	out := map[string]string{}
	for _, protocol := range proof.Protocols {
		for name, content := range RawAnswers {
			out[protocol+"/"+name] = rawRun(t, protocol, content)
		}
	}
	data, err := json.MarshalIndent(out, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	if path := os.Getenv("RTPROOF_OUT"); path != "" {
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Logf("%s", data)
}

func rawRun(t *testing.T, protocol string, content map[string]any) string {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	cs := connect(ctx, t, protocol, func(context.Context, *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
		return &mcp.ElicitResult{Action: "accept", Content: map[string]any{"nights": 1, "confirm": true}}, nil
	}, func(tr mcp.Transport) mcp.Transport { return rawTransport{tr, content} })
	if got := cs.InitializeResult().ProtocolVersion; got != protocol {
		t.Fatalf("negotiated %s, want %s", got, protocol)
	}
	text, isError, err := call(ctx, cs)
	if err != nil {
		return proof.CallError(err)
	}
	return proof.Result(text, isError)
}

// rawTransport puts content in place of the content of every accepted
// answer the client sends: its response to elicitation/create (older
// protocols) and the answers of a retried call (2026-07-28).
type rawTransport struct {
	mcp.Transport
	content map[string]any
}

func (t rawTransport) Connect(ctx context.Context) (mcp.Connection, error) {
	conn, err := t.Transport.Connect(ctx)
	if err != nil {
		return nil, err
	}
	return rawConn{conn, t.content}, nil
}

type rawConn struct {
	mcp.Connection
	content map[string]any
}

func (c rawConn) Write(ctx context.Context, msg jsonrpc.Message) error {
	switch m := msg.(type) {
	case *jsonrpc.Response:
		m.Result = c.replace(m.Result, false)
	case *jsonrpc.Request:
		if m.Method == "tools/call" {
			m.Params = c.replace(m.Params, true)
		}
	}
	return c.Connection.Write(ctx, msg)
}

// replace swaps the content of an accepted answer in raw: raw itself
// (a response), or each of its inputResponses (a call's params).
func (c rawConn) replace(raw json.RawMessage, params bool) json.RawMessage {
	var v map[string]any
	if len(raw) == 0 || json.Unmarshal(raw, &v) != nil {
		return raw
	}
	answers := []map[string]any{v}
	if params {
		answers = nil
		responses, _ := v["inputResponses"].(map[string]any)
		for _, r := range responses {
			if a, ok := r.(map[string]any); ok {
				answers = append(answers, a)
			}
		}
	}
	changed := false
	for _, a := range answers {
		if a["action"] == "accept" {
			a["content"] = c.content
			changed = true
		}
	}
	if !changed {
		return raw
	}
	data, err := json.Marshal(v)
	if err != nil {
		return raw
	}
	return data
}

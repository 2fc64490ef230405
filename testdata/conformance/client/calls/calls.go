// Package calls is what the two client programs (../gosdk, ../mcpgo) share:
// their main (Main: flags, the calls one by one, the report), the tool calls
// they make on a conformance server, the answers their handlers give, and
// a record of the JSON-RPC messages the server sends over streamable HTTP.
// Each program only connects its SDK's client and calls a tool.
//
// The tools and their arguments are those of the conformance servers in
// testdata/conformance (go-sdk's conformance/everything-server and mcp-go's
// examples/conformance name them alike), and the answers are the ones the
// official conformance suite (@modelcontextprotocol/conformance, 0.1.16 and
// 0.2.0-alpha.12 alike) gives in its scenarios tools-call-elicitation,
// elicitation-sep1034-defaults, elicitation-sep1330-enums and
// tools-call-sampling.
package calls

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"strings"
	"sync"
	"time"
)

// Call is one tool call and what the user accepts with when the tool asks.
type Call struct {
	Tool   string
	Args   map[string]any
	Accept map[string]any // elicitation content, answered with action accept
}

// Calls are made in this order, one at a time.
var Calls = []Call{
	{
		Tool:   "test_elicitation",
		Args:   map[string]any{"message": "Please provide your information"},
		Accept: map[string]any{"username": "testuser", "email": "test@example.com"},
	},
	{
		Tool:   "test_elicitation_sep1034_defaults",
		Args:   map[string]any{},
		Accept: map[string]any{"name": "Jane Smith", "age": 25, "score": 88, "status": "inactive", "verified": false},
	},
	{
		Tool: "test_elicitation_sep1330_enums",
		Args: map[string]any{},
		Accept: map[string]any{
			"untitledSingle": "option1", "titledSingle": "value1", "legacyEnum": "opt1",
			"untitledMulti": []any{"option1", "option2"}, "titledMulti": []any{"value1", "value2"},
		},
	},
	{
		Tool: "test_sampling",
		Args: map[string]any{"prompt": "Test prompt for sampling"},
	},
}

// The sampling answer.
const (
	SampledText  = "This is a test response from the client"
	SampledModel = "test-model"
	StopReason   = "endTurn"
)

// Outcome is what one call gave.
type Outcome struct {
	Tool         string `json:"tool"`
	Text         string `json:"text"`            // the result's text content, joined by newlines
	IsError      bool   `json:"isError"`         // the result is a tool error
	Error        string `json:"error,omitempty"` // the call itself failed (no result)
	Elicitations int    `json:"elicitations"`    // times the client's elicitation handler ran
	Samplings    int    `json:"samplings"`       // times the client's sampling handler ran
	// ServerRequests are the methods of the requests the server sent to
	// the client during the call (JSON-RPC messages with a method and an
	// id, on any response stream).
	ServerRequests []string `json:"serverRequests"`
	// InputRequired counts the results during the call that carried
	// inputRequests: the round trip of protocol 2026-07-28.
	InputRequired int `json:"inputRequired"`
}

// Report is what a client program prints, as JSON, on standard output.
type Report struct {
	SDK        string    `json:"sdk"`
	Requested  string    `json:"requested"`  // the protocol version asked for ("" for the SDK's default)
	Negotiated string    `json:"negotiated"` // the protocol version of the session
	Calls      []Outcome `json:"calls"`
}

// Legacy reports whether protocol is older than 2026-07-28, the first
// version with the round trip.
func Legacy(protocol string) bool { return protocol != "" && protocol < "2026-07-28" }

// Session is a client connected to the server.
type Session interface {
	Negotiated() string // the session's protocol version
	// Call calls a tool and returns its text content, joined by newlines,
	// and whether it is a tool error.
	Call(ctx context.Context, tool string, args map[string]any) (text string, isError bool, err error)
	Close() error
}

// Connect connects a client of the SDK to the server at url, asking for
// protocol ("" for the SDK's default), with its HTTP traffic going through
// wire's client and its handlers answering as user does.
type Connect func(ctx context.Context, url, protocol string, user *User, wire *Wire) (Session, error)

// Main is a client program's main: with the flags -url URL and
// -protocol VERSION (default: the SDK's newest), it connects, makes the
// Calls one by one and prints the Report as JSON.
func Main(sdk string, connect Connect) {
	url := flag.String("url", "", "the server's streamable HTTP endpoint")
	protocol := flag.String("protocol", "", "protocol version to ask for (default: the SDK's newest)")
	flag.Parse()
	if *url == "" {
		fmt.Fprintln(os.Stderr, sdk+": -url is required")
		os.Exit(2)
	}
	if err := run(sdk, connect, *url, *protocol); err != nil {
		fmt.Fprintln(os.Stderr, sdk+":", err)
		os.Exit(1)
	}
}

func run(sdk string, connect Connect, url, protocol string) error {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	var user User
	var wire Wire
	s, err := connect(ctx, url, protocol, &user, &wire)
	if err != nil {
		return err
	}
	defer s.Close()
	report := Report{SDK: sdk, Requested: protocol, Negotiated: s.Negotiated()}
	for _, c := range Calls {
		user.Begin(c)
		mark := wire.Mark()
		o := Outcome{Tool: c.Tool}
		text, isError, err := s.Call(ctx, c.Tool, c.Args)
		if err != nil {
			o.Error = err.Error()
		} else {
			o.Text, o.IsError = text, isError
		}
		o.Elicitations, o.Samplings = user.Counts()
		wire.Since(mark, &o)
		report.Calls = append(report.Calls, o)
	}
	enc := json.NewEncoder(os.Stdout)
	enc.SetIndent("", "\t")
	return enc.Encode(report)
}

// User answers for the call in progress and counts the answers.
type User struct {
	mu           sync.Mutex
	call         Call
	elicitations int
	samplings    int
}

// Begin starts a call.
func (u *User) Begin(c Call) {
	u.mu.Lock()
	defer u.mu.Unlock()
	u.call, u.elicitations, u.samplings = c, 0, 0
}

// Elicit answers an elicitation: accept, with the call's content.
func (u *User) Elicit() map[string]any {
	u.mu.Lock()
	defer u.mu.Unlock()
	u.elicitations++
	return u.call.Accept
}

// Sample counts a sampling request; the answer is SampledText.
func (u *User) Sample() {
	u.mu.Lock()
	defer u.mu.Unlock()
	u.samplings++
}

// Counts returns how often each handler ran since Begin.
func (u *User) Counts() (elicitations, samplings int) {
	u.mu.Lock()
	defer u.mu.Unlock()
	return u.elicitations, u.samplings
}

// Wire records the JSON-RPC messages in the bodies of the HTTP responses
// of a client, which carry everything the server sends: results, and
// requests of its own on server-sent event streams.
type Wire struct {
	mu   sync.Mutex
	msgs []message
}

type message struct {
	method        string
	request       bool // has a method and an id: a request the server makes
	inputRequests bool // a result with inputRequests
}

// Client returns an HTTP client whose responses w records.
func (w *Wire) Client() *http.Client {
	return &http.Client{Transport: roundTripper{w}}
}

// Mark returns a position in the record, for Since.
func (w *Wire) Mark() int {
	w.mu.Lock()
	defer w.mu.Unlock()
	return len(w.msgs)
}

// Since fills o with what the server sent after mark.
func (w *Wire) Since(mark int, o *Outcome) {
	w.mu.Lock()
	defer w.mu.Unlock()
	o.ServerRequests = []string{}
	for _, m := range w.msgs[mark:] {
		if m.request {
			o.ServerRequests = append(o.ServerRequests, m.method)
		}
		if m.inputRequests {
			o.InputRequired++
		}
	}
}

func (w *Wire) add(data []byte) {
	data = bytes.TrimSpace(data)
	if len(data) == 0 {
		return
	}
	var batch []json.RawMessage
	if data[0] == '[' {
		if json.Unmarshal(data, &batch) != nil {
			return
		}
	} else {
		batch = []json.RawMessage{data}
	}
	for _, raw := range batch {
		var m struct {
			ID     json.RawMessage `json:"id"`
			Method string          `json:"method"`
			Result *struct {
				InputRequests json.RawMessage `json:"inputRequests"`
			} `json:"result"`
		}
		if json.Unmarshal(raw, &m) != nil {
			continue
		}
		w.mu.Lock()
		w.msgs = append(w.msgs, message{
			method:        m.Method,
			request:       m.Method != "" && len(m.ID) > 0 && string(m.ID) != "null",
			inputRequests: m.Result != nil && len(m.Result.InputRequests) > 0 && string(m.Result.InputRequests) != "null",
		})
		w.mu.Unlock()
	}
}

type roundTripper struct{ w *Wire }

func (rt roundTripper) RoundTrip(req *http.Request) (*http.Response, error) {
	resp, err := http.DefaultTransport.RoundTrip(req)
	if err != nil || resp.Body == nil {
		return resp, err
	}
	b := &body{ReadCloser: resp.Body, w: rt.w}
	// Events are recorded as the client reads them: a request the server
	// makes arrives while the call is still open.
	b.sse = strings.HasPrefix(resp.Header.Get("Content-Type"), "text/event-stream")
	resp.Body = b
	return resp, nil
}

// body copies what the client reads: an event stream line by line, else
// into a buffer parsed as one JSON message (or batch) as soon as it is
// complete.
type body struct {
	io.ReadCloser
	w    *Wire
	sse  bool
	buf  bytes.Buffer
	once sync.Once
}

func (b *body) Read(p []byte) (int, error) {
	n, err := b.ReadCloser.Read(p)
	b.buf.Write(p[:n])
	if b.sse {
		for {
			line, _, ok := bytes.Cut(b.buf.Bytes(), []byte("\n"))
			if !ok {
				break
			}
			if data, ok := bytes.CutPrefix(bytes.TrimSuffix(line, []byte("\r")), []byte("data:")); ok {
				b.w.add(data)
			}
			b.buf.Next(len(line) + 1)
		}
	}
	if !b.sse && json.Valid(b.buf.Bytes()) {
		// The client may act on a complete message before it reads to
		// the end or closes the body.
		b.done()
	}
	if err != nil {
		b.done()
	}
	return n, err
}

func (b *body) Close() error {
	b.done()
	return b.ReadCloser.Close()
}

func (b *body) done() {
	b.once.Do(func() {
		if !b.sse {
			b.w.add(b.buf.Bytes())
		}
	})
}

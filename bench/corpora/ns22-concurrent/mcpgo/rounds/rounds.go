// Package rounds is an mcp-go build-service server written for protocol
// 2026-07-28: its tools return input requests through the builder and read
// the answers on the retry. Out-of-band flows are parked in maps under a
// lock, keyed by the IDs the server hands out.
package rounds

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

type flow struct {
	user    string
	started time.Time
	done    bool
}

// Flows is the state the tools share.
type Flows struct {
	srv *server.MCPServer
	key []byte

	mu        sync.Mutex
	flows     map[string]*flow
	payments  map[string]bool
	queue     []string
	running   map[string]bool
	deployed  map[string]string
	artifacts map[string]time.Time
	bookings  map[string]int
	stages    map[string]bool
	reserved  map[string]bool
	cache     map[string]bool
	archived  map[string]bool

	// capsBySession keeps what each session declared at initialize.
	capsBySession sync.Map
}

var emptySchema = map[string]any{"type": "object", "properties": map[string]any{}}

var nightsSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"nights": map[string]any{"type": "integer", "title": "Nights", "minimum": 1, "maximum": 14},
	},
	"required": []string{"nights"},
}

var errNoAnswer = errors.New("no answer yet")

// New builds the server with a key for sealing state.
func New(key []byte) *Flows {
	f := &Flows{
		key:       key,
		flows:     map[string]*flow{},
		payments:  map[string]bool{},
		running:   map[string]bool{},
		deployed:  map[string]string{},
		artifacts: map[string]time.Time{},
		bookings:  map[string]int{},
		stages:    map[string]bool{},
		reserved:  map[string]bool{},
		cache:     map[string]bool{},
		archived:  map[string]bool{},
	}
	hooks := &server.Hooks{}
	hooks.AddAfterInitialize(f.rememberCaps)
	f.srv = server.NewMCPServer("rounds", "1.0.0", server.WithHooks(hooks), server.WithElicitation())
	f.srv.AddTool(mcp.NewTool("book"), f.bookTool)
	f.srv.AddTool(mcp.NewTool("login"), f.loginTool)
	f.srv.AddTool(mcp.NewTool("pay"), f.payTool)
	f.srv.AddTool(mcp.NewTool("link"), f.linkTool)
	f.srv.AddTool(mcp.NewTool("reset_cache"), f.resetTool)
	f.srv.AddTool(mcp.NewTool("summary"), f.summaryTool)
	f.srv.AddTool(mcp.NewTool("requeue", mcp.WithString("job", mcp.Required())), f.requeueTool)
	f.srv.AddTool(mcp.NewTool("sealed_deploy", mcp.WithString("env", mcp.Required())), f.sealedDeployTool)
	f.srv.AddTool(mcp.NewTool("hashed_deploy", mcp.WithString("target", mcp.Required())), f.hashedDeployTool)
	f.srv.AddTool(mcp.NewTool("archive", mcp.WithString("build", mcp.Required())), f.archiveTool)
	f.srv.AddTool(mcp.NewTool("purge"), f.purgeTool)
	f.srv.AddTool(mcp.NewTool("wipe_stage", mcp.WithString("stage", mcp.Required())), f.wipeStageTool)
	f.srv.AddTool(mcp.NewTool("reserve", mcp.WithString("runner", mcp.Required())), f.reserveTool)
	return f
}

// ---- capabilities ----

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

// rememberCaps keeps each session's capabilities after initialize.
func (f *Flows) rememberCaps(ctx context.Context, id any, message *mcp.InitializeRequest, result *mcp.InitializeResult) {
	if s := server.ClientSessionFromContext(ctx); s != nil {
		f.capsBySession.Store(s.SessionID(), message.Params.Capabilities)
	}
}

// ---- work and records (no elicitation) ----

func (f *Flows) book(nights int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.bookings["room"] = nights
}

func (f *Flows) resetCache() {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.cache = map[string]bool{}
}

func (f *Flows) deploy(env string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.deployed[env] = time.Now().Format(time.RFC3339)
}

func (f *Flows) purgeArtifacts() {
	f.mu.Lock()
	defer f.mu.Unlock()
	for k, t := range f.artifacts {
		if time.Since(t) > 7*24*time.Hour {
			delete(f.artifacts, k)
		}
	}
}

func (f *Flows) wipe(stage string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	delete(f.stages, stage)
}

func (f *Flows) reserve(runner string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.reserved[runner] = true
}

func (f *Flows) archive(build string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.archived[build] = true
}

// sign MACs a payload under the server's key.
func (f *Flows) sign(payload string) string {
	mac := hmac.New(sha256.New, f.key)
	mac.Write([]byte(payload))
	return hex.EncodeToString(mac.Sum(nil))
}

// ---- handlers ----

func (f *Flows) bookTool(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := server.ElicitationResponse(request.Params.InputResponses, "book")
	if res == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
			return mcp.NewToolResultError("booking needs a client that can ask its user"), nil
		}
		return server.NewInputRequestBuilder("").Elicit("book", mcp.ElicitationParams{
			Message:         "How many nights should the build runner be booked for?",
			RequestedSchema: nightsSchema,
		}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		data, ok := res.Content.(map[string]any)
		if !ok {
			return nil, fmt.Errorf("unexpected content %T", res.Content)
		}
		nights, ok := data["nights"].(float64)
		if !ok {
			return mcp.NewToolResultError("no number of nights given"), nil
		}
		f.book(int(nights))
		return mcp.NewToolResultText(fmt.Sprintf("Booked for %d nights.", int(nights))), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Nothing booked."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// loginTool parks the sign-in flow under a fresh ID, hands the ID out as the
// state, and on the retry believes only its own record of the callback.
func (f *Flows) loginTool(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := server.ElicitationResponse(request.Params.InputResponses, "login")
	if res == nil {
		caps := clientCaps(ctx)
		if caps == nil || caps.Elicitation == nil || caps.Elicitation.URL == nil {
			return mcp.NewToolResultError("signing in needs a client that can open a URL"), nil
		}
		id := rand.Text()
		f.mu.Lock()
		f.flows[id] = &flow{started: time.Now()}
		f.mu.Unlock()
		return server.NewInputRequestBuilder(id).Elicit("login", mcp.ElicitationParams{
			Mode:          mcp.ElicitationModeURL,
			Message:       "Sign in to the build service",
			URL:           "https://auth.example.com/login?flow=" + id,
			ElicitationID: id,
		}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		f.mu.Lock()
		fl, ok := f.flows[request.Params.RequestState]
		f.mu.Unlock()
		if !ok {
			return mcp.NewToolResultError("unknown sign-in; call the tool again"), nil
		}
		if !fl.done {
			return mcp.NewToolResultText("Waiting for the sign-in to finish in the browser; call again once it is done."), nil
		}
		return mcp.NewToolResultText("Signed in as " + fl.user + "."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Not signed in."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func (f *Flows) payTool(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := server.ElicitationResponse(request.Params.InputResponses, "pay")
	if res == nil {
		caps := clientCaps(ctx)
		if caps == nil || caps.Elicitation == nil || caps.Elicitation.URL == nil {
			return mcp.NewToolResultError("paying needs a client that can open a URL"), nil
		}
		id := rand.Text()
		return server.NewInputRequestBuilder("").Elicit("pay", mcp.ElicitationParams{
			Mode:          mcp.ElicitationModeURL,
			Message:       "Pay for the extra build minutes",
			URL:           "https://pay.example.com/checkout?flow=" + id,
			ElicitationID: id,
		}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return mcp.NewToolResultText("Payment complete."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("No payment made."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func (f *Flows) linkTool(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := server.ElicitationResponse(request.Params.InputResponses, "link")
	if res == nil {
		caps := clientCaps(ctx)
		if caps == nil || caps.Elicitation == nil {
			return mcp.NewToolResultError("linking needs a client that can ask its user"), nil
		}
		id := rand.Text()
		f.mu.Lock()
		f.flows[id] = &flow{started: time.Now()}
		f.mu.Unlock()
		return server.NewInputRequestBuilder(id).Elicit("link", mcp.ElicitationParams{
			Mode:          mcp.ElicitationModeURL,
			Message:       "Link your source host",
			URL:           "https://auth.example.com/link?flow=" + id,
			ElicitationID: id,
		}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		f.mu.Lock()
		fl, ok := f.flows[request.Params.RequestState]
		done := ok && fl.done
		f.mu.Unlock()
		if !done {
			return mcp.NewToolResultText("Waiting for the link to finish; call again once it is done."), nil
		}
		return mcp.NewToolResultText("Source host linked."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Nothing linked."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func (f *Flows) resetTool(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := server.ElicitationResponse(request.Params.InputResponses, "reset")
	if res == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
			return mcp.NewToolResultError("resetting needs a client that can ask its user"), nil
		}
		return &mcp.CallToolResult{MultiRoundTripResult: mcp.MultiRoundTripResult{
			InputRequests: mcp.InputRequests{"reset": mcp.NewElicitationInputRequest(mcp.ElicitationParams{
				Message:         "Reset the build cache for every project?",
				RequestedSchema: emptySchema,
			})},
		}}, nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		f.resetCache()
		return mcp.NewToolResultText("Cache reset."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Cache kept."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func (f *Flows) summaryTool(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := server.SamplingResponse(request.Params.InputResponses, "summary")
	if res == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Sampling == nil {
			return mcp.NewToolResultError("a summary needs a client that can sample"), nil
		}
		return server.NewInputRequestBuilder("").Sample("summary", mcp.CreateMessageParams{
			Messages:  []mcp.SamplingMessage{{Role: mcp.RoleUser, Content: mcp.TextContent{Type: "text", Text: "Summarize today's failed builds."}}},
			MaxTokens: 300,
		}).ToolResult(), nil
	}
	text, ok := res.Content.(mcp.TextContent)
	if !ok {
		return mcp.NewToolResultError("the model did not answer with text"), nil
	}
	return mcp.NewToolResultText(text.Text), nil
}

// requeueTool parks the job in a queue slot and carries the slot in the state.
func (f *Flows) requeueTool(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := server.ElicitationResponse(request.Params.InputResponses, "requeue")
	if res == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
			return mcp.NewToolResultError("requeueing needs a client that can ask its user"), nil
		}
		f.mu.Lock()
		f.queue = append(f.queue, request.GetString("job", ""))
		slot := len(f.queue) - 1
		f.mu.Unlock()
		return server.NewInputRequestBuilder("slot="+strconv.Itoa(slot)).Elicit("requeue", mcp.ElicitationParams{
			Message:         "Requeue the job at the front of the queue?",
			RequestedSchema: emptySchema,
		}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		slot, err := strconv.Atoi(strings.TrimPrefix(request.Params.RequestState, "slot="))
		if err != nil {
			return mcp.NewToolResultError("bad state"), nil
		}
		f.mu.Lock()
		defer f.mu.Unlock()
		if slot < 0 || slot >= len(f.queue) {
			return mcp.NewToolResultError("the slot is gone"), nil
		}
		job := f.queue[slot]
		f.running[job] = true
		return mcp.NewToolResultText("Requeued " + job + "."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Queue unchanged."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// sealedDeployTool carries the environment in a state sealed with an HMAC
// under the server's key, bound to the session and an expiry.
func (f *Flows) sealedDeployTool(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	session := ""
	if s := server.ClientSessionFromContext(ctx); s != nil {
		session = s.SessionID()
	}
	res := server.ElicitationResponse(request.Params.InputResponses, "sealed_deploy")
	if res == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
			return mcp.NewToolResultError("deploying needs a client that can ask its user"), nil
		}
		env := request.GetString("env", "")
		payload := env + "|" + session + "|" + strconv.FormatInt(time.Now().Add(10*time.Minute).Unix(), 10)
		return server.NewInputRequestBuilder(payload+"|"+f.sign(payload)).Elicit("sealed_deploy", mcp.ElicitationParams{
			Message:         "Deploy to " + env + "?",
			RequestedSchema: emptySchema,
		}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		state := request.Params.RequestState
		i := strings.LastIndex(state, "|")
		if i < 0 || !hmac.Equal([]byte(state[i+1:]), []byte(f.sign(state[:i]))) {
			return mcp.NewToolResultError("the confirmation is not valid here"), nil
		}
		parts := strings.Split(state[:i], "|")
		if len(parts) != 3 || parts[1] != session {
			return mcp.NewToolResultError("the confirmation is not valid here"), nil
		}
		if exp, err := strconv.ParseInt(parts[2], 10, 64); err != nil || time.Now().Unix() > exp {
			return mcp.NewToolResultError("the confirmation has expired"), nil
		}
		f.deploy(parts[0])
		return mcp.NewToolResultText("Deployed to " + parts[0] + "."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Nothing deployed."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// hashedDeployTool checks the state against a digest of the target.
func (f *Flows) hashedDeployTool(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	target := request.GetString("target", "")
	res := server.ElicitationResponse(request.Params.InputResponses, "hashed_deploy")
	if res == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
			return mcp.NewToolResultError("deploying needs a client that can ask its user"), nil
		}
		sum := sha256.Sum256([]byte(target))
		return server.NewInputRequestBuilder(hex.EncodeToString(sum[:])).Elicit("hashed_deploy", mcp.ElicitationParams{
			Message:         "Deploy " + target + "?",
			RequestedSchema: emptySchema,
		}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		want := sha256.Sum256([]byte(target))
		if request.Params.RequestState != hex.EncodeToString(want[:]) {
			return mcp.NewToolResultError("the confirmation does not match this target"), nil
		}
		f.deploy(target)
		return mcp.NewToolResultText("Deployed " + target + "."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Nothing deployed."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func (f *Flows) archiveTool(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	build := request.GetString("build", "")
	res := server.ElicitationResponse(request.Params.InputResponses, "archive")
	if res == nil {
		var caps mcp.ClientCapabilities
		if s := server.ClientSessionFromContext(ctx); s != nil {
			if v, ok := f.capsBySession.Load(s.SessionID()); ok {
				caps, _ = v.(mcp.ClientCapabilities)
			}
		}
		if caps.Elicitation == nil {
			return mcp.NewToolResultError("archiving needs a client that can ask its user"), nil
		}
		return server.NewInputRequestBuilder("").Elicit("archive", mcp.ElicitationParams{
			Message:         "Archive build " + build + "?",
			RequestedSchema: emptySchema,
		}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		f.archive(build)
		return mcp.NewToolResultText("Archived."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Build kept."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// gate returns whether to go ahead, or the result that asks.
func (f *Flows) gate(ctx context.Context, request mcp.CallToolRequest, key, msg string) (bool, *mcp.CallToolResult) {
	res := server.ElicitationResponse(request.Params.InputResponses, key)
	if res == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
			// Headless clients are the operator's scripts; let them through.
			return true, nil
		}
		return false, server.NewInputRequestBuilder("").Elicit(key, mcp.ElicitationParams{
			Message:         msg,
			RequestedSchema: emptySchema,
		}).ToolResult()
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return true, nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return false, nil
	default:
		return false, nil
	}
}

func (f *Flows) purgeTool(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	ok, ask := f.gate(ctx, request, "purge", "Purge every artifact older than a week?")
	if ask != nil {
		return ask, nil
	}
	if !ok {
		return mcp.NewToolResultText("Nothing purged."), nil
	}
	f.purgeArtifacts()
	return mcp.NewToolResultText("Old artifacts purged."), nil
}

// wipeStageTool asks in steps picked by the state.
func (f *Flows) wipeStageTool(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	stage := request.GetString("stage", "")
	if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
		return mcp.NewToolResultError("wiping needs a client that can ask its user"), nil
	}
	switch request.Params.RequestState {
	case "":
		return server.NewInputRequestBuilder("wipe=asked").Elicit("wipe_stage", mcp.ElicitationParams{
			Message:         "Wipe every artifact of stage " + stage + "?",
			RequestedSchema: emptySchema,
		}).ToolResult(), nil
	case "wipe=confirmed":
		res := server.ElicitationResponse(request.Params.InputResponses, "wipe_stage")
		if res == nil {
			return server.NewInputRequestBuilder("wipe=asked").Elicit("wipe_stage", mcp.ElicitationParams{
				Message:         "Wipe every artifact of stage " + stage + "?",
				RequestedSchema: emptySchema,
			}).ToolResult(), nil
		}
		switch res.Action {
		case mcp.ElicitationResponseActionAccept:
			f.wipe(stage)
			return mcp.NewToolResultText("Stage wiped."), nil
		case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
			return mcp.NewToolResultText("Stage kept."), nil
		}
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
	return mcp.NewToolResultError("unexpected state"), nil
}

// answerTo returns the answer under key, or errNoAnswer when the call
// carries none.
func answerTo(request mcp.CallToolRequest, key string) (*mcp.ElicitationResult, error) {
	res := server.ElicitationResponse(request.Params.InputResponses, key)
	if res == nil {
		return nil, errNoAnswer
	}
	return res, nil
}

func (f *Flows) reserveTool(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	runner := request.GetString("runner", "")
	res, err := answerTo(request, "reserve")
	if errors.Is(err, errNoAnswer) {
		if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
			return mcp.NewToolResultError("reserving needs a client that can ask its user"), nil
		}
		return server.NewInputRequestBuilder("").Elicit("reserve", mcp.ElicitationParams{
			Message:         "Reserve runner " + runner + " for your team?",
			RequestedSchema: emptySchema,
		}).ToolResult(), nil
	}
	if err != nil {
		return nil, err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		f.reserve(runner)
		return mcp.NewToolResultText("Runner reserved."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Runner left free."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

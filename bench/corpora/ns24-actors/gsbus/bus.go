// Package gsbus is the go-sdk command bus: a dispatcher maps tool names to
// command constructors, commands are parked until the user answers, and a
// per-session state machine follows each session's confirmations.
package gsbus

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"sync"

	"example.com/ns24/actors/command"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// CmdIn carries the arguments every bus tool takes.
type CmdIn struct {
	Item string `json:"item"`
	To   string `json:"to,omitempty"`
}

// Bus is the command bus behind the tools.
type Bus struct {
	store  *command.Store
	x      *command.Executor
	parked sync.Map // handle -> command.Command
}

var constructors = map[string]func(st *command.Store, in CmdIn) command.Command{
	"drop": func(st *command.Store, in CmdIn) command.Command { return &command.DeleteCmd{Store: st, Item: in.Item} },
	"rename": func(st *command.Store, in CmdIn) command.Command {
		return &command.RenameCmd{Store: st, From: in.Item, To: in.To}
	},
	"purge": func(st *command.Store, in CmdIn) command.Command { return &command.PurgeCmd{Store: st} },
}

func textResult(s string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: s}}}
}

// requireElicitation refuses tool calls from clients that cannot be asked.
func requireElicitation(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		if call, ok := req.(*mcp.CallToolRequest); ok {
			if caps := call.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
				return nil, errors.New("the bus tools need a client that can ask its user")
			}
		}
		return next(ctx, method, req)
	}
}

// NewGuarded builds the server whose every tool asks first.
func NewGuarded(store *command.Store, x *command.Executor) *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "actors-bus", Version: "2.0.0"}, nil)
	s.AddReceivingMiddleware(requireElicitation)
	b := &Bus{store: store, x: x}
	for name := range constructors {
		mcp.AddTool(s, &mcp.Tool{Name: name}, b.dispatchTool)
	}
	mcp.AddTool(s, &mcp.Tool{Name: "park"}, b.parkTool)
	mcp.AddTool(s, &mcp.Tool{Name: "step"}, b.machineTool)
	return s
}

// dispatchTool builds the command the tool's name stands for and asks
// before it runs it.
func (b *Bus) dispatchTool(ctx context.Context, req *mcp.CallToolRequest, in CmdIn) (*mcp.CallToolResult, any, error) {
	build, ok := constructors[req.Params.Name]
	if !ok {
		return nil, nil, fmt.Errorf("no command for tool %q", req.Params.Name)
	}
	cmd := build(b.store, in)
	key := "confirm_" + req.Params.Name
	res, answered := req.Params.InputResponses[key].(*mcp.ElicitResult)
	if !answered {
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{key: &mcp.ElicitParams{
			Message: "Run " + cmd.Describe() + "?",
		}}}, nil, nil
	}
	sid := req.Session.ID()
	switch res.Action {
	case "accept":
		b.x.Decided(sid, cmd, command.Allow)
		if err := b.x.Run(ctx, sid, cmd); err != nil {
			return nil, nil, err
		}
		return textResult("Done: " + cmd.Describe() + "."), nil, nil
	case "decline", "cancel":
		b.x.Decided(sid, cmd, command.Deny)
		return textResult("Not run: " + cmd.Describe() + "."), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// parkTool parks the command under a random handle, which the client
// echoes back as its RequestState, until the user answers.
func (b *Bus) parkTool(ctx context.Context, req *mcp.CallToolRequest, in CmdIn) (*mcp.CallToolResult, any, error) {
	if handle := req.Params.RequestState; handle != "" {
		v, ok := b.parked.Load(handle)
		if !ok {
			return nil, nil, errors.New("this confirmation has expired; call the tool again")
		}
		cmd := v.(command.Command)
		res, ok := req.Params.InputResponses["park"].(*mcp.ElicitResult)
		if !ok {
			return &mcp.CallToolResult{
				InputRequests: mcp.InputRequestMap{"park": &mcp.ElicitParams{Message: "Run " + cmd.Describe() + "?"}},
				RequestState:  handle,
			}, nil, nil
		}
		b.parked.Delete(handle)
		switch res.Action {
		case "accept":
			if err := b.x.Run(ctx, req.Session.ID(), cmd); err != nil {
				return nil, nil, err
			}
			return textResult("Done: " + cmd.Describe() + "."), nil, nil
		case "decline", "cancel":
			return textResult("Dropped: " + cmd.Describe() + "."), nil, nil
		}
		return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
	cmd := &command.DeleteCmd{Store: b.store, Item: in.Item}
	handle := rand.Text()
	b.parked.Store(handle, command.Command(cmd))
	return &mcp.CallToolResult{
		InputRequests: mcp.InputRequestMap{"park": &mcp.ElicitParams{Message: "Run " + cmd.Describe() + "?"}},
		RequestState:  handle,
	}, nil, nil
}

type phase int

const (
	idle phase = iota
	confirmed
	refused
)

// machine follows one session's confirmations.
type machine struct {
	mu      sync.Mutex
	current phase
	history []phase
}

var machines sync.Map // session id -> *machine

func machineFor(id string) *machine {
	m, _ := machines.LoadOrStore(id, &machine{})
	return m.(*machine)
}

// onAnswer moves the machine on the user's answer.
func (m *machine) onAnswer(res *mcp.ElicitResult) phase {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.history = append(m.history, m.current)
	if res.Action == "decline" {
		m.current = refused
		return m.current
	}
	m.current = confirmed
	return m.current
}

// machineTool asks, and lets the session's machine decide on the answer.
func (b *Bus) machineTool(ctx context.Context, req *mcp.CallToolRequest, in CmdIn) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["step"].(*mcp.ElicitResult)
	if !ok {
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"step": &mcp.ElicitParams{
			Message: "Take the next step on " + in.Item + "?",
		}}}, nil, nil
	}
	m := machineFor(req.Session.ID())
	switch m.onAnswer(res) {
	case confirmed:
		if err := b.x.Run(ctx, req.Session.ID(), &command.DeleteCmd{Store: b.store, Item: in.Item}); err != nil {
			return nil, nil, err
		}
		return textResult("Step taken."), nil, nil
	case refused:
		return textResult("Step refused."), nil, nil
	}
	return textResult("Nothing to do."), nil, nil
}

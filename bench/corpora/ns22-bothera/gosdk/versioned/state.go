package versioned

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// stateKey is the server's own key for the state it hands to clients.
var stateKey = []byte(os.Getenv("VERSIONED_STATE_KEY"))

// signState seals a payload with an HMAC under the server key.
func signState(payload string) string {
	mac := hmac.New(sha256.New, stateKey)
	mac.Write([]byte(payload))
	return base64.RawURLEncoding.EncodeToString([]byte(payload)) + "." + base64.RawURLEncoding.EncodeToString(mac.Sum(nil))
}

// openState returns the payload of a state this server signed, and fails on
// any other.
func openState(state string) (string, error) {
	body, sig, ok := strings.Cut(state, ".")
	if !ok {
		return "", errors.New("bad state")
	}
	payload, err := base64.RawURLEncoding.DecodeString(body)
	if err != nil {
		return "", errors.New("bad state")
	}
	got, err := base64.RawURLEncoding.DecodeString(sig)
	if err != nil {
		return "", errors.New("bad state")
	}
	mac := hmac.New(sha256.New, stateKey)
	mac.Write(payload)
	if !hmac.Equal(got, mac.Sum(nil)) {
		return "", errors.New("bad state")
	}
	return string(payload), nil
}

var nodesSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"nodes": map[string]any{"type": "integer", "minimum": 1, "maximum": 50},
	},
	"required": []string{"nodes"},
}

// resizeCluster asks for the size, then for a go-ahead, and carries the size
// from one round to the next in a signed state.
func resizeCluster(ctx context.Context, req *mcp.CallToolRequest, in ClusterIn) (*mcp.CallToolResult, any, error) {
	if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
		return nil, nil, errors.New("resizing needs a client that can ask its user")
	}
	if req.Params.RequestState == "" {
		res, ok := req.Params.InputResponses["nodes"].(*mcp.ElicitResult)
		if !ok {
			return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"nodes": &mcp.ElicitParams{
				Message:         "How many nodes should " + in.Cluster + " have?",
				RequestedSchema: nodesSchema,
			}}}, nil, nil
		}
		switch res.Action {
		case "accept":
			n, ok := res.Content["nodes"].(float64)
			if !ok || n < 1 || n > 50 {
				return nil, nil, errors.New("the node count must be between 1 and 50")
			}
			return &mcp.CallToolResult{
				InputRequests: mcp.InputRequestMap{"apply": &mcp.ElicitParams{Message: fmt.Sprintf("Resize %s to %d nodes now?", in.Cluster, int(n)), RequestedSchema: yesNo}},
				RequestState:  signState(in.Cluster + ":" + strconv.Itoa(int(n))),
			}, nil, nil
		case "decline", "cancel":
			return text("cluster left as it is"), nil, nil
		default:
			return nil, nil, fmt.Errorf("%w %q", errUnknownAction, res.Action)
		}
	}
	payload, err := openState(req.Params.RequestState)
	if err != nil {
		return nil, nil, err
	}
	cluster, count, _ := strings.Cut(payload, ":")
	nodes, err := strconv.Atoi(count)
	if err != nil || cluster != in.Cluster {
		return nil, nil, errors.New("the state does not belong to this call")
	}
	res, ok := req.Params.InputResponses["apply"].(*mcp.ElicitResult)
	if !ok {
		return &mcp.CallToolResult{
			InputRequests: mcp.InputRequestMap{"apply": &mcp.ElicitParams{Message: fmt.Sprintf("Resize %s to %d nodes now?", cluster, nodes), RequestedSchema: yesNo}},
			RequestState:  req.Params.RequestState,
		}, nil, nil
	}
	yes, err := decided(res)
	if err != nil || !yes {
		return text("cluster left as it is"), nil, err
	}
	record("resize "+cluster, count)
	return text("resized"), nil, nil
}

// stateLooksValid is the old flow's check of the state it gets back.
func stateLooksValid(state string) bool {
	return strings.HasPrefix(state, "nodes=")
}

// resizeClusterPlain is the old two-step flow, which keeps the size in plain
// state.
func resizeClusterPlain(ctx context.Context, req *mcp.CallToolRequest, in ClusterIn) (*mcp.CallToolResult, any, error) {
	if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
		return nil, nil, errors.New("resizing needs a client that can ask its user")
	}
	if req.Params.RequestState == "" {
		res, ok := req.Params.InputResponses["nodes_quick"].(*mcp.ElicitResult)
		if !ok {
			return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"nodes_quick": &mcp.ElicitParams{
				Message:         "How many nodes should " + in.Cluster + " have?",
				RequestedSchema: nodesSchema,
			}}}, nil, nil
		}
		switch res.Action {
		case "accept":
			n, ok := res.Content["nodes"].(float64)
			if !ok || n < 1 || n > 50 {
				return nil, nil, errors.New("the node count must be between 1 and 50")
			}
			return &mcp.CallToolResult{
				InputRequests: mcp.InputRequestMap{"apply_quick": &mcp.ElicitParams{Message: fmt.Sprintf("Resize %s to %d nodes now?", in.Cluster, int(n)), RequestedSchema: yesNo}},
				RequestState:  "nodes=" + strconv.Itoa(int(n)),
			}, nil, nil
		case "decline", "cancel":
			return text("cluster left as it is"), nil, nil
		default:
			return nil, nil, fmt.Errorf("%w %q", errUnknownAction, res.Action)
		}
	}
	if !stateLooksValid(req.Params.RequestState) {
		return nil, nil, errors.New("bad state")
	}
	nodes, err := strconv.Atoi(strings.TrimPrefix(req.Params.RequestState, "nodes="))
	if err != nil {
		return nil, nil, errors.New("bad state")
	}
	res, ok := req.Params.InputResponses["apply_quick"].(*mcp.ElicitResult)
	if !ok {
		return &mcp.CallToolResult{
			InputRequests: mcp.InputRequestMap{"apply_quick": &mcp.ElicitParams{Message: fmt.Sprintf("Resize %s to %d nodes now?", in.Cluster, nodes), RequestedSchema: yesNo}},
			RequestState:  req.Params.RequestState,
		}, nil, nil
	}
	yes, err := decided(res)
	if err != nil || !yes {
		return text("cluster left as it is"), nil, err
	}
	record("resize "+in.Cluster, strconv.Itoa(nodes))
	return text("resized"), nil, nil
}

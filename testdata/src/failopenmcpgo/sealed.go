package failopenmcpgo

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"hash/fnv"
	"strconv"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// A state sealed on the first call and checked on the one that brings
// the answer: the MAC is computed on both, and computing it is not the
// work (a hash or MAC made in the call changes nothing).

type sealer struct {
	key      []byte
	deployed []string
}

func (s *sealer) sign(payload string) string {
	mac := hmac.New(sha256.New, s.key)
	mac.Write([]byte(payload))
	return hex.EncodeToString(mac.Sum(nil))
}

func (s *sealer) tag(payload string) string {
	h := fnv.New64a()
	h.Write([]byte(payload))
	return strconv.FormatUint(h.Sum64(), 16)
}

func (s *sealer) sealedDeploy(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := server.ElicitationResponse(request.Params.InputResponses, "deploy")
	if res == nil {
		env := request.GetString("env", "")
		return server.NewInputRequestBuilder(env+"|"+s.sign(env)+"|"+s.tag(env)).Elicit("deploy", mcp.ElicitationParams{
			Message: "Deploy to " + env + "?", RequestedSchema: map[string]any{"type": "object", "properties": map[string]any{}},
		}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		state := request.Params.RequestState
		if len(state) < 65 || !hmac.Equal([]byte(state[len(state)-64:]), []byte(s.sign(state[:len(state)-65]))) || s.tag(state) == "" {
			return mcp.NewToolResultError("not valid"), nil
		}
		s.deployed = append(s.deployed, state[:len(state)-65])
		return mcp.NewToolResultText("Deployed."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Nothing deployed."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

package gofn

import (
	"context"
	"errors"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type CertIn struct {
	Domain string `json:"domain"`
}

// renewCertificate words its question differently when the client calls
// again without answering; the state decides nothing else.
func renewCertificate(ctx context.Context, req *mcp.CallToolRequest, in CertIn) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["renew_cert"].(*mcp.ElicitResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
			return nil, nil, errors.New("renewing needs a client that can ask its user")
		}
		msg := "Renew the certificate of " + in.Domain + " now?"
		if req.Params.RequestState == "asked" {
			msg = "Please answer: renew the certificate of " + in.Domain + " now?"
		}
		return &mcp.CallToolResult{
			InputRequests: mcp.InputRequestMap{"renew_cert": &mcp.ElicitParams{Message: msg, RequestedSchema: yesNo}},
			RequestState:  "asked",
		}, nil, nil
	}
	switch res.Action {
	case "accept":
		if err := adminCall(ctx, "renew_cert", in.Domain); err != nil {
			return nil, nil, err
		}
		return text("renewal started"), nil, nil
	case "decline", "cancel":
		return text("certificate unchanged"), nil, nil
	default:
		return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

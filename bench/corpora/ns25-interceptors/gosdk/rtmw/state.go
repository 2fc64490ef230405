package rtmw

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// serverKey is loaded from configuration at start-up.
var serverKey []byte

// stateSkipMiddleware carries "approved:<tool>" in RequestState and skips
// the question when the client sends it back.
func stateSkipMiddleware(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		call, isCall := req.(*mcp.CallToolRequest)
		if !isCall || !destructive[call.Params.Name] {
			return next(ctx, method, req)
		}
		if strings.HasPrefix(call.Params.RequestState, "approved:") {
			audit(call.Params.Name)
			return next(ctx, method, req)
		}
		ok, ask := confirmRT(call, "state_"+call.Params.Name, "Run "+call.Params.Name+"?")
		if ask != nil {
			ask.RequestState = "pending:" + call.Params.Name
			return ask, nil
		}
		if !ok {
			return refusedResult("not confirmed"), nil
		}
		audit(call.Params.Name)
		return next(ctx, method, req)
	}
}

func mac(payload string) string {
	m := hmac.New(sha256.New, serverKey)
	m.Write([]byte(payload))
	return hex.EncodeToString(m.Sum(nil))
}

// sealedStateMiddleware remembers an approval for five minutes in a state
// sealed with the server's key, and checks the seal before trusting it.
func sealedStateMiddleware(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		call, isCall := req.(*mcp.CallToolRequest)
		if !isCall || !destructive[call.Params.Name] {
			return next(ctx, method, req)
		}
		if st := call.Params.RequestState; st != "" {
			payload, sig, _ := strings.Cut(st, "|")
			if !hmac.Equal([]byte(sig), []byte(mac(payload))) {
				return nil, fmt.Errorf("request state failed its integrity check")
			}
			tool, exp, _ := strings.Cut(payload, ";")
			expires, err := strconv.ParseInt(exp, 10, 64)
			if err == nil && tool == call.Params.Name && time.Now().Unix() < expires {
				audit(call.Params.Name)
				return next(ctx, method, req)
			}
		}
		ok, ask := confirmRT(call, "sealed_"+call.Params.Name, "Run "+call.Params.Name+"?")
		if ask != nil {
			return ask, nil
		}
		if !ok {
			return refusedResult("not confirmed"), nil
		}
		audit(call.Params.Name)
		return next(ctx, method, req)
	}
}

// digestStateMiddleware trusts a state equal to the unkeyed digest of the tool name.
func digestStateMiddleware(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		call, isCall := req.(*mcp.CallToolRequest)
		if !isCall || !destructive[call.Params.Name] {
			return next(ctx, method, req)
		}
		sum := sha256.Sum256([]byte("approved:" + call.Params.Name))
		if call.Params.RequestState == hex.EncodeToString(sum[:]) {
			audit(call.Params.Name)
			return next(ctx, method, req)
		}
		ok, ask := confirmRT(call, "digest_"+call.Params.Name, "Run "+call.Params.Name+"?")
		if ask != nil {
			return ask, nil
		}
		if !ok {
			return refusedResult("not confirmed"), nil
		}
		audit(call.Params.Name)
		return next(ctx, method, req)
	}
}

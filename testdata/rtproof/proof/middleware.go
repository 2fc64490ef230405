package proof

import (
	"os"
	"testing"
)

// The middleware proof (TestMiddleware in each harness) calls the tool
// "purge" of a go-sdk server whose receiving middleware asks for
// confirmation (../gosdk/middleware), run as the binary MiddlewareServerEnv
// names, from the harness's own SDK client: once per protocol and answer.

// MiddlewareServerEnv names the server binary the middleware proof runs,
// MiddlewareToolEnv the tool it calls ("purge" when unset): a real
// server's destructive tool, such as prometheus-mcp-server's
// clean_tombstones.
const (
	MiddlewareServerEnv = "RTPROOF_MW_SERVER"
	MiddlewareToolEnv   = "RTPROOF_MW_TOOL"
)

// MiddlewareTool is the tool the middleware proof calls.
func MiddlewareTool() string {
	if t := os.Getenv(MiddlewareToolEnv); t != "" {
		return t
	}
	return "purge"
}

// MiddlewareRun runs one call for each protocol and action and writes the
// outcomes, by protocol and action, to RTPROOF_OUT.
func MiddlewareRun(t *testing.T, call func(t *testing.T, bin, protocol, action string) string) {
	bin := os.Getenv(MiddlewareServerEnv)
	if bin == "" {
		t.Skip(MiddlewareServerEnv + " is not set")
	}
	out := map[string]map[string]string{}
	for _, protocol := range Protocols {
		out[protocol] = map[string]string{}
		for _, action := range Actions {
			out[protocol][action] = call(t, bin, protocol, action)
		}
	}
	t.Logf("%s", writeOut(t, out))
}

// Package proof is the SDK-neutral half of the round-trip proof: it calls a
// tool named "book" once for every protocol version and user answer, checks
// each run against the outcome the caller expects, and checks that both
// protocol versions agree.
//
// Each SDK's harness (../gosdk, ../mcpgo) supplies the function that starts
// a real server and client for one run. The caller passes the expected
// outcomes as JSON in RTPROOF_WANT ({"accept": "...", "decline": "...",
// "cancel": "..."}); when RTPROOF_OUT names a file, every observation is
// written there as JSON, failures included.
package proof

import (
	"encoding/json"
	"os"
	"strings"
	"sync/atomic"
	"testing"
)

// The two protocol versions every handler must serve alike. Modern is the
// first with multi round-trip requests; a session on Legacy only knows
// server-initiated elicitation/create.
const (
	Modern = "2026-07-28"
	Legacy = "2025-11-25"
)

// CallEnv names what the harness calls: the tool "book" when unset,
// CallResource the resource ResourceURI, CallPrompt the prompt "book".
const (
	CallEnv      = "RTPROOF_CALL"
	CallResource = "resource"
	CallPrompt   = "prompt"
	ResourceURI  = "rtproof://book"
)

// Protocols and Actions span the runs, in the order they are made.
var (
	Protocols = []string{Modern, Legacy}
	Actions   = []string{"accept", "decline", "cancel"}
)

// Observation is what one run saw from the client's side.
type Observation struct {
	// Negotiated is the protocol version the client session settled on.
	Negotiated string `json:"negotiated"`
	// Outcome is the tool result as the caller sees it: the result's text,
	// "tool error: " and the text when IsError is set, or "call error: "
	// and the error when the call itself failed.
	Outcome string `json:"outcome"`
	// Elicitations counts the elicitations the client's user answered.
	Elicitations int `json:"elicitations"`
	// Wire summarises the JSON-RPC messages after the handshake.
	Wire []string `json:"wire"`
	// ServerRequests lists the methods of requests the server sent.
	ServerRequests []string `json:"serverRequests,omitempty"`
	// InputRequired counts results that reached the client carrying
	// inputRequests.
	InputRequired int `json:"inputRequired,omitempty"`
}

// Result is the Outcome of a call that returned a result.
func Result(text string, isError bool) string {
	if isError {
		return "tool error: " + text
	}
	return text
}

// CallError is the Outcome of a call that failed.
func CallError(err error) string {
	return "call error: " + err.Error()
}

// User answers elicitations with one fixed action and counts them. It is
// safe for concurrent use: SDKs answer on their own goroutines.
type User struct {
	action string
	asked  atomic.Int32
}

// NewUser returns a user who always answers with action.
func NewUser(action string) *User {
	return &User{action: action}
}

// Answer records one elicitation and returns the user's action and, on
// accept, the form content: three nights, confirmed.
func (u *User) Answer() (string, map[string]any) {
	u.asked.Add(1)
	if u.action != "accept" {
		return u.action, nil
	}
	return u.action, map[string]any{"nights": 3, "confirm": true}
}

// Asked reports how many elicitations the user answered.
func (u *User) Asked() int {
	return int(u.asked.Load())
}

// Runner makes one run: it starts a server with the handler under test and
// a client on protocol whose user answers with action, calls "book" and
// reports what the client saw. It calls t.Fatal only when the run cannot be
// set up; what the tool does belongs in the Observation.
type Runner func(t *testing.T, protocol, action string) Observation

// Run makes every run and checks it.
func Run(t *testing.T, run Runner) {
	want := wantOutcomes(t)
	got := map[string]map[string]Observation{}
	for _, protocol := range Protocols {
		got[protocol] = map[string]Observation{}
		t.Run(protocol, func(t *testing.T) {
			for _, action := range Actions {
				t.Run(action, func(t *testing.T) {
					obs := run(t, protocol, action)
					got[protocol][action] = obs
					t.Logf("negotiated %s; outcome %q; elicitations answered: %d; messages:\n\t%s",
						obs.Negotiated, obs.Outcome, obs.Elicitations, strings.Join(obs.Wire, "\n\t"))
					check(t, protocol, obs, want[action])
				})
			}
		})
	}
	t.Run("agree", func(t *testing.T) {
		for _, action := range Actions {
			m, l := got[Modern][action], got[Legacy][action]
			if m.Outcome != l.Outcome {
				t.Errorf("%s: %s gives %q, %s gives %q", action, Modern, m.Outcome, Legacy, l.Outcome)
			}
		}
	})
	writeOut(t, got)
}

// writeOut writes v as JSON to the file RTPROOF_OUT names, if it names
// one, and returns the JSON.
func writeOut(t *testing.T, v any) []byte {
	data, err := json.MarshalIndent(v, "", "  ")
	if err == nil {
		if path := os.Getenv("RTPROOF_OUT"); path != "" {
			err = os.WriteFile(path, data, 0o644)
		}
	}
	if err != nil {
		t.Errorf("writing observations: %v", err)
	}
	return data
}

func wantOutcomes(t *testing.T) map[string]string {
	raw := os.Getenv("RTPROOF_WANT")
	if raw == "" {
		t.Fatal("RTPROOF_WANT is not set: pass the expected outcome per action as JSON")
	}
	var want map[string]string
	if err := json.Unmarshal([]byte(raw), &want); err != nil {
		t.Fatalf("RTPROOF_WANT: %v", err)
	}
	for _, action := range Actions {
		if _, ok := want[action]; !ok {
			t.Fatalf("RTPROOF_WANT has no outcome for %q", action)
		}
	}
	return want
}

func check(t *testing.T, protocol string, obs Observation, want string) {
	if obs.Negotiated != protocol {
		t.Errorf("the client negotiated %q, want %q", obs.Negotiated, protocol)
	}
	if obs.Outcome != want {
		t.Errorf("outcome %q, want %q", obs.Outcome, want)
	}
	if obs.Elicitations != 1 {
		t.Errorf("the user answered %d elicitations, want 1", obs.Elicitations)
	}
	switch protocol {
	case Modern:
		if len(obs.ServerRequests) > 0 {
			t.Errorf("the server sent %v, which a %s session does not allow", obs.ServerRequests, Modern)
		}
	case Legacy:
		if obs.InputRequired > 0 {
			t.Errorf("%d results carried inputRequests, which a %s client does not understand", obs.InputRequired, Legacy)
		}
	}
}

package proof

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"
	"sync"
)

// Wire records the JSON-RPC messages of one run, as the client's transport
// carries them, in a short form for the observation.
type Wire struct {
	mu             sync.Mutex
	steps          []string
	pending        map[string]string // "c"/"s" + request id → method
	serverRequests []string
	inputRequired  int
}

// Stream returns a writer for the newline-delimited messages going one way:
// from the client to the server when fromClient is set.
func (w *Wire) Stream(fromClient bool) io.Writer {
	return &lineWriter{line: func(b []byte) { w.Add(fromClient, b) }}
}

// Fill copies what the wire saw into obs.
func (w *Wire) Fill(obs *Observation) {
	w.mu.Lock()
	defer w.mu.Unlock()
	obs.Wire = slices.Clone(w.steps)
	obs.ServerRequests = slices.Clone(w.serverRequests)
	obs.InputRequired = w.inputRequired
}

type message struct {
	ID     json.RawMessage `json:"id"`
	Method string          `json:"method"`
	Params struct {
		InputResponses map[string]struct {
			Action string `json:"action"`
		} `json:"inputResponses"`
	} `json:"params"`
	Result *struct {
		ResultType    string                     `json:"resultType"`
		InputRequests map[string]json.RawMessage `json:"inputRequests"`
		IsError       bool                       `json:"isError"`
	} `json:"result"`
	Error *struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
}

// Add records one message, sent by the client when fromClient is set. Call
// it before a message is sent and before a received one is acted on, so the
// record keeps the order in which things happened.
func (w *Wire) Add(fromClient bool, raw []byte) {
	from, to := "s", "c"
	if fromClient {
		from, to = "c", "s"
	}
	var m message
	if err := json.Unmarshal(raw, &m); err != nil {
		w.record(fmt.Sprintf("%s→%s unreadable: %.80s", from, to, raw))
		return
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.pending == nil {
		w.pending = map[string]string{}
	}
	var step strings.Builder
	fmt.Fprintf(&step, "%s→%s ", from, to)
	switch {
	case m.Method != "":
		step.WriteString(m.Method)
		if len(m.ID) > 0 {
			w.pending[from+string(m.ID)] = m.Method
			if !fromClient {
				w.serverRequests = append(w.serverRequests, m.Method)
			}
		}
		if len(m.Params.InputResponses) > 0 {
			var answers []string
			for k, v := range m.Params.InputResponses {
				answers = append(answers, k+"="+v.Action)
			}
			slices.Sort(answers)
			fmt.Fprintf(&step, " inputResponses[%s]", strings.Join(answers, " "))
		}
	case m.Error != nil:
		fmt.Fprintf(&step, "error to %s: %d %s", w.pending[to+string(m.ID)], m.Error.Code, m.Error.Message)
	default:
		fmt.Fprintf(&step, "result of %s", w.pending[to+string(m.ID)])
		if r := m.Result; r != nil {
			if r.ResultType != "" {
				fmt.Fprintf(&step, " resultType=%s", r.ResultType)
			}
			if r.InputRequests != nil {
				w.inputRequired++
				fmt.Fprintf(&step, " inputRequests%v", slices.Sorted(maps.Keys(r.InputRequests)))
			}
			if r.IsError {
				step.WriteString(" isError")
			}
		}
	}
	w.steps = append(w.steps, step.String())
}

func (w *Wire) record(step string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.steps = append(w.steps, step)
}

// lineWriter calls line for every complete line written to it.
type lineWriter struct {
	mu   sync.Mutex
	buf  []byte
	line func([]byte)
}

func (l *lineWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.buf = append(l.buf, p...)
	for {
		i := bytes.IndexByte(l.buf, '\n')
		if i < 0 {
			return len(p), nil
		}
		if line := bytes.TrimSpace(l.buf[:i]); len(line) > 0 {
			l.line(line)
		}
		l.buf = l.buf[i+1:]
	}
}

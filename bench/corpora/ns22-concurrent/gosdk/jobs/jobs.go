// Package jobs runs background workers that a user confirms before they
// start. Every question is a direct request on the session (go-sdk v1.8.0);
// the package builds its server but serves it from elsewhere.
package jobs

import (
	"context"
	"errors"
	"fmt"
	"log"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Runner owns the workers and the state shared by the tools.
type Runner struct {
	mu              sync.Mutex
	workers         map[string]*worker
	replicas        map[string]int
	roots           []string
	telemetry       bool
	allowUnattended bool

	consentOnce sync.Once
	consentRes  *mcp.ElicitResult
	consentErr  error
}

type worker struct {
	name   string
	cancel context.CancelFunc
	done   chan struct{}
}

type workerIn struct {
	Name string `json:"name"`
}

type drainIn struct {
	Names []string `json:"names"`
}

type scaleIn struct {
	Name string `json:"name"`
}

var yesNoSchema = map[string]any{"type": "object", "properties": map[string]any{}}

var shutdownParams = &mcp.ElicitParams{
	Message:         "Stop every worker and shut the runner down?",
	RequestedSchema: map[string]any{"type": "object", "properties": map[string]any{}},
}

var purgeParams = &mcp.ElicitParams{
	Message:         "Purge the queue of this worker?",
	RequestedSchema: map[string]any{"type": "object", "properties": map[string]any{}},
}

var replicasSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"replicas": map[string]any{"type": "integer", "title": "Replicas", "minimum": 1, "maximum": 32},
	},
	"required": []string{"replicas"},
}

// NewRunner makes a runner. allowUnattended is the operator's setting that
// lets workers pause without a question when nobody can answer.
func NewRunner(allowUnattended bool) *Runner {
	return &Runner{
		workers:         map[string]*worker{},
		replicas:        map[string]int{},
		allowUnattended: allowUnattended,
	}
}

// NewServer builds the runner's server; main serves it.
func NewServer(r *Runner) *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "jobs", Version: "1.3.0"}, &mcp.ServerOptions{
		InitializedHandler: r.onInitialized,
	})
	mcp.AddTool(s, &mcp.Tool{Name: "start_worker", Description: "Start a background worker"}, r.startTool)
	mcp.AddTool(s, &mcp.Tool{Name: "restart_worker", Description: "Restart a worker"}, r.restartTool)
	mcp.AddTool(s, &mcp.Tool{Name: "purge_worker", Description: "Purge a worker's queue"}, r.purgeTool)
	mcp.AddTool(s, &mcp.Tool{Name: "shutdown", Description: "Stop every worker"}, r.shutdownTool)
	mcp.AddTool(s, &mcp.Tool{Name: "drain", Description: "Drain several workers"}, r.drainTool)
	mcp.AddTool(s, &mcp.Tool{Name: "scale", Description: "Scale a worker"}, r.scaleTool)
	mcp.AddTool(s, &mcp.Tool{Name: "pause", Description: "Pause a worker"}, r.pauseTool)
	mcp.AddTool(s, &mcp.Tool{Name: "telemetry", Description: "Turn on usage reports"}, r.telemetryTool)
	return s
}

func textResult(s string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: s}}}
}

// ---- worker lifecycle (no elicitation) ----

func (w *worker) loop(ctx context.Context) {
	defer close(w.done)
	t := time.NewTicker(time.Second)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

func (r *Runner) startWorker(name string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if _, running := r.workers[name]; running {
		return
	}
	ctx, cancel := context.WithCancel(context.Background())
	w := &worker{name: name, cancel: cancel, done: make(chan struct{})}
	r.workers[name] = w
	go w.loop(ctx)
}

func (r *Runner) stopWorker(name string) {
	r.mu.Lock()
	w, ok := r.workers[name]
	if ok {
		delete(r.workers, name)
	}
	r.mu.Unlock()
	if ok {
		w.cancel()
		<-w.done
	}
}

func (r *Runner) stopAll() {
	r.mu.Lock()
	names := make([]string, 0, len(r.workers))
	for n := range r.workers {
		names = append(names, n)
	}
	r.mu.Unlock()
	for _, n := range names {
		r.stopWorker(n)
	}
}

func (r *Runner) purgeQueue(name string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	delete(r.replicas, name)
}

func (r *Runner) scale(name string, n int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.replicas[name] = n
}

func (r *Runner) pauseWorker(name string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if w, ok := r.workers[name]; ok {
		w.cancel()
	}
}

// ---- gates and handlers ----

// confirmWithTimeout asks the user and gives them thirty seconds to answer.
func confirmWithTimeout(ctx context.Context, ss *mcp.ServerSession, msg string) (bool, error) {
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: msg, RequestedSchema: yesNoSchema})
	if errors.Is(err, context.DeadlineExceeded) {
		// Nobody is watching the client: start unattended.
		return true, nil
	}
	if err != nil {
		return false, fmt.Errorf("asking for confirmation: %w", err)
	}
	switch res.Action {
	case "accept":
		return true, nil
	case "decline", "cancel":
		return false, nil
	default:
		return false, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

func (r *Runner) startTool(ctx context.Context, req *mcp.CallToolRequest, in workerIn) (*mcp.CallToolResult, any, error) {
	ok, err := confirmWithTimeout(ctx, req.Session, "Start worker "+in.Name+"?")
	if err != nil {
		return nil, nil, err
	}
	if !ok {
		return textResult("Worker " + in.Name + " was not started."), nil, nil
	}
	r.startWorker(in.Name)
	return textResult("Worker " + in.Name + " started."), nil, nil
}

// confirmWithBackoff retries the question with exponential backoff when the
// client is busy.
func confirmWithBackoff(ctx context.Context, ss *mcp.ServerSession, msg string) (bool, error) {
	params := &mcp.ElicitParams{Message: msg, RequestedSchema: yesNoSchema}
	var res *mcp.ElicitResult
	var err error
	backoff := 200 * time.Millisecond
	for try := 0; try < 3; try++ {
		if res, err = ss.Elicit(ctx, params); err == nil {
			break
		}
		select {
		case <-ctx.Done():
			return false, ctx.Err()
		case <-time.After(backoff):
		}
		backoff *= 2
	}
	if err != nil {
		log.Printf("jobs: could not ask after 3 tries, restarting anyway: %v", err)
		return true, nil
	}
	switch res.Action {
	case "accept":
		return true, nil
	case "decline", "cancel":
		return false, nil
	default:
		return false, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

func (r *Runner) restartTool(ctx context.Context, req *mcp.CallToolRequest, in workerIn) (*mcp.CallToolResult, any, error) {
	ok, err := confirmWithBackoff(ctx, req.Session, "Restart worker "+in.Name+"?")
	if err != nil {
		return nil, nil, err
	}
	if !ok {
		return textResult("Worker " + in.Name + " keeps running."), nil, nil
	}
	r.stopWorker(in.Name)
	r.startWorker(in.Name)
	return textResult("Worker " + in.Name + " restarted."), nil, nil
}

// consent asks once per runner whether workers may send usage reports, and
// remembers the answer for every later call.
func (r *Runner) consent(ctx context.Context, ss *mcp.ServerSession) (bool, error) {
	r.consentOnce.Do(func() {
		r.consentRes, r.consentErr = ss.Elicit(ctx, &mcp.ElicitParams{
			Message:         "May workers send anonymous usage reports?",
			RequestedSchema: yesNoSchema,
		})
	})
	if r.consentErr != nil {
		return false, r.consentErr
	}
	return r.consentRes.Action == "accept", nil
}

func (r *Runner) enableTelemetry() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.telemetry = true
}

func (r *Runner) telemetryTool(ctx context.Context, req *mcp.CallToolRequest, in struct{}) (*mcp.CallToolResult, any, error) {
	ok, err := r.consent(ctx, req.Session)
	if err != nil {
		return nil, nil, err
	}
	if !ok {
		return textResult("Usage reports stay off."), nil, nil
	}
	r.enableTelemetry()
	return textResult("Usage reports on."), nil, nil
}

type elicitOutcome struct {
	res *mcp.ElicitResult
	err error
}

// askInGoroutine makes the request on its own goroutine so that the caller's
// deadline is honoured even when the transport blocks.
func askInGoroutine(ctx context.Context, ss *mcp.ServerSession, params *mcp.ElicitParams) (*mcp.ElicitResult, error) {
	ch := make(chan elicitOutcome, 1)
	go func() {
		res, err := ss.Elicit(ctx, params)
		ch <- elicitOutcome{res: res, err: err}
	}()
	select {
	case o := <-ch:
		return o.res, o.err
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

func (r *Runner) purgeTool(ctx context.Context, req *mcp.CallToolRequest, in workerIn) (*mcp.CallToolResult, any, error) {
	ctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	res, err := askInGoroutine(ctx, req.Session, purgeParams)
	if err != nil {
		return nil, nil, err
	}
	if res.Action == "decline" {
		return textResult("Queue of " + in.Name + " kept."), nil, nil
	}
	r.purgeQueue(in.Name)
	return textResult("Queue of " + in.Name + " purged."), nil, nil
}

// onInitialized learns the client's roots once the session is up, so that
// workers know where they may write.
func (r *Runner) onInitialized(ctx context.Context, req *mcp.InitializedRequest) {
	res, err := req.Session.ListRoots(ctx, nil)
	if err != nil {
		log.Printf("jobs: no roots from the client: %v", err)
		return
	}
	dirs := make([]string, 0, len(res.Roots))
	for _, root := range res.Roots {
		dirs = append(dirs, root.URI)
	}
	r.mu.Lock()
	r.roots = dirs
	r.mu.Unlock()
}

// shutdownTool asks directly on older sessions and through the round trip on
// 2026-07-28 ones.
func (r *Runner) shutdownTool(ctx context.Context, req *mcp.CallToolRequest, in struct{}) (*mcp.CallToolResult, any, error) {
	if req.ProtocolVersion() < "2026-07-28" {
		res, err := req.Session.Elicit(ctx, shutdownParams)
		if err != nil {
			return nil, nil, err
		}
		switch res.Action {
		case "accept":
			r.stopAll()
			return textResult("All workers stopped."), nil, nil
		case "decline", "cancel":
			return textResult("Workers keep running."), nil, nil
		}
		return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
	res, ok := req.Params.InputResponses["shutdown"].(*mcp.ElicitResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
			return nil, nil, errors.New("shutting down needs a client that can ask its user")
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"shutdown": shutdownParams}}, nil, nil
	}
	switch res.Action {
	case "accept":
		r.stopAll()
		return textResult("All workers stopped."), nil, nil
	case "decline", "cancel":
		return textResult("Workers keep running."), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// drainTool asks about every worker at once, one goroutine per question.
func (r *Runner) drainTool(ctx context.Context, req *mcp.CallToolRequest, in drainIn) (*mcp.CallToolResult, any, error) {
	results := make([]*mcp.ElicitResult, len(in.Names))
	var wg sync.WaitGroup
	for i, name := range in.Names {
		wg.Add(1)
		go func() {
			defer wg.Done()
			res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
				Message:         "Drain worker " + name + "?",
				RequestedSchema: yesNoSchema,
			})
			if err != nil {
				log.Printf("jobs: no answer for %s: %v", name, err)
				return
			}
			results[i] = res
		}()
	}
	wg.Wait()
	drained := 0
	for i, res := range results {
		if res != nil && res.Action == "accept" {
			r.stopWorker(in.Names[i])
			drained++
		}
	}
	return textResult(fmt.Sprintf("%d workers drained", drained)), nil, nil
}

func (r *Runner) scaleTool(ctx context.Context, req *mcp.CallToolRequest, in scaleIn) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Message:         "How many replicas should " + in.Name + " run?",
		RequestedSchema: replicasSchema,
	})
	if err != nil {
		return nil, nil, err
	}
	n, _ := res.Content["replicas"].(float64)
	switch res.Action {
	case "accept":
		r.scale(in.Name, int(n))
		return textResult(fmt.Sprintf("%s scaled to %d", in.Name, int(n))), nil, nil
	case "decline", "cancel":
		return textResult(in.Name + " not scaled"), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// confirmUnlessUnattended asks, and lets the operator's unattended setting
// decide when the question cannot be asked.
func (r *Runner) confirmUnlessUnattended(ctx context.Context, ss *mcp.ServerSession, msg string) (bool, error) {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: msg, RequestedSchema: yesNoSchema})
	if err != nil {
		if r.allowUnattended {
			return true, nil
		}
		return false, err
	}
	switch res.Action {
	case "accept":
		return true, nil
	case "decline", "cancel":
		return false, nil
	default:
		return false, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

func (r *Runner) pauseTool(ctx context.Context, req *mcp.CallToolRequest, in workerIn) (*mcp.CallToolResult, any, error) {
	ok, err := r.confirmUnlessUnattended(ctx, req.Session, "Pause worker "+in.Name+"?")
	if err != nil {
		return nil, nil, err
	}
	if !ok {
		return textResult("Worker " + in.Name + " keeps running."), nil, nil
	}
	r.pauseWorker(in.Name)
	return textResult("Worker " + in.Name + " paused."), nil, nil
}

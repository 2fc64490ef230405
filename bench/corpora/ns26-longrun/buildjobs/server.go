// Package buildjobs serves build tools over stdio with go-sdk: each tool
// starts a build job, asks the user before it does anything costly, and
// reports progress while a worker pool runs the job.
package buildjobs

import (
	"context"
	"errors"
	"fmt"
	"log"
	"os"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// BuildIn is the input of the build tools.
type BuildIn struct {
	Target  string `json:"target"`
	Workers int    `json:"workers,omitempty"`
}

// Config holds the operator's settings.
type Config struct {
	AllowUnconfirmed bool
	KillSwitch       bool
}

var cfg = Config{}

var (
	jobsMu sync.Mutex
	jobs   = map[string]*job{}
)

type job struct {
	id     string
	cancel context.CancelFunc
	done   int
	total  int
}

var errDeclined = errors.New("the user declined the build")

// NewServer builds the server with every build tool.
func NewServer() *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "buildjobs", Version: "1.0.0"}, &mcp.ServerOptions{
		InitializedHandler: func(ctx context.Context, req *mcp.InitializedRequest) {
			go watchRoots(context.WithoutCancel(ctx), req.Session)
		},
	})
	mcp.AddTool(s, &mcp.Tool{Name: "start_build", Description: "Start a build job"}, startBuild)
	mcp.AddTool(s, &mcp.Tool{Name: "cancel_build", Description: "Cancel a running build"}, cancelBuild)
	mcp.AddTool(s, &mcp.Tool{Name: "clean_artifacts", Description: "Delete build artifacts"}, cleanArtifacts)
	mcp.AddTool(s, &mcp.Tool{Name: "parallel_build", Description: "Build with a chosen worker count"}, askParallelism)
	mcp.AddTool(s, &mcp.Tool{Name: "retry_build", Description: "Retry the last failed build"}, retryBuild)
	mcp.AddTool(s, &mcp.Tool{Name: "timed_build", Description: "Build, asking with a deadline"}, buildWithTimeout)
	mcp.AddTool(s, &mcp.Tool{Name: "release_notes", Description: "Draft release notes"}, promptReleaseNotes)
	mcp.AddTool(s, &mcp.Tool{Name: "hybrid_build", Description: "Build on any protocol"}, hybridBuild)
	mcp.AddTool(s, &mcp.Tool{Name: "deploy_build", Description: "Deploy a finished build"}, deployBuild)
	mcp.AddTool(s, &mcp.Tool{Name: "wipe_cache", Description: "Wipe the build cache"}, wipeCacheTool)
	mcp.AddTool(s, &mcp.Tool{Name: "publish_build", Description: "Publish a build"}, publishBuild)
	mcp.AddTool(s, &mcp.Tool{Name: "cancel_all", Description: "Cancel every running build"}, cancelAllBuilds)
	return s
}

// Run serves the build tools over stdio.
func Run(ctx context.Context) error {
	return NewServer().Run(ctx, &mcp.StdioTransport{})
}

func textResult(s string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: s}}}
}

// runBuild starts the worker pool for target and returns the job's ID.
func runBuild(ctx context.Context, ss *mcp.ServerSession, token any, target string, workers int) string {
	if workers <= 0 {
		workers = 4
	}
	jctx, cancel := context.WithCancel(context.WithoutCancel(ctx))
	j := &job{id: fmt.Sprintf("build-%s-%d", target, time.Now().UnixNano()), cancel: cancel, total: 100}
	jobsMu.Lock()
	jobs[j.id] = j
	jobsMu.Unlock()
	steps := make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for step := range steps {
				if cfg.KillSwitch {
					return
				}
				jobsMu.Lock()
				j.done++
				done := j.done
				jobsMu.Unlock()
				if token != nil && ss != nil {
					_ = ss.NotifyProgress(jctx, &mcp.ProgressNotificationParams{
						ProgressToken: token,
						Progress:      float64(done),
						Total:         float64(j.total),
						Message:       fmt.Sprintf("step %d of %s", step, target),
					})
				}
			}
		}()
	}
	go func() {
		defer cancel()
		defer close(steps)
		for i := 0; i < j.total; i++ {
			select {
			case <-jctx.Done():
				return
			case steps <- i:
			}
		}
		wg.Wait()
	}()
	return j.id
}

func removeArtifacts(target string) error {
	return os.RemoveAll("/var/cache/builds/" + target)
}

func logf(format string, args ...any) { log.Printf(format, args...) }

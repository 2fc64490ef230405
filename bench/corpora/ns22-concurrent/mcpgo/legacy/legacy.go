// Package legacy is a storage admin server that keeps mcp-go's direct
// requests: its one server is built with WithLegacyServerInitiatedRequests
// and served over stdio only. Long questions run on their own goroutine with
// a deadline.
package legacy

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// Store is the admin state behind the tools.
type Store struct {
	srv *server.MCPServer

	mu      sync.Mutex
	tables  map[string]bool
	imports []string
	exports map[string]bool
	aliases map[string]string
	quotas  map[string]float64
	tags    map[string]string
	backups string
}

var yesNoSchema = map[string]any{"type": "object", "properties": map[string]any{}}

// Serve builds the server, pinned to direct requests, and serves it over stdio.
func Serve() error {
	srv := server.NewMCPServer("legacy-store", "1.4.0",
		server.WithLegacyServerInitiatedRequests(),
		server.WithElicitation(),
	)
	st := &Store{
		srv:     srv,
		tables:  map[string]bool{},
		exports: map[string]bool{},
		aliases: map[string]string{},
		quotas:  map[string]float64{},
		tags:    map[string]string{},
	}
	srv.AddTool(mcp.NewTool("drop_table", mcp.WithString("table", mcp.Required())), st.dropTableTool)
	srv.AddTool(mcp.NewTool("import"), st.importTool)
	srv.AddTool(mcp.NewTool("export"), st.exportTool)
	srv.AddTool(mcp.NewTool("compact", mcp.WithString("table", mcp.Required())), st.compactTool)
	srv.AddTool(mcp.NewTool("alias", mcp.WithString("table", mcp.Required())), st.aliasTool)
	srv.AddTool(mcp.NewTool("quota", mcp.WithString("tenant", mcp.Required())), st.quotaTool)
	srv.AddTool(mcp.NewTool("tag", mcp.WithString("table", mcp.Required())), st.tagTool)
	srv.AddTool(mcp.NewTool("truncate", mcp.WithString("table", mcp.Required())), st.truncateTool)
	srv.AddTool(mcp.NewTool("backup"), st.rootsTool)
	return server.ServeStdio(srv)
}

// ---- work (no elicitation) ----

func (s *Store) dropTable(name string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.tables, name)
}

func (s *Store) importFile(path string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.imports = append(s.imports, path)
}

func (s *Store) exportReady(id string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.exports[id]
}

func (s *Store) compact(table string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.tables[table] = true
}

func (s *Store) setAlias(table, alias string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.aliases[table] = alias
}

func (s *Store) setQuota(tenant string, gb float64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.quotas[tenant] = gb
}

func (s *Store) setTag(table, color string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.tags[table] = color
}

func (s *Store) truncate(table string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.tables[table] = false
}

func (s *Store) setBackupDir(dir string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.backups = dir
}

// ---- gates and handlers ----

// confirm asks a yes-or-no question and fails closed.
func (s *Store) confirm(ctx context.Context, msg string) (bool, error) {
	res, err := s.srv.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message:         msg,
		RequestedSchema: yesNoSchema,
	}})
	if err != nil {
		return false, fmt.Errorf("asking for confirmation: %w", err)
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return true, nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return false, nil
	default:
		return false, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

func (s *Store) dropTableTool(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	table := request.GetString("table", "")
	ok, err := s.confirm(ctx, "Drop table "+table+"? This cannot be undone.")
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	if !ok {
		return mcp.NewToolResultText("Table kept."), nil
	}
	s.dropTable(table)
	return mcp.NewToolResultText("Table dropped."), nil
}

func (s *Store) importTool(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, err := s.srv.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message: "Which file should be imported?",
		RequestedSchema: map[string]any{
			"type":       "object",
			"properties": map[string]any{"path": map[string]any{"type": "string", "title": "File path"}},
			"required":   []string{"path"},
		},
	}})
	if err != nil {
		return nil, err
	}
	data := res.Content.(map[string]any)
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		path, _ := data["path"].(string)
		s.importFile(path)
		return mcp.NewToolResultText("Importing " + path + "."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Nothing imported."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func (s *Store) exportTool(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	id := rand.Text()
	res, err := s.srv.RequestURLElicitation(ctx, server.ClientSessionFromContext(ctx), id,
		"http://exports.example.com/download?flow="+id, "Download your export from the export portal")
	if err != nil {
		return nil, err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		if !s.exportReady(id) {
			return mcp.NewToolResultText("The export is still being prepared; call again in a minute."), nil
		}
		return mcp.NewToolResultText("Export downloaded."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("No export."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// approve asks before a heavy operation; batch clients without elicitation
// go ahead unasked.
func (s *Store) approve(ctx context.Context, msg string) (bool, error) {
	sess, ok := server.ClientSessionFromContext(ctx).(server.SessionWithClientInfo)
	if !ok || sess.GetClientCapabilities().Elicitation == nil {
		return true, nil
	}
	res, err := s.srv.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message:         msg,
		RequestedSchema: yesNoSchema,
	}})
	if err != nil {
		return false, err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return true, nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return false, nil
	default:
		return false, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

func (s *Store) compactTool(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	table := request.GetString("table", "")
	ok, err := s.approve(ctx, "Compact "+table+"? Writes block for a few minutes.")
	if err != nil {
		return nil, err
	}
	if !ok {
		return mcp.NewToolResultText("Not compacted."), nil
	}
	s.compact(table)
	return mcp.NewToolResultText("Compacted."), nil
}

func (s *Store) aliasTool(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	table := request.GetString("table", "")
	res, err := s.srv.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message: "Which alias should " + table + " get?",
		RequestedSchema: map[string]any{
			"type":       "object",
			"properties": map[string]any{"alias": map[string]any{"type": "string", "title": "Alias"}},
			"required":   []string{"alias"},
		},
	}})
	if err != nil {
		return nil, err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		data, ok := res.Content.(map[string]any)
		if !ok {
			return nil, fmt.Errorf("unexpected content %T", res.Content)
		}
		alias, _ := data["alais"].(string)
		s.setAlias(table, alias)
		return mcp.NewToolResultText("Alias set."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("No alias."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func (s *Store) quotaTool(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	tenant := request.GetString("tenant", "")
	res, err := s.srv.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message: "Set the storage limits for " + tenant + ".",
		RequestedSchema: map[string]any{
			"type": "object",
			"properties": map[string]any{
				"limits": map[string]any{
					"type": "object",
					"properties": map[string]any{
						"soft_gb": map[string]any{"type": "number"},
						"hard_gb": map[string]any{"type": "number"},
					},
				},
			},
		},
	}})
	if err != nil {
		return nil, err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		data, ok := res.Content.(map[string]any)
		if !ok {
			return nil, fmt.Errorf("unexpected content %T", res.Content)
		}
		limits, _ := data["limits"].(map[string]any)
		hard, _ := limits["hard_gb"].(float64)
		s.setQuota(tenant, hard)
		return mcp.NewToolResultText("Quota set."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Quota unchanged."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func (s *Store) tagTool(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	table := request.GetString("table", "")
	res, err := s.srv.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message: "Which color tag should " + table + " get?",
		RequestedSchema: map[string]any{
			"type":       "object",
			"properties": map[string]any{"color": map[string]any{"type": "string", "title": "Color", "enum": []string{"red", "green", "blue"}}},
			"required":   []string{"colour"},
		},
	}})
	if err != nil {
		return nil, err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		data, ok := res.Content.(map[string]any)
		if !ok {
			return nil, fmt.Errorf("unexpected content %T", res.Content)
		}
		color, _ := data["color"].(string)
		s.setTag(table, color)
		return mcp.NewToolResultText("Tagged " + color + "."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Not tagged."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

type answer struct {
	res *mcp.ElicitationResult
	err error
}

// confirmWithin asks on its own goroutine and gives the user d to answer;
// after that the operation goes ahead.
func (s *Store) confirmWithin(ctx context.Context, msg string, d time.Duration) (bool, error) {
	ch := make(chan answer, 1)
	go func() {
		res, err := s.srv.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
			Message:         msg,
			RequestedSchema: yesNoSchema,
		}})
		ch <- answer{res: res, err: err}
	}()
	select {
	case a := <-ch:
		if a.err != nil {
			return false, a.err
		}
		switch a.res.Action {
		case mcp.ElicitationResponseActionAccept:
			return true, nil
		case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
			return false, nil
		default:
			return false, errors.New("unknown elicitation action")
		}
	case <-time.After(d):
		return true, nil
	}
}

func (s *Store) truncateTool(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	table := request.GetString("table", "")
	ok, err := s.confirmWithin(ctx, "Truncate "+table+"?", time.Minute)
	if err != nil {
		return nil, err
	}
	if !ok {
		return mcp.NewToolResultText("Table kept."), nil
	}
	s.truncate(table)
	return mcp.NewToolResultText("Table truncated."), nil
}

// rootsTool picks the backup directory from the client's first root.
func (s *Store) rootsTool(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, err := s.srv.RequestRoots(ctx, mcp.ListRootsRequest{})
	if err != nil {
		return mcp.NewToolResultError("the client shares no roots: " + err.Error()), nil
	}
	if len(res.Roots) == 0 {
		return mcp.NewToolResultError("the client shares no roots"), nil
	}
	s.setBackupDir(res.Roots[0].URI)
	return mcp.NewToolResultText("Backups go to " + res.Roots[0].URI + "."), nil
}

// Command kvmcp is a key-value store on mcp-go that keeps asking directly:
// it is served over stdio with WithLegacyServerInitiatedRequests.
package main

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"log"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

var emptyForm = map[string]any{"type": "object", "properties": map[string]any{}}

func main() {
	s := server.NewMCPServer("kv", "0.4.0",
		server.WithElicitation(),
		server.WithLegacyServerInitiatedRequests(),
	)
	kv := map[string]string{}

	setupDel(s, kv)
	setupFlush(s, kv)
	setupSet(s, kv)
	setupRename(s, kv)
	setupExpire(s, kv)
	setupBackup(s, kv)
	setupRestore(s, kv)
	setupLogin(s, kv)
	setupTokenName(s, kv)
	setupMessageEmpty(s, kv)
	setupSessionID(s, kv)
	setupSchemaTypo(s, kv)
	setupMultiSelect(s, kv)
	setupActionFn(s, kv)

	if err := server.ServeStdio(s); err != nil {
		log.Fatal(err)
	}
}

func setupDel(s *server.MCPServer, kv map[string]string) {
	confirm := func(ctx context.Context, key string) (bool, error) {
		result, err := s.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
			Message:         "Delete key " + key + "?",
			RequestedSchema: emptyForm,
		}})
		if err != nil {
			return false, err
		}
		switch result.Action {
		case mcp.ElicitationResponseActionAccept:
			return true, nil
		case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
			return false, nil
		}
		return false, fmt.Errorf("unexpected action %q", result.Action)
	}
	s.AddTool(mcp.NewTool("del", mcp.WithString("key", mcp.Required())), func(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		key := request.GetString("key", "")
		ok, err := confirm(ctx, key)
		if err != nil {
			return mcp.NewToolResultError("could not confirm: " + err.Error()), nil
		}
		if !ok {
			return mcp.NewToolResultText("Kept."), nil
		}
		delete(kv, key)
		return mcp.NewToolResultText("Deleted."), nil
	})
}

func setupFlush(s *server.MCPServer, kv map[string]string) {
	s.AddTool(mcp.NewTool("flush"), func(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		result, err := s.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
			Message:         fmt.Sprintf("Remove all %d keys?", len(kv)),
			RequestedSchema: emptyForm,
		}})
		if errors.Is(err, server.ErrElicitationNotSupported) {
			// older clients can't answer; flush anyway
			clear(kv)
			return mcp.NewToolResultText("Flushed."), nil
		}
		if err != nil {
			return nil, err
		}
		switch result.Action {
		case mcp.ElicitationResponseActionAccept:
			clear(kv)
			return mcp.NewToolResultText("Flushed."), nil
		case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
			return mcp.NewToolResultText("Kept everything."), nil
		}
		return nil, fmt.Errorf("unexpected action %q", result.Action)
	})
}

func setupSet(s *server.MCPServer, kv map[string]string) {
	s.AddTool(mcp.NewTool("overwrite", mcp.WithString("key", mcp.Required()), mcp.WithString("value", mcp.Required())), func(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		key, value := request.GetString("key", ""), request.GetString("value", "")
		result, err := s.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
			Message:         "Overwrite " + key + "?",
			RequestedSchema: emptyForm,
		}})
		if err != nil {
			return nil, err
		}
		if result.Action == mcp.ElicitationResponseActionAccept {
			kv[key] = value
			return mcp.NewToolResultText("Overwritten."), nil
		} else {
			return mcp.NewToolResultText("Left as is."), nil
		}
	})
}

func setupRename(s *server.MCPServer, kv map[string]string) {
	s.AddTool(mcp.NewTool("rename_key", mcp.WithString("key", mcp.Required())), func(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		key := request.GetString("key", "")
		result, err := s.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
			Message: "New name for " + key + "?",
			RequestedSchema: map[string]any{
				"type":       "object",
				"properties": map[string]any{"name": map[string]any{"type": "string", "minLength": 1}},
				"required":   []string{"name"},
			},
		}})
		if err != nil {
			return nil, err
		}
		if result.Action == mcp.ElicitationResponseActionDecline {
			return mcp.NewToolResultText("Not renamed."), nil
		}
		if result.Action == mcp.ElicitationResponseActionCancel {
			return mcp.NewToolResultText("Cancelled."), nil
		}
		data, ok := result.Content.(map[string]any)
		if !ok {
			return mcp.NewToolResultError("no answer content"), nil
		}
		name, _ := data["name"].(string)
		kv[name] = kv[key]
		delete(kv, key)
		return mcp.NewToolResultText("Renamed."), nil
	})
}

func setupExpire(s *server.MCPServer, kv map[string]string) {
	s.AddTool(mcp.NewTool("expire", mcp.WithString("key", mcp.Required())), func(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		key := request.GetString("key", "")
		result, err := s.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
			Message: "Expire " + key + " after how many seconds?",
			RequestedSchema: map[string]any{
				"type": "object",
				"properties": map[string]any{
					"ttl":  map[string]any{"type": "number", "minimum": 1},
					"note": map[string]any{"type": "string"},
				},
			},
		}})
		if err != nil {
			return nil, err
		}
		switch result.Action {
		case mcp.ElicitationResponseActionAccept:
			data, _ := result.Content.(map[string]any)
			ttl := data["ttl"].(float64)
			kv[key+":ttl"] = fmt.Sprint(ttl)
			return mcp.NewToolResultText("Expiry set."), nil
		case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
			return mcp.NewToolResultText("No expiry."), nil
		}
		return nil, fmt.Errorf("unexpected action %q", result.Action)
	})
}

func setupBackup(s *server.MCPServer, kv map[string]string) {
	s.AddTool(mcp.NewTool("backup"), func(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		id := rand.Text()
		result, err := s.RequestURLElicitation(ctx, server.ClientSessionFromContext(ctx), id,
			"https://backup.kv.example.com/start?api_key=demo-123&flow="+id, "Start the backup on the backup page.")
		if err != nil {
			return nil, err
		}
		switch result.Action {
		case mcp.ElicitationResponseActionAccept:
			return mcp.NewToolResultText(fmt.Sprintf("Backup of %d keys will start once the page confirms.", len(kv))), nil
		case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
			return mcp.NewToolResultText("No backup."), nil
		}
		return nil, fmt.Errorf("unexpected action %q", result.Action)
	})
}

func setupRestore(s *server.MCPServer, kv map[string]string) {
	s.AddTool(mcp.NewTool("restore"), func(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		result, err := s.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
			Mode:    mcp.ElicitationModeURL,
			Message: "Pick a backup to restore on the backup page.",
			URL:     "https://backup.kv.example.com/restore",
		}})
		if err != nil {
			return nil, err
		}
		switch result.Action {
		case mcp.ElicitationResponseActionAccept:
			return mcp.NewToolResultText(fmt.Sprintf("Waiting for the restore; %d keys now.", len(kv))), nil
		case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
			return mcp.NewToolResultText("Nothing restored."), nil
		}
		return nil, fmt.Errorf("unexpected action %q", result.Action)
	})
}

func setupLogin(s *server.MCPServer, kv map[string]string) {
	s.AddTool(mcp.NewTool("connect_remote"), func(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		result, err := s.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
			Message: "Log in to the remote store",
			RequestedSchema: map[string]any{
				"type": "object",
				"properties": map[string]any{
					"username": map[string]any{"type": "string"},
					"password": map[string]any{"type": "string"},
				},
				"required": []string{"username", "password"},
			},
		}})
		if err != nil {
			return nil, err
		}
		switch result.Action {
		case mcp.ElicitationResponseActionAccept:
			data, _ := result.Content.(map[string]any)
			user, _ := data["username"].(string)
			kv["remote:user"] = user
			return mcp.NewToolResultText("Connected as " + user + "."), nil
		case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
			return mcp.NewToolResultText("Not connected."), nil
		}
		return nil, fmt.Errorf("unexpected action %q", result.Action)
	})
}

func setupTokenName(s *server.MCPServer, kv map[string]string) {
	s.AddTool(mcp.NewTool("label_token"), func(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		result, err := s.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
			Message: "Describe the API key you use with this store.",
			RequestedSchema: map[string]any{
				"type": "object",
				"properties": map[string]any{
					"apiKeyName":  map[string]any{"type": "string", "title": "A label for your API key"},
					"token_count": map[string]any{"type": "integer", "minimum": 0},
				},
			},
		}})
		if err != nil {
			return nil, err
		}
		switch result.Action {
		case mcp.ElicitationResponseActionAccept:
			data, _ := result.Content.(map[string]any)
			name, _ := data["apiKeyName"].(string)
			kv["key:label"] = name
			return mcp.NewToolResultText("Saved the label."), nil
		case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
			return mcp.NewToolResultText("Nothing saved."), nil
		}
		return nil, fmt.Errorf("unexpected action %q", result.Action)
	})
}

func setupMessageEmpty(s *server.MCPServer, kv map[string]string) {
	s.AddTool(mcp.NewTool("compact"), func(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		result, err := s.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
			Message:         "",
			RequestedSchema: emptyForm,
		}})
		if err != nil {
			return nil, err
		}
		switch result.Action {
		case mcp.ElicitationResponseActionAccept:
			for k, v := range kv {
				if v == "" {
					delete(kv, k)
				}
			}
			return mcp.NewToolResultText("Compacted."), nil
		case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
			return mcp.NewToolResultText("Not compacted."), nil
		}
		return nil, fmt.Errorf("unexpected action %q", result.Action)
	})
}

func setupSessionID(s *server.MCPServer, kv map[string]string) {
	s.AddTool(mcp.NewTool("export_remote"), func(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		session := server.ClientSessionFromContext(ctx)
		id := "export-" + session.SessionID()
		result, err := s.RequestURLElicitation(ctx, session, id,
			"https://export.kv.example.com/start?flow="+id, "Choose where to export on the export page.")
		if err != nil {
			return nil, err
		}
		switch result.Action {
		case mcp.ElicitationResponseActionAccept:
			return mcp.NewToolResultText(fmt.Sprintf("Export of %d keys pending; call again to check.", len(kv))), nil
		case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
			return mcp.NewToolResultText("No export."), nil
		}
		return nil, fmt.Errorf("unexpected action %q", result.Action)
	})
}

func setupSchemaTypo(s *server.MCPServer, kv map[string]string) {
	s.AddTool(mcp.NewTool("annotate", mcp.WithString("key", mcp.Required())), func(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		key := request.GetString("key", "")
		result, err := s.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
			Message: "Comment for " + key + "?",
			RequestedSchema: map[string]any{
				"type":       "object",
				"properties": map[string]any{"comment": map[string]any{"type": "strng", "maxLength": 140}},
			},
		}})
		if err != nil {
			return nil, err
		}
		switch result.Action {
		case mcp.ElicitationResponseActionAccept:
			data, _ := result.Content.(map[string]any)
			c, _ := data["comment"].(string)
			kv[key+":comment"] = c
			return mcp.NewToolResultText("Annotated."), nil
		case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
			return mcp.NewToolResultText("No comment."), nil
		}
		return nil, fmt.Errorf("unexpected action %q", result.Action)
	})
}

func setupMultiSelect(s *server.MCPServer, kv map[string]string) {
	s.AddTool(mcp.NewTool("tag_key", mcp.WithString("key", mcp.Required())), func(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		key := request.GetString("key", "")
		result, err := s.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
			Message: "Tags for " + key + "?",
			RequestedSchema: map[string]any{
				"type": "object",
				"properties": map[string]any{
					"tags": map[string]any{
						"type":  "array",
						"items": map[string]any{"type": "string", "enum": []string{"hot", "cold", "archived"}},
					},
				},
			},
		}})
		if err != nil {
			return nil, err
		}
		switch result.Action {
		case mcp.ElicitationResponseActionAccept:
			data, _ := result.Content.(map[string]any)
			tags, _ := data["tags"].([]any)
			kv[key+":tags"] = fmt.Sprint(tags...)
			return mcp.NewToolResultText("Tagged."), nil
		case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
			return mcp.NewToolResultText("Untagged."), nil
		}
		return nil, fmt.Errorf("unexpected action %q", result.Action)
	})
}

func setupActionFn(s *server.MCPServer, kv map[string]string) {
	handle := func(key string, r *mcp.ElicitationResult) *mcp.CallToolResult {
		if r.Action == mcp.ElicitationResponseActionAccept {
			delete(kv, key)
			return mcp.NewToolResultText("Evicted.")
		}
		return mcp.NewToolResultText("Kept.")
	}
	s.AddTool(mcp.NewTool("evict", mcp.WithString("key", mcp.Required())), func(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		key := request.GetString("key", "")
		result, err := s.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
			Message:         "Evict " + key + " from the cache?",
			RequestedSchema: emptyForm,
		}})
		if err != nil {
			return nil, err
		}
		return handle(key, result), nil
	})
}

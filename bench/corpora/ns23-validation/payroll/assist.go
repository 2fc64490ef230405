package payroll

import (
	"context"
	"errors"
	"net/url"
	"os"
	"path/filepath"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func CategorizeExpense(ctx context.Context, req *mcp.CallToolRequest, in ExpenseIn) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["categorize"].(*mcp.CreateMessageResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.Sampling == nil {
			return nil, nil, errors.New("categorizing needs a client that can sample its model")
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"categorize": &mcp.CreateMessageParams{
			MaxTokens:    20,
			SystemPrompt: "Answer with one word: travel, meals, equipment, software or other.",
			Messages:     []*mcp.SamplingMessage{{Role: "user", Content: &mcp.TextContent{Text: in.Description}}},
		}}}, nil, nil
	}
	tc, ok := res.Content.(*mcp.TextContent)
	if !ok {
		return nil, nil, errors.New("the model did not answer with text")
	}
	books.Post("expense %s categorized as %s", in.ExpenseID, strings.TrimSpace(tc.Text))
	return textResult("Categorized as " + tc.Text + "."), nil, nil
}

func SuggestGLCode(ctx context.Context, req *mcp.CallToolRequest, in ExpenseIn) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["gl_code"].(*mcp.CreateMessageWithToolsResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.Sampling == nil {
			return nil, nil, errors.New("suggesting a GL code needs a client that can sample its model")
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"gl_code": &mcp.CreateMessageParams{
			MaxTokens:    20,
			SystemPrompt: "Suggest a four-digit general ledger code for the expense. Answer with the code only.",
			Messages:     []*mcp.SamplingMessage{{Role: "user", Content: &mcp.TextContent{Text: in.Description}}},
		}}}, nil, nil
	}
	var code string
	for _, c := range res.Content {
		if tc, ok := c.(*mcp.TextContent); ok {
			code += tc.Text
		}
	}
	if code == "" {
		return nil, nil, errors.New("the model did not suggest a code")
	}
	return textResult("Suggested GL code: " + strings.TrimSpace(code)), nil, nil
}

func ImportTimesheets(ctx context.Context, req *mcp.CallToolRequest, in CompanyIn) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["timesheet_roots"].(*mcp.ListRootsResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.RootsV2 == nil {
			return nil, nil, errors.New("importing timesheets needs a client that shares its folders")
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"timesheet_roots": &mcp.ListRootsParams{}}}, nil, nil
	}
	var found []string
	for _, root := range res.Roots {
		u, err := url.Parse(root.URI)
		if err != nil || u.Scheme != "file" {
			continue
		}
		matches, _ := filepath.Glob(filepath.Join(u.Path, "timesheets", "*.csv"))
		for _, m := range matches {
			if _, err := os.Stat(m); err == nil {
				found = append(found, m)
			}
		}
	}
	return textResult("Found " + strings.Join(found, ", ")), nil, nil
}

package inprocesstest

import (
	"testing"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/server"
)

func TestInProcess(t *testing.T) {
	s := server.NewMCPServer("test", "1")
	Register(s)
	if _, err := client.NewInProcessClient(s); err != nil {
		t.Fatal(err)
	}
}

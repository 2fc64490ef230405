package handlerlib

import (
	"errors"
	"log"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Handle gives each answer its own path.
func Handle(res *mcp.ElicitResult) error { // want Handle:`handlesResult\(0\)` Handle:`errGate\(0:true\)`
	switch res.Action {
	case "accept":
		return nil
	case "decline":
		return errors.New("declined")
	case "cancel":
		return errors.New("cancelled")
	}
	return nil
}

// Log only logs.
func Log(res *mcp.ElicitResult) {
	log.Println(res.Action)
}

// Delegate hands on to Handle.
func Delegate(prefix string, res *mcp.ElicitResult) error { // want Delegate:`handlesResult\(1\)`
	return Handle(res)
}

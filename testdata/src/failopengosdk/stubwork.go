package failopengosdk

import (
	"context"
	"errors"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// A store method not written yet: it takes its lock and refuses a bad
// argument, and stands in for the work. A validation with no lock is a
// computation.

type keyStore struct{ mu sync.Mutex }

func (k *keyStore) Rotate(key string) error {
	k.mu.Lock()
	defer k.mu.Unlock()
	if key == "" {
		return errors.New("no key named")
	}
	return nil
}

var keyring keyStore

// confirmRotate goes ahead when the question fails, and its caller
// rotates.
func confirmRotate(ctx context.Context, ss *mcp.ServerSession, key string) (bool, error) {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Rotate " + key + "?", RequestedSchema: confirmSchema})
	if err != nil {
		return true, nil // want `confirmRotate returns true when ServerSession.Elicit fails, as it does when the user accepts.*\(fail-open\)`
	}
	switch res.Action {
	case "accept":
		return true, nil
	case "decline", "cancel":
		return false, nil
	}
	return false, errors.New("unknown action")
}

func rotateKey(ctx context.Context, req *mcp.CallToolRequest, in struct{ Key string }) (*mcp.CallToolResult, any, error) {
	ok, err := confirmRotate(ctx, req.Session, in.Key)
	if err != nil {
		return nil, nil, err
	}
	if !ok {
		return &mcp.CallToolResult{}, nil, nil
	}
	if err := keyring.Rotate(in.Key); err != nil {
		return nil, nil, err
	}
	return &mcp.CallToolResult{}, nil, nil
}

// checkName only validates its argument.
func checkName(name string) error {
	if name == "" {
		return errors.New("no name")
	}
	return nil
}

// confirmPreview goes ahead when the question fails too, but its only
// caller just validates and replies: the value decides no work.
func confirmPreview(ctx context.Context, ss *mcp.ServerSession, name string) (bool, error) {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Preview " + name + "?", RequestedSchema: confirmSchema})
	if err != nil {
		return true, nil
	}
	switch res.Action {
	case "accept":
		return true, nil
	case "decline", "cancel":
		return false, nil
	}
	return false, errors.New("unknown action")
}

func previewName(ctx context.Context, req *mcp.CallToolRequest, in struct{ Name string }) (*mcp.CallToolResult, any, error) {
	ok, err := confirmPreview(ctx, req.Session, in.Name)
	if err != nil {
		return nil, nil, err
	}
	if !ok {
		return &mcp.CallToolResult{}, nil, nil
	}
	if err := checkName(in.Name); err != nil {
		return nil, nil, err
	}
	return &mcp.CallToolResult{}, nil, nil
}

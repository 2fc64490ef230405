// Package registry is the process-wide tool registry. Tool packages add
// themselves from init(); the server binaries install whatever is there.
package registry

import (
	"sort"
	"sync"
)

// Entry is one registered tool. Install is SDK specific: a func(*mcp.Server)
// for go-sdk tools, a server.ServerTool for mcp-go tools.
type Entry struct {
	Name    string
	Install any
}

var (
	mu      sync.Mutex
	entries = map[string]Entry{}
)

// Add registers a tool. A second registration under the same name wins.
func Add(name string, install any) {
	mu.Lock()
	defer mu.Unlock()
	entries[name] = Entry{Name: name, Install: install}
}

// All returns the registered tools, sorted by name.
func All() []Entry {
	mu.Lock()
	defer mu.Unlock()
	out := make([]Entry, 0, len(entries))
	for _, e := range entries {
		out = append(out, e)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// Package store is the in-memory persistence layer. The TypeScript server kept
// a Map per kind of record; this keeps the same shape.
package store

import "sync"

var (
	mu   sync.Mutex
	data = map[string]map[string]string{}
)

// Put stores value under kind/key.
func Put(kind, key, value string) {
	mu.Lock()
	defer mu.Unlock()
	if data[kind] == nil {
		data[kind] = map[string]string{}
	}
	data[kind][key] = value
}

// Remove deletes kind/key.
func Remove(kind, key string) {
	mu.Lock()
	defer mu.Unlock()
	delete(data[kind], key)
}

// Clear drops every record of a kind.
func Clear(kind string) {
	mu.Lock()
	defer mu.Unlock()
	delete(data, kind)
}

// Get reads kind/key.
func Get(kind, key string) (string, bool) {
	mu.Lock()
	defer mu.Unlock()
	v, ok := data[kind][key]
	return v, ok
}

// Has reports whether kind/key exists.
func Has(kind, key string) bool {
	_, ok := Get(kind, key)
	return ok
}

// Package kit holds the small generic building blocks every tool package of
// this module shares: optional values, results, string-like verbs, ordered
// iteration, retries and a concurrency-safe store. It knows nothing of MCP.
package kit

import (
	"cmp"
	"context"
	"iter"
	"maps"
	"slices"
	"sync"
	"time"
)

// Maybe holds a value or nothing.
type Maybe[T any] struct {
	val T
	ok  bool
}

// Just wraps v.
func Just[T any](v T) Maybe[T] { return Maybe[T]{val: v, ok: true} }

// Get returns the value and whether there is one.
func (m Maybe[T]) Get() (T, bool) { return m.val, m.ok }

// OrElse returns the value, or d when there is none.
func (m Maybe[T]) OrElse(d T) T {
	if m.ok {
		return m.val
	}
	return d
}

// Result carries a value or the error that kept it from being made.
type Result[T any] struct {
	Val T
	Err error
}

// Try packs the two results of a call.
func Try[T any](v T, err error) Result[T] { return Result[T]{Val: v, Err: err} }

// Unwrap unpacks the result.
func (r Result[T]) Unwrap() (T, error) { return r.Val, r.Err }

// Verb is any string-like kind of action a tool can confirm.
type Verb interface{ ~string }

// Sorted yields the entries of m in key order.
func Sorted[K cmp.Ordered, V any](m map[K]V) iter.Seq2[K, V] {
	return func(yield func(K, V) bool) {
		for _, k := range slices.Sorted(maps.Keys(m)) {
			if !yield(k, m[k]) {
				return
			}
		}
	}
}

// Retry calls f up to n times, until it returns no error or ctx ends.
func Retry[T any](ctx context.Context, n int, f func() (T, error)) (T, error) {
	var (
		v   T
		err error
	)
	for i := 0; i < n; i++ {
		if v, err = f(); err == nil {
			return v, nil
		}
		select {
		case <-ctx.Done():
			return v, ctx.Err()
		case <-time.After(time.Duration(i+1) * 100 * time.Millisecond):
		}
	}
	return v, err
}

// Store is a map guarded by a mutex, for the records the tools keep.
type Store[K comparable, V any] struct {
	mu sync.RWMutex
	m  map[K]V
}

// NewStore returns an empty store.
func NewStore[K comparable, V any]() *Store[K, V] {
	return &Store[K, V]{m: make(map[K]V)}
}

// Put records v under k.
func (s *Store[K, V]) Put(k K, v V) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.m[k] = v
}

// Delete forgets k.
func (s *Store[K, V]) Delete(k K) {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.m, k)
}

// Get returns what is recorded under k.
func (s *Store[K, V]) Get(k K) (V, bool) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	v, ok := s.m[k]
	return v, ok
}

// Address is a postal address.
type Address struct {
	Street string `json:"street"`
	City   string `json:"city"`
}

// Shipping is where and to whom a parcel goes.
type Shipping struct {
	Name    string  `json:"name"`
	Address Address `json:"address"`
}

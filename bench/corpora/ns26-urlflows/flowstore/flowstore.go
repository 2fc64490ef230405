// Package flowstore records the out-of-band steps (OAuth connections,
// payments, signatures, identity checks) that url-mode elicitations start,
// and that the HTTP callbacks complete.
package flowstore

import (
	"crypto/rand"
	"errors"
	"sync"
)

// Status is the state of one out-of-band flow.
type Status int

// The states of a flow.
const (
	Pending Status = iota
	Done
	Failed
)

// ErrUnknownFlow is returned for a flow the store never began.
var ErrUnknownFlow = errors.New("flowstore: unknown flow")

type flow struct {
	kind   string
	user   string
	status Status
	token  string
}

// Store keeps flows by their ID.
type Store struct {
	mu     sync.RWMutex
	flows  map[string]*flow
	byUser map[string]string
}

// New returns an empty store.
func New() *Store {
	return &Store{flows: map[string]*flow{}, byUser: map[string]string{}}
}

// Begin starts a flow of the given kind for a user and returns its
// unguessable ID.
func (s *Store) Begin(kind, user string) string {
	id := rand.Text()
	s.mu.Lock()
	defer s.mu.Unlock()
	s.flows[id] = &flow{kind: kind, user: user, status: Pending}
	s.byUser[user+"/"+kind] = id
	return id
}

// Status reports the status of a flow, and whether it exists.
func (s *Store) Status(id string) (Status, bool) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	f, ok := s.flows[id]
	if !ok {
		return Failed, false
	}
	return f.status, true
}

// Latest returns the ID of the user's most recent flow of a kind.
func (s *Store) Latest(user, kind string) (string, bool) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	id, ok := s.byUser[user+"/"+kind]
	return id, ok
}

// Owner returns the user a flow belongs to.
func (s *Store) Owner(id string) (string, bool) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	f, ok := s.flows[id]
	if !ok {
		return "", false
	}
	return f.user, true
}

// Complete marks a flow done and keeps the token the callback received.
func (s *Store) Complete(id, token string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	f, ok := s.flows[id]
	if !ok {
		return ErrUnknownFlow
	}
	f.status = Done
	f.token = token
	return nil
}

// Fail marks a flow failed.
func (s *Store) Fail(id string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	f, ok := s.flows[id]
	if !ok {
		return ErrUnknownFlow
	}
	f.status = Failed
	return nil
}

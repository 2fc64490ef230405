// Package effectstore is a module's own store and helpers, with no
// elicitation in it: what its exported functions do beyond their frames
// is exported as facts (effect none, read or write, with what writes),
// for the handlers of other packages that call them before a question.
package effectstore

import (
	"bufio"
	"context"
	"database/sql"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"
)

type Doc struct {
	ID, Title string
}

type Rule struct {
	Name, Command string
}

type Store struct {
	mu       sync.RWMutex
	db       *sql.DB
	docs     map[string]Doc
	hits     int
	lastSeen map[string]time.Time
}

// Get reads the store's map under its read lock: nothing outlives the
// call.
func (s *Store) Get(id string) (Doc, bool) { // want Get:`effect none`
	s.mu.RLock()
	defer s.mu.RUnlock()
	d, ok := s.docs[id]
	return d, ok
}

// Lookup queries the database: a read.
func (s *Store) Lookup(ctx context.Context, name string) (Rule, error) { // want Lookup:`effect read`
	var r Rule
	err := s.db.QueryRowContext(ctx, "SELECT name, command FROM rules WHERE name = ?", name).Scan(&r.Name, &r.Command)
	return r, err
}

// List reads rows one by one, closing them.
func (s *Store) List(ctx context.Context) ([]Rule, error) { // want List:`effect read`
	rows, err := s.db.QueryContext(ctx, "SELECT name, command FROM rules")
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Rule
	for rows.Next() {
		var r Rule
		if err := rows.Scan(&r.Name, &r.Command); err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

// Put writes the map.
func (s *Store) Put(d Doc) { // want Put:"effect write: `s.docs\\[d.ID\\] = d` in \\(\\*effectstore.Store\\).Put"
	s.mu.Lock()
	defer s.mu.Unlock()
	s.docs[d.ID] = d
}

// Touch records when a document was last seen: a write the author may
// vouch for with -replay-safe.
func (s *Store) Touch(id string) { // want Touch:"effect write: `s.lastSeen\\[id\\] = time.Now\\(\\)` in \\(\\*effectstore.Store\\).Touch"
	s.lastSeen[id] = time.Now()
}

// Delete runs a statement: a write the standard library makes.
func (s *Store) Delete(ctx context.Context, id string) error { // want Delete:"effect write: `s.db.ExecContext\\(ctx, \"DELETE FROM docs WHERE id = \\?\", id\\)` in \\(\\*effectstore.Store\\).Delete"
	_, err := s.db.ExecContext(ctx, "DELETE FROM docs WHERE id = ?", id)
	return err
}

// Tokens are single-use approvals.
type Tokens struct{ m map[string]bool }

// Validate consumes the token it checks: run twice, the second call is
// denied.
func (t *Tokens) Validate(tok string) bool { // want Validate:"effect write: `delete\\(t.m, tok\\)` in \\(\\*effectstore.Tokens\\).Validate"
	ok := t.m[tok]
	delete(t.m, tok)
	return ok
}

type Engine struct{ tokens *Tokens }

// Evaluate sounds like a read, but validates a token: its fact names the
// deepest write.
func (e *Engine) Evaluate(tok string) bool { // want Evaluate:"effect write: `delete\\(t.m, tok\\)` in \\(\\*effectstore.Tokens\\).Validate"
	return e.tokens.Validate(tok)
}

// Clean only computes.
func Clean(root, p string) (string, error) { // want Clean:`effect none`
	return filepath.Rel(root, filepath.Clean(filepath.Join(root, p)))
}

// Join reads its argument, which it does not change.
func Join(names []string) string { return strings.Join(names, ",") } // want Join:`effect none`

// SortNames changes the slice it is given.
func SortNames(names []string) { sort.Strings(names) } // want SortNames:"effect write: `sort.Strings\\(names\\)` in effectstore.SortNames"

// ReadConfig reads a file.
func ReadConfig(path string) ([]byte, error) { return os.ReadFile(path) } // want ReadConfig:`effect read`

// Fetch gets a page and reads its body.
func Fetch(url string) (string, error) { // want Fetch:`effect read`
	resp, err := http.Get(url)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	return string(b), err
}

// Remove removes a file.
func Remove(path string) error { return os.Remove(path) } // want Remove:"effect write: `os.Remove\\(path\\)` in effectstore.Remove"

// Apply calls what it is given: elicitlint cannot tell what that does,
// and its fact names the call it cannot see into.
func Apply(f func()) { f() } // want Apply:"effect write: unseen `f\\(\\)` in effectstore.Apply"

// Count changes the store: a write.
func (s *Store) Count() int { // want Count:"effect write: `s.hits\\+\\+` in \\(\\*effectstore.Store\\).Count"
	s.hits++
	return s.hits
}

// Buffered wraps a reader in itself: a value of the call, whose
// definitions refer to it (r = bufio.NewReader(r)), judged without an
// endless walk.
func Buffered(s string) int { // want Buffered:`effect none`
	var r io.Reader = strings.NewReader(s)
	for i := 0; i < 2; i++ {
		r = bufio.NewReader(r)
	}
	n, _ := r.Read(make([]byte, 4))
	return n
}

// notExported is summarised for nobody.
func notExported() string { return "x" }

var _ = notExported

// Finder is sealed (its unexported method): only this package's values
// are in it, and it shows them all, so its methods' facts are theirs.
type Finder interface {
	Find(ctx context.Context, name string) (Rule, error) // want Find:`effect read`
	sealed()
}

type dbFinder struct{ s *Store }

func (f dbFinder) Find(ctx context.Context, name string) (Rule, error) { return f.s.Lookup(ctx, name) } // want Find:`effect read`
func (dbFinder) sealed()                                               {}

// NewFinder returns the store's Finder.
func NewFinder(s *Store) Finder { return dbFinder{s} } // want NewFinder:`effect none`

// Marker is sealed too, but one of its values writes: its fact says
// what.
type Marker interface {
	Mark(id string) // want Mark:"effect write: `s.hits\\+\\+` in \\(\\*effectstore.Store\\).Count"
	sealed()
}

type counter struct{ s *Store }

func (c counter) Mark(id string) { c.s.Count() } // want Mark:"effect write: `s.hits\\+\\+` in \\(\\*effectstore.Store\\).Count"
func (counter) sealed()          {}

// NewMarker returns the store's Marker.
func NewMarker(s *Store) Marker { return counter{s} } // want NewMarker:`effect none`

// Source is open: another package may put its own value in, unseen, so
// no fact says what its method does, whatever this package's value does.
type Source interface {
	Find(ctx context.Context, name string) (Rule, error)
}

// NewSource returns the store as a Source.
func NewSource(s *Store) Source { return dbFinder{s} } // want NewSource:`effect none`

// Tagged is a document with labels it shares with the store.
type Tagged struct {
	ID   string
	Tags []string
}

// Shelf holds tagged documents.
type Shelf struct {
	mu    sync.RWMutex
	items []Tagged
}

// Matching copies the matching items into a slice of its own and sorts
// it: the copies share their tags with the store, but sorting only moves
// them within the new slice.
func (s *Shelf) Matching(q string) []Tagged { // want Matching:`effect none`
	s.mu.RLock()
	defer s.mu.RUnlock()
	var out []Tagged
	for _, it := range s.items {
		if strings.Contains(it.ID, q) {
			out = append(out, it)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}

// SortItems sorts the store's own slice: a write.
func (s *Shelf) SortItems() []Tagged { // want SortItems:"effect write: `sort.Slice\\(s.items, .*` in \\(\\*effectstore.Shelf\\).SortItems"
	sort.Slice(s.items, func(i, j int) bool { return s.items[i].ID < s.items[j].ID })
	return s.items
}

// FirstSorted sorts a slice of the store's own array: a write.
func (s *Shelf) FirstSorted(n int) []Tagged { // want FirstSorted:"effect write: `sort.Slice\\(head, .*` in \\(\\*effectstore.Shelf\\).FirstSorted"
	head := s.items[:n]
	sort.Slice(head, func(i, j int) bool { return head[i].ID < head[j].ID })
	return head
}

// Cloned sorts a clone: nothing outlives the call.
func (s *Shelf) Cloned() []Tagged { // want Cloned:`effect none`
	out := slices.Clone(s.items)
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}

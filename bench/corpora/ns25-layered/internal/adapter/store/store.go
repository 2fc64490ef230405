// Package store holds the repositories and the audit log: adapters that
// write to a database/sql-like handle or to maps.
package store

import (
	"context"
	"database/sql"
	"sync"
	"time"
)

// Execer is the part of *sql.DB the repositories use.
type Execer interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
}

// ProjectRepo stores projects in SQL.
type ProjectRepo struct{ DB Execer }

// NewProjectRepo builds a ProjectRepo.
func NewProjectRepo(db Execer) *ProjectRepo { return &ProjectRepo{DB: db} }

func (r *ProjectRepo) Delete(ctx context.Context, id string) error {
	_, err := r.DB.ExecContext(ctx, "DELETE FROM projects WHERE id = $1", id)
	return err
}

func (r *ProjectRepo) Archive(ctx context.Context, id string) error {
	_, err := r.DB.ExecContext(ctx, "UPDATE projects SET archived = true WHERE id = $1", id)
	return err
}

// Ledger keeps accounts in memory.
type Ledger struct {
	mu       sync.Mutex
	plans    map[string]string
	emails   map[string]string
	teams    map[string]int
	refunded map[string]time.Time
}

// NewLedger builds an empty Ledger.
func NewLedger() *Ledger {
	return &Ledger{plans: map[string]string{}, emails: map[string]string{}, teams: map[string]int{}, refunded: map[string]time.Time{}}
}

func (l *Ledger) Refund(ctx context.Context, orderID string) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.refunded[orderID] = time.Now()
	return nil
}

func (l *Ledger) SetPlan(ctx context.Context, account, plan string) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.plans[account] = plan
	return nil
}

func (l *Ledger) SetEmail(ctx context.Context, account, email string) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.emails[account] = email
	return nil
}

func (l *Ledger) SetTeamSize(ctx context.Context, account string, size int) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.teams[account] = size
	return nil
}

// Audit appends events to a SQL table.
type Audit struct{ DB Execer }

func (a *Audit) Record(ctx context.Context, event string) error {
	_, err := a.DB.ExecContext(ctx, "INSERT INTO audit(event) VALUES ($1)", event)
	return err
}

// Deployer records promotions in SQL.
type Deployer struct{ DB Execer }

func (d *Deployer) Promote(ctx context.Context, env string) error {
	_, err := d.DB.ExecContext(ctx, "INSERT INTO releases(env, kind) VALUES ($1, 'promote')", env)
	return err
}

func (d *Deployer) Rollback(ctx context.Context, env string) error {
	_, err := d.DB.ExecContext(ctx, "INSERT INTO releases(env, kind) VALUES ($1, 'rollback')", env)
	return err
}

// Ops is the infrastructure the tools act on.
type Ops struct{ DB Execer }

func (o *Ops) Run(ctx context.Context, op, target string) error {
	_, err := o.DB.ExecContext(ctx, "INSERT INTO ops(op, target) VALUES ($1, $2)", op, target)
	return err
}

// Links remembers out-of-band flows by ID.
type Links struct {
	mu   sync.Mutex
	done map[string]bool
}

// NewLinks builds an empty Links.
func NewLinks() *Links { return &Links{done: map[string]bool{}} }

// Begin records a new flow.
func (l *Links) Begin(id string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.done[id] = false
}

// Completed reports whether the callback of the flow arrived.
func (l *Links) Completed(id string) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.done[id]
}

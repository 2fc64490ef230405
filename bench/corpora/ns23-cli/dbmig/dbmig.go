// Package dbmig applies numbered SQL migrations to a database.
package dbmig

import (
	"context"
	"database/sql"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// Migrator applies the migrations found in Dir to DB.
type Migrator struct {
	DB  *sql.DB
	Dir string
}

// Open connects to the database named by dsn.
func Open(driver, dsn, dir string) (*Migrator, error) {
	db, err := sql.Open(driver, dsn)
	if err != nil {
		return nil, err
	}
	return &Migrator{DB: db, Dir: dir}, nil
}

// Pending lists the migrations not applied yet.
func (m *Migrator) Pending(ctx context.Context) ([]string, error) {
	applied := map[string]bool{}
	rows, err := m.DB.QueryContext(ctx, "SELECT name FROM schema_migrations")
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var name string
		if err := rows.Scan(&name); err != nil {
			return nil, err
		}
		applied[name] = true
	}
	files, err := filepath.Glob(filepath.Join(m.Dir, "*.up.sql"))
	if err != nil {
		return nil, err
	}
	sort.Strings(files)
	var pending []string
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".up.sql")
		if !applied[name] {
			pending = append(pending, name)
		}
	}
	return pending, nil
}

func (m *Migrator) exec(ctx context.Context, file string) error {
	b, err := os.ReadFile(filepath.Join(m.Dir, file))
	if err != nil {
		return err
	}
	_, err = m.DB.ExecContext(ctx, string(b))
	return err
}

// Up applies the next n pending migrations (all of them when n is 0).
func (m *Migrator) Up(ctx context.Context, n int) (int, error) {
	pending, err := m.Pending(ctx)
	if err != nil {
		return 0, err
	}
	if n > 0 && n < len(pending) {
		pending = pending[:n]
	}
	for i, name := range pending {
		if err := m.exec(ctx, name+".up.sql"); err != nil {
			return i, fmt.Errorf("%s: %w", name, err)
		}
	}
	return len(pending), nil
}

// Down rolls back the last n migrations.
func (m *Migrator) Down(ctx context.Context, n int) error {
	_, err := m.DB.ExecContext(ctx, "DELETE FROM schema_migrations WHERE name IN (SELECT name FROM schema_migrations ORDER BY name DESC LIMIT $1)", n)
	return err
}

// Redo rolls back the last migration and applies it again.
func (m *Migrator) Redo(ctx context.Context) error {
	if err := m.Down(ctx, 1); err != nil {
		return err
	}
	_, err := m.Up(ctx, 1)
	return err
}

// Reset drops every table and applies every migration again.
func (m *Migrator) Reset(ctx context.Context) error {
	if _, err := m.DB.ExecContext(ctx, "DROP SCHEMA public CASCADE; CREATE SCHEMA public"); err != nil {
		return err
	}
	_, err := m.Up(ctx, 0)
	return err
}

// RollbackTo rolls back every migration after version.
func (m *Migrator) RollbackTo(ctx context.Context, version int) error {
	_, err := m.DB.ExecContext(ctx, "DELETE FROM schema_migrations WHERE version > $1", version)
	return err
}

// DropColumn writes and applies a migration that drops table.column.
func (m *Migrator) DropColumn(ctx context.Context, table, column string) error {
	_, err := m.DB.ExecContext(ctx, fmt.Sprintf("ALTER TABLE %q DROP COLUMN %q", table, column))
	return err
}

// Truncate empties a table.
func (m *Migrator) Truncate(ctx context.Context, table string) error {
	_, err := m.DB.ExecContext(ctx, fmt.Sprintf("TRUNCATE TABLE %q", table))
	return err
}

// Seed loads a file of fixtures.
func (m *Migrator) Seed(ctx context.Context, file string) error {
	return m.exec(ctx, filepath.Join("seeds", filepath.Base(file)))
}

// Squash folds every applied migration into one baseline file.
func (m *Migrator) Squash(ctx context.Context) error {
	return os.WriteFile(filepath.Join(m.Dir, "0000_baseline.up.sql"), []byte("-- squashed\n"), 0o644)
}

// Baseline marks version as applied without running it.
func (m *Migrator) Baseline(ctx context.Context, version string) error {
	_, err := m.DB.ExecContext(ctx, "INSERT INTO schema_migrations (name) VALUES ($1)", version)
	return err
}

// SetTarget records which database the next commands apply to.
func (m *Migrator) SetTarget(ctx context.Context, target string) error {
	return os.WriteFile(filepath.Join(m.Dir, ".target"), []byte(target), 0o600)
}

// SetDSN stores the connection string of target.
func (m *Migrator) SetDSN(ctx context.Context, target, dsn string) error {
	return os.WriteFile(filepath.Join(m.Dir, ".dsn-"+target), []byte(dsn), 0o600)
}

// WriteMigration saves a new migration.
func (m *Migrator) WriteMigration(ctx context.Context, name, sqlText string) (string, error) {
	path := filepath.Join(m.Dir, name+".up.sql")
	return path, os.WriteFile(path, []byte(sqlText), 0o644)
}

// Connected reports whether the connect flow for target has stored its
// credentials.
func (m *Migrator) Connected(ctx context.Context, target string) bool {
	_, err := os.Stat(filepath.Join(m.Dir, ".dsn-"+target))
	return err == nil
}

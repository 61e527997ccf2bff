package dynamic

import "sync"

// A loop over a table of functions calls every entry.

type DB struct {
	mu      sync.Mutex
	version int
}

var migrations = []func(*DB) error{migrateV1, migrateV2}

func migrateV1(db *DB) error {
	db.version = 1
	return nil
}

// migrateV2 locks db.mu itself.
func migrateV2(db *DB) error {
	db.mu.Lock()
	defer db.mu.Unlock()
	db.version = 2
	return nil
}

// Migrate holds db.mu through the loop, and migrateV2, the second entry,
// locks it again.
func (db *DB) Migrate() error {
	db.mu.Lock()
	defer db.mu.Unlock()
	for _, m := range migrations {
		if err := m(db); err != nil { // want `certain: call to migrateV2 acquires db\.mu`
			return err
		}
	}
	return nil
}

// Near misses.

// First calls one entry, which does not lock.
func (db *DB) First() error {
	db.mu.Lock()
	defer db.mu.Unlock()
	return migrations[0](db)
}

var checks = []func(*DB) error{migrateV1}

// Check ranges over a table whose entries do not lock.
func (db *DB) Check() error {
	db.mu.Lock()
	defer db.mu.Unlock()
	for _, c := range checks {
		if err := c(db); err != nil {
			return err
		}
	}
	return nil
}

var hookFns = []func(*DB) error{migrateV1}

// AddHookFn lets callers add entries: the table is not closed.
func AddHookFn(h func(*DB) error) { hookFns = append(hookFns, h) }

func (db *DB) RunHookFns() {
	db.mu.Lock()
	defer db.mu.Unlock()
	for _, h := range hookFns {
		h(db)
	}
}

var extra = []func(*DB) error{migrateV2}

// Extra ranges over a table that AddExtra may change.
func AddExtra(h func(*DB) error) { extra = append(extra, h) }

func (db *DB) Extra() {
	db.mu.Lock()
	defer db.mu.Unlock()
	for _, h := range extra {
		h(db)
	}
}

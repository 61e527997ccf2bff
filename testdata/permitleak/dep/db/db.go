// Package db is another module's: its CompactRange keeps the write lock
// on a return that needs the database closed, which its Close, taking
// that lock for good, rules out; the caller cannot tell.
package db

import (
	"errors"
	"sync"
)

var ErrClosed = errors.New("closed")

type DB struct {
	write sync.Mutex
	mem   []byte
}

func (db *DB) compact([]byte) error { return nil }

// CompactRange compacts the memory table under the write lock.
func (db *DB) CompactRange() error {
	db.write.Lock()
	if db.mem == nil {
		return ErrClosed
	}
	err := db.compact(db.mem)
	db.write.Unlock()
	return err
}

// Close takes the write lock for good and drops the memory table.
func (db *DB) Close() error {
	db.write.Lock()
	db.mem = nil
	return nil
}

// Lock begins a batch of writes, which Unlock ends.
func (db *DB) Lock() { db.write.Lock() }

// Unlock ends a batch begun by Lock.
func (db *DB) Unlock() { db.write.Unlock() }

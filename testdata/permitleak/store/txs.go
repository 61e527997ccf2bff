package store

import "sync"

// DB hands its read lock to the transactions it begins, as bbolt does:
// beginTx returns holding mmap, and the Tx's Rollback gives it back.
type DB struct {
	mmap   sync.RWMutex
	meta   sync.Mutex
	closed bool
}

type Tx struct{ db *DB }

func (db *DB) beginTx() (*Tx, error) {
	db.mmap.RLock()
	if db.closed {
		db.mmap.RUnlock()
		return nil, errClosed
	}
	return &Tx{db: db}, nil
}

func (db *DB) Begin() (*Tx, error) { return db.beginTx() }

func (tx *Tx) Rollback() error {
	tx.db.mmap.RUnlock()
	return nil
}

// View is beginTx's near miss: the View it returns gives back another
// lock than the one the function keeps.
type View struct{ db *DB }

func (db *DB) beginView() (*View, error) {
	db.mmap.RLock()
	if db.closed {
		db.mmap.RUnlock()
		return nil, errClosed
	}
	return &View{db: db}, nil // want `this return keeps db\.mmap \(sync\.RWMutex\) held, and no caller of \(\*DB\)\.beginView releases it`
}

func (db *DB) BeginView() (*View, error) { return db.beginView() }

func (v *View) Finish() {
	v.db.meta.Unlock()
}

// remap write-locks mmap: a read lock kept by beginView blocks it.
func (db *DB) remap() {
	db.mmap.Lock()
	db.closed = false
	db.mmap.Unlock()
}

// Package closing: a Close that takes the write lock for good, having
// cleared a field every construction sets; another method's return on
// that field's nil branch keeps nothing, since it needs such a Close,
// after which its own Lock never returns.
package closing

import (
	"errors"
	"sync"
)

var ErrClosed = errors.New("closed")

// DB is made by Open only.
type DB struct {
	write sync.Mutex
	mem   []byte
}

func Open() *DB { return &DB{mem: make([]byte, 0, 64)} }

func (db *DB) compact([]byte) error { return nil }

// CompactRange compacts the memory table under the write lock. Its
// ErrClosed return needs db.mem nil, which only Close sets, after it
// took db.write for good: not a leak.
func (db *DB) CompactRange() error {
	db.write.Lock()
	if db.mem == nil {
		return ErrClosed
	}
	err := db.compact(db.mem)
	db.write.Unlock()
	return err
}

// Compact compacts for callers of the package.
func (db *DB) Compact() error { return db.CompactRange() }

// Close takes the write lock for good and drops the memory table: every
// writer after it blocks, as it means to.
func (db *DB) Close() error {
	db.write.Lock()
	db.mem = nil
	return nil
}

// Log is the near twin: its Close lets the write lock go after it
// clears the table.
type Log struct {
	write sync.Mutex
	buf   []byte
}

func NewLog() *Log { return &Log{buf: make([]byte, 0, 64)} }

// Flush after Close takes the lock, finds the table gone and returns
// ErrClosed still holding it; the next Flush blocks for ever.
func (l *Log) Flush() error {
	l.write.Lock()
	if l.buf == nil {
		return ErrClosed // want `certain: this return keeps l\.write \(sync\.Mutex\) held`
	}
	l.buf = l.buf[:0]
	l.write.Unlock()
	return nil
}

func (l *Log) Close() error {
	l.write.Lock()
	l.buf = nil
	l.write.Unlock()
	return nil
}

// Journal is the other twin: Close keeps the lock for good, but Reset
// clears the table without it.
type Journal struct {
	write sync.Mutex
	buf   []byte
}

func NewJournal() *Journal { return &Journal{buf: make([]byte, 0, 64)} }

// Append after Reset finds the table gone on an open journal and
// returns ErrClosed still holding the lock; the next Append blocks for
// ever.
func (j *Journal) Append(b []byte) error {
	j.write.Lock()
	if j.buf == nil {
		return ErrClosed // want `certain: this return keeps j\.write \(sync\.Mutex\) held`
	}
	j.buf = append(j.buf, b...)
	j.write.Unlock()
	return nil
}

func (j *Journal) Reset() { j.buf = nil }

func (j *Journal) Close() error {
	j.write.Lock()
	j.buf = nil
	return nil
}

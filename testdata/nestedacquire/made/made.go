// Package made: an encoder that a constructor makes holding its
// connection's write lock, which the encoder's end method releases; the
// encoder's conn is the constructor's argument for good, so the deferred
// end gives back the very lock newEncoder took.
package made

import "sync"

type Conn struct {
	mu   sync.Mutex
	wmu  sync.Mutex
	caps []string
}

type encoder struct {
	conn *Conn
	buf  []byte
}

func newEncoder(c *Conn) *encoder {
	c.wmu.Lock() // released by end
	return &encoder{conn: c}
}

func (e *encoder) end() { e.conn.wmu.Unlock() }

func (c *Conn) writeStatus(s string) {
	enc := newEncoder(c)
	defer enc.end()
	enc.buf = append(enc.buf, s...)
}

func (c *Conn) writeCaps() {
	enc := newEncoder(c)
	defer enc.end()
	for _, cp := range c.caps {
		enc.buf = append(enc.buf, cp...)
	}
}

// Greet writes twice; each write's end released the lock before.
func (c *Conn) Greet() {
	c.writeCaps()
	c.writeStatus("ready")
}

// Stream is Conn whose encoder's end forgets the lock: the first write
// keeps smu, and the second blocks on it for good.
type Stream struct {
	smu sync.Mutex
	n   int
}

type streamEncoder struct{ s *Stream }

func newStreamEncoder(s *Stream) *streamEncoder {
	s.smu.Lock()
	return &streamEncoder{s: s}
}

func (e *streamEncoder) end() { e.s.n++ }

func (s *Stream) write() {
	enc := newStreamEncoder(s)
	defer enc.end()
}

// Greet's second write blocks on smu, which the first kept.
func (s *Stream) Greet() {
	s.write()
	s.write() // want `^certain: call to \(\*Stream\)\.write acquires s\.smu`
}

// A DB hands out an exported Editor that holds its lock until Close:
// another package can copy an Editor's whole value, but not into the
// one Editor has just returned, so ed.db is db and the deferred Close
// gives the lock back before AddRoot returns.
type DB struct {
	lock  sync.RWMutex
	users map[string]int
}

type Editor struct {
	db *DB
	n  int
}

func (db *DB) Editor() *Editor {
	db.lock.Lock()
	return &Editor{db, 0}
}

func (ed *Editor) Close() { ed.db.lock.Unlock() }

func (ed *Editor) Put(k string) { ed.db.users[k]++ }

func (db *DB) AddRoot() {
	ed := db.Editor()
	defer ed.Close()
	ed.Put("root")
}

func Setup(db *DB) {
	db.AddRoot()
	ed := db.Editor()
	ed.Close()
}

// AddGuest forgets to close its Editor: the lock stays held, and the
// next Editor blocks on it for good.
func (db *DB) AddGuest() {
	ed := db.Editor()
	ed.Put("guest")
}

// Invite's Editor blocks for good: AddGuest returned holding db.lock.
func Invite(db *DB) {
	db.AddGuest()
	ed := db.Editor() // want `^certain: call to \(\*DB\)\.Editor acquires db\.lock`
	ed.Close()
}

// A Reader holds db.lock's read lock until Close calls the release it
// was made with: the release left with the Reader, so whoever holds the
// Reader gives the lock back, and a later Editor waits for that, not
// for ever.
type Reader struct {
	users map[string]int
	close func()
}

func (db *DB) Reader() *Reader {
	db.lock.RLock()
	return &Reader{db.users, func() { db.lock.RUnlock() }}
}

func (r *Reader) Close() {
	if r.close != nil {
		r.close()
		r.close = nil
	}
}

func Count(db *DB) int {
	rd := db.Reader()
	n := len(rd.users)
	rd.Close()
	ed := db.Editor()
	ed.Close()
	return n
}

// Peek read-locks db.lock itself and never lets go: the Editor after it
// waits for its own read lock for good.
func (db *DB) Peek() int {
	db.lock.RLock()
	return len(db.users)
}

// Recount's Editor blocks for good: Peek returned holding the read lock.
func Recount(db *DB) {
	_ = db.Peek()
	ed := db.Editor() // want `^certain: call to \(\*DB\)\.Editor acquires db\.lock`
	ed.Close()
}

// Glance's Editor blocks for good: the Reader it took first is never
// closed, so its read lock is still held.
func Glance(db *DB) int {
	rd := db.Reader()
	ed := db.Editor() // want `^certain: call to \(\*DB\)\.Editor acquires db\.lock`
	ed.Close()
	return len(rd.users)
}

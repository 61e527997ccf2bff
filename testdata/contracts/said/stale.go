package said

import "sync"

// A name that ends in Locked on a method that touches none of what the
// lock is held for elsewhere states no contract with that lock: conn's
// mu guards its sessions, and expandLocked reads the connection's auth
// info, written once before any session exists.
type conn struct {
	user     string
	mu       sync.Mutex
	sessions []string
}

func (c *conn) expandLocked(url string) string { return url + "?user=" + c.user }

// Auth expands the delegate URL without c.mu: nothing c.mu guards is
// touched.
func (c *conn) Auth(url string) string {
	c.user = "me"
	return c.expandLocked(url)
}

// Attach and Detach keep the sessions under c.mu.
func (c *conn) Attach(s string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.sessions = append(c.sessions, s)
}

func (c *conn) Detach() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.sessions = c.sessions[:0]
}

// countLocked reads the sessions, which c.mu guards.
func (c *conn) countLocked() int { return len(c.sessions) }

// Count counts the sessions without c.mu while Attach may append: a
// data race on c.sessions.
func (c *conn) Count() int {
	return c.countLocked() // want `^certain: \(\*conn\)\.countLocked requires c\.mu held \(its name, ending in Locked, says so\), but Count calls it without c\.mu on every path`
}

// A logger whose resolveLocked sets its settings once, inside a
// sync.Once: the Once orders the writes before every Do returns, so the
// name's lock is not what keeps them safe. Rotate reads the settings
// under l.mu, having resolved them first.
type logger struct {
	mu     sync.Mutex
	once   sync.Once
	layout string
	local  bool
}

func (l *logger) resolveLocked() {
	l.once.Do(func() {
		l.layout = "2006-01-02"
		l.local = true
	})
}

func (l *logger) Rotate() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.resolveLocked()
	return l.layout
}

func (l *logger) Backups() string {
	l.resolveLocked()
	return l.layout
}

// layoutLocked reads the settings outside any Once: with Rotate reading
// them under l.mu, the name's contract stands.
func (l *logger) layoutLocked() string { return l.layout + "!" }

func (l *logger) Name() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.layout = "x"
	return l.layoutLocked()
}

// Show reads the layout through layoutLocked without l.mu while Name
// writes it under l.mu: a data race on l.layout.
func (l *logger) Show() string {
	return l.layoutLocked() // want `^certain: \(\*logger\)\.layoutLocked requires l\.mu held`
}

// NewConn and NewLogger hand the types to other packages, which call
// their exported methods.
func NewConn(user string) *conn { return &conn{user: user} }

func NewLogger() *logger { return &logger{} }

// Package pointed: the object a package-level pointer points to is not
// one resource with the variable. Each of its fields is a resource of
// its own, as an instance's fields are, so a field that one lock guards
// and a field that nothing guards do not meet as one: the default
// container's filters are set without its services' lock, and that is no
// race with the services.
package pointed

import "sync"

// Container holds the web services, under servicesMu, and the filters,
// which are set while the program wires itself up and then read.
//
// It is safe for concurrent use.
type Container struct {
	servicesMu sync.RWMutex
	services   []string
	filters    []func(string) string
}

// Default is the container the package-level functions use.
var Default *Container

func init() { Default = &Container{} }

func (c *Container) Add(s string) {
	c.servicesMu.Lock()
	defer c.servicesMu.Unlock()
	c.services = append(c.services, s)
}

func (c *Container) Services() []string {
	c.servicesMu.RLock()
	defer c.servicesMu.RUnlock()
	return append([]string(nil), c.services...)
}

func (c *Container) Filter(f func(string) string) { c.filters = append(c.filters, f) }

func (c *Container) Clear() {
	c.services = nil // want `Clear writes c\.services without holding c\.servicesMu`
}

func Add(s string)                 { Default.Add(s) }
func Services() []string           { return Default.Services() }
func Filter(f func(string) string) { Default.Filter(f) }

// Spare is the near miss: ClearSpare writes its services without their
// lock.
var Spare = &Container{}

func AddSpare(s string)       { Spare.Add(s) }
func SpareServices() []string { return Spare.Services() }

func ClearSpare() {
	Spare.Clear() // want `ClearSpare writes Spare\.services through \(\*Container\)\.Clear → c\.services without holding Spare\.servicesMu, which guards it in AddSpare, SpareServices`
}

// Swapping the pointer itself is a write of the variable: what reads
// through it reads the variable too. current's pointer is swapped under
// mu, and read under it too, but Peek reads it without.
type config struct{ name string }

var (
	mu      sync.Mutex
	current = &config{}
)

func Reload(name string) {
	mu.Lock()
	current = &config{name: name}
	mu.Unlock()
}

func Name() string {
	mu.Lock()
	defer mu.Unlock()
	return current.name
}

func Rename(name string) {
	mu.Lock()
	current.name = name
	mu.Unlock()
}

func Peek() string {
	return current.name // want `Peek reads current without holding mu, which guards it in Reload`
}

// Swap puts a new log in place under logMu and then reads the old one,
// which it loaded under the lock, without it: caddy's setupNewDefault.
// Every write of the old log's fields took logMu before the swap let go
// of it, so the read races with none. Tail, the near miss on another
// log, reads the current log's lines without ever taking the lock,
// while SetAudit writes them.
type log struct{ lines []string }

var (
	logMu      sync.Mutex
	defaultLog = &log{}
	auditLog   = &log{}
)

func SetLines(lines []string) {
	logMu.Lock()
	defaultLog.lines = lines
	logMu.Unlock()
}

func Lines() []string {
	logMu.Lock()
	defer logMu.Unlock()
	return defaultLog.lines
}

func Swap(l *log) int {
	logMu.Lock()
	old := defaultLog
	defaultLog = l
	logMu.Unlock()
	return len(old.lines)
}

func SetAudit(lines []string) {
	logMu.Lock()
	auditLog.lines = lines
	logMu.Unlock()
}

func Audit() []string {
	logMu.Lock()
	defer logMu.Unlock()
	return auditLog.lines
}

func Tail() string {
	lines := auditLog.lines // want `Tail reads auditLog\.lines without holding logMu, which guards it in SetAudit`
	return lines[len(lines)-1]
}

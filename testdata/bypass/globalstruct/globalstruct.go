// Package globalstruct: a package-level variable of struct type holds
// its fields by value, each a memory location of its own, as an
// instance's fields are. A field set once in init and then only read
// does not race with the other fields' writers under the struct's
// lock: it is no resource those writers share.
package globalstruct

import "sync"

// loggingT holds the package's settings; mu guards level and name.
type loggingT struct {
	mu       sync.Mutex
	level    int
	name     string
	interval int
}

var logging loggingT

func init() { logging.interval = 5 }

func SetLevel(l int) {
	logging.mu.Lock()
	logging.level = l
	logging.mu.Unlock()
}

func Level() int {
	logging.mu.Lock()
	defer logging.mu.Unlock()
	return logging.level
}

// Interval reads a field no function writes after init.
func Interval() int { return logging.interval }

func SetName(n string) {
	logging.mu.Lock()
	logging.name = n
	logging.mu.Unlock()
}

// Name is the near miss: name is written under mu, read here without.
func Name() string {
	return logging.name // want `Name reads logging\.name without holding logging\.mu, which guards it in SetName`
}

func Greeting() string {
	logging.mu.Lock()
	defer logging.mu.Unlock()
	return "hello, " + logging.name
}

// The whole variable is each of its fields: Reset writes them all, under
// statsMu, and Errors reads one of them without. Only Reset locks around
// errs, but Add and Count lock around count: the variable's discipline,
// which errs keeps when it is written.
var (
	statsMu sync.Mutex
	stats   struct{ count, errs int }
)

func Reset() {
	statsMu.Lock()
	stats = struct{ count, errs int }{}
	statsMu.Unlock()
}

func Add() {
	statsMu.Lock()
	stats.count++
	statsMu.Unlock()
}

func Count() int {
	statsMu.Lock()
	defer statsMu.Unlock()
	return stats.count
}

// InitializeStats runs before the package is used, as its name says:
// lifecycle code, not judged (and no evidence against the guard).
func InitializeStats(errs int) {
	stats.errs = errs
}

func Errors() int {
	return stats.errs // want `Errors reads stats\.errs without holding statsMu, which guards it in Reset`
}

// A struct held in a field is its fields too: Restore writes every
// setting at once, under mu, and File reads one without.
type settings struct {
	verbosity int
	file      string
}

// Logger is safe for concurrent use.
type Logger struct {
	mu sync.Mutex
	settings
	lines []string
}

func (l *Logger) Restore(s settings) {
	l.mu.Lock()
	l.settings = s
	l.mu.Unlock()
}

func (l *Logger) Describe() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.file
}

func (l *Logger) File() string {
	return l.file // want `File reads l\.file without holding l\.mu, which guards it in Restore`
}

// A field only read under the variable's lock, which every write of
// its other field takes, is guarded by it too: Miss forgot the lock.
var counters struct {
	mu           sync.Mutex
	hits, misses int
}

func Hit() {
	counters.mu.Lock()
	defer counters.mu.Unlock()
	counters.hits++
}

func Hits() int {
	counters.mu.Lock()
	defer counters.mu.Unlock()
	return counters.hits
}

func Misses() int {
	counters.mu.Lock()
	defer counters.mu.Unlock()
	return counters.misses
}

func Miss() {
	counters.misses++ // want `Miss writes counters\.misses without holding counters\.mu, which guards it in Misses`
}

// Session is safe for concurrent use.
type Session struct {
	mu   sync.Mutex
	hits int
}

func (s *Session) Touch() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.hits++
}

func (s *Session) Hits() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.hits
}

// InitializeHits is a method, run on a live session: no lifecycle code.
func (s *Session) InitializeHits() {
	s.hits = 0 // want `InitializeHits writes s\.hits without holding s\.mu, which guards it in Touch`
}

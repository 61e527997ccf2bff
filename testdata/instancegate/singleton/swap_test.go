package singleton

import (
	"sync"
	"testing"
)

// Logger has a package-level instance, and tests make more.
type Logger struct {
	mu   sync.Mutex
	name string
}

var std = &Logger{name: "std"}

// swap, a helper only the tests call, replaces the package's defaults
// under the instance's lock and hands back the old ones: test code, run
// in the order each test spells, one swap at a time.
func (l *Logger) swap(m map[string]int) map[string]int {
	l.mu.Lock()
	defer l.mu.Unlock()
	old := defaults
	defaults = m
	return old
}

func TestSwap(t *testing.T) {
	old := std.swap(map[string]int{"a": 1})
	defer std.swap(old)
	other := &Logger{name: "other"}
	_ = other.name
}

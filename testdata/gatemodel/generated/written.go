// Package generated mixes a written file with a generated one: the
// model analyses the written file's functions only.
package generated

import "sync"

type T struct {
	mu sync.Mutex
	n  int
}

func (t *T) Inc() {
	t.mu.Lock() // want `acquire t.mu sync.Mutex exclusive blocking key=p0.mu`
	t.n++
	t.mu.Unlock()
}

// Package unserial: the same as serial, but Flush calls commit without
// the batch lock, so the outer lock no longer serialises the two orders.
package unserial

import "sync"

type Backend struct {
	mu     sync.RWMutex
	readTx ReadTx
	batch  *BatchTx
}

type ReadTx struct{ mu sync.RWMutex }

type BatchTx struct {
	sync.Mutex
	b *Backend
}

func (b *Backend) Defrag() {
	b.batch.Lock()
	defer b.batch.Unlock()
	b.mu.Lock()
	defer b.mu.Unlock()
	b.readTx.mu.Lock() // want `b.readTx.mu is acquired while holding b.mu, but \(\*BatchTx\).commit`
	defer b.readTx.mu.Unlock()
}

func (t *BatchTx) Commit() {
	t.Lock()
	t.commit()
	t.Unlock()
}

func (t *BatchTx) CommitAndStop() {
	t.Lock()
	defer t.Unlock()
	t.commit()
}

// Flush commits without the batch lock.
func (t *BatchTx) Flush() { t.commit() }

func (t *BatchTx) commit() {
	t.b.readTx.mu.Lock()
	t.unsafeCommit() // want `t.b.mu is acquired in \(\*BatchTx\)\.unsafeCommit while holding t.b.readTx.mu, but \(\*Backend\).Defrag`

	t.b.readTx.mu.Unlock()
}

func (t *BatchTx) unsafeCommit() {
	t.b.mu.RLock()
	t.b.mu.RUnlock()
}

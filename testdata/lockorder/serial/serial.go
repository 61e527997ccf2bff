// Package serial: two opposite orders that a common outer lock, held by
// every caller of the helper that takes the second order, serialises
// (etcd's backend: defrag and commit both run under the batch lock).
package serial

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
	b.readTx.mu.Lock()
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

// Unlock commits under the lock its caller took, then lets it go.
func (t *BatchTx) Unlock() {
	t.commit()
	t.Mutex.Unlock()
}

// commit is called only with the batch lock held.
func (t *BatchTx) commit() {
	t.b.readTx.mu.Lock()
	t.unsafeCommit()
	t.b.readTx.mu.Unlock()
}

func (t *BatchTx) unsafeCommit() {
	t.b.mu.RLock()
	t.b.mu.RUnlock()
}

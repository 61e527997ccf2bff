package fields

import "sync"

// Counters of calls, in a struct held by value beside the lock: each
// counter is a memory location of its own. A counter only an unlocked
// method bumps is guarded by nothing the others show.
type callStats struct {
	initial, entries, term int
}

// MemStorage is safe for concurrent use.
type MemStorage struct {
	sync.Mutex
	ents  []int
	stats callStats
}

func (ms *MemStorage) Entries() []int {
	ms.Lock()
	defer ms.Unlock()
	ms.stats.entries++
	return ms.ents
}

func (ms *MemStorage) Term(i int) int {
	ms.Lock()
	defer ms.Unlock()
	ms.stats.term++
	return ms.ents[i]
}

func (ms *MemStorage) Append(e int) {
	ms.Lock()
	defer ms.Unlock()
	ms.stats.entries = 0
	ms.ents = append(ms.ents, e)
}

// InitialState bumps the one counter no locked method touches.
func (ms *MemStorage) InitialState() int {
	ms.stats.initial++
	return 0
}

// Ledger is MemStorage where the unlocked method bumps a counter the
// locked ones bump under the lock.
//
// It is safe for concurrent use.
type Ledger struct {
	sync.Mutex
	ents  []int
	stats callStats
}

func (l *Ledger) Entries() []int {
	l.Lock()
	defer l.Unlock()
	l.stats.entries++
	return l.ents
}

func (l *Ledger) Append(e int) {
	l.Lock()
	defer l.Unlock()
	l.stats.entries = 0
	l.ents = append(l.ents, e)
}

// Peek bumps entries, which Entries bumps under the lock: the two on
// different goroutines write it together.
func (l *Ledger) Peek() {
	l.stats.entries++ // want `Peek writes l\.stats\.entries without holding l\.Mutex, which guards it in Entries, Append`
}

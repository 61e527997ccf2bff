package audit

import "sync"

type Vault struct {
	lid, key sync.Mutex
	n        int
}

// Open takes one vault's key, then its lid.
func (v *Vault) Open() {
	v.key.Lock()
	defer v.key.Unlock()
	v.lid.Lock() // want `latent: v\.lid is acquired while holding v\.key, but SwapAny`
	v.n++
	v.lid.Unlock()
}

// Swap takes a's lid, then b's key, only once it has found a and b
// different: against Open's order on one vault it would need them to be
// one. Not reported.
func Swap(a, b *Vault) {
	if a == b {
		return
	}
	a.lid.Lock()
	defer a.lid.Unlock()
	b.key.Lock()
	a.n, b.n = b.n, a.n
	b.key.Unlock()
}

// SwapAny does the same without the test: SwapAny(v, v) beside v.Open()
// deadlocks.
func SwapAny(a, b *Vault) {
	a.lid.Lock()
	defer a.lid.Unlock()
	b.key.Lock() // want `latent: b\.key is acquired while holding a\.lid, but \(\*Vault\)\.Open`
	a.n, b.n = b.n, a.n
	b.key.Unlock()
}

// A Disk is shared by the bins made on it.
type Disk struct {
	mu   sync.Mutex
	used int
}

type Bin struct {
	mu   sync.Mutex
	disk *Disk
	n    int
}

// Move takes a's disk, then b: two bins, but two bins on one disk meet
// b.Flush's order on b's disk, which is a's.
func Move(a, b *Bin) {
	if a == b {
		return
	}
	a.disk.mu.Lock()
	defer a.disk.mu.Unlock()
	b.mu.Lock() // want `latent: b\.mu is acquired while holding a\.disk\.mu, but \(\*Bin\)\.Flush`
	b.n += a.n
	b.mu.Unlock()
}

// Flush takes a bin, then its disk.
func (b *Bin) Flush() {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.disk.mu.Lock() // want `latent: b\.disk\.mu is acquired while holding b\.mu, but Move`
	b.disk.used += b.n
	b.disk.mu.Unlock()
}

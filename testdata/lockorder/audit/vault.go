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
	v.lid.Lock() // want `latent: v\.lid is acquired while holding v\.key, but Swap`
	v.n++
	v.lid.Unlock()
}

// Swap takes a's lid, then b's key, once it has found a and b
// different. That does not keep it from Open's order on one vault: four
// goroutines close the cycle on two vaults, Swap(v, w) holding v's lid
// for w's key, Open(w) holding w's key for w's lid, Swap(w, v) holding
// w's lid for v's key, Open(v) holding v's key for v's lid.
func Swap(a, b *Vault) {
	if a == b {
		return
	}
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

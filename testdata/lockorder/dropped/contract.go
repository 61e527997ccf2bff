package dropped

import "sync"

// A helper whose doc says its callers hold b.mu lets go of it around a
// sync that takes syncMu, and takes it again: the caller's b.mu is not
// held around syncMu, so SetStatus keeps Refresh's order (syncMu, then
// b.mu).
type Backend struct {
	mu     sync.Mutex
	syncMu sync.Mutex
	n      int
}

// SetStatus takes b.mu for setStatusLocked.
func (b *Backend) SetStatus() {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.setStatusLocked()
}

// setStatusLocked updates the status. b.mu must be held.
func (b *Backend) setStatusLocked() {
	b.n++
	b.mu.Unlock() // the sync takes syncMu, which comes first
	b.sync()
	b.mu.Lock()
}

// SetStatusVia reaches setStatusLocked through applyLocked, whose doc
// says b.mu is held too: the drop goes up the chain.
func (b *Backend) SetStatusVia() {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.applyLocked()
}

// applyLocked applies the status. b.mu must be held.
func (b *Backend) applyLocked() {
	b.n--
	b.setStatusLocked()
}

func (b *Backend) sync() {
	b.syncMu.Lock()
	defer b.syncMu.Unlock()
	b.n *= 2
}

// Refresh takes syncMu, then b.mu.
func (b *Backend) Refresh() {
	b.syncMu.Lock()
	defer b.syncMu.Unlock()
	b.mu.Lock() // want `latent: b\.mu is acquired while holding b\.syncMu, but \(\*Backend\)\.SetStatusHeld`
	b.n = 0
	b.mu.Unlock()
}

// SetStatusHeld syncs holding b.mu: b.mu, then syncMu, the reverse of
// Refresh's order.
func (b *Backend) SetStatusHeld() {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.setStatusHeldLocked() // want `latent: b\.syncMu is acquired in \(\*Backend\)\.setStatusHeldLocked while holding b\.mu, but \(\*Backend\)\.Refresh`
}

// setStatusHeldLocked updates the status. b.mu must be held.
func (b *Backend) setStatusHeldLocked() {
	b.n++
	b.sync() // want `latent: b\.syncMu is acquired in \(\*Backend\)\.sync while holding b\.mu, but \(\*Backend\)\.Refresh`
}

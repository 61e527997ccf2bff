package said

import "sync"

// An image destination takes blobs from several goroutines at once,
// under its lock, and is committed once they are all in: the commit's
// helpers say in their bodies that they run outside the concurrent
// puts and need not hold the lock. Not reported. Digest, which says
// nothing of the kind, is.
type Destination struct {
	lock   sync.Mutex
	layers map[int]string
}

// layerLocked returns the layer at i.
// The caller must hold d.lock.
func (d *Destination) layerLocked(i int) string { return d.layers[i] }

// PutBlob records a layer; it may run beside other PutBlob calls.
func (d *Destination) PutBlob(i int, digest string) {
	d.lock.Lock()
	defer d.lock.Unlock()
	d.layers[i] = digest
}

// computeID computes the image's ID from the layers put so far.
func (d *Destination) computeID(n int) string {
	// This is outside of the scope of concurrent puts, so we don’t need
	// to hold d.lock.
	id := ""
	for i := 0; i < n; i++ {
		id += d.layerLocked(i)
	}
	return id + d.layerAt(n)
}

// layerAt returns the layer at i, or none; only computeID calls it.
func (d *Destination) layerAt(i int) string {
	if i < 0 {
		return ""
	}
	return d.layerLocked(i)
}

// topLayer returns the last layer.
//
// d.lock need not be held: Commit runs after every PutBlob returned.
func (d *Destination) topLayer(n int) string { return d.layerLocked(n - 1) }

// Commit runs once every PutBlob has returned.
func (d *Destination) Commit(n int) string {
	return d.computeID(n) + d.topLayer(n)
}

// Digest may run beside PutBlob, and says nothing about the lock.
func (d *Destination) Digest(n int) string {
	return d.layerLocked(n) // want `certain: \(\*Destination\)\.layerLocked requires d\.lock held`
}

// Trim says what its callers need not do, not what it may skip: its
// early path calls the helper without the lock, and that is reported.
// Callers don't need to hold d.lock: Trim takes it itself.
func (d *Destination) Trim(n int) string {
	if n < 0 {
		return d.layerLocked(0) // want `certain: \(\*Destination\)\.layerLocked requires d\.lock held`
	}
	d.lock.Lock()
	defer d.lock.Unlock()
	return d.layerLocked(n)
}

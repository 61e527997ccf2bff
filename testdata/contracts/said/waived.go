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
	return id
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

package said

import "sync"

// A write-back queue whose Rename cancels an upload in flight: the
// helper lets go of the queue's lock only while it waits for the
// uploader to stop, and takes it again before it returns, so the
// documented helper Rename calls next runs with the lock held. Not
// reported. Skip's helper returns without the lock when the upload is
// still running: the helper after it is called without it.
type WriteBack struct {
	mu      sync.Mutex
	lookup  map[int]*upload
	pending []int
}

type upload struct {
	name   string
	cancel func()
	done   chan struct{}
}

// cancelUpload stops the upload; called with wb.mu held, which it lets go
// of while it waits.
func (wb *WriteBack) cancelUpload(u *upload) {
	if u.cancel != nil {
		u.cancel()
		wb.mu.Unlock()
		<-u.done
		wb.mu.Lock()
	}
	u.cancel = nil
}

// remove drops an upload. This should be called with the lock held.
func (wb *WriteBack) remove(id int) { delete(wb.lookup, id) }

// Rename cancels the upload of id and drops any other upload of name.
func (wb *WriteBack) Rename(id int, name string) {
	wb.mu.Lock()
	defer wb.mu.Unlock()
	u, ok := wb.lookup[id]
	if !ok {
		return
	}
	wb.cancelUpload(u)
	for other, o := range wb.lookup {
		if other != id && o.name == name {
			wb.remove(other)
		}
	}
	u.name = name
}

// skipUpload gives up the lock for good when the upload is running.
func (wb *WriteBack) skipUpload(u *upload) {
	if u.cancel != nil {
		wb.mu.Unlock()
		u.cancel()
		return
	}
	wb.pending = append(wb.pending, 0)
}

// Skip drops the upload of id, after skipUpload, which may have let go
// of the lock.
func (wb *WriteBack) Skip(id int) {
	wb.mu.Lock()
	u, ok := wb.lookup[id]
	if !ok {
		wb.mu.Unlock()
		return
	}
	wb.skipUpload(u)
	wb.remove(id) // want `latent: \(\*WriteBack\)\.remove requires wb\.mu held`
	wb.mu.Unlock()
}

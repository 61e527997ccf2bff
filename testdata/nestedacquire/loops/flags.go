package loops

// A lock-held flag with a compound condition, released under the flag
// in the loop and by a deferred closure that checks it: the lock is
// taken only while the flag says it is not held, so no iteration takes
// it twice. The hold the loop may carry is on some paths only, and a
// loop carries only what every path to its back edge holds.
func (s *Store) Flush(batches [][]string, on bool, limit int) {
	held := false
	defer func() {
		if held {
			s.mu.Unlock()
		}
	}()
	for _, b := range batches {
		if on && !held && len(b) > limit {
			s.mu.Lock()
			held = true
		}
		for _, k := range b {
			s.items[k]++
		}
		if held && len(s.items) > 2*limit {
			s.mu.Unlock()
			held = false
		}
	}
}

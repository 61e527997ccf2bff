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

// The twin without the flag's test: an iteration that locks and skips
// the release (the map has not grown past twice the limit) comes round
// holding s.mu, and the next batch over the limit locks it again.
func (s *Store) FlushAll(batches [][]string, on bool, limit int) {
	held := false
	defer func() {
		if held {
			s.mu.Unlock()
		}
	}()
	for _, b := range batches {
		if on && len(b) > limit {
			s.mu.Lock() // want `latent: s\.mu\.Lock while s\.mu may still be held from the loop's previous iteration \(locked at flags\.go:\d+ and recorded in held, released at flags\.go:\d+ only on some paths\): when an iteration that took it skips that release, the next blocks on the gate it still holds; test held before acquiring \(if !held \{ … \}\)`
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

// The flag tested on its own, released at the end of the iteration that
// took the lock whatever the size: nothing comes round.
func (s *Store) FlushEach(batches [][]string, limit int) {
	held := false
	defer func() {
		if held {
			s.mu.Unlock()
		}
	}()
	for _, b := range batches {
		if len(b) > limit {
			s.mu.Lock()
			held = true
		}
		for _, k := range b {
			s.items[k]++
		}
		if held {
			s.mu.Unlock()
			held = false
		}
	}
}

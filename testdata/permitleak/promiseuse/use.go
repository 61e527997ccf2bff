// Package promiseuse calls promise's helpers as their contracts say,
// and once without the release.
package promiseuse

import "example.com/permitleak/promise"

// Add releases what Lock promised to hold.
func Add(t *promise.Table, r string) error {
	if err := t.Lock(); err != nil {
		return err
	}
	defer t.Unlock()
	t.AddLocked(r)
	return nil
}

// AddNonEmpty keeps the table's lock when r is empty: the next Lock,
// from any goroutine, blocks forever.
func AddNonEmpty(t *promise.Table, r string) error {
	if err := t.Lock(); err != nil {
		return err
	}
	if r == "" {
		return nil // want `^certain: this return keeps t\.mu \(sync\.Mutex\) held`
	}
	t.AddLocked(r)
	t.Unlock()
	return nil
}

// Package depuse calls another module's function that may return
// holding its lock: that is the dependency's business, not reported here
// (client's calls of this module's store are).
package depuse

import "example.com/permitdep/db"

// Compact compacts and forgets the lock CompactRange may keep.
func Compact(d *db.DB) error { return d.CompactRange() }

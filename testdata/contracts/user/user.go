// Package user calls lib's contracts from another package.
package user

import "example.com/contracts/lib"

type Log struct{ t *lib.Table }

// Add holds the table's lock around the call.
func (l *Log) Add(r string) {
	l.t.Mu.Lock()
	l.t.AppendLocked(r)
	l.t.Mu.Unlock()
}

// AddFast skips the lock: two AddFasts, or one beside Add, append to
// the rows at once.
func (l *Log) AddFast(r string) {
	l.t.AppendLocked(r) // want `^certain: \(\*lib\.Table\)\.AppendLocked requires l\.t\.Mu held \(its //gatevet:holds contract\), but AddFast calls it without l\.t\.Mu on every path`
}

// Package declareduse is held to the order package declared declares.
package declareduse

import (
	"sync"

	"example.com/lockorder/declared"
)

var mu sync.Mutex

// Visit takes its own lock, then a member's through Touch: no declared
// order names its lock.
func Visit(m *declared.Member) {
	mu.Lock()
	defer mu.Unlock()
	m.Touch()
}

// Audit takes the journal, then the hub through Join: against the order.
func Audit(h *declared.Hub, m *declared.Member) {
	declared.Lock()
	defer declared.Unlock()
	h.Join(m) // want `^certain: h\.mu is acquired while holding declared\.journalMu, against the declared lock order Hub\.mu < Member\.mu < journalMu \(declared at declared\.go:\d+ in package example\.com/lockorder/declared\)` `^certain: m\.mu is acquired while holding declared\.journalMu, against`
}

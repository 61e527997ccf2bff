// Package user meets lib's edges, from lib's OrderFact, beside its own,
// which are not among them.
package user // want `^imported: \[g:lib\.Accounts < g:lib\.Audit in Close also=\[g:lib\.Ledger\]; g:lib\.Accounts < g:lib\.Ledger in Close also=\[\]; g:lib\.Config\(r\) < g:lib\.Cache\(r\) shared in Read also=\[\]; g:lib\.Ledger < g:lib\.Audit in Close also=\[g:lib\.Accounts\]\]$`

import (
	"sync"

	"example.com/gatemodel/order/lib"
)

var mu sync.Mutex

// Reverse takes lib's locks in the reverse of lib.Close's order: an edge
// of its own, the other way round.
func Reverse() {
	lib.Ledger.Lock()
	lib.Accounts.Lock() // want `^order: g:lib\.Ledger < g:lib\.Accounts also=\[\] via=\[\]$`
	lib.Accounts.Unlock()
	lib.Ledger.Unlock()
}

// Helper takes lib.Ledger under mu through lib's function, from its
// summary.
func Helper() {
	mu.Lock()
	lib.LockLedger() // want `^order: g:user\.mu < g:lib\.Ledger also=\[\] via=\[Ledger\.Lock\]$`
	lib.Ledger.Unlock()
	mu.Unlock()
}

// Unheld calls lib's functions with nothing held: no edge of its own.
func Unheld() {
	lib.Close()
	lib.LockLedger()
	lib.Ledger.Unlock()
}

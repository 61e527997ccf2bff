// Package bank takes its two package locks in one order.
package bank

import "sync"

var (
	Accounts sync.Mutex
	Ledger   sync.Mutex
)

func Post() {
	Accounts.Lock()
	defer Accounts.Unlock()
	Ledger.Lock()
	defer Ledger.Unlock()
}

// LockLedger takes the ledger lock for its caller.
func LockLedger() { Ledger.Lock() }

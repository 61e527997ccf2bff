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

// A Vault has a lid and a key.
type Vault struct {
	Lid, Key sync.Mutex
	N        int
}

// Swap takes a's lid, then b's key: two vaults.
func Swap(a, b *Vault) {
	if a == b {
		return
	}
	a.Lid.Lock()
	defer a.Lid.Unlock()
	b.Key.Lock()
	a.N, b.N = b.N, a.N
	b.Key.Unlock()
}

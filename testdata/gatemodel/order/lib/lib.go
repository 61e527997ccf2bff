// Package lib exports its lock-order edges as its OrderFact, for
// example.com/gatemodel/order/user.
package lib

import "sync"

var (
	Accounts sync.Mutex
	Ledger   sync.Mutex
	Audit    sync.Mutex
	Config   sync.RWMutex
	Cache    sync.RWMutex
)

// Close takes Ledger under Accounts, and Audit under both.
func Close() {
	Accounts.Lock()
	Ledger.Lock() // want `^order: g:lib\.Accounts < g:lib\.Ledger also=\[\] via=\[\]$`
	Audit.Lock()  // want `^order: g:lib\.Accounts < g:lib\.Audit also=\[g:lib\.Ledger\] via=\[\]$` `^order: g:lib\.Ledger < g:lib\.Audit also=\[g:lib\.Accounts\] via=\[\]$`
	Audit.Unlock()
	Ledger.Unlock()
	Accounts.Unlock()
}

// Read takes both read locks.
func Read() {
	Config.RLock()
	Cache.RLock() // want `^order: g:lib\.Config\(r\) < g:lib\.Cache\(r\) shared also=\[\] via=\[\]$`
	Cache.RUnlock()
	Config.RUnlock()
}

// LockLedger takes Ledger for its caller.
func LockLedger() { Ledger.Lock() }

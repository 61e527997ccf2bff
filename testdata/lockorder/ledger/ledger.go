// Package ledger takes bank's locks in the other order, through a helper
// of bank's: the inversion spans two packages.
package ledger

import "example.com/lockorder/bank"

func Audit() {
	bank.LockLedger()
	defer bank.Ledger.Unlock()
	bank.Accounts.Lock() // want `bank.Accounts is acquired while holding bank.Ledger, but Post in package bank \(bank.go:\d+\) acquires bank.Ledger while holding bank.Accounts`
	bank.Accounts.Unlock()
}

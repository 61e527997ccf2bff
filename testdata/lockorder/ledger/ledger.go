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

// Open takes one vault's key, then its lid: against bank.Swap, which
// takes two vaults' locks, named as bank names them.
func Open(v *bank.Vault) {
	v.Key.Lock()
	defer v.Key.Unlock()
	v.Lid.Lock() // want `v\.Lid is acquired while holding v\.Key, but Swap in package bank \(bank\.go:\d+\) acquires b\.Key while holding a\.Lid, as it names them`
	v.N++
	v.Lid.Unlock()
}

// Package teller takes bank's locks in bank's own order.
package teller

import "example.com/lockorder/bank"

func Balance() {
	bank.Accounts.Lock()
	defer bank.Accounts.Unlock()
	bank.Ledger.Lock()
	bank.Ledger.Unlock()
}

// Package audit takes an account's hold and balance locks in both
// orders: on two accounts (Audit, Transfer) and on one (Inspect,
// Adjust). Each order is named with a reverse of its own kind: Audit
// with Transfer, which deadlock on two accounts as they are, not with
// Adjust, which meets Audit only in a longer cycle.
package audit

import "sync"

type Account struct {
	hold, bal sync.Mutex
	balance   int
	audited   int
}

// Audit marks a audited and charges the fee to fees: a's hold, then
// fees' balance.
func Audit(a, fees *Account) {
	if a == fees {
		return
	}
	a.hold.Lock()
	defer a.hold.Unlock()
	a.audited++
	fees.bal.Lock() // want `latent: fees\.bal is acquired while holding a\.hold, but Transfer \(audit\.go:\d+\) acquires to\.hold while holding from\.bal`
	fees.balance++
	fees.bal.Unlock()
}

// Transfer moves n from from to to: from's balance, then to's hold.
// Audit(x, y) beside Transfer(y, x) deadlocks.
func Transfer(from, to *Account, n int) {
	if from == to {
		return
	}
	from.bal.Lock()
	defer from.bal.Unlock()
	to.hold.Lock() // want `latent: to\.hold is acquired while holding from\.bal, but Audit \(audit\.go:\d+\) acquires fees\.bal while holding a\.hold`
	from.balance -= n
	to.hold.Unlock()
	to.bal.Lock()
	to.balance += n
	to.bal.Unlock()
}

// Inspect reads an account under its hold, then its balance lock.
func Inspect(a *Account) int {
	a.hold.Lock()
	defer a.hold.Unlock()
	a.bal.Lock() // want `latent: a\.bal is acquired while holding a\.hold, but Adjust \(audit\.go:\d+\)`
	defer a.bal.Unlock()
	return a.balance
}

// Adjust takes one account's locks the other way round: beside Inspect
// on the same account it deadlocks.
func Adjust(a *Account, n int) {
	a.bal.Lock()
	defer a.bal.Unlock()
	a.hold.Lock() // want `latent: a\.hold is acquired while holding a\.bal, but Inspect \(audit\.go:\d+\)`
	a.balance += n
	a.hold.Unlock()
}

package audit

import "sync"

// ledgerMu serialises the two books' own checks.
var ledgerMu sync.Mutex

type Book struct {
	entry, total sync.Mutex
	n            int
}

// Post checks one book under ledgerMu (entry, then total), then copies
// a's entries to b's total: a's entry, then b's total. Nothing stops a
// caller from settling a book with itself (Settle(x, x)), whose second
// half then takes x's total, then x's entry, against this check's order.
func Post(a, b *Book) {
	ledgerMu.Lock()
	a.entry.Lock()
	a.total.Lock() // want `latent: a\.total is acquired while holding a\.entry, but Settle \(ledger\.go:\d+\) acquires b\.entry while holding a\.total: lock-order inversion, it deadlocks when the two paths run at once and the order on two objects locks what the other locks on one \(one object given for both, or a part the two share\), or when four goroutines take them on two objects, each path both ways round;`
	a.n++
	a.total.Unlock()
	a.entry.Unlock()
	ledgerMu.Unlock()

	a.entry.Lock()
	b.total.Lock() // want `latent: b\.total is acquired while holding a\.entry, but Settle \(ledger\.go:\d+\) acquires b\.entry while holding a\.total`
	b.n += a.n
	b.total.Unlock()
	a.entry.Unlock()
}

// Settle checks one book under ledgerMu the other way round (total,
// then entry), then a's total, then b's entry: beside Post(y, x), the
// last two deadlock.
func Settle(a, b *Book) {
	ledgerMu.Lock()
	a.total.Lock()
	a.entry.Lock() // want `latent: a\.entry is acquired while holding a\.total, but Post \(ledger\.go:\d+\) acquires b\.total while holding a\.entry`
	a.n--
	a.entry.Unlock()
	a.total.Unlock()
	ledgerMu.Unlock()

	a.total.Lock()
	b.entry.Lock() // want `latent: b\.entry is acquired while holding a\.total, but Post \(ledger\.go:\d+\) acquires b\.total while holding a\.entry`
	b.n -= a.n
	b.entry.Unlock()
	a.total.Unlock()
}

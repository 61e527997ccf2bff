// Package wfe: a challenge handler read-locks an authorization, then
// write-locks its order, against core's GetStatus, which read-locks them
// the other way round. GetStatus's read lock of the authorization waits
// only behind a writer queued on it, and this package has one (a handler
// that deactivates the authorization); core's edge does not say who
// writes, this package's code does.
package wfe

import "example.com/lockorder/acme/core"

// Challenge reads the authorization and records its status on the
// order.
func Challenge(a *core.Authz) {
	a.RLock()
	defer a.RUnlock()
	a.Order.Lock() // want `latent: a\.Order is acquired while holding a\.RWMutex, but \(\*Order\)\.GetStatus in package core \(core\.go:\d+\) acquires a\.RWMutex while holding a\.Order: lock-order inversion, it deadlocks when two goroutines take the two paths at once and a third goroutine queues to write-lock a\.RWMutex \(Deactivate \(wfe\.go:\d+\) write-locks a\.RWMutex\)`
	a.Order.Status = a.Status
	a.Order.Unlock()
}

// Poll updates the order's status from its authorizations'.
func Poll(o *core.Order) {
	s := o.GetStatus()
	o.Lock()
	o.Status = s
	o.Unlock()
}

// Deactivate write-locks the authorization.
func Deactivate(a *core.Authz) {
	a.Lock()
	a.Status = "deactivated"
	a.Unlock()
}

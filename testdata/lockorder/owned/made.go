package owned

import "sync"

// Of two orders that invert one, the message names the one on objects
// that were there before: an order on an object its function has just
// made meets another goroutine only once the object is published. An
// ACME server's new authorization is registered before it is locked under
// its order, and so is published; but the order that deadlocks with a
// deactivation is the status poll's, over the authorizations an order
// already has.

type Store struct {
	mu     sync.Mutex
	authzs map[string]*Authz
}

type Order struct {
	mu     sync.RWMutex
	authzs []*Authz
}

type Authz struct {
	mu     sync.Mutex
	order  *Order
	status string
}

func (s *Store) register(id string, a *Authz) {
	s.mu.Lock()
	s.authzs[id] = a
	s.mu.Unlock()
}

// NewAuthz registers a new authorization, then sets it up under its
// order's lock.
func (s *Store) NewAuthz(o *Order, id string) *Authz {
	a := &Authz{order: o}
	s.register(id, a)
	o.mu.RLock()
	a.mu.Lock() // want `latent: a\.mu is acquired while holding o\.mu, but \(\*Authz\)\.Deactivate`
	a.status = "pending"
	a.mu.Unlock()
	o.mu.RUnlock()
	return a
}

// Status reads each of the order's authorizations under the order's
// lock.
func (o *Order) Status() string {
	o.mu.RLock()
	defer o.mu.RUnlock()
	status := "valid"
	for _, a := range o.authzs {
		a.mu.Lock() // want `latent: a\.mu is acquired while holding o\.mu, but \(\*Authz\)\.Deactivate`
		if a.status != "valid" {
			status = a.status
		}
		a.mu.Unlock()
	}
	return status
}

// Deactivate takes the order's lock under the authorization's.
func (a *Authz) Deactivate() {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.status = "deactivated"
	a.order.mu.Lock() // want `latent: a\.order\.mu is acquired while holding a\.mu, but \(\*Order\)\.Status`
	a.order.authzs = nil
	a.order.mu.Unlock()
}

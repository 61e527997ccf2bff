// Package core holds an ACME server's orders and authorizations: an
// order's status reads each of its authorizations under the order's
// read lock.
package core

import "sync"

type Order struct {
	sync.RWMutex
	Status string
	Authzs []*Authz
}

type Authz struct {
	sync.RWMutex
	Order  *Order
	Status string
}

// GetStatus takes the order's read lock, then each authorization's.
func (o *Order) GetStatus() string {
	o.RLock()
	defer o.RUnlock()
	for _, a := range o.Authzs {
		a.RLock()
		s := a.Status
		a.RUnlock()
		if s != "valid" {
			return s
		}
	}
	return "valid"
}

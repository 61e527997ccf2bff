// Package cleared: a transfer's account pointer is cleared in the same
// section that marks the transfer done, and done is never unset: once
// Archive has seen done, t.account is nil, so its branch that would take
// the account's lock under the transfer's (transfer → account, against
// Audit's account → transfer) never runs. Order's Finish marks the
// order done without clearing its account: Archive's branch runs, and
// the orders invert.
package cleared

import "sync"

type Account struct {
	mu        sync.Mutex
	archived  int
	transfers []*Transfer
	orders    []*Order
}

type Transfer struct {
	mu      sync.Mutex
	amount  int
	done    bool
	account *Account
}

func NewTransfer(a *Account, amount int) *Transfer {
	t := &Transfer{amount: amount, account: a}
	a.mu.Lock()
	a.transfers = append(a.transfers, t)
	a.mu.Unlock()
	return t
}

// Audit takes the account's lock, then each transfer's.
func (a *Account) Audit() int {
	a.mu.Lock()
	defer a.mu.Unlock()
	n := 0
	for _, t := range a.transfers {
		t.mu.Lock()
		n += t.amount
		t.mu.Unlock()
	}
	for _, o := range a.orders {
		o.mu.Lock() // want `o\.mu is acquired while holding a\.mu, but \(\*Order\)\.Archive \(cleared\.go:104\) acquires o\.account\.mu while holding o\.mu`
		n += o.amount
		o.mu.Unlock()
	}
	return n
}

// Finish marks the transfer done and lets go of its account.
func (t *Transfer) Finish() {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.account = nil
	t.done = true
}

// Archive counts a finished transfer against its account if it still
// has one: a finished transfer never does.
func (t *Transfer) Archive() {
	t.mu.Lock()
	defer t.mu.Unlock()
	if !t.done {
		return
	}
	if t.account != nil {
		t.account.mu.Lock()
		t.account.archived++
		t.account.mu.Unlock()
	}
}

type Order struct {
	mu      sync.Mutex
	amount  int
	done    bool
	account *Account
}

func NewOrder(a *Account, amount int) *Order {
	o := &Order{amount: amount, account: a}
	a.mu.Lock()
	a.orders = append(a.orders, o)
	a.mu.Unlock()
	return o
}

// Finish marks the order done but keeps its account.
func (o *Order) Finish() {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.done = true
}

func (o *Order) Archive() {
	o.mu.Lock()
	defer o.mu.Unlock()
	if !o.done {
		return
	}
	if o.account != nil {
		o.account.mu.Lock() // want `o\.account\.mu is acquired while holding o\.mu, but \(\*Account\)\.Audit \(cleared\.go:45\) acquires o\.mu while holding a\.mu`
		o.account.archived++
		o.account.mu.Unlock()
	}
}

// A phase kept in a package-level variable sets its flag there: the
// model reads no clearing off a variable's stores, and reports nothing.
type phase struct {
	mu      sync.Mutex
	done    bool
	account *Account
}

var current phase

func EndPhase() {
	current.mu.Lock()
	defer current.mu.Unlock()
	current.account = nil
	current.done = true
}

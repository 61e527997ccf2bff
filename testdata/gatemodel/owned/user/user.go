// Package user makes nodes and takes their locks: each probe() says
// whether the gates held there are owned (made here, not yet published).
package user

import (
	"sync"
	"sync/atomic"

	"example.com/gatemodel/owned/lib"
)

var mu sync.Mutex

func probe() {}

func Borrowed() {
	n := &lib.Node{}
	lib.Fill(n, "a")
	lib.Chain(n)
	n.Mu.Lock()
	probe() // want `^owned: \[n\.Mu\]$`
	n.Mu.Unlock()
}

func Kept() {
	n := &lib.Node{}
	lib.Keep(n)
	n.Mu.Lock()
	probe() // want `^owned: \[\]$`
	n.Mu.Unlock()
}

// Later publishes the node only after the probe.
func Later() {
	n := new(lib.Node)
	n.Mu.Lock()
	probe() // want `^owned: \[n\.Mu\]$`
	lib.Keep(n)
	n.Mu.Unlock()
}

// Loop makes a node each time round and publishes it at the end of the
// iteration: the next iteration's node is new again.
func Loop(out chan<- *lib.Node) {
	for i := 0; i < 3; i++ {
		n := &lib.Node{}
		n.Mu.Lock()
		probe() // want `^owned: \[n\.Mu\]$`
		n.Mu.Unlock()
		out <- n
	}
}

// Reused publishes the same node at the end of each iteration: from the
// second one on, it is shared.
func Reused(out chan<- *lib.Node) {
	n := &lib.Node{}
	for i := 0; i < 3; i++ {
		n.Mu.Lock()
		probe() // want `^owned: \[\]$`
		n.Mu.Unlock()
		out <- n
	}
}

// Captured hands the node to a closure, which may keep it.
func Captured() func() {
	n := &lib.Node{}
	f := func() { n.Name = "y" }
	n.Mu.Lock()
	probe() // want `^owned: \[\]$`
	n.Mu.Unlock()
	return f
}

// Shared takes a package-level lock: no one owns it.
func Shared() {
	mu.Lock()
	probe() // want `^owned: \[\]$`
	mu.Unlock()
}

// Param takes the lock of a node it is given by an exported caller.
func Param(n *lib.Node) {
	n.Mu.Lock()
	probe() // want `^owned: \[\]$`
	n.Mu.Unlock()
}

var last atomic.Pointer[lib.Node]

// Atomic publishes the node through an atomic pointer: Store keeps its
// argument, whatever it does with its receiver.
func Atomic() {
	n := &lib.Node{}
	last.Store(n)
	n.Mu.Lock()
	probe() // want `^owned: \[\]$`
	n.Mu.Unlock()
}

type box struct {
	mu sync.Mutex
	n  int
}

// Made hands a new box to a helper it calls: the helper owns it while
// Made waits for it to return.
func Made() *box {
	b := &box{}
	b.fill()
	return b
}

func (b *box) fill() {
	b.mu.Lock()
	probe() // want `^owned: \[b\.mu\]$`
	b.n++
	b.mu.Unlock()
}

// Started hands a new box to a goroutine and returns it at once: the
// goroutine shares it with Started's caller.
func Started() *box {
	b := &box{}
	go b.run()
	return b
}

func (b *box) run() {
	b.mu.Lock()
	probe() // want `^owned: \[\]$`
	b.n++
	b.mu.Unlock()
}

type waiter struct {
	mu   sync.Mutex
	cond *sync.Cond
	n    int
}

var conds []*sync.Cond

// NewWaiter makes a Cond on the new waiter's lock and keeps it in the
// waiter itself: nothing else can reach the lock yet.
func NewWaiter() *waiter {
	w := &waiter{}
	w.cond = sync.NewCond(&w.mu)
	w.mu.Lock()
	probe() // want `^owned: \[w\.mu\]$`
	w.n = 1
	w.mu.Unlock()
	return w
}

// SharedCond keeps the Cond where other goroutines reach it.
func SharedCond() {
	w := &waiter{}
	conds = append(conds, sync.NewCond(&w.mu))
	w.mu.Lock()
	probe() // want `^owned: \[\]$`
	w.mu.Unlock()
}

// Captures keeps the new box in a variable that a goroutine literal
// captures, further down: the box is its own until the literal is made.
func Captures() {
	b := &box{}
	b.mu.Lock()
	probe() // want `^owned: \[b\.mu\]$`
	b.n = 1
	b.mu.Unlock()
	go func() {
		b.mu.Lock()
		b.n++
		b.mu.Unlock()
	}()
	b.mu.Lock()
	probe() // want `^owned: \[\]$`
	b.mu.Unlock()
}

var boxes []*box

// Open publishes the new box on the inbound path only; the outbound
// path, which the same flag decides later, has not published it.
func Open(outbound bool) *box {
	b := &box{}
	b.mu.Lock()
	if !outbound {
		boxes = append(boxes, b)
	}
	b.n++
	if outbound {
		probe() // want `^owned: \[b\.mu\]$`
	}
	b.mu.Unlock()
	return b
}

// OpenBoth decides the second branch on another flag: the box may be
// published by then.
func OpenBoth(outbound, secure bool) *box {
	b := &box{}
	b.mu.Lock()
	if !outbound {
		boxes = append(boxes, b)
	}
	b.n++
	if secure {
		probe() // want `^owned: \[\]$`
	}
	b.mu.Unlock()
	return b
}

type hasher interface{ Sum(b []byte) []byte }

type keyed struct {
	mu   sync.Mutex
	key  [32]byte
	name *string
	peer *keyed
}

// Keyed hands a hash the new object's key bytes to fill: they lead to
// nothing else, so the object is still Keyed's own.
func Keyed(h hasher) *keyed {
	k := &keyed{}
	h.Sum(k.key[:0])
	k.mu.Lock()
	probe() // want `^owned: \[k\.mu\]$`
	k.mu.Unlock()
	return k
}

// Named hands the hash the address of a field that holds a pointer: the
// hash may keep it and reach what it points to, not the object's lock,
// but the model does not split an object so: published.
func Named(keep func(**string)) *keyed {
	k := &keyed{}
	keep(&k.name)
	k.mu.Lock()
	probe() // want `^owned: \[\]$`
	k.mu.Unlock()
	return k
}

// Locked hands out the address of the lock itself: published.
func Locked(keep func(*sync.Mutex)) *keyed {
	k := &keyed{}
	keep(&k.mu)
	k.mu.Lock()
	probe() // want `^owned: \[\]$`
	k.mu.Unlock()
	return k
}

func (k *keyed) init(h hasher) {
	k.mu.Lock()
	defer k.mu.Unlock()
	func() { h.Sum(k.key[:0]) }()
}

// Inited's init fills the key in a literal it calls where it makes it:
// the object is still Inited's own.
func Inited(h hasher) *keyed {
	k := &keyed{}
	k.init(h)
	k.mu.Lock()
	probe() // want `^owned: \[k\.mu\]$`
	k.mu.Unlock()
	return k
}

func (k *keyed) later(keep func(func())) {
	keep(func() { k.name = nil })
}

// Hooked's later hands a literal that holds the object to keep, which
// may run it on any goroutine: published.
func Hooked(keep func(func())) *keyed {
	k := &keyed{}
	k.later(keep)
	k.mu.Lock()
	probe() // want `^owned: \[\]$`
	k.mu.Unlock()
	return k
}

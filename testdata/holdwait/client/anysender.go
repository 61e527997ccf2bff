package client

import "sync"

// A channel only this package reaches, and always unbuffered, is sent on
// by whoever calls Send: Recv waits on it holding b.mu, and every Send
// must take b.mu before it sends, so none can reach the channel; a Send
// that comes first waits, holding b.mu, for a Recv that must take it.
type Mailbox struct {
	mu sync.Mutex
	ch chan int
	n  int
}

func NewMailbox() *Mailbox { return &Mailbox{ch: make(chan int)} }

// Recv waits on the unbuffered b.ch holding b.mu; every Send locks b.mu
// before it sends, so a Recv that runs first waits forever (and a Send
// that runs first holds b.mu while it waits for a Recv that cannot
// lock).
func (b *Mailbox) Recv() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.n++
	return <-b.ch // want `<-b\.ch waits for \(\*Mailbox\)\.Send holding b\.mu, but \(\*Mailbox\)\.Send locks b\.mu before it sends on b\.ch: a certain deadlock`
}

// Send is the other end of Recv's deadlock: it sends on the unbuffered
// b.ch holding b.mu, and every Recv locks b.mu before it receives.
func (b *Mailbox) Send(v int) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.n--
	b.ch <- v // want `b\.ch <- … waits for \(\*Mailbox\)\.Recv holding b\.mu, but \(\*Mailbox\)\.Recv locks b\.mu before it receives from b\.ch: a certain deadlock`
}

// FreeMailbox's senders send before they take the lock.
type FreeMailbox struct {
	mu sync.Mutex
	ch chan int
	n  int
}

func NewFreeMailbox() *FreeMailbox { return &FreeMailbox{ch: make(chan int)} }

func (b *FreeMailbox) Recv() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.n++
	return <-b.ch
}

func (b *FreeMailbox) Send(v int) {
	b.ch <- v
	b.mu.Lock()
	b.n--
	b.mu.Unlock()
}

// QueueMailbox's channel is buffered: a receive can take what a Send put
// there before the lock was taken.
type QueueMailbox struct {
	mu sync.Mutex
	ch chan int
	n  int
}

func NewQueueMailbox() *QueueMailbox { return &QueueMailbox{ch: make(chan int, 16)} }

func (b *QueueMailbox) Recv() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.n++
	return <-b.ch
}

func (b *QueueMailbox) Send(v int) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.n--
	b.ch <- v
}

// TryMailbox's Send does not block on the channel, but it takes b.mu
// first: it never sends while Recv holds it.
type TryMailbox struct {
	mu sync.Mutex
	ch chan int
	n  int
}

func NewTryMailbox() *TryMailbox { return &TryMailbox{ch: make(chan int)} }

// Recv waits on b.ch holding b.mu; TrySend's select with a default locks
// b.mu first too, so it never sends while Recv waits, and Recv waits
// forever.
func (b *TryMailbox) Recv() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.n++
	return <-b.ch // want `<-b\.ch waits for \(\*TryMailbox\)\.Send holding b\.mu, but \(\*TryMailbox\)\.Send locks b\.mu before it sends on b\.ch: a certain deadlock`
}

func (b *TryMailbox) Send(v int) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.n--
	select {
	case b.ch <- v:
	default:
	}
}

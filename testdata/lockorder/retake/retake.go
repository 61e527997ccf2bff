// Package retake: a helper called with a lock held that lets go of it
// around a slow step and takes it back takes it while its caller holds
// what it held at the call: the reverse of the order the caller took to
// get there.
package retake

import "sync"

func send([]byte) {}

// Conn's Write holds mu, then wmu for the socket, and flushes through a
// helper that lets go of mu while it writes: back in the helper, mu is
// taken under wmu. Two writers at once deadlock: one in the helper holds
// wmu and waits for mu, the other holds mu and waits for wmu.
type Conn struct {
	mu, wmu sync.Mutex
	buf     []byte
}

func (c *Conn) Write(p []byte) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.wmu.Lock() // want `latent: c\.wmu is acquired while holding c\.mu, but \(\*Conn\)\.Write \(retake\.go:\d+\) acquires c\.mu while holding c\.wmu`
	defer c.wmu.Unlock()
	c.buf = append(c.buf, p...)
	c.flushLocked() // want `latent: c\.mu is acquired in \(\*Conn\)\.flushLocked while holding c\.wmu, but \(\*Conn\)\.Write \(retake\.go:\d+\) acquires c\.wmu while holding c\.mu`
}

// flushLocked is called with c.mu held; it lets go of it while it sends.
func (c *Conn) flushLocked() {
	buf := c.buf
	c.buf = nil
	c.mu.Unlock()
	send(buf)
	c.mu.Lock()
}

// Pipe takes wmu first: the helper's retake is in the order Write
// already takes.
type Pipe struct {
	mu, wmu sync.Mutex
	buf     []byte
}

func (p *Pipe) Write(b []byte) {
	p.wmu.Lock()
	defer p.wmu.Unlock()
	p.mu.Lock()
	defer p.mu.Unlock()
	p.buf = append(p.buf, b...)
	p.flushLocked()
}

func (p *Pipe) flushLocked() {
	buf := p.buf
	p.buf = nil
	p.mu.Unlock()
	send(buf)
	p.mu.Lock()
}

// Log's helper lets go of mu and takes it back, but Append holds nothing
// else at the call.
type Log struct {
	mu, wmu sync.Mutex
	buf     []byte
}

func (l *Log) Append(b []byte) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.buf = append(l.buf, b...)
	l.flushLocked()
}

func (l *Log) flushLocked() {
	buf := l.buf
	l.buf = nil
	l.mu.Unlock()
	l.wmu.Lock()
	send(buf)
	l.wmu.Unlock()
	l.mu.Lock()
}

// Sync takes wmu, then mu: the order Log's helper does not reverse (it
// lets go of mu before it takes wmu).
func (l *Log) Sync() {
	l.wmu.Lock()
	defer l.wmu.Unlock()
	l.mu.Lock()
	send(l.buf)
	l.mu.Unlock()
}

// A pool's resurrection holds the pool's lock, then the connection's,
// and checks the connection's health through a helper that lets go of
// both for the probe and takes them back in the same order, pool first:
// the connection's lock is not held when the pool's is taken back. Not
// reported, beside Pool.Remove, which takes them in that order too.
type Pool struct {
	mu    sync.Mutex
	conns []*PoolConn
}

type PoolConn struct {
	mu   sync.Mutex
	dead bool
}

func probe(*PoolConn) bool { return true }

func (p *Pool) Resurrect(c *PoolConn) {
	p.mu.Lock()
	c.mu.Lock()
	defer func() {
		c.mu.Unlock()
		p.mu.Unlock()
	}()
	if !p.checkWithRelock(c) {
		return
	}
	c.dead = false
}

// checkWithRelock is called with p.mu and c.mu held.
func (p *Pool) checkWithRelock(c *PoolConn) bool {
	c.mu.Unlock()
	p.mu.Unlock()
	ok := probe(c)
	p.mu.Lock()
	c.mu.Lock()
	return ok
}

func (p *Pool) Remove(c *PoolConn) {
	p.mu.Lock()
	defer p.mu.Unlock()
	c.mu.Lock()
	c.dead = true
	c.mu.Unlock()
}

// Ring's helper takes them back the other way round: the connection's
// lock first, then the ring's under it, the reverse of Remove's order.
type Ring struct {
	mu    sync.Mutex
	conns []*PoolConn
}

func (r *Ring) Revive(c *PoolConn) {
	r.mu.Lock()
	c.mu.Lock() // want `latent: c\.mu is acquired while holding r\.mu, but \(\*Ring\)\.checkReversed`
	defer func() {
		c.mu.Unlock()
		r.mu.Unlock()
	}()
	if !r.checkReversed(c) {
		return
	}
	c.dead = false
}

// checkReversed is called with r.mu and c.mu held.
func (r *Ring) checkReversed(c *PoolConn) bool {
	c.mu.Unlock()
	r.mu.Unlock()
	ok := probe(c)
	c.mu.Lock()
	r.mu.Lock() // want `latent: r\.mu is acquired while holding c\.mu`
	return ok
}

// Hub's helper lets go of the hub's lock and takes it back while the
// connection's, which its caller holds, is still held; only then does it
// let go of the connection's for a second probe. Back in the helper the
// hub's lock is taken under the connection's: the reverse of Drop's
// order.
type Hub struct {
	mu    sync.Mutex
	conns []*PoolConn
}

func (h *Hub) Recheck(c *PoolConn) {
	h.mu.Lock()
	c.mu.Lock() // want `latent: c\.mu is acquired while holding h\.mu, but \(\*Hub\)\.Recheck`
	defer func() {
		c.mu.Unlock()
		h.mu.Unlock()
	}()
	if !h.checkTwice(c) { // want `latent: h\.mu is acquired in \(\*Hub\)\.checkTwice while holding c\.mu`
		return
	}
	c.dead = false
}

// checkTwice is called with h.mu and c.mu held.
func (h *Hub) checkTwice(c *PoolConn) bool {
	h.mu.Unlock()
	ok := probe(c)
	h.mu.Lock()
	c.mu.Unlock()
	ok = ok && probe(c)
	c.mu.Lock() // want `latent: c\.mu is acquired while holding h\.mu, but \(\*Hub\)\.Recheck`
	return ok
}

func (h *Hub) Drop(c *PoolConn) {
	h.mu.Lock()
	defer h.mu.Unlock()
	c.mu.Lock() // want `latent: c\.mu is acquired while holding h\.mu, but \(\*Hub\)\.Recheck`
	c.dead = true
	c.mu.Unlock()
}

// Deck's helper lets go of both locks and takes them back in deferred
// calls, the deck's first (deferred last): nothing is held when it is
// taken back. Not reported, beside Deck.Remove's order.
type Deck struct {
	mu    sync.Mutex
	conns []*PoolConn
}

func (d *Deck) Resurrect(c *PoolConn) {
	d.mu.Lock()
	c.mu.Lock()
	defer func() {
		c.mu.Unlock()
		d.mu.Unlock()
	}()
	if !d.check(c) {
		return
	}
	c.dead = false
}

// check is called with d.mu and c.mu held.
func (d *Deck) check(c *PoolConn) bool {
	c.mu.Unlock()
	d.mu.Unlock()
	defer c.mu.Lock()
	defer d.mu.Lock()
	return probe(c)
}

func (d *Deck) Remove(c *PoolConn) {
	d.mu.Lock()
	defer d.mu.Unlock()
	c.mu.Lock()
	c.dead = true
	c.mu.Unlock()
}

// Devices: deleteDevice holds the pool's lock, takes the device's, and
// calls remove, whose helper lets go of the pool's lock while it waits
// and takes it back, with the device's still held: two deletes of one
// device deadlock, each holding the lock the other takes next.
type Devices struct {
	mu   sync.Mutex
	devs map[string]*Device
}

type Device struct {
	lock sync.Mutex
	name string
}

func (p *Devices) Delete(hash string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	d := p.devs[hash]
	d.lock.Lock() // want `latent: d\.lock is acquired while holding p\.mu, but \(\*Devices\)\.Delete \(retake\.go:\d+\) acquires p\.mu while holding d\.lock`
	defer d.lock.Unlock()
	p.remove(d) // want `latent: p\.mu is acquired in \(\*Devices\)\.remove while holding d\.lock, but \(\*Devices\)\.Delete \(retake\.go:\d+\) acquires d\.lock while holding p\.mu`
}

func (p *Devices) remove(d *Device) { p.waitRemoved(d.name) }

func (p *Devices) waitRemoved(name string) {
	p.mu.Unlock()
	wait(name)
	p.mu.Lock()
}

func wait(string) {}

// Shelf's remove lets go of the shelf's lock in a helper and does not
// take it back: Delete's device lock is never held while it waits for
// the shelf's.
type Shelf struct {
	mu   sync.Mutex
	devs map[string]*Device
}

func (s *Shelf) Delete(hash string) {
	s.mu.Lock()
	d := s.devs[hash]
	d.lock.Lock()
	defer d.lock.Unlock()
	s.remove(d)
}

func (s *Shelf) remove(d *Device) { s.release(d.name) }

func (s *Shelf) release(name string) {
	s.mu.Unlock()
	wait(name)
}

// Pump's Run holds mu across step, which takes other, lets go of it,
// and then waits through a helper that lets go of mu and takes it back:
// the order mu → other is Run's, whatever step's helper does after.
type Pump struct {
	mu, other sync.Mutex
	n         int
}

func (p *Pump) Run() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.step() // want `latent: p\.other is acquired in \(\*Pump\)\.step while holding p\.mu, but \(\*Pump\)\.Drain`
}

func (p *Pump) step() {
	p.other.Lock()
	p.n++
	p.other.Unlock()
	p.pause()
}

func (p *Pump) pause() {
	p.mu.Unlock()
	wait("pump")
	p.mu.Lock()
}

func (p *Pump) Drain() {
	p.other.Lock()
	defer p.other.Unlock()
	p.mu.Lock() // want `latent: p\.mu is acquired while holding p\.other, but \(\*Pump\)\.Run`
	p.n--
	p.mu.Unlock()
}

// Rack's helper, two calls down, lets go of both the device's lock and
// the rack's, and takes them back in Delete's own order: nothing is
// taken under the device's lock that Delete took before it.
type Rack struct {
	mu   sync.Mutex
	devs map[string]*Device
}

func (r *Rack) Delete(hash string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	d := r.devs[hash]
	d.lock.Lock()
	defer d.lock.Unlock()
	r.remove(d)
}

func (r *Rack) remove(d *Device) { r.waitBoth(d) }

func (r *Rack) waitBoth(d *Device) {
	d.lock.Unlock()
	r.mu.Unlock()
	wait(d.name)
	r.mu.Lock()
	d.lock.Lock()
}

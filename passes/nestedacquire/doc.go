// Package nestedacquire reports a blocking acquire of a gate that the
// same path already holds: Lock while locked, RLock while read-locked
// (recursive read locking deadlocks once a writer queues in between),
// Lock under RLock and the reverse, Weighted.Acquire while holding
// permits of the same semaphore, a channel semaphore entered twice, a
// sync.Once's Do called again from the function it runs.
//
// It reads everything from the gate model: each acquire point there
// carries the same gate's must-held holding just before it, whether the
// acquire is the instruction itself or lies in a callee (through the
// callee's summary, across packages through facts). The pass decides
// only what is a bug and how to say it. A channel semaphore taken as a
// case of a select whose other cases can end the wait (a receive of an
// error the store keeps offering once it is read-only) is a wait for
// those, not a nested hold; cancellation cases (ctx.Done(), a timer, a
// channel the package closes) do not count, since they end the wait
// only by giving up.
//
// # Analyzer nestedacquire
//
// nestedacquire: report acquiring a lock or semaphore that the same path already holds
//
// nestedacquire finds a blocking acquire of a gate (a lock or a semaphore)
// that the same code path already holds.
//
// Findings are certain when the path deadlocks by itself (a second Lock,
// a Lock and an RLock on one path) and latent when another goroutine must
// interleave: an RLock under an RLock deadlocks once a writer queues
// between them, a counting semaphore once its other permits are taken by
// holders that wait as well (this path run on as many goroutines as there
// are permits), or, for a semaphore.Weighted, which serves its waiters in
// order, a waiter queued first for more than is free: holders that give
// theirs back on their own only delay it.
// They are latent too when the path needs a value the function does not
// decide: a callee that takes the gate on some of its paths only, or
// only for one value of a bool the function passes on from its own
// caller ("when flush is false").
// A lock of each element of a container, taken on every pass of a range
// over it or by a callee that does that on every path, while the path
// holds one element's lock (p := m.peers[k]; p.mu.Lock(); then
// m.pingAll()) is latent as well: the loop comes to that element and
// blocks on it, unless the element left the container meanwhile; a
// loop that skips it (if q == p { continue }), an index loop (for
// i := 1; …), which may, or a function that deletes from the container
// or replaces it (the element held may have left it), does not.
// RLock is a read lock on any lock that has one, a [sync.RWMutex] or an
// interface or //gatevet:gate type with RLock and RUnlock methods.
//
// A helper only the package calls, that every caller calls holding the
// gate and that takes it again inside (drop, called by Resize and by
// Drop with c.mu held, asks Len, which read-locks c.mu), is one bug,
// reported once, at the call inside the helper, with its callers as
// related positions: the fix is in the helper.
//
// # Why it matters
//
// The second acquire waits for a gate that only its own path can release, so
// it deadlocks. A [sync.Mutex] is not reentrant: Lock under Lock blocks
// forever. RLock under RLock works until a writer queues between the two
// calls; then the reader and the writer wait for each other. Lock under
// RLock, and RLock under Lock, never return. A semaphore.Weighted or channel
// semaphore acquired again by a path that holds its permit deadlocks at once
// with one permit, and under load with more. The second acquire may be
// direct, in a closure called in place, or inside a callee, in this package
// or another, so the hang often shows up only when that call path runs in
// production.
//
// # Example
//
//	type Store struct {
//		mu    sync.Mutex
//		items map[string]int
//	}
//
//	func (s *Store) Get(k string) int {
//		s.mu.Lock()
//		defer s.mu.Unlock()
//		return s.items[k]
//	}
//
//	func (s *Store) getLocked(k string) int { return s.items[k] }
//
//	func (s *Store) Incr(k string) {
//		s.mu.Lock()
//		defer s.mu.Unlock()
//		s.items[k] = s.Get(k) + 1 // call to (*Store).Get acquires s.mu (…) while it is already held on this path (…): sync.Mutex is not reentrant
//	}
//
// The report names the first acquire and each call on the way to the second
// one. A direct second acquire is reported the same way:
//
//	s.mu.Lock()
//	defer s.mu.Unlock()
//	s.mu.Lock() // s.mu.Lock while s.mu is already held on this path
//
// So is a hold that a loop carries to its next iteration, and a deferred
// Lock written for a deferred Unlock:
//
//	for _, k := range keys {
//		s.mu.Lock() // still held from the loop's previous iteration
//		defer s.mu.Unlock() // runs at return, not at the end of the iteration
//		s.items[k]++
//	}
//
//	s.mu.Lock()
//	defer s.mu.Lock() // runs at return while s.mu is still held
//
// A loop that takes the lock on some iterations, keeps it for later ones
// and records the hold in a local flag (one a deferred closure may read
// to release it at return) must test the flag before it locks again: an
// iteration that locked and skipped the conditional release comes round
// holding the lock. That needs the skip, so the finding is latent:
//
//	for _, b := range batches {
//		if len(b) > limit { // no !held: latent, may still be held from the previous iteration
//			s.mu.Lock()
//			held = true
//		}
//		…
//		if held && len(s.items) > 2*limit {
//			s.mu.Unlock()
//			held = false
//		}
//	}
//
// Deferred calls run last deferred first, with what is still held then:
// a call deferred after the Unlock's defer runs before it, and a call
// that locks inside blocks on the held lock (defer it before the
// release, so that it runs after it):
//
//	s.mu.Lock()
//	defer s.mu.Unlock()
//	defer s.flush() // flush locks s.mu: deferred call to (*Store).flush acquires s.mu … while s.mu is still held
//
// The body of a range over a function runs inside the iterator's call,
// with what the ranging function holds: a body that calls a method
// taking the held lock blocks on the first element. A helper that locks
// on every pass round its loop acquires for its callers; one whose loop
// locks only in one state (a retry loop that waits for a collection in
// one case of a switch) is left alone.
//
// A call through a func field that the package only ever sets to known
// functions (s.onEvent = s.handleEvent in the constructor), or through an
// interface that only the package's types can implement (it has an
// unexported method), acquires what every one of those functions
// acquires: with two implementations that both lock the mutex the caller
// holds, the call deadlocks whichever runs. A loop over a table of
// functions (an unexported package-level slice literal that nothing else
// sets, such as a list of migrations) calls every entry, so it acquires
// what any entry acquires. A field set from outside, an acquire only some
// implementations make, an implementation that wraps another value of
// the interface, an exported method of an exported type (another package
// may embed the type and override it), or a table callers can append to,
// is left alone. A call on an interface value just made from a concrete
// one (var c Cache = l; c.Get(k)) runs that value's method, whatever the
// interface.
//
// A printer of the standard library (fmt.Printf, fmt.Sprint, fmt.Errorf,
// log.Printf, t.Logf, …) calls the Error or String method of each
// operand it prints with %v, %s, %q, %x or %X, in place: logging an
// object whose String read-locks it, while holding its lock, acquires
// that lock again:
//
//	func (c *Conn) Bump() {
//		c.mu.Lock()
//		defer c.mu.Unlock()
//		log.Printf("bumped %v", c) // call to log.Printf (which calls (*Conn).String) acquires c.mu … blocks forever
//	}
//
// An operand printed with another verb (%d, %p, %T, %#v), one that
// formats itself (fmt.Formatter), one already held in an interface, and
// every operand of a format that is not a constant or that numbers its
// operands (%[2]v), are left alone.
//
// A part that points back at its owner is the owner: when every index a
// Store makes is set to it (s.idx = &index{store: s}, or by a constructor
// given s) and nothing sets the index's store again, a lock the index
// takes as x.store.mu is the caller's s.mu, however many calls down:
//
//	func (s *Store) Get(k string) int {
//		s.mu.RLock()
//		defer s.mu.RUnlock()
//		return s.idx.lookup(k) // lookup read-locks x.store.mu: call to (*index).lookup acquires s.mu … recursive read locking
//	}
//
// A part that is handed to another owner, has its back field set again,
// or whose owner is copied by value, is another instance as far as the
// model knows, and is left alone; so is an exported part type the
// package hands out (a method returning *Index), whose values another
// package could overwrite (*a = *b).
//
// A [sync.Once] counts as held while its Do runs the function it was
// given: that function calling Do on the same Once, directly or a few
// calls down (also back through the getter that entered Do: load reading
// a setting with Get), waits for the Do in progress, which waits for it.
// So does
// the function locking a mutex that the caller of Do holds:
//
//	func (c *Client) Conf() map[string]string {
//		c.once.Do(c.load) // call to (*Client).load calls c.once.Do (…) while c.once.Do is running on this path
//		return c.conf
//	}
//
//	func (c *Client) load() { c.conf = c.defaults() }
//
//	func (c *Client) defaults() map[string]string {
//		c.once.Do(func() {})
//		return map[string]string{}
//	}
//
// # Fix
//
// Call a variant that expects the gate held, or release the gate first:
//
//	func (s *Store) Incr(k string) {
//		s.mu.Lock()
//		defer s.mu.Unlock()
//		s.items[k] = s.getLocked(k) + 1
//	}
//
// You can mark such a helper "//gatevet:holds s.mu". Inside it, s.mu then
// counts as held, so an acquire of s.mu in the helper is reported too.
//
// A function whose acquire gatevet cannot see (it runs hooks or
// callbacks that take the lock) can say "//gatevet:excludes s.mu": its
// callers must not hold s.mu. A call made holding it, in the package or
// in another (the contract travels as a fact), is reported like an
// acquire of s.mu there.
//
// # What is not reported
//
//   - TryLock, TryRLock and TryAcquire: they never block.
//   - An RLock under an RLock of a lock that nothing can write meanwhile.
//     The report names a writer (a Lock of the same field of the same type,
//     or of the same variable): in production code, one in the package's
//     production code; in a test, one that runs on a goroutine the test
//     starts, directly or through what it calls (for a method of the test
//     file's own type that such a goroutine runs, on another goroutine
//     the test starts). A test that read-locks twice on one goroutine and
//     starts nothing cannot deadlock.
//   - An acquire in a new goroutine ("go func() { s.mu.Lock(); … }()"): it
//     waits its turn.
//   - A lock whose release the function has handed on before it locks
//     again: s.mu.Unlock given to a hook (l.OnReady(s.mu.Unlock)), or a
//     literal that unlocks, stored or passed, or one that starts a
//     goroutine that unlocks (a key source's func whose feeder unlocks
//     once every key is sent: a lock used as a signal). Go's locks have
//     no owner:
//     the second Lock waits for whoever calls the release, it does not
//     block for ever. An unlock made a value but only called by the
//     function itself, or handed on only after the second Lock, is no
//     such hand-off. A lock a callee returns holding while it hands its
//     release on (db.Reader() read-locks db.lock and keeps the unlock in
//     the Reader, for its Close) is handed on too, once the function
//     uses what the call returned before it locks again.
//   - A call between the two acquires that releases a lock of the same
//     class under another name, or through one the model cannot follow
//     (t.pending[id].finish(), which unlocks the request's owner.mu, or
//     child.Close(), where child is either of two commands): that may be
//     this very lock, so the second Lock is not sure to block.
//   - A goroutine that locks again a lock its starter unlocks after the go
//     statement: a lock used as a signal between the two (the goroutine
//     locks, says so on a channel, and the starter unlocks). A starter
//     that unlocks only before it starts the goroutine releases nothing
//     meanwhile.
//   - Unlock, then lock again. Early returns that unlock on every path.
//   - Two instances (a.mu and b.mu) or two different gates; a Once whose
//     function calls Do on another Once; Do called twice in a row (the
//     second returns at once); Do started on a new goroutine from inside
//     the function, which waits its turn.
//   - Retrying on the error branch of Acquire, or after a select that gave
//     up: nothing is held there.
//   - A semaphore.Weighted Acquire given a context with a deadline of its
//     own (context.WithTimeout, WithDeadline): it gives up by then, a
//     bounded try and not a wait for ever.
//   - A counting semaphore that the function never releases itself: a
//     producer that acquires a permit and hands it to a worker goroutine;
//     also a permit taken through a call, such as a stream multiplexer's
//     Open that takes a slot of the session's backlog for its receive
//     loop to free when the peer acknowledges the stream, opened twice.
//   - A helper that locks only when a flag says so
//     ("if !hasLock { s.mu.Lock() }"), or only for some value of a mode
//     ("if status == closed { … }", a switch's case), called with a
//     constant that skips the lock. A flag that is not a constant may take
//     the other value, so that call is still reported, and says for which.
//     So for a key of a map the helper looks up ("if _, ok :=
//     p["token"]; !ok { p["token"] = c.getToken() }"), called with a
//     composite literal that has the key; one that lacks it takes the
//     lock for certain.
//   - A method with a value receiver: it locks its own copy of the mutex,
//     not the caller's (go vet's copylocks reports the copy). A copy of a
//     handle that holds a pointer to the mutex (struct{ mu *sync.Mutex })
//     locks the same mutex as the original, and is reported.
//
// # Suppressing a report
//
// Put "//gatevet:ignore nestedacquire reason" on the reported line or on the
// line above it:
//
//	s.mu.Lock() //gatevet:ignore nestedacquire s.mu was released by the callback above
//
// The reason is required. An ignore without one suppresses nothing and is
// itself reported, by the [directives] analyzer, which also reports
// malformed //gatevet: directives (see [annotations]). An ignore that has
// nothing to suppress on its line or the next is reported too, so stale
// ones do not pile up. Under golangci-lint, //nolint:gatevet also works.
//
// When the second acquire is a call to a function of the same package that
// has an xxxLocked twin with the same signature (Get and getLocked or
// GetLocked, beside it), the report carries a suggested fix that calls the
// twin instead. "gatevet -nestedacquire -fix -diff ./..." shows the edit;
// without -diff, -fix applies it.
//
// # Run it alone
//
//	go vet -vettool="$(go env GOPATH)/bin/gatevet" -vetsuite=false -nestedacquire ./...
//	gatevet help nestedacquire
//
// -vetsuite=false leaves out the standard go vet analyzers, and
// -nestedacquire selects this analyzer only. "gatevet help nestedacquire"
// prints its documentation.
//
// [annotations]: https://github.com/gatevet/gatevet#annotations
// [directives]: https://github.com/gatevet/gatevet/blob/main/docs/analyzers/directives.md
package nestedacquire

// Package lockorder reports two gates acquired in opposite orders on two
// paths: the AB-BA deadlock.
//
// When one path holds A and waits for B while another holds B and waits
// for A, two goroutines taking them at once wait for each other forever.
// The gate model records the package's lock-order edges (a blocking
// acquire of one gate class while another is held, directly or in a
// callee, through summaries across packages) and exports them as a
// package fact. The pass matches each edge of the package against the
// edges of the package and of its dependencies, and reports an edge whose
// reverse exists. Edges on an object its function owns (made there, not
// yet published: the concurrency model) are no edges, and two orders
// the model proves apart (one taken after the wait for the end of the
// goroutine that takes the other) are no inversion. Not reported: a
// reverse taken with TryLock or
// TryAcquire (it cannot wait), both edges in shared mode (RLock), both
// edges under a common outer gate that serialises them, and two
// instances of one class (a.mu and b.mu of the same type), whose order
// is a matter of values, not of code.
//
// # Analyzer lockorder
//
// lockorder: report two locks or semaphores acquired in opposite orders
//
// lockorder finds two gates acquired in opposite orders on two paths: the
// AB-BA deadlock; and a gate acquired against a lock order the code
// declares (//gatevet:order A < B < C).
//
// Inversions are latent: the deadlock needs two goroutines taking the two
// orders at once. An acquire against a declared order is certain: it
// breaks the order the team wrote down, whether or not the reverse edge
// is in the code analysed.
//
// # A declared lock order
//
// Large projects keep their lock order in prose ("jetStream before
// stream before consumer"). Write it down as a directive in any comment
// of a package, as many as needed:
//
//	//gatevet:order Server.mu < Conn.mu < journalMu
//
// Each element is a lock class as lockorder names them: Type.field or a
// package-level variable of the declaring package, or
// path/to/pkg.Type.field and path/to/pkg.Var of a package it imports.
// The order is transitive, also across directives. Every edge that
// acquires a class while holding one declared after it is reported, in
// the declaring package and in every package that imports it (orders
// travel with the package's lock-order facts). An element that names no
// lock class, and an order that contradicts another, is a directives
// finding.
//
// # Why it matters
//
// When one path holds A and waits for B while another holds B and waits for
// A, two goroutines that take the two paths at the same time wait for each
// other forever. Each path is correct on its own and passes its tests; the
// deadlock needs both at once, under load, and the two halves are often in
// different files or packages.
//
// # Example
//
//	func (s *Server) Close() {
//		s.mu.Lock()
//		defer s.mu.Unlock()
//		for _, c := range s.conns {
//			c.mu.Lock() // c.mu is acquired while holding s.mu, but (*Conn).Close (server.go:42) acquires c.srv.mu while holding c.mu: lock-order inversion, …
//			c.mu.Unlock()
//		}
//	}
//
//	func (c *Conn) Close() {
//		c.mu.Lock()
//		defer c.mu.Unlock()
//		c.srv.mu.Lock() // reported too, naming (*Server).Close
//		c.srv.conns = nil
//		c.srv.mu.Unlock()
//	}
//
// Each acquire that closes a cycle is reported, with where the held gate was
// acquired, the calls through which the second gate is acquired, and the
// other path (its position, as related information when it is in the same
// package). A helper called with a lock held that lets go of it and takes
// it back (to send, or to call out) takes it again under every other lock
// its caller holds at the call: that order is its caller's, at the call,
// also when the helper is a few calls down (a helper above it that lets
// go of the caller's other lock too assumes no order).
// When several paths take the opposite order, the one named
// takes it on objects that were there before its call rather than on one
// it has just made: an object just made meets another goroutine only
// once it is published, so the older objects' order is the likelier other
// half; then one of the reported order's own kind: against an order
// on one object's two locks (b.flush, then b.disk.maintenance), another
// on one object; against an order on two objects (an audit's account,
// then the fee account), another on two. A function that takes two
// classes both on one object and on two, where each meets only orders
// on one object elsewhere (replaceBucket: the replacement's maintenance
// lock, then its own flush lock, and the old bucket's), is reported at
// the order on one object only: the order across two objects meets them
// only in a longer cycle (replacing x by y while y replaces x), the one
// on one object with any reader of it.
//
// # Fix
//
// Acquire the gates in one order everywhere (here s.mu before c.mu), or
// release the first before taking the second.
//
// # How it works
//
// The gate model records the package's lock-order edges: a blocking acquire
// of gate B while gate A is must-held, directly or inside a callee (through
// the callee's summary, in this package or another). Gates are compared by
// class: a package-level variable, or a field of a named type
// (server.Conn.mu), whatever the instance. A [sync.Once] is a gate held
// while its Do runs the function it was given: a lock taken in that
// function is ordered after the Once, and Do called with a lock held is
// ordered after the lock, so the first Load (r.once, then r.mu) and a
// Reset (r.mu, then r.once.Do) at the same time deadlock. The edges are exported as a
// package fact, so an edge in a package is matched against the edges of the
// packages it imports.
//
// # What is not reported
//
//   - An order taken only with TryLock or TryAcquire: it cannot wait.
//   - Two orders that each take two locks of one object, where one lock
//     is the same field on both sides (c.hsMu) and the other, of one
//     class, two different fields held by value (c.in and c.out, both
//     halfConns): they meet only on one object, and there they are two
//     locks.
//   - Both orders in shared mode (RLock and RLock). Also an inversion
//     whose one side read-locks a lock the other side holds in read mode:
//     that read lock waits only while a writer queues, so it is reported
//     only when a writer of the lock can run meanwhile (in production
//     code, one in the package's production code; in a test, one on a
//     goroutine the test starts), as nestedacquire does for a read lock
//     taken twice. The message then names that writer, and its acquire
//     is a related position.
//   - A lock the caller holds around a call whose callee lets go of it
//     (and may take it back) before it acquires the other.
//   - Both orders under a common outer lock, which serialises them (also
//     one that every caller of a helper holds).
//   - Two instances of one field (from.mu and to.mu of the same type), whose
//     order depends on values, not on code.
//   - Gates passed as parameters themselves, and local variables that no
//     goroutine literal captures. A local mutex captured by a literal
//     started with go (or g.Go) is one gate wherever it is locked: two
//     goroutines that lock captured a and b in opposite orders deadlock.
//   - An order taken on an object not yet published: a constructor, or
//     a helper that only ever gets a new object, that locks the new
//     object and then a shared one, before it stores, sends or hands on
//     the new object. No other goroutine can hold or wait for a lock
//     it cannot reach (the concurrency model's ownership). The same
//     order taken once the object is reachable is reported.
//   - An order taken only after the goroutine that takes the other one
//     has ended: Close stops the receive loop, waits on the done channel
//     the loop closes in a deferred call (or on a WaitGroup whose Done
//     the worker defers), and only then locks the streams under the
//     session's lock, while the loop, the only way into processFlags,
//     took them the other way round. The model needs every way into
//     the other order's function to pass through the function that
//     signals (a receive loop, and what it calls, directly or through
//     a table of handlers); an order another caller can reach, or one
//     taken before the wait or on only some paths after it, is
//     reported.
//   - Two orders taken only on one run loop: a goroutine a go statement
//     starts once per object its starter makes, that nothing else
//     enters (a connection's loop, and the unexported methods only it
//     calls). One goroutine takes both orders, one after the other.
//     The same orders on workers started in a loop, or on a loop a
//     method may start twice, are reported.
//   - Two orders whose locks of one class can never be on one object,
//     because the objects are made with a mode they keep (a field every
//     construction sets to a constant and nothing sets after: a
//     connection's kind) and the package's values never bring an object
//     of one side's mode to the other side: the gateway code locks the
//     connections it keeps in its gateway map, made as gateway
//     connections only, while a leaf connection's handler holds its own
//     lock. The modes follow every value of the package, through fields,
//     maps, slices, calls and returns; a connection that comes from
//     another package, an interface or an exported function's parameter
//     can be of any mode. The same orders on a collection that holds
//     connections of both modes are reported.
//   - Two dependencies that invert each other but are not imported by the
//     package analysed.
//   - An order a test takes against the production code's order: a test
//     takes the locks of the code under test to poke at it, at moments
//     its own waits choose. Orders are compared within production code,
//     and within test code (two goroutines of tests).
//   - Two tests' orders when one takes the locks of objects its own test
//     made (a local, what a helper returns to it, what its literals
//     capture): each test runs with objects of its own. Two tests that
//     take a package-level object's locks in opposite orders are
//     reported.
//   - An order taken only on a branch that a switch or hook only the
//     package's tests turn on decides (if partitionsNoPanic { … }, with
//     partitionsNoPanic = true in a _test.go file alone): an unexported
//     package-level variable that the package's own code only reads, or
//     sets only to the value it holds once initialised, holds that value
//     in the build users run. A switch the package's code turns on at run
//     time (a Lenient() that sets it) leaves both branches live.
//
// # Suppressing a report
//
// "//gatevet:ignore lockorder reason" on the reported line or the line
// above. Under golangci-lint, //nolint:gatevet also works.
//
// # Run it alone
//
//	go vet -vettool="$(go env GOPATH)/bin/gatevet" -vetsuite=false -lockorder ./...
package lockorder

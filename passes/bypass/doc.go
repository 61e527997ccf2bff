// Package bypass reports a path that uses a resource without the gate
// that guards it everywhere else: the route that reaches a shared device
// without asking for its permit, the method that reads a field its
// siblings only touch under s.mu.
//
// The gate model gives the uses of resources on every path of the
// package, starting from its entries, with the gates held at each use,
// including those held by callers of unexported helpers (the xxxLocked
// idiom) and by functions that run a closure under a gate. A resource is
// guarded by gate G when it is annotated //gatevet:guardedby G, or when
// at least two entries use it with G held and the guarded entries
// outnumber the others two to one, and some write of it holds G
// exclusively (a read lock held around a write, taken to read something
// else, serialises the write with nothing but the lock's writers). Each use without G is then reported,
// unless the concurrency model proves that none of the guarded uses it
// conflicts with can run at the same time (a read after the wait for the
// end of the goroutine that wrote). A write made holding only the read
// lock of an RWMutex that another write of the resource holds
// write-locked is reported too, whatever the flags: readers run at once.
// An entry's uses of the fields of one object are one report, at the
// first the path touches, naming up to three more that race as well,
// with the access each races with. What a goroutine that an entry starts
// does counts as the entry's, also with an object the entry made and
// shares with it (a constructor's redraw loop): named "the goroutine F
// starts", and named first among the other halves, since it runs beside
// whatever any caller does. One access in a callee that several entries
// reach the same way (each package-level wrapper of a method that reads
// unlocked) is one report, at the first, naming the others; its fix
// says where the lock goes: around the access in the callee, unless a
// caller of it holds the lock there, or around the call, unless
// something the call runs takes the lock itself.
//
// # Analyzer bypass
//
// bypass: report uses of a resource without the gate that guards it elsewhere
//
// bypass finds a code path that uses a resource without the gate that guards
// it on the other paths. A resource is a package-level variable, a field of
// an instance, or a function annotated //gatevet:guardedby.
//
// Findings are latent: the unguarded use races only while a guarded path
// runs on another goroutine.
//
// By default a struct field is reported only when it is annotated
// //gatevet:guardedby; package-level variables are reported with a guard
// inferred from their uses. The flag -bypass.fields also reports fields
// whose guard is inferred, when the package's own code shows the two
// sides running at once: one of them runs on a goroutine the package
// starts, or that time.AfterFunc or context.AfterFunc starts for a func
// it is given (or the runtime for a finalizer or cleanup, or http.Server
// for a shutdown hook), or serves HTTP requests (a handler the package gives
// net/http runs on a goroutine per connection, not in place), or the
// type's doc comment says its values are safe for concurrent use. By Go's convention a type is not safe for concurrent
// use unless its doc says so, and two methods of such a type, one of
// which forgot the lock, may both be called by the one goroutine that
// owns the value. The flag stays off by default until its precision on
// modules never tuned for meets the bar of docs/realworld.md. A write
// under a read lock is reported whatever the flag.
//
// # Why it matters
//
// A gate only excludes code that asks for it. When two routes take gpuSem
// around the GPU and a third route reaches the same GPU without it, the third
// route runs at the same time as the guarded ones. That is a data race: the
// device's state is corrupted, updates are lost, or a map written from two
// goroutines crashes the process with "concurrent map writes". It shows up
// only under load, when the routes overlap, so tests rarely catch it.
//
// # Example
//
//	type Device struct{ mem int }
//
//	func (d *Device) Infer(x int) int {
//		d.mem += x
//		return d.mem
//	}
//
//	var (
//		gpu    = &Device{}
//		gpuSem = semaphore.NewWeighted(1)
//	)
//
//	func Generate(ctx context.Context, x int) (int, error) {
//		if err := gpuSem.Acquire(ctx, 1); err != nil {
//			return 0, err
//		}
//		defer gpuSem.Release(1)
//		return gpu.Infer(x), nil
//	}
//
//	func Preload(ctx context.Context) error {
//		if err := gpuSem.Acquire(ctx, 1); err != nil {
//			return err
//		}
//		defer gpuSem.Release(1)
//		gpu.Infer(0)
//		return nil
//	}
//
//	func Upscale(x int) int {
//		return runUpscaler(x) // Upscale writes gpu.mem through runUpscaler → (*Device).Infer → d.mem without holding gpuSem, which guards it in Generate, Preload
//	}
//
//	func runUpscaler(x int) int { return gpu.Infer(2 * x) }
//
// The same applies to a field of an instance (annotated, or with
// -bypass.fields). There the shape reported is the one method that forgot
// the lock: a Len that reads c.items while Get, Put and Delete hold c.mu
// around it. When the functions that meet the guard do not take it
// themselves but reach one access through a callee that does (a setter
// that locks), the message names that callee and the access: "which is
// held where (*K9s).setName writes it (k9s.go:237), reached from
// ContextPath, AliasPath". A use that holds another lock of the same
// instance, one that does not exclude the guard's holders, is said to
// hold it ("holding h.reqMu but not h.hmu"): one side took the wrong
// lock, and the fix is one lock for every access.
//
// A write under a read lock is reported by default, fields included:
//
//	func (x *Index) Lookup(name string) (int, bool) {
//		x.mu.RLock()
//		defer x.mu.RUnlock()
//		id, ok := x.byName[name]
//		if ok {
//			x.hits++ // Lookup writes x.hits holding only the read lock of x.mu (read-locked at index.go:31), which guards it (Add writes it with x.mu write-locked): read-lock holders run at the same time, so this write races whenever another goroutine runs Lookup or Hits (index.go:53) meanwhile; take x.mu.Lock() instead of the read lock at index.go:31, or a lock of the written state's own
//		}
//		return id, ok
//	}
//
// The lock guards the resource by the code's own word (another write of
// it holds the lock write-locked), and two holders of the read lock run
// at once: two Lookups write x.hits together, and a write of a map's
// entries (x.byName[k] = v, delete) under a read lock is a concurrent map
// write. The entries of a map held in a field are a resource of their
// own: they are written by m[k] = v and delete, and copying the field's
// map reference does not race with them. The elements of the slices the
// entries hold are one more: m[k][i] = v, and copy, clear or append into
// an entry's slice write them, putting another slice in the entry does
// not, so a copy-on-write list that readers take under the lock and
// range over after it is no report. A call under the read lock
// whose callee writes several guarded fields is one report at the call,
// naming up to three more fields it writes. A write that also holds
// another lock exclusively (a DTMF writer's own mutex around its packet
// writer's read-locked call) does not race with another run of itself,
// nor with a reader that holds that lock too: the report names only the
// readers that can run meanwhile. A lazy initialisation (if x.m == nil
// { x.m = make(…) } under the read lock) is said to race only while the
// field is still nil, with a sync.Once as the other fix, unless the
// package sets the field back to nil (a first message dropped when it
// expires): the write then runs again after each reset, which a Once
// would not.
//
// # Fix
//
// Acquire the gate around the use, or call the guarded entry point:
//
//	func Upscale(ctx context.Context, x int) (int, error) {
//		if err := gpuSem.Acquire(ctx, 1); err != nil {
//			return 0, err
//		}
//		defer gpuSem.Release(1)
//		return runUpscaler(x), nil
//	}
//
// # What is not reported
//
//   - Too little evidence. A resource counts as guarded by a gate when it is
//     annotated //gatevet:guardedby GATE (then one unguarded use is enough),
//     or when at least two functions use it with the gate held, at least one
//     of them writes it there, and they outnumber the functions that use it
//     without the gate two to one. For an unannotated field, a second method
//     without the lock means the type follows another rule: nothing is
//     reported. A function that holds the gate only by calling another
//     exported or started function that takes it around the use itself is
//     that function's evidence, not its own (a block's Delete, also run
//     by the database's DeleteAll on a goroutine per block, is one writer
//     of the block's count). Nor is a lock of another object the instance points to
//     (c.p.sendMu for a field of c) inferred as the guard of the
//     instance's own fields: written under it, they are so incidentally.
//     Nor is a lock inferred as a field's guard when it is no discipline
//     of the type: fewer of the functions that use the type's fields hold
//     it than hold no gate of the instance at all (a buffer whose lock
//     only keeps a snapshot reader off the writes, while its getters and
//     its Reset touch the fields unlocked). Nor is a counting semaphore
//     with permits to spare inferred as a guard (a channel made with a
//     buffer of 128, semaphore.NewWeighted(4), or one whose size the
//     package does not show): it lets several holders touch what it
//     "guards" at once, so holding it is no fix. One made with a single
//     permit is a lock.
//   - A use after a test of a flag named for the lock that takes the
//     gate unless the caller says it holds it (Remove(locked bool, id):
//     if !locked { m.Lock(); defer m.Unlock() }): the use holds the gate
//     either way, the caller's by the flag's contract (gate's lock
//     flags). A call that passes the constant is judged by what its
//     caller holds.
//   - A use in an unexported helper (such as xxxLocked) whose callers hold
//     the gate. Paths start at the package's entries (exported functions,
//     functions whose value escapes, also through a conversion, such as a
//     func literal an unexported helper returns as an http.HandlerFunc),
//     so a helper is judged at its callers. A function whose value the
//     package only keeps in an unexported func field of its own that it
//     calls (a cache's onEvict handed to its key list, called back from
//     the list's add while the cache holds its lock) is no entry either:
//     it runs inside the package's paths. Nor is one handed only to a
//     function the package declares without a body and links to a hook
//     of the runtime (//go:linkname, such as a pool cleanup the runtime
//     runs with the world stopped): when it runs, and beside what, is the
//     runtime's affair, not a path of the package. (A function written in
//     assembly, or linked to another package's Go code, runs what it is
//     given as Go code does.) A literal handed through a
//     helper to a callback taker (walk(fsys, func…) wrapping it for
//     fs.WalkDir) runs in its maker's path, with what the maker holds.
//     So do the methods of a value of an unexported type made for one
//     call and handed to it in an interface (a status collector passed
//     to a delivery's BodyNonAtomic): they are called back before the
//     call returns. An HTTP handler handed to another package is not run
//     in place: net/http keeps it and serves each request on a goroutine
//     of its own, so it is an entry, without the registrar's gates; nor
//     is the func of time.AfterFunc or context.AfterFunc, which runs
//     when the timer fires or the context ends, a finalizer or cleanup
//     (runtime.SetFinalizer, runtime.AddCleanup), which runs on the
//     runtime's goroutine once its object is unreachable, or a shutdown
//     hook (http.Server's RegisterOnShutdown).
//   - A method of an unexported type whose values never leave the package
//     (no exported function, field or variable hands one out, no type that
//     leaves embeds it, and it is never converted to an interface): only the
//     package calls it, so its uses are judged at its callers, with their
//     gates held, such as an outer lock that every writer holds too. A
//     conversion to another package's interface keeps the value in the
//     package too when all it does is fill a slot: an unexported field (or
//     array field) of the package's whose loads the package only calls
//     through or compares (l.file[s].Write(data), under l.mu); a load
//     handed on or returned lets it out.
//   - A closure run under the gate before the call returns: one passed to a
//     helper that calls it with the gate held, a sort.Slice callback, a
//     range-over-func loop body.
//   - Constructors and init: they run before the value is shared.
//   - Fields of the object a package-level pointer points to, each a
//     resource of its own: a field set without the lock that guards
//     another is no race with it (the pointer itself stays a resource,
//     which every use through it reads). A function that uses the pointer
//     under its gate, and then an object it loaded there without it (old
//     := cur; cur = next; unlock; old.f), chose so, as a mixed use does.
//   - A call that passes a constant for a bool parameter deciding whether
//     its callee locks (load(k, true), where load locks if needLock): its
//     uses hold what the callee takes for that constant. A use the callee
//     makes only for some values of a parameter (under if needLock, if
//     status == closed, or a switch's case) is not made by a call that
//     passes another constant.
//   - Values that synchronise themselves: sync and sync/atomic types,
//     fields and variables the package accesses with sync/atomic functions,
//     [sync.Map], channels, and standard-library types documented as safe for
//     concurrent use (such as *log.Logger, *http.Client, *sql.DB).
//   - Values never written after initialisation, such as a field only the
//     constructor sets. The fields of a struct embedded by value are fields
//     of their owner, one resource each: locked writes of its counters say
//     nothing about its name. Its mutex is its owner's too, one gate
//     however deep the embedding (f.folder.tracker.mut is f.mut), so a use
//     under it through a helper of the embedded type is a guarded use.
//     So are the fields of a struct held by value in a named field: a
//     counter of ms.stats only an unlocked method bumps is guarded by
//     nothing the locked bumps of the other counters show. So are the
//     fields of a package-level variable of struct type: a field set in
//     init and then only read (logging.flushD) is no resource the
//     writers of the variable's other fields share. Writing or copying
//     the struct (logging.settings = s) writes or reads every field, and
//     the entries that lock around any of the variable's fields show the
//     variable's discipline: a field written under that lock somewhere
//     and read elsewhere without it is reported.
//     But a value of the embedded type on its own (an event copied out
//     of the transaction that embeds it, to be written out later) is no
//     owner's: a use through it, whose type has no such lock, is not
//     judged by the owner's lock.
//   - Two uses that need opposite values of a field the instance keeps
//     from when it is made (a read-only store's unlocked reads beside a
//     writable store's locked writes, if s.readOnly … ).
//   - A read made after checking, under the lock, that a critical section
//     which runs once per instance has run (it runs while a field is nil,
//     and sets it; nothing sets it back to nil), of a field only such
//     sections write: the write came first, and none can follow.
//   - A reader under an outer lock that every guarded writer also takes;
//     a write under a read lock that also holds a lock of its own that
//     every write of the resource holds, or that the function a sync.Once
//     runs makes (a lazy initialisation: it runs once, and every Do of the
//     Once returns after it). A lock every call of the package holds
//     around a function counts as the function's own: a namespace's
//     Validate, which trims its favourites under its read lock, called
//     only by the profile's Validate under the profile's lock, never
//     overlaps itself, even though it is exported.
//   - A use in a function handed to a serial executor (a task loop whose
//     Run sends the function to its one goroutine, which runs what it
//     is given one at a time) when every guarded write is handed to the
//     same executor: the loop orders them (pion's taskloop).
//   - A use that runs only after the wait for the end of the goroutine
//     that makes the guarded uses it conflicts with: the goroutine closes
//     a channel, or calls a WaitGroup's Done, in a deferred call, and the
//     use comes after a receive from that channel (or the Wait) on every
//     path. A job's Wait that returns the result its worker wrote under
//     the lock races with nothing; the same read before the wait does.
//   - A use before or after, on every path, the call of Run on a
//     *testing.M (TestMain, or a helper it hands m to): the tests run
//     inside that call, so cleanup after it races with none of them,
//     unless the other side runs on a goroutine the package's own code
//     starts (a janitor that logs beside the tests).
//   - A function that holds the gate for some uses of the resource and not
//     for others, such as the writer reading back its own write.
//   - Lifecycle code: functions whose name starts with the word Init,
//     Setup, Close, Stop or Shutdown (CloseAll, not Closest), or is
//     Start, and functions, not methods, whose name starts with
//     Initialize (InitializeCoverage; a method InitializeSession may run
//     per request); names ending in Locked or Unsafe, or starting with Unsafe or
//     Unlocked (unlockedAddHost: its callers hold the lock); and a method
//     that writes another field of the same instance with no gate held (a
//     setter run before sharing).
//   - Functions whose doc comment states a calling contract ("must only be
//     called while …", "must be held", "must not be called until …", "not
//     safe for concurrent use"), or any sentence that says how to call the
//     function and mentions concurrency, locks, goroutines or an order in
//     time ("should be called on a database that is not running any other
//     concurrent transactions"), or that says its synchronisation comes
//     from outside ("External synchronisation provided by
//     commitPipeline.mu", "serialized by the caller"), or that presumes
//     the locks held ("Assumes you have acquired the required locks").
//     A function whose doc says it is another's variant ("behaves exactly
//     like SetLogger", "a more flexible version of SetLogger") is under
//     that function's contract, and so is a wrapper whose whole body calls
//     a function under one.
//   - Test code: _test.go files, functions named …ForTesting or …ForTest,
//     and the closures they make, stored or passed on.
//
// The lifecycle names, doc-comment contracts and setter shape above keep
// inference quiet; they do not excuse a use of a resource annotated
// //gatevet:guardedby, which is a contract: a Close that reads an
// annotated field without its gate is reported.
//
// # Suppressing a report
//
// Put "//gatevet:ignore bypass reason" on the reported line (the use) or
// on the line above it:
//
//	return runUpscaler(x) //gatevet:ignore bypass only called before the server starts
//
// The reason is required. An ignore without one suppresses nothing and is
// itself reported. An ignore that has nothing to suppress on its line or the
// next is reported too. Under golangci-lint, "//nolint:gatevet" also
// works.
//
// # Run it alone
//
//	go vet -vettool="$(go env GOPATH)/bin/gatevet" -vetsuite=false -bypass ./...
//	gatevet help bypass
//
// -vetsuite=false leaves out the standard go vet analyzers; -bypass
// selects this analyzer only. Malformed //gatevet: directives are reported
// by the [directives] analyzer, so a run of bypass alone does not check
// them (-bypass -directives does).
//
// [directives]: https://github.com/gatevet/gatevet/blob/main/docs/analyzers/directives.md
package bypass

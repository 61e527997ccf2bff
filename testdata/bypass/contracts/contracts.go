// Package contracts: unguarded uses that a contract, a lifecycle phase
// or test code explains. All silent.
package contracts

import "sync"

type Device struct{ jobs int }

func (d *Device) Run() { d.jobs++ }

var (
	mu    sync.Mutex
	dev   = &Device{}
	table = map[string]int{}
)

func A() {
	mu.Lock()
	defer mu.Unlock()
	dev.Run()
	table["a"]++
}

func B() {
	mu.Lock()
	defer mu.Unlock()
	dev.Run()
	table["b"]++
}

func C() {
	mu.Lock()
	defer mu.Unlock()
	dev.Run()
	table["c"]++
}

func D() {
	mu.Lock()
	defer mu.Unlock()
	table["d"]++
}

func E() {
	mu.Lock()
	defer mu.Unlock()
	table["e"]++
}

// Reload must only be called while no request is in flight.
func Reload() { dev.Run() }

// Compact should be called on a database that is not running any other
// concurrent transactions.
func Compact() { table["compact"] = 0 }

// Step counts a step. External synchronisation provided by the commit
// pipeline's lock.
func Step() { table["step"]++ }

// Audit marks the table audited. Important: assumes you have acquired
// the required locks and will release them yourself.
func Audit() { table["audited"] = 1 }

// Seed fills the table. Seeding is not thread-safe and should be done
// while no other goroutines use the table.
func Seed(k string) { table[k] = 1 }

// SeedDefault behaves exactly like Seed, with the default key: Seed's
// contract, stated by reference.
func SeedDefault() { table["default"] = 1 }

// SeedAll seeds the key "all": a wrapper of Seed, bound by its
// contract.
func SeedAll() { Seed("all") }

// bump must be called with mu held.
func bump(k string) { table[k]++ }

// Bump wraps bump without taking mu: a wrapper that breaks the
// contract, not one under it.
func Bump(k string) { bump(k) } // want `Bump writes table through bump → table without holding mu`

// Close runs after the workers have stopped.
func Close() { table["closed"] = 1 }

// ResetForTesting is a test helper.
func ResetForTesting() { table["reset"] = 0 }

// Install assigns the table itself, with nothing held: it installs it.
func Install(t map[string]int) { table = t }

// Current loads the device pointer, which is never reassigned: using
// the pointer is not using the device.
func Current() *Device { return dev }

// runner is called through an interface of the package.
type runner interface{ run() }

type job struct{}

func (job) run() { table["job"]++ }

func Dispatch(r runner) {
	mu.Lock()
	defer mu.Unlock()
	r.run()
}

var _ runner = job{}

// Rogue is the one path that forgot the lock: reported only because
// every near-miss above is no evidence against the guard.
func Rogue() {
	table["rogue"]++ // want `Rogue writes table without holding mu, which guards it in A, B, C`
}

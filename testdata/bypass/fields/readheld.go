package fields

import "sync"

// A field written under a read lock taken for something else (the
// shared cache read to build the value) is not guarded by that lock: it
// serialises the write with nothing but the lock's writers, and holding
// it around a read would not help.
var (
	cacheMu sync.RWMutex
	cache   = map[string]int{}
)

// Policy is safe for concurrent use.
type Policy struct {
	magic *int
	other *int
}

func (p *Policy) Provision(k string) {
	cacheMu.RLock()
	v := cache[k]
	p.magic = &v
	cacheMu.RUnlock()
}

func (p *Policy) Reprovision(k string) {
	cacheMu.RLock()
	v := cache[k] + 1
	p.magic = &v
	cacheMu.RUnlock()
}

func (p *Policy) IsProvisioned() bool { return p.magic != nil }

// The twin takes the write lock around its writes: the lock is other's
// guard, and the unlocked read is reported.
func (p *Policy) Install(k string) {
	cacheMu.Lock()
	v := cache[k]
	p.other = &v
	cacheMu.Unlock()
}

func (p *Policy) Reinstall(k string) {
	cacheMu.Lock()
	v := cache[k] + 1
	p.other = &v
	cacheMu.Unlock()
}

func (p *Policy) IsInstalled() bool {
	return p.other != nil // want `IsInstalled reads p\.other without holding cacheMu, which guards it in Install, Reinstall`
}

// Two methods of one name on different types are told apart by their
// receivers in the report.
var (
	totalMu sync.Mutex
	total   int
)

type Left struct{}

type Right struct{}

func (Left) Reset() {
	totalMu.Lock()
	total = 0
	totalMu.Unlock()
}

func (Right) Reset() {
	totalMu.Lock()
	total = 1
	totalMu.Unlock()
}

func Total() int {
	return total // want `Total reads total without holding totalMu, which guards it in Left\.Reset, Right\.Reset:`
}

// Package idioms: channel semaphores, closures run under a gate, and
// goroutines.
package idioms

import (
	"io/fs"
	"slices"
	"sort"
	"sync"
	"time"
)

var (
	slots    = make(chan struct{}, 1)
	registry = map[string]int{}
)

func Register(k string, v int) {
	slots <- struct{}{}
	defer func() { <-slots }()
	registry[k] = v
}

func Rename(old, k string) {
	slots <- struct{}{}
	defer func() { <-slots }()
	registry[k] = registry[old]
	delete(registry, old)
}

func Unregister(k string) {
	delete(registry, k) // want `Unregister writes registry without holding slots, which guards it in Register, Rename`
}

var (
	mu     sync.Mutex
	totals = map[string]int{}
)

// locked runs f with mu held.
func locked(f func()) {
	mu.Lock()
	defer mu.Unlock()
	f()
}

func Add(k string) { locked(func() { totals[k]++ }) }

func Sub(k string) { locked(func() { totals[k]-- }) }

func Scale(k string) {
	mu.Lock()
	totals[k] *= 2
	mu.Unlock()
}

// Later writes from a timer callback without the lock.
func Later(k string) {
	time.AfterFunc(time.Second, func() {
		totals[k] = 0 // want `^latent: a func literal in Later writes totals without holding mu, which guards it in Add, Sub, Scale`
	})
}

var order []string

// SortTotals sorts under the lock: sort.Slice calls back before it
// returns, so the callback's reads are guarded.
func SortTotals() {
	mu.Lock()
	defer mu.Unlock()
	sort.Slice(order, func(i, j int) bool { return totals[order[i]] < totals[order[j]] })
}

// walk hands fn to fs.WalkDir inside a literal of the named type
// fs.WalkDirFunc, which calls back before it returns: fn runs in walk's
// caller, with what the caller holds.
func walk(fsys fs.FS, fn func(name string)) error {
	return fs.WalkDir(fsys, ".", func(name string, _ fs.DirEntry, err error) error {
		fn(name)
		return err
	})
}

// Count walks under the lock: the literal's writes are guarded.
func Count(fsys fs.FS) error {
	mu.Lock()
	defer mu.Unlock()
	return walk(fsys, func(name string) { totals[name]++ })
}

// Recount walks after letting go of the lock.
func Recount(fsys fs.FS) error {
	return walk(fsys, func(name string) { totals[name]++ }) // want `Recount writes totals through walk → func literal in Recount → totals without holding mu`
}

// Spawn starts a goroutine under the lock and waits for it: the work
// is covered by the gate its starter holds.
func Spawn(k string) {
	mu.Lock()
	defer mu.Unlock()
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		totals[k] = 1
	}()
	wg.Wait()
}

// Refresh starts a goroutine under the lock and returns: the goroutine
// writes after Refresh has let go of mu.
func Refresh(k string) {
	mu.Lock()
	defer mu.Unlock()
	go func() { // want `^latent: the goroutine Refresh starts writes totals through func literal in Refresh → totals without holding mu, which guards it in Add, Sub, Scale`
		totals[k] = 2
	}()
}

var (
	once   sync.Once
	config map[string]string
)

// sync.Once's inner mutex guards the Once, not what its function sets:
// reads after Do are ordered by the Once.
func loadConfig() { once.Do(func() { config = map[string]string{"a": "b"} }) }

func LoadA() { loadConfig() }

func LoadB() { loadConfig() }

func LoadC() { loadConfig() }

func Config(k string) string { return config[k] }

var callbacks []func()

// Deferred keeps its callbacks in a local slice and runs them under the
// lock: they are its own code.
func Deferred(k string) {
	var fs []func()
	fs = append(fs, func() { totals[k] = 3 })
	mu.Lock()
	for _, f := range fs {
		f()
	}
	mu.Unlock()
	callbacks = append(callbacks, fs...)
}

// forEach runs f from a range-over-func loop body: f runs before
// forEach returns, under whatever its caller holds.
func forEach(keys []string, f func(string)) {
	for k := range slices.Values(keys) {
		f(k)
	}
}

func AddAll(keys []string) {
	mu.Lock()
	defer mu.Unlock()
	forEach(keys, func(k string) { totals[k]++ })
}

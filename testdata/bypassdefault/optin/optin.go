// Package optin: what bypass reports without -bypass.fields. A guard
// inferred for a field of an instance is reported only with the flag; an
// annotated field, and a package-level variable, are always reported.
package optin

import "sync"

type Cache struct {
	mu    sync.Mutex
	items map[string]int
	audit []string //gatevet:guardedby mu
}

func (c *Cache) Get(k string) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.audit = append(c.audit, k)
	return c.items[k]
}

func (c *Cache) Put(k string, v int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.audit = append(c.audit, k)
	c.items[k] = v
}

func (c *Cache) Delete(k string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	delete(c.items, k)
}

func (c *Cache) Reset() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.items = map[string]int{}
}

// Peek reads a field whose guard is only inferred.
func (c *Cache) Peek(k string) int { return c.items[k] }

// Audit reads a field annotated as guarded by mu: always reported.
func (c *Cache) Audit() []string {
	return c.audit // want `latent: Audit reads c\.audit without holding c\.mu, which guards it in`
}

var (
	mu       sync.Mutex
	sessions = map[string]int{}
)

func Open(k string) {
	mu.Lock()
	defer mu.Unlock()
	sessions[k]++
}

func Drop(k string) {
	mu.Lock()
	defer mu.Unlock()
	delete(sessions, k)
}

// Count reads a package-level variable without the mutex that guards it
// in Open and Drop: reported by default.
func Count() int {
	return len(sessions) // want `latent: Count reads sessions without holding mu, which guards it in Open, Drop`
}

func NewCache() *Cache { return &Cache{items: map[string]int{}} }

// An annotation is a contract: a lifecycle name, a doc phrase or a
// setter's shape excuses a use from inference, not from the annotation.

// Close reads the annotated audit log without c.mu.
func (c *Cache) Close() []string {
	return c.audit // want `latent: Close reads c\.audit without holding c\.mu`
}

// Replay must only be called before the cache is shared with other
// goroutines.
func (c *Cache) Replay() int {
	return len(c.audit) // want `latent: Replay reads c\.audit without holding c\.mu`
}

// Configure writes another field with nothing held, as a setter run
// before sharing does, and the annotated field too.
func (c *Cache) Configure(items map[string]int) {
	c.items = items
	c.audit = nil // want `latent: Configure writes c\.audit without holding c\.mu`
}

// Shutdown reads the package-level sessions, whose guard is only
// inferred: the lifecycle name keeps inference quiet.
func Shutdown() int { return len(sessions) }

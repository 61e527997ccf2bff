package fields

import (
	"container/list"
	"sync"
)

// An LRU cache hands its onEvict to its key list, which calls it back
// from add while the cache holds c.mu: onEvict is entered only through
// the cache's own locked paths, so its write of c.data is guarded.
//
// It is safe for concurrent use.
type LRU struct {
	mu   sync.Mutex
	data map[string]int
	keys *keyList
}

type keyList struct {
	limit   int
	order   *list.List
	onEvict func(key string)
}

func newKeyList(limit int, onEvict func(key string)) *keyList {
	return &keyList{limit: limit, order: list.New(), onEvict: onEvict}
}

func (l *keyList) add(key string) {
	l.order.PushFront(key)
	if l.order.Len() > l.limit {
		e := l.order.Back()
		l.order.Remove(e)
		if l.onEvict != nil {
			l.onEvict(e.Value.(string))
		}
	}
}

func NewLRU(limit int) *LRU {
	c := &LRU{data: make(map[string]int)}
	c.keys = newKeyList(limit, c.onEvict)
	return c
}

func (c *LRU) Set(k string, v int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.data[k] = v
	c.keys.add(k)
}

func (c *LRU) Get(k string) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.data[k]
}

func (c *LRU) Del(k string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	delete(c.data, k)
}

func (c *LRU) Len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.data)
}

func (c *LRU) onEvict(k string) {
	delete(c.data, k) // the caller holds c.mu
}

// TTLCache is LRU whose onEvict Expire also calls, without the lock: it
// races with Set (the twin races under -race).
//
// It is safe for concurrent use.
type TTLCache struct {
	mu   sync.Mutex
	data map[string]int
	keys *keyList
}

func NewTTLCache(limit int) *TTLCache {
	c := &TTLCache{data: make(map[string]int)}
	c.keys = newKeyList(limit, c.onEvict)
	return c
}

func (c *TTLCache) Set(k string, v int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.data[k] = v
	c.keys.add(k)
}

// Expire is the path without the lock.
func (c *TTLCache) Expire(k string) {
	c.onEvict(k) // want `Expire writes the entries of c\.data through \(\*TTLCache\)\.onEvict → c\.data without holding c\.mu`
}

func (c *TTLCache) Get(k string) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.data[k]
}

func (c *TTLCache) Del(k string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	delete(c.data, k)
}

func (c *TTLCache) Len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.data)
}

func (c *TTLCache) onEvict(k string) {
	delete(c.data, k)
}

// HookedLRU's list hands its onEvict out (OnEvict returns it), so anyone
// can call it without the lock: it is an entry of its own.
//
// It is safe for concurrent use.
type HookedLRU struct {
	mu   sync.Mutex
	data map[string]int
	keys *hookList
}

type hookList struct {
	onEvict func(key string)
}

func newHookList(onEvict func(key string)) *hookList { return &hookList{onEvict: onEvict} }

func (c *HookedLRU) OnEvict() func(string) { return c.keys.onEvict }

func NewHookedLRU() *HookedLRU {
	c := &HookedLRU{data: make(map[string]int)}
	c.keys = newHookList(c.onEvict)
	return c
}

func (c *HookedLRU) Set(k string, v int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.data[k] = v
}

func (c *HookedLRU) Get(k string) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.data[k]
}

func (c *HookedLRU) Del(k string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	delete(c.data, k)
}

func (c *HookedLRU) onEvict(k string) {
	delete(c.data, k) // want `onEvict writes the entries of c\.data without holding c\.mu`
}

package backptr

import "sync"

// A Catalog's Reader is exported but never handed out: no function,
// method or field of the package gives another package a *Reader, so
// c.reader.catalog is c for every catalog.
type Catalog struct {
	mu     sync.RWMutex
	titles map[string]int
	reader *Reader
}

type Reader struct {
	catalog *Catalog
}

func NewCatalog() *Catalog {
	c := &Catalog{titles: map[string]int{}}
	c.reader = &Reader{catalog: c}
	return c
}

func (r *Reader) Lookup(k string) int {
	r.catalog.mu.RLock()
	defer r.catalog.mu.RUnlock()
	return r.catalog.titles[k]
}

func (c *Catalog) Add(k string) {
	c.mu.Lock()
	c.titles[k]++
	c.mu.Unlock()
}

// Sum read-locks c.mu and its reader read-locks c.reader.catalog.mu,
// which is c.mu: an Add that queues between the two deadlocks both.
func (c *Catalog) Sum(keys []string) int {
	c.mu.RLock()
	defer c.mu.RUnlock()
	n := 0
	for _, k := range keys {
		n += c.reader.Lookup(k) // want `latent: call to \(\*Reader\)\.Lookup acquires c\.mu`
	}
	return n
}

// An Archive hands its Cursor out (Cursor returns it): another package
// may overwrite one archive's cursor with another's (*a.Cursor() =
// *b.Cursor()), so a.cursor.archive need not be a.
type Archive struct {
	mu     sync.RWMutex
	titles map[string]int
	cursor *Cursor
}

type Cursor struct {
	archive *Archive
}

func NewArchive() *Archive {
	a := &Archive{titles: map[string]int{}}
	a.cursor = &Cursor{archive: a}
	return a
}

func (a *Archive) Cursor() *Cursor { return a.cursor }

func (r *Cursor) Lookup(k string) int {
	r.archive.mu.RLock()
	defer r.archive.mu.RUnlock()
	return r.archive.titles[k]
}

func (a *Archive) Add(k string) {
	a.mu.Lock()
	a.titles[k]++
	a.mu.Unlock()
}

func (a *Archive) Sum(keys []string) int {
	a.mu.RLock()
	defer a.mu.RUnlock()
	n := 0
	for _, k := range keys {
		n += a.cursor.Lookup(k)
	}
	return n
}

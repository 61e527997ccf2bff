package owned

import "sync"

// Catalog's orders invert: Names read-locks idx and then write-locks
// meta to note a hit, Tags read-locks meta and then idx. Tags's read
// lock of idx waits behind Names's only while a writer of idx queues,
// and the one write lock of idx is taken by the constructor on the
// catalog it is building, which no reader can meet.
type Catalog struct {
	idx   sync.RWMutex
	meta  sync.RWMutex
	names []string
	hits  int
}

func NewCatalog(names []string) *Catalog {
	c := &Catalog{}
	c.idx.Lock()
	c.names = append(c.names, names...)
	c.idx.Unlock()
	return c
}

func (c *Catalog) Names() int {
	c.idx.RLock()
	defer c.idx.RUnlock()
	c.meta.Lock()
	c.hits++
	c.meta.Unlock()
	return len(c.names)
}

func (c *Catalog) Tags() int {
	c.meta.RLock()
	defer c.meta.RUnlock()
	c.idx.RLock()
	defer c.idx.RUnlock()
	return c.hits + len(c.names)
}

// Shelf is Catalog with a writer of idx on a published shelf: Restock
// can queue between the two read locks of idx, and then Names waits for
// meta, Tags for idx, and Restock for Names.
type Shelf struct {
	idx   sync.RWMutex
	meta  sync.RWMutex
	names []string
	hits  int
}

func NewShelf(names []string) *Shelf {
	s := &Shelf{}
	s.idx.Lock()
	s.names = append(s.names, names...)
	s.idx.Unlock()
	return s
}

func (s *Shelf) Restock(names []string) {
	s.idx.Lock()
	s.names = append(s.names, names...)
	s.idx.Unlock()
}

func (s *Shelf) Names() int {
	s.idx.RLock()
	defer s.idx.RUnlock()
	s.meta.Lock() // want `s\.meta is acquired while holding s\.idx, but .*a third goroutine queues to write-lock s\.idx \(\(\*Shelf\)\.Restock \(readers\.go:61\) write-locks s\.idx\)`
	s.hits++
	s.meta.Unlock()
	return len(s.names)
}

func (s *Shelf) Tags() int {
	s.meta.RLock()
	defer s.meta.RUnlock()
	s.idx.RLock() // want `s\.idx is acquired while holding s\.meta, but .*a third goroutine queues to write-lock s\.idx \(\(\*Shelf\)\.Restock \(readers\.go:61\) write-locks s\.idx\)`
	defer s.idx.RUnlock()
	return s.hits + len(s.names)
}

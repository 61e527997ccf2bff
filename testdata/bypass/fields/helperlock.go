package fields

import "sync"

// Block's tombstone count is written in one place, Delete, under the
// block's lock; Size reads it bare. DeleteAll reaches Delete on a
// goroutine per block, through the func an inline call returns: that is
// the same locked write, no second piece of evidence that the lock
// guards the field (prometheus' tsdb, where the database's own lock keeps
// Size and Delete apart). Segment's count is written under its lock in
// two places, Delete and Truncate: Size, on the database's run loop, races
// with them.
type Block struct {
	mtx     sync.Mutex
	tombs   int64
	entries int64
}

func (b *Block) Size() int64 { return b.tombs + b.entries }

func (b *Block) Delete() {
	b.mtx.Lock()
	defer b.mtx.Unlock()
	b.tombs++
}

type Segment struct {
	mtx     sync.Mutex
	tombs   int64
	entries int64
}

func (s *Segment) Size() int64 { return s.tombs + s.entries } // want `latent: Size reads s\.tombs without holding s\.mtx`

func (s *Segment) Delete() {
	s.mtx.Lock()
	defer s.mtx.Unlock()
	s.tombs++
}

func (s *Segment) Truncate() {
	s.mtx.Lock()
	s.tombs = 0
	s.mtx.Unlock()
}

type Tsdb struct {
	blocks   []*Block
	segments []*Segment
	total    int64
}

func OpenTsdb() *Tsdb {
	st := &Tsdb{}
	go st.run()
	return st
}

func (st *Tsdb) run() {
	for {
		for _, b := range st.blocks {
			st.total += b.Size()
		}
		for _, s := range st.segments {
			st.total += s.Size()
		}
	}
}

func (st *Tsdb) DeleteAll() {
	var wg sync.WaitGroup
	for _, b := range st.blocks {
		wg.Go(func(b *Block) func() {
			return func() { b.Delete() }
		}(b))
	}
	for _, s := range st.segments {
		wg.Go(func(s *Segment) func() {
			return func() { s.Delete() }
		}(s))
	}
	wg.Wait()
}

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

// Score's count is guarded by one unexported helper that both its
// recording methods call: one helper, but two entries that hold the lock
// around the use, each by its own call. Total reads it bare.
//
// It is safe for concurrent use.
type Score struct {
	mu    sync.Mutex
	count int
}

func (t *Score) add(d int) {
	t.mu.Lock()
	t.count += d
	t.mu.Unlock()
}

func (t *Score) Record() { t.add(1) }
func (t *Score) Forget() { t.add(-1) }

func (t *Score) Total() int { return t.count } // want `latent: Total reads t\.count without holding t\.mu, which is held where \(\*Score\)\.add writes it`

// Sheet takes its lock through lock and unlock wrappers, in each entry,
// around a shared setter: two places that take the lock.
//
// It is safe for concurrent use.
type Sheet struct {
	mu   sync.Mutex
	rows []int
}

func (s *Sheet) lock()              { s.mu.Lock() }
func (s *Sheet) unlock()            { s.mu.Unlock() }
func (s *Sheet) setRows(rows []int) { s.rows = rows }

func (s *Sheet) Append(n int) {
	s.lock()
	s.setRows(make([]int, n))
	s.unlock()
}

func (s *Sheet) Clear() {
	s.lock()
	s.setRows(nil)
	s.unlock()
}

func (s *Sheet) Len() int { return len(s.rows) } // want `latent: Len reads s\.rows without holding s\.mu`

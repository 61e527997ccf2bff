package fields

import "sync"

// Board's scores are changed in place under its lock; Total takes a
// score list under the lock and ranges over it after releasing it: the
// range's loads race with Set's and Reset's stores into the same array,
// and with Add's append, which may write into it too. The SSA
// builder gives a range loop's loads no position: the report is at the
// statement in the loop that uses the element.
//
// It is safe for concurrent use.
type Board struct {
	mu     sync.Mutex
	scores map[string][]int
}

func (b *Board) Set(name string, i, v int) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.scores[name][i] = v
}

func (b *Board) Add(name string, v int) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.scores[name] = append(b.scores[name], v)
}

func (b *Board) Reset(name string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	for i := range b.scores[name] {
		b.scores[name][i] = 0
	}
}

func (b *Board) Total(name string) int {
	b.mu.Lock()
	s := b.scores[name]
	b.mu.Unlock()
	n := 0
	for _, v := range s {
		n += v // want `latent: Total reads the elements of the slices in b\.scores without holding b\.mu, which guards it in Set, Add, Reset`
	}
	return n
}

// Best ranges over a list with the lock held: no race.
func (b *Board) Best(name string) int {
	b.mu.Lock()
	defer b.mu.Unlock()
	best := 0
	for _, v := range b.scores[name] {
		best = max(best, v)
	}
	return best
}

// Package locals: a local mutex that goroutine literals capture is one
// gate wherever it is locked; opposite orders between two of them
// deadlock.
package locals

import "sync"

func Transfer() {
	var from, to sync.Mutex
	var wg sync.WaitGroup
	wg.Add(2)
	go func() {
		defer wg.Done()
		from.Lock()
		to.Lock() // want `latent: to is acquired while holding from, but func literal in Transfer \(locals\.go:\d+\) acquires from while holding to`
		to.Unlock()
		from.Unlock()
	}()
	go func() {
		defer wg.Done()
		to.Lock()
		from.Lock() // want `latent: from is acquired while holding to, but func literal in Transfer \(locals\.go:\d+\) acquires to while holding from`
		from.Unlock()
		to.Unlock()
	}()
	wg.Wait()
}

// Ordered takes the captured locks in one order everywhere.
func Ordered() {
	a, b := &sync.Mutex{}, &sync.Mutex{}
	go func() {
		a.Lock()
		b.Lock()
		b.Unlock()
		a.Unlock()
	}()
	a.Lock()
	b.Lock()
	b.Unlock()
	a.Unlock()
}

// Two functions' locals are different gates, whatever their names.
func First() {
	var a, b sync.Mutex
	a.Lock()
	b.Lock()
	b.Unlock()
	a.Unlock()
}

func Second() {
	var a, b sync.Mutex
	b.Lock()
	a.Lock()
	a.Unlock()
	b.Unlock()
}

// Parameters are whatever each caller passes: no class.
func Pair(a, b *sync.Mutex) {
	a.Lock()
	b.Lock()
	b.Unlock()
	a.Unlock()
}

func Swap(x, y *sync.Mutex) {
	Pair(x, y)
	Pair(y, x)
}

// Sequential takes both orders on one goroutine, one after the other,
// with locals no goroutine sees.
func Sequential() {
	var a, b sync.Mutex
	a.Lock()
	b.Lock()
	b.Unlock()
	a.Unlock()
	func() {
		b.Lock()
		a.Lock()
		a.Unlock()
		b.Unlock()
	}()
}

package elements

import "sync"

// A registry of shapes by URL. Throttle locks the shape its connection's
// URL names, and unlocks it through the same lookup, the key loaded
// again from the connection: one shape, let go of before next takes the
// registry's lock, whichever branch it takes. No order runs from the
// shape's lock to the registry's in Throttle; Count's runs.
type Shape struct {
	sync.Mutex
	count int
}

type Registry struct {
	sync.RWMutex
	M map[string]*Shape
}

type Context struct{ URL string }

type Link struct {
	reg *Registry
	ctx *Context
}

func (l *Link) next() int {
	l.reg.RLock()
	defer l.reg.RUnlock()
	return len(l.reg.M)
}

func (l *Link) Throttle(halt bool) int {
	l.reg.RLock()
	l.reg.M[l.ctx.URL].Lock() // want `latent: l\.reg\.M\[l\.ctx\.URL\]\.Mutex is acquired while holding l\.reg, but \(\*Link\)\.Count`
	l.reg.M[l.ctx.URL].count--
	if halt {
		l.reg.M[l.ctx.URL].Unlock()
		l.reg.RUnlock()
		return 0
	}
	l.reg.M[l.ctx.URL].Unlock()
	l.reg.RUnlock()
	return l.next()
}

// Count holds the shape's lock across next, which takes the registry's:
// the reverse of Throttle's order.
func (l *Link) Count() int {
	s := l.reg.M[l.ctx.URL]
	s.Lock()
	defer s.Unlock()
	return l.next() // want `latent: l\.reg is acquired in \(\*Link\)\.next while holding s\.Mutex, but \(\*Link\)\.Throttle`
}

// Add write-locks the registry: a writer that can queue between the
// read locks.
func (l *Link) Add(url string) {
	l.reg.Lock()
	defer l.reg.Unlock()
	l.reg.M[url] = &Shape{}
}

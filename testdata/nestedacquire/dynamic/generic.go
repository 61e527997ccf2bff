package dynamic

import "sync"

// runner's implementations include a type declared in a generic
// function, whose instances the package cannot list: the call through
// runner stays unresolved, and the rest of the function is still
// summarised.
type runner interface{ run() }

type stageImpl struct{ mu sync.Mutex }

func (i *stageImpl) run() {
	i.mu.Lock()
	i.mu.Unlock()
}

func Wrap[T any](x T) runner {
	type wrap struct {
		*stageImpl
		v T
	}
	return wrap{&stageImpl{}, x}
}

type Stage struct {
	mu sync.Mutex
	r  runner
}

func (s *Stage) call() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.r.run()
}

// Twice holds s.mu and calls call, which locks s.mu again.
func (s *Stage) Twice() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.call() // want `certain: call to \(\*Stage\)\.call acquires s\.mu`
}

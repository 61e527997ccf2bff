// Package loader starts model loads in the background.
package loader

// Start starts loading and returns a channel closed when it is done.
func Start(name string) <-chan struct{} {
	done := make(chan struct{})
	go func() {
		load(name)
		close(done)
	}()
	return done
}

func load(name string) { _ = name }

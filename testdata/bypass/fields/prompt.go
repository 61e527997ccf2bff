package fields

import "sync"

// A prompt whose SetStyle writes the style without the lock, called by
// users and by render, which holds the lock around it: a user's
// SetStyle races with a Changed on another goroutine. The message says
// the lock is held around this same write on the other paths.
//
// It is safe for concurrent use.
type Prompt struct {
	mu    sync.Mutex
	style string
	text  string
}

func (p *Prompt) SetStyle(s string) {
	p.style = s // want `^latent: SetStyle writes p\.style without holding p\.mu, which is held around this same write when Changed or Completed reach it: `
}

func (p *Prompt) render(t string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.text = t
	p.SetStyle(p.style + "!")
}

func (p *Prompt) Changed(t string)   { p.render(t) }
func (p *Prompt) Completed(t string) { p.render(t) }

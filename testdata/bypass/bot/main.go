// Command bot keeps its session in a package variable. The session's
// methods write the session's own fields, under its own locks: that is
// the session package's business, not a write of the variable s. Its
// own token is written under a read lock twice: once in main, which
// runs once, on one goroutine, and once in reload, which main starts
// twice.
package main

import (
	"os"
	"sync"

	"example.com/bypass/session"
)

var (
	s     *session.Session
	mu    sync.RWMutex
	token string
)

func setToken(t string) {
	mu.Lock()
	token = t
	mu.Unlock()
}

func reload() {
	mu.RLock()
	defer mu.RUnlock()
	token = os.Getenv("TOKEN")
}

func main() {
	s = session.New()
	s.AddHandler("ready", func() { reload() })
	defer s.Close()
	setToken("start")
	mu.RLock()
	token = os.Getenv("TOKEN")
	mu.RUnlock()
	s.Ready("id")
	go reload() // want `latent: main writes token through reload → token holding only the read lock of mu \(read-locked inside reload, called at main\.go:\d+\), which guards it \(main writes it with mu write-locked\): read-lock holders run at the same time, so this write races whenever another goroutine runs reload meanwhile`
	go reload()
}

// Package wrappers: package-level functions wrap the default client's
// methods, and (*Client).Capture reads the sample rate without the lock
// SetSampleRate writes it under. One read, reached from every wrapper
// that calls Capture: one report, at the first, naming the others.
package wrappers

import "sync"

type Client struct {
	mu   sync.RWMutex
	rate float64
	tags map[string]string
	env  string
}

var Default = &Client{rate: 1, tags: map[string]string{}}

func (c *Client) SetSampleRate(r float64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.rate = r
}

func (c *Client) SetTag(k, v string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.tags[k] = v
}

func (c *Client) Tag(k string) string {
	c.mu.RLock()
	defer c.mu.RUnlock()
	return c.tags[k]
}

func (c *Client) SetEnvironment(env string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.env = env
}

func (c *Client) Environment() string {
	c.mu.RLock()
	defer c.mu.RUnlock()
	return c.env
}

func (c *Client) Rate() float64 {
	c.mu.RLock()
	defer c.mu.RUnlock()
	return c.rate
}

func (c *Client) Capture(msg string) bool { return c.rate >= 1 && msg != "" }

func (c *Client) CaptureError(err error) bool { return c.Capture(err.Error()) }

func SetSampleRate(r float64) { Default.SetSampleRate(r) }

func ResetSampleRate() { Default.SetSampleRate(1) }

func ClearTag(k string) { Default.SetTag(k, "") }

func ResetEnvironment() { Default.SetEnvironment("") }

func SetTag(k, v string) { Default.SetTag(k, v) }

func Tag(k string) string { return Default.Tag(k) }

func Rate() float64 { return Default.Rate() }

func SetEnvironment(env string) { Default.SetEnvironment(env) }

func Environment() string { return Default.Environment() }

// StartupCapture runs once, from main, before any goroutine: its report
// is ignored, and the others are reported without it.
func StartupCapture(msg string) bool {
	//gatevet:ignore bypass runs once from main before SetSampleRate can be called
	return Default.Capture(msg)
}

func Capture(msg string) bool {
	return Default.Capture(msg) // want `Capture reads Default\.rate through \(\*Client\)\.Capture → c\.rate without holding Default\.mu, .*; CaptureError reaches the same read too; hold Default\.mu [^;]*$`
}

func CaptureError(err error) bool { return Default.CaptureError(err) }

// FinalCapture runs once, from main, after every goroutine has
// stopped: its report is ignored too, and it is not named in Capture's.
func FinalCapture(msg string) bool {
	//gatevet:ignore bypass runs once from main after the workers have stopped
	return Default.Capture(msg)
}

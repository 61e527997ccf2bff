// Package tokenmap: an API client whose rpc fetches a token first unless
// the request's params carry one. getToken holds the token lock while it
// asks for a token, and passes a placeholder token in the params: rpc does
// not come back for the lock. Not reported. Refresh holds the lock and
// calls rpc with params that carry no token: rpc calls getToken, which
// locks again, for certain. RefreshWith passes on the params it is given:
// it blocks when they carry no token, which its message says.
package tokenmap

import "sync"

type params map[string]any

type Client struct {
	tokenMu sync.Mutex
	token   string
	sent    []string
}

func (c *Client) getToken() string {
	c.tokenMu.Lock()
	defer c.tokenMu.Unlock()
	if c.token == "" {
		c.rpc("auth", params{"token": "*", "user": "me"})
		c.token = "t"
	}
	return c.token
}

func (c *Client) rpc(fn string, p params) string {
	if _, ok := p["token"]; !ok {
		p["token"] = c.getToken()
	}
	c.sent = append(c.sent, fn)
	return fn
}

// Get asks for path with the client's token.
func (c *Client) Get(path string) string { return c.rpc("get", params{"path": path}) }

// Refresh asks for a new token while it holds the token lock.
func (c *Client) Refresh() {
	c.tokenMu.Lock()
	defer c.tokenMu.Unlock()
	c.token = ""
	c.rpc("refresh", params{"user": "me"}) // want `^certain: call to \(\*Client\)\.rpc acquires c\.tokenMu \(\(\*Client\)\.getToken → c\.tokenMu\.Lock at tokenmap\.go:21\) while it is already held`
}

// RefreshWith holds the lock and calls rpc with the params it is given:
// it blocks when they carry no token.
func (c *Client) RefreshWith(p params) {
	c.tokenMu.Lock()
	defer c.tokenMu.Unlock()
	c.rpc("refresh", p) // want `^latent: call to \(\*Client\)\.rpc acquires c\.tokenMu .*: when p has no key "token", sync\.Mutex is not reentrant`
}

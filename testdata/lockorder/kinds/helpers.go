package kinds

// The same orders with the connections locked by a helper the gateway
// code calls holding the gateways' lock: to the caller the helper locks
// some element of the container it ranges over, and that container's
// elements have the modes of what the package puts in it. hasOutbound
// locks gateway connections only; touchAll, every connection.

// Redial holds the gateways' lock and asks hasOutbound, which locks each
// outbound gateway connection: never a leaf one.
func (s *Server) Redial(name string) bool {
	s.gw.mu.Lock()
	defer s.gw.mu.Unlock()
	return s.gw.hasOutbound(name)
}

func (g *gateways) hasOutbound(name string) bool {
	for _, c := range g.out {
		c.mu.Lock()
		n := c.name
		c.mu.Unlock()
		if n == name {
			return true
		}
	}
	return false
}

// Touch holds the gateways' lock and calls touchAll, which locks every
// connection, leaf ones included: against processLeafConnect, the same
// deadlock as Broadcast's.
func (s *Server) Touch() {
	s.gw.mu.Lock()
	defer s.gw.mu.Unlock()
	s.touchAll() // want `latent: s\.conns\[\?\]\.mu is acquired in \(\*Server\)\.touchAll while holding s\.gw\.mu, but \(\*conn\)\.processLeafConnect`
}

func (s *Server) touchAll() {
	for _, c := range s.conns {
		c.mu.Lock()
		c.subs = c.subs[:0]
		c.mu.Unlock()
	}
}

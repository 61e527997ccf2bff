package known

import "go/types"

// HTTP handlers. A value a package hands to net/http as a handler (an
// http.Handler, an http.HandlerFunc, or a func of its signature) is kept
// by the server and called for every request it serves, each
// connection's on a goroutine of its own ("Serve accepts incoming
// connections on the Listener l, creating a new service goroutine for
// each"): not before the call that hands it over returns, and beside
// itself.

// HTTPHandler reports whether t is net/http's Handler or HandlerFunc, or
// a func of the handler's signature.
func HTTPHandler(t types.Type) bool {
	switch u := t.Underlying().(type) {
	case *types.Interface:
		return IsNamed(t, "net/http", "Handler")
	case *types.Signature:
		return ServesHTTP(u) // http.HandlerFunc among them
	}
	return false
}

// ServesHTTP reports whether sig is a handler's:
// func(http.ResponseWriter, *http.Request), a method's receiver aside.
func ServesHTTP(sig *types.Signature) bool {
	p := sig.Params()
	if sig.Results().Len() != 0 || p.Len() != 2 {
		return false
	}
	req, ok := p.At(1).Type().(*types.Pointer)
	return ok && types.IsInterface(p.At(0).Type()) && IsNamed(p.At(0).Type(), "net/http", "ResponseWriter") && IsNamed(req.Elem(), "net/http", "Request")
}

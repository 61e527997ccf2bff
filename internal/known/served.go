package known

import "go/types"

// Functions kept and run later, on a goroutine of their own: not
// before the call that hands them over returns. A value a package hands
// to net/http as a handler (an http.Handler, an http.HandlerFunc, or a
// func of its signature) is called for every request the server serves,
// each connection's on a goroutine of its own ("Serve accepts incoming
// connections on the Listener l, creating a new service goroutine for
// each"), beside itself; the func of time.AfterFunc or
// context.AfterFunc runs when the timer fires or the context ends; a
// finalizer (runtime.SetFinalizer) or cleanup (runtime.AddCleanup) on
// the runtime's own goroutine once its object is unreachable; a shutdown
// hook (http.Server's RegisterOnShutdown) on a goroutine Shutdown starts.

// laterRunners are the standard library's functions and methods that
// keep a func they are given and run it later, on a goroutine of their
// own that the caller does not wait for, by their full name and the
// index of that argument in a call (a method's receiver is argument 0).
var laterRunners = map[string]int{
	"time.AfterFunc":                        1,
	"context.AfterFunc":                     1,
	"runtime.SetFinalizer":                  1,
	"runtime.AddCleanup":                    1,
	"(*net/http.Server).RegisterOnShutdown": 1,
}

// RunsLater reports whether fn is one that runs its i'th argument
// (counting a method's receiver as argument 0) later on a goroutine of
// its own (time.AfterFunc, runtime.SetFinalizer, …), and returns its
// name as the caller's code spells it, by package name
// ("(*http.Server).RegisterOnShutdown").
func RunsLater(fn *types.Func, i int) (string, bool) {
	if fn == nil || fn.Pkg() == nil {
		return "", false
	}
	fn = fn.Origin()
	j, ok := laterRunners[fn.FullName()]
	if !ok || i != j {
		return "", false
	}
	byName := func(p *types.Package) string { return p.Name() }
	if recv := fn.Signature().Recv(); recv != nil {
		return "(" + types.TypeString(recv.Type(), byName) + ")." + fn.Name(), true
	}
	return fn.Pkg().Name() + "." + fn.Name(), true
}

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

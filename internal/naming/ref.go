// Package naming is gatevet's one way to name SSA values: what a gate or
// a location is (a Ref: a root and a path of fields), what function a
// call or a func value runs (Resolve, Target, FuncOf: closures and bound
// method values seen through), and what a callee's parameter or free
// variable is at a call (Callee.Value, Namer.Translate). The gate model,
// its sub-models and the passes all name values through it; none of them
// walks SSA values to name them on its own.
//
// A Namer names the values of one function: each local it meets gets a
// stable id, and names for messages come from the function's syntax (the
// variable a call initialises, a range statement's value variable).
package naming

import (
	"go/token"
	"slices"
	"strconv"
	"strings"
)

// RootKind says where a gate reference starts.
type RootKind uint8

// The roots of a gate reference.
const (
	Global  RootKind = iota + 1 // a package-level variable
	Param                       // a parameter (receivers count as parameter 0)
	FreeVar                     // a variable captured by a closure
	Local                       // a value created in the function
)

// Deref is the path step that loads the value stored at a location.
const Deref = "*"

// ElemStep is the path step to the element at constant index i of a
// slice or array: "[0]".
func ElemStep(i string) string { return "[" + i + "]" }

// AnyElem and AnyKey are the path steps to some element, or some key,
// of a container, not a named one: what a function locks in an element
// it looked up or ranged over is, to its callers, a lock of some
// element of that container (s.conns[?].mu).
const (
	AnyElem = "[?]"
	AnyKey  = "[?key]"
)

// HasAnyElem reports whether r's path goes through some element or key
// of a container (AnyElem, AnyKey).
func HasAnyElem(r Ref) bool {
	return slices.ContainsFunc(r.Path, func(s string) bool { return s == AnyElem || s == AnyKey })
}

// IsElemStep reports whether step is an ElemStep, AnyElem or AnyKey.
func IsElemStep(step string) bool { return strings.HasPrefix(step, "[") }

// A Ref names a gate the way a function sees it: a root and a path of
// field names, with Deref where a pointer stored at a location is loaded.
// Two operations name the same gate only when their Refs are equal, so
// a.mu and b.mu of two parameters are two gates.
//
// Refs with Global or Param roots survive function boundaries: the model
// rewrites a callee's Param refs into the caller's terms at each call.
// Refs are gob-encoded inside facts, hence the exported fields.
type Ref struct {
	Root  RootKind
	Index int    // Param and FreeVar: position; Local: a per-function id
	Pkg   string // Global: package path
	Name  string // Global: variable name; others: source name, for messages
	Path  []string
}

// Key is a canonical string for the gate, usable as a map key.
func (r Ref) Key() string {
	var b strings.Builder
	switch r.Root {
	case Global:
		b.WriteString(GlobalKey(r.Pkg, r.Name))
	case Param:
		b.WriteString("p" + strconv.Itoa(r.Index))
	case FreeVar:
		b.WriteString("f" + strconv.Itoa(r.Index))
	case Local:
		b.WriteString("l" + strconv.Itoa(r.Index))
	}
	for _, s := range r.Path {
		b.WriteString("/" + s)
	}
	return b.String()
}

// GlobalKey is the key of package pkg's package-level variable (or
// function: name "f()") name, "g:pkg.name": how Key starts for a Global
// root.
func GlobalKey(pkg, name string) string { return "g:" + pkg + "." + name }

// Crosses reports whether the ref means something outside its function,
// so that a summary can carry it to callers: everything but locals.
func (r Ref) Crosses() bool { return r.Root != Local }

// Nameable reports whether another package can name the location: it
// starts at a parameter (the caller's value) or an exported
// package-level variable, and every field on the way is exported.
func (r Ref) Nameable() bool {
	if r.Root != Param && (r.Root != Global || !token.IsExported(r.Name)) {
		return false
	}
	for _, step := range r.Path {
		if step != Deref && !token.IsExported(step) {
			return false
		}
	}
	return true
}

// Spell renders the ref as code in package pkg would spell it: s.mu,
// gpuSem, other.Mu. A lock promoted from a wrapper type (type Mutex
// struct{ sync.Mutex }, a field mu of that type) is spelled as the code
// selects it, s.mu, not s.mu.Mutex; a lock embedded in the instance's
// own struct keeps its name (c.Mutex for c.Lock()).
func (r Ref) Spell(pkg string) string {
	name := r.Name
	if r.Root == Global && r.Pkg != pkg {
		name = r.Pkg[strings.LastIndex(r.Pkg, "/")+1:] + "." + r.Name
	}
	fields := 0
	for i, s := range r.Path {
		switch {
		case IsElemStep(s):
			name += s
		case s == Deref:
		case i == len(r.Path)-1 && fields > 0 && (s == "Mutex" || s == "RWMutex"):
		default:
			name += "." + s
			fields++
		}
	}
	return name
}

// SameRoot reports whether r and o start at the same value: the same
// package-level variable, parameter, free variable or local, whatever
// their paths from it.
func (r Ref) SameRoot(o Ref) bool {
	return r.Root == o.Root && r.Index == o.Index && r.Pkg == o.Pkg && (r.Root != Global || r.Name == o.Name)
}

// Beside reports whether a and b hang off one value as x and y hang off
// another: x and y share a root and a path up to where they part (x =
// Q.s, y = Q.t), and a and b are P.s and P.t for one root and path P.
// So r.done beside r.mu, in a goroutine that captured r (whose free
// variable adds a load: *r.done, *r.mu), is as c.done beside c.mu in
// the method that waits: the same two fields of one object, whichever
// object that is.
func Beside(a, b, x, y Ref) bool {
	if !a.SameRoot(b) || !x.SameRoot(y) {
		return false
	}
	q := 0
	for q < len(x.Path) && q < len(y.Path) && x.Path[q] == y.Path[q] {
		q++
	}
	s, t := x.Path[q:], y.Path[q:]
	na, nb := len(a.Path)-len(s), len(b.Path)-len(t)
	return na >= 0 && nb >= 0 && slices.Equal(a.Path[na:], s) && slices.Equal(b.Path[nb:], t) &&
		slices.Equal(a.Path[:na], b.Path[:nb])
}

func (r Ref) With(steps ...string) Ref {
	p := make([]string, 0, len(r.Path)+len(steps))
	r.Path = append(append(p, r.Path...), steps...)
	return r
}

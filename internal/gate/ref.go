package gate

import (
	"go/token"
	"go/types"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ssa"
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
		b.WriteString("g:" + r.Pkg + "." + r.Name)
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

// Crosses reports whether the ref means something outside its function,
// so that a summary can carry it to callers: everything but locals.
func (r Ref) Crosses() bool { return r.Root != Local }

// Spell renders the ref as code in package pkg would spell it: s.mu,
// gpuSem, other.Mu.
func (r Ref) Spell(pkg string) string {
	name := r.Name
	if r.Root == Global && r.Pkg != pkg {
		name = r.Pkg[strings.LastIndex(r.Pkg, "/")+1:] + "." + r.Name
	}
	for _, s := range r.Path {
		if s != Deref {
			name += "." + s
		}
	}
	return name
}

func (r Ref) With(steps ...string) Ref {
	p := make([]string, 0, len(r.Path)+len(steps))
	r.Path = append(append(p, r.Path...), steps...)
	return r
}

// refs resolves SSA values to Refs within one function.
type refs struct {
	fn     *ssa.Function
	locals map[ssa.Value]int
	syntax *syntaxIndex
}

func newRefs(fn *ssa.Function) *refs { return &refs{fn: fn, locals: make(map[ssa.Value]int)} }

func (rs *refs) index() *syntaxIndex {
	if rs.syntax == nil {
		rs.syntax = indexSyntax(rs.fn)
	}
	return rs.syntax
}

func (rs *refs) local(v ssa.Value) Ref {
	id, ok := rs.locals[v]
	if !ok {
		id = len(rs.locals)
		rs.locals[v] = id
	}
	return Ref{Root: Local, Index: id, Name: rs.localName(v)}
}

// localName finds the source name of a local gate for messages: the
// variable an Alloc is, or the variable a call or make initialises.
func (rs *refs) localName(v ssa.Value) string {
	if u, ok := v.(*ssa.UnOp); ok {
		v = u.X
	}
	if a, ok := v.(*ssa.Alloc); ok && a.Comment != "" {
		return a.Comment
	}
	if n, ok := rs.index().names[v.Pos()]; ok {
		return n
	}
	// The value variable of a range: c in range s.conns, over a slice
	// (an element's address) or a map (the iterator's value).
	switch x := v.(type) {
	case *ssa.IndexAddr:
		if n, ok := rs.index().ranged[x.Pos()]; ok {
			return n
		}
	case *ssa.Extract:
		if next, ok := x.Tuple.(*ssa.Next); ok && x.Index == 2 {
			if n, ok := rs.index().ranged[next.Iter.Pos()]; ok {
				return n
			}
		}
	}
	return v.Name()
}

// of returns the Ref of v, a pointer to a gate or a gate value such as a
// channel, and whether v could be named at all.
func (rs *refs) of(v ssa.Value) (Ref, bool) {
	return rs.walk(v, 0)
}

const maxRefDepth = 12

func (rs *refs) walk(v ssa.Value, depth int) (Ref, bool) {
	if depth > maxRefDepth {
		return Ref{}, false
	}
	switch v := v.(type) {
	case *ssa.Global:
		if v.Pkg == nil {
			return Ref{}, false
		}
		return Ref{Root: Global, Pkg: v.Pkg.Pkg.Path(), Name: v.Name()}, true
	case *ssa.Parameter:
		fn := v.Parent()
		for i, p := range fn.Params {
			if p == v {
				return Ref{Root: Param, Index: i, Name: v.Name()}, true
			}
		}
	case *ssa.FreeVar:
		fn := v.Parent()
		for i, fv := range fn.FreeVars {
			if fv == v {
				return Ref{Root: FreeVar, Index: i, Name: v.Name()}, true
			}
		}
	case *ssa.FieldAddr:
		return rs.field(v.X, v.Field, depth)
	case *ssa.Field:
		return rs.field(v.X, v.Field, depth)
	case *ssa.UnOp:
		if v.Op != token.MUL {
			return Ref{}, false
		}
		// A variable stored once holds the value stored in it: this sees
		// through captured variables and copies of parameters.
		if a, ok := v.X.(*ssa.Alloc); ok {
			if stored := soleStore(a); stored != nil {
				return rs.walk(stored, depth+1)
			}
			// A variable assigned more than once: every load of it
			// names the one variable (fs.mu.Lock() and a later
			// fs.mu.Unlock() are one gate).
			return rs.local(a), true
		}
		if _, ok := v.X.(*ssa.IndexAddr); ok {
			// An element of a slice or array: c in range s.conns.
			return rs.local(v), true
		}
		r, ok := rs.walk(v.X, depth+1)
		return r.With(Deref), ok
	case *ssa.Lookup:
		return rs.local(v), true // a map's value
	case *ssa.Extract:
		switch v.Tuple.(type) {
		case *ssa.Next, *ssa.Lookup:
			return rs.local(v), true // ranged over, or looked up with ok
		}
	case *ssa.MakeInterface:
		return rs.walk(v.X, depth+1)
	case *ssa.ChangeType:
		return rs.walk(v.X, depth+1)
	case *ssa.Phi:
		var first Ref
		for i, e := range v.Edges {
			r, ok := rs.walk(e, depth+1)
			if !ok || (i > 0 && r.Key() != first.Key()) {
				return Ref{}, false
			}
			first = r
		}
		return first, len(v.Edges) > 0
	case *ssa.Alloc, *ssa.MakeChan, *ssa.Call:
		return rs.local(v), true
	}
	return Ref{}, false
}

// field names field i of the struct x points to (or is).
func (rs *refs) field(x ssa.Value, i int, depth int) (Ref, bool) {
	// A field of a copied struct value is the copy's own: only fields
	// reached through a pointer keep the original's identity. A copy
	// lives in an Alloc, which walk names as a Local.
	r, ok := rs.walk(x, depth+1)
	if !ok {
		return Ref{}, false
	}
	return r.With(fieldName(x.Type(), i)), true
}

func fieldName(t types.Type, i int) string {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	if s, ok := t.Underlying().(*types.Struct); ok && i < s.NumFields() {
		return s.Field(i).Name()
	}
	return "#" + strconv.Itoa(i)
}

// soleStore returns the value stored in a, if a is a variable that is
// stored exactly once and never has its address taken for other uses.
func soleStore(a *ssa.Alloc) ssa.Value {
	var stored ssa.Value
	for _, ref := range *a.Referrers() {
		switch ref := ref.(type) {
		case *ssa.Store:
			if ref.Addr != a || stored != nil {
				return nil
			}
			stored = ref.Val
		case *ssa.UnOp, *ssa.MakeClosure, *ssa.DebugRef:
		default:
			return nil
		}
	}
	return stored
}

// location names the location v, seeing through indexing and slicing:
// an element of a slice, array or map is part of the container's state.
func (rs *refs) location(v ssa.Value) (Ref, bool) {
	for {
		switch x := v.(type) {
		case *ssa.IndexAddr:
			v = x.X
		case *ssa.Index:
			v = x.X
		case *ssa.Lookup:
			v = x.X
		case *ssa.Slice:
			v = x.X
		default:
			return rs.of(v)
		}
	}
}

// capturedValue returns the value a closure captures as v: a variable
// captured by address (an Alloc) stands for its sole stored value.
func capturedValue(v ssa.Value) ssa.Value {
	if a, ok := v.(*ssa.Alloc); ok {
		if stored := soleStore(a); stored != nil {
			return stored
		}
	}
	return v
}

// translate rewrites a callee's ref into the caller's terms, given the
// callee as the caller sees it at the call.
func (rs *refs) translate(r Ref, cal Callee) (Ref, bool) {
	var base ssa.Value
	switch r.Root {
	case Global:
		return r, true
	case Param, FreeVar:
		base = cal.arg(r.Index, r.Root == FreeVar)
	}
	if base == nil {
		return Ref{}, false
	}
	path := r.Path
	// A captured variable is passed as its address: loading it in the
	// callee is loading the variable's sole stored value in the caller.
	for len(path) > 0 && path[0] == Deref {
		a, ok := base.(*ssa.Alloc)
		if !ok {
			break
		}
		stored := soleStore(a)
		if stored == nil {
			break
		}
		base, path = stored, path[1:]
	}
	out, ok := rs.of(base)
	if !ok {
		return Ref{}, false
	}
	return out.With(path...), true
}

// FieldOf returns the field a FieldAddr addresses, as declared (the
// generic origin for instantiated types).
func FieldOf(fa *ssa.FieldAddr) *types.Var {
	st, ok := PointerElem(fa.X.Type()).Underlying().(*types.Struct)
	if !ok || fa.Field >= st.NumFields() {
		return nil
	}
	return st.Field(fa.Field).Origin()
}

// FuncOf returns the source function a func value is (see Target), or
// nil when it can be several or is a synthetic wrapper.
func FuncOf(v ssa.Value) *ssa.Function {
	t, ok := Target(v)
	if !ok || t.Fn.Synthetic != "" {
		return nil
	}
	return t.Fn
}

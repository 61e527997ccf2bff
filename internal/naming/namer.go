package naming

import (
	"go/token"
	"go/types"
	"slices"
	"strconv"
	"sync"

	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/cfg"
)

// A Namer resolves SSA values to Refs within one function. The gate
// model's sub-models and passes run at once and name values of the same
// functions, so a Namer is safe for concurrent use: locals get their ids
// under a lock, and the syntax index is built once.
type Namer struct {
	fn *ssa.Function

	mu     sync.Mutex
	locals map[ssa.Value]int
	values []ssa.Value // by local id
	// elems gives the loads of one element (the same slice, by its
	// ref's key, at the same index value) one local id.
	elems map[elemKey]int
	// within gives the container of each local that is one of its
	// elements (looked up, indexed or ranged over), by local id; each
	// marks those a range statement gives, one per element in turn.
	within map[int]Ref
	each   map[int]bool
	// stored lists the slice and array types of whose values, or
	// elements, the function stores one (replaces), once built.
	stored     map[types.Type]bool // slice, array and element types stored into
	updated    map[types.Type]bool // map types stored into or deleted from
	storedAt   map[location]bool   // the locations stored into
	atOnce     sync.Once
	storedOnce sync.Once

	// sole memoizes SoleStore for variables with many uses (soleStore):
	// a variable a thousand closures capture is looked at on each of
	// their calls (*ssa.Alloc → soleValue).
	sole sync.Map

	syntaxOnce sync.Once
	syntax     *syntaxIndex
	// outer, when set, is the Namer of the function whose declaration
	// holds fn's literal, whose syntax index serves fn too.
	outer *Namer

	backs    Backs
	made     Made
	fixed    Fixed
	assigned Assigned
	keyed    Keyed
}

// Fixed says which fields are set only as their objects are made, and
// never after.
type Fixed func(field *types.Var) bool

// Backs says which fields point back at their owner: for every object x
// whose field child is set, x.child.back is x (and, for a child that is
// a map of parts, x.child[k].back is x for every k).
type Backs func(child, back *types.Var) bool

// Made says which fields an object gets from its constructor fn, and
// keeps: the field of what fn returns is fn's parameter i, or what path
// reaches from it (in, Locker, * for &closer{m: s.in.Locker}).
type Made func(fn *ssa.Function, field *types.Var) (i int, path []string, ok bool)

// Assigned says which fields are set to something other than nil only
// on objects the storing function allocates: cmd.enc = c.begin() on the
// cmd it made, and elsewhere only cleared.
type Assigned func(field *types.Var) bool

// Keyed says which map fields index their elements by a field of their
// own: for a keyed map m, m[x.key] is x or nothing.
type Keyed func(m *types.Var) (key *types.Var)

// Identities are what the package knows of its objects that naming
// sees through.
type Identities struct {
	Backs    Backs    // a path through a part and back (s.idx.store) names the owner (s)
	Made     Made     // a field a constructor set (newEncoder(c).conn) names its argument (c)
	Fixed    Fixed    // a fixed field of an object built in place (hs := state{c: c}; hs.c) names what it was built with (c)
	Assigned Assigned // a field set once (cmd.enc = c.begin()) names, after the store, what it was set to
	Keyed    Keyed    // a lookup by an object's own key (c.subs[sub.sid]) names the object (sub)
}

// NewNamer returns a Namer for fn's values, seeing through ids.
func NewNamer(fn *ssa.Function, ids Identities) *Namer {
	return &Namer{fn: fn, locals: make(map[ssa.Value]int), elems: make(map[elemKey]int), backs: ids.Backs, made: ids.Made, fixed: ids.Fixed, assigned: ids.Assigned, keyed: ids.Keyed}
}

// NewNamerIn returns a Namer for fn, a function literal inside outer's
// function, that uses outer's syntax index. An index maps the positions
// of its function's syntax, function literals included, so the
// declaration's serves each literal in it (positions are unique in a
// file): with one index per literal, a test function's t.Run literals
// were indexed twice or more.
func NewNamerIn(fn *ssa.Function, ids Identities, outer *Namer) *Namer {
	nm := NewNamer(fn, ids)
	nm.outer = outer
	return nm
}

func (rs *Namer) index() *syntaxIndex {
	if rs.outer != nil {
		return rs.outer.index()
	}
	rs.syntaxOnce.Do(func() { rs.syntax = indexSyntax(rs.fn) })
	return rs.syntax
}

func (rs *Namer) local(v ssa.Value) Ref {
	rs.mu.Lock()
	id, ok := rs.locals[v]
	if !ok {
		id = len(rs.values)
		rs.locals[v] = id
		rs.values = append(rs.values, v)
	}
	rs.mu.Unlock()
	return Ref{Root: Local, Index: id, Name: rs.localName(v)}
}

// An elemKey is an element of a slice, array or map: the container's
// ref key and the index value, or what names the index (key) when the
// index is a constant or a value with a Ref (s.m[s.cur], loaded anew at
// each use).
type elemKey struct {
	base  string
	index ssa.Value
	key   string
}

// elem returns the Ref of v, a load of the element at index of the slice
// or array base names: every load of the same element in the function
// (n.graph.nodes[from].Lock(), then n.graph.nodes[from].Unlock()) is one
// local, the element's, as a variable loaded again is one variable.
func (rs *Namer) elem(base Ref, index ssa.Value, v ssa.Value) Ref {
	return rs.elemOf(elemKey{base: base.Key(), index: index}, base, v)
}

// elemOf returns the one local of the element k of the container base
// names, which v loads.
func (rs *Namer) elemOf(k elemKey, base Ref, v ssa.Value) Ref {
	rs.mu.Lock()
	id, ok := rs.elems[k]
	if !ok {
		id, ok = rs.locals[v]
		if !ok {
			id = len(rs.values)
			rs.locals[v] = id
			rs.values = append(rs.values, v)
		}
		rs.elems[k] = id
	}
	rs.setWithin(id, base.With(AnyElem))
	rs.mu.Unlock()
	return Ref{Root: Local, Index: id, Name: rs.localName(v)}
}

// elemIn returns the Ref of v, a local that is some element of the
// container base names (c in range s.conns), not one the function names
// twice.
func (rs *Namer) elemIn(v ssa.Value, base Ref, step string, ranged bool) Ref {
	r := rs.local(v)
	rs.mu.Lock()
	rs.setWithin(r.Index, base.With(step))
	if ranged {
		if rs.each == nil {
			rs.each = make(map[int]bool)
		}
		rs.each[r.Index] = true
	}
	rs.mu.Unlock()
	return r
}

// Each reports whether r is rooted at an element a range statement
// gives (c in range s.conns): the loop comes to every element in turn.
func (rs *Namer) Each(r Ref) bool {
	rs.mu.Lock()
	defer rs.mu.Unlock()
	return r.Root == Local && rs.each[r.Index]
}

// setWithin records that local id is what ref names, some element or
// key of a container; rs.mu is held.
func (rs *Namer) setWithin(id int, ref Ref) {
	if rs.within == nil {
		rs.within = make(map[int]Ref)
	}
	rs.within[id] = ref
}

// Within returns r, a ref rooted at a local that is an element of a
// container, through that container: c.mu, for c in range s.conns, is
// s.conns[?].mu. It is false when r is no such ref, or when the
// container is itself a local no caller can name.
func (rs *Namer) Within(r Ref) (Ref, bool) {
	for depth := 0; r.Root == Local; depth++ {
		rs.mu.Lock()
		base, ok := rs.within[r.Index]
		rs.mu.Unlock()
		if !ok || depth > maxRefDepth {
			return Ref{}, false
		}
		r = base.With(r.Path...)
	}
	return r, true
}

// mapElem returns the Ref of v, the value l looks up in a map: every
// lookup of one key in one map that the function does not update is one
// local, the element's (c.shapes.M[c.ctx.url].Lock(), then
// c.shapes.M[c.ctx.url].Unlock(), each loading the key anew), as a
// variable loaded again is one variable. A key is one when it is the same
// value, the same constant, or has the same Ref.
func (rs *Namer) mapElem(l *ssa.Lookup, v ssa.Value, depth int) Ref {
	if _, isMap := l.X.Type().Underlying().(*types.Map); !isMap {
		return rs.local(v)
	}
	base, ok := rs.walk(l.X, depth+1)
	if !ok {
		return rs.local(v)
	}
	if rs.updates(l.X.Type()) || rs.reloaded(l.X) {
		return rs.elemIn(v, base, AnyElem, false)
	}
	k := elemKey{base: base.Key(), index: l.Index}
	if c, isConst := l.Index.(*ssa.Const); isConst && c.Value != nil {
		k.index, k.key = nil, "k:"+c.Value.ExactString()
	} else if r, ok := rs.walk(l.Index, depth+1); ok && !rs.reloaded(l.Index) {
		k.index, k.key = nil, "r:"+r.Key()
	}
	return rs.elemOf(k, base, v)
}

// reloaded reports whether v is a load of a location the function also
// stores into (t.active = to, between m[t.active] and m[t.active]): two
// loads of it may load two values.
func (rs *Namer) reloaded(v ssa.Value) bool {
	load, ok := v.(*ssa.UnOp)
	if !ok || load.Op != token.MUL {
		return false
	}
	loc, ok := locationOf(load.X)
	if !ok {
		return true // a location not followed: assume it is stored into
	}
	rs.atOnce.Do(func() {
		rs.storedAt = make(map[location]bool)
		for _, b := range rs.fn.Blocks {
			for _, instr := range b.Instrs {
				if st, ok := instr.(*ssa.Store); ok {
					if l, ok := locationOf(st.Addr); ok {
						rs.storedAt[l] = true
					}
				}
			}
		}
	})
	return rs.storedAt[loc]
}

// A location is where an address points: a root value and the fields
// and loads on the way from it (t.m, *t.cfg.name).
type location struct {
	root ssa.Value
	path string
}

// locationOf returns the location address a names; false for one
// through an element, a call or anything else.
func locationOf(a ssa.Value) (location, bool) {
	switch a := a.(type) {
	case *ssa.FieldAddr:
		l, ok := locationOf(a.X)
		l.path += "." + strconv.Itoa(a.Field)
		return l, ok
	case *ssa.UnOp:
		if a.Op == token.MUL {
			l, ok := locationOf(a.X)
			l.path += "*"
			return l, ok
		}
	case *ssa.Parameter, *ssa.FreeVar, *ssa.Global, *ssa.Alloc:
		return location{root: a}, true
	}
	return location{}, false
}

// updates reports whether the function stores into, or deletes from, a
// map of type t: then two lookups of one key may not give one object.
func (rs *Namer) updates(t types.Type) bool {
	rs.scanStores()
	return holds(rs.updated, t)
}

// replaces reports whether the function stores an element into a slice
// or array of type t, or a value of type t anywhere (g.nodes[i] = v,
// g.nodes = slices.Delete(g.nodes, i, i+1)): then two loads of one
// element may not load one object.
func (rs *Namer) replaces(t types.Type) bool {
	rs.scanStores()
	return holds(rs.stored, t)
}

// scanStores notes, once, the types of what the function stores into
// (stored) and the maps it updates (updated).
func (rs *Namer) scanStores() {
	rs.storedOnce.Do(func() {
		rs.stored, rs.updated = make(map[types.Type]bool), make(map[types.Type]bool)
		for _, b := range rs.fn.Blocks {
			for _, instr := range b.Instrs {
				switch in := instr.(type) {
				case *ssa.Store:
					if ia, ok := in.Addr.(*ssa.IndexAddr); ok {
						rs.stored[ia.X.Type()] = true
					}
					rs.stored[in.Val.Type()] = true
				case *ssa.MapUpdate:
					rs.updated[in.Map.Type()] = true
				case *ssa.Call:
					if bi, ok := in.Call.Value.(*ssa.Builtin); ok && bi.Name() == "delete" {
						rs.updated[in.Call.Args[0].Type()] = true
					}
				}
			}
		}
	})
}

// holds reports whether set holds a type identical to t.
func holds(set map[types.Type]bool, t types.Type) bool {
	for s := range set {
		if types.Identical(s, t) {
			return true
		}
	}
	return false
}

// localName finds the source name of a local gate for messages: the
// variable an Alloc is, or the variable a call or make initialises.
func (rs *Namer) localName(v ssa.Value) string {
	if u, ok := v.(*ssa.UnOp); ok {
		v = u.X
	}
	if n, ok := rs.index().names[v.Pos()]; ok {
		return n
	}
	if a, ok := v.(*ssa.Alloc); ok && a.Comment != "" {
		return a.Comment
	}
	// The value variable of a range: c in range s.conns, over a slice
	// (an element's address) or a map (the iterator's value).
	switch x := v.(type) {
	case *ssa.IndexAddr:
		if n, ok := rs.index().ranged[x.Pos()]; ok {
			return n
		}
	case *ssa.Extract:
		if next, ok := x.Tuple.(*ssa.Next); ok {
			names := rs.index().ranged
			if x.Index == 1 {
				names = rs.index().rangedKey
			}
			if n, ok := names[next.Iter.Pos()]; ok && x.Index > 0 {
				return n
			}
		}
		// v, ok := m[k], or a call's results.
		if ns := rs.index().results[x.Tuple.Pos()]; x.Index < len(ns) && ns[x.Index] != "" && ns[x.Index] != "_" {
			return ns[x.Index]
		}
	}
	switch v.(type) {
	case *ssa.IndexAddr, *ssa.Index, *ssa.Lookup:
		// An element no variable holds: n.graph.nodes[from].Lock().
		if n, ok := rs.index().indexed[v.Pos()]; ok {
			return n
		}
	}
	return v.Name()
}

// Of returns the Ref of v, a pointer to a gate or a gate value such as a
// channel, and whether v could be named at all.
func (rs *Namer) Of(v ssa.Value) (Ref, bool) {
	return rs.walk(v, 0)
}

const maxRefDepth = 12

func (rs *Namer) walk(v ssa.Value, depth int) (Ref, bool) {
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
		if r, ok, done := rs.pointerField(v.X, v.Field, depth); done {
			return r, ok
		}
		return rs.field(v.X, v.Field, depth)
	case *ssa.UnOp:
		if v.Op != token.MUL {
			return Ref{}, false
		}
		if owner := rs.back(v); owner != nil {
			return rs.walk(owner, depth+1)
		}
		if fa, ok := v.X.(*ssa.FieldAddr); ok {
			if arg, path := rs.madeArg(fa.X, FieldOf(fa)); arg != nil {
				r, ok := rs.walk(arg, depth+1)
				return r.With(path...), ok
			}
		}
		// A pointer loaded from a field of a copied struct value is the
		// original's pointer: a handle passed by value shares what it
		// points to.
		if fa, ok := v.X.(*ssa.FieldAddr); ok {
			if a, ok := fa.X.(*ssa.Alloc); ok {
				if stored := copied(a); stored != nil {
					if r, ok, done := rs.pointerField(stored, fa.Field, depth); done {
						return r, ok
					}
				}
			}
		}
		// A variable stored once holds the value stored in it: this sees
		// through captured variables and copies of parameters.
		if a, ok := v.X.(*ssa.Alloc); ok {
			if stored := rs.soleStore(a); stored != nil {
				return rs.walk(stored, depth+1)
			}
			// A variable assigned more than once: every load of it
			// names the one variable (fs.mu.Lock() and a later
			// fs.mu.Unlock() are one gate).
			return rs.local(a), true
		}
		if ia, ok := v.X.(*ssa.IndexAddr); ok {
			// An element at a constant index of a local slice or array
			// is named by its path, however often the code loads it:
			// gws[0].mu.Lock() and a later gws[0].mu.Unlock() are one
			// gate, also when gws's address escapes and each use
			// loads it again.
			if k, isConst := ia.Index.(*ssa.Const); isConst && k.Value != nil {
				if r, ok := rs.walk(ia.X, depth+1); ok && r.Root == Local {
					return r.With(ElemStep(k.Value.ExactString())), true
				}
			}
			// An element of a slice or array: c in range s.conns; the
			// same element loaded again is the same one.
			r, ok := rs.walk(ia.X, depth+1)
			_, ranged := rs.index().ranged[ia.Pos()]
			if ok && !ranged && !rs.replaces(ia.X.Type()) {
				return rs.elem(r, ia.Index, v), true
			}
			if ok {
				return rs.elemIn(v, r, AnyElem, ranged), true
			}
			return rs.local(v), true
		}
		r, ok := rs.walk(v.X, depth+1)
		return r.With(Deref), ok
	case *ssa.Lookup:
		if x := rs.keyedBy(v); x != nil {
			return rs.walk(x, depth+1)
		}
		return rs.mapElem(v, v, depth), true // a map's value
	case *ssa.Extract:
		if l, ok := v.Tuple.(*ssa.Lookup); ok && v.Index == 0 {
			if x := rs.keyedBy(l); x != nil {
				return rs.walk(x, depth+1)
			}
			return rs.mapElem(l, v, depth), true // looked up with ok
		}
		if next, ok := v.Tuple.(*ssa.Next); ok && v.Index > 0 && !next.IsString {
			// A key or value of a map ranged over.
			if rg, ok := next.Iter.(*ssa.Range); ok {
				if base, ok := rs.walk(rg.X, depth+1); ok {
					step := AnyElem
					if v.Index == 1 {
						step = AnyKey
					}
					return rs.elemIn(v, base, step, true), true
				}
			}
		}
		switch v.Tuple.(type) {
		case *ssa.Next, *ssa.Lookup:
			return rs.local(v), true // ranged over, or looked up with ok
		case *ssa.Call:
			return rs.local(v), true // a result of a call: g, ctx := errgroup.WithContext(ctx)
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

// keyedBy returns the object x when l looks a keyed map up by x's own
// key (c.subs[x.sid]), and so yields x or nothing.
func (rs *Namer) keyedBy(l *ssa.Lookup) ssa.Value {
	if rs.keyed == nil {
		return nil
	}
	load, ok := l.X.(*ssa.UnOp)
	if !ok || load.Op != token.MUL {
		return nil
	}
	mfa, ok := load.X.(*ssa.FieldAddr)
	if !ok {
		return nil
	}
	key := rs.keyed(FieldOf(mfa))
	if key == nil {
		return nil
	}
	kl, ok := l.Index.(*ssa.UnOp)
	if !ok || kl.Op != token.MUL {
		return nil
	}
	kfa, ok := kl.X.(*ssa.FieldAddr)
	if !ok || FieldOf(kfa) != key {
		return nil
	}
	if mt, ok := l.X.Type().Underlying().(*types.Map); !ok || !types.Identical(kfa.X.Type(), mt.Elem()) {
		return nil
	}
	return kfa.X
}

// madeArg returns the argument a call of a constructor gave it for the
// field of the object it returns, when x is such a call, and the path
// from the argument to what the field was set from.
func (rs *Namer) madeArg(x ssa.Value, field *types.Var) (ssa.Value, []string) {
	// A variable stored once (captured by a closure) holds the call, and
	// so does a field assigned once, after its store.
	if load, ok := x.(*ssa.UnOp); ok && load.Op == token.MUL {
		switch a := load.X.(type) {
		case *ssa.Alloc:
			if stored := rs.soleStore(a); stored != nil {
				x = stored
			}
		case *ssa.FieldAddr:
			if stored := rs.assignedBefore(load, a); stored != nil {
				x = stored
			}
		}
	}
	call, ok := x.(*ssa.Call)
	if rs.made == nil || !ok || field == nil {
		return nil, nil
	}
	callee := call.Call.StaticCallee()
	if callee == nil {
		return nil, nil
	}
	if i, path, ok := rs.made(callee, field); ok && i < len(call.Call.Args) {
		return call.Call.Args[i], path
	}
	return nil, nil
}

// builtArg returns, for a call on an object built in place (hs :=
// state{c: c}; hs.m()), what its fixed field was built with: the
// callee's hs.c is the caller's c. Only at calls: a load of the field
// in the function itself stays a field of the object, whose other
// fields it goes with (naming.Beside).
func (rs *Namer) builtArg(x ssa.Value, field *types.Var) ssa.Value {
	if rs.fixed == nil || field == nil || !rs.fixed(field) {
		return nil
	}
	if load, ok := x.(*ssa.UnOp); ok && load.Op == token.MUL {
		x = load.X
	}
	a, ok := x.(*ssa.Alloc)
	if !ok {
		return nil
	}
	return builtInPlace(a, field)
}

// builtInPlace returns the value a composite literal stores into field
// of a, the object it allocates (hs := state{c: c}): the one store into
// that field of a, or of the literal a is then set to as a whole (SSA
// builds the literal apart and copies it in), in a's block with no call
// between a and the last of those stores, so every use of a (a method
// called on it) comes after them. The field is Fixed: nothing stores
// into it after, anywhere.
func builtInPlace(a *ssa.Alloc, field *types.Var) ssa.Value {
	last, v := fieldStore(a, field), ssa.Value(nil)
	if last != nil {
		v = last.Val
	} else if whole := wholeStore(a); whole != nil {
		if lit, ok := whole.Val.(*ssa.UnOp); ok && lit.Op == token.MUL {
			if b, ok := lit.X.(*ssa.Alloc); ok {
				if st := fieldStore(b, field); st != nil && st.Block() == a.Block() {
					last, v = whole, st.Val
				}
			}
		}
	}
	if last == nil || last.Block() != a.Block() {
		return nil
	}
	seen := false // a passed
	for _, instr := range a.Block().Instrs {
		if instr == ssa.Instruction(last) {
			return v
		}
		if _, call := instr.(ssa.CallInstruction); call && seen {
			return nil // a call between: it may use a before the store
		}
		seen = seen || instr == ssa.Instruction(a)
	}
	return nil
}

// fieldStore returns the one store into field of a, or nil.
func fieldStore(a *ssa.Alloc, field *types.Var) *ssa.Store {
	var stored *ssa.Store
	for _, ref := range *a.Referrers() {
		fa, ok := ref.(*ssa.FieldAddr)
		if !ok || FieldOf(fa) != field {
			continue
		}
		for _, use := range *fa.Referrers() {
			if st, ok := use.(*ssa.Store); ok && st.Addr == fa {
				if stored != nil {
					return nil
				}
				stored = st
			}
		}
	}
	return stored
}

// wholeStore returns the one store of a whole value into a, or nil.
func wholeStore(a *ssa.Alloc) *ssa.Store {
	var stored *ssa.Store
	for _, ref := range *a.Referrers() {
		if st, ok := ref.(*ssa.Store); ok && st.Addr == a {
			if stored != nil {
				return nil
			}
			stored = st
		}
	}
	return stored
}

// assignedBefore returns the value load, of field address fa, loads:
// for an Assigned field of an object the function allocates, the value
// of the one store of something other than nil into that field of that
// object, when the store lies out of any loop and runs before load on
// every path.
func (rs *Namer) assignedBefore(load *ssa.UnOp, fa *ssa.FieldAddr) ssa.Value {
	a, ok := fa.X.(*ssa.Alloc)
	if rs.assigned == nil || !ok || !rs.assigned(FieldOf(fa)) {
		return nil
	}
	var set *ssa.Store
	for _, ref := range *a.Referrers() {
		other, ok := ref.(*ssa.FieldAddr)
		if !ok || other.Field != fa.Field {
			continue
		}
		for _, use := range *other.Referrers() {
			st, ok := use.(*ssa.Store)
			if !ok || st.Addr != other {
				continue
			}
			if k, isConst := st.Val.(*ssa.Const); isConst && k.IsNil() {
				continue
			}
			if set != nil {
				return nil
			}
			set = st
		}
	}
	if set == nil || cfg.OnCycle(set.Block()) || !cfg.Dominates(set, load) {
		return nil
	}
	return set.Val
}

// back returns x when load loads x.child.back, a back-pointer to x.
func (rs *Namer) back(load *ssa.UnOp) ssa.Value {
	if rs.backs == nil {
		return nil
	}
	fa, ok := load.X.(*ssa.FieldAddr)
	if !ok {
		return nil
	}
	if owner := rs.elemOwner(fa.X, FieldOf(fa)); owner != nil {
		return owner
	}
	part, ok := fa.X.(*ssa.UnOp)
	if !ok || part.Op != token.MUL {
		return nil
	}
	cfa, ok := part.X.(*ssa.FieldAddr)
	if !ok || !rs.backs(FieldOf(cfa), FieldOf(fa)) {
		return nil
	}
	return cfa.X
}

// elemOwner returns x when v is an element of the map of parts in x's
// child field (x.child[k], with or without ok, or a value ranged over)
// and each such part's back field points at x.
func (rs *Namer) elemOwner(v ssa.Value, back *types.Var) ssa.Value {
	if rs.backs == nil || back == nil {
		return nil
	}
	var m ssa.Value
	switch v := v.(type) {
	case *ssa.Lookup:
		m = v.X
	case *ssa.Extract:
		switch t := v.Tuple.(type) {
		case *ssa.Lookup:
			if v.Index == 0 {
				m = t.X
			}
		case *ssa.Next:
			if r, ok := t.Iter.(*ssa.Range); ok && v.Index == 2 {
				m = r.X
			}
		}
	}
	if m == nil {
		return nil
	}
	if _, isMap := m.Type().Underlying().(*types.Map); !isMap {
		return nil
	}
	load, ok := m.(*ssa.UnOp)
	if !ok || load.Op != token.MUL {
		return nil
	}
	cfa, ok := load.X.(*ssa.FieldAddr)
	if !ok || !rs.backs(FieldOf(cfa), back) {
		return nil
	}
	return cfa.X
}

// fold drops from r's path each step to a part and back to its owner
// (idx, *, store, *): the callee's x.store.mu at a call on s.idx.
func (rs *Namer) fold(r Ref) Ref {
	if rs.backs == nil || len(r.Path) < 4 {
		return r
	}
	root := rs.TypeOf(r)
	if root == nil {
		return r
	}
	var fields []*types.Var // by step
	for s := range r.Steps(root) {
		f, _ := s.Obj.(*types.Var)
		fields = append(fields, f)
	}
	for i := 0; i+3 < len(fields); i++ {
		if fields[i] != nil && r.Path[i+1] == Deref && r.Path[i+3] == Deref && rs.backs(fields[i], fields[i+2]) {
			r.Path = append(r.Path[:i:i], r.Path[i+4:]...)
			return rs.fold(r)
		}
	}
	return r
}

// pointerField names field i of the struct value x when the field is a
// pointer: the same pointer as the field of wherever x was loaded from,
// so a copy of a handle names what the original names. For x loaded
// from address A, that is A.f loaded (A.f/*), as code that reads the
// field in place names it. done is false for other fields, which stay
// the copy's own.
func (rs *Namer) pointerField(x ssa.Value, i int, depth int) (r Ref, ok, done bool) {
	st, isStruct := x.Type().Underlying().(*types.Struct)
	if !isStruct || i >= st.NumFields() {
		return Ref{}, false, false
	}
	// An interface is a pointer too, for what it locks: the Locker a
	// struct value embeds is its original's (a promoted s.in.Lock()
	// loads s.in whole, then takes its Locker).
	if _, isPtr := st.Field(i).Type().Underlying().(*types.Pointer); !isPtr && !types.IsInterface(st.Field(i).Type()) {
		return Ref{}, false, false
	}
	name := st.Field(i).Name()
	if u, isLoad := x.(*ssa.UnOp); isLoad && u.Op == token.MUL {
		if a, isAlloc := u.X.(*ssa.Alloc); isAlloc {
			if stored := copied(a); stored != nil {
				return rs.pointerField(stored, i, depth+1)
			}
			if v := builtField(a, i, u); v != nil {
				// A struct value built field by field (statusWrapper{s})
				// holds, in its pointer field, the pointer stored there.
				if r, ok := rs.walk(v, depth+1); ok {
					return r, true, true
				}
			}
			return Ref{}, false, false
		}
		r, ok := rs.walk(u.X, depth+1)
		return r.With(name, Deref), ok, true
	}
	r, ok = rs.walk(x, depth+1)
	return r.With(name), ok, true
}

// field names field i of the struct x points to (or is).
func (rs *Namer) field(x ssa.Value, i int, depth int) (Ref, bool) {
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

// builtField returns the value stored in field i of a, a local struct
// built field by field (a composite literal), when that is the field's
// one store, it comes before load, and a's other uses only address its
// fields to store or load them, or load it whole.
func builtField(a *ssa.Alloc, i int, load *ssa.UnOp) ssa.Value {
	var stored *ssa.Store
	for _, ref := range *a.Referrers() {
		switch ref := ref.(type) {
		case *ssa.FieldAddr:
			for _, use := range *ref.Referrers() {
				switch use := use.(type) {
				case *ssa.Store:
					if use.Addr != ref {
						return nil
					}
					if ref.Field == i {
						if stored != nil {
							return nil
						}
						stored = use
					}
				case *ssa.UnOp:
					if use.Op != token.MUL {
						return nil
					}
				case *ssa.DebugRef:
				default:
					return nil
				}
			}
		case *ssa.UnOp:
			if ref.Op != token.MUL {
				return nil
			}
		case *ssa.DebugRef:
		default:
			return nil
		}
	}
	if stored == nil || !cfg.Dominates(stored, load) {
		return nil
	}
	return stored.Val
}

// memoUses is how many uses a variable has before soleStore memoizes
// its answer.
const memoUses = 32

// soleValue is a memoized SoleStore answer, nil included.
type soleValue struct{ v ssa.Value }

// soleStore is SoleStore, memoized for a variable with many uses (more
// than memoUses): only there is looking again costly, and only there is
// the memo worth its memory.
func (rs *Namer) soleStore(a *ssa.Alloc) ssa.Value {
	if len(*a.Referrers()) <= memoUses {
		return SoleStore(a)
	}
	if v, ok := rs.sole.Load(a); ok {
		return v.(soleValue).v
	}
	v := SoleStore(a)
	rs.sole.Store(a, soleValue{v})
	return v
}

// SoleStore returns the value stored in a, if a is a variable that is
// stored exactly once and never has its address taken for other uses.
func SoleStore(a *ssa.Alloc) ssa.Value { return storedOnce(a, false) }

// copied returns the value a variable holds when it is a copy: stored
// once, as a whole, and otherwise only read, itself or its fields (a
// value receiver or parameter the function takes the address of); nil
// otherwise.
func copied(a *ssa.Alloc) ssa.Value { return storedOnce(a, true) }

// storedOnce returns the one value stored in a as a whole, when a's
// other uses only load it, capture it or (with fieldReads) load its
// fields; nil otherwise.
func storedOnce(a *ssa.Alloc, fieldReads bool) ssa.Value {
	var stored ssa.Value
	for _, ref := range *a.Referrers() {
		switch ref := ref.(type) {
		case *ssa.Store:
			if ref.Addr != a || stored != nil {
				return nil
			}
			stored = ref.Val
		case *ssa.FieldAddr:
			if !fieldReads || !onlyLoaded(ref) {
				return nil
			}
		case *ssa.MakeClosure:
			// A closure that assigns the variable stores it again.
			if fieldReads || !closureOnlyLoads(ref, a, 0) {
				return nil
			}
		case *ssa.UnOp, *ssa.DebugRef:
		default:
			return nil
		}
	}
	return stored
}

// closureOnlyLoads reports whether the literal mc makes only loads the
// variable v it captures, itself or in the literals it makes in turn.
func closureOnlyLoads(mc *ssa.MakeClosure, v ssa.Value, depth int) bool {
	fn, ok := mc.Fn.(*ssa.Function)
	if !ok || depth > maxBinding {
		return false
	}
	for i, b := range mc.Bindings {
		if b != v || i >= len(fn.FreeVars) {
			continue
		}
		fv := fn.FreeVars[i]
		for _, use := range *fv.Referrers() {
			switch u := use.(type) {
			case *ssa.UnOp:
				if u.Op != token.MUL {
					return false
				}
			case *ssa.MakeClosure:
				if !closureOnlyLoads(u, fv, depth+1) {
					return false
				}
			case *ssa.DebugRef:
			default:
				return false
			}
		}
	}
	return true
}

// onlyLoaded reports whether address v is only loaded from.
func onlyLoaded(v ssa.Value) bool {
	for _, use := range *v.Referrers() {
		if u, isLoad := use.(*ssa.UnOp); isLoad && u.Op == token.MUL {
			continue
		}
		if _, isDebug := use.(*ssa.DebugRef); !isDebug {
			return false
		}
	}
	return true
}

// StoredOrLoaded reports whether the address addr is used only to store
// into it (not to store addr itself elsewhere) and to load it, each load
// one that load accepts (any, when load is nil); debug references aside.
func StoredOrLoaded(addr ssa.Value, load func(*ssa.UnOp) bool) bool {
	for _, ref := range *addr.Referrers() {
		switch r := ref.(type) {
		case *ssa.UnOp:
			if r.Op != token.MUL || load != nil && !load(r) {
				return false
			}
		case *ssa.Store:
			if r.Addr != addr || r.Val == addr {
				return false
			}
		case *ssa.DebugRef:
		default:
			return false
		}
	}
	return true
}

// Location names the location v, seeing through indexing and slicing:
// an element of a slice, array or map is part of the container's state.
// But an element of a slice held in a map's entry is not the entry: a
// write of the entry (m[k] = s, a copy put in its place) does not touch
// the elements a reader of the old slice reads, and the path says so by
// one more Deref past the map's entries (m, *, *). Such a slice itself,
// as the location v (what copy, clear or append write into), is its
// elements too.
func (rs *Namer) Location(v ssa.Value) (Ref, bool) {
	inEntry := EntrySlice(v)
	for {
		switch x := v.(type) {
		case *ssa.IndexAddr:
			inEntry = inEntry || EntrySlice(x.X)
			v = x.X
		case *ssa.Index:
			v = x.X
		case *ssa.Lookup:
			v = x.X
		case *ssa.Slice:
			v = x.X
		default:
			r, ok := rs.Of(v)
			if ok && inEntry {
				r = r.With(Deref)
			}
			return r, ok
		}
	}
}

// EntrySlice reports whether v is a slice held in a map's entry, or a
// slicing of one: m[k], m[k][i:j].
func EntrySlice(v ssa.Value) bool {
	if _, isSlice := v.Type().Underlying().(*types.Slice); !isSlice {
		return false
	}
	for {
		switch x := v.(type) {
		case *ssa.Slice:
			v = x.X
		case *ssa.Lookup:
			_, isMap := x.X.Type().Underlying().(*types.Map)
			return isMap
		default:
			return false
		}
	}
}

// Captured returns the value a closure captures as v: a variable
// captured by address (an Alloc) stands for its sole stored value.
func Captured(v ssa.Value) ssa.Value {
	if a, ok := v.(*ssa.Alloc); ok {
		if stored := SoleStore(a); stored != nil {
			return stored
		}
	}
	return v
}

// boundValue reports whether the caller-side binding v of cal's free
// variable i is the captured variable's value rather than its address.
func boundValue(cal Callee, i int, v ssa.Value) bool {
	if cal.Fn == nil || i >= len(cal.Fn.FreeVars) {
		return false
	}
	addr, ok := cal.Fn.FreeVars[i].Type().(*types.Pointer)
	return ok && !types.Identical(addr, v.Type()) && types.Identical(addr.Elem(), v.Type())
}

// Translate rewrites a callee's ref into the caller's terms, given the
// callee as the caller sees it at the call.
func (rs *Namer) Translate(r Ref, cal Callee) (Ref, bool) {
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
	if r.Root == FreeVar && boundValue(cal, r.Index, base) && len(path) > 0 && path[0] == Deref {
		// The caller knows the captured variable by its value, not
		// its address (a closure a called function made): loading the
		// variable is that value.
		path = path[1:]
	}
	// A captured variable is passed as its address: loading it in the
	// callee is loading the variable's sole stored value in the caller.
	for len(path) > 0 && path[0] == Deref {
		a, ok := base.(*ssa.Alloc)
		if !ok {
			break
		}
		stored := rs.soleStore(a)
		if stored == nil {
			break
		}
		base, path = stored, path[1:]
	}
	// A field a constructor set, of the object the call returned, is
	// the argument it was given: end's enc.conn.mu at a call on
	// newEncoder(c) is c.mu.
	// A handle the call is made on through an interface (the caller has
	// the constructor's result as io.Closer) has its fields by the
	// method's receiver type.
	typ := base.Type()
	if types.IsInterface(typ) && r.Root == Param && cal.Fn != nil && r.Index < len(cal.Fn.Params) {
		typ = cal.Fn.Params[r.Index].Type()
	}
	for len(path) > 1 && path[1] == Deref {
		f := fieldNamed(typ, path[0])
		arg, from := rs.madeArg(base, f)
		if arg == nil {
			arg = rs.builtArg(base, f)
		}
		if arg == nil {
			// An element of a map of parts made for x: its back field
			// is x (the callee's r.store.mu at a call on an element
			// of s.replicas is s.mu).
			arg, from = rs.elemOwner(base, f), nil
		}
		if arg == nil {
			break
		}
		base, path = arg, append(slices.Clip(from), path[2:]...)
		typ = base.Type()
	}
	// A pointer field of a struct passed by value is the caller's
	// pointer (see pointerField).
	if st, isStruct := base.Type().Underlying().(*types.Struct); isStruct && len(path) > 0 {
		for i := 0; i < st.NumFields(); i++ {
			if st.Field(i).Name() != path[0] {
				continue
			}
			if out, ok, done := rs.pointerField(base, i, 0); done {
				return rs.fold(out.With(path[1:]...)), ok
			}
		}
	}
	out, ok := rs.Of(base)
	if !ok {
		return Ref{}, false
	}
	return rs.fold(out.With(path...)), true
}

// Span returns the source range of the operation go/ssa placed at pos in
// the Namer's function: a call's whole expression, for instance.
func (rs *Namer) Span(pos token.Pos) (token.Pos, token.Pos) { return rs.index().span(pos) }

// LocalValue returns the value a Local ref's root names in the Namer's
// function, or nil.
func (rs *Namer) LocalValue(r Ref) ssa.Value {
	if r.Root != Local {
		return nil
	}
	rs.mu.Lock()
	defer rs.mu.Unlock()
	if r.Index < 0 || r.Index >= len(rs.values) {
		return nil
	}
	return rs.values[r.Index]
}

// TypeOf returns the type of the value at the root of r, a ref in the
// Namer's function: a parameter's or free variable's type, the type of a
// local value the function made or loaded, or a pointer to a
// package-level variable. It is nil when r names nothing there.
func (rs *Namer) TypeOf(r Ref) types.Type {
	if r.Root == Local {
		if v := rs.LocalValue(r); v != nil {
			return v.Type()
		}
		return nil
	}
	return RootType(rs.fn, r)
}

// fieldNamed returns the field called name of the struct t points to.
func fieldNamed(t types.Type, name string) *types.Var {
	p, ok := t.Underlying().(*types.Pointer)
	if !ok {
		return nil
	}
	st, ok := p.Elem().Underlying().(*types.Struct)
	if !ok {
		return nil
	}
	for f := range st.Fields() {
		if f.Name() == name {
			return f
		}
	}
	return nil
}

// TypeNameOf returns the named type t is or points to (its generic
// origin), or nil.
func TypeNameOf(t types.Type) *types.TypeName {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	if n, ok := types.Unalias(t).(*types.Named); ok {
		return n.Origin().Obj()
	}
	return nil
}

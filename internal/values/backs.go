package values

import (
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/cfg"
	"github.com/gatevet/gatevet/internal/known"
	"github.com/gatevet/gatevet/internal/naming"
)

// Back-pointers. A part made for an object and pointing back at it
// (s.idx = &index{store: s}, or s.log = newJournal(s)) ties two fields:
// for every object x whose child field (idx) is set, x.idx.store is x
// itself, so a lock reached as x.idx.store.mu is x.mu. The child may
// also be a map of parts (s.replicas[id] = &replica{store: s}): every
// element's back field is x. The package decides it when both fields
// are unexported fields of its own struct types and:
//
//   - every store to the child field stores nil, or a part the storing
//     function allocates (or gets from a constructor of the package that
//     allocates it) whose back field is set, once, to the very object the
//     part is stored in; for a map of parts, every store to the field is
//     nil or a map just made, and every load of it is only looked up,
//     ranged over, counted, deleted from, or given such a part (or nil);
//   - the back field is set only on parts being allocated, once each;
//   - neither field's address is used but to load or store it, and no
//     copy of the owner's or the part's struct exists (a value of the
//     type, or of a type holding it, anywhere in the package), so every
//     owner is the object its part was made for and nothing overwrites
//     either as a whole. An exported owner must hold a lock by value, so
//     that a copy made in another package is itself a vet error
//     (copylocks). An exported part may instead be one the package never
//     hands out: no exported function, method, variable or field has a
//     type that carries a pointer to it, so another package holds no
//     part to overwrite (*p = *q); a copy it makes of a part (v := *p)
//     is stored in no owner's unexported child field.

// Backs are a package's back-pointer pairs: a child field, and the back
// field of the part it holds (or of each part in the map it holds).
type Backs map[*types.Var]*types.Var

// Is reports whether x.child.back is x for every object x of the
// package whose child field is set.
func (b Backs) Is(child, back *types.Var) bool { return b != nil && back != nil && b[child] == back }

// FindBacks returns the back-pointer pairs of the package whose source
// functions (closures included) are funcs; nil when there are none.
func FindBacks(pkg *ssa.Package, funcs []*ssa.Function) Backs {
	if pkg == nil {
		return nil
	}
	pairs := backCandidates(pkg.Pkg, boxedTypes(funcs))
	if len(pairs) == 0 {
		return nil
	}
	bad := make(map[*types.Var]bool)                        // child fields whose pair fails
	backOf := make(map[*types.Var][]*types.Var, len(pairs)) // back -> children
	for child, p := range pairs {
		backOf[p.back] = append(backOf[p.back], child)
	}
	// A value of a type holding an owner by value is a copy of one.
	checked := make(map[types.Type]bool)
	copies := func(t types.Type) {
		if checked[t] {
			return
		}
		checked[t] = true
		if _, ptr := t.(*types.Pointer); ptr {
			return
		}
		for child, p := range pairs {
			if holdsByValue(t, p.owner, make(map[types.Type]bool)) || holdsByValue(t, p.part, make(map[types.Type]bool)) {
				bad[child] = true
			}
		}
	}
	for _, fn := range funcs {
		for _, p := range fn.Params {
			copies(p.Type())
		}
		for _, fv := range fn.FreeVars {
			copies(fv.Type())
		}
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if v, ok := instr.(ssa.Value); ok {
					copies(v.Type())
				}
				fa, ok := instr.(*ssa.FieldAddr)
				if !ok {
					continue
				}
				f := naming.FieldOf(fa)
				// A field can be the child of one pair and the back of
				// another (a part and its owner pointing at each other).
				if p, isChild := pairs[f]; isChild && !childKept(fa, p) {
					bad[f] = true
				}
				if children := backOf[f]; children != nil {
					_, fresh := fa.X.(*ssa.Alloc)
					if !naming.StoredOrLoaded(fa, nil) || len(stores(fa)) > 0 && (!fresh || len(backStores(fa.X, f)) != 1) {
						for _, c := range children {
							bad[c] = true
						}
					}
				}
			}
		}
	}
	out := make(Backs)
	for child, p := range pairs {
		if !bad[child] {
			out[child] = p.back
		}
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

// A backPair is a candidate child field's back field and owner type;
// inMap says the child is a map of parts rather than one part.
type backPair struct {
	back        *types.Var
	owner, part *types.Named
	inMap       bool
}

// childKept reports whether fa, the address of an object's child field,
// is used only as p allows: a part's child is stored nil or a part made
// for the object; a map of parts is stored nil or a map just made, and
// each load of it only looks up, ranges, counts, deletes or stores nil
// or a part made for the object.
func childKept(fa *ssa.FieldAddr, p backPair) bool {
	if !naming.StoredOrLoaded(fa, nil) {
		return false
	}
	if !p.inMap {
		return all(stores(fa), func(st *ssa.Store) bool { return setsPart(fa.X, st.Val, p.back, st) })
	}
	for _, ref := range *fa.Referrers() {
		switch r := ref.(type) {
		case *ssa.Store:
			if !freshMap(r.Val) {
				return false
			}
		case *ssa.UnOp:
			if !all(*r.Referrers(), func(use ssa.Instruction) bool { return keepsParts(use, r, fa.X, p.back) }) {
				return false
			}
		}
	}
	return true
}

// freshMap reports whether v, stored into a map of parts, is nil or a
// map made for the store alone.
func freshMap(v ssa.Value) bool {
	switch v := v.(type) {
	case *ssa.Const:
		return v.IsNil()
	case *ssa.MakeMap:
		n := 0
		return all(*v.Referrers(), func(use ssa.Instruction) bool {
			if _, ok := use.(*ssa.Store); ok {
				n++
				return n == 1
			}
			_, dbg := use.(*ssa.DebugRef)
			return dbg
		})
	}
	return false
}

// keepsParts reports whether use, an instruction using m, a map of
// parts loaded from x's child field, leaves every element a part made
// for x.
func keepsParts(use ssa.Instruction, m, x ssa.Value, back *types.Var) bool {
	switch u := use.(type) {
	case *ssa.Lookup:
		return u.X == m
	case *ssa.Range:
		return u.X == m
	case *ssa.MapUpdate:
		return u.Map == m && setsPart(x, u.Value, back, u)
	case *ssa.DebugRef:
		return true
	case *ssa.Call:
		bi, ok := u.Call.Value.(*ssa.Builtin)
		return ok && (bi.Name() == "len" || bi.Name() == "delete") && u.Call.Args[0] == m && !slices.Contains(u.Call.Args[1:], m)
	}
	return false
}

// backCandidates pairs each unexported field child of pkg's struct
// types, of type *R, with R's unexported field of the owner's pointer
// type, when there is one such field.
func backCandidates(pkg *types.Package, boxed map[*types.Named]bool) map[*types.Var]backPair {
	pairs := make(map[*types.Var]backPair)
	scope := pkg.Scope()
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok || tn.IsAlias() {
			continue
		}
		owner, ok := tn.Type().(*types.Named)
		if !ok || owner.TypeParams().Len() > 0 {
			continue
		}
		st, ok := owner.Underlying().(*types.Struct)
		if !ok || !closed(owner) {
			continue
		}
		for i := range st.NumFields() {
			child := st.Field(i)
			part, inMap := pointee(child.Type(), pkg), false
			if m, ok := child.Type().Underlying().(*types.Map); ok && part == nil {
				part, inMap = pointee(m.Elem(), pkg), true
			}
			if child.Exported() || part == nil {
				continue
			}
			var back *types.Var
			pst := part.Underlying().(*types.Struct)
			for j := range pst.NumFields() {
				f := pst.Field(j)
				if !f.Exported() && pointee(f.Type(), pkg) == owner {
					if back != nil {
						back = nil
						break
					}
					back = f
				}
			}
			if back != nil && back != child && (closed(part) || !handedOut(pkg, part, boxed)) {
				pairs[child] = backPair{back, owner, part, inMap}
			}
		}
	}
	return pairs
}

// pointee returns the named struct type of pkg that t points to, or nil.
func pointee(t types.Type, pkg *types.Package) *types.Named {
	p, ok := t.(*types.Pointer)
	if !ok {
		return nil
	}
	n, ok := types.Unalias(p.Elem()).(*types.Named)
	if !ok || n.Obj().Pkg() != pkg || n.TypeParams().Len() > 0 {
		return nil
	}
	if _, ok := n.Underlying().(*types.Struct); !ok {
		return nil
	}
	return n
}

// closed reports whether only its package can copy a struct type's
// values unnoticed: it is unexported, or holds a lock by value, in a
// field or a struct field of one (mu struct{ sync.RWMutex }), which
// copylocks reports a copy of.
func closed(n *types.Named) bool {
	return !n.Obj().Exported() || holdsLock(n.Underlying().(*types.Struct), 0)
}

// holdsLock reports whether a struct holds a sync.Mutex or RWMutex by
// value, in a field or in a struct or array field of one.
func holdsLock(st *types.Struct, depth int) bool {
	if depth > 4 {
		return false
	}
	for i := range st.NumFields() {
		t := st.Field(i).Type()
		for {
			a, ok := t.Underlying().(*types.Array)
			if !ok {
				break
			}
			t = a.Elem()
		}
		if known.IsNamed(t, "sync", "Mutex") || known.IsNamed(t, "sync", "RWMutex") {
			return true
		}
		if inner, ok := t.Underlying().(*types.Struct); ok && holdsLock(inner, depth+1) {
			return true
		}
	}
	return false
}

// handedOut reports whether another package may get a pointer to a
// value of part from pkg: an exported function or variable, an exported
// method of any of its types, or an exported field of any of its struct
// types has a type that carries *part (in a parameter, for a callback
// the package calls with one, or in a result, a field or an element).
// The exported methods of an unexported type count only when another
// package can hold one of its values: one is handed out so, or
// converted to an interface (boxed). A part held as an interface is not
// seen.
func handedOut(pkg *types.Package, part *types.Named, boxed map[*types.Named]bool) bool {
	return handedOutSeen(pkg, part, false, boxed, make(map[*types.Named]bool))
}

// handedOutSeen is handedOut, for a value of part as well as a pointer
// when valueToo.
func handedOutSeen(pkg *types.Package, part *types.Named, valueToo bool, boxed, seen map[*types.Named]bool) bool {
	if seen[part] {
		return false
	}
	seen[part] = true
	scope := pkg.Scope()
	for _, name := range scope.Names() {
		obj := scope.Lookup(name)
		if obj.Exported() {
			if _, isType := obj.(*types.TypeName); !isType && carries(obj.Type(), part, valueToo, nil) {
				return true
			}
		}
		tn, ok := obj.(*types.TypeName)
		if !ok || tn.IsAlias() {
			continue
		}
		if st, ok := tn.Type().Underlying().(*types.Struct); ok {
			for i := range st.NumFields() {
				if f := st.Field(i); f.Exported() && carries(f.Type(), part, valueToo, nil) {
					return true
				}
			}
		}
		if n, ok := tn.Type().(*types.Named); ok {
			for m := range n.Methods() {
				if m.Exported() && carries(m.Type(), part, valueToo, nil) && (n.Obj().Exported() || boxed[n] || handedOutSeen(pkg, n, true, boxed, seen)) {
					return true
				}
			}
		}
	}
	return false
}

// carries reports whether a value of t holds or gives a *part (or, when
// valueToo, a part): t is one, or a pointer, struct, slice, array, map,
// channel, func or tuple of what does. Named types are not entered (handedOut looks at the package's
// own; a type argument is), and neither are interfaces.
func carries(t types.Type, part *types.Named, valueToo bool, seen map[types.Type]bool) bool {
	t = types.Unalias(t)
	if p, ok := t.(*types.Pointer); ok {
		if n, ok := types.Unalias(p.Elem()).(*types.Named); ok && n.Origin() == part {
			return true
		}
	}
	if n, ok := t.(*types.Named); ok && valueToo && n.Origin() == part {
		return true
	}
	if seen[t] {
		return false
	}
	if seen == nil {
		seen = make(map[types.Type]bool)
	}
	seen[t] = true
	switch u := t.(type) {
	case *types.Named:
		for a := range u.TypeArgs().Types() {
			if carries(a, part, valueToo, seen) {
				return true
			}
		}
		return false
	case *types.Pointer:
		return carries(u.Elem(), part, valueToo, seen)
	case *types.Signature:
		return carries(u.Params(), part, valueToo, seen) || carries(u.Results(), part, valueToo, seen)
	}
	return slices.ContainsFunc(components(t), func(c types.Type) bool { return carries(c, part, valueToo, seen) })
}

// components returns the types a value of the composite type t is made
// of: a struct's fields, an array's, slice's or channel's elements, a
// map's keys and elements, a tuple's values.
func components(t types.Type) []types.Type {
	switch u := t.Underlying().(type) {
	case *types.Struct:
		out := make([]types.Type, u.NumFields())
		for i := range out {
			out[i] = u.Field(i).Type()
		}
		return out
	case *types.Array:
		return []types.Type{u.Elem()}
	case *types.Slice:
		return []types.Type{u.Elem()}
	case *types.Chan:
		return []types.Type{u.Elem()}
	case *types.Map:
		return []types.Type{u.Key(), u.Elem()}
	case *types.Tuple:
		out := make([]types.Type, u.Len())
		for i := range out {
			out[i] = u.At(i).Type()
		}
		return out
	}
	return nil
}

// holdsByValue reports whether a value of t holds a value of owner:
// t is owner, or a struct, array, slice, map or channel of what holds it.
func holdsByValue(t types.Type, owner *types.Named, seen map[types.Type]bool) bool {
	if n, ok := types.Unalias(t).(*types.Named); ok && n.Origin() == owner {
		return true
	}
	if seen[t] {
		return false
	}
	seen[t] = true
	return slices.ContainsFunc(components(t), func(c types.Type) bool { return holdsByValue(c, owner, seen) })
}

// setsPart reports whether val, stored into object x's child field or
// into the map it holds (at), is nil or a part made for x: back set to
// it, on the same turn of any loop (a part made once and given to each
// object of a loop in turn is the last one's).
func setsPart(x, val ssa.Value, back *types.Var, at ssa.Instruction) bool {
	switch v := val.(type) {
	case *ssa.Const:
		return v.IsNil()
	case *ssa.Alloc:
		sets := backStores(v, back)
		return len(sets) == 1 && sets[0].Val == x && !wholeStored(v) && madeEachTurn(v, at, sets[0])
	case *ssa.Call:
		fn := v.Call.StaticCallee()
		if fn == nil || fn.Pkg != v.Parent().Pkg || v.Call.IsInvoke() {
			return false
		}
		a := returnedAlloc(fn)
		if a == nil {
			return false
		}
		sets := backStores(a, back)
		if len(sets) != 1 || wholeStored(a) {
			return false
		}
		p, ok := sets[0].Val.(*ssa.Parameter)
		if !ok {
			return false
		}
		for i, fp := range fn.Params {
			if fp == p {
				return i < len(v.Call.Args) && v.Call.Args[i] == x
			}
		}
	}
	return false
}

// madeEachTurn reports whether a, an allocation, runs again on every
// turn of each loop that at runs in: it lies in that loop too.
func madeEachTurn(a *ssa.Alloc, at ...ssa.Instruction) bool {
	for _, instr := range at {
		if loop := cfg.LoopOf(instr.Block()); loop != nil && !loop[a.Block()] {
			return false
		}
	}
	return true
}

// returnedAlloc returns the allocation every return of fn returns as its
// one result, or nil. An allocation returned as an interface counts: a
// handle whose type the caller does not see is still the one made.
func returnedAlloc(fn *ssa.Function) *ssa.Alloc {
	if fn.Signature.Results().Len() != 1 {
		return nil
	}
	var out *ssa.Alloc
	for _, b := range fn.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok {
			continue
		}
		v := ret.Results[0]
		if mi, ok := v.(*ssa.MakeInterface); ok {
			v = mi.X
		}
		a, ok := v.(*ssa.Alloc)
		if !ok || (out != nil && out != a) {
			return nil
		}
		out = a
	}
	return out
}

// backStores returns the stores to part's back field.
func backStores(part ssa.Value, back *types.Var) []*ssa.Store {
	var out []*ssa.Store
	for _, ref := range *part.Referrers() {
		if fa, ok := ref.(*ssa.FieldAddr); ok && naming.FieldOf(fa) == back {
			out = append(out, stores(fa)...)
		}
	}
	return out
}

// wholeStored reports whether a struct value is stored into a as a
// whole, which would set its fields from elsewhere.
func wholeStored(a *ssa.Alloc) bool {
	for _, ref := range *a.Referrers() {
		if st, ok := ref.(*ssa.Store); ok && st.Addr == a {
			return true
		}
	}
	return false
}

func all[T any](xs []T, ok func(T) bool) bool {
	for _, x := range xs {
		if !ok(x) {
			return false
		}
	}
	return true
}

func stores(addr ssa.Value) []*ssa.Store {
	var out []*ssa.Store
	for _, ref := range *addr.Referrers() {
		if st, ok := ref.(*ssa.Store); ok && st.Addr == addr {
			out = append(out, st)
		}
	}
	return out
}

// boxedTypes returns the named types of which funcs convert a value, or
// a pointer to one, to an interface.
func boxedTypes(funcs []*ssa.Function) map[*types.Named]bool {
	out := make(map[*types.Named]bool)
	for _, fn := range funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				mi, ok := instr.(*ssa.MakeInterface)
				if !ok {
					continue
				}
				if n, ok := types.Unalias(known.PointerElem(mi.X.Type())).(*types.Named); ok {
					out[n.Origin()] = true
				}
			}
		}
	}
	return out
}

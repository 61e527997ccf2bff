package resource

import (
	"go/types"

	"github.com/gatevet/gatevet/internal/gate"
	"github.com/gatevet/gatevet/internal/known"
	"github.com/gatevet/gatevet/internal/naming"
)

// A handle is a type whose values hold another object's lock for their
// whole life: a transaction that its Begin returns holding the
// database's lock (tx.db.mu), and whose Commit and Rollback let it go.
// Its methods run with that lock held, though none of them takes it: a
// method of the handle's type T is entered holding each gate that some
// method of T releases on its caller's behalf through the receiver into
// another object (a path of two fields or more: tx.db.mu, not t.mu, so
// that a type with Lock and Unlock methods of its own is no handle),
// unless the method takes that gate itself (the handle's lock helper,
// which Begin calls).

// handleHeld returns the gates fi's function is entered holding as a
// method of a handle type. It runs inside findUses, once.
func (r *Result) handleHeld(fi *gate.FuncInfo) []*gate.Holding {
	named := receiverType(fi)
	if named == nil {
		return nil
	}
	own := make(map[string]bool)
	for _, a := range fi.Summary.Acquires {
		own[a.Gate.Key()] = true
	}
	for _, rel := range fi.Summary.Releases {
		own[rel.Gate.Key()] = true
	}
	if r.methods == nil {
		r.methods = make(map[*types.Named][]*gate.FuncInfo)
		for _, m := range r.gates.Funcs {
			if t := receiverType(m); t != nil {
				r.methods[t] = append(r.methods[t], m)
			}
		}
	}
	var out []*gate.Holding
	seen := make(map[string]bool)
	for _, m := range r.methods[named] {
		if m == fi {
			continue
		}
		for _, rel := range m.Summary.Releases {
			key := rel.Gate.Key()
			if rel.Flag != nil || own[key] || seen[key] || !throughAnother(rel.Gate) {
				continue
			}
			seen[key] = true
			out = append(out, &gate.Holding{GateOp: rel.GateOp, Pos: fi.Fn.Pos(),
				What: "held by its " + named.Obj().Name() + " (released in " + m.Fn.Name() + ")", Contract: true})
		}
	}
	return out
}

// receiverType returns the named type of fi's method receiver, or nil.
func receiverType(fi *gate.FuncInfo) *types.Named {
	recv := fi.Fn.Signature.Recv()
	if recv == nil || fi.Fn.Parent() != nil {
		return nil
	}
	named, _ := types.Unalias(known.PointerElem(recv.Type())).(*types.Named)
	if named != nil {
		named = named.Origin()
	}
	return named
}

// throughAnother reports whether gate ref g is reached from the method's
// receiver through another object: two fields or more.
func throughAnother(g naming.Ref) bool {
	if g.Root != naming.Param || g.Index != 0 {
		return false
	}
	fields := 0
	for _, step := range g.Path {
		if step != naming.Deref {
			fields++
		}
	}
	return fields >= 2
}

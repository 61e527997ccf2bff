package gate

import (
	"go/types"

	"github.com/gatevet/gatevet/internal/known"
	"github.com/gatevet/gatevet/internal/naming"
)

// A class (see Class) conflates every object that holds the lock's
// field. Objects that embed the same struct by value are such a class,
// but a lock inside one kind of object is never the lock inside another:
// fyne's bindings all embed a base holding their lock, and a list's read
// lock cannot be blocked by an external value's writer. holders names
// the objects that hold a gate by value, and mayBeSame tells whether two
// gates of one class can be the same lock.

// holders lists the named struct types that hold gate r by value, from
// the object r's path last reached through a pointer (or r's root) to
// the struct that declares the lock's field: (*boundList).listBase.base.lock
// lies in a boundList, in its listBase, in that one's base. An entry is
// nil where a struct is unnamed. It returns nil, which matches anything,
// when the path cannot be followed or goes through a call.
func (fi *FuncInfo) holders(r naming.Ref) []*types.TypeName {
	t := fi.RootType(r)
	if t == nil {
		return nil
	}
	var out []*types.TypeName
	for s := range r.Steps(t) {
		switch {
		case s.To == nil, s.Promoted:
			return nil
		case s.Obj == nil:
			// A dereference or an element: another object.
			out = nil
		case !isField(s.Obj):
			return nil
		default:
			if s.Ptr {
				out = nil
			}
			var holder *types.TypeName
			if named, ok := types.Unalias(known.PointerElem(s.From)).(*types.Named); ok {
				holder = named.Origin().Obj()
			}
			out = append(out, holder)
		}
	}
	return out
}

// mayBeSame reports whether gate a, as fa names it, and gate b, as fb
// names it, can be one lock, given the objects that hold each by value:
// the shorter list of holders must be the longer's end (a *listBase
// receiver may point into a boundList; a boundExternal's base is never a
// boundList's). Gates of different classes are not compared here.
func mayBeSame(fa *FuncInfo, a naming.Ref, fb *FuncInfo, b naming.Ref) bool {
	ha, hb := fa.holders(a), fb.holders(b)
	for i, j := len(ha)-1, len(hb)-1; i >= 0 && j >= 0; i, j = i-1, j-1 {
		if ha[i] != nil && hb[j] != nil && ha[i] != hb[j] {
			return false
		}
	}
	return true
}

// TypeOf returns the type of the value ref r names in fi's terms,
// following its path from the root's type, or nil when it cannot be
// followed.
func (fi *FuncInfo) TypeOf(r naming.Ref) types.Type {
	t := fi.RootType(r)
	if t == nil {
		return nil
	}
	for s := range r.Steps(t) {
		if s.To == nil {
			return nil
		}
		t = s.To
	}
	return t
}

package naming

import (
	"go/types"
	"iter"
	"strings"

	"github.com/gatevet/gatevet/internal/known"
)

// A Step is one step of a ref's path, followed over the types the path
// goes through (Ref.Steps).
type Step struct {
	I    int        // the step's position in the path
	From types.Type // the type the path has reached before the step
	// To is the type after the step: what a pointer points to (Deref),
	// the element type, the field's or the method's type. It is nil
	// when the step cannot be followed, which ends the walk.
	To types.Type
	// Ptr reports whether From is a pointer: one that a Deref follows,
	// or that a field or method step selects through. A Deref of
	// another type (a channel, an interface, loaded from where it is
	// stored) leaves the type as it is.
	Ptr bool

	// The member a field step ("f") or a method step ("f()") selects,
	// nil for Deref and element steps.
	Obj types.Object
	// Key names Obj as a member of From's named type, pointers
	// followed: "pkg.T.f". It is "" when that type is not named.
	Key string
	// Promoted reports a field of an embedded struct, selected through
	// it: the step names a field From's own struct does not have.
	Promoted bool
	// Hidden reports a field of From's own struct that code of the
	// package of From's type cannot select: an unexported field of
	// another package's struct, or of a struct type that is not named.
	Hidden bool
}

// Steps returns the steps of r's path, in order, followed over types
// from root, the type of r's root (RootType; not nil). A step that cannot be
// followed (a field or a method the type does not have, an element of
// something that has none) is the last, with To nil.
func (r Ref) Steps(root types.Type) iter.Seq[Step] {
	return func(yield func(Step) bool) {
		t := root
		for i, step := range r.Path {
			s := Step{I: i, From: t}
			_, s.Ptr = t.Underlying().(*types.Pointer)
			switch {
			case step == Deref:
				s.To = known.PointerElem(t)
			case IsElemStep(step):
				s.To = elemType(t, step)
			default:
				s.member(step)
			}
			if !yield(s) || s.To == nil {
				return
			}
			t = s.To
		}
	}
}

// member resolves field or method step against s.From.
func (s *Step) member(step string) {
	t := known.PointerElem(s.From)
	var pkg *types.Package
	named, _ := types.Unalias(t).(*types.Named)
	if named != nil {
		pkg = named.Obj().Pkg()
	}
	name, method := strings.CutSuffix(step, "()")
	obj, _, _ := types.LookupFieldOrMethod(t, true, pkg, name)
	if method {
		if fn, ok := obj.(*types.Func); ok {
			s.Obj, s.To = fn, fn.Type()
		}
	} else if f := known.Field(t, name); f != nil {
		s.Obj, s.To, s.Hidden = f, f.Type(), obj != f
	} else if f, ok := obj.(*types.Var); ok {
		s.Obj, s.To, s.Promoted = f, f.Type(), true
	}
	if s.Obj != nil && named != nil && pkg != nil {
		s.Key = pkg.Path() + "." + named.Obj().Name() + "." + name
	}
}

// elemType returns the type of the element step names in a value of
// type t: a slice's or array's element, a map's value, or with AnyKey a
// map's key.
func elemType(t types.Type, step string) types.Type {
	if m, ok := t.Underlying().(*types.Map); ok {
		if step == AnyKey {
			return m.Key()
		}
		return m.Elem()
	}
	return known.ElemType(t)
}

package gate

import (
	"fmt"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/naming"
)

// Class names the class of gate r as fi sees it: the key of a
// package-level variable, or the named type and field that hold it.
// Gates that are a parameter themselves have no class; a gate that is a
// local variable, or one a function literal captures, is a class of its
// own: the variable, wherever it is locked (see localClass).
// Edges between classes are lock orders whatever the instance.
func (fi *FuncInfo) Class(r naming.Ref) (string, bool) {
	if r.Root == naming.Global {
		return r.Key(), true
	}
	// Passes ask for the classes of the same gates again and again (a
	// summary's every gate at each call of it); the walk down the path
	// looks each field up in its type.
	key := r.Key()
	if c, ok := fi.classes.Load(key); ok {
		return c.(string), c.(string) != ""
	}
	class, ok := fi.class(r)
	fi.classes.Store(key, class)
	return class, ok
}

// class is Class, not remembered.
func (fi *FuncInfo) class(r naming.Ref) (string, bool) {
	if k, ok := fi.localClass(r); ok {
		return k, true
	}
	t := fi.RootType(r)
	if t == nil {
		return "", false
	}
	class := ""
	for s := range r.Steps(t) {
		switch {
		case s.To == nil:
			return "", false
		case s.Obj == nil:
			// A Deref or an element: the class is still the last field's.
		case s.Promoted || !isField(s.Obj):
			return "", false
		case s.Key == "" && class != "":
			// A field of an unnamed struct (mu struct{ sync.RWMutex; … })
			// is named through the field that holds the struct.
			class += "." + s.Obj.Name()
		default:
			class = s.Key
		}
	}
	return class, class != ""
}

// ClassIn names the class of gate ref of function fn, in fn's terms: a
// callee's gate, also of another package.
func (r *Result) ClassIn(fn *ssa.Function, ref naming.Ref) (string, bool) {
	if fi := r.Info(fn); fi != nil {
		return fi.Class(ref)
	}
	return (&FuncInfo{Fn: fn}).Class(ref)
}

func isField(obj types.Object) bool {
	_, ok := obj.(*types.Var)
	return ok
}

// localClass names the class of a gate that is a local variable of fi's
// function or of an enclosing one, locked directly or captured by a
// function literal: goroutine literals that lock captured a and b in
// opposite orders deadlock. Its class is the variable, by where its
// outermost function makes it; only the code of one call of that
// function can reach it.
func (fi *FuncInfo) localClass(r naming.Ref) (string, bool) {
	for _, step := range r.Path {
		if step != naming.Deref {
			return "", false
		}
	}
	var v ssa.Value
	switch r.Root {
	case naming.Local:
		if fi.fs != nil {
			v = fi.fs.refs.LocalValue(r)
		}
	case naming.FreeVar:
		v = capturedOrigin(fi.Fn, r.Index)
	}
	a, ok := v.(*ssa.Alloc)
	if !ok || !a.Pos().IsValid() || !sharedWithGoroutine(a) {
		return "", false
	}
	return fmt.Sprintf("local:%s:%d", naming.Outermost(v.Parent()).String(), v.Pos()), true
}

// sharedWithGoroutine reports whether a function literal that captures
// a is started as a goroutine (go f(), g.Go(f), wg.Go(f)): a variable no
// other goroutine sees is locked in one order at a time.
func sharedWithGoroutine(a *ssa.Alloc) bool {
	for _, r := range *a.Referrers() {
		mc, ok := r.(*ssa.MakeClosure)
		if !ok {
			continue
		}
		for _, use := range *mc.Referrers() {
			switch use := use.(type) {
			case *ssa.Go:
				return true
			case *ssa.Call:
				if _, f, ok := groupGo(&use.Call); ok && f == mc {
					return true
				}
			}
		}
	}
	return false
}

// capturedOrigin returns the value free variable i of fn captures, in
// the function that made it, through enclosing literals; nil if unknown.
func capturedOrigin(fn *ssa.Function, i int) ssa.Value {
	if i >= len(fn.FreeVars) {
		return nil
	}
	return naming.BoundOrigin(fn.FreeVars[i])
}

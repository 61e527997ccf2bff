package resource

import (
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// A method of an unexported type is an entry only when values of the
// type leave the package: returned by an exported function or by an
// exported method of a type that leaves, held in an exported field or
// variable, embedded in a type that leaves (its methods are promoted),
// or converted to an interface (and then called through it anywhere)
// other than as a callback value handed to a call then and there
// (callbacks.go). Otherwise only the package's own code calls its methods, and their
// uses are judged at those callers, with the callers' gates held: a
// helper type that a struct keeps and only touches under its own lock.

// escapingTypes returns the package's unexported named types whose
// values leave the package, and so whose methods can be entered from
// outside.
func escapingTypes(pkg *types.Package, funcs []*ssa.Function) map[*types.TypeName]bool {
	out := make(map[*types.TypeName]bool)
	var named []*types.TypeName
	scope := pkg.Scope()
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok || tn.IsAlias() {
			continue
		}
		named = append(named, tn)
	}
	// Converted to an interface anywhere: callable through it.
	for _, fn := range funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if mi, ok := instr.(*ssa.MakeInterface); ok {
					if _, callback := callbackType(pkg, mi); callback {
						continue // called back at the call (callbacks.go)
					}
					if tn := typeNameOf(mi.X.Type()); tn != nil && tn.Pkg() == pkg {
						out[tn] = true
					}
				}
			}
		}
	}
	leaves := func(tn *types.TypeName) bool { return tn.Exported() || out[tn] }
	// What leaves through something that leaves: a fixpoint over the
	// package's declarations.
	for changed := true; changed; {
		changed = false
		mark := func(t types.Type) {
			for _, tn := range mentioned(t) {
				if tn.Pkg() == pkg && !tn.Exported() && !out[tn] {
					out[tn], changed = true, true
				}
			}
		}
		for _, name := range scope.Names() {
			switch obj := scope.Lookup(name).(type) {
			case *types.Func:
				if obj.Exported() {
					mark(obj.Type().(*types.Signature).Results())
				}
			case *types.Var:
				if obj.Exported() {
					mark(obj.Type())
				}
			}
		}
		for _, tn := range named {
			if !leaves(tn) {
				continue
			}
			if st, ok := tn.Type().Underlying().(*types.Struct); ok {
				for i := 0; i < st.NumFields(); i++ {
					if f := st.Field(i); f.Exported() || f.Embedded() {
						mark(f.Type())
					}
				}
			}
			if n, ok := tn.Type().(*types.Named); ok {
				for i := 0; i < n.NumMethods(); i++ {
					if m := n.Method(i); m.Exported() {
						mark(m.Type().(*types.Signature).Results())
					}
				}
			}
		}
	}
	return out
}

// typeNameOf returns the named type t is or points to.
func typeNameOf(t types.Type) *types.TypeName {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	if n, ok := types.Unalias(t).(*types.Named); ok {
		return n.Origin().Obj()
	}
	return nil
}

// mentioned returns the named types a value of type t holds directly:
// t itself, or the elements of pointers, slices, arrays, maps, channels
// and tuples.
func mentioned(t types.Type) []*types.TypeName {
	switch t := types.Unalias(t).(type) {
	case *types.Named:
		return []*types.TypeName{t.Origin().Obj()}
	case *types.Pointer:
		return mentioned(t.Elem())
	case *types.Slice:
		return mentioned(t.Elem())
	case *types.Array:
		return mentioned(t.Elem())
	case *types.Chan:
		return mentioned(t.Elem())
	case *types.Map:
		return append(mentioned(t.Key()), mentioned(t.Elem())...)
	case *types.Tuple:
		var out []*types.TypeName
		for i := 0; i < t.Len(); i++ {
			out = append(out, mentioned(t.At(i).Type())...)
		}
		return out
	}
	return nil
}

package gate

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/naming"
)

// A func value the package keeps in a field of its own that only the
// package calls (a cache's onEvict handed to its list, which calls it
// back while the cache's lock is held) is not entered from outside: it
// runs at the calls of that field, inside the package's own paths, where
// the resource model cannot name what it touches (the list does not
// know the cache), so its uses are not judged there either. Its
// value is kept, not escaped, when every place it goes is such a field:
// stored there directly, or passed to a function of the package whose
// parameter only goes there (a constructor's newList(limit, c.onEvict)).
// So is one handed to a function of the package declared without a body
// and linked to a hook the runtime provides (linked: a pool cleanup the
// runtime calls with the world stopped): the model sees neither when it
// runs nor what runs beside it.
//
// A field qualifies when it is an unexported func-typed field of one of
// the package's types whose every read is called at once or compared
// with nil, and whose address goes nowhere else.

// keptFields returns the package's func fields that only its own code
// calls.
func keptFields(pkg *types.Package, funcs []*ssa.Function) map[*types.Var]bool {
	out := make(map[*types.Var]bool)
	bad := make(map[*types.Var]bool)
	note := func(f *types.Var, ok bool) {
		if ok {
			out[f] = true
		} else {
			bad[f] = true
		}
	}
	for _, fn := range funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				switch in := instr.(type) {
				case *ssa.FieldAddr:
					if f := funcField(pkg, naming.FieldOf(in)); f != nil {
						note(f, naming.StoredOrLoaded(in, func(load *ssa.UnOp) bool { return onlyCalled(load) }))
					}
				case *ssa.Field:
					if f, ok := naming.ValueField(in); ok && funcField(pkg, f) != nil {
						note(f, onlyCalled(in))
					}
				}
			}
		}
	}
	for f := range bad {
		delete(out, f)
	}
	return out
}

// funcField returns f when it is an unexported func-typed field of pkg.
func funcField(pkg *types.Package, f *types.Var) *types.Var {
	if f == nil || f.Pkg() != pkg || f.Exported() {
		return nil
	}
	if _, ok := f.Type().Underlying().(*types.Signature); !ok {
		return nil
	}
	return f
}

// onlyCalled reports whether every use of the func value v calls it (not
// in a go statement) or compares it with nil.
func onlyCalled(v ssa.Value) bool {
	return usedOnly(v, func(r ssa.Instruction) bool {
		switch r := r.(type) {
		case *ssa.Call:
			return r.Call.Value == v
		case *ssa.Defer:
			return r.Call.Value == v
		}
		return false
	})
}

// keptStore reports whether instr stores a func value into a kept field.
func keptStore(kept map[*types.Var]bool, instr ssa.Instruction) bool {
	st, ok := instr.(*ssa.Store)
	if !ok {
		return false
	}
	fa, ok := st.Addr.(*ssa.FieldAddr)
	return ok && kept[naming.FieldOf(fa)]
}

// keptParam reports whether fn's parameter i only goes into kept fields
// (or is compared with nil).
func keptParam(kept map[*types.Var]bool, fn *ssa.Function, i int) bool {
	if i >= len(fn.Params) {
		return false
	}
	p := fn.Params[i]
	return len(*p.Referrers()) > 0 && usedOnly(p, func(r ssa.Instruction) bool {
		st, ok := r.(*ssa.Store)
		return ok && st.Val == p && keptStore(kept, st)
	})
}

// usedOnly reports whether every use of the func value v is one ok
// accepts, a comparison with nil, or debug information.
func usedOnly(v ssa.Value, ok func(ssa.Instruction) bool) bool {
	for _, r := range *v.Referrers() {
		switch r := r.(type) {
		case *ssa.BinOp:
			if r.Op != token.EQL && r.Op != token.NEQ {
				return false
			}
		case *ssa.DebugRef:
		default:
			if !ok(r) {
				return false
			}
		}
	}
	return true
}

package gate

import (
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/naming"
)

// Slots. A value of one of the package's types converted to another
// package's interface (io.Writer) gets, as a rule, to code the package
// does not see, which may call its methods. Not when the interface value
// only goes into a slot: an unexported interface-typed field of the
// package's, or an element of such an array field, whose every load, in
// the package, is only called through (invoked, also after an assertion
// to another interface) or compared. Then the type's methods run only at
// those calls (l.file[s].Write(data)), which are their dynamic call
// sites, and the conversion is no way out (see Escaping). An assertion
// of a load to a concrete type (sb, ok := l.file[s].(*syncBuffer)) gives
// back a plain value of it, which the scan follows as any other. Uses
// in a _test.go file do not count: a test that takes a slot's writers
// out (to swap them back later) drives the package from one goroutine,
// and lets nothing out of the package.

// slots is what the call graph's scan notes of the package's slots.
type slots struct {
	bad     map[*types.Var]bool                  // fields with another use: no slots
	invokes map[*types.Var][]ssa.CallInstruction // the calls through values loaded from each
}

// noteAddr records the uses of fa, when it addresses a field that may be
// a slot.
func (s *slots) noteAddr(pkg *types.Package, fa *ssa.FieldAddr) {
	f := slotField(pkg, fa)
	if f == nil || s.bad[f] || testFunc(fa.Parent()) {
		return
	}
	var sites []ssa.CallInstruction
	if !slotUses(fa, &sites) {
		s.bad[f] = true
		return
	}
	s.invokes[f] = append(s.invokes[f], sites...)
}

// noteField records the uses of sel, when it selects a field that may be
// a slot from a struct value (a copy of the slot's owner).
func (s *slots) noteField(pkg *types.Package, sel *ssa.Field) {
	f, ok := naming.ValueField(sel)
	if !ok || !slotType(pkg, f) || s.bad[f] || testFunc(sel.Parent()) {
		return
	}
	var sites []ssa.CallInstruction
	ok = true
	if _, isArray := f.Type().Underlying().(*types.Array); !isArray {
		ok = invokedOnly(sel, &sites, map[ssa.Value]bool{})
	} else {
		for _, ref := range *sel.Referrers() {
			ix, isIndex := ref.(*ssa.Index)
			if _, isDebug := ref.(*ssa.DebugRef); !isDebug && (!isIndex || !invokedOnly(ix, &sites, map[ssa.Value]bool{})) {
				ok = false
			}
		}
	}
	if !ok {
		s.bad[f] = true
		return
	}
	s.invokes[f] = append(s.invokes[f], sites...)
}

// slotField returns the field fa addresses when it is an unexported
// field of the package whose type is an interface, or an array of
// interfaces.
func slotField(pkg *types.Package, fa *ssa.FieldAddr) *types.Var {
	if f := naming.FieldOf(fa); f != nil && slotType(pkg, f) {
		return f
	}
	return nil
}

// slotType reports whether f may be a slot: an unexported field of the
// package whose type is an interface, or an array of interfaces.
func slotType(pkg *types.Package, f *types.Var) bool {
	if f.Pkg() != pkg || f.Exported() || f.Embedded() {
		return false
	}
	t := f.Type().Underlying()
	if a, ok := t.(*types.Array); ok {
		t = a.Elem().Underlying()
	}
	_, ok := t.(*types.Interface)
	return ok
}

// slotUses reports whether every use of addr, a slot's address, stores
// into it, indexes it (an array's element, used the same way), or loads
// a value that is only invoked or compared; sites gets the invokes.
func slotUses(addr ssa.Value, sites *[]ssa.CallInstruction) bool {
	for _, ref := range *addr.Referrers() {
		switch use := ref.(type) {
		case *ssa.DebugRef:
		case *ssa.Store:
			if use.Addr != addr {
				return false
			}
		case *ssa.IndexAddr:
			if !slotUses(use, sites) {
				return false
			}
		case *ssa.UnOp:
			if use.Op != token.MUL || !invokedOnly(use, sites, map[ssa.Value]bool{}) {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// invokedOnly reports whether every use of v, an interface value, calls
// one of its methods, compares it, or passes it on to such uses (a phi,
// an assertion to another interface); sites gets the calls.
func invokedOnly(v ssa.Value, sites *[]ssa.CallInstruction, seen map[ssa.Value]bool) bool {
	if seen[v] {
		return true
	}
	seen[v] = true
	refs := v.Referrers()
	if refs == nil {
		return false
	}
	for _, ref := range *refs {
		switch use := ref.(type) {
		case *ssa.DebugRef:
		case ssa.CallInstruction:
			c := use.Common()
			if !c.IsInvoke() || c.Value != v || slices.Contains(c.Args, v) {
				return false
			}
			*sites = append(*sites, use)
		case *ssa.BinOp:
			if use.Op != token.EQL && use.Op != token.NEQ {
				return false
			}
		case *ssa.Phi:
			if !invokedOnly(use, sites, seen) {
				return false
			}
		case *ssa.ChangeInterface:
			if !invokedOnly(use, sites, seen) {
				return false
			}
		case *ssa.TypeAssert:
			// To a concrete type, the value is a plain one of it again,
			// whose further ways out the scan follows as any other's.
			if types.IsInterface(use.AssertedType) && !asserted(use, sites, seen) {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// asserted reports whether the interface value an assertion gives (its
// first result, with comma-ok) is only invoked or compared.
func asserted(ta *ssa.TypeAssert, sites *[]ssa.CallInstruction, seen map[ssa.Value]bool) bool {
	if !ta.CommaOk {
		return invokedOnly(ta, sites, seen)
	}
	for _, ref := range *ta.Referrers() {
		switch use := ref.(type) {
		case *ssa.DebugRef:
		case *ssa.Extract:
			if use.Index == 0 && !invokedOnly(use, sites, seen) {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// slotsOf returns the fields a conversion's value is stored into, when
// storing it into fields that may be slots is all that is done with it;
// nil otherwise.
func slotsOf(pkg *types.Package, mi *ssa.MakeInterface) []*types.Var {
	var out []*types.Var
	for _, ref := range *mi.Referrers() {
		switch use := ref.(type) {
		case *ssa.DebugRef:
		case *ssa.Store:
			addr := use.Addr
			if ia, ok := addr.(*ssa.IndexAddr); ok {
				addr = ia.X
			}
			fa, ok := addr.(*ssa.FieldAddr)
			if !ok || use.Val != mi {
				return nil
			}
			f := slotField(pkg, fa)
			if f == nil {
				return nil
			}
			out = append(out, f)
		default:
			return nil
		}
	}
	return out
}

// slotted reports whether every field fields names is a slot.
func (s *slots) slotted(fields []*types.Var) bool {
	return len(fields) > 0 && !slices.ContainsFunc(fields, func(f *types.Var) bool { return s.bad[f] })
}

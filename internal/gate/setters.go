package gate

import (
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/naming"
)

// Setters. A func field may be set through a function that stores its
// parameter there (le.setCheckpointer(f), whose body is le.cp = f): the
// field then holds what the setter's calls pass. When only the
// package's own static calls can run the setter (it is unexported, its
// value is never taken, and no interface call has its name), each call
// is a store of its argument into the field of the object it passes as
// the owner, and is settled as such a store is (storedTarget): a
// package-level function, a method value bound to the owner, or a
// literal over the owner (le.setCheckpointer(func() { le.flush() })).
// Anything else leaves the field's targets unknown.

// A setterStore is a store, in function fn, of fn's parameter val into
// field of the object its parameter owner names.
type setterStore struct {
	fn         *ssa.Function
	field      *types.Var
	val, owner int
}

// setterStoreOf returns the setter store that storing v into fa is, when
// v and fa's object are both parameters of the storing function.
func setterStoreOf(fa *ssa.FieldAddr, field *types.Var, v ssa.Value) (setterStore, bool) {
	val, ok := v.(*ssa.Parameter)
	if !ok {
		return setterStore{}, false
	}
	owner, ok := heldValue(fa.X).(*ssa.Parameter)
	if !ok || owner.Parent() != val.Parent() {
		return setterStore{}, false
	}
	fn := val.Parent()
	return setterStore{fn: fn, field: field, val: slices.Index(fn.Params, val), owner: slices.Index(fn.Params, owner)}, true
}

// resolveSetters adds to targets what the calls of each setter store
// pass, or marks the setter's field unknown (see above).
func (m *model) resolveSetters(funcs []*ssa.Function, targets map[*types.Var][]fieldTarget, unknown map[*types.Var]bool) {
	if len(m.setters) == 0 {
		return
	}
	defer func() { m.setters = nil }()
	setters := make(map[*ssa.Function]bool)
	for _, st := range m.setters {
		setters[st.fn] = st.fn.Parent() == nil && st.fn.Object() != nil && !st.fn.Object().Exported()
	}
	sites := make(map[*ssa.Function][]*ssa.CallCommon)
	var ops []*ssa.Value
	for _, fn := range funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				c, isCall := instr.(ssa.CallInstruction)
				if isCall && c.Common().IsInvoke() {
					for f := range setters {
						if f.Name() == c.Common().Method.Name() {
							setters[f] = false // an interface call may run it
						}
					}
				} else if isCall && setters[c.Common().StaticCallee()] {
					sites[c.Common().StaticCallee()] = append(sites[c.Common().StaticCallee()], c.Common())
				}
				for _, op := range instr.Operands(ops[:0]) {
					if isCall && op == &c.Common().Value {
						continue // the function a call runs
					}
					if f := setterValue(*op); f != nil {
						if _, ok := setters[f]; ok {
							setters[f] = false // its value taken: run from elsewhere
						}
					}
				}
			}
		}
	}
	for _, st := range m.setters {
		if !setters[st.fn] {
			unknown[st.field] = true
			continue
		}
		for _, c := range sites[st.fn] {
			if st.val >= len(c.Args) || st.owner >= len(c.Args) {
				unknown[st.field] = true
				break
			}
			t, ok := storedTarget(c.Args[st.owner], c.Args[st.val])
			if !ok {
				unknown[st.field] = true
				break
			}
			if t.fn != nil && !slices.Contains(targets[st.field], t) {
				targets[st.field] = append(targets[st.field], t)
			}
		}
	}
}

// setterValue returns the function v is as a value: itself, or the
// method a bound method value of it wraps.
func setterValue(v ssa.Value) *ssa.Function {
	switch v := v.(type) {
	case *ssa.Function:
		if real := naming.WrappedMethod(v); real != nil {
			return real
		}
		return v
	case *ssa.MakeClosure:
		if fn, ok := v.Fn.(*ssa.Function); ok {
			return naming.WrappedMethod(fn)
		}
	}
	return nil
}

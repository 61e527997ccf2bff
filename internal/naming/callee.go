package naming

import (
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/known"
)

// A Callee is a resolved call target with the caller-side values of its
// parameters (Args, the receiver first) and free variables (Bindings).
type Callee struct {
	Fn       *ssa.Function
	Args     []ssa.Value
	Bindings []ssa.Value
}

// arg returns the caller-side value of the callee's parameter i, or of
// its free variable i when free; nil when there is none.
func (c Callee) arg(i int, free bool) ssa.Value {
	vals := c.Args
	if free {
		vals = c.Bindings
	}
	if i < 0 || i >= len(vals) {
		return nil
	}
	return vals[i]
}

// Value returns the caller-side value of the callee's parameter i, or of
// its free variable i when free, a variable captured by address standing
// for its sole stored value; nil when there is none.
func (c Callee) Value(i int, free bool) ssa.Value {
	v := c.arg(i, free)
	if free && v != nil {
		v = Captured(v)
	}
	return v
}

// Resolve finds the function a call runs, seeing through closures and
// bound method values, and an interface method called on a value just
// put in the interface (var st Store = s; st.Get(k) runs s's Get); false
// for any other interface method or an unknown func value.
func Resolve(c *ssa.CallCommon) (Callee, bool) {
	if c.IsInvoke() {
		return concreteMethod(c)
	}
	t, ok := Target(c.Value)
	if !ok {
		return Callee{}, false
	}
	t.Args = append(t.Args, c.Args...)
	return t, true
}

// concreteMethod resolves an interface method call whose receiver is a
// MakeInterface of a concrete value, whose method the dynamic type
// settles exactly: the method declared for it (not a wrapper the
// program makes), with that value as the receiver. MethodValue gives
// nothing for a type with type parameters, which is left alone.
func concreteMethod(c *ssa.CallCommon) (Callee, bool) {
	mi, ok := c.Value.(*ssa.MakeInterface)
	if !ok {
		return Callee{}, false
	}
	fn := MethodOf(mi.Parent().Prog, mi.X.Type(), c.Method)
	if fn == nil || fn.Synthetic != "" {
		return Callee{}, false
	}
	return Callee{Fn: fn, Args: append([]ssa.Value{mi.X}, c.Args...)}, true
}

// MethodOf returns the method that an interface call of m runs on a
// value of concrete type t, or nil.
func MethodOf(prog *ssa.Program, t types.Type, m *types.Func) *ssa.Function {
	sel := prog.MethodSets.MethodSet(t).Lookup(m.Pkg(), m.Name())
	if sel == nil {
		return nil
	}
	return prog.MethodValue(sel)
}

// Target resolves a func value to the function it runs, with the values
// the value itself supplies: a closure's bindings, or a method value's
// receiver as the first argument. False when the value can be more than
// one function (a parameter, a field, an interface's method).
func Target(v ssa.Value) (Callee, bool) {
	switch v := v.(type) {
	case *ssa.Function:
		if o := v.Origin(); o != nil {
			v = o // an instance of a generic function runs its origin's body
		}
		return Callee{Fn: v}, true
	case *ssa.MakeClosure:
		fn, ok := v.Fn.(*ssa.Function)
		if !ok {
			return Callee{}, false
		}
		if strings.HasPrefix(fn.Synthetic, "bound method wrapper") && len(v.Bindings) == 1 {
			if real := WrappedMethod(fn); real != nil {
				return Callee{Fn: real, Args: []ssa.Value{v.Bindings[0]}}, true
			}
			return Callee{}, false
		}
		return Callee{Fn: fn, Bindings: v.Bindings}, true
	case *ssa.Call:
		return returnedBy(v)
	}
	return Callee{}, false
}

// returnedBy resolves the result of a call to a function that returns a
// closure it makes (see ReturnedClosure): calling that result runs the
// literal, its free variables bound to the caller's values of the
// maker's parameters and free variables, or to a value the caller
// cannot name (nil: a local of the maker's, such as a count it took
// before returning) for the others.
func returnedBy(call *ssa.Call) (Callee, bool) {
	maker, ok := Resolve(&call.Call)
	if !ok {
		return Callee{}, false
	}
	mc := ReturnedClosure(maker.Fn)
	if mc == nil {
		return Callee{}, false
	}
	bindings := make([]ssa.Value, len(mc.Bindings))
	for i, b := range mc.Bindings {
		if a, ok := b.(*ssa.Alloc); ok {
			// A captured variable (a parameter spilled to be
			// captured): its sole stored value, in the caller's terms,
			// stands for it (see Translate).
			b = SoleStore(a)
		}
		switch b := b.(type) {
		case *ssa.Parameter:
			bindings[i] = maker.arg(slices.Index(maker.Fn.Params, b), false)
		case *ssa.FreeVar:
			bindings[i] = maker.arg(slices.Index(maker.Fn.FreeVars, b), true)
		case *ssa.Global, *ssa.Function, *ssa.Const:
			bindings[i] = b
		}
	}
	return Callee{Fn: mc.Fn.(*ssa.Function), Bindings: bindings}, true
}

// ReturnedClosure returns the closure fn returns when every return of
// fn returns one func value made by the same MakeClosure (converted, it
// may be, to a named func type): a function that makes a callback for
// its callers to run (defer b.track()()). Nil otherwise.
func ReturnedClosure(fn *ssa.Function) *ssa.MakeClosure {
	if fn == nil || fn.Signature.Results().Len() != 1 {
		return nil
	}
	if _, ok := fn.Signature.Results().At(0).Type().Underlying().(*types.Signature); !ok {
		return nil
	}
	var made *ssa.MakeClosure
	for _, b := range fn.Blocks {
		if len(b.Instrs) == 0 {
			continue
		}
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok {
			continue
		}
		mc, ok := Unconverted(ret.Results[0]).(*ssa.MakeClosure)
		if !ok || made != nil && mc != made {
			return nil
		}
		if lit, ok := mc.Fn.(*ssa.Function); !ok || strings.HasPrefix(lit.Synthetic, "bound method wrapper") {
			return nil
		}
		made = mc
	}
	return made
}

// WrappedMethod returns the method a bound method wrapper (x.m as a
// func value) or a method expression's thunk ((*T).m) calls: the static
// callee of the wrapper's one call, or nil for an interface method's
// wrapper, which invokes. The wrapper's body, not Program.FuncValue,
// because the method's package may not be created (see known.PkgPath).
func WrappedMethod(wrapper *ssa.Function) *ssa.Function {
	for _, b := range wrapper.Blocks {
		for _, instr := range b.Instrs {
			if c, ok := instr.(*ssa.Call); ok {
				return c.Call.StaticCallee()
			}
		}
	}
	return nil
}

// Declares reports whether struct s declares field f itself (not
// through an embedded struct).
func Declares(s *types.Struct, f *types.Var) bool {
	for i := range s.NumFields() {
		if s.Field(i) == f {
			return true
		}
	}
	return false
}

// FieldOf returns the field a FieldAddr addresses, as declared (the
// generic origin for instantiated types).
func FieldOf(fa *ssa.FieldAddr) *types.Var {
	st, ok := known.PointerElem(fa.X.Type()).Underlying().(*types.Struct)
	if !ok || fa.Field >= st.NumFields() {
		return nil
	}
	return st.Field(fa.Field).Origin()
}

// ValueField returns the struct field that v is loaded from (a load of
// a FieldAddr), addresses (a FieldAddr), or selects (a Field): the
// channel, Cond or WaitGroup field behind an operation's operand.
func ValueField(v ssa.Value) (*types.Var, bool) {
	switch x := v.(type) {
	case *ssa.UnOp:
		if fa, ok := x.X.(*ssa.FieldAddr); ok && x.Op == token.MUL {
			return ValueField(fa)
		}
	case *ssa.FieldAddr:
		if f := FieldOf(x); f != nil {
			return f, true
		}
	case *ssa.Field:
		if st, ok := x.X.Type().Underlying().(*types.Struct); ok {
			return st.Field(x.Field).Origin(), true
		}
	}
	return nil, false
}

// AddrObject returns the field or package-level variable that addr is
// the address of, or nil.
func AddrObject(addr ssa.Value) types.Object {
	switch a := addr.(type) {
	case *ssa.FieldAddr:
		if f := FieldOf(a); f != nil {
			return f
		}
	case *ssa.Global:
		return a.Object()
	}
	return nil
}

// FuncOf returns the source function a func value is (see Target), or
// nil when it can be several or is a synthetic wrapper.
func FuncOf(v ssa.Value) *ssa.Function {
	t, ok := Target(Unconverted(v))
	if !ok || t.Fn.Synthetic != "" {
		return nil
	}
	return t.Fn
}

// Unconverted returns the value v converts: a func converted to a named
// func type or put in an interface (return http.HandlerFunc(f) as an
// http.Handler, a literal passed as an fs.WalkDirFunc) is still f.
func Unconverted(v ssa.Value) ssa.Value {
	for {
		switch x := v.(type) {
		case *ssa.ChangeType:
			v = x.X
		case *ssa.MakeInterface:
			v = x.X
		default:
			return v
		}
	}
}

// Returned returns what ret returns as result i. A function with defers
// (or named results) returns through result slots: it stores the value,
// runs the deferred calls and loads it back, so the load stands for the
// value stored just before it in the block (return true is a store of
// the constant, not a load). Only a slot whose address goes nowhere else
// counts: a named result a deferred closure may set (if err == nil { err
// = tx.Commit() }), or one passed by address to a call, returns what it
// holds at the load.
func Returned(ret *ssa.Return, i int) ssa.Value {
	v := ret.Results[i]
	ld, ok := v.(*ssa.UnOp)
	if !ok || ld.Op != token.MUL {
		return v
	}
	slot, ok := ld.X.(*ssa.Alloc)
	if !ok || !onlyStoredAndLoaded(slot) {
		return v
	}
	var stored ssa.Value
	for _, instr := range ld.Block().Instrs {
		if instr == ld {
			break
		}
		if st, ok := instr.(*ssa.Store); ok && st.Addr == slot {
			stored = st.Val
		}
	}
	if stored == nil {
		return v
	}
	return stored
}

// onlyStoredAndLoaded reports whether a's address is used only to store
// to it and load from it.
func onlyStoredAndLoaded(a *ssa.Alloc) bool {
	for _, r := range *a.Referrers() {
		switch r := r.(type) {
		case *ssa.Store:
			if r.Addr != a || r.Val == a {
				return false
			}
		case *ssa.UnOp:
			if r.Op != token.MUL {
				return false
			}
		case *ssa.DebugRef:
		default:
			return false
		}
	}
	return true
}

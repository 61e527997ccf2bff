package gate

import (
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/naming"
)

// Dynamic calls whose target the package's own code settles: a call
// through a func-typed field that every store in the package sets to the
// same function (a constructor's s.onEvent = s.handleEvent, called later
// as s.onEvent()), and a method called through an interface that only
// one type of the package can implement (it has an unexported method).
// Such a call has the effects of that target. A field stored anything
// else (a parameter, a closure, two different functions) or an interface
// with two implementations stays unresolved: the call has no effects.

// fieldTarget is the one function a func-typed field is ever set to;
// self when it is a method value of the struct that holds the field.
type fieldTarget struct {
	fn   *ssa.Function
	self bool
}

// noteFuncFields finds the func-typed fields of the package's types that
// every store sets to one known function, before any function is
// analysed.
func (m *model) noteFuncFields(funcs []*ssa.Function) {
	targets := make(map[*types.Var]*fieldTarget)
	unknown := make(map[*types.Var]bool)
	if init := m.ssaPkg.Func("init"); init != nil {
		funcs = append(funcs[:len(funcs):len(funcs)], init)
	}
	for _, fn := range funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				st, ok := instr.(*ssa.Store)
				if !ok {
					continue
				}
				fa, ok := st.Addr.(*ssa.FieldAddr)
				if !ok {
					continue
				}
				field := naming.FieldOf(fa)
				if field == nil || field.Pkg() != m.pass.Pkg || field.Exported() {
					continue
				}
				if _, isFunc := field.Type().Underlying().(*types.Signature); !isFunc {
					continue
				}
				t, ok := storedTarget(fa, st.Val)
				if prev := targets[field]; !ok || (prev != nil && *prev != t) {
					unknown[field] = true
					continue
				}
				if t.fn != nil {
					targets[field] = &t
				}
			}
		}
	}
	m.fieldTargets = make(map[*types.Var]*fieldTarget)
	for f, t := range targets {
		if !unknown[f] {
			m.fieldTargets[f] = t
		}
	}
}

// storedTarget names the function v is when stored into fa: a
// package-level function, or a method value bound to fa's own struct.
// A nil func is no target (ok, with fn nil).
func storedTarget(fa *ssa.FieldAddr, v ssa.Value) (fieldTarget, bool) {
	switch v := v.(type) {
	case *ssa.Function:
		return fieldTarget{fn: v}, v.Parent() == nil
	case *ssa.Const:
		return fieldTarget{}, v.IsNil()
	case *ssa.MakeClosure:
		fn, _ := v.Fn.(*ssa.Function)
		if fn == nil || !strings.HasPrefix(fn.Synthetic, "bound method wrapper") || len(v.Bindings) != 1 || v.Bindings[0] != fa.X {
			return fieldTarget{}, false
		}
		cal, ok := naming.Target(v)
		return fieldTarget{fn: cal.Fn, self: true}, ok
	}
	return fieldTarget{}, false
}

// resolve returns the function a call runs, with its arguments: a static
// callee, or a dynamic one the package settles (see above).
func (m *model) resolve(c *ssa.CallCommon) (naming.Callee, bool) {
	if cal, ok := naming.Resolve(c); ok {
		return cal, true
	}
	if c.IsInvoke() {
		fn := m.soleImplementation(c)
		if fn == nil {
			return naming.Callee{}, false
		}
		return naming.Callee{Fn: fn, Args: append([]ssa.Value{c.Value}, c.Args...)}, true
	}
	load, ok := c.Value.(*ssa.UnOp)
	if !ok || load.Op != token.MUL {
		return naming.Callee{}, false
	}
	fa, ok := load.X.(*ssa.FieldAddr)
	if !ok {
		return naming.Callee{}, false
	}
	t := m.fieldTargets[naming.FieldOf(fa)]
	switch {
	case t == nil:
		return naming.Callee{}, false
	case t.self:
		return naming.Callee{Fn: t.fn, Args: append([]ssa.Value{fa.X}, c.Args...)}, true
	}
	return naming.Callee{Fn: t.fn, Args: c.Args}, true
}

// soleImplementation returns the method an interface call runs when the
// interface has an unexported method, so that only the package's types
// implement it, and exactly one of them does.
func (m *model) soleImplementation(c *ssa.CallCommon) *ssa.Function {
	iface, ok := c.Value.Type().Underlying().(*types.Interface)
	if !ok || !hasUnexported(iface) {
		return nil
	}
	var impl types.Type
	scope := m.pass.Pkg.Scope()
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok || tn.IsAlias() || types.IsInterface(tn.Type()) {
			continue
		}
		if n, ok := tn.Type().(*types.Named); ok && n.TypeParams().Len() > 0 {
			continue
		}
		for _, t := range []types.Type{tn.Type(), types.NewPointer(tn.Type())} {
			if types.Implements(t, iface) {
				if impl != nil {
					return nil
				}
				impl = t
				break
			}
		}
	}
	if impl == nil {
		return nil
	}
	sel := m.ssaPkg.Prog.MethodSets.MethodSet(impl).Lookup(c.Method.Pkg(), c.Method.Name())
	if sel == nil {
		return nil
	}
	return m.ssaPkg.Prog.MethodValue(sel)
}

// hasUnexported reports whether iface has an unexported method.
func hasUnexported(iface *types.Interface) bool {
	for i := 0; i < iface.NumMethods(); i++ {
		if !iface.Method(i).Exported() {
			return true
		}
	}
	return false
}

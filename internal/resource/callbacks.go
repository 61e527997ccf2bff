package resource

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/cfg"
	"github.com/gatevet/gatevet/internal/gate"
	"github.com/gatevet/gatevet/internal/naming"
)

// Callback values. A value of an unexported type of the package that is
// put in an interface only to be handed, then and there, to a call the
// package does not see into (another package's function, or an
// interface method) is a callback: the callee calls its methods back
// before it returns, as a func literal handed the same way is taken to
// run (see gate's syncCallback). A status collector made inside a
// critical section and passed to a delivery's BodyNonAtomic is called
// back within that section. So the conversion does not make the type's
// methods entries (gate.Result.Escaping), and their uses count at the call, with
// the caller's gates held. Not those of a method that takes a gate the
// caller holds at the call, on every path: called back then, it would
// wait forever, so it is not what the callee calls back there.

// callbackTouches returns the uses of the methods of a callback value
// that the call c hands on (gate.CallbackType), with the receiver bound
// to the value: the callee may call any method of the interface it is
// given.
func (r *Result) callbackTouches(fi *gate.FuncInfo, c *ssa.CallCommon, pos, end token.Pos, name string) []rawTouch {
	var out []rawTouch
	for _, a := range c.Args {
		mi, ok := a.(*ssa.MakeInterface)
		if !ok {
			continue
		}
		tn, ok := gate.CallbackType(r.pass.Pkg, mi)
		if !ok {
			continue
		}
		// What the callee can call: the interface's methods, as the
		// value's type implements them.
		iface, _ := mi.Type().Underlying().(*types.Interface)
		if iface == nil {
			continue
		}
		_, byPointer := mi.X.Type().Underlying().(*types.Pointer)
		for _, m := range r.methods[tn] {
			if _, ptrRecv := m.Signature.Recv().Type().Underlying().(*types.Pointer); ptrRecv && !byPointer {
				continue // not in the value's method set
			}
			if obj, _, _ := types.LookupFieldOrMethod(iface, false, m.Object().Pkg(), m.Name()); obj == nil {
				continue // not one the callee can call through the interface
			}
			at := naming.Callee{Fn: m, Args: []ssa.Value{mi.X}}
			hop := gate.NewHop(r.pass.Fset, naming.CalleeName(m, r.pkgPath), m.Pos(), m.Pos())
			takes := r.takes(fi, m, at)
			for _, t := range r.sums.Of(m) {
				if t.Res.Root == naming.Param && t.Res.Index != 0 {
					continue // the callee's to pass
				}
				res, ok := fi.Translate(t.Res, at)
				if !ok || !res.Crosses() {
					continue
				}
				out = append(out, rawTouch{res: res, write: t.Write, held: fi.TranslateOps(t.Under, at),
					pos: pos, end: end, what: name, chain: gate.Prepend(hop, t.Chain), once: t.Once, takes: takes})
			}
		}
	}
	return out
}

// takes returns the gates method m acquires, blocking, on every path
// to a plain return (a panic its deferred recover turns into a return
// is left out) and before it does anything else, in fi's terms at the call at: a callee that calls m
// back while fi holds one of them would wait for it forever, so a
// callback handed on under a client's lock is not one that takes that
// lock (a ticker called with the ticker list locked does not flush,
// which locks it again).
func (r *Result) takes(fi *gate.FuncInfo, m *ssa.Function, at naming.Callee) []gate.GateOp {
	mi := r.gates.Info(m)
	if mi == nil {
		return nil
	}
	var ops []gate.GateOp
	for _, a := range mi.Acquires {
		if a.Blocking && !a.Partial && a.Flag == nil && !a.OrElse && a.Holding == nil && a.GateOp.Gate.Crosses() &&
			r.takesFirst(a, 0) {
			ops = append(ops, a.GateOp)
		}
	}
	return fi.TranslateOps(ops, at)
}

// takesFirst reports whether acquire point a takes its gate on every
// plain return path before its function does anything else, and, when
// a is a call that takes it inside (lockCounting, which counts and then
// locks), so does the callee, down the chain.
func (r *Result) takesFirst(a gate.AcquirePoint, depth int) bool {
	if !cfg.OnEveryPlainReturn(a.Instr.Block()) || !first(a.Instr) {
		return false
	}
	if len(a.Chain) == 0 {
		return true
	}
	call, ok := a.Instr.(ssa.CallInstruction)
	if !ok || depth >= maxTakeDepth {
		return false
	}
	ci := r.gates.Info(call.Common().StaticCallee())
	if ci == nil {
		return false
	}
	for _, in := range ci.Acquires {
		if in.Pos == a.Chain[0].Pos() && in.Blocking && in.GateOp.Kind == a.GateOp.Kind && in.GateOp.Mode == a.GateOp.Mode {
			return r.takesFirst(in, depth+1)
		}
	}
	return false
}

// maxTakeDepth bounds the calls takesFirst follows down to the lock.
const maxTakeDepth = 4

// first reports whether instr is in its function's entry block with
// nothing before it that can use anything: no call, send or store but
// into a variable of the function's own (a parameter a closure
// captures). A method that writes before it takes the lock (flushes++,
// then Lock) does write under its caller's lock when called back, and
// then blocks.
func first(instr ssa.Instruction) bool {
	b := instr.Block()
	if b != b.Parent().Blocks[0] {
		return false
	}
	for _, x := range b.Instrs {
		if x == instr {
			return true
		}
		switch x := x.(type) {
		case *ssa.Store:
			if _, local := x.Addr.(*ssa.Alloc); !local {
				return false
			}
		case *ssa.Call, *ssa.Go, *ssa.Send, *ssa.MapUpdate, *ssa.Panic:
			return false
		}
	}
	return false
}

// methodsOf returns the package's methods by their receiver's named type.
func methodsOf(funcs []*ssa.Function) map[*types.TypeName][]*ssa.Function {
	out := make(map[*types.TypeName][]*ssa.Function)
	for _, fn := range funcs {
		if recv := fn.Signature.Recv(); recv != nil && fn.Parent() == nil {
			if tn := naming.TypeNameOf(recv.Type()); tn != nil {
				out[tn] = append(out[tn], fn)
			}
		}
	}
	return out
}

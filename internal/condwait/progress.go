package condwait

import (
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/cfg"
	"github.com/gatevet/gatevet/internal/gate"
	"github.com/gatevet/gatevet/internal/known"
	"github.com/gatevet/gatevet/internal/naming"
)

// A Wait loop that waits for work already under way ends when that work
// does, whatever a context says; cancelling would only abandon it. Two
// shapes show such work without any guess about names:
//
//   - a drain to a snapshot: the loop waits for a counter to reach a
//     value read before the loop (n := m.queued; for m.done < n { Wait }),
//     the jobs queued so far, which a worker works through;
//   - a wait for a goroutine the waiting function starts itself,
//     directly or through its callees, that wakes the same Cond (a write
//     stall that schedules a flush and waits for it to finish);
//   - a wait on a Cond local to an enclosing function, which starts
//     goroutines that wake it on their way out (streams started at
//     once, each waiting in its callback for the others' headers, and
//     waking the others when its stream returns, on an error or on the
//     cancellation it sees). Only that function's goroutines can reach
//     a Cond it made; one goroutine started once, whose own wait comes
//     before its wake-up, is no other work (nothing else wakes it), nor
//     is one that wakes the Cond only before its work or as a pump of
//     what a caller sends.
//
// A queue's Get that waits for the next Put has neither: its wake-up
// comes from callers that may never call again.

// drainsToSnapshot reports whether the loop's exit test ifi compares a
// counter read inside the loop with one read from the package's state
// before the loop.
func drainsToSnapshot(ifi *ssa.If, loop map[*ssa.BasicBlock]bool) bool {
	cmp, ok := ifi.Cond.(*ssa.BinOp)
	if !ok {
		return false
	}
	switch cmp.Op {
	case token.LSS, token.LEQ, token.GTR, token.GEQ, token.NEQ, token.EQL:
	default:
		return false
	}
	inLoop := func(v ssa.Value) bool {
		instr, ok := v.(ssa.Instruction)
		return ok && instr.Block() != nil && loop[instr.Block()]
	}
	return (stateCounter(cmp.X) && inLoop(cmp.X) && stateCounter(cmp.Y) && !inLoop(cmp.Y)) ||
		(stateCounter(cmp.Y) && inLoop(cmp.Y) && stateCounter(cmp.X) && !inLoop(cmp.X))
}

// stateCounter reports whether v is an integer loaded from a field or a
// package-level variable.
func stateCounter(v ssa.Value) bool {
	u, ok := v.(*ssa.UnOp)
	if !ok || u.Op != token.MUL || naming.AddrObject(u.X) == nil {
		return false
	}
	b, ok := u.Type().Underlying().(*types.Basic)
	return ok && b.Info()&types.IsInteger != 0
}

// awaitsOwnGoroutine reports whether the Wait call in fi waits on a Cond
// that a goroutine fi starts, directly or through its callees, wakes.
func (r *Result) awaitsOwnGoroutine(fi *gate.FuncInfo, call *ssa.Call) bool {
	cls, ok := condClass(fi, call.Call.Args[0])
	if !ok {
		return r.awaitsSiblings(fi, call)
	}
	_, started := r.gates.Reach(fi)
	for _, s := range started {
		if r.wakesClass(s, cls) {
			return true
		}
	}
	return false
}

// awaitsSiblings reports whether the Wait call in fi waits on a Cond
// that a function enclosing fi (or fi) makes, and that a goroutine that
// function starts wakes on its way out: after a call it passes a
// context to has returned (the work it runs with the context, which
// returns on cancellation too). The goroutine is one started in a
// loop, or one whose function does not hold fi; started in fi itself,
// it is started before the Wait. A wake-up before a goroutine's own
// work, or from a pump that forwards what a caller sends, is no way
// out of the work.
func (r *Result) awaitsSiblings(fi *gate.FuncInfo, call *ssa.Call) bool {
	cond := localOrigin(call.Call.Args[0])
	if cond == nil {
		return false
	}
	maker := r.gates.Info(cond.Parent())
	if maker == nil {
		return false
	}
	same, _ := r.gates.Reach(maker)
	for _, from := range same {
		for _, s := range from.Starts() {
			switch {
			case s.Fn == nil:
			case !cfg.InLoop(s.Instr) && encloses(s.Fn, fi.Fn):
			case s.Instr.Parent() == fi.Fn && !cfg.After(s.Instr, call):
			case wakesOnWayOut(s.Fn, cond):
				return true
			}
		}
	}
	return false
}

// wakesOnWayOut reports whether fn wakes the local Cond cond after a
// call of its that passes a context has returned.
func wakesOnWayOut(fn *ssa.Function, cond ssa.Instruction) bool {
	var withCtx []*ssa.Call
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if c, ok := instr.(*ssa.Call); ok && slices.ContainsFunc(c.Call.Args, func(a ssa.Value) bool { return known.IsContext(a.Type()) }) {
				withCtx = append(withCtx, c)
			}
		}
	}
	for _, w := range wakeCalls(fn) {
		if localOrigin(w.Call.Args[0]) != cond {
			continue
		}
		for _, c := range withCtx {
			if cfg.After(c, w) {
				return true
			}
		}
	}
	return false
}

// localOrigin returns the instruction that makes the Cond c points at,
// when a function makes it for itself (sync.NewCond's result, or a
// local variable), through the variables closures capture; nil for a
// Cond that lives in a field, a package variable or a parameter.
func localOrigin(c ssa.Value) ssa.Instruction {
	v := naming.Origin(c)
	if fv, ok := v.(*ssa.FreeVar); ok {
		v = naming.BoundOrigin(fv)
	}
	switch v := v.(type) {
	case *ssa.Alloc:
		return v
	case *ssa.Call:
		if f := v.Call.StaticCallee(); f != nil && known.PkgPath(f) == "sync" && f.Name() == "NewCond" {
			return v
		}
	}
	return nil
}

// encloses reports whether fn is lit or a function literal inside it.
func encloses(fn, lit *ssa.Function) bool {
	for f := lit; f != nil; f = f.Parent() {
		if f == fn {
			return true
		}
	}
	return false
}

// wakesClass reports whether fi wakes a Cond of class cls.
func (r *Result) wakesClass(fi *gate.FuncInfo, cls string) bool {
	for _, c := range wakeCalls(fi.Fn) {
		if other, ok := condClass(fi, c.Call.Args[0]); ok && other == cls {
			return true
		}
	}
	return false
}

// condClass names the Cond c points at by where it lives, the same in
// every function: a package-level variable, or a field path from a named
// type (DB.mu.compact.cond), through unnamed structs too.
func condClass(fi *gate.FuncInfo, c ssa.Value) (string, bool) {
	ref, ok := fi.Ref(c)
	if !ok {
		return "", false
	}
	if ref.Root == naming.Global {
		return ref.Key(), true
	}
	t := fi.RootType(ref)
	if t == nil {
		return "", false
	}
	for {
		elem := known.PointerElem(t)
		if elem == t {
			break
		}
		t = elem // a captured variable adds a pointer, which the path's Deref steps say
	}
	named, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return "", false
	}
	var path []string
	for _, step := range ref.Path {
		if step != naming.Deref {
			path = append(path, step)
		}
	}
	if len(path) == 0 {
		return "", false
	}
	return types.TypeString(named.Origin(), nil) + "." + strings.Join(path, "."), true
}

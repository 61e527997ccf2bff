package condwait

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/cfg"
	"github.com/gatevet/gatevet/internal/gate"
	"github.com/gatevet/gatevet/internal/known"
	"github.com/gatevet/gatevet/internal/naming"
)

// A Watcher is a function that a function hands to context.AfterFunc or
// starts as a goroutine, and that wakes Cond waiters on cancellation: it
// is an AfterFunc that Broadcasts or Signals, or a goroutine that does
// so once it has received from ctx.Done().
type Watcher struct {
	Fn *ssa.Function
	At token.Pos // where it is registered or started
}

// Watchers returns the cancellation watchers fi registers.
func Watchers(fi *gate.FuncInfo) []Watcher {
	var out []Watcher
	add := func(f *ssa.Function, afterFunc bool, at token.Pos) {
		if f != nil && (afterFunc && wakes(f) || !afterFunc && wakesOnDone(f)) {
			out = append(out, Watcher{Fn: f, At: at})
		}
	}
	for _, b := range fi.Fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(*ssa.Call)
			if !ok {
				continue
			}
			callee := call.Call.StaticCallee()
			if callee != nil && known.PkgPath(callee) == "context" && callee.Name() == "AfterFunc" && len(call.Call.Args) == 2 {
				add(naming.FuncOf(call.Call.Args[1]), true, call.Pos())
			}
		}
	}
	for _, s := range fi.Starts() {
		add(s.Fn, false, s.Pos)
	}
	return out
}

// wakesOnDone reports whether fn Broadcasts or Signals a Cond once it
// has received from a ctx.Done() channel: after the receive, or in the
// body of the select case that receives it. A goroutine that also
// watches a context but wakes waiters on its other cases (a ticker's
// periodic Broadcast, a purge loop that returns on cancellation) is no
// cancellation watcher.
func wakesOnDone(fn *ssa.Function) bool {
	wakes := wakeCalls(fn)
	reaches := func(b *ssa.BasicBlock) bool {
		r := cfg.Reachable(b, cfg.Succs)
		for _, w := range wakes {
			if w.Block() == b || r[w.Block()] {
				return true
			}
		}
		return false
	}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			switch in := instr.(type) {
			case *ssa.UnOp:
				if in.Op == token.ARROW && known.IsContextDone(in.X) {
					for _, w := range wakes {
						if cfg.After(in, w) {
							return true
						}
					}
				}
			case *ssa.Select:
				for i, st := range in.States {
					if known.IsContextDone(st.Chan) {
						if body := cfg.SelectCase(in, i); body != nil && reaches(body) {
							return true
						}
					}
				}
			}
		}
	}
	return false
}

// wakes reports whether fn Broadcasts or Signals a Cond.
func wakes(fn *ssa.Function) bool { return len(wakeCalls(fn)) > 0 }

// wakeCalls lists fn's calls of Broadcast and Signal.
func wakeCalls(fn *ssa.Function) []*ssa.Call {
	var out []*ssa.Call
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if c, ok := instr.(*ssa.Call); ok && IsWake(&c.Call) {
				out = append(out, c)
			}
		}
	}
	return out
}

// ContextInScope returns a context the function can see: a parameter, a
// captured variable, or a field of its receiver. A function literal sees
// only what it captures: a goroutine that does not capture its parent's
// context cannot observe it.
func ContextInScope(fn *ssa.Function) (name string, pos token.Pos, ok bool) {
	for _, p := range fn.Params {
		if known.IsContext(p.Type()) {
			return p.Name(), p.Pos(), true
		}
	}
	for _, fv := range fn.FreeVars {
		if known.IsContext(fv.Type()) || known.IsContext(known.PointerElem(fv.Type())) {
			return fv.Name(), fv.Pos(), true
		}
	}
	if recv := fn.Signature.Recv(); recv != nil && len(fn.Params) > 0 {
		if st, ok := known.PointerElem(recv.Type()).Underlying().(*types.Struct); ok {
			for i := 0; i < st.NumFields(); i++ {
				if f := st.Field(i); known.IsContext(f.Type()) {
					return fn.Params[0].Name() + "." + f.Name(), f.Pos(), true
				}
			}
		}
	}
	return "", token.NoPos, false
}

package holdwait

import (
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/cfg"
	"github.com/gatevet/gatevet/internal/known"
	"github.com/gatevet/gatevet/internal/naming"
)

// A compOp is an operation in a function that a wait waits for: a send
// on or close of its channel, a WaitGroup's Done, a group member's end.
type compOp struct {
	at   ssa.Instruction // where it happens: a Return for a deferred Done or close, or a member's end
	ch   ssa.Value       // the channel sent on or closed, or the WaitGroup done
	ref  *naming.Ref     // ch as the goroutine names it, when ch is a helper's (lifted)
	pos  token.Pos
	what string // "closes", "sends on", "calls", "returns"
}

// chanOps returns the operations in fn that a wait on the channel that
// is picks out (the channel value, or a pointer to the variable or field
// holding it) waits for: for a receive (k is recv), its sends and
// closes (a select's send case included); for a send, its receives, in
// a select or not. ok is false when fn uses that channel otherwise:
// passes it on or stores it, except at the instructions allowed
// (the goroutine starts that hand it over): its operations cannot all be
// told then.
func chanOps(fn *ssa.Function, k waitKind, is func(ssa.Value) bool, allowed map[ssa.Instruction]bool) (ops []compOp, ok bool) {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if allowed[instr] {
				continue
			}
			if _, debug := instr.(*ssa.DebugRef); debug {
				continue
			}
			for _, p := range instr.Operands(nil) {
				v := *p
				if v == nil || !isChan(v.Type()) && !isChanPtr(v.Type()) || !matches(v, is) {
					continue
				}
				if deferredClose(instr, v) {
					// defer close(c.done): the close happens at each return.
					if k == recv {
						for _, op := range atReturns(fn, instr.Pos(), "closes") {
							op.ch = v
							ops = append(ops, op)
						}
					}
					continue
				}
				op, isOp, fine := chanUse(instr, k, v, is)
				if !fine {
					return nil, false
				}
				if isOp {
					ops = append(ops, op)
				}
			}
		}
	}
	return ops, true
}

// matches reports whether is picks out v, or a load of pointer v.
func matches(v ssa.Value, is func(ssa.Value) bool) bool {
	if is(v) {
		return true
	}
	if !isChanPtr(v.Type()) || v.Referrers() == nil {
		return false
	}
	for _, r := range *v.Referrers() {
		if u, ok := r.(*ssa.UnOp); ok && u.Op == token.MUL && u.X == v && is(u) {
			return true
		}
	}
	return false
}

// chanUse classifies instr's use of channel (or pointer to channel) v,
// which is picks out: an operation a wait of kind k waits for, or another
// harmless use; fine is false when the channel may go where it cannot be
// followed.
func chanUse(instr ssa.Instruction, k waitKind, v ssa.Value, is func(ssa.Value) bool) (op compOp, isOp, fine bool) {
	if k == send {
		return recvUse(instr, v, is)
	}
	switch in := instr.(type) {
	case *ssa.UnOp:
		return compOp{}, false, in.Op == token.ARROW || in.Op == token.MUL
	case *ssa.BinOp:
		return compOp{}, false, true // c.done == nil
	case *ssa.Store:
		// Into the variable or field that holds it, not elsewhere.
		return compOp{}, false, matches(in.Addr, is)
	case *ssa.ChangeType:
		// A receive-only view cannot send or close.
		ch, ok := in.Type().Underlying().(*types.Chan)
		return compOp{}, false, ok && ch.Dir() == types.RecvOnly
	case *ssa.Send:
		return compOp{at: in, ch: v, pos: in.Pos(), what: "sends on"}, in.Chan == v && in.X != v, in.Chan == v && in.X != v
	case *ssa.Select:
		// A send case, blocking or not, is a send: a sender that must
		// take the gate before its select never gets to it either.
		for _, st := range in.States {
			if st.Send == v {
				return compOp{}, false, false
			}
			if st.Chan == v && st.Dir == types.SendOnly {
				return compOp{at: in, ch: v, pos: st.Pos, what: "sends on"}, true, true
			}
		}
		return compOp{}, false, true
	case *ssa.Call:
		if b, ok := in.Call.Value.(*ssa.Builtin); ok {
			switch b.Name() {
			case "close":
				return compOp{at: in, ch: v, pos: in.Pos(), what: "closes"}, true, true
			case "len", "cap":
				return compOp{}, false, true
			}
		}
	}
	return compOp{}, false, false
}

// recvUse classifies instr's use of channel v for a send waiting on it:
// a receive (alone or as a select case) or a close is what the send
// waits for; other sends, a comparison, len and cap are harmless.
func recvUse(instr ssa.Instruction, v ssa.Value, is func(ssa.Value) bool) (op compOp, isOp, fine bool) {
	switch in := instr.(type) {
	case *ssa.BinOp:
		return compOp{}, false, true // f.resetC == nil
	case *ssa.UnOp:
		if in.Op == token.ARROW {
			return compOp{at: in, ch: v, pos: in.Pos(), what: "receives from"}, true, true
		}
		return compOp{}, false, in.Op == token.MUL
	case *ssa.Store:
		return compOp{}, false, matches(in.Addr, is)
	case *ssa.Send:
		return compOp{}, false, in.Chan == v && in.X != v
	case *ssa.Select:
		for _, st := range in.States {
			if st.Send == v {
				return compOp{}, false, false
			}
			if st.Chan == v && st.Dir == types.RecvOnly {
				return compOp{at: in, ch: v, pos: st.Pos, what: "receives from"}, true, true
			}
		}
		return compOp{}, false, true
	case *ssa.Call:
		if b, ok := in.Call.Value.(*ssa.Builtin); ok {
			switch b.Name() {
			case "close":
				// A close ends a blocked send too (with a panic): a sender
				// that nothing receives from waits for it.
				return compOp{at: in, ch: v, pos: in.Pos(), what: "closes"}, true, true
			case "len", "cap":
				return compOp{}, false, true
			}
		}
	}
	return compOp{}, false, false
}

// groupOps returns fn's Done calls on the WaitGroup that is picks out
// (a deferred one happens at each return), with the WaitGroup as the
// operation's value. ok is false when fn passes the WaitGroup on, but
// at the instructions allowed, or, unless addOK, calls Add on it (a
// goroutine that counts itself).
func groupOps(fn *ssa.Function, is func(ssa.Value) bool, addOK bool, allowed map[ssa.Instruction]bool) (ops []compOp, ok bool) {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if _, debug := instr.(*ssa.DebugRef); debug || allowed[instr] {
				continue
			}
			for _, p := range instr.Operands(nil) {
				v := *p
				if v == nil || !known.IsNamed(v.Type(), "sync", "WaitGroup") || !is(v) {
					continue
				}
				call, isCall := instr.(ssa.CallInstruction)
				var name string
				if isCall && call.Common().StaticCallee() != nil {
					name = call.Common().StaticCallee().Name()
				}
				switch {
				case name == "Wait" || name == "Add" && addOK:
				case name == "Done" && isDefer(instr):
					for _, op := range atReturns(fn, call.Pos(), "calls") {
						op.ch = v
						ops = append(ops, op)
					}
				case name == "Done":
					ops = append(ops, compOp{at: instr, ch: v, pos: call.Pos(), what: "calls"})
				default:
					return nil, false
				}
			}
		}
	}
	return ops, true
}

// selfCount returns the Add on the WaitGroup that is picks out with which
// fn counts itself in: one that comes, on every path, before each of
// ops (its Dones, or the returns a deferred Done runs at). A goroutine
// that has not made it yet is not waited for (connsMu guards its Add
// against the Wait). nil when fn has no such Add: a goroutine its
// starter counted, which may add others (its children) later.
func selfCount(fn *ssa.Function, is func(ssa.Value) bool, ops []compOp) ssa.Instruction {
	if len(ops) == 0 {
		return nil
	}
	for _, b := range fn.Blocks {
		for _, x := range b.Instrs {
			call, ok := x.(ssa.CallInstruction)
			if !ok || call.Common().StaticCallee() == nil || call.Common().StaticCallee().Name() != "Add" ||
				len(call.Common().Args) == 0 || !known.IsNamed(call.Common().Args[0].Type(), "sync", "WaitGroup") || !is(call.Common().Args[0]) {
				continue
			}
			if !slices.ContainsFunc(ops, func(op compOp) bool { return !cfg.Dominates(x, op.at) }) {
				return x
			}
		}
	}
	return nil
}

// deferredClose reports whether instr defers close(v).
func deferredClose(instr ssa.Instruction, v ssa.Value) bool {
	d, ok := instr.(*ssa.Defer)
	if !ok || len(d.Call.Args) != 1 || d.Call.Args[0] != v {
		return false
	}
	b, ok := d.Call.Value.(*ssa.Builtin)
	return ok && b.Name() == "close"
}

func isDefer(instr ssa.Instruction) bool {
	_, ok := instr.(*ssa.Defer)
	return ok
}

// atReturns returns an operation at each of fn's returns, reported at
// pos (the function's end, or a deferred Done); the return of a panic
// that a deferred call recovers is not one of them.
func atReturns(fn *ssa.Function, pos token.Pos, what string) []compOp {
	var out []compOp
	for _, b := range fn.Blocks {
		if b == fn.Recover {
			continue
		}
		if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok {
			out = append(out, compOp{at: ret, pos: pos, what: what})
		}
	}
	return out
}

func isChan(t types.Type) bool {
	_, ok := t.Underlying().(*types.Chan)
	return ok
}

func isChanPtr(t types.Type) bool {
	p, ok := t.Underlying().(*types.Pointer)
	return ok && isChan(p.Elem())
}

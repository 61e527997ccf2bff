package gate

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/cfg"
)

// A CondWait is a call of sync.Cond.Wait inside a loop, with what the
// loop can see: a context, or a way out that another goroutine can open
// (a shutdown flag, the clock).
type CondWait struct {
	Call *ssa.Call
	Cond ssa.Value // the *sync.Cond
	// ObservesContext is set when an instruction of the loop uses a
	// context value (ctx.Err(), ctx.Done(), passing ctx on).
	ObservesContext bool
	// WayOut is set when a test that leaves the loop depends on a bool
	// that the package writes elsewhere (q.shuttingDown, an atomic
	// flag) or on the clock.
	WayOut bool
}

// A CondBlock says that a function, which has no context, may block in
// a Cond.Wait loop with no way out: a caller with a context cannot
// cancel it.
type CondBlock struct {
	Chain []Hop // from the function's calls down to the Wait
}

// CondWaits returns the Wait loops of fi's function.
func (fi *FuncInfo) CondWaits() []CondWait { return fi.condWaits }

// condWaits finds fn's Wait loops.
func (m *model) condWaits(fn *ssa.Function) []CondWait {
	var out []CondWait
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(*ssa.Call)
			if !ok || !isCondMethod(&call.Call, "Wait") {
				continue
			}
			loop := cfg.LoopOf(b)
			if loop == nil {
				continue // a Wait outside a loop is condloop's business
			}
			w := CondWait{Call: call, Cond: call.Call.Args[0]}
			for lb := range loop {
				for _, li := range lb.Instrs {
					if usesContext(li) {
						w.ObservesContext = true
					}
				}
				if ifi, ok := lb.Instrs[len(lb.Instrs)-1].(*ssa.If); ok && leaves(ifi, loop) && m.wayOut(ifi.Cond, 0) {
					w.WayOut = true
				}
			}
			out = append(out, w)
		}
	}
	return out
}

// isCondMethod reports whether c calls (*sync.Cond).name.
func isCondMethod(c *ssa.CallCommon, name string) bool {
	f := c.StaticCallee()
	if f == nil || f.Name() != name || f.Signature.Recv() == nil || len(c.Args) == 0 {
		return false
	}
	return IsNamed(f.Signature.Recv().Type(), "sync", "Cond")
}

// IsWake reports whether c calls Broadcast or Signal on a sync.Cond.
func IsWake(c *ssa.CallCommon) bool {
	return isCondMethod(c, "Broadcast") || isCondMethod(c, "Signal")
}

// leaves reports whether one branch of ifi leaves the loop.
func leaves(ifi *ssa.If, loop map[*ssa.BasicBlock]bool) bool {
	for _, s := range ifi.Block().Succs {
		if !loop[s] {
			return true
		}
	}
	return false
}

// usesContext reports whether instr uses a context value: a method call
// on one, or one passed as an argument, or a select on ctx.Done().
func usesContext(instr ssa.Instruction) bool {
	var ops []*ssa.Value
	for _, op := range instr.Operands(ops) {
		if *op != nil && IsContext((*op).Type()) {
			return true
		}
	}
	return false
}

// wayOut reports whether the loop test v depends on something another
// goroutine can change to let the waiter out: a bool or error field or
// variable that the package writes, an atomic load, or the clock.
func (m *model) wayOut(v ssa.Value, depth int) bool {
	if depth > 8 {
		return false
	}
	switch x := v.(type) {
	case *ssa.UnOp:
		if x.Op == token.MUL && isFlagType(x.Type()) {
			return m.flagWritten(x.X)
		}
		return m.wayOut(x.X, depth+1)
	case *ssa.BinOp:
		return m.wayOut(x.X, depth+1) || m.wayOut(x.Y, depth+1)
	case *ssa.Phi:
		for _, e := range x.Edges {
			if m.wayOut(e, depth+1) {
				return true
			}
		}
	case *ssa.Call:
		if f := x.Call.StaticCallee(); f != nil && f.Pkg != nil {
			switch f.Pkg.Pkg.Path() {
			case "sync/atomic", "time":
				return true
			}
		}
		if x.Call.IsInvoke() && clockMethods[x.Call.Method.Name()] {
			return true // an injected clock (k8s.io/utils/clock)
		}
		for _, a := range x.Call.Args {
			if m.wayOut(a, depth+1) {
				return true
			}
		}
	}
	return false
}

// clockMethods are the methods of clock interfaces that tell the time.
var clockMethods = map[string]bool{"Now": true, "Since": true, "Until": true}

// isFlagType reports whether a value of type t can be a shutdown flag:
// a bool, or an error (for !closed, err == nil).
func isFlagType(t types.Type) bool {
	if b, ok := t.Underlying().(*types.Basic); ok && b.Kind() == types.Bool {
		return true
	}
	return types.Identical(t, types.Universe.Lookup("error").Type())
}

// flagWritten reports whether the bool at addr (a field or package-level
// variable) is stored to somewhere in the package.
func (m *model) flagWritten(addr ssa.Value) bool {
	var obj types.Object
	switch a := addr.(type) {
	case *ssa.FieldAddr:
		if f := FieldOf(a); f != nil {
			obj = f
		}
	case *ssa.Global:
		obj = a.Object()
	}
	return obj != nil && m.storedObjs()[obj]
}

// storedObjs are the fields and package-level variables the package's
// functions store to, found once.
func (m *model) storedObjs() map[types.Object]bool {
	if m.stored != nil {
		return m.stored
	}
	m.stored = make(map[types.Object]bool)
	for _, fn := range m.srcFuncs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				st, ok := instr.(*ssa.Store)
				if !ok {
					continue
				}
				switch a := st.Addr.(type) {
				case *ssa.FieldAddr:
					if f := FieldOf(a); f != nil {
						m.stored[f] = true
					}
				case *ssa.Global:
					m.stored[a.Object()] = true
				}
			}
		}
	}
	return m.stored
}

// ContextInScope returns a context the function can see: a parameter, a
// captured variable, or a field of its receiver. A function literal sees
// only what it captures: a goroutine that does not capture its parent's
// context cannot observe it.
func ContextInScope(fn *ssa.Function) (name string, pos token.Pos, ok bool) {
	for _, p := range fn.Params {
		if IsContext(p.Type()) {
			return p.Name(), p.Pos(), true
		}
	}
	for _, fv := range fn.FreeVars {
		if IsContext(fv.Type()) || IsContext(PointerElem(fv.Type())) {
			return fv.Name(), fv.Pos(), true
		}
	}
	if recv := fn.Signature.Recv(); recv != nil && len(fn.Params) > 0 {
		if st, ok := PointerElem(recv.Type()).Underlying().(*types.Struct); ok {
			for i := 0; i < st.NumFields(); i++ {
				if f := st.Field(i); IsContext(f.Type()) {
					return fn.Params[0].Name() + "." + f.Name(), f.Pos(), true
				}
			}
		}
	}
	return "", token.NoPos, false
}

// condBlocks derives fi's CondBlocks: its own Wait loops with no way
// out, and its callees', when it has no context to observe.
func (m *model) condBlocks(fi *FuncInfo) []CondBlock {
	if _, _, ok := ContextInScope(fi.Fn); ok || lifecycle(fi.Fn) {
		return nil
	}
	for _, w := range fi.condWaits {
		if !w.WayOut {
			pos, end := fi.fs.refs.index().span(w.Call.Pos())
			return []CondBlock{{Chain: []Hop{{What: "(*sync.Cond).Wait", At: PosText(m.pass.Fset, pos), pos: pos, end: end}}}}
		}
	}
	for _, b := range fi.Fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(*ssa.Call)
			if !ok {
				continue
			}
			cal, ok := resolve(&call.Call)
			if !ok {
				continue
			}
			sum := m.summaryOf(cal.fn)
			if sum == nil || len(sum.CondBlocks) == 0 {
				continue
			}
			pos, end := fi.fs.refs.index().span(call.Pos())
			hop := Hop{What: CalleeName(cal.fn, m.pkgPath), At: PosText(m.pass.Fset, pos), pos: pos, end: end}
			return []CondBlock{{Chain: prepend(hop, sum.CondBlocks[0].Chain)}}
		}
	}
	return nil
}

// CondBlocksOf returns fn's CondBlocks, from its summary in this package
// or its fact.
func (r *Result) CondBlocksOf(fn *ssa.Function) []CondBlock {
	if sum := r.summary(fn); sum != nil {
		return sum.CondBlocks
	}
	return nil
}

// lifecycle reports whether fn stops or closes something (Stop,
// GracefulStop, Close, Shutdown): such calls are meant to block until
// what they stop has drained, which they themselves set off, and a
// caller with a context maps its cancellation onto them.
func lifecycle(fn *ssa.Function) bool {
	for _, w := range Words(fn.Name()) {
		switch w {
		case "stop", "close", "shutdown", "drain":
			return true
		}
	}
	return false
}

// FieldOf returns the field a FieldAddr addresses, as declared (the
// generic origin for instantiated types).
func FieldOf(fa *ssa.FieldAddr) *types.Var {
	st, ok := PointerElem(fa.X.Type()).Underlying().(*types.Struct)
	if !ok || fa.Field >= st.NumFields() {
		return nil
	}
	return st.Field(fa.Field).Origin()
}

// A BareWait is a call of sync.Cond.Wait that an if decides and nothing
// re-checks: if !ready { c.Wait() }, then on as if ready. Wait returns
// whenever another goroutine signals or broadcasts, not when the
// condition holds.
type BareWait struct {
	Call *ssa.Call
	If   *ssa.If // the test that decides the Wait
}

// BareWaits returns fi's bare waits. A Wait with no if before it (wait
// for the next signal, whatever it says) is not one, nor a Wait after
// which the test runs again, as in a loop.
func (fi *FuncInfo) BareWaits() []BareWait {
	var out []BareWait
	for _, b := range fi.Fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(*ssa.Call)
			if !ok || !isCondMethod(&call.Call, "Wait") {
				continue
			}
			if ifi := decidingIf(b); ifi != nil && !cfg.Reachable(b, cfg.Succs)[ifi.Block()] {
				out = append(out, BareWait{Call: call, If: ifi})
			}
		}
	}
	return out
}

// decidingIf returns the nearest If above b, in the dominator tree, that
// decides whether b runs: one of its branches leads to b and the other
// goes around it and joins the code after it. An If whose other branch
// leaves (an early return) does not decide the Wait, it only guards it.
func decidingIf(b *ssa.BasicBlock) *ssa.If {
	after := cfg.Reachable(b, cfg.Succs)
	for d := b.Idom(); d != nil; d = d.Idom() {
		ifi, ok := d.Instrs[len(d.Instrs)-1].(*ssa.If)
		if !ok {
			continue
		}
		for i, s := range d.Succs {
			if s.Dominates(b) && joinsAround(d.Succs[1-i], b, after) {
				return ifi
			}
		}
	}
	return nil
}

// joinsAround reports whether s reaches one of the blocks after b
// without passing through b.
func joinsAround(s, b *ssa.BasicBlock, after map[*ssa.BasicBlock]bool) bool {
	seen := map[*ssa.BasicBlock]bool{b: true}
	work := []*ssa.BasicBlock{s}
	for len(work) > 0 {
		x := work[len(work)-1]
		work = work[:len(work)-1]
		if seen[x] {
			continue
		}
		if after[x] {
			return true
		}
		seen[x] = true
		work = append(work, x.Succs...)
	}
	return false
}

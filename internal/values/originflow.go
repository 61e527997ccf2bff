package values

import (
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/known"
	"github.com/gatevet/gatevet/internal/naming"
)

// originBuilder builds the flow graph.
type originBuilder struct {
	o        *Origins
	pkg      *ssa.Package
	carriers map[types.Type]bool
	// known are the functions only the package's own static calls
	// reach: their parameters get only what those calls pass.
	known map[*ssa.Function]bool
	// funcs are the functions whose flows are followed: a call of any
	// other runs into the unknown.
	funcs map[*ssa.Function]bool
	// narrow holds each function's tests of a mode, once found.
	narrow map[*ssa.Function]map[ssa.Value][]*narrowing
	// exposed are the fields and variables other packages reach, once
	// linked to the unknown.
	exposed map[*originNode]bool
}

func (o *Origins) node(k any) *originNode {
	n := o.nodes[k]
	if n == nil {
		n = &originNode{}
		o.nodes[k] = n
	}
	return n
}

// result keys a function's result.
type result struct {
	fn *ssa.Function
	i  int
}

// carrier reports whether a value of type t can hold objects of a
// moded type: a pointer to one, or a container of carriers.
func (b *originBuilder) carrier(t types.Type) bool {
	if c, ok := b.carriers[t]; ok {
		return c
	}
	b.carriers[t] = false // a recursive type ends here
	var c bool
	switch u := t.Underlying().(type) {
	case *types.Pointer:
		c = b.o.modedType(u.Elem()) != nil || b.carrier(u.Elem())
	case *types.Slice:
		c = b.carrier(u.Elem())
	case *types.Array:
		c = b.carrier(u.Elem())
	case *types.Map:
		c = b.carrier(u.Key()) || b.carrier(u.Elem())
	case *types.Chan:
		c = b.carrier(u.Elem())
	case *types.Tuple:
		for v := range u.Variables() {
			c = c || b.carrier(v.Type())
		}
	}
	b.carriers[t] = c
	return c
}

// object reports whether t is a pointer to a moded object, whose flow
// runs one way; other carriers are containers, whose flow runs both.
func (b *originBuilder) object(t types.Type) bool {
	p, ok := t.Underlying().(*types.Pointer)
	return ok && b.o.modedType(p.Elem()) != nil
}

// flow adds the flow of a value of type t from node from to node to.
func (b *originBuilder) flow(t types.Type, from, to *originNode) {
	from.succs = append(from.succs, originEdge{to: to})
	if !b.object(t) {
		to.succs = append(to.succs, originEdge{to: from})
	}
}

func (b *originBuilder) val(v ssa.Value) *originNode { return b.o.node(v) }

func (b *originBuilder) top(v ssa.Value) { b.o.node(v).top = true }

// escape hands v to the unknown: the objects it holds go there, and a
// container gets back whatever the unknown puts in it.
func (b *originBuilder) escape(n *originNode, t types.Type) {
	n.succs = append(n.succs, originEdge{to: b.o.esc})
	if !b.object(t) {
		b.o.esc.succs = append(b.o.esc.succs, originEdge{to: n})
	}
}

// link joins two containers' contents both ways.
func (b *originBuilder) link(x, y *originNode) {
	x.succs = append(x.succs, originEdge{to: y})
	y.succs = append(y.succs, originEdge{to: x})
}

// unknown makes v a value from the unknown.
func (b *originBuilder) unknown(n *originNode) {
	b.o.esc.succs = append(b.o.esc.succs, originEdge{to: n})
}

// openings marks known the functions only static calls of the package
// reach: not exported, not a value, not a method an interface call may
// reach.
func (b *originBuilder) openings(funcs []*ssa.Function) {
	escapes := make(map[*ssa.Function]bool)
	invoked := make(map[string]bool)
	var ops []*ssa.Value
	for _, fn := range funcs {
		for _, bl := range fn.Blocks {
			for _, instr := range bl.Instrs {
				var callee ssa.Value
				if call, ok := instr.(ssa.CallInstruction); ok {
					callee = call.Common().Value
					if call.Common().IsInvoke() {
						invoked[call.Common().Method.Name()] = true
					}
				}
				for _, op := range instr.Operands(ops[:0]) {
					if *op == callee || *op == nil {
						continue
					}
					if f, ok := (*op).(*ssa.Function); ok {
						if mc, isClosure := instr.(*ssa.MakeClosure); !isClosure || mc.Fn != f || !onlyCalled(mc) {
							escapes[f] = true
						}
						if f.Synthetic != "" {
							// A bound method or a method expression:
							// the method runs with whatever the value
							// is called with.
							if m := naming.WrappedMethod(f); m != nil {
								escapes[m] = true
							}
						}
					}
				}
			}
		}
	}
	for _, fn := range funcs {
		switch {
		case escapes[fn] || fn.Synthetic != "":
		case fn.Parent() != nil:
			b.known[fn] = true // a closure called in place, or bound and called
		case fn.Object() != nil && !fn.Object().Exported() && !(fn.Signature.Recv() != nil && invoked[fn.Name()]):
			b.known[fn] = true
		}
	}
}

// onlyCalled reports whether closure mc is only ever called (not
// stored, passed or returned): check := func(m …) {…}; check(a).
func onlyCalled(mc *ssa.MakeClosure) bool {
	for _, r := range *mc.Referrers() {
		call, ok := r.(ssa.CallInstruction)
		if !ok || call.Common().Value != mc {
			return false
		}
		for _, a := range call.Common().Args {
			if a == mc {
				return false
			}
		}
	}
	return true
}

// function adds fn's flows.
func (b *originBuilder) function(fn *ssa.Function, allocs map[*ssa.Alloc][]string) {
	if !b.known[fn] {
		for _, p := range fn.Params {
			if b.carrier(p.Type()) {
				b.unknown(b.val(p))
				b.escape(b.val(p), p.Type())
			}
		}
	}
	for _, bl := range fn.Blocks {
		for _, instr := range bl.Instrs {
			b.instr(fn, instr, allocs)
		}
	}
}

// instr adds the flows of one instruction.
func (b *originBuilder) instr(fn *ssa.Function, instr ssa.Instruction, allocs map[*ssa.Alloc][]string) {
	switch in := instr.(type) {
	case *ssa.Store:
		if b.carrier(in.Val.Type()) {
			from := b.src(in, in.Val)
			if ia, ok := in.Addr.(*ssa.IndexAddr); ok && !b.object(in.Val.Type()) && onlyIterated(ia.X) {
				// Into a literal that is only iterated over: read, not
				// written through.
				from.succs = append(from.succs, originEdge{to: b.place(in.Addr)})
			} else {
				b.flow(in.Val.Type(), from, b.place(in.Addr))
			}
		}
		return
	case *ssa.MapUpdate:
		for _, v := range []ssa.Value{in.Key, in.Value} {
			if b.carrier(v.Type()) {
				b.flow(v.Type(), b.src(in, v), b.val(in.Map))
			}
		}
		return
	case *ssa.Send:
		if b.carrier(in.X.Type()) {
			b.flow(in.X.Type(), b.src(in, in.X), b.val(in.Chan))
		}
		return
	case *ssa.Return:
		for i, r := range in.Results {
			if b.carrier(r.Type()) {
				b.flow(r.Type(), b.src(in, r), b.o.node(result{fn, i}))
				if !b.known[fn] {
					b.escape(b.val(r), r.Type())
				}
			}
		}
		return
	case *ssa.MakeInterface:
		if b.carrier(in.X.Type()) {
			b.escape(b.src(in, in.X), in.X.Type())
		}
		return
	case *ssa.MakeClosure:
		fn := in.Fn.(*ssa.Function)
		for i, bnd := range in.Bindings {
			switch {
			case !b.carrier(bnd.Type()):
			case !b.funcs[fn]:
				// A bound method's receiver: the method gets it from
				// the unknown.
				b.escape(b.src(in, bnd), bnd.Type())
			case i < len(fn.FreeVars):
				b.flow(bnd.Type(), b.src(in, bnd), b.val(fn.FreeVars[i]))
			}
		}
		return
	case ssa.CallInstruction:
		b.call(in)
		if _, isValue := in.(*ssa.Call); !isValue {
			return
		}
	}
	v, ok := instr.(ssa.Value)
	if !ok || !b.carrier(v.Type()) {
		return
	}
	switch in := instr.(type) {
	case *ssa.Alloc:
		if ms, ok := allocs[in]; ok {
			n := b.val(in)
			if n.modes == nil {
				n.modes = make(map[string]bool)
			}
			for _, m := range ms {
				n.modes[m] = true
			}
		} else if b.object(in.Type()) {
			b.top(in) // a moded object made without its mode known
		}
	case *ssa.MakeSlice, *ssa.MakeMap, *ssa.MakeChan:
	case *ssa.FieldAddr, *ssa.IndexAddr:
		if b.object(v.Type()) {
			// An object inside another, or in an array: not one the
			// allocations made.
			b.top(v)
		} else if fa, ok := in.(*ssa.FieldAddr); ok {
			b.flow(v.Type(), b.place(fa), b.val(v))
		} else {
			b.flow(v.Type(), b.val(in.(*ssa.IndexAddr).X), b.val(v))
		}
	case *ssa.UnOp:
		b.into(v.Type(), b.place(in.X), v) // a load, or a receive
	case *ssa.Phi:
		for i, e := range in.Edges {
			pred := in.Block().Preds[i]
			b.into(v.Type(), b.src(pred.Instrs[len(pred.Instrs)-1], e), v)
		}
	case *ssa.ChangeType:
		b.flow(v.Type(), b.src(in, in.X), b.val(v))
	case *ssa.Slice:
		b.flow(v.Type(), b.val(in.X), b.val(v))
	case *ssa.Index:
		b.elem(in.X, v)
	case *ssa.Lookup:
		b.elem(in.X, v)
	case *ssa.Next:
		b.elem(in.Iter.(*ssa.Range).X, v)
	case *ssa.Extract:
		b.flow(v.Type(), b.val(in.Tuple), b.val(v))
	case *ssa.Field:
		f, _ := naming.ValueField(in)
		b.flow(v.Type(), b.o.node(f), b.val(v))
	case *ssa.Call:
		// Flows added by call.
	case *ssa.TypeAssert:
		if !in.CommaOk {
			b.unknown(b.val(v)) // out of an interface: from the unknown
		} else {
			b.top(v)
		}
	default:
		b.top(v) // made in a way the flow does not follow
	}
}

// elem adds the flow of an element of container x into v.
func (b *originBuilder) elem(x, v ssa.Value) {
	if b.carrier(x.Type()) {
		b.flow(v.Type(), b.val(x), b.val(v))
	} else {
		b.top(v)
	}
}

// place returns the node of what address addr points to: a field's
// node for any object's field, a package variable's, or the address's
// own node (a variable, an element), shared both ways with whatever
// the address came from.
func (b *originBuilder) place(addr ssa.Value) *originNode {
	switch a := addr.(type) {
	case *ssa.FieldAddr:
		f := naming.FieldOf(a)
		n := b.o.node(f)
		if (f.Exported() || f.Pkg() != b.pkg.Pkg) && !b.exposed[n] {
			b.exposed[n] = true
			b.unknown(n)
			b.escape(n, f.Type())
		}
		return n
	case *ssa.Global:
		n := b.val(a)
		if (a.Object() == nil || a.Object().Exported() || a.Pkg != b.pkg) && !b.exposed[n] {
			b.exposed[n] = true
			b.unknown(n)
			b.escape(n, known.PointerElem(a.Type()))
		}
		return n
	}
	return b.val(addr)
}

// call adds the flows of a call: into the parameters and out of the
// results of a function the package alone calls, through a builtin, or
// into the unknown.
func (b *originBuilder) call(call ssa.CallInstruction) {
	c := call.Common()
	var fn *ssa.Function
	var args []ssa.Value
	switch f := c.Value.(type) {
	case *ssa.Function:
		fn, args = f, c.Args
	case *ssa.MakeClosure:
		fn, args = f.Fn.(*ssa.Function), c.Args
	case *ssa.Builtin:
		b.builtin(call, f, c.Args)
		return
	}
	res, isValue := call.(*ssa.Call)
	if fn == nil || c.IsInvoke() || !b.funcs[fn] || len(fn.Params) != len(args) {
		// Into the unknown: what it gets goes there, and what it
		// returns comes from there. What it puts in the containers it
		// gets is what the call gives it (sort.Slice reorders, maps.Copy
		// copies from one argument into the other).
		args := c.Args
		if c.IsInvoke() {
			args = append([]ssa.Value{c.Value}, args...)
		}
		var containers, objects []*originNode
		for _, a := range args {
			if !b.carrier(a.Type()) {
				continue
			}
			n := b.src(call, a)
			n.succs = append(n.succs, originEdge{to: b.o.esc})
			if b.object(a.Type()) {
				objects = append(objects, n)
			} else {
				containers = append(containers, n)
			}
		}
		for i, cn := range containers {
			if i > 0 {
				b.link(containers[0], cn)
			}
			for _, on := range objects {
				on.succs = append(on.succs, originEdge{to: cn})
			}
		}
		if isValue && b.carrier(res.Type()) {
			b.unknown(b.val(res))
		}
		return
	}
	for i, a := range args {
		if b.carrier(a.Type()) {
			b.into(a.Type(), b.src(call, a), fn.Params[i])
		}
	}
	if !isValue || !b.carrier(res.Type()) {
		return
	}
	if tup, ok := res.Type().(*types.Tuple); ok {
		for i := range tup.Len() {
			if b.carrier(tup.At(i).Type()) {
				b.flow(tup.At(i).Type(), b.o.node(result{fn, i}), b.val(res))
			}
		}
		return
	}
	b.flow(res.Type(), b.o.node(result{fn, 0}), b.val(res))
}

// builtin adds the flows of append and copy; other builtins make no
// carrier.
func (b *originBuilder) builtin(call ssa.CallInstruction, f *ssa.Builtin, args []ssa.Value) {
	res, isValue := call.(*ssa.Call)
	switch f.Name() {
	case "append":
		// The result shares the first slice's array; the others are
		// only read.
		if isValue && b.carrier(res.Type()) {
			for i, a := range args {
				if i == 0 {
					b.flow(res.Type(), b.src(call, a), b.val(res))
				} else {
					b.src(call, a).succs = append(b.src(call, a).succs, originEdge{to: b.val(res)})
				}
			}
		}
	case "copy":
		if len(args) == 2 && b.carrier(args[0].Type()) {
			b.flow(args[0].Type(), b.val(args[1]), b.val(args[0]))
		}
	default:
		if isValue && b.carrier(res.Type()) {
			b.top(res)
		}
	}
}

package values

import (
	"go/types"
	"slices"
	"sort"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// Origins: which objects a value can hold, by the mode they were made
// with. A type whose objects are each made with a mode they keep (a
// fixed field that every allocation of the type in the package sets to
// a constant: a connection's kind, GATEWAY or LEAF) splits its objects
// into kinds that the code often keeps apart: the gateway connections
// in one map, the leaf connections in another, and the functions that
// lock one kind's connections never get the other's. Origins follows
// every value of the package that holds such objects (a pointer to
// one, or a slice, map, channel or variable of them) from the
// allocations that make them, through assignments, fields (each field
// one place, whatever its object), package variables, elements, calls
// and returns, to a set of modes per value: the kinds of object the
// value can hold.
//
// The flow is the package's only: a parameter of a function other
// packages can call (exported, or a method an interface call may reach,
// or a function used as a value), a result of a call the package does
// not see into, a value out of an interface, an exported field or
// variable, or any value made in a way the flow does not know, can hold
// any object (Modes says not known). Containers (slices, maps,
// channels, pointers to a variable) are shared by whoever holds them:
// what is put in through one holder comes out through every other, so
// their flow runs both ways; an object pointer's runs one way.

// Origins holds the modes of a package's values.
type Origins struct {
	modes map[*types.TypeName][]*types.Var // a moded type's mode fields
	nodes map[any]*originNode
}

// An originNode is one place objects flow through: a value, a field, a
// package variable, a function's result.
type originNode struct {
	modes map[string]bool
	top   bool
	succs []*originNode
}

// Modes returns the modes the objects that v (a pointer to an object of
// a moded type) can hold were made with, as "field=constant" lists,
// sorted; ok is false when the flow does not know them all.
func (o *Origins) Modes(v ssa.Value) ([]string, bool) {
	if o == nil {
		return nil, false
	}
	n := o.nodes[v]
	if n == nil || n.top || len(n.modes) == 0 {
		return nil, false
	}
	prefix := ""
	if p, ok := v.Type().Underlying().(*types.Pointer); ok {
		if tn := o.modedType(p.Elem()); tn != nil {
			prefix = tn.Name() + "."
		}
	}
	if prefix == "" {
		return nil, false
	}
	out := make([]string, 0, len(n.modes))
	for m := range n.modes {
		if strings.HasPrefix(m, prefix) {
			out = append(out, m)
		}
	}
	if len(out) == 0 {
		return nil, false
	}
	sort.Strings(out)
	return out, true
}

// Moded reports whether t points to an object of a moded type.
func (o *Origins) Moded(t types.Type) bool {
	if o == nil {
		return false
	}
	p, ok := t.Underlying().(*types.Pointer)
	return ok && o.modedType(p.Elem()) != nil
}

func (o *Origins) modedType(t types.Type) *types.TypeName {
	n, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return nil
	}
	if _, ok := o.modes[n.Obj()]; ok {
		return n.Obj()
	}
	return nil
}

// FindOrigins returns the origins of the values of the package whose
// source functions (closures and initializer included) are funcs, for
// its types that made fixes a mode of; nil when it has none.
func FindOrigins(pkg *ssa.Package, funcs []*ssa.Function, made *Made) *Origins {
	if pkg == nil || made == nil {
		return nil
	}
	o := &Origins{modes: make(map[*types.TypeName][]*types.Var), nodes: make(map[any]*originNode)}
	allocs := o.modedAllocs(pkg, funcs, made)
	if len(o.modes) == 0 {
		return nil
	}
	b := &originBuilder{o: o, pkg: pkg, carriers: make(map[types.Type]bool), known: make(map[*ssa.Function]bool), funcs: make(map[*ssa.Function]bool)}
	for _, fn := range funcs {
		b.funcs[fn] = true
	}
	b.openings(funcs)
	for _, fn := range funcs {
		b.function(fn, allocs)
	}
	o.solve()
	return o
}

// modedAllocs finds the moded types (a named struct type of pkg with
// fixed fields of a basic type that every allocation of it sets to a
// constant) and returns each allocation's mode.
func (o *Origins) modedAllocs(pkg *ssa.Package, funcs []*ssa.Function, made *Made) map[*ssa.Alloc]string {
	type site struct {
		a    *ssa.Alloc
		vals map[*types.Var]string
	}
	byType := make(map[*types.TypeName][]site)
	notConst := make(map[*types.Var]bool) // a fixed field some allocation sets to a value not constant
	for _, fn := range funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				a, ok := instr.(*ssa.Alloc)
				if !ok {
					continue
				}
				n, ok := types.Unalias(a.Type().(*types.Pointer).Elem()).(*types.Named)
				if !ok || n.Obj().Pkg() != pkg.Pkg || n.TypeParams().Len() > 0 {
					continue
				}
				st, ok := n.Underlying().(*types.Struct)
				if !ok {
					continue
				}
				s := site{a, make(map[*types.Var]string)}
				for f := range st.Fields() {
					if b, basic := f.Type().Underlying().(*types.Basic); !basic || b.Info()&(types.IsInteger|types.IsString|types.IsBoolean) == 0 || !made.Fixed(f) {
						continue
					}
					s.vals[f] = "" // unset: the zero value
					for _, st := range backStores(a, f) {
						if k, isConst := st.Val.(*ssa.Const); isConst && k.Value != nil {
							s.vals[f] = k.Value.ExactString()
						} else {
							notConst[f] = true
						}
					}
				}
				if len(s.vals) > 0 {
					byType[n.Obj()] = append(byType[n.Obj()], s)
				}
			}
		}
	}
	out := make(map[*ssa.Alloc]string)
	for tn, sites := range byType {
		var fields []*types.Var
		for f := range sites[0].vals {
			if !notConst[f] {
				fields = append(fields, f)
			}
		}
		if len(fields) == 0 {
			continue
		}
		slices.SortFunc(fields, func(a, b *types.Var) int { return int(a.Pos() - b.Pos()) })
		o.modes[tn] = fields
		for _, s := range sites {
			var parts []string
			for _, f := range fields {
				v := s.vals[f]
				if v == "" {
					v = "0"
				}
				parts = append(parts, tn.Name()+"."+f.Name()+"="+v)
			}
			out[s.a] = strings.Join(parts, ",")
		}
	}
	return out
}

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
	from.succs = append(from.succs, to)
	if !b.object(t) {
		to.succs = append(to.succs, from)
	}
}

func (b *originBuilder) val(v ssa.Value) *originNode { return b.o.node(v) }

func (b *originBuilder) top(v ssa.Value) { b.o.node(v).top = true }

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
						escapes[f] = true
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

// function adds fn's flows.
func (b *originBuilder) function(fn *ssa.Function, allocs map[*ssa.Alloc]string) {
	if !b.known[fn] {
		for _, p := range fn.Params {
			if b.carrier(p.Type()) {
				b.top(p)
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
func (b *originBuilder) instr(fn *ssa.Function, instr ssa.Instruction, allocs map[*ssa.Alloc]string) {
	switch in := instr.(type) {
	case *ssa.Store:
		if b.carrier(in.Val.Type()) {
			b.flow(in.Val.Type(), b.val(in.Val), b.place(in.Addr))
		}
		return
	case *ssa.MapUpdate:
		for _, v := range []ssa.Value{in.Key, in.Value} {
			if b.carrier(v.Type()) {
				b.flow(v.Type(), b.val(v), b.val(in.Map))
			}
		}
		return
	case *ssa.Send:
		if b.carrier(in.X.Type()) {
			b.flow(in.X.Type(), b.val(in.X), b.val(in.Chan))
		}
		return
	case *ssa.Return:
		for i, r := range in.Results {
			if b.carrier(r.Type()) {
				b.flow(r.Type(), b.val(r), b.o.node(result{fn, i}))
			}
		}
		return
	case *ssa.MakeClosure:
		fn := in.Fn.(*ssa.Function)
		for i, bnd := range in.Bindings {
			if i < len(fn.FreeVars) && b.carrier(bnd.Type()) {
				b.flow(bnd.Type(), b.val(bnd), b.val(fn.FreeVars[i]))
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
		if m, ok := allocs[in]; ok {
			n := b.val(in)
			if n.modes == nil {
				n.modes = make(map[string]bool)
			}
			n.modes[m] = true
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
		b.flow(v.Type(), b.place(in.X), b.val(v)) // a load, or a receive
	case *ssa.Phi:
		for _, e := range in.Edges {
			b.flow(v.Type(), b.val(e), b.val(v))
		}
	case *ssa.ChangeType:
		b.flow(v.Type(), b.val(in.X), b.val(v))
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
		b.flow(v.Type(), b.o.node(fieldOf(in.X.Type(), in.Field)), b.val(v))
	case *ssa.Call:
		// Flows added by call.
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
		f := fieldOf(a.X.Type(), a.Field)
		n := b.o.node(f)
		if f.Exported() || f.Pkg() != b.pkg.Pkg {
			n.top = true
		}
		return n
	case *ssa.Global:
		n := b.val(a)
		if a.Object() == nil || a.Object().Exported() || a.Pkg != b.pkg {
			n.top = true
		}
		return n
	}
	return b.val(addr)
}

// fieldOf returns field i of the struct t is or points to.
func fieldOf(t types.Type, i int) *types.Var {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	return t.Underlying().(*types.Struct).Field(i)
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
		// Into the unknown: what it returns, and what it may put in
		// the containers it gets, can be anything.
		for _, a := range c.Args {
			if b.carrier(a.Type()) && !b.object(a.Type()) {
				b.top(a)
			}
		}
		if c.IsInvoke() && b.carrier(c.Value.Type()) {
			b.top(c.Value)
		}
		if isValue && b.carrier(res.Type()) {
			b.top(res)
		}
		return
	}
	for i, a := range args {
		if b.carrier(a.Type()) {
			b.flow(a.Type(), b.val(a), b.val(fn.Params[i]))
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
		if isValue && b.carrier(res.Type()) {
			for _, a := range args {
				b.flow(res.Type(), b.val(a), b.val(res))
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

// solve spreads modes and tops along the flows to a fixpoint.
func (o *Origins) solve() {
	var work []*originNode
	for _, n := range o.nodes {
		if n.top || len(n.modes) > 0 {
			work = append(work, n)
		}
	}
	for len(work) > 0 {
		n := work[len(work)-1]
		work = work[:len(work)-1]
		for _, s := range n.succs {
			changed := false
			if n.top && !s.top {
				s.top, changed = true, true
			}
			if !s.top {
				for m := range n.modes {
					if !s.modes[m] {
						if s.modes == nil {
							s.modes = make(map[string]bool)
						}
						s.modes[m], changed = true, true
					}
				}
			}
			if changed {
				work = append(work, s)
			}
		}
	}
}

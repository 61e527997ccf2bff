package values

import (
	"go/token"
	"go/types"
	"slices"
	"sort"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/known"
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
// Code the package does not see (another package, through a call, an
// interface, an exported field or variable, a parameter of a function
// others can call) can only hand back objects it got from the package,
// or, of an exported type, made itself: what the package hands out
// flows into one node, the unknown, and what comes back in flows out of
// it. An object of an exported type that comes back may be of any
// mode (Modes says not known), and so may a value made in a way the
// flow does not follow. Containers (slices, maps,
// channels, pointers to a variable) are shared by whoever holds them:
// what is put in through one holder comes out through every other, so
// their flow runs both ways; an object pointer's runs one way.

// Origins holds the modes of a package's values.
type Origins struct {
	modes map[*types.TypeName][]*types.Var // a moded type's mode fields
	nodes map[any]*originNode
	// esc is the unknown: what the package hands to code it does not
	// see (another package, an interface, an exported field), which may
	// hand it back anywhere, with "T.*" for every moded type T another
	// package can make objects of (it is exported).
	esc *originNode
}

// An originNode is one place objects flow through: a value, a field, a
// package variable, a function's result.
type originNode struct {
	modes map[string]bool
	top   bool
	succs []originEdge
}

// An originEdge is a flow to a node; a narrowed flow lets through only
// the objects of one mode (a use under if c.kind == GATEWAY).
type originEdge struct {
	to     *originNode
	narrow *narrowing
}

// A narrowing is a test that a moded object's mode field equals a
// constant, whose true branch dominates the uses it narrows.
type narrowing struct {
	tn    *types.TypeName
	field *types.Var
	val   string
	block *ssa.BasicBlock
}

// mode is the mode, "T.f=val", the narrowing leaves.
func (n *narrowing) mode() string { return n.tn.Name() + "." + n.field.Name() + "=" + n.val }

// keeps reports whether objects of mode m pass the narrowing.
func (n *narrowing) keeps(m string) bool {
	for _, part := range strings.Split(m, ",") {
		if strings.HasPrefix(part, n.tn.Name()+"."+n.field.Name()+"=") {
			return part == n.mode()
		}
	}
	return false
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
		if m == prefix+"*" {
			return nil, false // made by another package: any mode
		}
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
// its types that made fixes a mode of; nil when it has none. A mode set
// from a parameter that every call passes a constant for (paths'
// settled parameters: createInternalClient(SYSTEM)) takes each of them.
func FindOrigins(pkg *ssa.Package, funcs []*ssa.Function, made *Made, paths *Paths) *Origins {
	if pkg == nil || made == nil {
		return nil
	}
	o := &Origins{modes: make(map[*types.TypeName][]*types.Var), nodes: make(map[any]*originNode), esc: &originNode{modes: make(map[string]bool)}}
	allocs := o.modedAllocs(pkg, funcs, made, paths)
	if len(o.modes) == 0 {
		return nil
	}
	for tn := range o.modes {
		if tn.Exported() {
			o.esc.modes[tn.Name()+".*"] = true
		}
	}
	b := &originBuilder{o: o, pkg: pkg, carriers: make(map[types.Type]bool), known: make(map[*ssa.Function]bool), funcs: make(map[*ssa.Function]bool),
		narrow: make(map[*ssa.Function]map[ssa.Value][]*narrowing), exposed: make(map[*originNode]bool)}
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
func (o *Origins) modedAllocs(pkg *ssa.Package, funcs []*ssa.Function, made *Made, paths *Paths) map[*ssa.Alloc][]string {
	type site struct {
		a    *ssa.Alloc
		vals map[*types.Var][]string
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
				s := site{a, make(map[*types.Var][]string)}
				for f := range st.Fields() {
					if b, basic := f.Type().Underlying().(*types.Basic); !basic || b.Info()&(types.IsInteger|types.IsString|types.IsBoolean) == 0 || !made.Fixed(f) {
						continue
					}
					s.vals[f] = []string{"0"} // unset: the zero value
					for _, st := range backStores(a, f) {
						vals, ok := constants(st.Val, paths)
						if !ok {
							notConst[f] = true
						}
						s.vals[f] = vals
					}
				}
				if len(s.vals) > 0 {
					byType[n.Obj()] = append(byType[n.Obj()], s)
				}
			}
		}
	}
	out := make(map[*ssa.Alloc][]string)
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
			combos := []string{""}
			for _, f := range fields {
				var next []string
				for _, c := range combos {
					for _, v := range s.vals[f] {
						part := tn.Name() + "." + f.Name() + "=" + v
						if c != "" {
							part = c + "," + part
						}
						next = append(next, part)
					}
				}
				combos = next
			}
			out[s.a] = combos
		}
	}
	return out
}

// constants returns the constants v can be, exactly: a constant, or a
// settled parameter's constants.
func constants(v ssa.Value, paths *Paths) ([]string, bool) {
	switch v := v.(type) {
	case *ssa.Const:
		if v.Value != nil {
			return []string{v.Value.ExactString()}, true
		}
	case *ssa.Parameter:
		if paths == nil {
			return nil, false
		}
		var out []string
		for _, k := range paths.params[v] {
			out = append(out, k.ExactString())
		}
		return out, len(out) > 0
	}
	return nil, false
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

// src returns the node of what object value v holds where instruction
// at uses it: v's own, or, under a test of v's mode that at's block is
// in, a node that only the objects of that mode reach.
func (b *originBuilder) src(at ssa.Instruction, v ssa.Value) *originNode {
	if !b.object(v.Type()) {
		return b.val(v)
	}
	for _, n := range b.narrowings(at.Parent())[v] {
		if n.block.Dominates(at.Block()) {
			key := narrowKey{v, n.block}
			to, ok := b.o.nodes[key]
			if !ok {
				to = b.o.node(key)
				from := b.val(v)
				from.succs = append(from.succs, originEdge{to: to, narrow: n})
			}
			return to
		}
	}
	return b.val(v)
}

// narrowKey keys the node of object value v under a test whose true
// branch starts at block.
type narrowKey struct {
	v     ssa.Value
	block *ssa.BasicBlock
}

// narrowings returns fn's tests of an object's mode field against a
// constant (if c.kind == GATEWAY, a case of a switch on it), by the
// object tested, with the block their true branch starts, entered from
// the test only.
func (b *originBuilder) narrowings(fn *ssa.Function) map[ssa.Value][]*narrowing {
	if ns, ok := b.narrow[fn]; ok {
		return ns
	}
	ns := make(map[ssa.Value][]*narrowing)
	for _, bl := range fn.Blocks {
		ifi, ok := bl.Instrs[len(bl.Instrs)-1].(*ssa.If)
		if !ok {
			continue
		}
		cmp, ok := ifi.Cond.(*ssa.BinOp)
		if !ok || cmp.Op != token.EQL {
			continue
		}
		x, k := cmp.X, cmp.Y
		if _, isConst := x.(*ssa.Const); isConst {
			x, k = k, x
		}
		kc, ok := k.(*ssa.Const)
		load, isLoad := x.(*ssa.UnOp)
		if !ok || kc.Value == nil || !isLoad || load.Op != token.MUL {
			continue
		}
		fa, ok := load.X.(*ssa.FieldAddr)
		if !ok {
			continue
		}
		tn := b.o.modedType(known.PointerElem(fa.X.Type()))
		f := fieldOf(fa.X.Type(), fa.Field)
		then := bl.Succs[0]
		if tn == nil || !slices.Contains(b.o.modes[tn], f) || len(then.Preds) != 1 {
			continue
		}
		ns[fa.X] = append(ns[fa.X], &narrowing{tn: tn, field: f, val: kc.Value.ExactString(), block: then})
	}
	b.narrow[fn] = ns
	return ns
}

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

// into adds the flow of a container or object of type t from node from
// into value v: one way when v is a container that is only read (a
// range over it, a lookup, a length), since nothing is put in through
// it; both ways otherwise.
func (b *originBuilder) into(t types.Type, from *originNode, v ssa.Value) {
	if !b.object(t) && readOnly(v) {
		from.succs = append(from.succs, originEdge{to: b.val(v)})
		return
	}
	b.flow(t, from, b.val(v))
}

// readOnly reports whether container value v is only read where it is
// used: ranged over, looked up, indexed to load, measured.
func readOnly(v ssa.Value) bool {
	refs := v.Referrers()
	if refs == nil {
		return false
	}
	for _, r := range *refs {
		switch r := r.(type) {
		case *ssa.Range, *ssa.Lookup, *ssa.Index, *ssa.DebugRef:
		case *ssa.IndexAddr:
			for _, u := range *r.Referrers() {
				if load, ok := u.(*ssa.UnOp); !ok || load.Op != token.MUL {
					return false
				}
			}
		case *ssa.Call:
			if bi, ok := r.Call.Value.(*ssa.Builtin); !ok || bi.Name() != "len" && bi.Name() != "cap" {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// onlyIterated reports whether x, a local array (a slice or array
// literal's), is only filled in place and read, and what is read out of
// it only read in turn: []map[uint64]*client{s.clients, s.leafs}, ranged
// over to range over each map.
func onlyIterated(x ssa.Value) bool {
	a, ok := x.(*ssa.Alloc)
	if !ok {
		return false
	}
	for _, r := range *a.Referrers() {
		switch r := r.(type) {
		case *ssa.IndexAddr:
			for _, u := range *r.Referrers() {
				switch u := u.(type) {
				case *ssa.Store:
					if u.Addr != r {
						return false
					}
				case *ssa.UnOp:
					if u.Op != token.MUL || !readOnly(u) {
						return false
					}
				default:
					return false
				}
			}
		case *ssa.Slice:
			if !elementsRead(r) {
				return false
			}
		case *ssa.DebugRef:
		default:
			return false
		}
	}
	return true
}

// elementsRead reports whether slice s is only read, and its elements
// loaded only to be read.
func elementsRead(s ssa.Value) bool {
	for _, r := range *s.Referrers() {
		switch r := r.(type) {
		case *ssa.IndexAddr:
			for _, u := range *r.Referrers() {
				if load, ok := u.(*ssa.UnOp); !ok || load.Op != token.MUL || !readOnly(load) {
					return false
				}
			}
		case *ssa.Call:
			if bi, ok := r.Call.Value.(*ssa.Builtin); !ok || bi.Name() != "len" {
				return false
			}
		case *ssa.DebugRef:
		default:
			return false
		}
	}
	return true
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
			if i < len(fn.FreeVars) && b.carrier(bnd.Type()) {
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
		b.flow(v.Type(), b.o.node(fieldOf(in.X.Type(), in.Field)), b.val(v))
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
		f := fieldOf(a.X.Type(), a.Field)
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

// solve spreads modes and tops along the flows to a fixpoint. A
// narrowed flow lets through the modes it keeps; an object not known
// (top) that passes a test of a type's only mode field has that mode.
func (o *Origins) solve() {
	work := []*originNode{o.esc}
	for _, n := range o.nodes {
		if n.top || len(n.modes) > 0 {
			work = append(work, n)
		}
	}
	add := func(s *originNode, m string) bool {
		if s.top || s.modes[m] {
			return false
		}
		if s.modes == nil {
			s.modes = make(map[string]bool)
		}
		s.modes[m] = true
		return true
	}
	for len(work) > 0 {
		n := work[len(work)-1]
		work = work[:len(work)-1]
		for _, e := range n.succs {
			s, changed := e.to, false
			switch {
			case n.top && e.narrow != nil && len(o.modes[e.narrow.tn]) == 1:
				changed = add(s, e.narrow.mode())
			case n.top && !s.top:
				s.top, changed = true, true
			}
			for m := range n.modes {
				switch {
				case e.narrow == nil || e.narrow.keeps(m):
					changed = add(s, m) || changed
				case m == e.narrow.tn.Name()+".*" && len(o.modes[e.narrow.tn]) == 1:
					// Made elsewhere, but of the mode tested.
					changed = add(s, e.narrow.mode()) || changed
				}
			}
			if changed {
				work = append(work, s)
			}
		}
	}
}

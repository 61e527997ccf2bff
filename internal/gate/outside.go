package gate

import (
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/known"
	"github.com/gatevet/gatevet/internal/naming"
)

// Ways in from other packages. A method of one of the package's
// unexported types runs from another package's code only when a value
// of the type gets there: returned by an exported function, or by an
// exported method of a type that gets there; handed to a func value
// other packages give (a callback's parameters); held in an exported
// field or variable; embedded in a type that gets there (its methods
// are promoted); a type argument of another package's generic
// function; or converted to an interface. An interface of the
// package's own (unexported, and not generic) keeps its values in the
// package unless it gets there itself, or its values are converted on
// to another interface: a type converted only to such interfaces runs
// its methods only at the package's own calls through them (Invokes).
// Otherwise only the package calls the type's methods.

// ways is what the call graph's scan notes of the ways in.
type ways struct {
	conversions []conversion
	convertedOn map[*types.TypeName]bool // own interfaces whose values go into another interface
	typeArgs    []types.Type             // of other packages' generic functions the package calls
	invokes     map[string][]ssa.CallInstruction
	embedded    map[*types.TypeName]bool // types some struct type of the package embeds
	// outside are the unexported types whose values get to other
	// packages (Outside); escaping are those whose methods run other
	// than at the package's static calls or at a call it hands a
	// callback to then and there (Escaping).
	outside, escaping map[*types.TypeName]bool
	slots             slots // the package's slots (slots.go)
}

// A conversion puts a value of type x in an interface: one of the
// package's own (own), or another (own nil); as a callback handed
// then and there to a call the package does not see into.
type conversion struct {
	x        types.Type
	own      *types.TypeName
	callback bool
	slots    []*types.Var // the fields the value is only stored into, if it is (slots.go)
}

// note records what instr, an instruction of the package, says of the
// ways in.
func (w *ways) note(pkg *types.Package, instr ssa.Instruction) {
	switch in := instr.(type) {
	case *ssa.MakeInterface:
		_, callback := CallbackType(pkg, in)
		w.conversions = append(w.conversions, conversion{x: in.X.Type(), own: ownInterface(pkg, in.Type()), callback: callback, slots: slotsOf(pkg, in)})
	case *ssa.FieldAddr:
		w.slots.noteAddr(pkg, in)
	case *ssa.Field:
		w.slots.noteField(pkg, in)
	case *ssa.ChangeInterface:
		if own := ownInterface(pkg, in.X.Type()); own != nil {
			w.convertedOn[own] = true
		}
	case *ssa.TypeAssert:
		if own := ownInterface(pkg, in.X.Type()); own != nil && types.IsInterface(in.AssertedType) {
			w.convertedOn[own] = true
		}
	case ssa.CallInstruction:
		c := in.Common()
		if c.IsInvoke() {
			w.invokes[c.Method.Name()] = append(w.invokes[c.Method.Name()], in)
		}
		if fn := naming.FuncOf(c.Value); fn != nil && fn.Pkg != nil && fn.Pkg.Pkg != pkg {
			w.typeArgs = append(w.typeArgs, fn.TypeArgs()...)
		}
	}
}

// ownInterface returns the interface type t is when the package
// declares it, unexported and not generic, or nil.
func ownInterface(pkg *types.Package, t types.Type) *types.TypeName {
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() != pkg || n.Obj().Exported() || n.TypeParams().Len() > 0 || !types.IsInterface(n) {
		return nil
	}
	return n.Obj()
}

// finish computes outside and escaping from what the scan noted, and
// which types the package embeds (info's).
// Outside follows every way above. Escaping counts a conversion to any
// interface, but one that hands a callback over, and, of the
// declarations, what exported functions and methods return and what
// exported fields and variables hold (the resource model's entries).
func (w *ways) finish(pkg *types.Package, info *types.Info) {
	w.embedded = embeddedTypes(info)
	w.outside = leaving(pkg, w.typeArgs, true, func(c conversion, leaves func(*types.TypeName) bool) []*types.TypeName {
		if c.own == nil || leaves(c.own) || w.convertedOn[c.own] {
			return mentioned(c.x, true)
		}
		return nil
	}, w.conversions)
	w.escaping = leaving(pkg, nil, false, func(c conversion, _ func(*types.TypeName) bool) []*types.TypeName {
		if tn := naming.TypeNameOf(c.x); tn != nil && !c.callback && !w.slots.slotted(c.slots) {
			return []*types.TypeName{tn}
		}
		return nil
	}, w.conversions)
}

// leaving returns the package's unexported types whose values get out
// through its declarations, the type arguments given, and the types
// seeds says the conversions get out (given what leaves so far): a
// fixpoint over the declarations. With deep, a declaration gives out
// what func values get back too, and an interface that leaves what its
// methods return.
func leaving(pkg *types.Package, typeArgs []types.Type, deep bool, seeds func(conversion, func(*types.TypeName) bool) []*types.TypeName, conversions []conversion) map[*types.TypeName]bool {
	out := make(map[*types.TypeName]bool)
	scope := pkg.Scope()
	var named []*types.TypeName
	for _, name := range scope.Names() {
		if tn, ok := scope.Lookup(name).(*types.TypeName); ok && !tn.IsAlias() {
			named = append(named, tn)
		}
	}
	leaves := func(tn *types.TypeName) bool { return tn.Exported() || out[tn] }
	for changed := true; changed; {
		changed = false
		markNames := func(tns []*types.TypeName) {
			for _, tn := range tns {
				if tn.Pkg() == pkg && !tn.Exported() && !out[tn] {
					out[tn], changed = true, true
				}
			}
		}
		mark := func(t types.Type) { markNames(mentioned(t, deep)) }
		signature := func(sig *types.Signature) {
			if !deep {
				mark(sig.Results())
				return
			}
			markSignature(sig, mark)
		}
		for _, t := range typeArgs {
			mark(t)
		}
		for _, c := range conversions {
			markNames(seeds(c, leaves))
		}
		for _, name := range scope.Names() {
			switch obj := scope.Lookup(name).(type) {
			case *types.Func:
				if obj.Exported() {
					signature(obj.Type().(*types.Signature))
				}
			case *types.Var:
				if obj.Exported() {
					mark(obj.Type())
				}
			}
		}
		for _, tn := range named {
			if !leaves(tn) {
				continue
			}
			switch u := tn.Type().Underlying().(type) {
			case *types.Struct:
				for i := 0; i < u.NumFields(); i++ {
					if f := u.Field(i); f.Exported() || f.Embedded() {
						mark(f.Type())
					}
				}
			case *types.Interface:
				for i := 0; i < u.NumMethods() && deep; i++ {
					if m := u.Method(i); m.Exported() {
						signature(m.Type().(*types.Signature))
					}
				}
			}
			if n, ok := tn.Type().(*types.Named); ok {
				for i := 0; i < n.NumMethods(); i++ {
					if m := n.Method(i); m.Exported() {
						signature(m.Type().(*types.Signature))
					}
				}
			}
		}
	}
	return out
}

// markSignature marks what a call of a function of signature sig, made
// by another package, gets: its results, and the parameters of the
// func values it is given (the function calls them back).
func markSignature(sig *types.Signature, mark func(types.Type)) {
	mark(sig.Results())
	for i := 0; i < sig.Params().Len(); i++ {
		if cb, ok := sig.Params().At(i).Type().Underlying().(*types.Signature); ok {
			mark(cb.Params())
		}
	}
}

// mentioned returns the named types a value of type t holds directly:
// t itself, or the elements of pointers, slices, arrays, maps, channels
// and tuples; with deep, also what func values give and are given.
func mentioned(t types.Type, deep bool) []*types.TypeName {
	switch t := types.Unalias(t).(type) {
	case *types.Named:
		return []*types.TypeName{t.Origin().Obj()}
	case *types.Pointer:
		return mentioned(t.Elem(), deep)
	case *types.Slice:
		return mentioned(t.Elem(), deep)
	case *types.Array:
		return mentioned(t.Elem(), deep)
	case *types.Chan:
		return mentioned(t.Elem(), deep)
	case *types.Map:
		return append(mentioned(t.Key(), deep), mentioned(t.Elem(), deep)...)
	case *types.Signature:
		if deep {
			return append(mentioned(t.Params(), deep), mentioned(t.Results(), deep)...)
		}
	case *types.Tuple:
		var out []*types.TypeName
		for i := 0; i < t.Len(); i++ {
			out = append(out, mentioned(t.At(i).Type(), deep)...)
		}
		return out
	}
	return nil
}

// Outside reports whether values of tn, a named type of the package,
// get to other packages' code, so that they can call its exported
// methods: it is exported, or one of the ways above takes it there.
func (r *Result) Outside(tn *types.TypeName) bool {
	return tn.Exported() || tn.Pkg() != r.m.pass.Pkg || r.graph.ways.outside[tn]
}

// Escaping reports whether the methods of tn, a named type of the
// package, can run other than at the package's static calls: it gets
// to other packages, or is converted to any interface other than as a
// callback handed then and there to a call (CallbackType).
func (r *Result) Escaping(tn *types.TypeName) bool {
	return tn.Exported() || tn.Pkg() != r.m.pass.Pkg || r.graph.ways.escaping[tn]
}

// Invokes returns the package's calls through an interface that may run
// fn, a method of the package: calls of a method of its name through an
// interface its receiver type implements (any of them, when the type is
// embedded somewhere and a promoted method may stand in for it).
func (r *Result) Invokes(fn *ssa.Function) []ssa.CallInstruction {
	recv := fn.Signature.Recv()
	if recv == nil {
		return nil
	}
	tn := naming.TypeNameOf(recv.Type())
	var out []ssa.CallInstruction
	for _, site := range r.graph.ways.invokes[fn.Name()] {
		m := site.Common().Method
		if !m.Exported() && m.Pkg() != fn.Pkg.Pkg {
			continue
		}
		iface, ok := site.Common().Value.Type().Underlying().(*types.Interface)
		if !ok || tn == nil || r.graph.ways.embedded[tn] || implements(recv.Type(), iface) {
			out = append(out, site)
		}
	}
	return out
}

// implements reports whether values of t, or pointers to them,
// implement iface.
func implements(t types.Type, iface *types.Interface) bool {
	if types.Implements(t, iface) {
		return true
	}
	_, isPtr := t.Underlying().(*types.Pointer)
	return !isPtr && types.Implements(types.NewPointer(t), iface)
}

// embeddedTypes returns the named types that some struct type of
// info's embeds.
func embeddedTypes(info *types.Info) map[*types.TypeName]bool {
	out := make(map[*types.TypeName]bool)
	for _, obj := range info.Defs {
		t, ok := obj.(*types.TypeName)
		if !ok {
			continue
		}
		if st, ok := t.Type().Underlying().(*types.Struct); ok {
			for i := 0; i < st.NumFields(); i++ {
				if f := st.Field(i); f.Embedded() {
					if tn := naming.TypeNameOf(f.Type()); tn != nil {
						out[tn] = true
					}
				}
			}
		}
	}
	return out
}

// CallbackType returns the unexported named type of pkg whose value mi
// puts in an interface, when mi's only use is as an argument of a plain
// call that the package does not see into (another package's
// function, or an interface method): the callee calls its methods
// back before it returns, as a func literal handed the same way is
// taken to run (syncCallback), unless it is an HTTP handler
// (known.HTTPHandler), which the callee keeps to serve later (Later).
func CallbackType(pkg *types.Package, mi *ssa.MakeInterface) (*types.TypeName, bool) {
	tn := naming.TypeNameOf(mi.X.Type())
	if tn == nil || tn.Pkg() != pkg || tn.Exported() || known.HTTPHandler(mi.Type()) {
		return nil, false
	}
	refs := *mi.Referrers()
	if len(refs) != 1 {
		return nil, false
	}
	call, ok := refs[0].(*ssa.Call)
	if !ok {
		return nil, false
	}
	c := call.Common()
	if cal, ok := naming.Resolve(c); ok && cal.Fn.Pkg != nil && cal.Fn.Pkg.Pkg == pkg {
		return nil, false
	}
	return tn, slices.Contains(c.Args, ssa.Value(mi))
}

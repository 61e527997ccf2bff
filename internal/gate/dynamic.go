package gate

import (
	"cmp"
	"fmt"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/cfg"
	"github.com/gatevet/gatevet/internal/known"
	"github.com/gatevet/gatevet/internal/naming"
)

// Dynamic calls whose targets the package's own code settles: a call
// through a func-typed field that every store in the package sets to a
// known function (a constructor's s.onEvent = s.handleEvent, called
// later as s.onEvent(); or an embedder's uc.handshakeFn =
// uc.clientHandshake, for the field of the struct it embeds, or a
// function literal over the struct that holds the field: s.onChange =
// func() { s.refresh() } runs, at a call of s.onChange, on the caller's
// s), a method called through an interface-typed
// field that every store sets to the struct holding it (s.notifier = s:
// s.notifier.Notify runs s's Notify), and a method called through an interface that
// only the package's types can implement (it has an unexported method).
// A call with one target has that target's effects. A call with several
// has the acquires every target makes, and nothing else: a deadlock that
// needs one particular implementation is not certain at the call. A
// loop over a table of functions (a package-level slice literal) calls
// every entry: it has each entry's acquires. A field stored anything
// else (a parameter, a closure over something else) stays unresolved:
// the call has no effects.

// fieldTarget is a function a func-typed field is set to; self when it is
// a method value of the struct that holds the field, and, with up, of
// the struct that holds that one in its field up (an embedder's
// uc.handshakeFn = uc.clientHandshake, where uc embeds the *Conn whose
// field it sets): the method runs on the object whose field up holds
// the caller's. For an
// interface-typed field that every store sets to the struct that holds
// it (a constructor's s.notifier = s), typ is that struct's pointer
// type, and a call of the field's method runs typ's method on the same
// instance.
type fieldTarget struct {
	fn   *ssa.Function
	typ  types.Type
	self bool
	up   *types.Var
	// frees, for a function literal, has bit i set when its free
	// variable i is the struct that holds the field (s.onChange =
	// func() { s.refresh() }): at a call of the field it is the
	// caller's owner of the field, and its other free variables are
	// values the caller cannot name.
	frees uint64
}

// noteDynamic finds, before any function is analysed, in one scan of
// the package's code: the func-typed fields of its types that every
// store sets to a known function, and its tables of functions (see
// tableEffects).
func (m *model) noteDynamic(funcs []*ssa.Function) {
	targets := make(map[*types.Var][]fieldTarget)
	unknown := make(map[*types.Var]bool)
	m.tables = make(map[*ssa.Global][]*ssa.Function)
	badTables := make(map[*ssa.Global]bool)
	if init := m.ssaPkg.Func("init"); init != nil {
		funcs = append(funcs[:len(funcs):len(funcs)], init)
	}
	var ops []*ssa.Value
	for _, fn := range funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				markOtherUses(instr, badTables, ops[:0])
				st, ok := instr.(*ssa.Store)
				if !ok {
					continue
				}
				switch addr := st.Addr.(type) {
				case *ssa.FieldAddr:
					m.noteFieldStore(addr, st.Val, targets, unknown)
				case *ssa.Global:
					m.noteTableStore(addr, st.Val, badTables)
				}
			}
		}
	}
	m.resolveSetters(funcs, targets, unknown)
	m.fieldTargets = make(map[*types.Var][]fieldTarget)
	for f, t := range targets {
		if !unknown[f] {
			m.fieldTargets[f] = t
		}
	}
	for g := range m.tables {
		if badTables[g] {
			delete(m.tables, g)
		}
	}
}

// noteFieldStore records the store of v into fa, when fa is an
// unexported func-typed field of the package's own: the target it sets,
// or that the field's targets are not known.
func (m *model) noteFieldStore(fa *ssa.FieldAddr, v ssa.Value, targets map[*types.Var][]fieldTarget, unknown map[*types.Var]bool) {
	field := naming.FieldOf(fa)
	if field == nil || field.Pkg() != m.pass.Pkg || field.Exported() {
		return
	}
	if types.IsInterface(field.Type()) {
		t, ok := storedSelf(fa, v)
		if !ok {
			unknown[field] = true
		} else if t.typ != nil && !slices.Contains(targets[field], t) {
			targets[field] = append(targets[field], t)
		}
		return
	}
	if _, isFunc := field.Type().Underlying().(*types.Signature); !isFunc {
		return
	}
	if st, ok := setterStoreOf(fa, field, v); ok {
		m.setters = append(m.setters, st)
		return
	}
	t, ok := storedTarget(fa.X, v)
	if !ok {
		unknown[field] = true
		return
	}
	if t.fn != nil && !slices.Contains(targets[field], t) {
		targets[field] = append(targets[field], t)
	}
}

// storedTarget names the function v is when stored into a field of
// owner: a package-level function, or a method value bound to, or a
// literal over, owner. A nil func is no target (ok, with fn nil).
func storedTarget(owner, v ssa.Value) (fieldTarget, bool) {
	switch v := v.(type) {
	case *ssa.Function:
		return fieldTarget{fn: v}, v.Parent() == nil
	case *ssa.Const:
		return fieldTarget{}, v.IsNil()
	case *ssa.MakeClosure:
		// A method value is a closure naming.Target sees through, with
		// its receiver as the one argument.
		if t, ok := selfClosure(owner, v); ok {
			return t, true
		}
		cal, ok := naming.Target(v)
		if !ok || len(cal.Args) != 1 {
			return fieldTarget{}, false
		}
		if cal.Args[0] == owner {
			return fieldTarget{fn: cal.Fn, self: true}, true
		}
		if holder, up, ok := holderOf(owner); ok && holder == cal.Args[0] {
			return fieldTarget{fn: cal.Fn, self: true, up: up}, true
		}
	}
	return fieldTarget{}, false
}

// selfClosure returns the target a function literal that captures
// owner is, stored into a field of owner: a closure over its owner.
func selfClosure(owner ssa.Value, v *ssa.MakeClosure) (fieldTarget, bool) {
	fn, ok := v.Fn.(*ssa.Function)
	if !ok || fn.Parent() == nil || len(v.Bindings) > 64 {
		return fieldTarget{}, false
	}
	var frees uint64
	for i, b := range v.Bindings {
		if naming.Captured(b) == heldValue(owner) {
			frees |= 1 << i
		}
	}
	return fieldTarget{fn: fn, frees: frees}, frees != 0
}

// heldValue returns the value v loads from a variable stored once (the
// owner a closure captures is loaded from its variable at each use), or
// v.
func heldValue(v ssa.Value) ssa.Value {
	if u, ok := v.(*ssa.UnOp); ok && u.Op == token.MUL {
		if a, ok := u.X.(*ssa.Alloc); ok {
			if st := naming.SoleStore(a); st != nil {
				return st
			}
		}
	}
	return v
}

// holderOf returns the struct whose field up holds x: x loaded from,
// or (a struct embedded by value) the address of, holder's field up, or
// selected from a load of holder.
func holderOf(x ssa.Value) (holder ssa.Value, up *types.Var, ok bool) {
	up, ok = naming.ValueField(x)
	if !ok {
		return nil, nil, false
	}
	if load, isLoad := x.(*ssa.UnOp); isLoad {
		x = load.X
	}
	switch x := x.(type) {
	case *ssa.FieldAddr:
		return x.X, up, true
	case *ssa.Field:
		if load, isLoad := x.X.(*ssa.UnOp); isLoad && load.Op == token.MUL {
			return load.X, up, true
		}
	}
	return nil, nil, false
}

// storedSelf names what v is when stored into fa, an interface-typed
// field: the struct that holds the field itself. A nil interface is no
// target (ok, with typ nil).
func storedSelf(fa *ssa.FieldAddr, v ssa.Value) (fieldTarget, bool) {
	switch v := v.(type) {
	case *ssa.MakeInterface:
		return fieldTarget{typ: v.X.Type(), self: true}, v.X == fa.X
	case *ssa.Const:
		return fieldTarget{}, v.IsNil()
	}
	return fieldTarget{}, false
}

// targets returns the functions a call may run, with their arguments: a
// static callee, or the dynamic ones the package settles (see above).
// None when the call's targets are not known.
func (m *model) targets(c *ssa.CallCommon) []naming.Callee {
	if cal, ok := naming.Resolve(c); ok {
		return []naming.Callee{cal}
	}
	var out []naming.Callee
	if c.IsInvoke() {
		if fn := m.settledMethod(c); fn != nil {
			return []naming.Callee{{Fn: fn, Args: append([]ssa.Value{c.Value}, c.Args...)}}
		}
		if fa, ok := fieldLoad(c.Value); ok {
			if ts, ok := m.fieldTargets[naming.FieldOf(fa)]; ok {
				return m.selfMethods(ts, fa, c)
			}
		}
		for _, fn := range m.implementations(c) {
			out = append(out, naming.Callee{Fn: fn, Args: append([]ssa.Value{c.Value}, c.Args...)})
		}
		return out
	}
	fa, ok := fieldLoad(c.Value)
	if !ok {
		return nil
	}
	for _, t := range m.fieldTargets[naming.FieldOf(fa)] {
		switch {
		case t.up != nil:
			// The receiver is the struct that holds fa.X in its field
			// up: named when the call loads fa.X from such a field, a
			// value the caller cannot name otherwise.
			var recv ssa.Value
			if holder, up, ok := holderOf(fa.X); ok && up == t.up {
				recv = holder
			}
			out = append(out, naming.Callee{Fn: t.fn, Args: append([]ssa.Value{recv}, c.Args...)})
		case t.self:
			out = append(out, naming.Callee{Fn: t.fn, Args: append([]ssa.Value{fa.X}, c.Args...)})
		case t.frees != 0:
			binds := make([]ssa.Value, len(t.fn.FreeVars))
			for i := range binds {
				if t.frees&(1<<i) != 0 {
					binds[i] = fa.X
				}
			}
			out = append(out, naming.Callee{Fn: t.fn, Args: c.Args, Bindings: binds})
		default:
			out = append(out, naming.Callee{Fn: t.fn, Args: c.Args})
		}
	}
	return out
}

// dynamicCallee returns target fn of dynamic call c, with its
// arguments, and g, a ref in fn's terms, as the call names it. A
// target an embedder set (see fieldTarget) runs on the struct that holds
// the called field's owner; when the call cannot name that struct, a g
// below the embedded field is rooted at the owner, which it can.
func (m *model) dynamicCallee(c *ssa.CallCommon, fn *ssa.Function, g naming.Ref) (naming.Callee, naming.Ref, bool) {
	for _, cal := range m.targets(c) {
		if cal.Fn != fn {
			continue
		}
		if len(cal.Args) == 0 || cal.Args[0] != nil || g.Root != naming.Param || g.Index != 0 {
			return cal, g, true
		}
		fa, _ := fieldLoad(c.Value)
		for _, t := range m.fieldTargets[naming.FieldOf(fa)] {
			if t.fn != fn || t.up == nil || len(g.Path) == 0 || g.Path[0] != t.up.Name() {
				continue
			}
			rest := g.Path[1:]
			if _, ptr := t.up.Type().Underlying().(*types.Pointer); ptr {
				if len(rest) == 0 || rest[0] != naming.Deref {
					continue
				}
				rest = rest[1:]
			}
			at := g
			at.Path = rest
			args := slices.Clone(cal.Args)
			args[0] = fa.X
			return naming.Callee{Fn: fn, Args: args}, at, true
		}
		return cal, g, true
	}
	return naming.Callee{}, naming.Ref{}, false
}

// fieldLoad returns the field address v is loaded from.
func fieldLoad(v ssa.Value) (*ssa.FieldAddr, bool) {
	load, ok := v.(*ssa.UnOp)
	if !ok || load.Op != token.MUL {
		return nil, false
	}
	fa, ok := load.X.(*ssa.FieldAddr)
	return fa, ok
}

// selfMethods returns the methods that interface call c runs on the
// struct whose field fa holds it, set to that struct itself (ts).
func (m *model) selfMethods(ts []fieldTarget, fa *ssa.FieldAddr, c *ssa.CallCommon) []naming.Callee {
	var out []naming.Callee
	for _, t := range ts {
		sel := m.ssaPkg.Prog.MethodSets.MethodSet(t.typ).Lookup(c.Method.Pkg(), c.Method.Name())
		if sel == nil {
			return nil
		}
		fn := m.ssaPkg.Prog.MethodValue(sel)
		if fn == nil {
			return nil
		}
		out = append(out, naming.Callee{Fn: fn, Args: append([]ssa.Value{fa.X}, c.Args...)})
	}
	return out
}

// settled returns the functions a dynamic call may run, when the
// package settles them: targets, or every entry of a table the call
// indexes (at any index), seen through a method expression's thunk.
func (m *model) settled(c *ssa.CallCommon) []*ssa.Function {
	var out []*ssa.Function
	for _, cal := range m.targets(c) {
		out = append(out, cal.Fn)
	}
	if g := tableOf(c); g != nil {
		for _, f := range m.tables[g] {
			if strings.HasPrefix(f.Synthetic, "thunk") {
				if real := naming.WrappedMethod(f); real != nil {
					f = real
				}
			}
			out = append(out, f)
		}
	}
	return out
}

// embeddable reports whether a type of another package can embed an
// interface that has every method of iface (t is the static type of
// the call's receiver): t itself when it is exported, a type parameter
// (whatever instantiates it), or an exported interface or alias of the
// package that has iface's methods (type Prober interface{ prober }).
func (m *model) embeddable(t types.Type, iface *types.Interface) bool {
	if _, ok := t.(*types.TypeParam); ok {
		return true
	}
	if n, ok := types.Unalias(t).(*types.Named); ok && n.Obj().Exported() {
		return true
	}
	if !m.ifacesListed {
		m.ifacesListed = true
		scope := m.pass.Pkg.Scope()
		for _, name := range scope.Names() {
			if tn, ok := scope.Lookup(name).(*types.TypeName); ok && tn.Exported() && types.IsInterface(tn.Type()) {
				m.exportedIfaces = append(m.exportedIfaces, tn.Type())
			}
		}
	}
	for _, t := range m.exportedIfaces {
		if types.Implements(t, iface) {
			return true
		}
	}
	return false
}

// implementations returns the methods an interface call may run when the
// interface has an unexported method, so that only the package's types
// implement it (a type elsewhere can only embed one of them, or the
// interface): the method of every named type of the package, local
// types included, that implements the interface. An exported method is
// not settled when a type elsewhere can embed what has it and override
// it: an exported type that implements the interface, or an interface
// that has its methods and that another package can name (embeddable). Nil when the interface is
// exported-only, or a generic type of the package has a method of that
// name (its instances are not known here).
func (m *model) implementations(c *ssa.CallCommon) []*ssa.Function {
	iface, ok := c.Value.Type().Underlying().(*types.Interface)
	if !ok || !hasUnexported(iface) {
		return nil
	}
	if c.Method.Exported() && m.embeddable(c.Value.Type(), iface) {
		// Another package may embed the interface itself in a type of
		// its own and override the method.
		return nil
	}
	if m.named == nil {
		m.named = namedTypes(m.pass.TypesInfo)
	}
	var out []*ssa.Function
	for _, n := range m.named {
		if n.TypeParams().Len() > 0 {
			for i := 0; i < n.NumMethods(); i++ {
				if n.Method(i).Name() == c.Method.Name() {
					return nil
				}
			}
			continue
		}
		for _, t := range []types.Type{n, types.NewPointer(n)} {
			if !types.Implements(t, iface) {
				continue
			}
			if c.Method.Exported() && n.Obj().Exported() {
				// Another package may embed n and override the method.
				return nil
			}
			sel := m.ssaPkg.Prog.MethodSets.MethodSet(t).Lookup(c.Method.Pkg(), c.Method.Name())
			if sel == nil {
				return nil
			}
			fn := m.ssaPkg.Prog.MethodValue(sel)
			if fn == nil {
				return nil // a type in a generic function: its instances are not known
			}
			out = append(out, fn)
			break
		}
	}
	return out
}

// namedTypes lists the named non-interface types info defines (never
// nil, so that it is computed once).
func namedTypes(info *types.Info) []*types.Named {
	out := []*types.Named{}
	for _, obj := range info.Defs {
		tn, ok := obj.(*types.TypeName)
		if !ok || tn.IsAlias() || types.IsInterface(tn.Type()) {
			continue
		}
		if n, ok := tn.Type().(*types.Named); ok {
			out = append(out, n)
		}
	}
	slices.SortFunc(out, func(a, b *types.Named) int { return cmp.Compare(a.Obj().Pos(), b.Obj().Pos()) })
	return out
}

// commonAcquires returns the effects of call c, which may run any of
// cals: the acquires every target makes, each as the first target makes
// it, named for the call. What only some targets do (an acquire, a
// release, a gate kept held) is left out.
func (m *model) commonAcquires(fs *funcState, c *ssa.CallCommon, cals []naming.Callee, pos, end token.Pos) []effect {
	type key struct {
		gate string
		mode known.Mode
	}
	var common []effect
	for i, cal := range cals {
		keys := make(map[key]bool)
		var here []effect
		for _, e := range m.calleeEffects(fs, cal, nil, pos, end) {
			if e.op == known.Acquire && !e.hold && e.cond == known.Always {
				keys[key{e.gate.Gate.Key(), e.gate.Mode}] = true
				here = append(here, e)
			}
		}
		if i == 0 {
			common = here
			continue
		}
		common = slices.DeleteFunc(common, func(e effect) bool { return !keys[key{e.gate.Gate.Key(), e.gate.Mode}] })
	}
	what := m.dynamicName(c, len(cals))
	for i := range common {
		common[i].what = what
	}
	return common
}

// dynamicName names a call with n targets: the interface method, or the
// func field, and how many targets it has.
func (m *model) dynamicName(c *ssa.CallCommon, n int) string {
	if c.IsInvoke() {
		return fmt.Sprintf("%s (all %d implementations)", types.TypeString(c.Value.Type(), types.RelativeTo(m.pass.Pkg))+"."+c.Method.Name(), n)
	}
	field := naming.FieldOf(c.Value.(*ssa.UnOp).X.(*ssa.FieldAddr))
	return fmt.Sprintf("%s (all %d functions it is set to)", field.Name(), n)
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

// noteTableStore records the store of v into g, when g is an
// unexported package-level slice: a table of functions if v is a
// literal of package-level functions and the only value g is given
// (var migrations = []func(*DB) error{v1, v2}); a loop that ranges over
// the table calls every entry.
func (m *model) noteTableStore(g *ssa.Global, v ssa.Value, bad map[*ssa.Global]bool) {
	if g.Object() == nil || g.Object().Exported() {
		return
	}
	if _, isSlice := v.Type().Underlying().(*types.Slice); !isSlice {
		return
	}
	entries, ok := literalFuncs(v)
	if !ok || m.tables[g] != nil {
		bad[g] = true
		return
	}
	m.tables[g] = entries
}

// markOtherUses marks in bad the package-level variables instr uses other
// than by loading them or storing into them: their address escapes.
func markOtherUses(instr ssa.Instruction, bad map[*ssa.Global]bool, ops []*ssa.Value) {
	switch in := instr.(type) {
	case *ssa.UnOp:
		if in.Op == token.MUL {
			return
		}
	case *ssa.Store:
		if _, ok := in.Addr.(*ssa.Global); ok {
			if g, ok := in.Val.(*ssa.Global); ok {
				bad[g] = true
			}
			return
		}
	}
	for _, op := range instr.Operands(ops) {
		if g, ok := (*op).(*ssa.Global); ok {
			bad[g] = true
		}
	}
}

// literalFuncs returns the functions a slice literal of funcs holds,
// when every element is a package-level function.
func literalFuncs(v ssa.Value) ([]*ssa.Function, bool) {
	sl, ok := v.(*ssa.Slice)
	if !ok {
		return nil, false
	}
	arr, ok := sl.X.(*ssa.Alloc)
	if !ok {
		return nil, false
	}
	var out []*ssa.Function
	for _, r := range *arr.Referrers() {
		ia, ok := r.(*ssa.IndexAddr)
		if !ok {
			if r != sl {
				return nil, false
			}
			continue
		}
		for _, use := range *ia.Referrers() {
			st, ok := use.(*ssa.Store)
			f, isFunc := st.Val.(*ssa.Function)
			if !ok || st.Addr != ia || !isFunc || f.Parent() != nil {
				return nil, false
			}
			out = append(out, f)
		}
	}
	return out, len(out) > 0
}

// tableOf returns the package-level variable holding the table of
// functions whose entry call c calls (tables[g](x)), or nil.
func tableOf(c *ssa.CallCommon) *ssa.Global {
	load, ok := c.Value.(*ssa.UnOp)
	if !ok || load.Op != token.MUL {
		return nil
	}
	ia, ok := load.X.(*ssa.IndexAddr)
	if !ok {
		return nil
	}
	tl, ok := ia.X.(*ssa.UnOp)
	if !ok || tl.Op != token.MUL {
		return nil
	}
	g, _ := tl.X.(*ssa.Global)
	return g
}

// tableEffects returns the acquires of a call, inside a loop, of an entry
// of a table (see noteTableStore) at an index that is not a constant: a
// range over the table calls each entry, so an acquire any entry makes
// is one the loop makes. Holds and releases stay out: each entry is
// taken to give back what it takes.
func (m *model) tableEffects(fs *funcState, call *ssa.Call) []effect {
	c := &call.Call
	g := tableOf(c)
	if g == nil || !cfg.InLoop(call) {
		return nil
	}
	if _, isConst := c.Value.(*ssa.UnOp).X.(*ssa.IndexAddr).Index.(*ssa.Const); isConst {
		return nil
	}
	var out []effect
	for _, f := range m.tables[g] {
		for _, e := range m.callEffects(fs, &ssa.CallCommon{Value: f, Args: c.Args}, nil, call.Pos()) {
			if e.op == known.Acquire && !e.hold {
				out = append(out, e)
			}
		}
	}
	return out
}

// settledMethod returns the method an interface call runs when the
// package settles the value's dynamic type (naming.Resolve settles only
// a value converted in place): the value is converted to the interface
// from one concrete type in the function, or returned so
// by every return of a function of the package that the call's value
// comes from (a handle returned as io.Closer, whose Close unlocks). Nil
// otherwise.
func (m *model) settledMethod(c *ssa.CallCommon) *ssa.Function {
	t := concreteType(c.Value, 0)
	if t == nil {
		return nil
	}
	return naming.MethodOf(m.ssaPkg.Prog, t, c.Method)
}

// maxConcrete bounds the calls concreteType follows.
const maxConcrete = 3

// concreteType returns the one concrete type an interface value v holds
// whenever it is not nil, when the code settles it, or nil.
func concreteType(v ssa.Value, depth int) types.Type {
	if depth > maxConcrete {
		return nil
	}
	switch v := naming.Origin(v).(type) {
	case *ssa.MakeInterface:
		if types.IsInterface(v.X.Type()) {
			return nil
		}
		return v.X.Type()
	case *ssa.Call:
		return returnedType(v.Call, 0, depth)
	case *ssa.Extract:
		if call, ok := v.Tuple.(*ssa.Call); ok {
			return returnedType(call.Call, v.Index, depth)
		}
	}
	return nil
}

// returnedType returns the one concrete type the result i of every
// function call c can run returns when not nil, or nil.
func returnedType(c ssa.CallCommon, i, depth int) types.Type {
	fn := c.StaticCallee()
	if fn == nil || len(fn.Blocks) == 0 || fn.Signature.Results().Len() <= i {
		return nil
	}
	var out types.Type
	for _, b := range fn.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok {
			continue
		}
		if k, ok := ret.Results[i].(*ssa.Const); ok && k.IsNil() {
			continue
		}
		t := concreteType(ret.Results[i], depth+1)
		if t == nil || out != nil && !types.Identical(out, t) {
			return nil
		}
		out = t
	}
	return out
}

package gate

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/cfg"
	"github.com/gatevet/gatevet/internal/known"
	"github.com/gatevet/gatevet/internal/naming"
)

// An effect is what one instruction does to one gate, in the terms of the
// function being analysed. Gate operations yield one effect; calls yield
// one per entry of the callee's summary.
type effect struct {
	op       known.Op
	gate     GateOp
	blocking bool
	check    bool // an acquire the caller should check against held gates
	hold     bool // the gate is held afterwards (on the cond branch, if any)
	via      bool // the effect comes from the summary of the callee what
	// unchecked marks a conditional acquire whose outcome nobody reads.
	unchecked bool
	// drops are the caller's gates a callee lets go of before this
	// acquire may happen (Summary.Drops), by id; on a gate the callee
	// holds on return (hold, not check), those it let go of and took
	// back (Summary.Retakes).
	drops bitset
	flag  *Flag
	// orElse marks an acquiring case of a select with other cases that
	// can end its wait (SumAcquire.OrElse).
	orElse bool
	// under is a gate the call holds around this effect: the Once of a
	// once.Do(f) call, around f's effects.
	under *Holding

	id      int      // the gate's id in its funcState
	holding *Holding // what holding the gate looks like, for holds

	cond    known.When
	condVal ssa.Value // the call or select whose outcome confirms a hold
	index   int       // IfIndex: the select case that acquires

	pos   token.Pos // start of the operation's expression
	end   token.Pos
	what  string // the operation or callee, for chains
	chain []Hop  // inside the callee, down to the gate operation
	// partial marks an acquire the callee makes on some of its paths
	// only (SumAcquire.Partial).
	partial bool
	// each marks a callee's acquire of every element of a container in
	// turn (SumAcquire.Each).
	each bool
	// late marks a release through a func variable (funcvars.go): when
	// deferred, whether it releases a gate of the caller's is judged as
	// the deferred calls run, not where it is deferred, which is often
	// before the acquire it pairs with.
	late bool
}

// gateCall recognises a call of a gate method and returns its receiver,
// and the path from the receiver to the gate: none, but for the
// try-acquire of a type that wraps a mutex (known.WrappedTry), the
// embedded mutex's.
func (m *model) gateCall(c *ssa.CallCommon) (*types.Func, known.Kind, known.Method, ssa.Value, []string, bool) {
	var fn *types.Func
	var recv ssa.Value
	switch {
	case c.IsInvoke():
		if fn, recv, path, ok := m.condLockCall(c); ok {
			kind, meth, ok := known.MethodOf(fn, m.isGateType)
			return fn, kind, meth, recv, path, ok
		}
		fn, recv = c.Method, c.Value
	default:
		cal, ok := naming.Resolve(c)
		if !ok || len(cal.Args) == 0 {
			return nil, 0, known.Method{}, nil, nil, false
		}
		obj, _ := cal.Fn.Object().(*types.Func)
		if cal.Fn.Origin() != nil {
			obj, _ = cal.Fn.Origin().Object().(*types.Func)
		}
		if obj == nil {
			return nil, 0, known.Method{}, nil, nil, false
		}
		fn, recv = obj, cal.Args[0]
		if kind, meth, path, ok := known.WrappedTry(obj); ok && touchesField(cal.Fn, path[0]) {
			return fn, kind, meth, recv, path, true
		}
	}
	kind, meth, ok := known.MethodOf(fn, m.isGateType)
	return fn, kind, meth, recv, nil, ok
}

// touchesField reports whether method fn's body takes the address of its
// receiver's field name: a TryLock that works on the embedded mutex
// (unsafe.Pointer(&tl.Mutex)), not on a flag of its own.
func touchesField(fn *ssa.Function, name string) bool {
	if len(fn.Params) == 0 {
		return false
	}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if fa, ok := instr.(*ssa.FieldAddr); ok && fa.X == fn.Params[0] && naming.FieldOf(fa).Name() == name {
				return true
			}
		}
	}
	return false
}

// callEffects returns the effects of a call, whose result (if any) is
// result. For a call of a gate method it is the operation itself; for a
// call of a summarised function, the summary in the caller's terms.
func (m *model) callEffects(fs *funcState, c *ssa.CallCommon, result ssa.Value, at token.Pos) []effect {
	if es, ok := m.onceEffects(fs, c, at); ok {
		return es
	}
	pos, end := fs.refs.Span(at)
	if fn, kind, meth, recv, path, ok := m.gateCall(c); ok {
		ref, ok := fs.refs.Of(recv)
		if !ok {
			return nil
		}
		ref = ref.With(path...)
		e := effect{
			op:   meth.Op,
			gate: GateOp{Gate: ref, Kind: kind, Mode: meth.Mode},
			// An Acquire given a context with a deadline of its own
			// gives up by then: a try with a bound, not a wait that can
			// last for ever.
			blocking: meth.Blocking && !(kind == known.Weighted && len(c.Args) >= 3 && known.Deadlined(naming.Origin(c.Args[1]))),
			check:    meth.Op == known.Acquire,
			hold:     meth.Op == known.Acquire,
			pos:      pos,
			end:      end,
			what:     ref.Spell(m.pkgPath) + "." + fn.Name(),
		}
		switch {
		case meth.Op != known.Acquire || meth.When == known.Always:
		case result != nil && used(result):
			e.cond, e.condVal = meth.When, result
		case meth.When == known.IfTrue:
			// A TryLock whose result is dropped holds nothing we know of.
			e.hold, e.unchecked = false, true
		default:
			// An Acquire whose error is dropped goes on as if it held.
			e.unchecked = true
		}
		return []effect{e}
	}
	var out []effect
	switch cals := m.targets(c); len(cals) {
	case 0:
	case 1:
		out = m.calleeEffects(fs, cals[0], result, pos, end)
	default:
		out = m.commonAcquires(fs, c, cals, pos, end)
	}
	out = append(out, m.varReleases(fs, c, pos, end)...)
	out = append(out, m.yieldAcquires(fs, c, pos, end)...)
	return append(out, m.printedAcquires(fs, c, pos, end)...)
}

// printedAcquires returns the acquires of the Error and String methods
// that a call of one of the standard library's printers calls on its
// operands (known.PrintedOperands): fmt.Printf("%s", c) runs c.String()
// in place, with what the caller holds.
func (m *model) printedAcquires(fs *funcState, c *ssa.CallCommon, pos, end token.Pos) []effect {
	ops, printer := known.PrintedOperands(c)
	var out []effect
	for _, op := range ops {
		fn := m.ssaPkg.Prog.FuncValue(op.Method)
		if fn == nil || !types.Identical(fn.Signature.Recv().Type(), op.Value.Type()) {
			continue // a value's method called through a pointer copies the value
		}
		what := printer + " (which calls " + naming.CalleeName(fn, m.pkgPath) + ")"
		for _, e := range m.calleeEffects(fs, naming.Callee{Fn: fn, Args: []ssa.Value{op.Value}}, nil, pos, end) {
			if e.op == known.Acquire && e.check {
				e.what = what
				out = append(out, e)
			}
		}
	}
	return out
}

// yieldAcquires returns the acquires of the loop bodies c passes to an
// iterator: the body of a range over a function runs inside the
// iterator's call, any number of times, with what the loop's function
// holds around it.
func (m *model) yieldAcquires(fs *funcState, c *ssa.CallCommon, pos, end token.Pos) []effect {
	var out []effect
	for _, a := range c.Args {
		mc, ok := a.(*ssa.MakeClosure)
		if !ok {
			continue
		}
		fn, _ := mc.Fn.(*ssa.Function)
		if fn == nil || fn.Synthetic != rangeBody {
			continue
		}
		for _, e := range m.calleeEffects(fs, naming.Callee{Fn: fn, Bindings: mc.Bindings}, nil, pos, end) {
			if e.op == known.Acquire && e.check {
				out = append(out, e)
			}
		}
	}
	return out
}

// calleeEffects returns the effects of a call of cal: its summary in the
// caller's terms.
func (m *model) calleeEffects(fs *funcState, cal naming.Callee, result ssa.Value, pos, end token.Pos) []effect {
	sum := m.sums.Of(cal.Fn)
	if sum.empty() {
		return nil
	}
	name := naming.CalleeName(cal.Fn, m.pkgPath)
	// The caller's gates the callee lets go of at some point are not
	// held around what it acquires; those it takes back are its caller's
	// to take back too.
	drops, retook := fs.translated(sum.Drops, cal), fs.translated(sum.Retakes, cal)
	var out []effect
	for _, a := range sum.Acquires {
		flag, happens := TranslateFlag(a.Flag, cal)
		ref, ok := fs.refs.Translate(a.Gate, cal)
		if !ok || !happens {
			continue
		}
		// A flag the call neither settles nor passes on may take either
		// branch: the acquire happens on some paths.
		partial := a.Partial || a.Flag != nil && flag == nil && !settles(a.Flag, cal)
		e := effect{op: known.Acquire, gate: GateOp{ref, a.Kind, a.Mode}, blocking: a.Blocking, partial: partial, each: a.Each, orElse: a.OrElse,
			check: true, via: true, flag: flag, pos: pos, end: end, what: name, chain: a.Chain, drops: drops}
		if cal.Fn.Parent() == fs.fn && len(a.Chain) > 0 {
			// A closure called in place is this function's own code:
			// the acquire happens at its first step inside the literal.
			e.pos, e.end, e.what, e.chain = a.Chain[0].pos, a.Chain[0].end, a.Chain[0].What, a.Chain[1:]
			e.via = len(e.chain) > 0
		}
		out = append(out, e)
	}
	for _, r := range sum.Releases {
		flag, happens := TranslateFlag(r.Flag, cal)
		if ref, ok := fs.refs.Translate(r.Gate, cal); ok && happens {
			out = append(out, effect{op: known.Release, gate: GateOp{ref, r.Kind, r.Mode}, via: true, flag: flag, pos: pos, what: name})
		}
	}
	// A function that returns a func after acquiring (mu.Lock(); return
	// mu.Unlock) hands the release to its caller through a value the
	// model does not follow: count such gates as touched, not held.
	hold := !ReturnsFunc(cal.Fn)
	for _, h := range sum.Holds {
		if ref, ok := fs.refs.Translate(h.Gate, cal); ok {
			// retook: a gate the callee let go of and took back is one its
			// caller, too, lets go of and takes back (Summary.Retakes).
			out = append(out, effect{op: known.Acquire, gate: GateOp{ref, h.Kind, h.Mode}, hold: hold, via: true, pos: pos, what: name, drops: retook})
		}
	}
	if result == nil || !used(result) {
		return out
	}
	for _, h := range sum.HoldsIfNil {
		if ref, ok := fs.refs.Translate(h.Gate, cal); ok {
			out = append(out, effect{op: known.Acquire, gate: GateOp{ref, h.Kind, h.Mode}, hold: hold, via: true,
				cond: known.IfNil, condVal: result, pos: pos, what: name})
		}
	}
	return out
}

// translated returns the ids of ops, a callee's gates, in the caller's
// terms at a call of cal.
func (fs *funcState) translated(ops []GateOp, cal naming.Callee) bitset {
	var out bitset
	for _, op := range ops {
		if ref, ok := fs.refs.Translate(op.Gate, cal); ok {
			out.set(fs.intern(GateOp{ref, op.Kind, op.Mode}))
		}
	}
	return out
}

// TranslateFlag decides a flagged acquire (or another flagged effect,
// such as a resource's use) at a call: a constant argument settles it, a
// parameter or free variable of the caller passes the flag on, and any
// other value may take either branch, so the effect counts.
func TranslateFlag(g *Flag, cal naming.Callee) (*Flag, bool) {
	if g == nil {
		return nil, true
	}
	v := cal.Value(g.Param, g.Free)
	if v == nil {
		return nil, true
	}
	if g.Key != "" {
		if present, known := hasKey(v, g.Key); known {
			return nil, present == g.When
		}
		if p := flagOf(v); p != nil && !p.Free {
			p.When, p.Key = g.When, g.Key
			return p, true
		}
		return nil, true
	}
	if k, ok := v.(*ssa.Const); ok {
		switch {
		case k.Value == nil:
			return nil, true
		case g.Eq != "":
			return nil, (k.Value.ExactString() == g.Eq) == g.When
		case k.Value.Kind() != constant.Bool:
			return nil, true
		}
		return nil, constant.BoolVal(k.Value) == g.When
	}
	if p := flagOf(v); p != nil {
		p.When, p.Eq, p.Const = g.When, g.Eq, g.Const
		return p, true
	}
	return nil, true
}

// settles reports whether the call passes a constant for flag g, or a
// map whose keys it knows for a key flag.
func settles(g *Flag, cal naming.Callee) bool {
	if g.Key != "" {
		_, known := hasKey(cal.Value(g.Param, g.Free), g.Key)
		return known
	}
	k, ok := cal.Value(g.Param, g.Free).(*ssa.Const)
	return ok && k.Value != nil && (g.Eq != "" || k.Value.Kind() == constant.Bool)
}

// flagOf names a bool that a flag can be about: a parameter, or a free
// variable (captured by value or by address).
func flagOf(v ssa.Value) *Flag {
	if u, ok := v.(*ssa.UnOp); ok && u.Op == token.MUL {
		if fv, ok := u.X.(*ssa.FreeVar); ok {
			v = fv
		}
	}
	switch v := v.(type) {
	case *ssa.Parameter:
		for i, p := range v.Parent().Params {
			if p == v {
				return &Flag{Param: i}
			}
		}
	case *ssa.FreeVar:
		for i, fv := range v.Parent().FreeVars {
			if fv == v {
				return &Flag{Param: i, Free: true}
			}
		}
	}
	return nil
}

// BlockFlag finds the parameter test that decides whether block b
// runs: the nearest dominating If on a bool parameter or free variable
// (or its negation), or on one of another basic type compared with a
// constant (status == closed, a switch's case), one of whose branches
// dominates b, entered from the test alone: after if !force && same {
// return }, the code that goes on is reached on both values of force,
// from the test's branch and from the second test's, and no flag
// decides it.
func BlockFlag(b *ssa.BasicBlock) *Flag {
	for d := b.Idom(); d != nil; d = d.Idom() {
		ifi, ok := d.Instrs[len(d.Instrs)-1].(*ssa.If)
		if !ok {
			continue
		}
		g, when := testFlag(ifi.Cond)
		switch {
		case g == nil:
		case cfg.Only(d.Succs[0]) && d.Succs[0].Dominates(b):
			g.When = when
			return g
		case cfg.Only(d.Succs[1]) && d.Succs[1].Dominates(b):
			g.When = !when
			return g
		}
	}
	return nil
}

// hasKey reports whether map v, made by its function as a composite
// literal (params{"token": "*"}), has key, when its keys are known: every
// use of the map but one (the call it is passed to) stores a constant
// key. A key stored after the call counts as present too, which can only
// make the acquire the key rules out look skipped: a missed report, not
// a false one.
func hasKey(v ssa.Value, key string) (present, known bool) {
	mm, ok := v.(*ssa.MakeMap)
	if !ok || mm.Referrers() == nil {
		return false, false
	}
	others := 0
	for _, r := range *mm.Referrers() {
		up, ok := r.(*ssa.MapUpdate)
		if !ok || up.Map != mm {
			others++
			continue
		}
		k, ok := up.Key.(*ssa.Const)
		if !ok || k.Value == nil {
			return false, false
		}
		present = present || k.Value.ExactString() == key
	}
	return present, others == 1
}

// testFlag returns the flag a branch condition tests, and the outcome
// for which its true branch runs: a bool parameter or free variable, its
// negation, a parameter compared with a constant, or the presence of a
// constant key in a map parameter (_, ok := p["token"]).
func testFlag(cond ssa.Value) (*Flag, bool) {
	switch c := cond.(type) {
	case *ssa.Extract:
		lookup, ok := c.Tuple.(*ssa.Lookup)
		if !ok || !lookup.CommaOk || c.Index != 1 {
			return nil, false
		}
		k, ok := lookup.Index.(*ssa.Const)
		if g := flagOf(lookup.X); ok && k.Value != nil && g != nil && !g.Free {
			g.Key = k.Value.ExactString()
			return g, true
		}
		return nil, false
	case *ssa.UnOp:
		if c.Op == token.NOT {
			g, when := testFlag(c.X)
			return g, !when
		}
	case *ssa.BinOp:
		if c.Op != token.EQL && c.Op != token.NEQ {
			return nil, false
		}
		x, y := c.X, c.Y
		if _, isConst := x.(*ssa.Const); isConst {
			x, y = y, x
		}
		k, isConst := y.(*ssa.Const)
		if !isConst || k.Value == nil || k.Value.Kind() == constant.Bool {
			return nil, false
		}
		// Only a parameter: a free variable compared with a constant is
		// most often state that changes (a range-over-func body's).
		if g := flagOf(x); g != nil && !g.Free {
			g.Eq, g.Const = k.Value.ExactString(), constText(c)
			return g, c.Op == token.EQL
		}
		return nil, false
	}
	return flagOf(cond), true
}

// constText returns the source of the constant that comparison c tests
// against, as written (watchClosed, "put"), or "" when it cannot be
// found: an operand of an == or != (the one SSA holds as the constant),
// or a switch's case, where the comparison is at the case's value.
func constText(c *ssa.BinOp) string {
	fn := c.Parent()
	if fn == nil || fn.Syntax() == nil || !c.Pos().IsValid() {
		return ""
	}
	_, constX := c.X.(*ssa.Const)
	var found ast.Expr
	ast.Inspect(fn.Syntax(), func(n ast.Node) bool {
		if found != nil || n == nil || n.Pos() > c.Pos() || n.End() <= c.Pos() {
			return false
		}
		switch e := n.(type) {
		case *ast.BinaryExpr:
			if e.OpPos == c.Pos() {
				found = e.Y
				if constX {
					found = e.X
				}
			}
		case ast.Expr:
			if e.Pos() == c.Pos() {
				found = e
			}
		}
		return found == nil
	})
	if found == nil {
		return ""
	}
	return types.ExprString(found)
}

// ReturnsFunc reports whether fn returns a func value, which may carry a
// release (or an acquire) to its caller.
func ReturnsFunc(fn *ssa.Function) bool {
	res := fn.Signature.Results()
	for i := 0; i < res.Len(); i++ {
		if _, ok := res.At(i).Type().Underlying().(*types.Signature); ok {
			return true
		}
	}
	return false
}

// used reports whether v has a referrer other than debug information.
func used(v ssa.Value) bool {
	refs := v.Referrers()
	if refs == nil {
		return false
	}
	for _, r := range *refs {
		if _, ok := r.(*ssa.DebugRef); !ok {
			return true
		}
	}
	return false
}

// instrEffects returns the effects of one instruction. Deferred calls'
// effects are returned too: the dataflow applies them at RunDefers.
func (m *model) instrEffects(fs *funcState, instr ssa.Instruction) []effect {
	switch in := instr.(type) {
	case *ssa.Call:
		if _, f, ok := groupGo(&in.Call); ok {
			// g.Go(f) starts f as a goroutine: like go f().
			return handoff(m.callEffects(fs, &ssa.CallCommon{Value: f}, nil, in.Pos()))
		}
		if es := m.callEffects(fs, &in.Call, in, in.Pos()); es != nil {
			return es
		}
		return m.tableEffects(fs, in)
	case *ssa.Defer:
		return m.callEffects(fs, &in.Call, nil, in.Pos())
	case *ssa.Go:
		return handoff(append(m.callEffects(fs, &in.Call, nil, in.Pos()), m.runEffects(fs, &in.Call, in.Pos())...))
	case *ssa.Send:
		return m.chanEffects(fs, in.Chan, true, in.Pos())
	case *ssa.UnOp:
		if in.Op == token.ARROW {
			return m.chanEffects(fs, in.X, false, in.Pos())
		}
	case *ssa.Select:
		return m.selectEffects(fs, in)
	}
	return nil
}

// runEffects returns the effects of the func values that c's callee
// runs (its summary's Runs): go withRecover(func() { defer mu.Unlock();
// … }) starts a goroutine that releases mu, through the helper that
// calls the literal.
func (m *model) runEffects(fs *funcState, c *ssa.CallCommon, at token.Pos) []effect {
	cal, ok := naming.Resolve(c)
	if !ok {
		return nil
	}
	sum := m.sums.Of(cal.Fn)
	if sum == nil {
		return nil
	}
	var out []effect
	for _, run := range sum.Runs {
		switch v := run.Value(cal).(type) {
		case *ssa.MakeClosure, *ssa.Function:
			out = append(out, m.callEffects(fs, &ssa.CallCommon{Value: v}, nil, at)...)
		}
	}
	return out
}

// handoff keeps the releases of a goroutine's effects: a goroutine that
// releases a gate takes over the permit, so the gate is no longer the
// starter's to hold. Nothing else a goroutine does counts for its starter.
func handoff(es []effect) []effect {
	var out []effect
	for _, e := range es {
		if e.op == known.Release && e.gate.Kind != known.Once {
			out = append(out, e)
		}
	}
	return out
}

package values

import (
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/naming"
)

// Settled parameters. A parameter of a bool, integer or string type
// that every call in the package passes as a constant, or as a
// parameter of its own caller that is settled in turn, takes only those
// constants: remove(subject, true), the only call of a helper that locks
// if shouldLock, or read(mq, _ReadFromMemory) from every caller of a
// method that switches on its read type. A branch that none of them
// takes never runs, and the must-held dataflow does not follow it: an
// if on a bool that every call passes as one constant, a case of a
// switch that no call's constant selects, the default of a switch whose
// cases cover every constant passed.
//
// Only functions the package alone calls qualify: named and unexported,
// never used as a value (stored, passed, bound). An unexported method
// may be called through an interface whose implementations the gate
// model knows (only the package's types can implement it); a method
// name some interface call reaches without them takes anything. The values are read off the instructions before
// any summary: the call graph (the gate model's) is built after the
// summaries, whose dataflow needs them, and its escapes are only the
// publishing uses, where a settled parameter needs every use but a
// call.

// maxValues bounds the constants a settled parameter keeps: past it
// the parameter is taken to be anything.
const maxValues = 16

// settled are the constants each settled parameter takes.
type settled map[*ssa.Parameter][]constant.Value

// settledParams returns the settled parameters of funcs' functions.
func settledParams(funcs []*ssa.Function, impls Implementations) settled {
	type seen struct {
		vals    []constant.Value
		unknown bool
		calls   int
		from    []*ssa.Parameter // callers' parameters passed on to it
	}
	args := make(map[*ssa.Parameter]*seen)
	escapes := make(map[*ssa.Function]bool)
	// unresolved are the method names an interface call reaches without
	// its implementations known: their parameters take anything.
	unresolved := make(map[string]bool)
	note := func(p *ssa.Parameter, arg ssa.Value) {
		s := args[p]
		if s == nil {
			s = &seen{}
			args[p] = s
		}
		s.calls++
		switch a := arg.(type) {
		case *ssa.Const:
			if a.Value == nil {
				s.unknown = true
			} else {
				s.vals = addValue(s.vals, a.Value)
			}
		case *ssa.Parameter:
			s.from = append(s.from, a)
		default:
			s.unknown = true
		}
	}
	var ops []*ssa.Value
	for _, fn := range funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				var callee ssa.Value
				if call, ok := instr.(ssa.CallInstruction); ok {
					c := call.Common()
					callee = c.Value
					ts := callTargets(c, impls)
					if c.IsInvoke() && ts == nil {
						unresolved[c.Method.Name()] = true
					}
					for _, t := range ts {
						noteArgs(t.fn, t.args, note)
					}
				}
				for _, op := range instr.Operands(ops[:0]) {
					if *op == callee || *op == nil {
						continue
					}
					if f, ok := (*op).(*ssa.Function); ok {
						if o := f.Origin(); o != nil {
							f = o
						}
						escapes[f] = true
						if f.Synthetic != "" {
							// x.m or (*T).m as a value: the method runs
							// with what its caller gives.
							if m := naming.WrappedMethod(f); m != nil {
								escapes[m] = true
							}
						}
					}
				}
			}
		}
	}
	qualifies := func(p *ssa.Parameter) bool {
		fn := p.Parent()
		return !escapes[fn] && packageOnly(fn) && !(fn.Signature.Recv() != nil && unresolved[fn.Name()])
	}
	// Pass the callers' parameters' values on, to a fixpoint: sets only
	// grow, and unknown spreads.
	for changed := true; changed; {
		changed = false
		for _, s := range args {
			for _, q := range s.from {
				sq := args[q]
				switch {
				case s.unknown:
				case !qualifies(q) || sq != nil && sq.unknown:
					s.unknown, changed = true, true
				case sq == nil:
					// Nothing calls q's function: its calls never run.
				default:
					for _, v := range sq.vals {
						if more := addValue(s.vals, v); len(more) != len(s.vals) {
							s.vals, changed = more, true
						}
					}
				}
			}
			if len(s.vals) > maxValues && !s.unknown {
				s.unknown, changed = true, true
			}
		}
	}
	out := make(settled)
	for p, s := range args {
		if !s.unknown && s.calls > 0 && len(s.vals) > 0 && qualifies(p) {
			out[p] = s.vals
		}
	}
	return out
}

// A target is a function a call may run, with the arguments it gets
// for its parameters (nil for a receiver the call does not name).
type target struct {
	fn   *ssa.Function
	args []ssa.Value
}

// An Implementations returns the functions an interface call may run,
// when the package's types are its only implementations (the gate
// model's resolution); nil when they are not known.
type Implementations func(c *ssa.CallCommon) []*ssa.Function

// callTargets returns the package's functions c calls: its static
// callee, or for an interface call, the implementations impls knows.
func callTargets(c *ssa.CallCommon, impls Implementations) []target {
	if c.IsInvoke() {
		var out []target
		if impls == nil {
			return nil
		}
		args := append([]ssa.Value{nil}, c.Args...)
		for _, fn := range impls(c) {
			out = append(out, target{fn, args})
		}
		return out
	}
	f, ok := c.Value.(*ssa.Function)
	if !ok {
		return nil
	}
	if o := f.Origin(); o != nil {
		f = o
	}
	return []target{{f, c.Args}}
}

// noteArgs calls note for each parameter of f of a bool, integer or
// string type, with the argument a call passes (nil for a receiver it
// does not name: anything).
func noteArgs(f *ssa.Function, args []ssa.Value, note func(*ssa.Parameter, ssa.Value)) {
	if len(args) != len(f.Params) {
		return
	}
	for i, p := range f.Params {
		b, ok := p.Type().Underlying().(*types.Basic)
		if !ok || b.Info()&(types.IsBoolean|types.IsInteger|types.IsString) == 0 {
			continue
		}
		note(p, args[i])
	}
}

// packageOnly reports whether only the package's own calls can reach
// fn: a named, unexported function or method.
func packageOnly(fn *ssa.Function) bool {
	obj := fn.Object()
	return fn.Parent() == nil && obj != nil && !obj.Exported() && fn.Synthetic == ""
}

// addValue returns vals with v, once.
func addValue(vals []constant.Value, v constant.Value) []constant.Value {
	for _, x := range vals {
		if x.Kind() == v.Kind() && constant.Compare(x, token.EQL, v) {
			return vals
		}
	}
	return append(vals, v)
}

// flag returns the one constant every call passes for bool parameter p.
func (s settled) flag(p *ssa.Parameter) (val, ok bool) {
	vals := s[p]
	if len(vals) != 1 || vals[0].Kind() != constant.Bool {
		return false, false
	}
	return constant.BoolVal(vals[0]), true
}

// decides returns the value of comparison c of a settled parameter with
// a constant, in block b: false when no constant still possible there
// is the one compared with (a case no call selects, or one the tests
// before b ruled out), true when it is the only one left (the last case
// of a switch that covers every constant passed).
func (s settled) decides(b *ssa.BasicBlock, c *ssa.BinOp) (val, ok bool) {
	p, k, ok := paramTest(c)
	if !ok || s[p] == nil {
		return false, false
	}
	left := s.possible(b, p)
	in := false
	for _, v := range left {
		if v.Kind() == k.Kind() && constant.Compare(v, token.EQL, k) {
			in = true
		}
	}
	switch {
	case !in:
		return c.Op == token.NEQ, true
	case len(left) == 1:
		return c.Op == token.EQL, true
	}
	return false, false
}

// possible returns the constants p can still be in block b: those its
// calls pass, less those the tests of p on every path to b ruled out.
func (s settled) possible(b *ssa.BasicBlock, p *ssa.Parameter) []constant.Value {
	left := s[p]
	for d := b; d != nil; d = d.Idom() {
		if len(d.Preds) != 1 {
			continue
		}
		pred := d.Preds[0]
		ifi, ok := pred.Instrs[len(pred.Instrs)-1].(*ssa.If)
		if !ok || pred.Succs[0] == pred.Succs[1] {
			continue
		}
		cmp, ok := ifi.Cond.(*ssa.BinOp)
		if !ok {
			continue
		}
		q, k, ok := paramTest(cmp)
		if !ok || q != p {
			continue
		}
		// equal: on this edge p is k; else p is not k.
		equal := (d == pred.Succs[0]) == (cmp.Op == token.EQL)
		var kept []constant.Value
		for _, v := range left {
			if (v.Kind() == k.Kind() && constant.Compare(v, token.EQL, k)) == equal {
				kept = append(kept, v)
			}
		}
		left = kept
	}
	return left
}

// paramTest returns the parameter and constant c compares with == or
// !=.
func paramTest(c *ssa.BinOp) (*ssa.Parameter, constant.Value, bool) {
	if c.Op != token.EQL && c.Op != token.NEQ {
		return nil, nil, false
	}
	x, y := c.X, c.Y
	if _, ok := x.(*ssa.Const); ok {
		x, y = y, x
	}
	p, ok := x.(*ssa.Parameter)
	k, isConst := y.(*ssa.Const)
	if !ok || !isConst || k.Value == nil {
		return nil, nil, false
	}
	return p, k.Value, true
}

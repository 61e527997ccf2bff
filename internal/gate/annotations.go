package gate

import (
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/directive"
	"github.com/gatevet/gatevet/internal/known"
	"github.com/gatevet/gatevet/internal/naming"
)

// contract is a gate that a //gatevet:holds directive at pos says is held
// on entry (or //gatevet:excludes, is not).
type contract struct {
	op    GateOp
	pos   token.Pos
	said  string // the doc comment's sentence, or the name, for a contract read from it
	named bool   // read from the function's name
}

// contracts resolves fn's directives of kind: //gatevet:holds,
// excludes, acquires or releases.
func (m *model) contracts(fn *ssa.Function, kind directive.Kind) []contract {
	obj, ok := fn.Object().(*types.Func)
	if !ok || fn.Parent() != nil {
		return nil
	}
	var out []contract
	name := map[directive.Kind]string{directive.Holds: "holds", directive.Excludes: "excludes", directive.Acquires: "acquires", directive.Releases: "releases"}[kind]
	for _, d := range m.dirs.Of(obj, kind) {
		spelled, ok := d.Args[0], true
		if spelled == directive.OwnLock {
			spelled, ok = m.ownLock(fn)
		}
		op, resolved := m.resolveGate(fn.Params, spelled)
		ok = ok && resolved
		if ok && (d.Args[0] == directive.OwnLock || kind == directive.Waives) && m.takes(fn, op) {
			// "Caller must hold the mutex", in a function that locks
			// its receiver's mutex itself: the words mean another one
			// (the parent's, of setRouter(parent)). A function that
			// says it need not hold a lock it takes speaks of its
			// callers, or of one part of its body.
			ok = false
		}
		if ok && d.Named && !m.pure(fn) {
			// A name promises what the function does not do itself: one
			// that locks (ensureLocked), lets go of its caller's lock or
			// hands it on is judged by what it does.
			ok = false
		}
		if !ok && d.Said != "" {
			continue // words not written for gatevet: no problem of the directive's
		}
		if !ok {
			p := directive.Problem{Pos: d.Pos,
				Message: "//gatevet:" + name + " " + d.Args[0] + ": not a gate reachable from a parameter, the receiver or a package-level variable"}
			if !slices.Contains(m.problems, p) { // fn analysed again (Settle)
				m.problems = append(m.problems, p)
			}
			continue
		}
		out = append(out, contract{op, d.Pos, d.Said, d.Named})
	}
	return out
}

// Waives reports whether a comment of fi's function says that it need
// not hold g, in fi's terms (directive.Waives).
func (r *Result) Waives(fi *FuncInfo, g naming.Ref) bool {
	for _, c := range r.m.contracts(fi.Fn, directive.Waives) {
		if c.op.Gate.Key() == g.Key() {
			return true
		}
	}
	return false
}

// ownLock spells the one lock among the fields of the struct fn's
// receiver points to (a sync.Mutex or RWMutex, or a lock type of the
// package): the lock a contract in words means by "the lock". False
// when there is none, or more than one.
func (m *model) ownLock(fn *ssa.Function) (string, bool) {
	if fn.Signature.Recv() == nil || len(fn.Params) == 0 {
		return "", false
	}
	st, ok := known.PointerElem(fn.Params[0].Type()).Underlying().(*types.Struct)
	if _, isPtr := fn.Params[0].Type().Underlying().(*types.Pointer); !ok || !isPtr {
		return "", false
	}
	found := ""
	for f := range st.Fields() {
		k, ok := m.kindOfType(f.Type())
		if !ok || k != known.Mutex && k != known.RWMutex {
			continue
		}
		if found != "" {
			return "", false
		}
		found = fn.Params[0].Name() + "." + f.Name()
	}
	return found, found != ""
}

// pure reports whether fn neither takes nor gives back a gate: no
// gate operation among its calls, nor a call of a function whose
// summary acquires, holds, releases or drops one.
func (m *model) pure(fn *ssa.Function) bool {
	pure := true
	m.gateCalls(fn, func(_ naming.Callee, _ *known.Method, sum *Summary) {
		if sum == nil || len(sum.Acquires)+len(sum.Holds)+len(sum.HoldsIfNil)+len(sum.Releases)+len(sum.Drops) > 0 {
			pure = false
		}
	})
	return pure
}

// takes reports whether fn acquires gate op, in fn's terms, itself or
// in a callee.
func (m *model) takes(fn *ssa.Function, op GateOp) bool {
	nm := m.namer(fn)
	is := func(r naming.Ref, cal naming.Callee) bool {
		in, named := nm.Translate(r, cal)
		return named && in.Key() == op.Gate.Key()
	}
	takes := false
	m.gateCalls(fn, func(cal naming.Callee, meth *known.Method, sum *Summary) {
		switch {
		case meth != nil:
			takes = takes || meth.Op == known.Acquire && is(naming.Ref{Root: naming.Param}, cal)
		case sum != nil:
			for _, a := range sum.Acquires {
				takes = takes || is(a.Gate, cal)
			}
		}
	})
	return takes
}

// gateCalls calls visit for each call of fn that the model resolves to
// a function: with meth for a gate method, else with the callee's
// summary, when it has one.
func (m *model) gateCalls(fn *ssa.Function, visit func(cal naming.Callee, meth *known.Method, sum *Summary)) {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(ssa.CallInstruction)
			if !ok {
				continue
			}
			cal, ok := naming.Resolve(call.Common())
			if !ok {
				continue
			}
			if obj, ok := cal.Fn.Object().(*types.Func); ok {
				if _, meth, isGate := known.MethodOf(obj, m.isGateType); isGate {
					visit(cal, &meth, nil)
					continue
				}
			}
			if sum := m.sums.Of(cal.Fn); sum != nil {
				visit(cal, nil, sum)
			}
		}
	}
}

// resolveGate resolves a gate spelled in an annotation (s.mu, gpuSem,
// s.inner.sem) against a function's parameters and the package scope,
// giving the Ref the SSA of the function would produce for the same gate.
func (m *model) resolveGate(params []*ssa.Parameter, spelled string) (GateOp, bool) {
	parts := strings.Split(spelled, ".")
	var ref naming.Ref
	var t types.Type
	addressable := false
	for i, p := range params {
		if p.Name() == parts[0] {
			ref, t = naming.Ref{Root: naming.Param, Index: i, Name: p.Name()}, p.Type()
		}
	}
	if t == nil {
		v, ok := m.pass.Pkg.Scope().Lookup(parts[0]).(*types.Var)
		if !ok {
			return GateOp{}, false
		}
		ref, t, addressable = naming.Ref{Root: naming.Global, Pkg: m.pkgPath, Name: v.Name()}, v.Type(), true
	}
	for _, name := range parts[1:] {
		if addressable {
			if _, isPtr := t.Underlying().(*types.Pointer); isPtr {
				ref, addressable = ref.With(naming.Deref), false
			}
		}
		if !addressable {
			// Only a pointer keeps the identity of what it points to.
			p, isPtr := t.Underlying().(*types.Pointer)
			if !isPtr {
				return GateOp{}, false
			}
			t = p.Elem()
		}
		obj, _, _ := types.LookupFieldOrMethod(t, true, m.pass.Pkg, name)
		f, ok := obj.(*types.Var)
		if !ok {
			return GateOp{}, false
		}
		ref, t, addressable = ref.With(name), f.Type(), true
	}
	kind, ok := m.kindOfType(t)
	if !ok {
		return GateOp{}, false
	}
	if addressable && !isStructGate(t) {
		// Pointers, channels and interfaces are loaded before use.
		ref = ref.With(naming.Deref)
	}
	return GateOp{Gate: ref, Kind: kind}, true
}

func isStructGate(t types.Type) bool {
	_, ok := t.Underlying().(*types.Struct)
	return ok
}

// kindOfType tells the kind of gate a value of type t is: a gate type,
// or a channel, which an annotation may name as a semaphore.
func (m *model) kindOfType(t types.Type) (known.Kind, bool) {
	if _, ok := t.Underlying().(*types.Chan); ok {
		return known.ChanSem, true
	}
	return known.GateKind(t, m.isGateType)
}

// ResolveGate resolves a gate spelled in an annotation against the
// package scope: a package-level gate or a gate reached from one.
func (r *Result) ResolveGate(spelled string) (GateOp, bool) { return r.m.resolveGate(nil, spelled) }

// GateKind returns the kind of gate a value of type t is, if it is one.
func (r *Result) GateKind(t types.Type) (known.Kind, bool) { return r.m.kindOfType(t) }

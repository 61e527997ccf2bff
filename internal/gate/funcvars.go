package gate

import (
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/cfg"
	"github.com/gatevet/gatevet/internal/known"
	"github.com/gatevet/gatevet/internal/naming"
)

// Releases through a func variable. A function that may upgrade its read
// lock keeps the release it owes in a variable and calls it as it
// returns:
//
//	var unlock func()
//	defer func() { unlock() }()
//	m.mu.RLock()
//	unlock = m.mu.RUnlock
//	…
//	m.mu.RUnlock(); m.mu.Lock()
//	unlock = m.mu.Unlock // or unlock = m.upgrade(), which returns m.mu.Unlock
//
// When every value the function stores in the variable is the release of
// one gate (a bound method value, or what a function of the package
// returns on every path, translated to the caller), calling the variable
// releases that gate, in whichever mode the path holds it; so does a
// deferred literal that calls it on every path through it (not one that
// calls it only if err != nil). The variable must be the function's
// own, only stored to there and only read by the literals that capture
// it. Anything else stays unknown, as before: no effect.
//
// The same holds of a func field that every store of the package sets to
// the release of a gate of the object that holds the field (Start's
// tx.unlock = tx.d.rwMu.Unlock): Commit's tx.unlock() releases
// tx.d.rwMu.

// varReleases returns the release of a call c, at pos, that calls a func
// variable of fs holding one gate's release, directly or in a literal
// made in fs (see above).
func (m *model) varReleases(fs *funcState, c *ssa.CallCommon, pos, end token.Pos) []effect {
	var vars []*ssa.Alloc
	switch v := c.Value.(type) {
	case *ssa.UnOp:
		if a, ok := v.X.(*ssa.Alloc); ok && v.Op == token.MUL && a.Parent() == fs.fn {
			vars = append(vars, a)
		}
		if fa, ok := v.X.(*ssa.FieldAddr); ok && v.Op == token.MUL {
			if g, ok := m.fieldRelease(fs, fa); ok {
				return []effect{{op: known.Release, gate: g, via: true, late: true, pos: pos, end: end, what: naming.FieldOf(fa).Name() + "()"}}
			}
		}
	case *ssa.MakeClosure:
		lit, ok := v.Fn.(*ssa.Function)
		if !ok || lit.Parent() != fs.fn {
			break
		}
		for _, b := range lit.Blocks {
			for _, instr := range b.Instrs {
				call, ok := instr.(*ssa.Call)
				if !ok || !cfg.OnEveryReturn(b) {
					continue // a release on some paths only (if err != nil { unlock() })
				}
				if load, ok := call.Call.Value.(*ssa.UnOp); ok && load.Op == token.MUL {
					if fv, ok := load.X.(*ssa.FreeVar); ok {
						if a, ok := naming.Bound(fv).(*ssa.Alloc); ok && a.Parent() == fs.fn {
							vars = append(vars, a)
						}
					}
				}
			}
		}
	}
	var out []effect
	for _, a := range vars {
		if g, ok := m.heldRelease(fs, a); ok {
			out = append(out, effect{op: known.Release, gate: g, via: true, late: true, pos: pos, end: end, what: a.Comment + "()"})
		}
	}
	return out
}

// heldRelease returns the gate whose release every store of fs into
// variable a puts there (nil stores aside: calling nil panics).
func (m *model) heldRelease(fs *funcState, a *ssa.Alloc) (GateOp, bool) {
	var g GateOp
	found := false
	for _, ref := range *a.Referrers() {
		switch ref := ref.(type) {
		case *ssa.UnOp, *ssa.DebugRef:
		case *ssa.MakeClosure:
			if !onlyLoaded(ref, a) {
				return GateOp{}, false
			}
		case *ssa.Store:
			if ref.Addr != a {
				return GateOp{}, false
			}
			if k, ok := ref.Val.(*ssa.Const); ok && k.IsNil() {
				continue
			}
			h, ok := m.releaseValue(fs, ref.Val)
			if !ok || found && h.Gate.Key() != g.Gate.Key() {
				return GateOp{}, false
			}
			g, found = h, true
		default:
			return GateOp{}, false
		}
	}
	return g, found
}

// onlyLoaded reports whether the literal mc makes only loads variable a,
// which it captures.
func onlyLoaded(mc *ssa.MakeClosure, a *ssa.Alloc) bool {
	lit, ok := mc.Fn.(*ssa.Function)
	if !ok {
		return false
	}
	for i, b := range mc.Bindings {
		if b != a {
			continue
		}
		for _, ref := range *lit.FreeVars[i].Referrers() {
			if load, ok := ref.(*ssa.UnOp); !ok || load.Op != token.MUL {
				return false
			}
		}
	}
	return true
}

// releaseValue returns the gate v releases when called, in fs's terms:
// v is a gate's release as a method value (m.mu.Unlock), or the result
// of a call of a function of the package that returns one on every path.
func (m *model) releaseValue(fs *funcState, v ssa.Value) (GateOp, bool) {
	v = naming.Unconverted(v)
	index := 0
	if ex, ok := v.(*ssa.Extract); ok {
		v, index = ex.Tuple, ex.Index
	}
	call, ok := v.(*ssa.Call)
	if !ok {
		return m.boundRelease(fs.refs, v)
	}
	cal, ok := naming.Resolve(&call.Call)
	if !ok || cal.Fn.Pkg != m.ssaPkg || index >= cal.Fn.Signature.Results().Len() {
		return GateOp{}, false
	}
	var g GateOp
	found := false
	for _, b := range cal.Fn.Blocks {
		if len(b.Instrs) == 0 {
			continue
		}
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok {
			continue
		}
		inner, ok := m.boundRelease(m.namer(cal.Fn), naming.Origin(ret.Results[index]))
		if !ok {
			return GateOp{}, false
		}
		if inner.Gate, ok = fs.refs.Translate(inner.Gate, cal); !ok || found && inner.Gate.Key() != g.Gate.Key() {
			return GateOp{}, false
		}
		g, found = inner, true
	}
	return g, found
}

// boundRelease returns the gate v releases when v is a gate's release as
// a method value, named by refs.
func (m *model) boundRelease(refs *naming.Namer, v ssa.Value) (GateOp, bool) {
	mc, ok := naming.Unconverted(v).(*ssa.MakeClosure)
	if !ok {
		return GateOp{}, false
	}
	cal, ok := naming.Target(mc)
	if !ok || len(cal.Args) != 1 {
		return GateOp{}, false
	}
	obj, ok := cal.Fn.Object().(*types.Func)
	if !ok {
		return GateOp{}, false
	}
	kind, meth, ok := known.MethodOf(obj, m.isGateType)
	if !ok || meth.Op != known.Release {
		return GateOp{}, false
	}
	ref, ok := refs.Of(cal.Args[0])
	if !ok {
		return GateOp{}, false
	}
	return GateOp{Gate: ref, Kind: kind, Mode: meth.Mode}, true
}

// A fieldRel is what calling a func field releases: the gate at path
// from the object that holds the field, or nothing known.
type fieldRel struct {
	path []string
	kind known.Kind
	mode known.Mode
	ok   bool
}

// fieldRelease returns the gate that calling the func field fa
// addresses releases, in fs's terms (see above).
func (m *model) fieldRelease(fs *funcState, fa *ssa.FieldAddr) (GateOp, bool) {
	f := naming.FieldOf(fa)
	if f == nil {
		return GateOp{}, false
	}
	rel, done := m.fieldRels[f]
	if !done {
		rel = m.findFieldRelease(f)
		m.fieldRels[f] = rel
	}
	if !rel.ok {
		return GateOp{}, false
	}
	base, ok := fs.refs.Of(fa.X)
	if !ok {
		return GateOp{}, false
	}
	return GateOp{Gate: base.With(rel.path...), Kind: rel.kind, Mode: rel.mode}, true
}

// findFieldRelease reads the package's stores into func field f.
func (m *model) findFieldRelease(f *types.Var) fieldRel {
	var rel fieldRel
	ok := m.storesInto(f, func(fn *ssa.Function, fa *ssa.FieldAddr, st *ssa.Store) bool {
		if k, ok := st.Val.(*ssa.Const); ok && k.IsNil() {
			return true
		}
		refs := m.namer(fn)
		g, ok := m.boundRelease(refs, st.Val)
		base, okBase := refs.Of(fa.X)
		if !ok || !okBase || !extends(g.Gate, base) {
			return false
		}
		path := g.Gate.Path[len(base.Path):]
		if rel.ok && (!slices.Equal(rel.path, path) || rel.kind != g.Kind) {
			return false
		}
		rel = fieldRel{path: path, kind: g.Kind, mode: g.Mode, ok: true}
		return true
	})
	if !ok {
		return fieldRel{}
	}
	return rel
}

// storesInto calls visit for each store of the package's functions into
// field f, with the function and the field's address, until visit
// returns false; it reports whether every visit returned true. A store
// of a whole struct that holds f (*q2 = *q, which gives q2 q's Cond and
// q's releases) is no store visit can judge: storesInto returns false.
func (m *model) storesInto(f *types.Var, visit func(fn *ssa.Function, fa *ssa.FieldAddr, st *ssa.Store) bool) bool {
	for _, fn := range m.srcFuncs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				st, ok := instr.(*ssa.Store)
				if !ok {
					continue
				}
				if s, ok := st.Val.Type().Underlying().(*types.Struct); ok && naming.Declares(s, f) {
					return false
				}
				if fa, ok := st.Addr.(*ssa.FieldAddr); ok && naming.FieldOf(fa) == f && !visit(fn, fa, st) {
					return false
				}
			}
		}
	}
	return true
}

// extends reports whether ref is base or a path on from it.
func extends(ref, base naming.Ref) bool {
	return ref.SameRoot(base) && len(ref.Path) >= len(base.Path) && slices.Equal(ref.Path[:len(base.Path)], base.Path)
}

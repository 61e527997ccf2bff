package values

import (
	"go/constant"
	"go/token"
	"maps"

	"golang.org/x/tools/go/ssa"
)

// Paths holds what a package's values decide about its branches.
type Paths struct {
	params  settled
	fields  *invariants
	results *nilResults
	made    *Made // its fields cleared with a flag
	globals globals
	elems   *elemTypes
}

// Of reads the settled parameters, field invariants and nil results of
// the package whose source functions (closures included) are funcs;
// impls resolves its interface calls; made is FindMade's answer for the
// package, whose fields cleared with a flag decide branches too.
func Of(pkg *ssa.Package, funcs []*ssa.Function, impls Implementations, made *Made) *Paths {
	params := settledParams(funcs, impls)
	return &Paths{params: params, fields: fieldInvariants(pkg, funcs, params), results: findNilResults(funcs, impls), made: made, globals: settledGlobals(pkg, funcs), elems: findElemTypes(funcs)}
}

// Settled returns the constant every call passes for bool parameter
// param, if there is one.
func (p *Paths) Settled(param *ssa.Parameter) (val, ok bool) {
	if p == nil {
		return false, false
	}
	return p.params.flag(param)
}

// Settle returns p with bool parameter param settled to val as well:
// the paths of a call that passes val.
func (p *Paths) Settle(param *ssa.Parameter, val bool) *Paths {
	q := &Paths{params: make(settled)}
	if p != nil {
		maps.Copy(q.params, p.params)
		q.fields, q.results, q.made, q.globals, q.elems = p.fields, p.results, p.made, p.globals, p.elems
	}
	q.params[param] = []constant.Value{constant.MakeBool(val)}
	return q
}

// Follow says whether control can pass from block from to its
// successor to: not the branch of an If that a settled parameter, a
// field invariant, a nil or constant result, a comparison of two
// constants, a field cleared with a flag, a variable settled under
// the build or a list field's element type rules out.
func (p *Paths) Follow(from, to *ssa.BasicBlock) bool {
	if p == nil {
		return true
	}
	ifi, ok := from.Instrs[len(from.Instrs)-1].(*ssa.If)
	if !ok || from.Succs[0] == from.Succs[1] {
		return true
	}
	onTrue := to == from.Succs[0]
	cond, negated := ifi.Cond, false
	if u, ok := cond.(*ssa.UnOp); ok && u.Op == token.NOT {
		cond, negated = u.X, true
	}
	val, decided := p.fields.decides(cond)
	if !decided {
		val, decided = p.globals.decides(from, cond)
	}
	if !decided {
		val, decided = p.elems.decides(cond)
	}
	switch c := cond.(type) {
	case *ssa.Parameter:
		val, decided = p.params.flag(c)
	case *ssa.BinOp:
		if !decided {
			val, decided = p.params.decides(from, c)
		}
		if !decided {
			val, decided = foldConsts(c)
		}
		if !decided {
			val, decided = p.results.decides(c)
		}
		if !decided {
			val, decided = p.results.constDecides(c)
		}
		if !decided {
			val, decided = p.made.clearedNil(from, c)
		}
	}
	return !decided || onTrue == (val != negated)
}

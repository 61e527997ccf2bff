package instancegate

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/cfg"
	"github.com/gatevet/gatevet/internal/gate"
	"github.com/gatevet/gatevet/internal/known"
	"github.com/gatevet/gatevet/internal/naming"
	"github.com/gatevet/gatevet/internal/resource"
)

// scanned is what the package's code does with struct fields and
// allocations, for the fields and types the candidates name.
type scanned struct {
	stores map[*types.Var][]store
	allocs map[*types.Named][]*ssa.Alloc
}

type store struct {
	fresh bool // a new gate; otherwise a shared or given one
	pos   token.Pos
}

// scan reads every store to a field and every allocation of a named
// struct in the package, package initialisers included.
func scan(res *gate.Result) *scanned {
	sc := &scanned{stores: make(map[*types.Var][]store), allocs: make(map[*types.Named][]*ssa.Alloc)}
	var funcs []*ssa.Function
	for _, fi := range res.Funcs {
		funcs = append(funcs, fi.Fn)
	}
	if len(funcs) > 0 {
		if init := funcs[0].Pkg.Func("init"); init != nil {
			funcs = append(funcs, init)
		}
	}
	for _, fn := range funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				switch in := instr.(type) {
				case *ssa.Store:
					if fa, ok := in.Addr.(*ssa.FieldAddr); ok {
						if f := naming.FieldOf(fa); f != nil {
							sc.stores[f] = append(sc.stores[f], store{fresh: freshGate(in.Val), pos: in.Pos()})
						}
					}
				case *ssa.Alloc:
					if n, ok := types.Unalias(known.PointerElem(in.Type())).(*types.Named); ok {
						n = n.Origin()
						sc.allocs[n] = append(sc.allocs[n], in)
					}
				}
			}
		}
	}
	return sc
}

// freshGate reports whether v is a gate made on the spot.
func freshGate(v ssa.Value) bool {
	switch v := v.(type) {
	case *ssa.MakeChan, *ssa.Alloc:
		return true
	case *ssa.MakeInterface:
		return freshGate(v.X) // a sync.Locker field given &sync.Mutex{}
	case *ssa.Call:
		_, ok := known.NewWeighted(v)
		return ok
	}
	return false
}

// freshGates reports where instances of c's struct get a gate of their
// own, and whether they always do: a field that is ever bound to another
// gate (a package-level one, or one given by the caller) is not reported.
func (sc *scanned) freshGates(c candidate) (token.Pos, bool) {
	if _, isStruct := c.field.Type().Underlying().(*types.Struct); isStruct {
		// A mutex held by value: every instance has its own.
		allocs := sc.allocs[c.owner.Origin()]
		if len(allocs) == 0 {
			return token.NoPos, false
		}
		return allocs[0].Pos(), true
	}
	stores := sc.stores[c.field.Origin()]
	for _, s := range stores {
		if !s.fresh {
			return token.NoPos, false
		}
	}
	if len(stores) == 0 {
		return token.NoPos, false
	}
	return stores[0].pos, true
}

// instances estimates how many instances of t the package can make, up
// to 2: an allocation in a loop, in an entry (exported, escaping or
// uncalled), or in a function called twice counts as many; one in an
// initialiser or in a function called once counts as its caller does.
// An allocation made only to be put in one package-level variable (a
// singleton a reset replaces) counts as one, wherever it is: the
// variable holds one instance at a time.
func (sc *scanned) instances(res *gate.Result, rs *resource.Result, t *types.Named) int {
	n := 0
	for _, a := range sc.allocs[t.Origin()] {
		if singleton(a) {
			n++
			continue
		}
		n += weight(res, rs, a.Parent(), a.Block(), 0)
	}
	return n
}

// singleton reports whether the object a makes goes nowhere but into
// one package-level variable (itself, or in an interface), its fields
// set on the way.
func singleton(a *ssa.Alloc) bool {
	if !a.Heap {
		return false
	}
	stored := 0
	for _, r := range *a.Referrers() {
		switch r := r.(type) {
		case *ssa.FieldAddr:
			if !naming.StoredOrLoaded(r, fillsOnly) {
				return false
			}
		case *ssa.Store:
			if _, global := r.Addr.(*ssa.Global); !global || r.Val != a {
				return false
			}
			stored++
		case *ssa.MakeInterface:
			refs := *r.Referrers()
			if len(refs) != 1 {
				return false
			}
			st, ok := refs[0].(*ssa.Store)
			if !ok || st.Val != r {
				return false
			}
			if _, global := st.Addr.(*ssa.Global); !global {
				return false
			}
			stored++
		case *ssa.DebugRef:
		default:
			return false
		}
	}
	return stored == 1
}

// fillsOnly reports whether a load of a field is used only to fill what
// it holds (vars.m[k] = v).
func fillsOnly(load *ssa.UnOp) bool {
	for _, u := range *load.Referrers() {
		if _, ok := u.(*ssa.MapUpdate); !ok {
			return false
		}
	}
	return true
}

const maxDepth = 8

func weight(res *gate.Result, rs *resource.Result, fn *ssa.Function, b *ssa.BasicBlock, depth int) int {
	if cfg.OnCycle(b) {
		return 2
	}
	if fn.Synthetic == "package initializer" {
		return 1
	}
	fn = naming.Outermost(fn)
	if fn.Name() == "main" && fn.Pkg.Pkg.Name() == "main" {
		return 1 // runs once
	}
	sites := res.CallSites(fn)
	if rs.Entry(fn) || len(sites) >= 2 || depth >= maxDepth {
		return 2
	}
	if len(sites) == 0 {
		return 1
	}
	return weight(res, rs, sites[0].Parent(), sites[0].Block(), depth+1)
}

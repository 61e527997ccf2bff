package values

import (
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// Closing fields. A field that every construction of its type in the
// package sets to something other than nil, and that every other store
// sets to something other than nil too, except the stores of nil into
// objects already built (db.mem = nil in Close), is nil on a built
// object only after one of those stores has run: a test of it against
// nil has its nil branch only on an object some closing store has
// seen. What that implies is the gate model's to judge (a Close that
// clears the field holding the write lock and keeps it for good rules
// out a return holding it on that branch of another function). Unlike
// the field invariants, the type may be exported: a zero value another
// package makes without the constructor (&pkg.DB{}) is a misuse of the
// type the constructor is there to prevent.

// Closing holds the package's closing fields.
type Closing struct {
	stores map[*types.Var][]*ssa.Store
	early  map[*ssa.Function]bool
}

// FindClosing returns the closing fields of the package whose source
// functions (closures included) are funcs; nil when there are none.
func FindClosing(pkg *ssa.Package, funcs []*ssa.Function) *Closing {
	f, work := scanFields(pkg, funcs, true, nil)
	if f == nil {
		return nil
	}
	c := &Closing{stores: make(map[*types.Var][]*ssa.Store)}
	for v, sts := range f.closing {
		tn := f.owner[v]
		if _, basic := f.consts[v]; basic || f.bad[v] || !f.allocated[tn] || f.zeroed[tn] || f.unset[v] {
			continue
		}
		c.stores[v] = sts
	}
	if len(c.stores) == 0 {
		return nil
	}
	c.early = earlyFuncs(pkg, work)
	return c
}

// Stores returns the stores of nil that close field v, when v is a
// closing field whose test in fn is decided by them: fn does not see
// objects still being built.
func (c *Closing) Stores(v *types.Var, fn *ssa.Function) []*ssa.Store {
	if c == nil || c.early[fn] {
		return nil
	}
	return c.stores[v]
}

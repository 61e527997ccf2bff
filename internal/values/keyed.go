package values

import (
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/naming"
)

// Keyed maps. A map field into which the package files every object
// under one of the object's own fields (c.subs[sub.sid] = sub, and
// nothing else) is an index of its values by that field: a lookup by
// the same field of an object of the element type, s := c.subs[x.sid],
// yields x itself or nothing. So s.mu.Lock() locks x.mu, and what the
// code then does to x is done holding x's lock. The package decides it
// for an unexported map field of one of its struct types, keyed by an
// unexported field of the element's struct type (so no other package
// inserts into the map or rewrites the key), when every insertion
// anywhere in the package has that form with the one key field, and
// the field's maps go nowhere but to lookups, insertions, ranges,
// deletes, len and copies: a map handed elsewhere could be filled
// otherwise. Tests do not count: they may file a fixture under any key,
// and their own uses are not reported.

// Keyed are a package's keyed maps: a map field, and the field of its
// element that keys it.
type Keyed map[*types.Var]*types.Var

// Key returns the field of the map's element that keys the map field m,
// or nil when m is not a keyed map.
func (k Keyed) Key(m *types.Var) *types.Var {
	if k == nil {
		return nil
	}
	return k[m]
}

// FindKeyed returns the keyed maps of the package whose source
// functions (closures included) are funcs; nil when there are none.
func FindKeyed(pkg *ssa.Package, funcs []*ssa.Function) Keyed {
	if pkg == nil {
		return nil
	}
	keys := make(map[*types.Var]*types.Var)
	bad := make(map[*types.Var]bool)
	for _, fn := range funcs {
		if strings.HasSuffix(pkg.Prog.Fset.Position(fn.Pos()).Filename, "_test.go") {
			continue // a test files its fixtures under any key
		}
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				fa, ok := instr.(*ssa.FieldAddr)
				if !ok {
					continue
				}
				m := naming.FieldOf(fa)
				if m == nil || bad[m] || m.Exported() || m.Pkg() != pkg.Pkg {
					continue
				}
				mt, ok := m.Type().Underlying().(*types.Map)
				if !ok {
					continue
				}
				if !keyedUses(fa, mt, pkg.Pkg, func(k *types.Var) {
					if keys[m] != nil && keys[m] != k {
						bad[m] = true
					}
					keys[m] = k
				}) {
					bad[m] = true
				}
			}
		}
	}
	out := make(Keyed)
	owners := fieldOwners(pkg.Pkg)
	for m, k := range keys {
		if !bad[m] && owners[m] != nil {
			out[m] = k
		}
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

// keyedUses reports whether the map field at fa is only loaded and
// used as a keyed map, or set to a map so used (or nil), calling key
// with the key field of each insertion.
func keyedUses(fa *ssa.FieldAddr, mt *types.Map, pkg *types.Package, key func(*types.Var)) bool {
	for _, ref := range *fa.Referrers() {
		switch r := ref.(type) {
		case *ssa.UnOp:
			if r.Op != token.MUL || !mapOnlyKeyed(r, mt, pkg, key) {
				return false
			}
		case *ssa.Store:
			if r.Addr != fa {
				return false
			}
			switch v := r.Val.(type) {
			case *ssa.Const:
				if !v.IsNil() {
					return false
				}
			case *ssa.MakeMap:
				if !mapOnlyKeyed(v, mt, pkg, key) {
					return false
				}
			default:
				return false
			}
		case *ssa.DebugRef:
		default:
			return false
		}
	}
	return true
}

// mapOnlyKeyed reports whether map value v goes only to lookups,
// ranges, delete, len, clear and insertions of an object under its own
// key field, calling key with that field.
func mapOnlyKeyed(v ssa.Value, mt *types.Map, pkg *types.Package, key func(*types.Var)) bool {
	for _, ref := range *v.Referrers() {
		switch r := ref.(type) {
		case *ssa.Lookup, *ssa.Range, *ssa.DebugRef:
		case *ssa.Store:
			// The field's own store of a fresh map.
			if r.Val != v {
				return false
			}
			if fa, ok := r.Addr.(*ssa.FieldAddr); !ok || naming.FieldOf(fa) == nil {
				return false
			}
		case *ssa.MapUpdate:
			if r.Map != v {
				return false
			}
			k := ownKey(r.Key, r.Value, mt, pkg)
			if k == nil {
				return false
			}
			key(k)
		case *ssa.Call:
			if !readsMap(r.Common(), v) {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// readsMap reports whether the call only reads map v or removes from
// it: delete, len, clear, or a function of package maps that copies or
// lists it (maps.Clone(m), maps.Copy(dst, m)).
func readsMap(c *ssa.CallCommon, v ssa.Value) bool {
	switch f := c.Value.(type) {
	case *ssa.Builtin:
		switch f.Name() {
		case "delete", "len", "clear":
			return true
		}
	case *ssa.Function:
		obj := f.Object()
		if obj == nil || obj.Pkg() == nil || obj.Pkg().Path() != "maps" {
			return false
		}
		switch obj.Name() {
		case "Clone", "Keys", "Values", "All":
			return true
		case "Copy":
			return len(c.Args) == 2 && c.Args[0] != v
		}
	}
	return false
}

// ownKey returns the field f of val that key is (key = val.f, or
// val.f = key beside the insertion), when the map's element is a
// pointer to a struct of the package and f is an unexported field of
// it.
func ownKey(key, val ssa.Value, mt *types.Map, pkg *types.Package) *types.Var {
	if _, ok := mt.Elem().Underlying().(*types.Pointer); !ok {
		return nil
	}
	ok := func(obj ssa.Value, f *types.Var) bool {
		return f != nil && !f.Exported() && f.Pkg() == pkg && sameValue(obj, val)
	}
	if obj, f := loadedField(key); ok(obj, f) {
		return f
	}
	refs := key.Referrers()
	if refs == nil {
		return nil // a constant key
	}
	for _, ref := range *refs {
		st, isStore := ref.(*ssa.Store)
		if !isStore || st.Val != key {
			continue
		}
		if fa, isField := st.Addr.(*ssa.FieldAddr); isField && ok(fa.X, naming.FieldOf(fa)) {
			return naming.FieldOf(fa)
		}
	}
	return nil
}

// sameValue reports whether a and b are one value, seeing through a
// variable stored once (a parameter a closure captures).
func sameValue(a, b ssa.Value) bool {
	return a == b || stripSole(a) == stripSole(b)
}

func stripSole(v ssa.Value) ssa.Value {
	if load, ok := v.(*ssa.UnOp); ok && load.Op == token.MUL {
		if a, ok := load.X.(*ssa.Alloc); ok {
			if stored := naming.SoleStore(a); stored != nil {
				return stored
			}
		}
	}
	return v
}

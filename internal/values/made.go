package values

import (
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/naming"
)

// Made fields. A field an object gets when it is made and never after
// (return &encoder{conn: c}, in newEncoder(c)) is, for as long as the
// object lives, the argument its constructor was given: the lock
// newEncoder(c).conn.mu is c.mu, so an acquire inside newEncoder and
// the release in the encoder's end method, deferred by the caller, are
// one gate. The package decides it for an unexported field of one of
// its struct types when every store to the field, anywhere in the
// package, is the one store into an object being allocated, its address
// is used only to load or store it, and no struct value of the type is
// stored as a whole (which would set the field from elsewhere), nor can
// another package store one (the type is unexported, or holds a lock,
// which copylocks guards; a composite literal that SSA builds apart and
// copies whole into the variable made for it, hs := state{c: c}, is the
// making of that variable, not a copy: literalCopy). The constructor is a function of the package
// every return of which returns that allocation, whose field it sets
// from a parameter. The object a constructor has just returned has that
// argument in the field, in the package's own code, also when the type
// is exported and another package could copy a whole value over one
// (db.Editor().db is db), or the field is exported and another package
// could set it (cache.Acquire().Cache is cache, for an instance that
// embeds the cache it locked): only the field's being fixed for the
// object's life needs those closed.
//
// Assigned fields. A field the package sets to something other than
// nil only on objects the storing function allocates, and otherwise
// only clears (cmd.enc = c.beginCommand(…) in idle, and cmd.enc = nil
// in Close), holds, at a load that the one such store into the same
// object dominates, either that store's value or nil: no other
// function can set it on that object, another goroutine can only clear
// it, and nothing is done through a nil pointer but panic. So
// cmd.enc.end(), after the store, ends the encoder beginCommand made,
// also once cmd has escaped to the reader (Assigned).

// Made holds the package's fields set only as their objects are made
// (Fixed), and the constructors that set them from a parameter.
type Made struct {
	params   map[*ssa.Function]map[*types.Var]Source
	fixed    map[*types.Var]bool
	assigned map[*types.Var]bool
	cleared  map[*types.Var][]*types.Var // see cleared.go
}

// A Source is what a constructor sets a made field from: its parameter
// Param, or what Path reaches from it (naming's steps: field names and
// loads), as a handle gets the lock it will unlock from its maker's
// receiver (&closer{m: s.in.Locker}: Path is in, Locker, *).
type Source struct {
	Param int
	Path  []string
}

// Param returns what the field of the object fn returns is set from,
// when fn is such a constructor.
func (m *Made) Param(fn *ssa.Function, field *types.Var) (Source, bool) {
	src, ok := m.params[fn][field]
	return src, ok
}

// Fixed reports whether field is set only as its object is made, and
// never after: a mode chosen at construction (s.cluster, s.readOnly).
func (m *Made) Fixed(field *types.Var) bool { return m != nil && m.fixed[field] }

// Assigned reports whether every store of the package that sets field
// to something other than nil stores into an object its function
// allocates, and only the package can set it.
func (m *Made) Assigned(field *types.Var) bool { return m != nil && m.assigned[field] }

// FindMade returns the made and fixed fields of the package whose
// source functions (closures included) are funcs; nil when there are
// none.
func FindMade(pkg *ssa.Package, funcs []*ssa.Function) *Made {
	if pkg == nil {
		return nil
	}
	bad := make(map[*types.Var]bool)
	wholes := make(map[*types.Named]bool) // struct types stored as a whole
	type site struct {
		fn    *ssa.Function
		field *types.Var
		src   Source
	}
	var sites []site
	seen := make(map[*types.Var]bool)      // fields some store sets
	escaped := make(map[*types.Var]bool)   // fields whose address is used but to load or store
	elsewhere := make(map[*types.Var]bool) // fields set to non-nil in an object not just allocated
	var flags flagStores
	for _, fn := range funcs {
		made := returnedAlloc(fn)
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if st, ok := instr.(*ssa.Store); ok && !literalCopy(st) {
					if n, ok := types.Unalias(st.Val.Type()).(*types.Named); ok {
						if _, isStruct := n.Underlying().(*types.Struct); isStruct {
							wholes[n] = true
						}
					}
				}
				fa, ok := instr.(*ssa.FieldAddr)
				if !ok {
					continue
				}
				f := naming.FieldOf(fa)
				if f == nil || f.Pkg() != pkg.Pkg {
					continue
				}
				sts := stores(fa)
				direct := naming.StoredOrLoaded(fa, nil)
				escaped[f] = escaped[f] || !direct
				if len(sts) == 0 {
					bad[f] = bad[f] || !direct
					continue
				}
				seen[f] = true
				alloc, fresh := fa.X.(*ssa.Alloc)
				flags.note(f, fresh, sts)
				for _, st := range sts {
					if k, isConst := st.Val.(*ssa.Const); !fresh && (!isConst || !k.IsNil()) {
						elsewhere[f] = true
					}
				}
				if !fresh || !direct || len(backStores(fa.X, f)) != 1 {
					bad[f] = true
					continue
				}
				if p, path, isParam := paramPath(sts[0].Val); isParam && alloc == made {
					for i, q := range fn.Params {
						if q == p {
							sites = append(sites, site{fn, f, Source{Param: i, Path: path}})
						}
					}
				}
			}
		}
	}
	// owned reports whether only the package's stores into f set it.
	owners := fieldOwners(pkg.Pkg)
	owned := func(f *types.Var) bool {
		owner := owners[f]
		return !f.Exported() && owner != nil && !wholes[owner] && closed(owner) && owner.TypeParams().Len() == 0
	}
	out := &Made{params: make(map[*ssa.Function]map[*types.Var]Source), fixed: make(map[*types.Var]bool),
		assigned: make(map[*types.Var]bool)}
	for f := range seen {
		if !bad[f] && owned(f) {
			out.fixed[f] = true
		}
		if !elsewhere[f] && !escaped[f] && owned(f) {
			out.assigned[f] = true
		}
	}
	out.cleared = flags.cleared(func(f *types.Var) bool { return !escaped[f] && owned(f) }, out.assigned)
	for _, s := range sites {
		// Naming a constructor's result by its argument needs less than
		// a fixed field: a copy another package may make of an exported
		// type's whole value (*p = *q), or a store another package may
		// make into an exported field, does not reach the value a call
		// of the constructor has just returned in this package
		// (db.Editor().db is db; cache.Acquire().Cache, the instance
		// that embeds the cache it locked, is cache).
		owner := owners[s.field]
		if bad[s.field] || owner == nil || wholes[owner] || owner.TypeParams().Len() > 0 {
			continue
		}
		if out.params[s.fn] == nil {
			out.params[s.fn] = make(map[*types.Var]Source)
		}
		out.params[s.fn][s.field] = s.src
	}
	if len(out.fixed)+len(out.assigned)+len(out.cleared)+len(out.params) == 0 {
		return nil
	}
	return out
}

// literalCopy reports whether st copies a composite literal, built
// field by field in a place of its own, into a variable allocated for it
// (hs := state{c: c}: SSA builds the literal apart and stores it whole):
// the literal's field stores are the fields' stores, into an object
// being made, and the copy sets nothing from elsewhere.
func literalCopy(st *ssa.Store) bool {
	dest, ok := st.Addr.(*ssa.Alloc)
	if !ok || !storedOnlyBy(dest, st) {
		return false
	}
	load, ok := st.Val.(*ssa.UnOp)
	if !ok || load.Op != token.MUL {
		return false
	}
	lit, ok := load.X.(*ssa.Alloc)
	if !ok || lit.Heap {
		return false
	}
	for _, ref := range *lit.Referrers() {
		switch ref := ref.(type) {
		case *ssa.FieldAddr:
			for _, use := range *ref.Referrers() {
				if st, ok := use.(*ssa.Store); !ok || st.Addr != ref {
					return false
				}
			}
		case *ssa.UnOp:
			if ref != load {
				return false
			}
		case *ssa.DebugRef:
		default:
			return false
		}
	}
	return true
}

// storedOnlyBy reports whether st is the one store into the variable a,
// whole or into a field: the literal copied in is the variable's value
// for good (hs = again{…} a second time, or hs.c = b, sets it anew).
func storedOnlyBy(a *ssa.Alloc, st *ssa.Store) bool {
	for _, ref := range *a.Referrers() {
		switch ref := ref.(type) {
		case *ssa.Store:
			if ref != st && ref.Addr == a {
				return false
			}
		case *ssa.FieldAddr:
			if !naming.StoredOrLoaded(ref, nil) || len(stores(ref)) > 0 {
				return false
			}
		}
	}
	return true
}

// fieldOwners returns the named struct types of pkg's scope by the
// fields they declare: the owner of a field, looked up once per field
// rather than by a walk of the scope each time.
func fieldOwners(pkg *types.Package) map[*types.Var]*types.Named {
	owners := make(map[*types.Var]*types.Named)
	scope := pkg.Scope()
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok {
			continue
		}
		n, ok := tn.Type().(*types.Named)
		if !ok {
			continue
		}
		if st, ok := n.Underlying().(*types.Struct); ok {
			for g := range st.Fields() {
				if owners[g] == nil {
					owners[g] = n
				}
			}
		}
	}
	return owners
}

// paramOf returns the parameter v is, seeing through the variable a
// parameter captured by a closure is spilled to.
func paramOf(v ssa.Value) (*ssa.Parameter, bool) {
	p, ok := stripSole(v).(*ssa.Parameter)
	return p, ok
}

// paramPath returns the parameter v is, or that v is loaded from through
// fields of what it points to (s.in.Locker), with the path in naming's
// steps: in, Locker, * for the loaded interface.
func paramPath(v ssa.Value) (*ssa.Parameter, []string, bool) {
	var path []string
	for range 8 {
		if p, ok := paramOf(v); ok {
			slices.Reverse(path)
			return p, path, true
		}
		switch x := v.(type) {
		case *ssa.UnOp:
			if x.Op != token.MUL {
				return nil, nil, false
			}
			path, v = append(path, naming.Deref), x.X
		case *ssa.FieldAddr:
			f := naming.FieldOf(x)
			if f == nil {
				return nil, nil, false
			}
			path, v = append(path, f.Name()), x.X
		default:
			return nil, nil, false
		}
	}
	return nil, nil, false
}

package resource

import (
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/gate"
	"github.com/gatevet/gatevet/internal/known"
	"github.com/gatevet/gatevet/internal/naming"
)

// A Resource is what a touch uses, as passes group uses: a package-level
// variable (with everything reached through it, but for a pointer to a
// type of its package, whose fields are resources of their own, as an
// instance's are: see pointedState, and for a struct, whose fields are
// too: see heldState), a field of an instance
// (the first field after the last pointer on the ref's path: the state of
// the innermost instance; below a struct it holds by value, the field of
// that struct, a memory location of its own: ms.stats.reads), or a
// function annotated //gatevet:guardedby.
// The entries of a map held in a field are a resource of their own:
// m[k] = v and delete write them, not the field, and copying the
// field's map reference does not race with them. So are the elements
// of the slices a map's entries hold: m[k][i] = v, and copy, clear or
// append into an entry's slice write them; m[k] = s does not (a
// copy-on-write list hands readers a slice no one writes into).
type Resource struct {
	Key      string       // "g:pkg.name", or "pkg.T.f" for fields and methods; "pkg.T.f[]" for a map's entries
	Obj      types.Object // the variable, field or function
	Global   bool         // process-wide: rooted at a package-level variable
	Instance naming.Ref   // fields and methods: the instance they belong to (rooted at the variable for a pointer's fields)
	Entries  bool         // the entries of the map field Obj
	Elements bool         // the elements of the slices in the entries of the map field Obj
	// Within spells the struct fields held by value between Instance
	// and Obj ("stats" for ms.stats.reads), "" when Obj is the
	// instance's own field.
	Within string
}

// Of names the resource that ref r, in fi's terms, uses. ok is false
// when r is a local, reaches no named field or variable, or the types
// cannot be followed (type parameters).
func Of(fi *gate.FuncInfo, r naming.Ref) (res Resource, ok bool) {
	switch r.Root {
	case naming.Global:
		v, ok := globalResource(fi.Fn, r)
		if !ok {
			return Resource{}, false
		}
		if inner, ok := pointedState(r, v); ok {
			return inner, true
		}
		if inner, ok := heldState(r, v); ok {
			return inner, true
		}
		return v, true
	case naming.Local:
		return Resource{}, false
	}
	t := fi.RootType(r)
	if t == nil {
		return Resource{}, false
	}
	return instanceResource(t, r)
}

// instanceResource names the field of an instance that r, whose root
// has type t, uses: down through structs held by value, each field its
// own resource (pkg.T.stats.reads).
func instanceResource(t types.Type, r naming.Ref) (res Resource, ok bool) {
	// inst is where the instance's path ends: a struct embedded by value
	// is part of its owner's instance, so its fields are the owner's,
	// one resource each.
	inst := 0
	within := false // res is a field of a struct field's value
	instance := func(n int) naming.Ref {
		return naming.Ref{Root: r.Root, Pkg: r.Pkg, Index: r.Index, Name: r.Name, Path: r.Path[:n]}
	}
	for s := range r.Steps(t) {
		switch {
		case s.To == nil, s.Hidden:
			// Not followed; or a field that code of its struct's
			// package could not select (unexported, of an unnamed
			// struct).
			return Resource{}, false
		case s.Obj == nil:
			// Only a pointer's target, or an element, is an instance of
			// its own.
			if r.Path[s.I] == naming.Deref && !s.Ptr {
				if m, isMap := s.From.Underlying().(*types.Map); isMap && res.Obj != nil {
					_, sliced := m.Elem().Underlying().(*types.Slice)
					switch {
					case s.I == len(r.Path)-1:
						res.Key, res.Entries = res.Key+"[]", true
						return res, true
					case s.I == len(r.Path)-2 && r.Path[s.I+1] == naming.Deref && sliced:
						res.Key, res.Elements = res.Key+"[][]", true
						return res, true
					}
				}
				return Resource{}, false
			}
			res.Obj = nil
		case isMethod(s.Obj):
			return Resource{Key: s.Key, Obj: s.Obj, Instance: instance(s.I)}, true
		default:
			switch {
			case s.Ptr || res.Obj == nil:
				inst, within = s.I, false
				fallthrough
			case embeddedStruct(res.Obj) && !within:
				res = Resource{Key: s.Key, Obj: s.Obj, Instance: instance(inst)}
			case structField(res.Obj) && res.Key != "":
				// A field of a struct held by value is a memory location
				// of its own: ms.stats.reads and ms.stats.writes are two
				// resources, whatever guards the one.
				path := res.Obj.Name()
				if res.Within != "" {
					path = res.Within + "." + path
				}
				res, within = Resource{Key: res.Key + "." + s.Obj.Name(), Obj: s.Obj, Instance: instance(inst), Within: path}, true
			}
		}
	}
	return res, res.Obj != nil && res.Key != ""
}

// structField reports whether obj is a field whose type is a struct.
func structField(obj types.Object) bool {
	f, ok := obj.(*types.Var)
	if !ok {
		return false
	}
	_, isStruct := f.Type().Underlying().(*types.Struct)
	return isStruct
}

func isMethod(obj types.Object) bool {
	_, ok := obj.(*types.Func)
	return ok
}

// globalResource names the package-level variable, or the annotated
// function (Name "f()"), at the root of r.
func globalResource(fn *ssa.Function, r naming.Ref) (Resource, bool) {
	obj := naming.LookupGlobal(fn, r)
	if obj == nil {
		return Resource{}, false
	}
	return Resource{Key: naming.GlobalKey(r.Pkg, r.Name), Obj: obj, Global: true}, true
}

// pointedState names the state of the object that a package-level
// pointer to a type of the variable's own package points to, reached by
// r: like an instance's, each field of it is a resource of its own,
// rooted at the variable (Instance) and still process-wide, so that
// fields guarded by different locks, or by none, are not one resource.
// Loading the pointer stays a read of the variable (see findUses): a
// swap of the pointer races with every use through it.
func pointedState(r naming.Ref, v Resource) (Resource, bool) {
	obj, isVar := v.Obj.(*types.Var)
	if !isVar || len(r.Path) < 2 || r.Path[0] != naming.Deref {
		return Resource{}, false
	}
	ptr, isPtr := obj.Type().Underlying().(*types.Pointer)
	if !isPtr {
		return Resource{}, false
	}
	if named, isNamed := types.Unalias(ptr.Elem()).(*types.Named); !isNamed || named.Obj().Pkg() != obj.Pkg() {
		return Resource{}, false
	}
	res, ok := instanceResource(obj.Type(), r)
	if !ok || isMethod(res.Obj) {
		return Resource{}, false
	}
	res.Key, res.Global = plainKey(res.Instance)+">"+res.Key, true
	return res, true
}

// heldState names the field of a package-level variable of struct type
// that r uses: a struct held by value is its fields, each a memory
// location of its own, rooted at the variable (Instance) and still
// process-wide, so that a field set once in init and then only read does
// not meet the writers of the struct's other fields. A write or copy of
// the whole variable stays a use of the variable, and is a use of each
// field too (see spread).
func heldState(r naming.Ref, v Resource) (Resource, bool) {
	obj, isVar := v.Obj.(*types.Var)
	if !isVar || len(r.Path) == 0 || r.Path[0] == naming.Deref || naming.IsElemStep(r.Path[0]) {
		return Resource{}, false
	}
	if _, isStruct := obj.Type().Underlying().(*types.Struct); !isStruct {
		return Resource{}, false
	}
	instance := naming.Ref{Root: r.Root, Pkg: r.Pkg, Name: r.Name}
	res, ok := instanceResource(obj.Type(), r)
	if _, named := types.Unalias(obj.Type()).(*types.Named); !named {
		// A struct type written in place names its fields by no type:
		// the first field is the resource, with what is reached
		// through it.
		f := known.Field(obj.Type(), r.Path[0])
		if f == nil {
			return Resource{}, false
		}
		res, ok = Resource{Key: r.Path[0], Obj: f, Instance: instance}, true
	}
	if !ok || isMethod(res.Obj) {
		return Resource{}, false
	}
	res.Key, res.Global = plainKey(instance)+">"+res.Key, true
	return res, true
}

// Var reports whether the resource is a package-level variable itself,
// rather than a field of what it points to.
func (res Resource) Var() bool { return res.Global && res.Instance.Root != naming.Global }

// Object names what the resource belongs to, for one report per object
// and function: the instance (in the function's terms) for a field,
// the variable for a field of what a package-level pointer points to,
// the resource itself otherwise.
func (res Resource) Object() string {
	if res.Var() || res.Instance.Root == 0 {
		return res.Key
	}
	return plainKey(res.Instance)
}

// Spell names the resource as code of package pkg spells it: the
// variable, or the instance and its field.
func (res Resource) Spell(pkg string) string {
	if res.Var() {
		return naming.Ref{Root: naming.Global, Pkg: res.Obj.Pkg().Path(), Name: res.Obj.Name()}.Spell(pkg)
	}
	if res.Within != "" {
		return res.Instance.Spell(pkg) + "." + res.Within + "." + res.Obj.Name()
	}
	return res.Instance.Spell(pkg) + "." + res.Obj.Name()
}

// embeddedStruct reports whether obj is a struct embedded by value, whose
// fields are promoted to its owner's.
func embeddedStruct(obj types.Object) bool {
	f, ok := obj.(*types.Var)
	if !ok || !f.Embedded() {
		return false
	}
	_, isStruct := f.Type().Underlying().(*types.Struct)
	return isStruct
}

// Owners returns the named types of package pkg whose values hold the
// resource's field: the struct that declares it, and those that embed
// that struct, or hold it by value, however deep. None for a variable.
func (res Resource) Owners(pkg *types.Package) []*types.TypeName {
	if res.Var() || res.Obj == nil {
		return nil
	}
	f, ok := res.Obj.(*types.Var)
	if !ok {
		return nil
	}
	var out []*types.TypeName
	scope := pkg.Scope()
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if ok && holdsField(tn.Type().Underlying(), f.Origin(), 0) {
			out = append(out, tn)
		}
	}
	return out
}

// holdsField reports whether a value of type t holds field f: one of
// its fields, or one of a struct it holds by value.
func holdsField(t types.Type, f *types.Var, depth int) bool {
	st, ok := t.(*types.Struct)
	if !ok || depth > 8 {
		return false
	}
	for v := range st.Fields() {
		if v.Origin() == f || holdsField(v.Type().Underlying(), f, depth+1) {
			return true
		}
	}
	return false
}

package resource

import (
	"go/token"
	"go/types"
	"sort"
	"strings"

	"github.com/gatevet/gatevet/internal/directive"
	"github.com/gatevet/gatevet/internal/gate"
	"github.com/gatevet/gatevet/internal/naming"
)

// GuardedBy is a resolved //gatevet:guardedby annotation: the gate to
// hold when using a field, a package-level variable or a function.
type GuardedBy struct {
	Spelled string
	Global  *naming.Ref // a package-level gate
	Sibling []string    // or a gate among the fields of the same instance
}

// GuardFact carries a GuardedBy to importing packages.
type GuardFact struct{ GuardedBy }

// AFact marks GuardFact as an analysis fact.
func (*GuardFact) AFact() {}

func (f *GuardFact) String() string { return "guardedby(" + f.Spelled + ")" }

// plainKey is a ref's key without its loads: an annotation names s.mu
// whether the field is a mutex or a pointer to one.
func plainKey(r naming.Ref) string {
	var path []string
	for _, s := range r.Path {
		if s != naming.Deref {
			path = append(path, s)
		}
	}
	r.Path = path
	return r.Key()
}

// resolveGuards resolves the package's //gatevet:guardedby annotations
// and exports them as facts.
func (r *Result) resolveGuards() map[types.Object]*GuardedBy {
	out := make(map[types.Object]*GuardedBy)
	owners := FieldOwners(r.pass.Pkg)
	for obj, ds := range r.gates.Directives.ByObject {
		for _, d := range ds {
			if d.Kind != directive.GuardedBy {
				continue
			}
			g, ok := r.resolveGuard(obj, owners[obj], d.Args[0])
			if !ok {
				r.Problems = append(r.Problems, directive.Problem{Pos: d.Pos,
					Message: "//gatevet:guardedby " + d.Args[0] + ": not a gate among the fields of the same value or the package-level variables"})
				continue
			}
			out[obj] = g
		}
	}
	objs := make([]types.Object, 0, len(out))
	for obj := range out {
		objs = append(objs, obj)
	}
	sort.Slice(objs, func(i, j int) bool { return objs[i].Pos() < objs[j].Pos() })
	for _, obj := range objs {
		r.pass.ExportObjectFact(obj, &GuardFact{*out[obj]})
	}
	return out
}

// resolveGuard resolves spelled for obj: a sibling field of a field's
// struct or a method's receiver (spelled recv.mu), else a package-level
// gate.
func (r *Result) resolveGuard(obj types.Object, owner types.Type, spelled string) (*GuardedBy, bool) {
	parts := strings.Split(spelled, ".")
	if fn, ok := obj.(*types.Func); ok {
		if recv := fn.Type().(*types.Signature).Recv(); recv != nil && len(parts) > 1 && parts[0] == recv.Name() {
			owner, parts = recv.Type(), parts[1:]
		}
	}
	if owner != nil && r.isSiblingGate(owner, parts) {
		return &GuardedBy{Spelled: spelled, Sibling: parts}, true
	}
	op, ok := r.gates.ResolveGate(spelled)
	if !ok || op.Gate.Root != naming.Global {
		return nil, false
	}
	return &GuardedBy{Spelled: spelled, Global: &op.Gate}, true
}

// isSiblingGate reports whether the field path leads from t to a gate.
func (r *Result) isSiblingGate(t types.Type, path []string) bool {
	for _, name := range path {
		if p, ok := t.Underlying().(*types.Pointer); ok {
			t = p.Elem()
		}
		f, _, _ := types.LookupFieldOrMethod(t, true, r.pass.Pkg, name)
		v, ok := f.(*types.Var)
		if !ok {
			return false
		}
		t = v.Type()
	}
	_, ok := r.gates.GateKind(t)
	return ok
}

// FieldOwners maps the fields of the package's named struct types to
// their types.
func FieldOwners(pkg *types.Package) map[types.Object]types.Type {
	out := make(map[types.Object]types.Type)
	scope := pkg.Scope()
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok {
			continue
		}
		if st, ok := tn.Type().Underlying().(*types.Struct); ok {
			for i := 0; i < st.NumFields(); i++ {
				out[st.Field(i)] = tn.Type()
			}
		}
	}
	return out
}

// guardedByOf returns the annotation guarding obj, from this package or a
// fact of obj's.
func (r *Result) guardedByOf(obj types.Object) *GuardedBy {
	if obj == nil {
		return nil
	}
	if g, ok := r.guards[obj]; ok {
		return g
	}
	if obj.Pkg() == nil || obj.Pkg() == r.pass.Pkg {
		return nil
	}
	var f GuardFact
	if r.pass.ImportObjectFact(obj, &f) {
		return &f.GuardedBy
	}
	return nil
}

// guardedCall is the use a call of an annotated function makes: of the
// function, through its receiver for methods.
func (r *Result) guardedCall(fi *gate.FuncInfo, cal naming.Callee, pos, end token.Pos) []rawTouch {
	obj, ok := cal.Fn.Object().(*types.Func)
	if cal.Fn.Origin() != nil {
		obj, ok = cal.Fn.Origin().Object().(*types.Func)
	}
	if !ok || r.guardedByOf(obj) == nil {
		return nil
	}
	var res naming.Ref
	if obj.Type().(*types.Signature).Recv() != nil {
		if len(cal.Args) == 0 {
			return nil
		}
		recv, ok := fi.Ref(cal.Args[0])
		if !ok {
			return nil
		}
		res = recv.With(obj.Name() + "()")
	} else {
		res = naming.Ref{Root: naming.Global, Pkg: obj.Pkg().Path(), Name: obj.Name() + "()"}
	}
	return []rawTouch{{res: res, write: true, pos: pos, end: end, what: naming.CalleeName(cal.Fn, r.pkgPath)}}
}

// GuardedBy returns the annotation guarding a resource, if any.
func (r *Result) GuardedBy(res Resource) *GuardedBy { return r.guardedByOf(res.Obj) }

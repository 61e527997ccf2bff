package gate

import (
	"go/types"
	"sync"

	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/naming"
	"github.com/gatevet/gatevet/internal/values"
)

// Modes of the objects a gate can be on. A lock class (client.mu,
// whatever the client) conflates the objects of its type; when the type
// is made with a mode it keeps (values.Origins: a connection's kind),
// the objects a function can lock are often of one mode only, and two
// lock orders whose locks of one class can never be on objects of the
// same mode never meet on one object. A lock a callee takes on some
// element of a container field (naming.Within: s.gw.out[?].mu) is on
// the objects the package puts in that field.

// originsOnce computes the package's origins on first use.
type originsOnce struct {
	once sync.Once
	o    *values.Origins
	mu   sync.Mutex
	// objects maps, per function, a gate's key to the value of the
	// object whose field the gate is (the X of a FieldAddr naming it).
	objects map[*ssa.Function]map[string]ssa.Value
}

// Modes returns the modes of the objects gate g, in fi's terms, can be
// on, when g is a field of an object of a moded type and the package's
// values tell them all. The modes are the production code's: a test
// makes objects of any mode to drive the code, and a function of a
// _test.go file gets none.
func (r *Result) Modes(fi *FuncInfo, g naming.Ref) ([]string, bool) {
	o := &r.origins
	o.once.Do(func() {
		if r.m.ssaPkg != nil {
			var prod []*ssa.Function
			for _, fn := range append(r.m.valueFuncs[:len(r.m.valueFuncs):len(r.m.valueFuncs)], r.m.genFuncs...) {
				if !testFunc(fn) {
					prod = append(prod, fn)
				}
			}
			made := r.m.made
			if len(prod) < len(r.m.valueFuncs)+len(r.m.genFuncs) {
				made = values.FindMade(r.m.ssaPkg, prod) // the fields production code fixes
			}
			o.o = values.FindOrigins(r.m.ssaPkg, prod, made, r.m.paths)
		}
		o.objects = make(map[*ssa.Function]map[string]ssa.Value)
	})
	if o.o == nil || r.InTest(fi) {
		return nil, false
	}
	if f, t, ok := elemLock(fi, g); ok {
		return o.o.FieldModes(f, t)
	}
	v := o.object(fi, g)
	// A lock in a struct embedded by value (s.mu.Mutex) is the outer
	// object's.
	for fa, ok := v.(*ssa.FieldAddr); ok && !o.o.Moded(v.Type()); fa, ok = v.(*ssa.FieldAddr) {
		v = fa.X
	}
	if v == nil || !o.o.Moded(v.Type()) {
		return nil, false
	}
	return o.o.Modes(v)
}

// elemLock returns, for g a lock of some element of a container field
// (s.gateway.in[?].mu, see naming.Within), that field and the element's
// type, when the lock lies in the element itself (through fields held
// by value only).
func elemLock(fi *FuncInfo, g naming.Ref) (*types.Var, types.Type, bool) {
	root := fi.RootType(g)
	if root == nil {
		return nil, nil, false
	}
	var field *types.Var
	var elem types.Type
	for s := range g.Steps(root) {
		step := g.Path[s.I]
		switch {
		case s.To == nil:
			return nil, nil, false
		case step == naming.AnyElem || step == naming.AnyKey:
			elem = s.To
		case elem != nil && step == naming.Deref:
			return nil, nil, false // the lock of another object the element points to
		case elem == nil:
			if f, ok := s.Obj.(*types.Var); ok && f.IsField() {
				field = f
			}
		}
	}
	return field, elem, field != nil && elem != nil
}

// object returns the value of the object whose field gate g is in fi:
// the object of an address of g that fi takes, or g's root when g is a
// field of it.
func (o *originsOnce) object(fi *FuncInfo, g naming.Ref) ssa.Value {
	o.mu.Lock()
	objs, ok := o.objects[fi.Fn]
	if !ok {
		objs = make(map[string]ssa.Value)
		for _, b := range fi.Fn.Blocks {
			for _, instr := range b.Instrs {
				if fa, isField := instr.(*ssa.FieldAddr); isField {
					if ref, named := fi.Ref(fa); named {
						objs[ref.Key()] = fa.X
					}
				}
			}
		}
		o.objects[fi.Fn] = objs
	}
	o.mu.Unlock()
	if v := objs[g.Key()]; v != nil {
		return v
	}
	if len(g.Path) == 0 || g.Path[0] == naming.Deref || naming.IsElemStep(g.Path[0]) {
		return nil
	}
	switch g.Root {
	case naming.Param:
		if g.Index < len(fi.Fn.Params) {
			return fi.Fn.Params[g.Index]
		}
	case naming.FreeVar:
		if g.Index < len(fi.Fn.FreeVars) {
			return fi.Fn.FreeVars[g.Index]
		}
	case naming.Local:
		return fi.LocalValue(g)
	}
	return nil
}
